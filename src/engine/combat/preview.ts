/**
 * Read-only odds preview (8.2–8.4) for a proposed Combat or Assault: the ratio, every CS halving and
 * column shift with its case number, the final column, and the chance of each CRT outcome. Changes nothing
 * and rolls nothing. Works in any phase, so a player can plan ahead.
 */
import { areAdjacent } from '../hex.js';
import type { HexId, OddsColumn, Ruleset, Side } from '../ruleset.js';
import type { AssaultAction, CombatAction, CombatKind, GameState, RuleViolation } from '../types.js';
import { columnOutcomes, type OutcomeOdds } from './crt.js';
import { analyseDeclared, checkCombatDeclaration, type Declared } from './resolve.js';
import { declareAssault } from './engine.js';
import { checkSupport } from '../combat-fire.js';
import type { Ctx } from '../ctx.js';
import { isLeader, isMapCombatUnit, mustCounter, unitsIn } from '../units.js';
import type { RuleCode } from '../codes.js';

export interface OddsPreview {
  kind: CombatKind;
  target: HexId;
  attackerTotal: number;
  defenderTotal: number;
  ratio: string;
  baseOdds: string;
  halvings: string[];
  modifiers: string[];
  netShift: number;
  finalOdds: string;
  column: OddsColumn;
  outcomes: OutcomeOdds[];
  lines: string[];
}

export function previewAttack(
  state: GameState,
  ruleset: Ruleset,
  side: Side,
  req: { kind?: CombatKind; units: string[]; target: HexId; from?: HexId },
): { ok: true; preview: OddsPreview } | { ok: false; violation: RuleViolation } {
  const kind = req.kind ?? 'combat';
  const bad = (code: RuleCode, rule: string, message: string) => ({ ok: false as const, violation: { code, rule, message } });
  if (!ruleset.map.hexes[req.target]) return bad('input/bad-hex', '2.3', `${req.target} is not a hex on the map.`);
  const enemies = unitsIn(state, req.target).filter((u) => u.side !== side && isMapCombatUnit(mustCounter(ruleset, u.id)));
  if (enemies.length === 0) return bad('rule/no-defender', '8.0', `There are no enemy combat units in ${req.target}.`);
  if (!Array.isArray(req.units) || req.units.length === 0) return bad('input/units', '8.1', 'Name the attacking units.');
  const attackers = [];
  for (const id of req.units) {
    const u = state.units[id];
    if (!u || u.side !== side || u.location !== 'map' || !u.hex)
      return bad('input/unknown-unit', '8.1', `${id} is not a ${side} unit on the map.`);
    const from = kind === 'assault' ? (req.from ?? u.hex) : u.hex;
    if (!areAdjacent(from, req.target))
      return bad('rule/not-adjacent', kind === 'assault' ? '9.1' : '8.0', `${from} is not adjacent to ${req.target}.`);
    if (!isLeader(mustCounter(ruleset, id))) attackers.push({ unit: id, from });
  }
  return { ok: true, preview: previewDeclared(state, ruleset, { kind, side, target: req.target, attackers }) };
}

/** The odds of a declared fight (no dice): ratio, halvings, shifts with their cases, column, outcomes. */
export function previewDeclared(state: GameState, ruleset: Ruleset, d: Declared): OddsPreview {
  const a = analyseDeclared(state, ruleset, d);
  const outcomes = columnOutcomes(ruleset.tables.crt, a.column);
  const pct = (p: number): string => `${Math.round(p * 1000) / 10}%`;
  const lines = [
    `${d.kind === 'assault' ? 'Assault' : 'Combat'} on ${d.target}: ${a.ratioText} → ${a.baseOdds} (8.2)`,
    ...a.halvings.map((h) => h.text),
    ...a.modifiers.map((m) => m.text),
    `final ${a.finalOdds} → column ${a.column}`,
    ...outcomes.map((o) => `${o.result}: ${pct(o.probability)} (rolls ${o.rolls.join(', ')})`),
  ];
  return {
    kind: d.kind,
    target: d.target,
    attackerTotal: a.attackerTotal,
    defenderTotal: a.defenderTotal,
    ratio: a.ratioText,
    baseOdds: a.baseOdds,
    halvings: a.halvings.map((h) => h.text),
    modifiers: a.modifiers.map((m) => m.text),
    netShift: a.netShift,
    finalOdds: a.finalOdds,
    column: a.column,
    outcomes,
    lines,
  };
}

/**
 * The odds of a Combat or Assault as the player would declare it, after the same declaration checks
 * apply makes (8.0, 9.0, 9.1, and a Combat's offensive Support, 10.3): a refusal here is the refusal the
 * action would get. Rolls nothing; the
 * Support and AT Fire that precede the CRT roll are not in these odds (they are random, 10.3, 11.0).
 */
export function previewAction(
  ctx: Ctx,
  state: GameState,
  side: Side,
  action: CombatAction | AssaultAction,
): { ok: true; preview: OddsPreview } | { ok: false; violation: RuleViolation } {
  if (action.type === 'combat') {
    const d = checkCombatDeclaration(state, ctx.ruleset, side, action.attackers, action.target);
    if ('violation' in d) return { ok: false, violation: d.violation };
    // The offensive Support named with it is checked as apply checks it (range, LOS, spotters: 10.3.1,
    // 10.3.3, 10.3.5), so a unit that may not support is refused before the odds, not at the confirm.
    const support = checkSupport(ctx, state, d, action);
    if (!Array.isArray(support)) return { ok: false, violation: support };
    return { ok: true, preview: previewDeclared(state, ctx.ruleset, d) };
  }
  const a = declareAssault(ctx, state, side, action);
  if ('violation' in a) return { ok: false, violation: a.violation };
  return { ok: true, preview: previewDeclared(state, ctx.ruleset, a.d) };
}
