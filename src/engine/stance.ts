/**
 * The Change of Finnish Operational Stance (17.1, the Campaign's special rule #1). Known: from Day 4
 * (turn 20) it may happen; after it the Finns are Player One (the first player of each turn); in the
 * turn the change is declared the Finns get one column (8.3 case 10). The Playbook's conditions and
 * cost are not in our sources, so our default (docs/rulings.md): the Finnish player declares it, once,
 * in one of his own phases from turn 20 on; the column applies from the declaration to the end of that
 * turn (a `stanceChange` marker for that turn only) and the Finns lead from the next turn. The game
 * option "17.1" off leaves it out.
 */
import type { Ctx } from './ctx.js';
import type { Side } from './ruleset.js';
import type { GameEvent, GameState, RuleViolation } from './types.js';
import { ruleOn } from './options.js';

const FROM_DAY = 4;

/** Why the Finns may not declare the change now, or null when they may. */
export function stanceChangeProblem(ctx: Ctx, state: GameState, side: Side): string | null {
  if (!ctx.scenario(state.scenario)?.specialRules.includes('finnishStanceChange') || !ruleOn(state.options, '17.1'))
    return 'this game has no change of Finnish operational stance';
  if (side !== 'finnish') return 'only the Finnish player changes his stance';
  if (state.stanceDeclared !== undefined || state.firstPlayer === 'finnish') return 'the Finnish stance has been changed already';
  if ((ctx.turnDef(state.turn)?.day ?? 0) < FROM_DAY) return 'it may be changed from Day 4 (turn 20) on';
  if (state.activeSide !== 'finnish' || state.phase === 'subZero' || state.pending.length) return 'it is declared in a Finnish phase';
  return null;
}

export function applyChangeStance(ctx: Ctx, draft: GameState, side: Side, events: GameEvent[]): RuleViolation | null {
  const why = stanceChangeProblem(ctx, draft, side);
  if (why) return { code: 'rule/stance-change', rule: '17.1', message: `Not now: ${why}.` };
  draft.stanceDeclared = draft.turn;
  // 8.3 case 10: the column is for the turn of the declaration, so the marker goes down now.
  draft.markers.push({ type: 'stanceChange', hex: 'A13' });
  events.push({ type: 'stanceDeclared', turn: draft.turn, effectiveTurn: draft.turn + 1, rule: '17.1' });
  return null;
}

/** At a turn's end: the declaration turn's marker goes and the Finns lead from the next turn. */
export function turnOverStance(state: GameState, events: GameEvent[]): void {
  state.markers = state.markers.filter((m) => m.type !== 'stanceChange');
  if (state.stanceDeclared === state.turn && state.firstPlayer !== 'finnish') {
    state.firstPlayer = 'finnish';
    events.push({ type: 'stanceChanged', turn: state.turn + 1, rule: '17.1' });
  }
}
