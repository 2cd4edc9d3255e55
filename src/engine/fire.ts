/**
 * Glue between Ranged Attacks / AT Fire and the engine core: apply() routes `ranged`, `atFire` and the
 * answer to a `rangedLosses` decision here; legalActions() asks `fireOptions`. Keeps the core files'
 * edits to a few lines.
 */
import type { Ctx } from './ctx.js';
import type { Side } from './ruleset.js';
import type {
  Action,
  AtFireAction,
  CombatAction,
  DefensiveSupportDecision,
  FireOptions,
  GameEvent,
  GameState,
  PendingDecision,
  RuleViolation,
} from './types.js';
import type { DiceSource } from './dice.js';
import { answerRangedLosses, planRanged, rangedOptions, resolveRanged } from './ranged.js';
import { atFireOptions, planAtFire, resolveAtFire } from './atfire.js';
import { checkSupportAnswer, stashDefensive } from './defensive-support.js';
import { applyCombatAction, resumeCombat } from './combat/engine.js';
import type { Declared } from './combat/resolve.js';
import { answerAtFireTarget, checkSupport } from './combat-fire.js';

/** While a `rangedLosses` decision waits, only its answer (takeLosses) is accepted. Undefined when the pending item is not ours. */
export function firePendingGate(p: PendingDecision, action: Action): RuleViolation | null | undefined {
  if (p.type === 'defensiveSupport') {
    if (action.type === 'support') return null;
    return {
      code: 'rule/pending-decision',
      rule: p.rule,
      message: `First the ${p.side} player declares defensive Support for the Combat on ${p.combat.target} (support; default: none).`,
    };
  }
  if (p.type !== 'rangedLosses') return undefined;
  if (action.type === 'takeLosses') return null;
  return {
    code: 'rule/pending-decision',
    rule: p.rule,
    message: `First the ${p.side} player takes ${p.steps} step reduction(s) in ${p.hex} (takeLosses); default: ${p.defaultText}.`,
  };
}

/** apply() for ranged, atFire, and takeLosses answering a rangedLosses decision. Mutates the draft. */
export function applyFireAction(
  ctx: Ctx,
  draft: GameState,
  side: Side,
  action: Action,
  source: DiceSource,
  events: GameEvent[],
): RuleViolation | null {
  switch (action.type) {
    case 'ranged': {
      if (!Array.isArray(action.units) || action.units.length !== 1) {
        return {
          code: 'input/one-unit',
          rule: '10.0',
          message: 'Each Ranged Attack is made by one unit on its own (they are never combined): name exactly one unit.',
        };
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
    case 'takeLosses': {
      const p = draft.pending[0];
      const err = answerRangedLosses(ctx, draft, side, action.steps, source, events);
      // Support losses inside a Combat (10.4.2): the Combat goes on once they are allocated.
      if (!err && p?.type === 'rangedLosses' && p.resume) return resumeCombat(ctx, draft, p.resume, source, events);
      return err;
    }
    case 'support': {
      const p = draft.pending[0];
      if (!p || p.type !== 'defensiveSupport')
        return {
          code: 'rule/no-pending',
          rule: '10.3.2',
          message: 'Defensive Support is declared when the other player declares a Combat against you.',
        };
      if (p.side !== side)
        return { code: 'rule/not-your-turn', rule: '10.3.2', message: `The ${p.side} player declares this defensive Support.` };
      const decl = checkSupportAnswer(ctx, draft, side, p, action);
      if ('code' in decl) return decl;
      draft.pending.shift();
      if (decl.units.length) stashDefensive(draft, decl);
      const attackerSide = draft.activeSide;
      return applyCombatAction(ctx, draft, attackerSide, { type: 'combat', ...p.combat }, source, events, { carryOut: () => null });
    }
    default:
      return { code: 'input/unknown-action', rule: '3.0', message: `Not a fire action: ${action.type}.` };
  }
}

/**
 * A Combat whose defender may declare defensive Support (10.3.2): 8.1 steps 1–3, the Combat and the
 * phasing player's Support are fixed, and the defender declares next. `waiting` is what
 * defensiveSupportDecision found for this action on this draft.
 */
export function declareCombat(
  ctx: Ctx,
  draft: GameState,
  side: Side,
  action: CombatAction,
  waiting: { decision: DefensiveSupportDecision; declared: Declared },
  events: GameEvent[],
): RuleViolation | null {
  const p = waiting.decision;
  const sup = checkSupport(ctx, draft, waiting.declared, action);
  if (!Array.isArray(sup)) return sup;
  draft.pending.push(p);
  events.push({
    type: 'combatDeclared',
    side,
    attackers: p.combat.attackers,
    target: p.combat.target,
    support: p.combat.support ?? [],
    waitingFor: p.side,
    rule: '8.1',
  });
  return null;
}

/** The answer to an `atFireTarget` decision: that die is rolled at the unit named, then the Combat goes on (11.1, 11.2). */
export function aimAtFireDie(
  ctx: Ctx,
  draft: GameState,
  side: Side,
  action: AtFireAction,
  source: DiceSource,
  events: GameEvent[],
): RuleViolation | null {
  const p = draft.pending[0];
  const err = answerAtFireTarget(ctx, draft, side, action, source, events);
  if (err || p?.type !== 'atFireTarget') return err;
  return resumeCombat(ctx, draft, p.resume, source, events);
}

/** What legalActions lists for fire (10.0, 11.0). */
export function fireOptions(ctx: Ctx, state: GameState, side: Side): FireOptions {
  return { ranged: rangedOptions(ctx, state, side), atFire: atFireOptions(ctx, state, side) };
}
