/**
 * The Combat procedure (8.1) and its follow-up decisions, on a draft GameState.
 *
 * 1–5 declare, support and AT fire: Support (10.3) and AT Fire (11.2) run through the plug-in
 *     `CombatIo.supportAndAtFire` (combat-fire.ts) and give the Suppression shifts.
 *     If that fire empties the defending hex, no CRT is rolled: straight to the Advance (10.4.3).
 * 6–8 ratio, shifts, CRT (odds.ts, crt.ts).
 * 9   losses, defender first (losses.ts), each an explicit pending decision for the owner.
 * 10  Advance After Combat (advance in this file), a pending decision for the attacker.
 * 11  nothing else may be attacked until this combat is finished (`rule/combat-in-progress`).
 */
import { areAdjacent } from '../hex.js';
import type { HexId, Ruleset, Side } from '../ruleset.js';
import type {
  AdvanceDecision,
  AttackerRef,
  CombatDecision,
  CombatResume,
  CombatKind,
  CombatRecord,
  GameEvent,
  GameState,
  RuleViolation,
} from '../types.js';
import { contextOf } from '../ctx.js';
import { leaderCaptureChecks } from '../pajari.js';
import { heartCheck } from '../heart.js';
import { capturedLmgCheck } from '../captured-lmgs.js';
import { firedRangedThisPhase } from '../fire-record.js';
import { bonfireCombatProblem } from '../bonfire.js';
import { crtCell } from './crt.js';
import { combatInProgress, readRecord, writeRecord } from './record.js';
import { sidePhaseLabel } from '../labels.js';
import { analyseCombat, shiftText, situationFromState, type CombatAnalysis } from './odds.js';
import {
  applyLosses,
  canTakeSteps,
  checkLosses,
  lossDecision,
  OFF_MAP,
  retreatLimit,
  type LossAnswer,
  type LossEvent,
  type LossSetup,
} from './losses.js';
import { currentValues, isArmored, isInfantry, isLeader, isMapCombatUnit, mustCounter, otherSide, unitsByHex, unitsIn } from '../units.js';
import { enemyZocTest } from '../zoc.js';
import { isProhibitedFor } from '../terrain.js';
import { stackFits } from '../stacking.js';
import type { RuleCode } from '../codes.js';
import { ruleOn } from '../options.js';
import { offerFriction } from '../friction-fire.js';
import { unitToChange } from '../draft.js';

/** What the combat code needs from the engine around it. */
export interface CombatIo {
  /** Roll dice on the draft (numbered roll event); returns the dice and the roll number. */
  roll(count: number, purpose: string, rule: string): { dice: number[]; n: number };
  emit(e: GameEvent): void;
  /**
   * Units came to occupy the hexes of `path` by advancing or retreating: hex control (7.3) and the pick-up
   * of a lone enemy leader (12.3.1) follow (src/engine/occupy.ts).
   */
  occupied?(side: Side, units: string[], path: HexId[]): void;
  /**
   * Plug-in point for 8.1 steps 2–5 (support, 10.3; AT fire, 11.2), called after the declaration and
   * before the ratio: it may roll, apply its own results to the draft, and return the Suppression
   * markers each side earned (8.3 case 3), or a violation to refuse the whole action, or `paused`
   * when the owner of units hit by Support chooses their losses first (a `rangedLosses` decision
   * carrying a `CombatResume`; the Combat goes on with `resumeDeclared`).
   */
  supportAndAtFire?(
    draft: GameState,
    declared: Declared,
    resume?: CombatResume,
    extra?: { mpLeft?: number },
  ): FireStepOutcome | RuleViolation;
}

/** What the 8.1 fire step gives back: the Suppression markers earned, or a pause for a loss choice. */
export type FireStepOutcome = { suppression: { attacker: number; defender: number } } | { paused: true };

const fail = (code: RuleCode, rule: string, message: string): RuleViolation => ({ code, rule, message });

function parseHex(ruleset: Ruleset, text: unknown): HexId | null {
  if (typeof text !== 'string') return null;
  const t = text
    .trim()
    .toUpperCase()
    .replace(/\s+/g, '')
    .replace(/^([A-X])0+/, '$1');
  return ruleset.map.hexes[t] ? t : null;
}

// ───────────────────────────── declaration (8.0) ─────────────────────────────

export interface Declared {
  kind: CombatKind;
  side: Side;
  target: HexId;
  attackers: AttackerRef[];
}

/** Checks common to Combats and Assaults: the target hex (8.0 a, 12.3.1). */
function checkTarget(
  state: GameState,
  ruleset: Ruleset,
  side: Side,
  targetText: unknown,
): { target: HexId } | { violation: RuleViolation } {
  const target = parseHex(ruleset, targetText);
  if (!target) return { violation: fail('input/bad-hex', '2.3', `${JSON.stringify(targetText)} is not a hex on the map (e.g. M16).`) };
  const enemies = unitsIn(state, target).filter((u) => u.side !== side);
  if (enemies.length === 0) return { violation: fail('rule/no-defender', '8.0', `There are no enemy units in ${target}.`) };
  if (enemies.every((u) => isLeader(mustCounter(ruleset, u.id)))) {
    return { violation: fail('rule/leader-alone', '12.3.1', `${target} holds only Pajari: alone, he cannot be attacked.`) };
  }
  return { target };
}

/** Validate a Combat declaration (8.0 a–f, 8.1 step 1, 8.7). */
export function checkCombatDeclaration(
  state: GameState,
  ruleset: Ruleset,
  side: Side,
  attackersIn: unknown,
  targetText: unknown,
): Declared | { violation: RuleViolation } {
  const bonfire = bonfireCombatProblem(state, attackersIn); // 16.2
  if (bonfire) return { violation: bonfire };
  if (state.phase !== 'combat' || state.activeSide !== side) {
    return {
      violation: fail(
        'rule/wrong-phase',
        '8.0',
        `Combats happen in your own Combat Phase; now it is ${sidePhaseLabel(state.activeSide, state.phase)}.`,
      ),
    };
  }
  if (combatInProgress(state))
    return {
      violation: fail('rule/combat-in-progress', '8.1', 'Finish the current combat (losses and advance) before attacking another hex.'),
    };
  if (side === 'soviet' && state.markers.some((m) => m.type === 'sovietMoraleCollapse')) {
    return { violation: fail('rule/morale-collapse', '17.0.4', 'After the Soviet morale collapse the Soviets may not attack.') };
  }
  const t = checkTarget(state, ruleset, side, targetText);
  if ('violation' in t) return t;
  const target = t.target;
  const rec = readRecord(state);
  if (rec.attackedHexes.includes(target))
    return { violation: fail('rule/hex-already-attacked', '8.0 e', `${target} has already been attacked this Combat Phase.`) };
  if (!Array.isArray(attackersIn) || attackersIn.length === 0 || attackersIn.some((x) => typeof x !== 'string')) {
    return { violation: fail('input/units', '8.1', 'Name the attacking units.') };
  }
  const ids = attackersIn as string[];
  if (new Set(ids).size !== ids.length) return { violation: fail('input/duplicate-unit', '8.1', 'A unit is named twice.') };
  const attackers: AttackerRef[] = [];
  for (const id of ids) {
    const u = state.units[id];
    if (!u) return { violation: fail('input/unknown-unit', '8.1', `There is no unit ${id} in this game.`) };
    if (u.side !== side) return { violation: fail('input/not-your-unit', '8.1', `${id} is not a ${side} unit.`) };
    if (u.location !== 'map' || !u.hex) return { violation: fail('rule/not-on-map', '8.0', `${id} is not on the map.`) };
    const def = mustCounter(ruleset, id);
    if (isLeader(def))
      return {
        violation: fail('rule/leader-no-cs', '12.3', `${id} has no CS and does not attack; units stacked with him get his column shift.`),
      };
    if (!isMapCombatUnit(def)) return { violation: fail('rule/cannot-attack', '8.0', `${id} cannot take part in a Combat.`) };
    if (def.conventions.cannotAttack || def.type === 'mortar')
      return { violation: fail('rule/mortar-no-attack', '12.5.1', `${id} is a mortar: it never attacks (it defends normally).`) };
    if ((currentValues(def, u).cs ?? 0) <= 0) return { violation: fail('rule/no-cs', '8.2', `${id} has no CS to attack with.`) };
    if (!areAdjacent(u.hex, target))
      return { violation: fail('rule/not-adjacent', '8.0', `${id} in ${u.hex} is not adjacent to ${target}.`) };
    if (rec.attacked.includes(id))
      return { violation: fail('rule/already-attacked', '8.0 c', `${id} has already attacked this Combat Phase.`) };
    if (firedRangedThisPhase(state, id))
      return { violation: fail('rule/fired-this-phase', '10.0', `${id} made a Ranged Attack this phase: no Combat as well.`) };
    if (rec.advanced.includes(id))
      return { violation: fail('rule/advanced', '8.7', `${id} advanced after combat this phase and cannot attack again.`) };
    attackers.push({ unit: id, from: u.hex });
  }
  return { kind: 'combat', side, target, attackers };
}

/** Units taking part in an Assault (9.1): infantry, armor, engineers and MGs. */
export function mayAssault(ruleset: Ruleset, unitId: string): boolean {
  const def = mustCounter(ruleset, unitId);
  return isInfantry(def) || isArmored(def) || def.type === 'mg' || isLeader(def);
}

/**
 * Validate an Assault from `from` (9.1): the caller (movement) has already moved the stack there and
 * says how many MPs it has left and whether the minimum-move case applies (4.1.1).
 */
export function checkAssaultDeclaration(
  state: GameState,
  ruleset: Ruleset,
  side: Side,
  units: string[],
  targetText: unknown,
  mp: { from: HexId; mpLeft: number; cost: number; minimumMove: boolean },
): Declared | { violation: RuleViolation } {
  if (state.phase !== 'action' || state.activeSide !== side) {
    return {
      violation: fail(
        'rule/wrong-phase',
        '9.0',
        `Assaults happen during movement in your own Action Phase; now it is ${sidePhaseLabel(state.activeSide, state.phase)}.`,
      ),
    };
  }
  if (combatInProgress(state)) return { violation: fail('rule/combat-in-progress', '8.1', 'Finish the current Assault first.') };
  if (side === 'soviet' && state.markers.some((m) => m.type === 'sovietMoraleCollapse')) {
    return { violation: fail('rule/morale-collapse', '17.0.4', 'After the Soviet morale collapse the Soviets may not assault.') };
  }
  const t = checkTarget(state, ruleset, side, targetText);
  if ('violation' in t) return t;
  const target = t.target;
  if (!areAdjacent(mp.from, target)) return { violation: fail('rule/not-adjacent', '9.1', `${target} is not adjacent to ${mp.from}.`) };
  for (const id of units) {
    const def = mustCounter(ruleset, id);
    if (!mayAssault(ruleset, id)) {
      return {
        violation: fail(
          'rule/cannot-assault',
          '9.1',
          `${id} (${def.type}) cannot Assault: only infantry, armor, engineers and MGs may (AT guns, mortars and infantry guns never do).`,
        ),
      };
    }
    if (isProhibitedFor(contextOf(ruleset), def, target))
      return {
        violation: fail('rule/prohibited-terrain', '9.1, 8.0 f', `${id} cannot Assault into ${target}: the terrain is prohibited to it.`),
      };
  }
  if (units.every((id) => isLeader(mustCounter(ruleset, id))))
    return { violation: fail('rule/leader-no-cs', '12.3', 'Pajari cannot assault alone.') };
  // Stacking is checked at the instant of an Assault (6.0).
  const there = unitsIn(state, mp.from)
    .filter((u) => u.side === side && !units.includes(u.id))
    .map((u) => u.id);
  if (!stackFits(contextOf(ruleset), [...there, ...units]))
    return {
      violation: fail('rule/overstack', '6.0', `The stack in ${mp.from} is over the stacking limit at the instant of the Assault.`),
    };
  if (mp.cost > mp.mpLeft && !mp.minimumMove) {
    return {
      violation: fail(
        'rule/assault-mp',
        '9.1',
        `An Assault on ${target} costs ${mp.cost} MP (terrain + 2); only ${mp.mpLeft} MP left. Without moving first, a stack that began the phase adjacent may still assault (4.1.1).`,
      ),
    };
  }
  return { kind: 'assault', side, target, attackers: units.map((u) => ({ unit: u, from: mp.from })) };
}

// ───────────────────────────── resolution (8.1 steps 6–9) ─────────────────────────────

/** Analysis of a declared fight in the current state (no dice). */
export function analyseDeclared(
  state: GameState,
  ruleset: Ruleset,
  d: Declared,
  suppression?: { attacker: number; defender: number },
): CombatAnalysis {
  const rec = readRecord(state);
  const retreated = new Set(state.phase === 'combat' ? rec.retreated : []);
  const attackers = d.attackers.filter((a) => !isLeader(mustCounter(ruleset, a.unit)) && state.units[a.unit]?.location === 'map');
  // No support in an Assault (9.2).
  const sup = d.kind === 'assault' ? undefined : suppression;
  return analyseCombat(
    ruleset,
    state,
    situationFromState(state, ruleset, d.kind, d.side, attackers, d.target, { retreated, ...(sup ? { suppression: sup } : {}) }),
  );
}

function hotelApplies(state: GameState, ruleset: Ruleset, target: HexId, defenderSide: Side): boolean {
  if (!ruleset.map.hexes[target]?.hotel) return false;
  return unitsIn(state, target).some((u) => {
    if (u.side !== defenderSide) return false;
    const def = mustCounter(ruleset, u.id);
    return isInfantry(def) || def.type === 'mg';
  });
}

/**
 * Resolve a declared Combat or Assault on the draft: odds, CRT roll, Hotel, then the first pending decision.
 * Returns a violation only when the Support / AT Fire step refuses (before any die is rolled).
 */
export function resolveDeclared(
  draft: GameState,
  ruleset: Ruleset,
  d: Declared,
  io: CombatIo,
  extra: { mpLeft?: number } = {},
  resume?: CombatResume,
): RuleViolation | null {
  let suppression: { attacker: number; defender: number } | undefined;
  // Assaults too: AT Fire from the defending hex (11.2); their Suppression is ignored (no support in Assaults, 10.3.1).
  if (io.supportAndAtFire) {
    const pre = io.supportAndAtFire(draft, d, resume, extra);
    if ('code' in pre) return pre;
    if ('paused' in pre) return null; // the owner chooses Support losses first; resumeDeclared goes on
    suppression = pre.suppression;
  }
  // 10.4.3: Support or AT Fire left no defending combat unit: no CRT roll; the attackers go straight to
  // the Advance, into that hex only (every defender was eliminated, so 8.7.1 allows one hex).
  if (!unitsIn(draft, d.target).some((u) => u.side !== d.side && isMapCombatUnit(mustCounter(ruleset, u.id)))) {
    emptiedByFire(draft, ruleset, d, io, extra);
    return null;
  }
  const a = analyseDeclared(draft, ruleset, d, suppression);
  const { dice, n } = io.roll(2, `${d.kind === 'assault' ? 'Assault' : 'Combat'} on ${d.target} at ${a.column}`, '8.4');
  const roll = dice.reduce((s, x) => s + x, 0);
  const cell = crtCell(ruleset.tables.crt, a.column, roll);
  const record = openRecord(draft, d, extra, {
    attackerHexes: a.attackerHexes,
    column: a.column,
    roll,
    result: { attacker: cell.attacker, defender: cell.defender },
    defenderLosses: cell.defender,
    attackerLosses: cell.attacker,
    stage: 'defenderLosses',
  });
  if (a.pajari && ruleOn(draft.options, '20.6')) record.pajari = a.pajari; // 20.6: his heart is checked at the end
  io.emit({
    type: 'combat',
    kind: d.kind,
    id: record.id,
    side: d.side,
    target: d.target,
    attackers: a.attackers.map((l) => ({ unit: l.unit, hex: l.hex, cs: l.counted, notes: l.notes })),
    defenders: a.defenders.map((l) => ({ unit: l.unit, cs: l.counted, notes: l.notes })),
    attackerTotal: a.attackerTotal,
    defenderTotal: a.defenderTotal,
    halvings: a.halvings.map((h) => h.text),
    ratio: a.ratioText,
    baseOdds: a.baseOdds,
    modifiers: a.modifiers.map((m) => m.text),
    suppression: a.suppression,
    netShift: shiftText(a.netShift),
    finalOdds: a.finalOdds,
    column: a.column,
    rollNumber: n,
    roll,
    result: `${cell.attacker}/${cell.defender}`,
    rule: d.kind === 'assault' ? '9.2' : '8.4',
  });
  if (record.defenderLosses > 0 && hotelApplies(draft, ruleset, d.target, otherSide(d.side))) {
    record.defenderLosses -= 1;
    io.emit({ type: 'hotel', hex: d.target, ignored: 1, rule: '5.2.5' });
  }
  proceed(draft, ruleset, io);
  return null;
}

/** Go on with a Combat paused for the owner's choice of Support losses (10.4.2), from its stage. */
export function resumeDeclared(draft: GameState, ruleset: Ruleset, resume: CombatResume, io: CombatIo): RuleViolation | null {
  const d: Declared = { ...resume.declared, attackers: resume.declared.attackers.map((a) => ({ ...a })) };
  return resolveDeclared(draft, ruleset, d, io, resume.mpLeft !== undefined ? { mpLeft: resume.mpLeft } : {}, resume);
}

type Outcome = Pick<CombatRecord, 'attackerHexes' | 'column' | 'roll' | 'result' | 'defenderLosses' | 'attackerLosses' | 'stage'>;

/** Open the phase's current combat record for a resolved declaration and mark its attackers and hex as used. */
function openRecord(draft: GameState, d: Declared, extra: { mpLeft?: number }, outcome: Outcome): CombatRecord {
  const rec = writeRecord(draft);
  const record: CombatRecord = {
    id: rec.nextId++,
    kind: d.kind,
    attackerSide: d.side,
    target: d.target,
    attackers: d.attackers,
    defenders: unitsIn(draft, d.target)
      .filter((u) => u.side !== d.side)
      .map((u) => u.id),
    ...outcome,
    defenderRetreat: 0,
    attackersRetreated: [],
    ...(extra.mpLeft !== undefined ? { mpLeft: extra.mpLeft } : {}),
  };
  rec.current = record;
  for (const x of d.attackers) if (!rec.attacked.includes(x.unit)) rec.attacked.push(x.unit);
  if (d.kind === 'combat') rec.attackedHexes.push(d.target);
  return record;
}

/** The Combat record when fire emptied the defending hex before the CRT (10.4.3): nothing rolled, no losses. */
function emptiedByFire(draft: GameState, ruleset: Ruleset, d: Declared, io: CombatIo, extra: { mpLeft?: number }): void {
  const attackerHexes = [...new Set(d.attackers.map((x) => draft.units[x.unit]?.hex).filter((h): h is HexId => !!h))].sort();
  const record = openRecord(draft, d, extra, {
    attackerHexes,
    column: null,
    roll: null,
    result: { attacker: 0, defender: 0 },
    defenderLosses: 0,
    attackerLosses: 0,
    stage: 'advance',
  });
  io.emit({
    type: 'combatNoRoll',
    kind: d.kind,
    id: record.id,
    side: d.side,
    target: d.target,
    attackers: d.attackers.map((x) => x.unit),
    reason: 'no defending combat unit is left after Support and AT Fire',
    rule: '10.4.3',
  });
  proceed(draft, ruleset, io);
}

function lossSetupFor(state: GameState, ruleset: Ruleset, c: CombatRecord, role: 'defender' | 'attacker'): LossSetup {
  if (role === 'defender') {
    const side = otherSide(c.attackerSide);
    return {
      side,
      role,
      kind: c.kind,
      losses: c.defenderLosses,
      units: unitsIn(state, c.target)
        .filter((u) => u.side === side)
        .map((u) => u.id),
      awayFrom: c.attackerHexes,
    };
  }
  const ids = c.attackers.map((a) => a.unit).filter((id) => state.units[id]?.location === 'map');
  // The leader stacked with attackers shares their fate (12.3).
  const hexes = new Set(ids.map((id) => state.units[id]!.hex!));
  for (const u of Object.values(state.units)) {
    if (
      u.side === c.attackerSide &&
      u.location === 'map' &&
      u.hex &&
      hexes.has(u.hex) &&
      isLeader(mustCounter(ruleset, u.id)) &&
      !ids.includes(u.id)
    )
      ids.push(u.id);
  }
  return { side: c.attackerSide, role, kind: c.kind, losses: c.attackerLosses, units: ids, awayFrom: [c.target] };
}

function pushDecision(draft: GameState, d: CombatDecision): void {
  (draft.pending as unknown as CombatDecision[]).push(d);
}

/** Move the current combat on to its next decision, skipping steps with nothing to decide. */
export function proceed(draft: GameState, ruleset: Ruleset, io: CombatIo): void {
  const rec = writeRecord(draft);
  const c = rec.current;
  if (!c) return;
  for (;;) {
    if (c.stage === 'defenderLosses' || c.stage === 'attackerLosses') {
      const role = c.stage === 'defenderLosses' ? 'defender' : 'attacker';
      const setup = lossSetupFor(draft, ruleset, c, role);
      const next = role === 'defender' ? 'attackerLosses' : 'advance';
      if (setup.losses <= 0 || setup.units.length === 0) {
        c.stage = next;
        continue;
      }
      const absorbers = setup.units.filter((id) => canTakeSteps(mustCounter(ruleset, id), c.kind));
      if (absorbers.length === 0) {
        io.emit({
          type: 'lossesIgnored',
          units: setup.units,
          losses: setup.losses,
          reason: 'armor ignores losses in a Combat',
          rule: '12.1.1',
        });
        c.stage = next;
        continue;
      }
      pushDecision(draft, lossDecision(draft, ruleset, setup, c.id));
      return;
    }
    if (c.stage === 'advance') {
      const d = advanceDecision(draft, ruleset, c);
      if (!d) {
        c.stage = 'done';
        continue;
      }
      pushDecision(draft, d);
      return;
    }
    // done: the optional rules' checks that follow a fight
    const roll = (n: number, why: string, rule: string) => io.roll(n, why, rule);
    const emit = (e: GameEvent) => io.emit(e);
    capturedLmgCheck(draft, ruleset, c, roll, emit); // 20.4
    if (c.pajari) heartCheck(draft, ruleset, roll, emit); // 20.6
    io.emit({ type: 'combatDone', combatId: c.id });
    rec.current = null;
    return;
  }
}

// ───────────────────────────── answering decisions ─────────────────────────────

function currentDecision(state: GameState): CombatDecision | null {
  const p = state.pending[0] as unknown as CombatDecision | undefined;
  return p && (p.type === 'combatLosses' || p.type === 'advance') ? p : null;
}

/** The owner answers a loss decision (8.5). */
export function answerLosses(draft: GameState, ruleset: Ruleset, side: Side, answer: LossAnswer, io: CombatIo): RuleViolation | null {
  const d = currentDecision(draft);
  if (!d || d.type !== 'combatLosses') return fail('rule/no-loss-decision', '8.5', 'No combat losses are waiting to be taken.');
  if (d.side !== side) return fail('rule/not-your-decision', '8.5', `The ${d.side} player takes these losses.`);
  if (!answer || typeof answer !== 'object' || typeof answer.steps !== 'object' || answer.steps === null) {
    return fail('input/losses', '8.5', 'Give steps per unit, e.g. { "steps": { "1/1/609": 1 } }, and retreat paths if any.');
  }
  const rec = writeRecord(draft);
  const c = rec.current!;
  const setup = lossSetupFor(draft, ruleset, c, d.role);
  const norm: LossAnswer = { steps: answer.steps };
  if (answer.retreat) {
    const r: Record<string, HexId[]> = {};
    for (const [id, p] of Object.entries(answer.retreat)) {
      if (!Array.isArray(p)) return fail('input/path', '8.5.2', `The retreat of ${id} is a list of hexes.`);
      const hexes: HexId[] = [];
      for (const h of p) {
        if (h === OFF_MAP) {
          hexes.push(OFF_MAP);
          continue;
        }
        const x = parseHex(ruleset, h);
        if (!x) return fail('input/bad-hex', '2.3', `${JSON.stringify(h)} is not a hex on the map.`);
        hexes.push(x);
      }
      r[id] = hexes;
    }
    norm.retreat = r;
  }
  if (answer.zocLoss) norm.zocLoss = answer.zocLoss;
  const checked = checkLosses(draft, ruleset, setup, norm);
  if (!checked.ok) return checked.violation;
  const outcome = checked.value;
  const evs: LossEvent[] = [];
  const { retreated, entered } = applyLosses(draft, ruleset, outcome, evs);
  for (const e of evs) io.emit(e);
  for (const id of retreated) if (!rec.retreated.includes(id)) rec.retreated.push(id);
  if (d.role === 'defender') c.defenderRetreat = outcome.retreatHexes;
  else c.attackersRetreated.push(...retreated);
  // Retreating units occupy the hexes they enter (7.3, 12.3.1): one call per path taken.
  const byPath = new Map<string, { units: string[]; path: HexId[] }>();
  for (const [id, path] of Object.entries(entered)) {
    if (path.length === 0) continue;
    const g = byPath.get(path.join()) ?? { units: [], path };
    g.units.push(id);
    byPath.set(path.join(), g);
  }
  for (const g of byPath.values()) io.occupied?.(d.side, g.units, g.path);
  // Pajari (12.3.1): forced to retreat into an eZOC alone, or his hex's units all eliminated out of supply.
  const checks: GameEvent[] = [];
  leaderCaptureChecks(contextOf(ruleset), draft, evs, (purpose, rule) => io.roll(1, purpose, rule).dice[0]!, checks);
  for (const e of checks) io.emit(e);
  draft.pending.shift();
  c.stage = d.role === 'defender' ? 'attackerLosses' : 'advance';
  // Optional 20.1: the other side may fire on each retreating stack first; the Combat goes on after.
  const held: GameEvent[] = [];
  let asked = false;
  for (const g of [...byPath.values()].reverse()) {
    const units = g.units.filter((id) => draft.units[id]?.location === 'map');
    const from =
      evs.find((e): e is Extract<LossEvent, { type: 'retreated' }> => e.type === 'retreated' && units.includes(e.unit))?.from ?? null;
    if (!units.length) continue;
    const route = {
      hex: g.path[g.path.length - 1]!,
      path: [...g.path],
      cost: 0,
      mpLeft: 0,
      extended: false,
      minimumMove: false,
      zocStop: false,
    };
    asked = offerFriction(contextOf(ruleset), draft, { kind: 'retreat', side: d.side, units, from, route, exit: false }, held) || asked;
  }
  for (const e of held) io.emit(e);
  if (!asked) proceed(draft, ruleset, io);
  return null;
}

// ───────────────────────────── advance after combat (8.7) ─────────────────────────────

/** Units that never advance (8.7, 12.5.1). */
export function neverAdvances(ruleset: Ruleset, unitId: string): boolean {
  const t = mustCounter(ruleset, unitId).type;
  return t === 'mortar' || t === 'atGun' || t === 'infantryGun';
}

function vacated(state: GameState, ruleset: Ruleset, c: CombatRecord): boolean {
  const defSide = otherSide(c.attackerSide);
  return !unitsIn(state, c.target).some((u) => u.side === defSide && isMapCombatUnit(mustCounter(ruleset, u.id)));
}

/** The attacker's advance decision, or null when nobody may advance. */
export function advanceDecision(state: GameState, ruleset: Ruleset, c: CombatRecord): AdvanceDecision | null {
  if (!vacated(state, ruleset, c)) return null;
  const defendersLeft = c.defenders.some((id) => state.units[id]?.location === 'map' && !isLeader(mustCounter(ruleset, id)));
  // If every defender was eliminated, only the defenders' hex may be entered (8.7.1).
  const hexesAllowed = defendersLeft ? Math.max(1, c.defenderRetreat) : 1;
  const rec = readRecord(state);
  const cands: { unit: string; maxHexes: number }[] = [];
  const attackerHexes = new Set(c.attackers.map((a) => state.units[a.unit]?.hex).filter((h): h is HexId => !!h));
  const ids = c.attackers.map((a) => a.unit);
  // Pajari advances with his stack (12.3).
  for (const u of Object.values(state.units)) {
    if (
      u.side === c.attackerSide &&
      u.location === 'map' &&
      u.hex &&
      attackerHexes.has(u.hex) &&
      isLeader(mustCounter(ruleset, u.id)) &&
      !ids.includes(u.id)
    )
      ids.push(u.id);
  }
  for (const id of ids) {
    const u = state.units[id];
    if (!u || u.location !== 'map' || !u.hex) continue;
    if (c.attackersRetreated.includes(id) || rec.retreated.includes(id)) continue;
    if (neverAdvances(ruleset, id)) continue;
    const def = mustCounter(ruleset, id);
    if (isProhibitedFor(contextOf(ruleset), def, c.target)) continue;
    const lim = retreatLimit(def, u);
    if (lim < 1 && c.kind !== 'assault') continue;
    cands.push({ unit: id, maxHexes: Math.max(1, Math.min(lim, hexesAllowed)) });
  }
  if (cands.filter((x) => !isLeader(mustCounter(ruleset, x.unit))).length === 0) return null;
  const mandatory = c.kind === 'assault';
  // Default: the eligible units (within stacking limits) into the vacated hex.
  const chosen: string[] = [];
  for (const x of cands) if (stackFits(contextOf(ruleset), [...chosen, x.unit])) chosen.push(x.unit);
  return {
    type: 'advance',
    side: c.attackerSide,
    combatId: c.id,
    rule: '8.7',
    vacated: c.target,
    units: cands,
    mandatory,
    default: { units: chosen, path: [c.target] },
    defaultText: `${chosen.join(', ')} advance into ${c.target}`,
  };
}

/** The attacker answers the advance (8.7, 8.7.1, 9.2). An empty unit list declines (not after an Assault). */
export function answerAdvance(
  draft: GameState,
  ruleset: Ruleset,
  side: Side,
  units: unknown,
  pathIn: unknown,
  io: CombatIo,
): RuleViolation | null {
  const d = currentDecision(draft);
  if (!d || d.type !== 'advance') return fail('rule/no-advance-decision', '8.7', 'No Advance After Combat is open now.');
  if (d.side !== side) return fail('rule/not-your-decision', '8.7', `The ${d.side} player decides the advance.`);
  if (!Array.isArray(units) || units.some((x) => typeof x !== 'string'))
    return fail('input/units', '8.7', 'Name the advancing units (an empty list declines).');
  const ids = units as string[];
  const c = writeRecord(draft).current!;
  const allowed = new Map(d.units.map((x) => [x.unit, x.maxHexes]));
  if (ids.length === 0) {
    if (d.mandatory)
      return fail('rule/assault-must-advance', '9.2', `After a successful Assault the attackers must advance into ${d.vacated}.`);
    io.emit({ type: 'advanceDeclined', combatId: c.id, rule: '8.7' });
    return closeAdvance(draft, ruleset, io);
  }
  if (new Set(ids).size !== ids.length) return fail('input/duplicate-unit', '8.7', 'A unit is named twice.');
  for (const id of ids) {
    if (!allowed.has(id)) {
      const why = draft.units[id] && neverAdvances(ruleset, id) ? ' (mortars, AT guns and infantry guns never advance, 8.7)' : '';
      return fail('rule/cannot-advance', '8.7', `${id} may not advance${why}; eligible: ${[...allowed.keys()].join(', ')}.`);
    }
  }
  if (d.mandatory) {
    const must = d.units.filter((x) => !isLeader(mustCounter(ruleset, x.unit))).map((x) => x.unit);
    const missing = must.filter((id) => !ids.includes(id));
    if (missing.length)
      return fail('rule/assault-must-advance', '9.2', `After the Assault every assaulting unit advances: add ${missing.join(', ')}.`);
  }
  if (!Array.isArray(pathIn) || pathIn.length === 0) return fail('input/path', '8.7', `Give the advance path, starting with ${d.vacated}.`);
  const path: HexId[] = [];
  for (const h of pathIn) {
    const x = parseHex(ruleset, h);
    if (!x) return fail('input/bad-hex', '2.3', `${JSON.stringify(h)} is not a hex on the map.`);
    path.push(x);
  }
  if (path[0] !== d.vacated) return fail('rule/advance-first-hex', '8.7.1', `An advance starts in the vacated hex ${d.vacated}.`);
  if (new Set(path).size !== path.length) return fail('input/path', '8.7.1', 'The advance path enters a hex twice.');
  const limit = Math.min(...ids.map((id) => allowed.get(id)!));
  if (path.length > limit)
    return fail('rule/advance-limit', '8.7.1, 8.5.2.1', `These units may advance at most ${limit} hex(es) (defenders' retreat, MA − 2).`);
  const enemy = otherSide(side);
  const armoredOnly = ids.every((id) => isArmored(mustCounter(ruleset, id)));
  const at = unitsByHex(draft);
  const inZoc = enemyZocTest(draft, contextOf(ruleset), side, { armored: armoredOnly });
  for (let i = 0; i < path.length; i++) {
    const h = path[i]!;
    if (i > 0 && !areAdjacent(path[i - 1]!, h)) return fail('input/path', '8.7.1', `${path[i - 1]} and ${h} are not adjacent.`);
    if ((at.get(h) ?? []).some((u) => u.side === enemy && isMapCombatUnit(mustCounter(ruleset, u.id))))
      return fail('rule/advance-enemy', '8.7', `${h} holds enemy units.`);
    for (const id of ids)
      if (isProhibitedFor(contextOf(ruleset), mustCounter(ruleset, id), h))
        return fail('rule/prohibited-terrain', '8.7', `${id} cannot enter ${h}.`);
    if (i < path.length - 1 && inZoc(h)) {
      return fail('rule/advance-zoc-stop', '8.7.1', `${h} is in an enemy ZOC: the advance must stop there.`);
    }
  }
  const end = path[path.length - 1]!;
  const staying = unitsIn(draft, end)
    .filter((u) => u.side === side && !ids.includes(u.id))
    .map((u) => u.id);
  if (!stackFits(contextOf(ruleset), [...staying, ...ids]))
    return fail('rule/overstack', '6.0', `Advancing into ${end} would overstack it.`);
  // Optional 20.1: the other side may fire on the advancing stack first; the advance waits for it.
  const held: GameEvent[] = [];
  const route = { hex: end, path: [...path], cost: 0, mpLeft: 0, extended: false, minimumMove: false, zocStop: false };
  const move = { kind: 'advance' as const, side, units: [...ids], from: draft.units[ids[0]!]!.hex, route, exit: false };
  if (offerFriction(contextOf(ruleset), draft, move, held)) {
    for (const e of held) io.emit(e);
    return null;
  }
  return advanceAlong(draft, ruleset, side, ids, ids, path, io);
}

/**
 * Carry out an advance after combat (8.7, 8.7.1) answering the advance decision at the head of the
 * pending list: `units` (those still in the game of the `declared` ones) go along `path`; then the
 * advance decision goes on for units not yet advanced, or the Combat goes on. Called by answerAdvance,
 * and once Friction Fire on the advance is over (optional 20.1).
 */
export function advanceAlong(
  draft: GameState,
  ruleset: Ruleset,
  side: Side,
  declared: readonly string[],
  ids: string[],
  path: HexId[],
  io: CombatIo,
): RuleViolation | null {
  const d = currentDecision(draft);
  if (!d || d.type !== 'advance') return fail('rule/no-advance-decision', '8.7', 'No Advance After Combat is open now.');
  const rec = writeRecord(draft);
  const c = rec.current!;
  if (ids.length === 0 || path.length === 0) return closeAdvance(draft, ruleset, io);
  const end = path[path.length - 1]!;
  const from = ids.map((id) => draft.units[id]!.hex!);
  for (const id of ids) {
    unitToChange(draft, id).hex = end;
    if (!rec.advanced.includes(id)) rec.advanced.push(id);
  }
  io.emit({ type: 'advanced', units: ids, from, path, rule: c.kind === 'assault' ? '9.2' : path.length > 1 ? '8.7.1' : '8.7' });
  io.occupied?.(side, ids, path);
  // 12.1.2: after an Assault that cleared the hex, armored units may go on with the MPs they have left.
  if (c.kind === 'assault' && c.mpLeft !== undefined && c.mpLeft > 0) {
    const armor = ids.filter((id) => isArmored(mustCounter(ruleset, id)));
    if (armor.length > 0) {
      rec.overrun = { units: armor, mpLeft: c.mpLeft };
      io.emit({ type: 'overrun', units: armor, mpLeft: c.mpLeft, rule: '12.1.2' });
    }
  }
  // Units not yet advanced may advance along another path from the vacated hex (8.7.1); an empty answer ends it.
  const rest = d.units.filter(
    (x) => !declared.includes(x.unit) && !isLeader(mustCounter(ruleset, x.unit)) && draft.units[x.unit]?.location === 'map',
  );
  if (rest.length > 0 && !d.mandatory) {
    const nd: AdvanceDecision = {
      ...d,
      units: d.units.filter((x) => !declared.includes(x.unit) && draft.units[x.unit]?.location === 'map'),
      default: { units: [], path: [] },
      defaultText: 'no further advance',
    };
    (draft.pending as unknown as CombatDecision[])[0] = nd;
    return null;
  }
  return closeAdvance(draft, ruleset, io);
}

/** The advance decision is settled (8.7): it leaves the pending list and the Combat goes on. */
function closeAdvance(draft: GameState, ruleset: Ruleset, io: CombatIo): null {
  draft.pending.shift();
  writeRecord(draft).current!.stage = 'done';
  proceed(draft, ruleset, io);
  return null;
}
