/**
 * Anti-Tank Fire as a standalone attack in the Finnish Combat Phase (11.0, 11.1, 11.3; ATFT in
 * tables.json `atft`). A Finnish AT gun rolls one die per step it has (11.1); each `atFire` action is
 * one of those dice, aimed at one Soviet armored unit named before the roll, so a two-step gun may
 * split its dice. Targets: adjacent, or 2 hexes away with the gun's own LOS (no spotter). Ruling: that LOS
 * is terrain only; friendly units block the LOS of direct-fire Ranged Attacks only (10.6.1), and AT Fire
 * is not a Ranged Attack (11.0; the glossary's LOS is blocked by terrain). A total of 5 or more after DRMs
 * is a step reduction.
 * A gun that fired AT Fire makes no Ranged Attack that phase, and the reverse (11.0).
 * AT Fire inside Combats and Assaults (11.2) is not wired here yet.
 */
import type { Ctx } from './ctx.js';
import type { CounterDef, Drm, HexId, Side } from './ruleset.js';
import type { AppliedDrm, AtFirePlan, FireOptions, GameEvent, GameState, RuleViolation, UnitState } from './types.js';
import { hexDistance } from './hex.js';
import { dieRoller, rollDice, type DiceSource } from './dice.js';
import { leaderCaptureChecks } from './pajari.js';
import { describeLos, lineOfSight, losRange, type LosResult } from './los.js';
import { readFireRecord, writeFireRecord } from './fire-record.js';
import { combatInProgress } from './combat/record.js';
import { reduceUnit, type LossEvent } from './combat/losses.js';
import { sidePhaseLabel, sideLabel } from './labels.js';
import { bonfireCombatProblem } from './bonfire.js';
import { dieTableRow } from './die-table.js';
import { isArmored, mustCounter } from './units.js';
import type { RuleCode } from './codes.js';

const fail = (code: RuleCode, rule: string, message: string): { violation: RuleViolation } => ({ violation: { code, rule, message } });

function drm(ctx: Ctx, id: string): Drm | undefined {
  return ctx.ruleset.tables.atft.drms.find((d) => d.id === id);
}

function push(out: AppliedDrm[], d: Drm | undefined): void {
  if (d && d.value) out.push({ id: d.id, n: d.n, rule: d.rule, label: d.label, value: d.value });
}

export function isAtFireGun(def: CounterDef): boolean {
  return def.conventions.atRange !== null && def.conventions.atRange !== undefined;
}

function isT37(def: CounterDef): boolean {
  return /T-?37/i.test(def.printed) || /T-?37/i.test(def.id);
}
function isBa10(def: CounterDef): boolean {
  return def.type === 'armoredCar' || /BA-?10/i.test(def.printed);
}
function isObuhov(def: CounterDef): boolean {
  return /obuhov/i.test(def.printed) || /obuhov/i.test(def.id);
}

/** ATFT DRMs (11.3) for a standalone shot at `range`. */
export function atFireDrms(ctx: Ctx, gun: CounterDef, target: CounterDef, range: number, assaultingFiringHex = false): AppliedDrm[] {
  const out: AppliedDrm[] = [];
  // The Assault and adjacency DRMs do not add up (PAC: one or the other).
  if (assaultingFiringHex) push(out, drm(ctx, 'targetAssaultingFiringHex'));
  else if (range === 1) push(out, drm(ctx, 'targetAdjacent'));
  if (isBa10(target)) push(out, drm(ctx, 'targetBa10'));
  if (isT37(target)) push(out, drm(ctx, 'targetT37'));
  if (isObuhov(gun)) push(out, drm(ctx, 'obuhovFiring'));
  return out;
}

/** Dice the gun may still roll this phase (one per step, 11.1). */
function diceLeft(state: GameState, u: UnitState): number {
  return u.stepsLeft - (readFireRecord(state).atFire[u.id] ?? 0);
}

function checkGun(
  ctx: Ctx,
  state: GameState,
  side: Side,
  unitId: unknown,
): { unit: UnitState; def: CounterDef } | { violation: RuleViolation } {
  if (typeof unitId !== 'string') return fail('input/units', '11.0', 'Name one AT gun.');
  const u = state.units[unitId];
  if (!u) return fail('input/unknown-unit', '11.0', `There is no unit ${unitId} in this game.`);
  if (u.side !== side) return fail('input/not-your-unit', '11.0', `${unitId} is not a ${sideLabel(side)} unit.`);
  const bonfire = bonfireCombatProblem(state, [unitId]); // 16.2
  if (bonfire) return { violation: bonfire };
  const def = mustCounter(ctx.ruleset, unitId);
  if (!isAtFireGun(def)) return fail('rule/not-at-gun', '11.0', `${unitId} has no AT Fire range: only the Finnish AT guns fire AT Fire.`);
  if (u.location !== 'map' || !u.hex) return fail('rule/not-on-map', '11.0', `${unitId} is not on the map.`);
  if (readFireRecord(state).ranged.includes(unitId))
    return fail('rule/ranged-fired', '11.0', `${unitId} made a Ranged Attack this phase, so it cannot fire AT Fire as well.`);
  if (diceLeft(state, u) <= 0)
    return fail('rule/at-fire-done', '11.1', `${unitId} has rolled all its AT Fire dice this phase (one per step).`);
  return { unit: u, def };
}

/**
 * The gun's own LOS for AT Fire at 2 hexes (11.0): terrain only, within the turn's LOS range (10.6.2).
 * Units never block it: friendly units block direct-fire Ranged Attacks only (10.6.1), which AT Fire is not.
 */
export function atFireLos(ctx: Ctx, state: GameState, from: HexId, to: HexId): LosResult {
  return lineOfSight(ctx.ruleset, from, to, { maxRange: losRange(ctx.ruleset, state) });
}

/** Checks one standalone AT Fire die at `targetId` (11.0–11.3). */
export function planAtFire(
  ctx: Ctx,
  state: GameState,
  side: Side,
  unitId: unknown,
  targetId: unknown,
): AtFirePlan | { violation: RuleViolation } {
  if (state.phase !== 'combat' || state.activeSide !== side) {
    return fail(
      'rule/wrong-phase',
      '11.0',
      `Standalone AT Fire is made in your own Combat Phase; now it is ${sidePhaseLabel(state.activeSide, state.phase)}.`,
    );
  }
  if (combatInProgress(state)) return fail('rule/combat-in-progress', '8.1', 'Finish the current combat (losses and advance) first.');
  const g = checkGun(ctx, state, side, unitId);
  if ('violation' in g) return g;
  if (typeof targetId !== 'string' || !state.units[targetId])
    return fail('input/unknown-unit', '11.1', `Name the armored unit to fire at (a unit id), not ${JSON.stringify(targetId)}.`);
  const t = state.units[targetId]!;
  const tdef = mustCounter(ctx.ruleset, targetId);
  if (t.side === side || t.location !== 'map' || !t.hex)
    return fail('rule/no-target', '11.0', `${targetId} is not an enemy unit on the map.`);
  if (!isArmored(tdef)) return fail('rule/not-armored', '11.0', `${targetId} is not an armored unit: AT Fire only hits Soviet armor.`);
  const from = g.unit.hex!;
  const range = hexDistance(from, t.hex);
  const maxRange = Math.min(ctx.ruleset.tables.atft.maxRange, g.def.conventions.atRange ?? 0);
  if (range > maxRange)
    return fail('rule/out-of-range', '11.0', `${targetId} in ${t.hex} is ${range} hexes from ${unitId}; AT Fire reaches ${maxRange}.`);
  if (range > 1) {
    const los = atFireLos(ctx, state, from, t.hex);
    if (!los.clear)
      return fail(
        'rule/no-los',
        los.reason === 'out-of-range' ? '10.6.2' : '11.0',
        `AT Fire at 2 hexes needs the gun's own LOS: ${describeLos(los, losRange(ctx.ruleset, state))}`,
      );
  }
  return { side, unit: g.unit.id, from, target: targetId, targetHex: t.hex, range, drms: atFireDrms(ctx, g.def, tdef, range) };
}

/** Roll one AT Fire die (11.1) on the draft. */
export function resolveAtFire(ctx: Ctx, draft: GameState, plan: AtFirePlan, source: DiceSource, events: GameEvent[]): void {
  const [die] = rollDice(draft, 1, `AT Fire by ${plan.unit} at ${plan.target}`, '11.1', source, events);
  const total = die! + plan.drms.reduce((s, d) => s + d.value, 0);
  const row = dieTableRow(ctx.ruleset.tables.atft, total);
  const hit = !!row?.result.stepReduction;
  events.push({
    type: 'atFire',
    side: plan.side,
    unit: plan.unit,
    from: plan.from,
    target: plan.target,
    targetHex: plan.targetHex,
    range: plan.range,
    drms: plan.drms,
    rollNumber: draft.rollCount,
    die: die!,
    total,
    hit,
    rule: '11.1',
  });
  writeFireRecord(draft, (r) => {
    r.atFire[plan.unit] = (r.atFire[plan.unit] ?? 0) + 1;
  });
  if (hit) {
    const out: LossEvent[] = [];
    reduceUnit(draft, ctx.ruleset, plan.target, 1, '11.1', `AT Fire from ${plan.unit}`, out);
    events.push(...out);
    leaderCaptureChecks(ctx, draft, out, dieRoller(draft, source, events), events); // 12.3.1, as after every loss
  }
}

/** Standalone AT Fire open to `side` now: every gun with dice left and the armored units it may fire at. */
export function atFireOptions(ctx: Ctx, state: GameState, side: Side): FireOptions['atFire'] {
  const out: FireOptions['atFire'] = [];
  if (state.phase !== 'combat' || state.activeSide !== side || state.pending.length || combatInProgress(state)) return out;
  const armor = Object.values(state.units).filter(
    (u) => u.side !== side && u.location === 'map' && u.hex && isArmored(mustCounter(ctx.ruleset, u.id)),
  );
  if (!armor.length) return out;
  for (const u of Object.values(state.units)) {
    if (u.side !== side || u.location !== 'map' || !u.hex) continue;
    const g = checkGun(ctx, state, side, u.id);
    if ('violation' in g) continue;
    const targets: { unit: string; hex: HexId; range: number }[] = [];
    for (const a of armor) {
      if (hexDistance(u.hex, a.hex!) > ctx.ruleset.tables.atft.maxRange) continue;
      const p = planAtFire(ctx, state, side, u.id, a.id);
      if (!('violation' in p)) targets.push({ unit: a.id, hex: p.targetHex, range: p.range });
    }
    if (targets.length)
      out.push({ unit: u.id, from: u.hex, diceLeft: diceLeft(state, u), targets: targets.sort((x, y) => x.unit.localeCompare(y.unit)) });
  }
  return out.sort((a, b) => a.unit.localeCompare(b.unit));
}
