/**
 * Defensive Support (10.3, 10.3.2–10.3.4, 10.3.6), in every game (the defender may always declare it).
 * When the phasing player declares a Combat and the
 * other player has units that could fire on one of the attacking hexes, the engine waits for the
 * non-phasing player's declaration (a `defensiveSupport` decision, answered with `support`; the default
 * is none) before anything is rolled (10.3.2). Then the Combat is resolved with AT Fire, the phasing
 * player's Support, the non-phasing player's Support (each Suppressed result one marker for him), the
 * ratio and the CRT. All of the defender's Support fires on one attacking hex of his choice (10.3.4).
 */
import type { Ctx } from './ctx.js';
import type { HexId, Side } from './ruleset.js';
import type { CombatAction, DefensiveDeclaration, DefensiveSupportDecision, GameState, RuleViolation, SupportAction } from './types.js';
import { checkCombatDeclaration, type Declared } from './combat/resolve.js';
import { mightFireAt, planRanged, RangedBoard } from './ranged.js';
import { writeFireRecord } from './fire-record.js';
import { otherSide } from './units.js';

function attackerHexesOf(state: GameState, attackers: string[]): HexId[] {
  return [...new Set(attackers.map((id) => state.units[id]?.hex).filter((h): h is HexId => !!h))].sort();
}

/** The non-phasing player's possible defensive Support for a Combat on `target` by `attackers`. */
export function defensiveOptions(
  ctx: Ctx,
  state: GameState,
  defender: Side,
  attackers: string[],
  target: HexId,
): DefensiveSupportDecision['options'] {
  const hexes = attackerHexesOf(state, attackers);
  const board = new RangedBoard(ctx, state);
  const out: DefensiveSupportDecision['options'] = [];
  for (const u of Object.values(state.units)) {
    if (u.side !== defender || (u.location !== 'map' && u.location !== 'offMap') || u.hex === target) continue;
    const targets: DefensiveSupportDecision['options'][number]['targets'] = [];
    for (const h of hexes) {
      if (!mightFireAt(ctx, u, h)) continue;
      const p = planRanged(ctx, state, defender, u.id, h, undefined, 'defensive', 'move', board);
      if ('violation' in p) continue;
      targets.push({ hex: h, spotters: p.direct ? [] : board.spotters(defender, h).slice(), defaultSpotter: p.spotter });
    }
    if (targets.length) out.push({ unit: u.id, targets });
  }
  return out.sort((a, b) => a.unit.localeCompare(b.unit));
}

/**
 * For a valid `combat` declaration whose defender could support: the decision to ask (no dice yet), with
 * the declaration as checked (the caller goes on from it). Null when the Combat should simply be resolved
 * now (invalid declarations are left to the combat code).
 */
export function defensiveSupportDecision(
  ctx: Ctx,
  state: GameState,
  side: Side,
  action: CombatAction,
): { decision: DefensiveSupportDecision; declared: Declared } | null {
  if (state.phase !== 'combat' || state.activeSide !== side) return null;
  if (state.pending.length) return null;
  const d = checkCombatDeclaration(state, ctx.ruleset, side, action.attackers, action.target);
  if ('violation' in d) return null;
  const defender = otherSide(side);
  const attackers = d.attackers.map((a) => a.unit);
  const options = defensiveOptions(ctx, state, defender, attackers, d.target);
  if (!options.length) return null;
  const decision: DefensiveSupportDecision = {
    type: 'defensiveSupport',
    side: defender,
    rule: '10.3.2',
    combat: {
      attackers,
      target: d.target,
      ...(action.support ? { support: [...action.support] } : {}),
      ...(action.spotters ? { spotters: { ...action.spotters } } : {}),
    },
    attackerHexes: attackerHexesOf(state, attackers),
    options,
    default: { units: [] },
    defaultText: 'no defensive Support',
  };
  return { decision, declared: d };
}

/** Check the answer to a `defensiveSupport` decision (10.3.2–10.3.4, 10.3.6). */
export function checkSupportAnswer(
  ctx: Ctx,
  state: GameState,
  side: Side,
  p: DefensiveSupportDecision,
  a: SupportAction,
): DefensiveDeclaration | RuleViolation {
  const units = a.units;
  if (!Array.isArray(units) || units.some((x) => typeof x !== 'string'))
    return { code: 'input/support', rule: '10.3.2', message: 'units lists the supporting unit ids ([] for none).' };
  if (new Set(units).size !== units.length)
    return { code: 'input/duplicate-unit', rule: '10.3.2', message: 'A supporting unit is named twice.' };
  const target =
    a.target ?? (units.length ? p.options.find((o) => o.unit === units[0])?.targets[0]?.hex : p.attackerHexes[0]) ?? p.attackerHexes[0]!;
  if (!p.attackerHexes.includes(target))
    return {
      code: 'rule/support-target',
      rule: '10.3.4',
      message: `Defensive Support fires on one hex of attackers: ${p.attackerHexes.join(', ')}.`,
    };
  const board = new RangedBoard(ctx, state); // checking only: the state does not change here
  for (const id of units) {
    const r = planRanged(ctx, state, side, id, target, a.spotters?.[id], 'defensive', 'move', board);
    if ('violation' in r) return { ...r.violation, message: `Support by ${id}: ${r.violation.message}` };
  }
  return { units, target, spotters: { ...(a.spotters ?? {}) } };
}

/** Park the checked declaration where the combat's support step will find it (consumed there). */
export function stashDefensive(draft: GameState, decl: DefensiveDeclaration): void {
  writeFireRecord(draft, (r) => {
    r.defensive = decl;
  });
}
