/**
 * Armor Commitment (12.1.4). In scenarios with the special rule, the four Soviet armored units are
 * Variable Reinforcements: from the Action Phase of turn 6 on, at the start of each of his Action Phases,
 * the Soviet player decides to enter some, none or all of those not yet committed. Each one committed
 * gives the Finnish player the VPs printed on the Turn Track for that turn (added to the Finnish total,
 * never taken from the Soviet one). A committed unit is a reinforcement due this turn: it enters at the
 * Soviet supply source like any other (13.1) and may be delayed (13.1.2).
 *
 * "At the start" (docs/rulings.md): the commitment is open until the first Soviet unit acts in the
 * phase; several commitments in that window add up.
 */
import type { Ctx } from './ctx.js';
import type { Side } from './ruleset.js';
import type { CommitArmorAction, GameEvent, GameState, RuleViolation } from './types.js';
import { mustCounter } from './units.js';
import { ruleOn } from './options.js';
import { unitToChange } from './draft.js';

/** The VPs one armored unit costs on this turn (the Turn Track), or null when none may be committed. */
export function armorCommitmentCost(ctx: Ctx, state: GameState): number | null {
  if (!ctx.scenario(state.scenario)?.specialRules.includes('armorCommitment') || !ruleOn(state.options, '12.1.4')) return null;
  return ctx.turnDef(state.turn)?.armorCommitmentVp ?? null;
}

/** Armored Variable Reinforcements not yet committed. */
function uncommitted(ctx: Ctx, state: GameState): string[] {
  return Object.values(state.units)
    .filter(
      (u) =>
        u.side === 'soviet' &&
        u.location === 'pending' &&
        u.entryTurn === null &&
        mustCounter(ctx.ruleset, u.id).variableReinforcement === '12.1.4',
    )
    .map((u) => u.id)
    .sort();
}

/** What the Soviet player may commit now, with the cost of each, or null (legalActions). */
export function armorCommitmentOptions(ctx: Ctx, state: GameState, side: Side): { units: string[]; vpEach: number } | null {
  if (side !== 'soviet' || state.phase !== 'action' || state.activeSide !== 'soviet' || state.pending.length) return null;
  const vpEach = armorCommitmentCost(ctx, state);
  if (vpEach === null) return null;
  // At the start of the Action Phase: before any Soviet unit has acted in it.
  if (Object.values(state.units).some((u) => u.side === 'soviet' && u.flags.acted)) return null;
  const units = uncommitted(ctx, state);
  return units.length ? { units, vpEach } : null;
}

export function applyCommitArmor(ctx: Ctx, draft: GameState, side: Side, a: CommitArmorAction, events: GameEvent[]): RuleViolation | null {
  const open = armorCommitmentOptions(ctx, draft, side);
  if (!open) {
    const cost = armorCommitmentCost(ctx, draft);
    const why =
      side !== 'soviet'
        ? 'only the Soviet player commits armor'
        : cost === null
          ? ruleOn(draft.options, '12.1.4')
            ? 'no armor may be committed on this turn of this scenario (from turn 6, as the Turn Track prints the cost)'
            : 'this game leaves the armor commitment out (option 12.1.4)'
          : draft.phase !== 'action' || draft.activeSide !== 'soviet'
            ? 'armor is committed at the start of the Soviet Action Phase'
            : uncommitted(ctx, draft).length === 0
              ? 'every armored unit has been committed already'
              : 'the commitment is made at the start of the Action Phase, before any Soviet unit acts';
    return { code: 'rule/armor-commitment', rule: '12.1.4', message: `Not now: ${why}.` };
  }
  const units = [...new Set(a.units)];
  if (!units.length || units.length !== a.units.length)
    return { code: 'input/units', rule: '12.1.4', message: 'Name each armored unit to commit once.' };
  const unknown = units.find((u) => !open.units.includes(u));
  if (unknown) {
    return {
      code: 'rule/armor-commitment',
      rule: '12.1.4',
      message: `${unknown} is not an armored unit waiting to be committed; these are: ${open.units.join(', ')}.`,
    };
  }
  for (const id of units) unitToChange(draft, id).entryTurn = draft.turn;
  const vp = open.vpEach * units.length;
  draft.vp.finnish += vp;
  events.push({ type: 'armorCommitted', units: units.sort(), vpEach: open.vpEach, vp, turn: draft.turn, rule: '12.1.4' });
  return null;
}
