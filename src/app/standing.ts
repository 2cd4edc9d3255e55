// Standing answers: a seated player may ask the referee to answer some of their side's decisions for
// them, so a Combat needs fewer hand-overs in a game played over days. Each answer is one the player
// could give with a click (the engine's default, or declining); the engine still checks it, and a
// refusal falls back to asking. They are kept per player in the game document (GameMeta.standing).
import { z } from 'zod';
import type { Action, PendingDecision } from '../engine/types.js';
import type { GameMeta, StandingAnswers } from './game-doc.js';

export type { StandingAnswers } from './game-doc.js';

/** What a front end may send: each answer, or `ask` to clear it. */
export const StandingSchema = z.strictObject({
  support: z.enum(['none', 'ask']).optional(),
  losses: z.enum(['default-if-no-step', 'ask']).optional(),
  advance: z.enum(['default', 'stay', 'ask']).optional(),
  empty: z.enum(['stop', 'ask']).optional(),
  friction: z.enum(['pass', 'ask']).optional(),
  frictionResult: z.enum(['halt', 'ask']).optional(),
});

/** The standing answers in words. */
export function describeStanding(s: StandingAnswers): string {
  const parts: string[] = [];
  if (s.support === 'none') parts.push('never declare Defensive Support (10.3.2)');
  if (s.losses === 'default-if-no-step') parts.push('accept the default combat losses when they cost no step (8.5)');
  if (s.advance === 'default') parts.push('advance as the default proposes (8.7)');
  if (s.advance === 'stay') parts.push('do not advance unless it is compulsory (8.7)');
  if (s.empty === 'stop') parts.push('stop at phases with nothing to decide, to end them yourself (3.0)');
  if (s.friction === 'pass') parts.push('never use Friction Fire (20.1)');
  if (s.frictionResult === 'halt') parts.push('halt under Friction Fire when the stack may (20.1)');
  return parts.length ? parts.join('; ') : 'none (every decision is asked)';
}

/**
 * The answer a seated player of the deciding side gave in advance for this decision, with who gave it
 * and why; null when the decision must be asked.
 */
export function standingAnswer(meta: GameMeta, p: PendingDecision): { userId: string; action: Action; why: string } | null {
  for (const userId of meta.seats[p.side]) {
    const s = meta.standing?.[userId];
    if (!s) continue;
    if (p.type === 'defensiveSupport' && s.support === 'none')
      return { userId, action: { type: 'support', units: [] }, why: 'never declare Defensive Support' };
    if (p.type === 'combatLosses' && s.losses === 'default-if-no-step' && Object.values(p.default.steps).every((n) => n === 0))
      return {
        userId,
        action: { type: 'takeLosses', ...structuredClone(p.default) },
        why: 'accept the default losses when they cost no step',
      };
    if (p.type === 'advance' && s.advance === 'default')
      return {
        userId,
        action: { type: 'advance', units: [...p.default.units], path: [...p.default.path] },
        why: 'advance as the default proposes',
      };
    if (p.type === 'advance' && s.advance === 'stay' && !p.mandatory)
      return { userId, action: { type: 'advance', units: [], path: [] }, why: 'do not advance unless compulsory' };
    if (p.type === 'frictionFire' && s.friction === 'pass') return { userId, action: { type: 'friction' }, why: 'never use Friction Fire' };
    if (p.type === 'frictionResult' && s.frictionResult === 'halt' && p.canHalt)
      return { userId, action: { type: 'frictionResult', halt: true }, why: 'halt under Friction Fire' };
  }
  return null;
}
