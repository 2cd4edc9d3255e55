/**
 * Read-only odds preview (8.2–8.4) for a proposed Combat or Assault: the ratio, every CS halving and
 * column shift with its case number, the final column, and the chance of each CRT outcome. Changes nothing
 * and rolls nothing. Works in any phase, so a player can plan ahead.
 */
import { areAdjacent } from '../hex.js';
import type { HexId, OddsColumn, Ruleset, Side } from '../ruleset.js';
import type { CombatKind, GameState, RuleViolation } from '../types.js';
import { columnOutcomes, type OutcomeOdds } from './crt.js';
import { analyseDeclared } from './resolve.js';
import { isLeader, isMapCombatUnit, mustCounter, unitsIn } from '../units.js';

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
  const bad = (code: string, rule: string, message: string) => ({ ok: false as const, violation: { code, rule, message } });
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
  const a = analyseDeclared(state, ruleset, { kind, side, target: req.target, attackers });
  const outcomes = columnOutcomes(ruleset.tables.crt, a.column);
  const pct = (p: number): string => `${Math.round(p * 1000) / 10}%`;
  const lines = [
    `${kind === 'assault' ? 'Assault' : 'Combat'} on ${req.target}: ${a.ratioText} → ${a.baseOdds} (8.2)`,
    ...a.halvings.map((h) => h.text),
    ...a.modifiers.map((m) => m.text),
    `final ${a.finalOdds} → column ${a.column}`,
    ...outcomes.map((o) => `${o.result}: ${pct(o.probability)} (rolls ${o.rolls.join(', ')})`),
  ];
  return {
    ok: true,
    preview: {
      kind,
      target: req.target,
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
    },
  };
}
