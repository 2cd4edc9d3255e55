/**
 * Recovery (13.3): in its Action Phase a reduced infantry company not in an enemy ZOC may, as its
 * action, roll one die on the Recovery Table; a modified 6 or more flips it back to full strength.
 * DRMs (tables.recovery.drms): morale bonus side, 4+ hexes from every enemy unit, Pajari stacked
 * (12.3; he may not move afterwards), night turn (16.0), out of supply (15.1, from supply.ts),
 * Soviets on Dec 11–12, and the optional Field Kitchen (20.8). A Soviet unit that built a Bonfire this
 * night Action Phase may still attempt Recovery (16.2). No Soviet Recovery under Morale Collapse (17.0.4).
 */
import type { Ctx } from './ctx.js';
import type { Side } from './ruleset.js';
import type { GameEvent, GameState, RecoveryAction, RecoveryDrm, RecoveryOption, RuleViolation, UnitState } from './types.js';
import { rollDice, type DiceSource } from './dice.js';
import { suppliedHexes } from './supply.js';
import type { HexId } from './hex.js';
import { eventsThisPhase, isInfantryCompany, isReduced } from './strength.js';
import { nearestEnemyDistance } from './enemy.js';
import { dieTableRow } from './die-table.js';
import { phaseLabel, sideLabel } from './labels.js';
import { inEnemyZoc } from './zoc.js';
import type { RuleCode } from './codes.js';
import { ruleOn } from './options.js';
import { unitsIn } from './units.js';
import { unitToChange } from './draft.js';

const bad = (code: RuleCode, rule: string, message: string): RuleViolation => ({ code, rule, message });

/** Distance from every enemy unit that earns the +1 (13.3). */
export const RECOVERY_FAR_FROM_ENEMY = 4;

/** Pajari (the leader) in this hex, if any (12.3). */
function leaderIn(ctx: Ctx, state: GameState, side: Side, hex: string): UnitState | undefined {
  return unitsIn(state, hex).find((u) => u.side === side && ctx.counter(u.id).type === 'leader');
}

/** Did this unit build a Bonfire in the current Action Phase (16.2 lets it still attempt Recovery)? */
function builtBonfireThisPhase(state: GameState, unitId: string): boolean {
  return eventsThisPhase(state).some((e) => {
    const x = e as { type: string; units?: unknown };
    return (x.type === 'bonfireBuilt' || x.type === 'bonfire') && Array.isArray(x.units) && x.units.includes(unitId);
  });
}

/** Has this unit attempted Recovery in the current Action Phase? (for the Bonfire rule, 16.2) */
export function attemptedRecoveryThisPhase(state: GameState, unitId: string): boolean {
  return eventsThisPhase(state).some((e) => e.type === 'recovery' && e.unit === unitId);
}

/** Why this unit may not attempt Recovery now, or null (13.3, 3.0, 7.2). */
export function recoveryProblem(ctx: Ctx, state: GameState, side: Side, unitId: unknown): RuleViolation | null {
  if (state.phase !== 'action')
    return bad(
      'rule/wrong-phase',
      '3.0',
      `Recovery is attempted in your Action Phase; the current phase is the ${phaseLabel(state.phase)}.`,
    );
  if (typeof unitId !== 'string' || !state.units[unitId])
    return bad('input/unknown-unit', '13.3', `There is no unit ${JSON.stringify(unitId)} in this game.`);
  const u = state.units[unitId]!;
  if (u.side !== side) return bad('rule/not-your-unit', '13.3', `${unitId} is not a ${sideLabel(side)} unit.`);
  if (u.location !== 'map' || !u.hex) return bad('rule/recovery-not-on-map', '13.3', `${unitId} is not on the map.`);
  if (!isInfantryCompany(ctx, unitId))
    return bad(
      'rule/recovery-not-infantry',
      '13.3',
      `Only infantry companies attempt Recovery; ${unitId} is a ${ctx.counter(unitId).type} unit.`,
    );
  if (!isReduced(ctx, u))
    return bad('rule/recovery-not-reduced', '13.3', `${unitId} is at full strength; only reduced companies attempt Recovery.`);
  if (attemptedRecoveryThisPhase(state, unitId))
    return bad('rule/already-acted', '13.3', `${unitId} has already attempted Recovery this Action Phase.`);
  if (u.flags.acted && !builtBonfireThisPhase(state, unitId)) {
    return bad('rule/already-acted', '3.0', `${unitId} has already taken its action this Action Phase; Recovery is a whole action (13.3).`);
  }
  if (side === 'soviet' && state.markers.some((m) => m.type === 'sovietMoraleCollapse')) {
    return bad('rule/recovery-morale-collapse', '17.0.4', 'Soviet units cannot attempt Recovery while the Soviet morale has collapsed.');
  }
  if (inEnemyZoc(state, ctx, u.hex, side))
    return bad('rule/recovery-ezoc', '13.3', `${unitId} is in an enemy ZOC in ${u.hex}; Recovery needs a hex free of enemy ZOC (7.2).`);
  return null;
}

/** The Recovery Table DRMs that apply to this unit now (13.3). `usePajari: false` declines his +1. */
export function recoveryDrms(
  ctx: Ctx,
  state: GameState,
  u: UnitState,
  usePajari = true,
  supplied: ReadonlySet<HexId> = suppliedHexes(state, ctx, u.side),
): { drms: RecoveryDrm[]; pajari: UnitState | undefined } {
  const table = ctx.ruleset.tables.recovery;
  const turn = ctx.turnDef(state.turn);
  const hex = u.hex!;
  const drms: RecoveryDrm[] = [];
  const add = (id: string, when: boolean): void => {
    if (!when) return;
    const d = table.drms.find((x) => x.id === id);
    if (d && typeof d.value === 'number') drms.push({ id, label: d.label, rule: d.rule, value: d.value });
  };
  const pajari = usePajari ? leaderIn(ctx, state, u.side, hex) : undefined;
  add('moraleBonus', turn?.moraleBonus === u.side);
  add('farFromEnemy', nearestEnemyDistance(state, u.side, hex) >= RECOVERY_FAR_FROM_ENEMY);
  add('pajari', pajari !== undefined);
  add('night', turn?.light === 'night');
  add('outOfSupply', !supplied.has(hex)); // 15.1, supply.ts
  add('sovietLateDays', u.side === 'soviet' && (turn?.date === '1939-12-11' || turn?.date === '1939-12-12'));
  const kitchen =
    ruleOn(state.options, '20.8') &&
    ctx.counter(u.id).formation === 'JR16' &&
    Object.values(state.units).some(
      (k) => k.side === u.side && k.location === 'map' && k.hex === hex && ctx.counter(k.id).type === 'fieldKitchen',
    );
  add('fieldKitchen', kitchen);
  return { drms, pajari };
}

/** Success by the Recovery Table's rows for a modified total (13.3). */
export function recoverySucceeds(ctx: Ctx, total: number): boolean {
  const row = dieTableRow(ctx.ruleset.tables.recovery, total);
  return row?.result.success === true;
}

/** Lowest modified total that succeeds on the Recovery Table (6 in Red Winter). */
export function recoveryThreshold(ctx: Ctx): number {
  const wins = ctx.ruleset.tables.recovery.rows.filter((r) => r.result.success).map((r) => r.min ?? -Infinity);
  return wins.length ? Math.min(...wins) : Infinity;
}

/** Units that may attempt Recovery now, with their DRMs (for legalActions). */
export function recoveryOptions(ctx: Ctx, state: GameState, side: Side): RecoveryOption[] {
  const out: RecoveryOption[] = [];
  if (state.phase !== 'action' || ctx.ruleset.tables.recovery.rows.length === 0) return out;
  let supplied: ReadonlySet<HexId> | undefined;
  for (const u of Object.values(state.units)) {
    if (u.side !== side || u.location !== 'map' || !u.hex) continue;
    if (recoveryProblem(ctx, state, side, u.id)) continue;
    supplied ??= suppliedHexes(state, ctx, side);
    const { drms, pajari } = recoveryDrms(ctx, state, u, true, supplied);
    const net = drms.reduce((s, d) => s + d.value, 0);
    const needs = Math.min(7, Math.max(1, recoveryThreshold(ctx) - net));
    out.push({ unit: u.id, hex: u.hex, drms, net, needs, pajariAvailable: pajari !== undefined });
  }
  return out;
}

/** Attempt Recovery (13.3): one numbered die, DRMs, flip to full strength on success. */
export function doRecovery(
  ctx: Ctx,
  state: GameState,
  side: Side,
  a: RecoveryAction,
  source: DiceSource,
  events: GameEvent[],
): RuleViolation | null {
  const problem = recoveryProblem(ctx, state, side, a.unit);
  if (problem) return problem;
  if (ctx.ruleset.tables.recovery.rows.length === 0) return bad('rule/table-missing', '13.3', 'The Recovery Table is not in this ruleset.');
  if (a.pajari !== undefined && typeof a.pajari !== 'boolean')
    return bad('input/pajari', '12.3', 'pajari is true (use his +1) or false (decline it).');
  const u = unitToChange(state, a.unit);
  const { drms, pajari } = recoveryDrms(ctx, state, u, a.pajari !== false);
  const net = drms.reduce((s, d) => s + d.value, 0);
  const [die] = rollDice(state, 1, `Recovery ${u.id}`, '13.3', source, events);
  const total = die! + net;
  const success = recoverySucceeds(ctx, total);
  if (success) u.stepsLeft = ctx.counter(u.id).steps;
  u.flags.acted = true;
  if (pajari) unitToChange(state, pajari.id).flags.acted = true; // 12.3: he may not move after lending the bonus
  const needed = recoveryThreshold(ctx);
  events.push({
    type: 'recovery',
    side,
    unit: u.id,
    hex: u.hex!,
    rollNumber: state.rollCount,
    roll: die!,
    drms,
    total,
    needed,
    success,
    pajari: pajari?.id ?? null,
    rule: '13.3',
  });
  return null;
}
