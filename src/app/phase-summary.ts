// What a player away from the game wants at a phase end: the phase's name in player words and a short
// list of what was done in it, from the game's own record (no second load).
import type { GameEvent, Side } from '../engine/types.js';
import { phaseLabel, sideLabel } from '../engine/labels.js';
import type { RecordEntry } from './game-doc.js';
import { describeAction } from './describe-action.js';
import { count } from './narration.js';

/** How many actions a summary lists before it says "… N earlier". */
const SHOWN = 8;

/**
 * Player words for a phase, never the engine's name: "Soviet action phase", and the "Sub-Zero Loss Phase"
 * without a side (it belongs to both, 3.0 V). Words from src/engine/labels.ts.
 */
export function sidePhaseWords(side: Side | null | undefined, phase: string | null | undefined): string {
  if (!phase) return side ? `${sideLabel(side)} phase` : 'phase';
  if (phase === 'subZero' || phase === 'gameOver') return phaseLabel(phase);
  return `${side ? sideLabel(side) + ' ' : ''}${phaseLabel(phase)
    .replace(/ Phase$/, '')
    .toLowerCase()} phase`;
}

/** Did this change end a phase (or a turn, or the game)? */
export function endsPhase(events: readonly GameEvent[]): boolean {
  return events.some((e) => e.type === 'phase' || e.type === 'turn' || e.type === 'gameOver');
}

/**
 * A short summary of the phase that just ended: the accepted actions since the previous phase end. Read
 * from the newest entry back to that phase end only (an undo entry always comes after what it undoes, so
 * it is met first), not the whole window: a summary is made at every phase end (issue 18).
 */
export function phaseSummary(entries: readonly RecordEntry[]): string[] {
  const undone = new Set<number>();
  let last: Extract<RecordEntry, { kind: 'action' }> | undefined;
  const phaseActs: Extract<RecordEntry, { kind: 'action' }>[] = []; // newest first
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (e.kind === 'undo') undone.add(e.undoes);
    if (e.kind !== 'action' || undone.has(e.seq)) continue;
    if (!last) last = e;
    else if (e.action.type === 'endPhase') break;
    else phaseActs.push(e);
  }
  if (!last) return [];
  phaseActs.reverse();
  const ended = last.action.type === 'endPhase' ? last.action.phase : null;
  const head = `Summary of the ${sidePhaseWords(last.side, ended)}: ${phaseActs.length ? count(phaseActs.length, 'action') : 'no actions'}.`;
  const shown = phaseActs.slice(-SHOWN).map((e) => `• #${e.seq} ${describeAction(e.action)}`);
  if (phaseActs.length > SHOWN) shown.unshift(`• … ${phaseActs.length - SHOWN} earlier`);
  return [head, ...shown];
}

/**
 * The words under the map posted at a phase end: "Turn 3: the Soviet action phase begins.", and once the
 * game is over "Final position after turn 32." (never "the end of the game begins").
 */
export function phaseStartCaption(
  after: { turn: number | null; activeSide: Side | null; phase: string | null; status?: string } | null,
): string {
  if (!after || after.phase === 'gameOver' || (after.status !== undefined && after.status !== 'active') || !after.turn || !after.activeSide)
    return after?.turn ? `Final position after turn ${after.turn}.` : 'Final position.';
  return `Turn ${after.turn}: the ${sidePhaseWords(after.activeSide, after.phase)} begins.`;
}
