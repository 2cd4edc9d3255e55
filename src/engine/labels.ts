/**
 * Player words for the engine's internal names: phases (3.0) and pending decisions. Use these in
 * every message a player reads instead of the raw `state.phase` / `pending.type` strings
 * ("subZero", "combatLosses"). Pure.
 */
import type { Side } from './ruleset.js';
import type { Phase } from './terms.js';
import type { PendingDecision } from './decisions.js';

// Keyed by the unions themselves: a new phase or decision type without a label fails to compile.
const PHASES: Record<Phase, string> = {
  reset: 'Reset Phase',
  action: 'Action Phase',
  combat: 'Combat Phase',
  subZero: 'Sub-Zero Loss Phase',
  gameOver: 'end of the game',
};

const PENDING: Record<PendingDecision['type'], string> = {
  placeLeader: 'placing Pajari with a friendly unit (12.3.1)',
  combatLosses: 'loss decision after combat (8.5)',
  advance: 'advance after combat decision (8.7)',
  rangedLosses: 'loss decision after a Ranged Attack (10.4.2)',
  stepLosses: 'step loss decision (16.3, 16.4)',
  parkBattalion: 'Artillery Park battalion choice (12.4.3)',
  atFireTarget: 'AT Fire target choice (11.1)',
  defensiveSupport: 'defensive Support declaration (10.3.2)',
  frictionFire: 'Friction Fire at a moving stack (20.1)',
  frictionResult: 'answer to Friction Fire: take the steps or halt (20.1)',
};

const SIDES: Record<Side, string> = { soviet: 'Soviet', finnish: 'Finnish' };

/** The label for `key`, or undefined when the table has none (keys arrive as plain strings). */
function labelIn(table: Readonly<Record<string, string>>, key: string): string | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** "Sub-Zero Loss Phase" for `subZero`, "Action Phase" for `action`; unknown names are returned as they are. */
export function phaseLabel(phase: string): string {
  return labelIn(PHASES, phase) ?? phase;
}

/** "loss decision after combat (8.5)" for `combatLosses`; unknown types are returned as they are. */
export function pendingLabel(type: string): string {
  return labelIn(PENDING, type) ?? type;
}

/** "Soviet" / "Finnish". */
export function sideLabel(side: Side): string {
  return SIDES[side] ?? side;
}

/**
 * Engine text with the sides named as players read them: rule areas build some of their words from the
 * side's key ("soviet morale bonus: 1R"), and every message a player reads says "Soviet morale bonus".
 */
export function withSideLabels(text: string): string {
  return text.replace(/\b(soviet|finnish)\b/g, (s) => SIDES[s as Side]);
}

/** "the Soviet Action Phase", "the Sub-Zero Loss Phase" (no side: it belongs to both, 3.0 V). */
export function sidePhaseLabel(side: Side, phase: string): string {
  if (phase === 'subZero' || phase === 'gameOver') return `the ${phaseLabel(phase)}`;
  return `the ${sideLabel(side)} ${phaseLabel(phase)}`;
}

/** Words for whoMustAct().what, which is either a phase or a pending decision's type. */
export function whatLabel(what: string): string {
  return labelIn(PHASES, what) ?? labelIn(PENDING, what) ?? what;
}

/** Words for whoMustAct(): "the Soviet Action Phase", "the Finnish player's loss decision after combat (8.5)". */
export function mustActLabel(who: { side: Side; what: string; pending?: { type: string } | null }): string {
  if (who.pending) return `the ${sideLabel(who.side)} player's ${pendingLabel(who.pending.type)}`;
  return sidePhaseLabel(who.side, who.what);
}
