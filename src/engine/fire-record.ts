/**
 * The small per-phase record of Ranged Attacks (10.0) and AT Fire (11.0): which units have fired in
 * the current Combat Phase. Like the combat record, a record whose key is not the current
 * turn/side/phase is stale and reads as empty, so nothing needs clearing when a phase ends.
 * Kept apart from ranged.ts so the combat code can ask it without an import cycle.
 */
import type { FirePhaseRecord, GameState } from './types.js';

function keyOf(state: GameState): string {
  return `${state.turn}:${state.activeSide}:${state.phase}`;
}

export function readFireRecord(state: GameState): FirePhaseRecord {
  const r = state.fire;
  if (r && r.key === keyOf(state)) return r;
  return { key: keyOf(state), ranged: [], atFire: {} };
}

/** Copy-on-write: a fresh record on the draft (the draft shares the input's record object). */
export function writeFireRecord(draft: GameState, change: (r: FirePhaseRecord) => void): void {
  const r = readFireRecord(draft);
  const copy: FirePhaseRecord = {
    key: r.key,
    ranged: [...r.ranged],
    atFire: { ...r.atFire },
    ...(r.defensive ? { defensive: r.defensive } : {}),
  };
  change(copy);
  draft.fire = copy;
}

/** Has this unit made a Ranged Attack this phase (it may then not Combat, 10.0)? */
export function firedRangedThisPhase(state: GameState, unit: string): boolean {
  return readFireRecord(state).ranged.includes(unit);
}
