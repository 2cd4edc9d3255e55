/**
 * Helpers shared by Replacements (13.2), Reconstitution (13.2.1), Recovery (13.3) and Digging In (14.0):
 * which units count as infantry companies, distance to the nearest enemy unit, the events of the
 * current phase.
 */
import type { Ctx } from './ctx.js';
import type { Side } from './ruleset.js';
import type { GameEvent, GameState, UnitState } from './types.js';
import type { HexId } from './hex.js';
import { hexDistance } from './hex.js';
import { otherSide } from './zoc.js';

/**
 * Infantry companies (counters.json `infantryCompany`): rifle companies of both sides, the bicycle
 * companies (12.7) and the Provisional Company (12.8). Only they take RPs, are reconstituted and recover.
 */
export function isInfantryCompany(ctx: Ctx, unitId: string): boolean {
  return ctx.hasCounter(unitId) && ctx.counter(unitId).infantryCompany;
}

/** A two-step unit on its reduced side (8.5.1). */
export function isReduced(ctx: Ctx, u: UnitState): boolean {
  return u.stepsLeft < ctx.counter(u.id).steps;
}

/**
 * Hexes from `hex` to the nearest enemy unit on the map (any unit, the leader included: ruling in
 * docs/rulings.md); Infinity when there is none.
 */
export function nearestEnemyDistance(state: GameState, side: Side, hex: HexId): number {
  const enemy = otherSide(side);
  let best = Infinity;
  for (const u of Object.values(state.units)) {
    if (u.side !== enemy || u.location !== 'map' || !u.hex) continue;
    const d = hexDistance(hex, u.hex);
    if (d < best) best = d;
  }
  return best;
}

/** Events of the current phase so far (after the latest `phase` event in the log). */
export function eventsThisPhase(state: GameState): GameEvent[] {
  for (let i = state.log.length - 1; i >= 0; i--) {
    if (state.log[i]!.type === 'phase') return state.log.slice(i + 1);
  }
  return state.log.slice();
}
