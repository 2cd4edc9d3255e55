/**
 * Ranged Attacks outside Combats (10.0–10.2, 10.4–10.6.2) with off-map artillery (12.4–12.4.2) and
 * mortars / infantry guns (12.5). One unit fires at one enemy-occupied hex that is not adjacent;
 * 2d6 + the unit's RAS + the RAT DRMs (tables.json `rat`) give No effect, Suppressed, or Suppressed
 * plus 1 or 2 step reductions. The target's owner chooses which units lose steps (10.4.2): a
 * `rangedLosses` decision with a default, answered with `takeLosses`, unless only one split exists.
 *
 * Direct fire needs LOS from the firer (its own side's units block, 10.6.1) within the turn's LOS
 * (10.6.2); indirect fire (yellow RAS) needs a spotter (10.5, 10.5.1): any friendly unit or leader
 * adjacent to the target or seeing it; mortars and infantry guns may spot for themselves.
 * Mortars, infantry guns and artillery flip to Fired (Reset flips them back, 3.0); 76 mm artillery
 * spends one ammo (12.4.1); a 354th unit goes on the Turn Track 1d6 turns ahead (12.4.2).
 */
import type { Ctx } from './ctx.js';
import type { CounterDef, Drm, HexId, RatResult, Side } from './ruleset.js';
import type { AppliedDrm, FireOptions, GameEvent, GameState, RangedPlan, RangedTargetOption, RuleViolation, UnitState } from './types.js';
import { areAdjacent, hexDistance, parseHexId } from './hex.js';
import { dieRoller, rollDice, type DiceSource } from './dice.js';
import { leaderCaptureChecks } from './pajari.js';
import { describeLos, lineOfSight, losRange } from './los.js';
import { ruleOn } from './options.js';
import { carriesLmg, lmgMarker } from './captured-lmgs.js';
import { readFireRecord, writeFireRecord } from './fire-record.js';
import { combatInProgress, readRecord } from './combat/record.js';
import { reduceUnit, type LossEvent } from './combat/losses.js';
import { sidePhaseLabel, sideLabel } from './labels.js';
import { bonfireCombatProblem } from './bonfire.js';
import { dieTableRow } from './die-table.js';
import { currentValues, isArmored, isLeader, mustCounter, otherSide, unitsByHex } from './units.js';
import { enemyZocTest, inEnemyZoc } from './zoc.js';
import type { RuleCode } from './codes.js';
import { unitToChange } from './draft.js';

const fail = (code: RuleCode, rule: string, message: string): { violation: RuleViolation } => ({ violation: { code, rule, message } });

const ARTILLERY = new Set(['artillery76', 'artillery122', 'artillery152']);
const SELF_SPOT = new Set(['mortar', 'infantryGun']);
/** Units flipped to their Fired side after a Ranged Attack (12.4, 12.5). */
const FLIPS = new Set(['mortar', 'infantryGun', 'artillery76', 'artillery122', 'artillery152']);

// ───────────────────────────── small helpers ─────────────────────────────

function drmDef(ctx: Ctx, id: string): Drm | undefined {
  return ctx.ruleset.tables.rat.drms.find((d) => d.id === id);
}

function pushDrm(out: AppliedDrm[], def: Drm | undefined, value: number, label?: string): void {
  if (!def || value === 0) return;
  out.push({ id: def.id, n: def.n, rule: def.rule, label: label ?? def.label, value });
}

function valueOf(def: Drm | undefined, key?: string): number {
  if (!def) return 0;
  if (key !== undefined && def.values && def.values[key] !== undefined) return def.values[key]!;
  return def.value ?? 0;
}

export function isIndirect(def: CounterDef): boolean {
  return def.conventions.indirectFire || ARTILLERY.has(def.type);
}

export function isOffMapArtillery(def: CounterDef): boolean {
  return ARTILLERY.has(def.type);
}

/**
 * What planning Ranged Attacks asks of one state's units, each collected once: the units by hex, the
 * hexes each side holds, the enemy ZOC, and the spotters of a hex. All of it follows from where the units
 * stand, so a board serves while no unit moves onto, off or across the map: a listing that plans many
 * attacks on one state shares one, and so do the shots of one side's Support in a Combat, which change
 * only the firers and the target's units (Fired, Suppressed) and whose steps are taken after the last
 * shot (combat-fire.ts); a single plan makes its own (issue 18: no scan of every unit for each unit and
 * hex a listing tries). The units it hands out are read from the state at each call, so a unit copied for
 * writing since the board was made (src/engine/draft.ts) is seen as it is now.
 */
export class RangedBoard {
  private byHex: Map<HexId, UnitState[]> | undefined;
  private readonly held = new Map<string, ReadonlySet<HexId>>();
  private readonly zoc = new Map<string, (hex: HexId) => boolean>();
  private readonly spot = new Map<string, string[]>();
  /** Each side's units on the map: id and hex. */
  private readonly mapUnits = new Map<Side, readonly { id: string; hex: HexId }[]>();
  constructor(
    private readonly ctx: Ctx,
    private readonly state: GameState,
  ) {}

  /** Units on the map in `hex` (any side), in the state's order, as the state holds them now. */
  unitsAt(hex: HexId): readonly UnitState[] {
    const listed = (this.byHex ??= unitsByHex(this.state)).get(hex);
    return listed ? listed.map((u) => this.state.units[u.id]!) : [];
  }

  /** The units in `hex` that are not `side`'s. */
  enemiesIn(hex: HexId, side: Side): UnitState[] {
    return this.unitsAt(hex).filter((u) => u.side !== side);
  }

  /** Whether `owner`'s units in `hex` are Dug-In (14.3): a marker there, or a unit so flagged. */
  isDugIn(hex: HexId, owner: Side): boolean {
    return (
      this.state.markers.some((m) => m.hex === hex && m.type === 'dugIn' && (m.side === undefined || m.side === owner)) ||
      this.unitsAt(hex).some((u) => u.side === owner && u.flags.dugIn === true)
    );
  }

  /** Hexes holding units of `side` other than `except` (blocking terrain for that side's direct fire, 10.6.1). */
  hexesOf(side: Side, except?: string): ReadonlySet<HexId> {
    const key = `${side}:${except ?? ''}`;
    let out = this.held.get(key);
    if (!out) {
      const set = new Set<HexId>();
      for (const [hex, list] of (this.byHex ??= unitsByHex(this.state)))
        if (list.some((u) => u.side === side && u.id !== except)) set.add(hex);
      this.held.set(key, (out = set));
    }
    return out;
  }

  /** Whether `hex` is in the ZOC of `side`'s enemy, as inEnemyZoc answers (for armor: AT units' only, 12.1). */
  inEnemyZoc(hex: HexId, side: Side, armored: boolean): boolean {
    const key = `${side}:${armored}`;
    let test = this.zoc.get(key);
    if (!test) this.zoc.set(key, (test = enemyZocTest(this.state, this.ctx, side, { armored })));
    return test(hex);
  }

  /** `side`'s units on the map, in the state's order, with their hexes (collected once per board). */
  private onMap(side: Side): readonly { id: string; hex: HexId }[] {
    let out = this.mapUnits.get(side);
    if (!out) {
      const found: { id: string; hex: HexId }[] = [];
      for (const u of Object.values(this.state.units))
        if (u.side === side && u.location === 'map' && u.hex) found.push({ id: u.id, hex: u.hex });
      this.mapUnits.set(side, (out = found));
    }
    return out;
  }

  /** Friendly units or leaders that may spot `target` for `side` now (10.5.1): adjacent, or in LOS within the turn's range. */
  spotters(side: Side, target: HexId): string[] {
    const key = `${side}:${target}`;
    let out = this.spot.get(key);
    if (!out) {
      const maxRange = losRange(this.ctx.ruleset, this.state);
      out = [];
      for (const u of this.onMap(side)) {
        const d = hexDistance(u.hex, target);
        if (d === 0) continue;
        // Friendly units never block a spotter's LOS (10.6.1). Beyond the turn's LOS no line is traced.
        if (d === 1 || (d <= maxRange && lineOfSight(this.ctx.ruleset, u.hex, target, { maxRange }).clear)) out.push(u.id);
      }
      out.sort();
      this.spot.set(key, out);
    }
    return out;
  }
}

function resultText(r: RatResult): string {
  if (!r.suppressed) return 'no effect';
  return r.steps > 0 ? `suppressed + ${r.steps} step reduction${r.steps > 1 ? 's' : ''}` : 'suppressed';
}

/** RAT row for a modified total (10.4). */
export function ratResult(ctx: Ctx, total: number): RatResult {
  return dieTableRow(ctx.ruleset.tables.rat, total)?.result ?? { suppressed: false, steps: 0, frictionSteps: null };
}

// ───────────────────────────── checks (10.0–10.2, 10.5) ─────────────────────────────

/** Checks about the firing unit alone (no target yet). */
export function checkFirer(
  ctx: Ctx,
  state: GameState,
  side: Side,
  unitId: unknown,
  zocIgnore?: ReadonlySet<string>,
  friction = false,
  board = new RangedBoard(ctx, state),
): { unit: UnitState; def: CounterDef } | { violation: RuleViolation } {
  if (typeof unitId !== 'string') return fail('input/units', '10.0', 'Name one firing unit.');
  const u = state.units[unitId];
  if (!u) return fail('input/unknown-unit', '10.0', `There is no unit ${unitId} in this game.`);
  if (u.side !== side) return fail('input/not-your-unit', '10.0', `${unitId} is not a ${sideLabel(side)} unit.`);
  const def = mustCounter(ctx.ruleset, unitId);
  const vals = currentValues(def, u);
  if (vals.ras === null || vals.range === null || isLeader(def))
    return fail('rule/no-ras', '10.0', `${unitId} has no RAS: it cannot make Ranged Attacks.`);
  if (isOffMapArtillery(def)) {
    if (u.location !== 'offMap')
      return fail(
        'rule/not-available',
        '12.4',
        `${unitId} is not available to fire now (it is ${u.location === 'pending' ? 'on the Turn Track' : u.location}).`,
      );
  } else if (u.location !== 'map' || !u.hex) return fail('rule/not-on-map', '10.0', `${unitId} is not on the map.`);
  const fireRec = readFireRecord(state);
  // Friction Fire is the exception to one Ranged Attack per Combat Phase (10.0, optional 20.1).
  if (!friction && fireRec.ranged.includes(unitId))
    return fail('rule/already-fired', '10.0', `${unitId} has already made its Ranged Attack this Combat Phase.`);
  if (u.flags.fired)
    return fail(
      'rule/fired',
      FLIPS.has(def.type) && isOffMapArtillery(def) ? '12.4' : '12.5',
      `${unitId} is on its Fired side until its next Reset Phase.`,
    );
  if (fireRec.atFire[unitId] !== undefined)
    return fail('rule/at-fired', '11.0', `${unitId} fired AT Fire this phase, so it cannot also make a Ranged Attack.`);
  if (readRecord(state).retreated.includes(unitId))
    return fail('rule/retreated', '8.5.2.3', `${unitId} retreated this Combat Phase: it makes no Ranged Attack in it.`);
  if (readRecord(state).attacked.includes(unitId))
    return fail('rule/attacked-this-phase', '10.0', `${unitId} took part in a Combat this phase: no Ranged Attack as well.`);
  if (def.type === 'artillery76' && state.ammo[side] < 1)
    return fail('rule/no-ammo', '12.4.1', `The ${side} player has no 76 mm ammo left.`);
  if (u.location === 'map' && u.hex) {
    if (u.flags.suppressed) return fail('rule/suppressed', '10.2', `${unitId} is Suppressed: it cannot make Ranged Attacks this phase.`);
    if (
      zocIgnore
        ? inEnemyZoc(state, ctx, u.hex, side, { armored: isArmored(def), ignore: zocIgnore })
        : board.inEnemyZoc(u.hex, side, isArmored(def))
    )
      return fail(
        'rule/in-enemy-zoc',
        zocIgnore ? '10.3.6' : '10.2',
        `${unitId} is in an enemy ZOC${zocIgnore ? " other than the target hex's" : ''}: no Ranged Attack.`,
      );
  }
  return { unit: u, def };
}

/**
 * Whether `u` might fire at `target` at all: false only where planRanged surely refuses (the unit has
 * no RAS (10.0), or it is on the map beyond its range (10.1)). Listings that try planRanged for every
 * unit and hex skip the rest with this (issue 18: no full scans for units that cannot fire).
 */
export function mightFireAt(ctx: Ctx, u: UnitState, target: HexId): boolean {
  const def = mustCounter(ctx.ruleset, u.id);
  const vals = currentValues(def, u);
  if (vals.ras === null || vals.range === null || isLeader(def)) return false;
  return !(u.location === 'map' && u.hex && vals.range !== 'unlimited' && hexDistance(u.hex, target) > vals.range);
}

/**
 * Full check of one Ranged Attack; returns the plan with its DRMs. `own`: a standalone attack;
 * `support`: the phasing player's Support of a Combat (10.3); `defensive`: the other player's (10.3.2);
 * `friction`: Friction Fire at a stack moving through `targetText` (optional 20.1: in any phase, not
 * limited to one per Combat Phase, with its own DRMs; `state` has the stack standing there).
 */
export function planRanged(
  ctx: Ctx,
  state: GameState,
  side: Side,
  unitIdIn: unknown,
  targetText: unknown,
  spotterIn?: unknown,
  mode: 'own' | 'support' | 'defensive' | 'friction' = 'own',
  /** Friction Fire's target (20.1): a stack moving, retreating or advancing (DRMs 10, 11). */
  frictionKind: 'move' | 'retreat' | 'advance' = 'move',
  /** Shared by callers that plan many attacks on this same, unchanging state. */
  board = new RangedBoard(ctx, state),
): RangedPlan | { violation: RuleViolation } {
  if (mode === 'own' || mode === 'friction') {
    const bonfire = bonfireCombatProblem(state, [unitIdIn]); // 16.2
    if (bonfire) return { violation: bonfire };
  }
  const defensive = mode === 'defensive';
  const friction = mode === 'friction';
  if (
    !friction &&
    (defensive ? state.phase !== 'combat' || state.activeSide === side : state.phase !== 'combat' || state.activeSide !== side)
  ) {
    return fail(
      'rule/wrong-phase',
      '10.0',
      `Ranged Attacks are made in your own Combat Phase; now it is ${sidePhaseLabel(state.activeSide, state.phase)}.`,
    );
  }
  if (!defensive && !friction && combatInProgress(state))
    return fail('rule/combat-in-progress', '8.1', 'Finish the current combat (losses and advance) first.');
  // 10.3.6: defensive Support may go into an adjacent frozen-lake hex of attackers.
  const tHex = typeof targetText === 'string' ? parseHexId(targetText) : null;
  const adjacentLake = defensive && !!tHex && ctx.hex(tHex)?.terrain === 'lake' && ruleOn(state.options, '10.3.6');
  // Said first: an adjacent target is the usual reason a unit is in an enemy ZOC (10.2).
  const early = typeof unitIdIn === 'string' ? state.units[unitIdIn] : undefined;
  const earlyTarget = typeof targetText === 'string' ? parseHexId(targetText) : null;
  if (
    !adjacentLake &&
    early &&
    early.side === side &&
    early.location === 'map' &&
    early.hex &&
    earlyTarget &&
    areAdjacent(early.hex, earlyTarget) &&
    board.enemiesIn(earlyTarget, side).length
  ) {
    return fail(
      'rule/adjacent-target',
      '10.2',
      `${earlyTarget} is adjacent to ${early.id}: Ranged Attacks go into non-adjacent hexes (Combat is for adjacent ones).`,
    );
  }
  const zocIgnore =
    adjacentLake && early?.hex && tHex && areAdjacent(early.hex, tHex) ? new Set(board.enemiesIn(tHex, side).map((e) => e.id)) : undefined;
  const f = checkFirer(ctx, state, side, unitIdIn, zocIgnore, friction, board);
  if ('violation' in f) return f;
  const { unit: u, def } = f;
  const unitId = u.id;
  const target = typeof targetText === 'string' ? parseHexId(targetText) : null;
  if (!target || !ctx.hex(target)) return fail('input/bad-hex', '2.3', `${JSON.stringify(targetText)} is not a hex on the map (e.g. M16).`);
  const enemies = board.enemiesIn(target, side);
  if (enemies.length === 0) return fail('rule/no-target', '10.0', `There are no enemy units in ${target}.`);
  if (enemies.every((e) => isLeader(mustCounter(ctx.ruleset, e.id))))
    return fail('rule/leader-alone', '12.3.1', `${target} holds only Pajari: alone, he cannot be fired on.`);
  const vals = currentValues(def, u);
  const from = u.location === 'map' ? u.hex : null;
  const range = from ? hexDistance(from, target) : null;
  if (range !== null && range <= 1 && !(adjacentLake && range === 1))
    return fail(
      'rule/adjacent-target',
      '10.2',
      `${target} is adjacent to ${unitId}: Ranged Attacks go into non-adjacent hexes (Combat is for adjacent ones).`,
    );
  if (range !== null && vals.range !== 'unlimited' && range > (vals.range ?? 0)) {
    return fail('rule/out-of-range', '10.1', `${target} is ${range} hexes from ${unitId}; its range is ${vals.range}.`);
  }
  const maxRange = losRange(ctx.ruleset, state);
  const direct = !isIndirect(def);
  let spotter: string | null = null;
  let selfSpot = false;
  if (direct) {
    const los = lineOfSight(ctx.ruleset, from!, target, { maxRange, extraBlockers: board.hexesOf(side, unitId) });
    if (!los.clear)
      return fail(
        'rule/no-los',
        los.reason === 'out-of-range' ? '10.6.2' : '10.6.1',
        `Direct fire needs LOS: ${describeLos(los, maxRange)}`,
      );
  } else {
    const can = board.spotters(side, target);
    const canSelf = SELF_SPOT.has(def.type) && can.includes(unitId);
    if (spotterIn !== undefined && spotterIn !== null && spotterIn !== '') {
      if (typeof spotterIn !== 'string' || !state.units[spotterIn])
        return fail('input/unknown-unit', '10.5', `There is no unit ${JSON.stringify(spotterIn)} in this game.`);
      if (spotterIn === unitId) {
        if (!SELF_SPOT.has(def.type)) return fail('rule/bad-spotter', '10.5', `Only mortars and infantry guns spot for themselves.`);
        if (!canSelf) return fail('rule/bad-spotter', '10.5.1', `${unitId} cannot see ${target} to spot for itself.`);
        selfSpot = true;
      } else if (!can.includes(spotterIn)) {
        return fail(
          'rule/bad-spotter',
          '10.5.1',
          `${spotterIn} cannot spot ${target}: a spotter is a friendly unit adjacent to it or with LOS to it (${maxRange} hexes this turn).`,
        );
      }
      spotter = spotterIn;
    } else if (canSelf) {
      spotter = unitId;
      selfSpot = true;
    } else {
      const others = can.filter((id) => id !== unitId);
      const adj = others.find((id) => areAdjacent(state.units[id]!.hex!, target));
      spotter = adj ?? others[0] ?? null;
      if (!spotter)
        return fail(
          'rule/no-spotter',
          '10.5',
          `Indirect fire on ${target} needs a spotter: no friendly unit is adjacent to it or sees it (LOS ${maxRange} hexes this turn).`,
        );
    }
  }
  return {
    side,
    unit: unitId,
    from,
    target,
    direct,
    range,
    spotter,
    selfSpot,
    ras: vals.ras ?? 0,
    drms: [
      ...ratDrms(
        ctx,
        state,
        side,
        def,
        {
          target,
          direct,
          range,
          spotter,
          selfSpot,
          defensiveSupportVsDugInAttacker: defensive,
          ...(friction ? { friction: frictionKind } : {}),
        },
        board,
      ),
      ...lmgDrm(ctx, state, unitId, range),
      ...(friction ? frictionRasDrm(ctx, def, vals.ras ?? 0) : []),
    ],
  };
}

/** Friction Fire by a mortar or infantry gun (optional 20.1, RAT DRM 12): its printed RAS halved, rounded up, shown as a DRM. */
function frictionRasDrm(ctx: Ctx, def: CounterDef, ras: number): AppliedDrm[] {
  if (def.type !== 'mortar' && def.type !== 'infantryGun') return [];
  const out: AppliedDrm[] = [];
  pushDrm(out, drmDef(ctx, 'ffMortarIg'), Math.ceil(ras / 2) - ras);
  return out;
}

/** A company carrying Captured LMGs (optional 20.4): +2 RAS at range 2 or less, shown with the DRMs. */
function lmgDrm(ctx: Ctx, state: GameState, unitId: string, range: number | null): AppliedDrm[] {
  const m = lmgMarker(ctx.ruleset);
  if (!carriesLmg(state, unitId) || range === null || range > m.range) return [];
  return [{ id: 'capturedLmg', n: 0, rule: '20.4', label: 'Captured LMGs (+RAS at range 2)', value: m.ras }];
}

/** The RAT DRMs for a Ranged Attack (10.4, 10.5, 14.3; PAC), in table order. */
export function ratDrms(
  ctx: Ctx,
  state: GameState,
  side: Side,
  def: CounterDef,
  p: {
    target: HexId;
    direct: boolean;
    range: number | null;
    spotter: string | null;
    selfSpot: boolean;
    defensiveSupportVsDugInAttacker?: boolean;
    /** Friction Fire (optional 20.1) at a stack doing this: DRM 1 left out, DRM 10 or 11 added (the table marks them). */
    friction?: 'move' | 'retreat' | 'advance';
  },
  board = new RangedBoard(ctx, state),
): AppliedDrm[] {
  const out: AppliedDrm[] = [];
  const owner = otherSide(side);
  const enemies = board.enemiesIn(p.target, side);
  // 1: each true infantry company in the target hex.
  const companies = enemies.filter((e) => mustCounter(ctx.ruleset, e.id).infantryCompany).length;
  const d1 = drmDef(ctx, 'infantryCompanies');
  if (!(p.friction && d1?.frictionFire === 'excluded'))
    pushDrm(out, d1, companies * valueOf(d1), `${companies} infantry compan${companies === 1 ? 'y' : 'ies'} in the target hex`);
  // 2: frozen lake target (more against Soviets).
  if (ctx.hex(p.target)?.terrain === 'lake') pushDrm(out, drmDef(ctx, 'targetOnLake'), valueOf(drmDef(ctx, 'targetOnLake'), owner));
  // 3 / 4: spotting (indirect fire only). Self-spotting cancels the non-adjacent penalty.
  if (!p.direct) {
    if (p.selfSpot)
      pushDrm(
        out,
        drmDef(ctx, 'selfSpotting'),
        valueOf(drmDef(ctx, 'selfSpotting'), def.type === 'infantryGun' ? 'infantryGun' : 'mortar'),
      );
    else if (p.spotter) {
      const sh = state.units[p.spotter]?.hex;
      if (sh && !areAdjacent(sh, p.target)) pushDrm(out, drmDef(ctx, 'spotterNotAdjacent'), valueOf(drmDef(ctx, 'spotterNotAdjacent')));
    }
  }
  // 5: Dug-In target hex (14.3); not for defensive support against attackers in a Dug-In hex.
  if (!p.defensiveSupportVsDugInAttacker && board.isDugIn(p.target, owner))
    pushDrm(out, drmDef(ctx, 'dugIn'), valueOf(drmDef(ctx, 'dugIn'), p.direct ? 'direct' : 'indirect'));
  // 6 / 7: time of day.
  const light = ctx.turnDef(state.turn)?.light;
  if (light === 'dawn' || light === 'fog' || light === 'dusk')
    pushDrm(out, drmDef(ctx, 'dawnFogDusk'), valueOf(drmDef(ctx, 'dawnFogDusk')), `${light} turn`);
  if (light === 'night') pushDrm(out, drmDef(ctx, 'night'), valueOf(drmDef(ctx, 'night')));
  // 8: MGs and armor at range 3 or more.
  if (p.range !== null && p.range >= 3) {
    if (def.type === 'mg') pushDrm(out, drmDef(ctx, 'longRange'), valueOf(drmDef(ctx, 'longRange'), 'mg'), 'MG firing at range 3 or more');
    else if (isArmored(def))
      pushDrm(out, drmDef(ctx, 'longRange'), valueOf(drmDef(ctx, 'longRange'), 'armored'), 'armored unit firing at range 3 or more');
  }
  // 9 (optional 20.8): Soviets in the hex where a Finnish Field Kitchen was eliminated.
  if (
    ruleOn(state.options, '20.8') &&
    owner === 'soviet' &&
    state.markers.some((m) => m.type === 'fieldKitchenEliminated' && m.hex === p.target)
  )
    pushDrm(out, drmDef(ctx, 'fieldKitchen'), valueOf(drmDef(ctx, 'fieldKitchen')));
  // 10 / 11 (optional 20.1): Friction Fire at a retreating or advancing stack.
  if (p.friction === 'retreat') pushDrm(out, drmDef(ctx, 'ffRetreating'), valueOf(drmDef(ctx, 'ffRetreating')));
  if (p.friction === 'advance') pushDrm(out, drmDef(ctx, 'ffAdvancing'), valueOf(drmDef(ctx, 'ffAdvancing')));
  return out;
}

// ───────────────────────────── resolution (10.4–10.4.2, 12.4–12.5) ─────────────────────────────

/** Units in the target hex that can take RAT step reductions: not armor (12.1.1), not leaders (12.3.1). */
function stepTakers(ctx: Ctx, state: GameState, hex: HexId, owner: Side): UnitState[] {
  return Object.values(state.units).filter((u) => {
    if (u.location !== 'map' || u.hex !== hex || u.side !== owner) return false;
    const def = mustCounter(ctx.ruleset, u.id);
    return !isLeader(def) && !isArmored(def);
  });
}

/** Default split: flip full-strength units first (weakest first), then eliminate the smallest. */
export function defaultRangedSteps(ctx: Ctx, units: { unit: string; stepsLeft: number }[], steps: number): Record<string, number> {
  const left = new Map(units.map((u) => [u.unit, u.stepsLeft]));
  const out: Record<string, number> = {};
  const cs = (id: string): number => mustCounter(ctx.ruleset, id).full.cs ?? 0;
  let need = steps;
  const fulls = units.filter((u) => u.stepsLeft >= 2).sort((a, b) => cs(a.unit) - cs(b.unit) || a.unit.localeCompare(b.unit));
  for (const u of fulls) {
    if (need <= 0) break;
    out[u.unit] = 1;
    left.set(u.unit, u.stepsLeft - 1);
    need -= 1;
  }
  const rest = [...left.entries()].filter(([, n]) => n > 0).sort((a, b) => a[1] - b[1] || cs(a[0]) - cs(b[0]) || a[0].localeCompare(b[0]));
  for (const [id, n] of rest) {
    if (need <= 0) break;
    const take = Math.min(n, need);
    out[id] = (out[id] ?? 0) + take;
    need -= take;
  }
  return out;
}

export function describeSteps(steps: Record<string, number>): string {
  return Object.entries(steps)
    .filter(([, n]) => n > 0)
    .map(([id, n]) => `${id} −${n} step${n > 1 ? 's' : ''}`)
    .join('; ');
}

/** Number of different ways to split `steps` over units with these step counts (capped at 2: we only need "one or more"). */
export function splits(counts: number[], steps: number): number {
  if (steps === 0) return 1;
  if (counts.length === 0) return 0;
  const [first, ...rest] = counts;
  let n = 0;
  for (let k = 0; k <= Math.min(first!, steps) && n < 2; k++) n += splits(rest, steps - k);
  return Math.min(n, 2);
}

/**
 * Inflict `steps` RAT step reductions on `hex` (10.4.2): at once when there is only one way, else a
 * decision for the owner (who may not retreat instead).
 */
export function inflictRangedSteps(
  ctx: Ctx,
  draft: GameState,
  hex: HexId,
  owner: Side,
  steps: number,
  source: DiceSource,
  events: GameEvent[],
): void {
  const takers = stepTakers(ctx, draft, hex, owner);
  const capacity = takers.reduce((s, u) => s + u.stepsLeft, 0);
  const n = Math.min(steps, capacity);
  if (n < steps) {
    events.push({
      type: 'rangedLossesIgnored',
      hex,
      steps: steps - n,
      reason:
        n === 0 ? 'no unit there can take steps from a Ranged Attack (armor and leaders never do)' : 'more steps than the units there have',
      rule: '10.4.2, 12.1.1',
    });
  }
  if (n === 0) return;
  const units = takers.map((u) => ({ unit: u.id, stepsLeft: u.stepsLeft }));
  const def = defaultRangedSteps(ctx, units, n);
  if (
    splits(
      units.map((u) => u.stepsLeft),
      n,
    ) <= 1
  ) {
    applyRangedSteps(ctx, draft, def, source, events);
    return;
  }
  draft.pending.push({
    type: 'rangedLosses',
    side: owner,
    hex,
    steps: n,
    rule: '10.4.2',
    units,
    default: { steps: def },
    defaultText: describeSteps(def),
  });
}

/** Take these RAT steps (10.4.2; `rule` and `cause` name another fire's, e.g. Friction Fire 20.1), then Pajari's capture checks (12.3.1). */
export function applyRangedSteps(
  ctx: Ctx,
  draft: GameState,
  steps: Record<string, number>,
  source: DiceSource,
  events: GameEvent[],
  rule = '10.4.2',
  cause = 'Ranged Attack',
): void {
  const out: LossEvent[] = [];
  for (const [id, n] of Object.entries(steps)) if (n > 0) reduceUnit(draft, ctx.ruleset, id, n, rule, cause, out);
  events.push(...out);
  leaderCaptureChecks(ctx, draft, out, dieRoller(draft, source, events), events); // 12.3.1
}

/** Answer to a `rangedLosses` decision (10.4.2): steps per unit, summing to the steps due. */
export function answerRangedLosses(
  ctx: Ctx,
  draft: GameState,
  side: Side,
  stepsIn: unknown,
  source: DiceSource,
  events: GameEvent[],
): RuleViolation | null {
  const p = draft.pending[0];
  if (!p || p.type !== 'rangedLosses') return { code: 'rule/no-pending', rule: '10.4.2', message: 'No Ranged Attack losses are waiting.' };
  if (p.side !== side) return { code: 'rule/not-your-turn', rule: '10.4.2', message: `The ${p.side} player chooses these losses.` };
  if (!stepsIn || typeof stepsIn !== 'object' || Array.isArray(stepsIn))
    return { code: 'input/steps', rule: '10.4.2', message: 'steps maps unit ids to step counts, e.g. { "1/1/364": 1 }.' };
  const steps = stepsIn as Record<string, unknown>;
  let sum = 0;
  for (const [id, n] of Object.entries(steps)) {
    const u = p.units.find((x) => x.unit === id);
    if (!u)
      return {
        code: 'rule/not-in-target-hex',
        rule: '10.4.2',
        message: `${id} cannot take these steps: choose among ${p.units.map((x) => x.unit).join(', ')}.`,
      };
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > u.stepsLeft)
      return { code: 'input/steps', rule: '10.4.2', message: `${id} can take 0–${u.stepsLeft} steps.` };
    sum += n;
  }
  if (sum !== p.steps)
    return {
      code: 'rule/losses-not-taken',
      rule: '10.4.2',
      message: `Take exactly ${p.steps} step${p.steps > 1 ? 's' : ''} in ${p.hex} (no retreat instead); default: ${p.defaultText}.`,
    };
  draft.pending.shift();
  applyRangedSteps(ctx, draft, steps as Record<string, number>, source, events);
  return null;
}

/** Roll and carry out a checked Ranged Attack (10.4) on the draft. */
export function resolveRanged(
  ctx: Ctx,
  draft: GameState,
  plan: RangedPlan,
  source: DiceSource,
  events: GameEvent[],
  opts: { steps?: (hex: HexId, owner: Side, steps: number) => void } = {},
): void {
  const def = mustCounter(ctx.ruleset, plan.unit);
  const dice = rollDice(draft, 2, `Ranged Attack by ${plan.unit} on ${plan.target}`, '10.4', source, events);
  const roll = dice[0]! + dice[1]!;
  const total = roll + plan.ras + plan.drms.reduce((s, d) => s + d.value, 0);
  const r = ratResult(ctx, total);
  events.push({
    type: 'rangedAttack',
    ...plan,
    rollNumber: draft.rollCount,
    roll,
    total,
    result: resultText(r),
    suppressed: r.suppressed,
    steps: r.steps,
    rule: '10.4',
  });
  writeFireRecord(draft, (rec) => rec.ranged.push(plan.unit));
  afterFiring(ctx, draft, plan.unit, def, source, events);
  const owner = otherSide(plan.side);
  if (r.suppressed) {
    const hit = new RangedBoard(ctx, draft).enemiesIn(plan.target, plan.side).map((u) => u.id);
    for (const id of hit) unitToChange(draft, id).flags.suppressed = true;
    events.push({ type: 'suppressed', hex: plan.target, units: hit, rule: '10.4.1' });
  }
  // Inside a Combat the steps are tallied and allocated once the side's Support has fired (combat-fire.ts).
  if (r.steps > 0 && opts.steps) opts.steps(plan.target, owner, r.steps);
  else if (r.steps > 0) inflictRangedSteps(ctx, draft, plan.target, owner, r.steps, source, events);
}

/** Fired side, ammo and the 354th's trip along the Turn Track (12.4, 12.4.1, 12.4.2, 12.5). */
export function afterFiring(ctx: Ctx, draft: GameState, unitId: string, def: CounterDef, source: DiceSource, events: GameEvent[]): void {
  if (!FLIPS.has(def.type)) return;
  const u = unitToChange(draft, unitId);
  u.flags.fired = true;
  events.push({ type: 'fired', unit: unitId, rule: isOffMapArtillery(def) ? '12.4' : '12.5' });
  if (def.type === 'artillery76') {
    draft.ammo[u.side] -= 1;
    events.push({ type: 'ammo', side: u.side, added: -1, total: draft.ammo[u.side], rule: '12.4.1' });
  }
  if (def.type === 'artillery122' || def.type === 'artillery152') {
    const [die] = rollDice(draft, 1, `${unitId}: turns until it may fire again`, '12.4.2', source, events);
    const turn = draft.turn + die!;
    const last = ctx.scenario(draft.scenario)?.turns.last ?? ctx.ruleset.turnTrack.length;
    if (turn > last) {
      u.location = 'eliminated';
      events.push({ type: 'artilleryOnTrack', unit: unitId, turn: null, rollNumber: draft.rollCount, removed: true, rule: '12.4.2' });
    } else {
      u.location = 'pending';
      u.entryTurn = turn;
      u.entryHex = null;
      events.push({ type: 'artilleryOnTrack', unit: unitId, turn, rollNumber: draft.rollCount, removed: false, rule: '12.4.2' });
    }
  }
}

// ───────────────────────────── legal options ─────────────────────────────

/** Standalone Ranged Attacks `side` may make now: everything listed is accepted by apply. */
export function rangedOptions(ctx: Ctx, state: GameState, side: Side): FireOptions['ranged'] {
  const out: FireOptions['ranged'] = [];
  if (state.phase !== 'combat' || state.activeSide !== side || state.pending.length || combatInProgress(state)) return out;
  const targets = new Set<HexId>();
  for (const u of Object.values(state.units)) {
    if (u.side !== side && u.location === 'map' && u.hex && !isLeader(mustCounter(ctx.ruleset, u.id))) targets.add(u.hex);
  }
  const board = new RangedBoard(ctx, state);
  const spotters = (h: HexId): string[] => board.spotters(side, h);
  for (const u of Object.values(state.units)) {
    if (u.side !== side || (u.location !== 'map' && u.location !== 'offMap')) continue;
    const f = checkFirer(ctx, state, side, u.id, undefined, false, board);
    if ('violation' in f) continue;
    const vals = currentValues(f.def, u);
    const opts: RangedTargetOption[] = [];
    for (const t of [...targets].sort()) {
      if (u.hex && vals.range !== 'unlimited' && hexDistance(u.hex, t) > (vals.range ?? 0)) continue;
      const indirect = isIndirect(f.def);
      if (indirect && spotters(t).length === 0) continue;
      const p = planRanged(ctx, state, side, u.id, t, undefined, 'own', 'move', board);
      if ('violation' in p) continue;
      const sp = p.direct ? [] : spotters(t).filter((id) => id !== u.id || SELF_SPOT.has(f.def.type));
      opts.push({ hex: t, range: p.range, direct: p.direct, spotters: sp, defaultSpotter: p.spotter });
    }
    if (opts.length) out.push({ unit: u.id, from: u.hex, ras: vals.ras ?? 0, targets: opts });
  }
  return out.sort((a, b) => a.unit.localeCompare(b.unit));
}
