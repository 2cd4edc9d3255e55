/**
 * Reinforcements (13.1–13.1.4): which pending units may enter now and where, involuntary delay when
 * an enemy holds the entry hex, voluntary delay, and off-map artillery becoming available (12.4).
 */
import type { Ctx } from './ctx.js';
import type { Side } from './ruleset.js';
import type { GameEvent, GameState, UnitState } from './types.js';
import type { HexId } from './hex.js';
import { hexDistance, offMapDirections } from './hex.js';
import { otherSide } from './zoc.js';

/** Last turn of the game's scenario. */
export function lastTurn(ctx: Ctx, state: GameState): number {
  return ctx.scenario(state.scenario)?.turns.last ?? state.turn;
}

function enemyOn(state: GameState, hex: HexId, side: Side): boolean {
  const enemy = otherSide(side);
  return Object.values(state.units).some((u) => u.side === enemy && u.location === 'map' && u.hex === hex);
}

/** Pending map reinforcements of `side` due now (entry turn reached). */
export function dueReinforcements(state: GameState, side: Side): UnitState[] {
  return Object.values(state.units).filter(
    (u) => u.side === side && u.location === 'pending' && typeof u.entryTurn === 'number' && u.entryTurn <= state.turn && typeof u.entryHex === 'string',
  );
}

/**
 * Entry hexes open to a pending unit now (13.1, 13.1.3): its entry hex unless an enemy unit is on
 * it; after an involuntary delay, any in-play hex on the same map edge within 3 hexes of it (same
 * edge = shares an off-map direction with the entry hex) that holds no enemy unit.
 */
export function entryHexesFor(ctx: Ctx, state: GameState, u: UnitState): HexId[] {
  const entry = u.entryHex;
  if (!entry) return [];
  if (!u.entryDisplaced) return enemyOn(state, entry, u.side) ? [] : [entry];
  const dirs = new Set(offMapDirections(entry));
  const out: HexId[] = [];
  for (const id of Object.keys(ctx.ruleset.map.hexes)) {
    if (hexDistance(id, entry) > 3) continue;
    if (!offMapDirections(id).some((d) => dirs.has(d))) continue;
    if (enemyOn(state, id, u.side)) continue;
    out.push(id);
  }
  return out.sort();
}

/**
 * At the start of a side's Action Phase (13.1.3): units due whose entry hex holds an enemy unit are
 * delayed one turn and will enter along the same edge.
 */
export function involuntaryDelays(state: GameState, side: Side, events: GameEvent[]): void {
  const hit: UnitState[] = [];
  for (const u of dueReinforcements(state, side)) {
    if (u.entryDisplaced || !u.entryHex || !enemyOn(state, u.entryHex, side)) continue;
    hit.push(u);
  }
  if (!hit.length) return;
  const to = state.turn + 1;
  for (const u of hit) {
    u.entryTurn = to;
    u.entryDisplaced = true;
  }
  events.push({ type: 'reinforcementDelayed', side, units: hit.map((u) => u.id), toTurn: to, reason: 'enemyOnEntry', rule: '13.1.3' });
}

/** At the end of an Action Phase: due units that did not enter wait for the next turn (ruling, 13.1.2). */
export function delayUnentered(state: GameState, side: Side, events: GameEvent[]): void {
  const left = dueReinforcements(state, side);
  if (!left.length) return;
  const to = state.turn + 1;
  for (const u of left) u.entryTurn = to;
  events.push({ type: 'reinforcementDelayed', side, units: left.map((u) => u.id), toTurn: to, reason: 'notEntered', rule: '13.1.2' });
}

/** In a side's Reset Phase: off-map artillery due this turn becomes available (12.4). */
export function artilleryArrivals(state: GameState, side: Side, events: GameEvent[]): void {
  const arrived: string[] = [];
  for (const u of Object.values(state.units)) {
    if (u.side === side && u.location === 'pending' && u.entryHex === null && typeof u.entryTurn === 'number' && u.entryTurn <= state.turn) {
      u.location = 'offMap';
      delete u.entryTurn;
      delete u.entryHex;
      arrived.push(u.id);
    }
  }
  if (arrived.length) events.push({ type: 'artilleryAvailable', side, units: arrived, rule: '12.4' });
}
