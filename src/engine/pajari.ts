/**
 * Pajari and losses (12.3.1).
 *
 * - Pick-up: when an enemy unit enters the hex of a lone Finnish leader (by a move, an entry, an advance
 *   or a retreat: `occupyHexes`), he moves to the closest Finnish combat unit's hex; on a tie between
 *   several, the Finnish player picks one. Ruling: the pick-up is not optional (opposing units never
 *   share a hex, 6.0), and it happens when the entering move ends (his placement cannot change that move:
 *   alone he has no ZOC and leaders do not count for stacking). With no friendly combat unit on the map he
 *   is removed.
 * - Capture roll: after any batch of losses (a Combat's or Night Raid's losses, Ranged Attack steps, the
 *   Sub-Zero Loss Phase), a lone leader rolls one die if he was forced to retreat into an enemy ZOC alone
 *   (his last companion may have died there, taking the eZOC step), or if every unit of his hex was just
 *   eliminated out of supply. A 1 captures him; otherwise he is placed as for a pick-up.
 */
import type { Ctx } from './ctx.js';
import type { GameEvent, GameState } from './types.js';
import type { HexId } from './hex.js';
import { hexDistance } from './hex.js';
import { isCombatUnit, isLeader } from './units.js';
import { inEnemyZoc } from './zoc.js';
import { unitToChange } from './draft.js';

/** Nearest hexes holding a friendly combat unit of the leader's side. */
export function nearestFriendlyHexes(ctx: Ctx, state: GameState, leaderId: string, from: HexId): HexId[] {
  const leader = state.units[leaderId]!;
  let best = Infinity;
  let out: HexId[] = [];
  for (const u of Object.values(state.units)) {
    if (u.side !== leader.side || u.location !== 'map' || !u.hex || u.id === leaderId) continue;
    if (!isCombatUnit(ctx.counter(u.id))) continue;
    const d = hexDistance(from, u.hex);
    if (d < best) {
      best = d;
      out = [u.hex];
    } else if (d === best && !out.includes(u.hex)) out.push(u.hex);
  }
  return out.sort();
}

/** Is this leader on the map with no other unit of his side in his hex? */
function alone(state: GameState, leaderId: string): boolean {
  const l = state.units[leaderId]!;
  return (
    l.location === 'map' &&
    Object.values(state.units).every((o) => o.id === leaderId || o.side !== l.side || o.location !== 'map' || o.hex !== l.hex)
  );
}

/** Move a leader to the closest Finnish combat unit (12.3.1): at once, or a `placeLeader` decision on a tie. */
function placeWithNearest(ctx: Ctx, state: GameState, leaderId: string, events: GameEvent[]): void {
  const u = unitToChange(state, leaderId);
  const from = u.hex!;
  const options = nearestFriendlyHexes(ctx, state, leaderId, from);
  events.push({ type: 'leaderPickedUp', unit: leaderId, from, options, rule: '12.3.1' });
  if (options.length === 0) {
    u.location = 'eliminated';
    u.hex = null;
    events.push({ type: 'leaderRemoved', unit: leaderId, reason: 'no friendly combat unit on the map', rule: '12.3.1' });
  } else if (options.length === 1) {
    u.hex = options[0]!;
    events.push({ type: 'leaderPlaced', unit: leaderId, hex: u.hex, rule: '12.3.1' });
  } else {
    state.pending.push({ type: 'placeLeader', side: u.side, unit: leaderId, options, rule: '12.3.1' });
  }
}

/** After enemy units entered `path`: pick up any lone leader found there (12.3.1). */
export function pickUpLeaders(ctx: Ctx, state: GameState, moverSide: string, path: readonly HexId[], events: GameEvent[]): void {
  const entered = new Set(path);
  for (const u of Object.values(state.units)) {
    if (u.side === moverSide || u.location !== 'map' || !u.hex || !entered.has(u.hex)) continue;
    if (!isLeader(ctx.counter(u.id)) || !alone(state, u.id)) continue;
    placeWithNearest(ctx, state, u.id, events);
  }
}

/** A die for the capture roll, numbered like every roll (the caller's dice source). */
export type RollOneDie = (purpose: string, rule: string) => number;

/**
 * 12.3.1 after a batch of losses (`batch`: its `eliminated` and `retreated` events): every lone leader the
 * rule puts at risk rolls one die; a 1 captures him (permanently eliminated), otherwise he joins the closest
 * Finnish combat unit.
 */
export function leaderCaptureChecks(ctx: Ctx, state: GameState, batch: readonly GameEvent[], roll: RollOneDie, events: GameEvent[]): void {
  for (const l of Object.values(state.units)) {
    if (l.location !== 'map' || !l.hex || !isLeader(ctx.counter(l.id)) || !alone(state, l.id)) continue;
    let reason: string | null = null;
    const retreated = batch.some((e) => e.type === 'retreated' && e.unit === l.id);
    if (retreated && inEnemyZoc(state, ctx, l.hex, l.side)) reason = 'forced to retreat into an enemy ZOC alone';
    else {
      const here = batch.filter(
        (e): e is Extract<GameEvent, { type: 'eliminated' }> =>
          e.type === 'eliminated' && e.hex === l.hex && state.units[e.unit]?.side === l.side,
      );
      if (here.length > 0 && here.every((e) => !e.inSupply)) reason = 'every unit in his hex was eliminated out of supply';
    }
    if (!reason) continue;
    const die = roll(`Pajari: ${reason}`, '12.3.1');
    const captured = die === 1;
    events.push({ type: 'pajariCheck', unit: l.id, reason, roll: die, captured, rule: '12.3.1' });
    if (captured) {
      const w = unitToChange(state, l.id);
      w.location = 'eliminated';
      w.hex = null;
    } else placeWithNearest(ctx, state, l.id, events);
  }
}
