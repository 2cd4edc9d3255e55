/**
 * Glue between Ranged Attacks / AT Fire and the engine core: apply() routes `ranged`, `atFire` and the
 * answer to a `rangedLosses` decision here; legalActions() asks `fireOptions`. Keeps the core files'
 * edits to a few lines.
 */
import type { Ctx } from './ctx.js';
import type { Side } from './ruleset.js';
import type { Action, GameEvent, GameState, PendingDecision, RuleViolation } from './types.js';
import type { DiceSource } from './dice.js';
import { answerRangedLosses, planRanged, rangedOptions, resolveRanged, type FireOptions } from './ranged.js';
import { atFireOptions, planAtFire, resolveAtFire } from './atfire.js';

/** While a `rangedLosses` decision waits, only its answer (takeLosses) is accepted. Undefined when the pending item is not ours. */
export function firePendingGate(p: PendingDecision, action: Action): RuleViolation | null | undefined {
  if (p.type !== 'rangedLosses') return undefined;
  if (action.type === 'takeLosses') return null;
  return { code: 'rule/pending-decision', rule: p.rule, message: `First the ${p.side} player takes ${p.steps} step reduction(s) in ${p.hex} (takeLosses); default: ${p.defaultText}.` };
}

/** apply() for ranged, atFire, and takeLosses answering a rangedLosses decision. Mutates the draft. */
export function applyFireAction(ctx: Ctx, draft: GameState, side: Side, action: Action, source: DiceSource, events: GameEvent[]): RuleViolation | null {
  switch (action.type) {
    case 'ranged': {
      if (!Array.isArray(action.units) || action.units.length !== 1) {
        return { code: 'input/one-unit', rule: '10.0', message: 'Each Ranged Attack is made by one unit on its own (they are never combined): name exactly one unit.' };
      }
      const p = planRanged(ctx, draft, side, action.units[0], action.target, action.spotter);
      if ('violation' in p) return p.violation;
      resolveRanged(ctx, draft, p, source, events);
      return null;
    }
    case 'atFire': {
      if (!Array.isArray(action.units) || action.units.length !== 1) {
        return { code: 'input/one-unit', rule: '11.1', message: 'Name exactly one AT gun; each atFire is one die at one armored unit.' };
      }
      const p = planAtFire(ctx, draft, side, action.units[0], action.target);
      if ('violation' in p) return p.violation;
      resolveAtFire(ctx, draft, p, source, events);
      return null;
    }
    case 'takeLosses':
      return answerRangedLosses(ctx, draft, side, action.steps, events);
    default:
      return { code: 'input/unknown-action', rule: '3.0', message: `Not a fire action: ${action.type}.` };
  }
}

/** What legalActions lists for fire (10.0, 11.0). */
export function fireOptions(ctx: Ctx, state: GameState, side: Side): FireOptions {
  return { ranged: rangedOptions(ctx, state, side), atFire: atFireOptions(ctx, state, side) };
}

export type { FireOptions } from './ranged.js';
