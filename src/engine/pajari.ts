/**
 * Pajari's pick-up (12.3.1): when an enemy unit enters the hex of a lone Finnish leader, he is moved to
 * the nearest friendly combat unit; if several are equally near, the Finnish player chooses.
 * Ruling: the pick-up is not optional (opposing units never share a hex, 6.0), and it happens when
 * the entering move ends (his placement cannot change that move: alone he has no ZOC and leaders do
 * not count for stacking). With no friendly combat unit on the map he is removed.
 */
import type { Ctx } from './ctx.js';
import type { GameEvent, GameState } from './types.js';
import type { HexId } from './hex.js';
import { hexDistance } from './hex.js';
import { isCombatUnit, isLeader } from './units.js';

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

/** After an enemy move entered `path`: pick up any lone leader found there. */
export function pickUpLeaders(ctx: Ctx, state: GameState, moverSide: string, path: readonly HexId[], events: GameEvent[]): void {
  const entered = new Set(path);
  for (const u of Object.values(state.units)) {
    if (u.side === moverSide || u.location !== 'map' || !u.hex || !entered.has(u.hex)) continue;
    if (!isLeader(ctx.counter(u.id))) continue;
    const alone = Object.values(state.units).every((o) => o.id === u.id || o.side !== u.side || o.location !== 'map' || o.hex !== u.hex);
    if (!alone) continue;
    const options = nearestFriendlyHexes(ctx, state, u.id, u.hex);
    events.push({ type: 'leaderPickedUp', unit: u.id, from: u.hex, options, rule: '12.3.1' });
    if (options.length === 0) {
      u.location = 'eliminated';
      u.hex = null;
      events.push({ type: 'leaderRemoved', unit: u.id, reason: 'no friendly combat unit on the map', rule: '12.3.1' });
    } else if (options.length === 1) {
      u.hex = options[0]!;
      events.push({ type: 'leaderPlaced', unit: u.id, hex: u.hex, rule: '12.3.1' });
    } else {
      state.pending.push({ type: 'placeLeader', side: u.side, unit: u.id, options, rule: '12.3.1' });
    }
  }
}
