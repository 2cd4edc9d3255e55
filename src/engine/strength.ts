/**
 * Helpers shared by Replacements (13.2), Reconstitution (13.2.1), Recovery (13.3) and Digging In (14.0):
 * which units count as infantry companies, the events of the current phase.
 */
import type { Ctx } from './ctx.js';
import type { GameEvent, GameState, UnitState } from './types.js';

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

/** Events of the current phase so far (after the latest `phase` event in the log). */
export function eventsThisPhase(state: GameState): GameEvent[] {
  for (let i = state.log.length - 1; i >= 0; i--) {
    if (state.log[i]!.type === 'phase') return state.log.slice(i + 1);
  }
  return state.log.slice();
}
