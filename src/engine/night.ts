/**
 * Night turns (16.0–16.4.1) beyond double movement (16.1, in movement.ts):
 * - Bonfires (16.2, 16.2.1): a Soviet Action-Phase action on night turns; the marker lists the units
 *   under it (builders); units that arrive later sit on top and get nothing from it.
 * - Skull markers (16.3.1): Finnish units that attack (Combat, Assault, Night Raid) in their own night
 *   turn. Kept as unit flags (`skull`, `nightRaid`) and mirrored as hex markers for the map.
 * - The Sub-Zero Loss Phase (16.3): resolved when the Soviet player ends the `subZero` phase.
 * - Finnish Night Raids (16.4, 16.4.1): FNRT roll, then a CRT attack with only the 8.2 halvings and the
 *   FNRT column shift; every loss is a step, on both sides.
 *
 * Choices the rulebook leaves open are written in docs/rulings.md ("Night turns").
 * Section numbers refer to the Red Winter rulebook.
 */
import type { Ctx } from './ctx.js';
import type { CounterDef, HexId, OddsColumn, Side } from './ruleset.js';
import type {
  BonfireAction,
  GameEvent,
  GameState,
  Marker,
  NightOptions,
  NightRaidAction,
  RaidOptions,
  RuleViolation,
  UnitState,
} from './types.js';
import { areAdjacent, hexDistance, parseHexId } from './hex.js';
import { dieRoller, rollDice, type DiceSource } from './dice.js';
import { leaderCaptureChecks } from './pajari.js';
import { heartCheck, PAJARI_ID } from './heart.js';
import { isNight } from './movement.js';
import { cheapestStep, isBridgeHexside, isLake } from './terrain.js';
import { zocOf, zocBinds, type ZocMap } from './zoc.js';
import { checkUnitList } from './mover.js';
import { crtCell } from './combat/crt.js';
import { clampToColumn, halveArmorAtNight, oddsOfIndex, ratioIndex, shiftText, type CsLine, type ModifierLine } from './combat/odds.js';
import { reduceUnit, type LossEvent } from './combat/losses.js';
import { combatInProgress } from './combat/record.js';
import { attemptedRecoveryThisPhase } from './recovery.js';
import { describeSteps, splits } from './ranged.js';
import { enemyPresence, mayUseRoadRate, nearestEnemyDistance, type EnemyPresence } from './enemy.js';
import { currentValues, isLeader, isMapCombatUnit, mustCounter, unitsIn } from './units.js';
import { bonfireAt, clearNightMarkers, underBonfire } from './bonfire.js';
import { ruleOn } from './options.js';
import { dieTableResult, drmText, drmValue } from './die-table.js';
import { contextOf } from './ctx.js';
import type { RuleCode } from './codes.js';
import { CostHeap } from './cost-heap.js';
import { SLOTS, gridOf, hopsToGoals, stepKind, stepTableOf, type Grid } from './grid.js';
import { nightRaidsSoFar } from './log-window.js';
import { draftChecksOn, someUnit, unitToChange, unitsChanged } from './draft.js';

// ───────────────────────────── events ─────────────────────────────

// ───────────────────────────── helpers ─────────────────────────────

const fail = (code: RuleCode, rule: string, message: string): RuleViolation => ({ code, rule, message });

function onMapUnits(state: GameState, side?: Side): UnitState[] {
  return Object.values(state.units).filter((u) => u.location === 'map' && u.hex && (!side || u.side === side));
}

/** Did this unit build a Bonfire this turn (for Recovery, which may go with it: 16.2, 13.3)? */
export function builtBonfire(state: GameState, unitId: string): boolean {
  return underBonfire(state, unitId);
}

// ───────────────────────────── Bonfires (16.2) ─────────────────────────────

/** Why this unit may not build a Bonfire now, or null. */
function bonfireProblem(ctx: Ctx, state: GameState, side: Side, id: string): RuleViolation | null {
  const u = state.units[id];
  if (!u) return fail('input/unknown-unit', '16.2', `There is no unit ${id} in this game.`);
  if (side !== 'soviet' || u.side !== 'soviet') return fail('rule/bonfire-side', '16.2', 'Only Soviet units build Bonfires.');
  if (state.phase !== 'action' || state.activeSide !== side)
    return fail('rule/wrong-phase', '16.2', `Bonfires are built in the Soviet Action Phase; now: ${state.activeSide} ${state.phase}.`);
  if (!isNight(ctx, state.turn))
    return fail('rule/not-night', '16.2', `Bonfires are built only on night turns; turn ${state.turn} is not one.`);
  if (!ruleOn(state.options, '16.2')) return fail('rule/option-off', '16.2', 'This game leaves Bonfires out (option 16.2).');
  if (u.location !== 'map' || !u.hex) return fail('rule/not-on-map', '16.2', `${id} is not on the map.`);
  if (underBonfire(state, id)) return fail('rule/already-acted', '16.2', `${id} is already under a Bonfire.`);
  // A Bonfire may go with a Recovery attempt (16.2, 13.3), in either order.
  if (u.flags.acted && !attemptedRecoveryThisPhase(state, id))
    return fail('rule/already-acted', '16.2', `${id} has already taken its action this Action Phase.`);
  if (isLake(ctx, u.hex)) return fail('rule/bonfire-lake', '16.2', `${id} is on a frozen lake (${u.hex}): no Bonfire there.`);
  const d = nearestEnemyDistance(state, side, u.hex);
  if (d < 4)
    return fail(
      'rule/bonfire-enemy-near',
      '16.2',
      `${id} in ${u.hex} is ${d} hex(es) from the nearest Finnish unit; a Bonfire needs 4 or more hexes from every enemy unit.`,
    );
  return null;
}

/** Soviet units that may build a Bonfire now. */
export function bonfireCandidates(ctx: Ctx, state: GameState, side: Side): string[] {
  if (side !== 'soviet' || state.phase !== 'action' || state.activeSide !== side || !isNight(ctx, state.turn) || combatInProgress(state))
    return [];
  return onMapUnits(state, 'soviet')
    .filter((u) => !bonfireProblem(ctx, state, side, u.id))
    .map((u) => u.id)
    .sort();
}

export function applyBonfire(ctx: Ctx, draft: GameState, side: Side, a: BonfireAction, events: GameEvent[]): RuleViolation | null {
  const list = checkUnitList(draft, side, a.units);
  if ('violation' in list) return list.violation;
  for (const id of list.ids) {
    const p = bonfireProblem(ctx, draft, side, id);
    if (p) return p;
  }
  const byHex = new Map<HexId, string[]>();
  for (const id of list.ids) {
    const h = draft.units[id]!.hex!;
    byHex.set(h, [...(byHex.get(h) ?? []), id]);
  }
  for (const [hex, ids] of byHex) {
    let m = bonfireAt(draft, hex);
    if (!m) {
      m = { type: 'bonfire', hex, side: 'soviet', units: [] };
      draft.markers.push(m);
    }
    m.units = [...(m.units ?? []), ...ids];
    for (const id of ids) unitToChange(draft, id).flags.acted = true;
    events.push({ type: 'bonfireBuilt', hex, units: ids, rule: '16.2' });
  }
  return null;
}

/**
 * After every action: drop Bonfires whose builders have all left or died (16.2), mark Finns that
 * attacked in their own night turn with Skulls (16.3.1), and mirror Skulls as hex markers.
 */
export function afterNightAction(ctx: Ctx, draft: GameState, events: GameEvent[]): void {
  for (const m of [...draft.markers]) {
    if (m.type !== 'bonfire') continue;
    const still = (m.units ?? []).some((id) => draft.units[id]?.location === 'map' && draft.units[id]?.hex === m.hex);
    if (!still) {
      draft.markers = draft.markers.filter((x) => x !== m);
      events.push({ type: 'bonfireRemoved', hex: m.hex, reason: 'no unit left under it', rule: '16.2' });
    }
  }
  if (isNight(ctx, draft.turn) && draft.activeSide === 'finnish' && ruleOn(draft.options, '16.3')) {
    for (const e of events) {
      // A Combat or Assault is an attack whether or not the CRT was rolled: Support or AT Fire may have
      // emptied the defending hex first (10.4.3, `combatNoRoll`).
      if ((e.type !== 'combat' && e.type !== 'combatNoRoll') || e.side !== 'finnish') continue;
      const attackers = e.type === 'combat' ? e.attackers.map((a) => a.unit) : e.attackers;
      const ids = attackers.filter((id) => draft.units[id] && !draft.units[id]!.flags.skull && !draft.units[id]!.flags.nightRaid);
      for (const id of ids) unitToChange(draft, id).flags.skull = true;
      if (ids.length) events.push({ type: 'skullMarked', units: ids, reason: `${e.kind} on ${e.target}`, rule: '16.3.1' });
    }
  }
  syncSkullMarkers(draft);
}

/**
 * A Skull marker in each hex of a Finnish unit that attacked at night or raided (16.3.1, 16.4), in hex
 * order after the other markers. Runs after every action: most of the game no unit is marked, so it
 * compares what it finds with the markers there and builds new ones only if they must change.
 */
function syncSkullMarkers(draft: GameState): void {
  const wanted = skullHexes(draft);
  let i = 0;
  let same = true;
  for (const m of draft.markers) {
    if (m.type !== 'skull') continue;
    // As the marker this writes, key order included (the state's text, and its hash, follow it).
    if (m.hex !== wanted[i] || m.side !== 'finnish' || Object.keys(m).join() !== 'type,hex,side') same = false;
    i++;
  }
  if (same && i === wanted.length) return;
  const skulls: Marker[] = wanted.map((hex) => ({ type: 'skull', hex, side: 'finnish' }));
  draft.markers = [...draft.markers.filter((m) => m.type !== 'skull'), ...skulls];
}

/** A Finnish unit flagged for a Skull marker (16.3.1, 16.4); the marker is in its hex while it is on the map. */
const skullMarked = (u: UnitState): boolean => u.side === 'finnish' && !!(u.flags.skull || u.flags.nightRaid);

/** Each state (a draft this made into a state) → the hexes of its marked units, in order. */
const skullHexesOf = new WeakMap<GameState, readonly HexId[]>();

/**
 * The hexes of the marked units, in order. After an action that changed no unit that is or was marked,
 * they are those of the state before (the draft's other units are that state's own): no unit is visited.
 * Under the test suite (the draft checks) a result so found is checked against all the units.
 */
function skullHexes(draft: GameState): readonly HexId[] {
  const d = unitsChanged(draft);
  let wanted: readonly HexId[] | undefined;
  if (d && !someUnit(d.changed, skullMarked)) wanted = skullHexesOf.get(d.before);
  if (wanted === undefined || draftChecksOn()) {
    let hexes: Set<HexId> | null = null;
    for (const u of onMapUnits(draft, 'finnish')) if (skullMarked(u)) (hexes ??= new Set()).add(u.hex!);
    const all = hexes ? [...hexes].sort() : [];
    if (wanted !== undefined && wanted.join() !== all.join()) throw new Error('skullHexes: the hexes kept from the state before are wrong');
    wanted = all;
  }
  skullHexesOf.set(draft, wanted);
  return wanted;
}

// ───────────────────────────── Sub-Zero Loss Phase (16.3) ─────────────────────────────

/**
 * The owner's step for a stack, by a fixed rule (docs/rulings.md): a unit that can flip to its reduced
 * side before one that would be eliminated, then the lowest current CS, then the unit id.
 */
export function stepTaker(ctx: Ctx, state: GameState, ids: readonly string[]): string | null {
  const live = ids.filter((id) => state.units[id]?.location === 'map' && !isLeader(ctx.counter(id)));
  if (live.length === 0) return null;
  return [...live].sort((a, b) => {
    const ua = state.units[a]!;
    const ub = state.units[b]!;
    if (ub.stepsLeft !== ua.stepsLeft) return ub.stepsLeft - ua.stepsLeft;
    const ca = currentValues(ctx.counter(a), ua).cs ?? 0;
    const cb = currentValues(ctx.counter(b), ub).cs ?? 0;
    return ca - cb || a.localeCompare(b);
  })[0]!;
}

/**
 * May Sub-Zero steps fall on this unit? Leaders never, except Pajari with his Heart Condition in play
 * (12.3.1: the SZLT's steps reach him only under optional rule 20.6).
 */
function takesSubZeroSteps(ctx: Ctx, state: GameState, id: string): boolean {
  return !isLeader(ctx.counter(id)) || (id === PAJARI_ID && ruleOn(state.options, '20.6'));
}

/**
 * The engine's default allocation of Sub-Zero and Night Raid steps (16.3, 16.4): stepTaker's order, one
 * step at a time. With `leaderLast` (the SZLT under 20.6) Pajari may take a step, but only when no other
 * unit of the stack can: the owner may still put it on him (a `stepLosses` decision).
 */
export function defaultSubZeroSteps(
  ctx: Ctx,
  state: GameState,
  ids: readonly string[],
  steps: number,
  leaderLast = false,
): Record<string, number> {
  const left = new Map(ids.filter((id) => state.units[id]?.location === 'map').map((id) => [id, state.units[id]!.stepsLeft]));
  const out: Record<string, number> = {};
  for (let i = 0; i < steps; i++) {
    let live = [...left.entries()].filter(([id, n]) => n > 0 && !isLeader(ctx.counter(id))).map(([id]) => id);
    if (live.length === 0 && leaderLast)
      live = [...left.entries()].filter(([id, n]) => n > 0 && takesSubZeroSteps(ctx, state, id)).map(([id]) => id);
    if (live.length === 0) break;
    const cs = (id: string) => currentValues(ctx.counter(id), { ...state.units[id]!, stepsLeft: left.get(id)! }).cs ?? 0;
    const pick = [...live].sort((a, b) => left.get(b)! - left.get(a)! || cs(a) - cs(b) || a.localeCompare(b))[0]!;
    out[pick] = (out[pick] ?? 0) + 1;
    left.set(pick, left.get(pick)! - 1);
  }
  return out;
}

/**
 * The owner's answer to a `stepLosses` decision (16.3, 16.4): steps per unit of the stack, summing to
 * the steps due. Leader capture checks follow (12.3.1), as when the engine allocates them.
 */
export function answerStepLosses(
  ctx: Ctx,
  draft: GameState,
  side: Side,
  stepsIn: unknown,
  source: DiceSource,
  events: GameEvent[],
): RuleViolation | null {
  const p = draft.pending[0];
  if (!p || p.type !== 'stepLosses') return { code: 'rule/no-pending', rule: '16.3', message: 'No step losses are waiting.' };
  const rule = p.rule;
  if (p.side !== side) return { code: 'rule/not-your-turn', rule, message: `The ${p.side} player chooses these losses.` };
  if (!stepsIn || typeof stepsIn !== 'object' || Array.isArray(stepsIn))
    return { code: 'input/steps', rule, message: 'steps maps unit ids to step counts, e.g. { "1/1/364": 1 }.' };
  let sum = 0;
  for (const [id, n] of Object.entries(stepsIn as Record<string, unknown>)) {
    const u = p.units.find((x) => x.unit === id);
    if (!u)
      return {
        code: 'rule/not-in-stack',
        rule,
        message: `${id} is not in the stack in ${p.hex}: choose among ${p.units.map((x) => x.unit).join(', ')}.`,
      };
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > u.stepsLeft)
      return { code: 'input/steps', rule, message: `${id} can take 0–${u.stepsLeft} steps.` };
    sum += n;
  }
  if (sum !== p.steps)
    return {
      code: 'rule/losses-not-taken',
      rule,
      message: `Take exactly ${p.steps} step${p.steps > 1 ? 's' : ''} in ${p.hex}; default: ${p.defaultText}.`,
    };
  draft.pending.shift();
  const out: LossEvent[] = [];
  for (const [id, n] of Object.entries(stepsIn as Record<string, number>))
    for (let i = 0; i < n; i++) reduceUnit(draft, ctx.ruleset, id, 1, rule, p.cause, out);
  events.push(...out);
  leaderCaptureChecks(ctx, draft, out, dieRoller(draft, source, events), events); // 12.3.1
  return null;
}

/** Stacks that roll on the SZLT, in order: Soviet stacks, Finnish Skull stacks, then Night Raiders one by one. */
export function subZeroRolls(ctx: Ctx, state: GameState): { side: Side; hex: HexId; units: string[] }[] {
  if (!ruleOn(state.options, '16.3')) return [];
  const out: { side: Side; hex: HexId; units: string[] }[] = [];
  const group = (us: UnitState[]): Map<HexId, string[]> => {
    const m = new Map<HexId, string[]>();
    for (const u of us) m.set(u.hex!, [...(m.get(u.hex!) ?? []), u.id]);
    return m;
  };
  const soviet = onMapUnits(state, 'soviet').filter((u) => !underBonfire(state, u.id));
  for (const [hex, ids] of [...group(soviet)].sort(([a], [b]) => a.localeCompare(b))) out.push({ side: 'soviet', hex, units: ids.sort() });
  const finns = onMapUnits(state, 'finnish').filter((u) => takesSubZeroSteps(ctx, state, u.id));
  const skulls = finns.filter((u) => u.flags.skull && !u.flags.nightRaid);
  // Under 20.6 Pajari shares the roll of the Skull stack he is in, whether or not he attacked (12.3.1).
  const pajari = state.units[PAJARI_ID];
  const pajariJoins = (hex: HexId, ids: string[]): string[] =>
    pajari?.location === 'map' &&
    pajari.hex === hex &&
    !pajari.flags.nightRaid &&
    !ids.includes(PAJARI_ID) &&
    takesSubZeroSteps(ctx, state, PAJARI_ID)
      ? [...ids, PAJARI_ID]
      : ids;
  for (const [hex, ids] of [...group(skulls)].sort(([a], [b]) => a.localeCompare(b)))
    out.push({ side: 'finnish', hex, units: pajariJoins(hex, ids).sort() });
  for (const u of finns.filter((x) => x.flags.nightRaid).sort((a, b) => a.id.localeCompare(b.id)))
    out.push({ side: 'finnish', hex: u.hex!, units: [u.id] });
  return out.filter((r) => r.units.some((id) => takesSubZeroSteps(ctx, state, id)));
}

/** 16.3: one die per stack; DRMs lake −1, Finnish +1; a step on a low total; then all Skulls and Bonfires go. */
export function resolveSubZero(ctx: Ctx, draft: GameState, source: DiceSource, events: GameEvent[]): void {
  const t = ctx.ruleset.tables.szlt;
  for (const r of subZeroRolls(ctx, draft)) {
    const live = r.units.filter((id) => draft.units[id]?.location === 'map');
    if (live.length === 0) continue;
    const drms: string[] = [];
    let mod = 0;
    if (isLake(ctx, r.hex)) {
      mod += drmValue(t, 'onLake');
      drms.push(drmText(t, 'onLake'));
    }
    if (r.side === 'finnish') {
      mod += drmValue(t, 'finnish');
      drms.push(drmText(t, 'finnish'));
    }
    const [die] = rollDice(draft, 1, `SZLT ${r.side} ${r.hex} (${live.join(', ')})`, '16.3', source, events);
    const total = die! + mod;
    const steps = dieTableResult(t, total).steps;
    let unit: string | null = null;
    const lossEvents: LossEvent[] = [];
    // Which units of the stack take the steps is the owner's choice (16.3): asked when there is more
    // than one way; the default is the engine's pick (stepTaker's order).
    const takers = live
      .filter((id) => takesSubZeroSteps(ctx, draft, id) && draft.units[id]!.stepsLeft > 0)
      .map((id) => ({ unit: id, stepsLeft: draft.units[id]!.stepsLeft }));
    const due = Math.min(
      steps,
      takers.reduce((n, u) => n + u.stepsLeft, 0),
    );
    const def = defaultSubZeroSteps(ctx, draft, live, steps, true);
    const chooses =
      due > 0 &&
      splits(
        takers.map((u) => u.stepsLeft),
        due,
      ) > 1;
    if (chooses) {
      draft.pending.push({
        type: 'stepLosses',
        side: r.side,
        hex: r.hex,
        steps: due,
        rule: '16.3',
        cause: 'Sub-Zero loss',
        units: takers,
        default: { steps: def },
        defaultText: describeSteps(def),
      });
    } else {
      for (const [u, n] of Object.entries(def)) {
        unit = unit ?? u;
        reduceUnit(draft, ctx.ruleset, u, n, '16.3', 'Sub-Zero loss', lossEvents);
      }
    }
    events.push({
      type: 'subZeroCheck',
      side: r.side,
      hex: r.hex,
      units: live,
      drms,
      rollNumber: draft.rollCount,
      die: die!,
      total,
      steps,
      unit,
      ...(chooses ? { chooses: true as const } : {}),
      rule: '16.3',
    });
    for (const e of lossEvents) events.push(e);
    leaderCaptureChecks(ctx, draft, lossEvents, dieRoller(draft, source, events), events); // 12.3.1
  }
  clearNightMarkers(draft, events);
}

// ───────────────────────────── Finnish Night Raids (16.4) ─────────────────────────────

/** The MP limit of a raid route (16.4.1). */
export const RAID_MAX_MP = 18;
/** Route cost that earns FNRT DRM 4. */
export const RAID_SHORT_MP = 7;
/** Minimum distance of the target from every Finnish unit at the start of the phase (16.4.1). */
export const RAID_MIN_DISTANCE = 4;

function fnrtDrm(ctx: Ctx, id: string): number {
  return drmValue(ctx.ruleset.tables.fnrt, id);
}

/**
 * Night Raids rolled so far in the game and on this turn (the log holds everything since this turn's
 * Action Phase began, when raids are rolled).
 */
function raidsSoFar(state: GameState): { game: number; thisTurn: number } {
  let thisTurn = 0;
  for (const e of state.log) if (e.type === 'nightRaid' && e.turn === state.turn) thisTurn++;
  return { game: nightRaidsSoFar(state), thisTurn };
}

/** Hexes of Finnish units at the start of the current Action Phase (from this phase's log). */
export function finnishStartHexes(state: GameState): HexId[] {
  let start = state.log.length;
  for (let i = state.log.length - 1; i >= 0; i--) {
    const e = state.log[i]!;
    if (e.type === 'phase' && e.phase === 'action') {
      start = i;
      break;
    }
  }
  const first = new Map<string, HexId | null>();
  for (let i = start; i < state.log.length; i++) {
    const e = state.log[i]!;
    if (e.type === 'moved' && e.side === 'finnish') for (const id of e.units) if (!first.has(id)) first.set(id, e.from);
    if (e.type === 'advanced')
      e.units.forEach((id, k) => {
        if (!first.has(id)) first.set(id, e.from[k] ?? e.from[0] ?? null);
      });
    if (e.type === 'retreated' && !first.has(e.unit)) first.set(e.unit, e.from);
  }
  const out = new Set<HexId>();
  for (const u of Object.values(state.units)) {
    if (u.side !== 'finnish') continue;
    if (first.has(u.id)) {
      const h = first.get(u.id);
      if (h) out.add(h);
    } else if (u.location === 'map' && u.hex) out.add(u.hex);
  }
  return [...out];
}

interface RouteInfo {
  /** Cheapest cost to each hex the raider may end its route in (approach hexes included). */
  cost: Map<HexId, number>;
  /** Same, using only road links, frozen lake or village hexes (FNRT DRM 5). */
  easy: Map<HexId, number>;
}

// The goal hexes of a set asked about, by number, and every hex's steps to the nearest: one search per set
// of hexes on a map, which stays the same whatever the state (the raiders of one listing or one raid share
// it, and a raid on the same target later finds it). The arrays are only read.
const goalSets = new WeakMap<Grid, Map<string, { goals: number[]; hops: Int32Array }>>();
/** Sets of goals remembered per map: a game asks about a few dozen (its targets' neighbours). */
const MAX_GOAL_SETS = 256;
/** Each set object asked about → its entry (the raiders of one raid or listing ask with the same set). */
const goalsBySet = new WeakMap<ReadonlySet<HexId>, { goals: number[]; hops: Int32Array }>();
function goalsOf(g: Grid, only: ReadonlySet<HexId>): { goals: number[]; hops: Int32Array } {
  let r = goalsBySet.get(only);
  if (r) return r;
  let byKey = goalSets.get(g);
  if (!byKey) goalSets.set(g, (byKey = new Map()));
  const goals = [...only].flatMap((h) => (g.index.has(h) ? [g.index.get(h)!] : []));
  const key = goals.join(',');
  r = byKey.get(key);
  if (!r) {
    if (byKey.size >= MAX_GOAL_SETS) byKey.clear();
    byKey.set(key, (r = { goals, hops: hopsToGoals(g, goals) }));
  }
  goalsBySet.set(only, r);
  return r;
}

/** A raider's facts per hex, as bits (raiderRoutes). */
const BLOCKED = 1;
const BINDS = 2;
const ROAD_RATE = 4;
/** A hex asked about that a route may enter (see `mayEnter`): the search waits for it. */
const GOAL = 8;
/** The same for the easy routes. */
const EASY_GOAL = 16;

/** A raid search's working arrays, one pair per map (grid.ts), reused by every search. */
const raidScratch = new WeakMap<Grid, { best: Float64Array; done: Uint8Array }>();

function raidScratchOf(g: Grid): { best: Float64Array; done: Uint8Array } {
  let sc = raidScratch.get(g);
  if (!sc) raidScratch.set(g, (sc = { best: new Float64Array(g.ids.length), done: new Uint8Array(g.ids.length) }));
  return sc;
}

/**
 * Routes of one raider (16.4.1): through hexes free of enemy units; a hex in an enemy ZOC may only be
 * the last hex of the route. Road rate as in movement (5.3): not into an enemy ZOC nor next to an enemy unit.
 */
export function raiderRoutes(
  ctx: Ctx,
  c: CounterDef,
  from: HexId,
  ezoc: ZocMap,
  enemy: EnemyPresence,
  only?: ReadonlySet<HexId>,
): RouteInfo {
  // On the map's arrays (grid.ts): hundreds of hexes are settled in one search.
  const g = gridOf(ctx);
  const steps = stepTableOf(ctx, c);
  const n = g.ids.length;
  const start = g.index.get(from)!;
  // Per hex, as bits (one array per call: the easy routes below may be searched later, from these):
  // an enemy unit (never entered), an enemy ZOC that binds (the route ends on entering it), the road rate
  // allowed (5.3: everywhere but in an enemy ZOC or next to an enemy unit), a hex asked about.
  const hex = new Uint8Array(n).fill(mayUseRoadRate(c, false, false) ? ROAD_RATE : 0);
  for (const h of enemy.occupied) hex[g.index.get(h)!]! |= BLOCKED;
  for (const h of ezoc.keys()) if (zocBinds(ezoc, c, h)) hex[g.index.get(h)!]! |= BINDS;
  for (const h of [...enemy.adjacent, ...ezoc.keys()]) {
    const i = g.index.get(h)!;
    if (mayUseRoadRate(c, (hex[i]! & BINDS) !== 0, enemy.adjacent.has(h))) hex[i]! |= ROAD_RATE;
    else hex[i]! &= ~ROAD_RATE;
  }
  const { goals, hops } = only ? goalsOf(g, only) : { goals: [], hops: null };
  // A route enters a hex from a neighbour it may go on from: the start, or a hex free of enemy units and
  // outside any binding enemy ZOC (a route ends on entering one). A hex asked about that has no such
  // neighbour is never reached, and the search would otherwise go on to its limit looking for it: the hexes
  // next to a raid's target are all in its ZOC, and some of them only touch other ZOC hexes. `easy`: only
  // by an easy step (road, frozen lake, village) from that neighbour.
  const mayEnter = (i: number, easy: boolean): boolean => {
    for (let k = i * SLOTS, end = k + SLOTS; k < end; k++) {
      const j = g.nb[k]!;
      if (j < 0 || hex[j]! & BLOCKED || (j !== start && hex[j]! & BINDS)) continue;
      if (!easy) return true;
      for (let b = j * SLOTS, e = b + SLOTS; b < e; b++) if (g.nb[b] === i && steps.easy[b]) return true;
    }
    return false;
  };
  let goalsLeft = 0;
  for (const i of goals)
    if (mayEnter(i, false)) {
      hex[i]! |= GOAL;
      goalsLeft++;
    }
  // Asked about some hexes only: an A* search towards them. A hex d steps across the map from the nearest
  // of them costs at least d cheapest steps more to reach one, so it is skipped when that is past the limit,
  // and hexes are settled in order of cost plus that bound (a consistent bound: every settled cost is the
  // least).
  const least = only ? cheapestStep(ctx) : 0;
  const bound = (i: number): number => (hops ? hops[i]! * least : 0);
  const run = (easyOnly: boolean, goalBit: number, left: number): Map<HexId, number> => {
    const out = new Map<HexId, number>();
    // Asked about some hexes, none of which a route may enter: nothing to search for.
    if (only && left === 0) return out;
    // The search's working arrays are the map's, reused (a search runs to its end before the next).
    const { best, done } = raidScratchOf(g);
    best.fill(Infinity);
    done.fill(0);
    const queue = new CostHeap<number>();
    best[start] = 0;
    queue.push(bound(start), start);
    for (let i = queue.popItem(); i !== undefined; i = queue.popItem()) {
      if (done[i]) continue;
      done[i] = 1;
      // Asked about some hexes only: done once each that a route may enter is settled (its cost is final).
      if (hex[i]! & goalBit && --left === 0) break;
      if (i !== start && hex[i]! & BINDS) continue; // route ends on entering an enemy ZOC
      const cost = best[i]!;
      for (let k = i * SLOTS, end = k + SLOTS; k < end; k++) {
        const j = g.nb[k]!;
        if (j < 0 || hex[j]! & BLOCKED || done[j]) continue;
        if (easyOnly && !steps.easy[k]) continue;
        const nc = cost + (hex[j]! & ROAD_RATE ? steps.road[k]! : steps.plain[k]!);
        if (!(nc <= RAID_MAX_MP)) continue; // also an impossible step (Infinity)
        const f = nc + bound(j);
        if (f > RAID_MAX_MP || best[j]! <= nc) continue;
        best[j] = nc;
        queue.push(f, j);
      }
    }
    // Asked about some hexes only: those settled among them; else every hex reached.
    for (const i of only ? goals : g.ids.keys()) {
      if (i === start || best[i] === Infinity || (only && !done[i])) continue;
      out.set(g.ids[i]!, best[i]!);
    }
    return out;
  };
  // The easy routes matter only to a chosen raid (its FNRT DRM), not to the listing of raids: searched when read.
  // An easy route to a hex is also a route to it: only the hexes reached at all are looked for.
  const reached = run(false, GOAL, goalsLeft);
  let easy: Map<HexId, number> | undefined;
  return {
    cost: reached,
    get easy() {
      if (easy) return easy;
      let easyLeft = 0;
      for (const i of goals)
        if (reached.has(g.ids[i]!) && mayEnter(i, true)) {
          hex[i]! |= EASY_GOAL;
          easyLeft++;
        }
      return (easy = run(true, EASY_GOAL, easyLeft));
    },
  };
}

/** A unit that may take part in a raid now (16.4.1), or the reason it may not. */
function raiderProblem(ctx: Ctx, state: GameState, id: string, ezoc: ZocMap): string | null {
  const u = state.units[id];
  if (!u || u.side !== 'finnish') return `${id} is not a Finnish unit`;
  if (u.location !== 'map' || !u.hex) return `${id} is not on the map`;
  if (u.flags.acted) return `${id} has already taken its action this Action Phase`;
  const c = ctx.counter(id);
  if (!isLeader(c)) {
    if (!c.infantryCompany) return `${id} is not an infantry company`;
    if (u.stepsLeft < c.steps) return `${id} is not at full strength`;
  }
  if (zocBinds(ezoc, c, u.hex)) return `${id} is in an enemy ZOC`;
  return null;
}

interface RaidPlan {
  units: string[];
  target: HexId;
  approach: HexId;
  routeCost: Record<string, number>;
  drmIds: string[];
  /** Index of the base odds (8.2) and the attack figures. */
  attack: RaidAttack;
}

interface RaidAttack {
  attackers: { unit: string; cs: number }[];
  defenders: { unit: string; cs: number; notes: string[] }[];
  attackerTotal: number;
  defenderTotal: number;
  halvings: string[];
  baseIndex: number;
}

/** Combat Ratio of a raid: the 8.2 halvings only (16.4 step 4). */
function raidAttack(ctx: Ctx, state: GameState, raiders: string[], approach: HexId, target: HexId): RaidAttack {
  const rs = ctx.ruleset;
  const night = isNight(ctx, state.turn);
  const attackers = raiders
    .filter((id) => !isLeader(ctx.counter(id)))
    .map((id) => ({ unit: id, cs: currentValues(ctx.counter(id), state.units[id]!).cs ?? 0 }));
  const halvings: string[] = [];
  let attackerTotal = attackers.reduce((t, a) => t + a.cs, 0);
  const lake = isLake(contextOf(rs), approach);
  if (lake || isBridgeHexside(contextOf(rs), approach, target)) {
    const h = Math.ceil(attackerTotal / 2);
    halvings.push(
      `raiders ${lake ? 'on frozen lake' : 'across a bridge'} in ${approach}: CS ${attackerTotal} halved to ${h}, rounded up (8.2 case 1)`,
    );
    attackerTotal = h;
  }
  const defenders: CsLine[] = onMapUnits(state, 'soviet')
    .filter((u) => u.hex === target)
    .map((u) => {
      const c = mustCounter(rs, u.id);
      const printed = isMapCombatUnit(c) ? (currentValues(c, u).cs ?? 0) : 0;
      const doubled = c.conventions.csDoubledOnDefense && printed > 0;
      return {
        unit: u.id,
        hex: target,
        printed,
        counted: doubled ? printed * 2 : printed,
        notes: doubled ? ['CS doubled on defence'] : [],
      };
    });
  if (night) {
    const lines: ModifierLine[] = [];
    halveArmorAtNight(rs, defenders, lines);
    for (const l of lines) halvings.push(l.text);
  }
  const defenderTotal = defenders.reduce((t, d) => t + d.counted, 0);
  return {
    attackers,
    defenders: defenders.map((d) => ({ unit: d.unit, cs: d.counted, notes: d.notes })),
    attackerTotal,
    defenderTotal,
    halvings,
    baseIndex: ratioIndex(attackerTotal, defenderTotal),
  };
}

function columnFor(index: number, shift: number): OddsColumn {
  const i = index + shift;
  return Number.isFinite(i) ? clampToColumn(i) : i > 0 ? '6:1' : '1:4';
}

interface RaidEnv {
  ezoc: ZocMap;
  enemy: EnemyPresence;
  starts: HexId[];
  /** The hexes routes are asked about: next to the raid's target, or next to every target a listing offers. */
  only?: ReadonlySet<HexId>;
  /** Routes by start hex and what of a counter its steps read (raiders who share both share routes). */
  routes: Map<string, RouteInfo>;
}

function raidEnv(ctx: Ctx, state: GameState): RaidEnv {
  return {
    ezoc: zocOf(ctx, state, 'soviet'),
    enemy: enemyPresence(state, ctx, 'finnish'),
    starts: finnishStartHexes(state),
    routes: new Map(),
  };
}

function routesOf(ctx: Ctx, state: GameState, env: RaidEnv, id: string): RouteInfo {
  const c = ctx.counter(id);
  const from = state.units[id]!.hex!;
  // A step's cost and ZOC read only these of the counter (grid.ts stepKind; zocBinds, mayUseRoadRate).
  const key = `${from}|${stepKind(c)}`;
  let r = env.routes.get(key);
  if (!r) {
    r = raiderRoutes(ctx, c, from, env.ezoc, env.enemy, env.only);
    env.routes.set(key, r);
  }
  return r;
}

/** Why a raid now is impossible whatever the units (phase, turn, one per night turn), or null. */
function raidPhaseProblem(ctx: Ctx, state: GameState, side: Side): RuleViolation | null {
  if (side !== 'finnish') return fail('rule/night-raid-side', '16.4', 'Only the Finns conduct Night Raids.');
  if (state.phase !== 'action' || state.activeSide !== side)
    return fail('rule/wrong-phase', '16.4', `Night Raids happen in the Finnish Action Phase; now: ${state.activeSide} ${state.phase}.`);
  if (!isNight(ctx, state.turn))
    return fail('rule/not-night', '16.4', `Night Raids happen only on night turns; turn ${state.turn} is not one.`);
  if (!ruleOn(state.options, '16.4')) return fail('rule/option-off', '16.4', 'This game leaves Night Raids out (option 16.4).');
  if (combatInProgress(state)) return fail('rule/combat-in-progress', '8.1', 'Finish the current Assault first.');
  if (raidsSoFar(state).thisTurn > 0)
    return fail('rule/night-raid-limit', '16.4.1', 'Only one Night Raid per night turn; it has been made.');
  return null;
}

/** Why this target may not be raided (any raiders), or null. */
function targetProblem(ctx: Ctx, state: GameState, env: RaidEnv, target: HexId): string | null {
  if (!ctx.hex(target)) return `${target} is not a hex on the map`;
  const defenders = unitsIn(state, target).filter((u) => u.side === 'soviet' && isMapCombatUnit(ctx.counter(u.id)));
  if (defenders.length === 0) return `${target} holds no Soviet combat unit`;
  if (ctx.hex(target)?.hotel) return `${target} is the Hotel hex, which may not be raided`;
  const near = env.starts.find((h) => hexDistance(h, target) < RAID_MIN_DISTANCE);
  if (near)
    return `${target} is ${hexDistance(near, target)} hex(es) from Finns that began the phase in ${near}; the target must be ${RAID_MIN_DISTANCE} or more away`;
  return null;
}

/** Plan a raid, or say why it is not legal. Checks the CRT columns last. */
function planRaid(
  ctx: Ctx,
  state: GameState,
  env: RaidEnv,
  ids: string[],
  target: HexId,
  approachIn: HexId | null,
): RaidPlan | RuleViolation {
  const combat = ids.filter((id) => !isLeader(ctx.counter(id)));
  const leaders = ids.filter((id) => isLeader(ctx.counter(id)));
  if (combat.length < 1 || combat.length > 3)
    return fail(
      'rule/night-raid-units',
      '16.4.1',
      'A Night Raid takes one to three full-strength Finnish infantry companies (Pajari may join).',
    );
  if (leaders.length > 1) return fail('rule/night-raid-units', '16.4.1', 'Only Pajari may join a Night Raid as a leader.');
  for (const id of ids) {
    const p = raiderProblem(ctx, state, id, env.ezoc);
    if (p) return fail('rule/night-raid-units', '16.4.1', `${p}: it cannot raid.`);
  }
  for (let i = 0; i < ids.length; i++) {
    for (let j = i + 1; j < ids.length; j++) {
      const a = state.units[ids[i]!]!.hex!;
      const b = state.units[ids[j]!]!.hex!;
      if (a !== b && !areAdjacent(a, b))
        return fail(
          'rule/night-raid-units',
          '16.4.1',
          `${ids[i]} (${a}) and ${ids[j]} (${b}) are neither stacked nor adjacent: every raider must be with or next to every other.`,
        );
    }
  }
  const tp = targetProblem(ctx, state, env, target);
  if (tp) return fail('rule/night-raid-target', '16.4.1', `${tp}.`);
  const approaches = ctx
    .neighbours(target)
    .filter((h) => !env.enemy.occupied.has(h) && ids.every((id) => routesOf(ctx, state, env, id).cost.has(h)));
  if (approaches.length === 0)
    return fail(
      'rule/night-raid-route',
      '16.4.1',
      `No route of ${RAID_MAX_MP} MP or less, free of enemy units and enemy ZOC, leads every raider next to ${target}.`,
    );
  const score = (h: HexId): { halved: boolean; drm: number; max: number } => {
    const costs = ids.map((id) => routesOf(ctx, state, env, id).cost.get(h)!);
    const max = Math.max(...costs);
    let drm = 0;
    if (max <= RAID_SHORT_MP) drm += fnrtDrm(ctx, 'shortRoute');
    if (ids.every((id) => routesOf(ctx, state, env, id).easy.has(h))) drm += fnrtDrm(ctx, 'easyRoute');
    return { halved: isLake(ctx, h) || isBridgeHexside(ctx, h, target), drm, max };
  };
  let approach: HexId;
  if (approachIn) {
    if (!approaches.includes(approachIn))
      return fail(
        'rule/night-raid-route',
        '16.4.1',
        `The raiders cannot all reach ${approachIn} next to ${target}; possible: ${approaches.sort().join(', ')}.`,
      );
    approach = approachIn;
  } else {
    approach = [...approaches].sort((a, b) => {
      const sa = score(a);
      const sb = score(b);
      return Number(sa.halved) - Number(sb.halved) || sb.drm - sa.drm || sa.max - sb.max || a.localeCompare(b);
    })[0]!;
  }
  const routeCost: Record<string, number> = {};
  for (const id of ids) routeCost[id] = routesOf(ctx, state, env, id).cost.get(approach)!;
  const drmIds: string[] = [];
  if (raidsSoFar(state).game === 0) drmIds.push('firstRaid');
  if (leaders.length) drmIds.push('pajari');
  if (bonfireAt(state, target)) drmIds.push('bonfire');
  if (Math.max(...Object.values(routeCost)) <= RAID_SHORT_MP) drmIds.push('shortRoute');
  if (ids.every((id) => routesOf(ctx, state, env, id).easy.has(approach))) drmIds.push('easyRoute');
  const attack = raidAttack(ctx, state, ids, approach, target);
  return { units: [...ids], target, approach, routeCost, drmIds, attack };
}

export function raidOptions(ctx: Ctx, state: GameState, side: Side): RaidOptions {
  const out: RaidOptions = { raiders: [], targets: [] };
  if (raidPhaseProblem(ctx, state, side)) return out;
  const env = raidEnv(ctx, state);
  const raiders = onMapUnits(state, 'finnish')
    .filter((u) => !raiderProblem(ctx, state, u.id, env.ezoc))
    .map((u) => u.id)
    .sort();
  if (!raiders.some((id) => !isLeader(ctx.counter(id)))) return out;
  out.raiders = raiders;
  const targets = [...new Set(onMapUnits(state, 'soviet').map((u) => u.hex!))].sort().filter((t) => !targetProblem(ctx, state, env, t));
  // Routes are searched only as far as the hexes a raid might approach its target from (the searches
  // stop once those are settled, and skip hexes too far from all of them).
  const free = (t: HexId) => ctx.neighbours(t).filter((h) => !env.enemy.occupied.has(h));
  env.only = new Set(targets.flatMap(free));
  for (const t of targets) {
    const units: string[] = [];
    const approaches = new Set<HexId>();
    for (const id of raiders) {
      const ok = free(t).filter((h) => routesOf(ctx, state, env, id).cost.has(h));
      if (ok.length === 0) continue;
      units.push(id);
      for (const h of ok) approaches.add(h);
    }
    if (units.some((id) => !isLeader(ctx.counter(id)))) out.targets.push({ hex: t, units, approaches: [...approaches].sort() });
  }
  return out;
}

/**
 * A Night Raid's step losses on one side (16.4 step 4): which units take them is their owner's choice,
 * asked as a `stepLosses` decision when there is more than one way; the default is stepTaker's order.
 */
function stepLossesOn(ctx: Ctx, draft: GameState, ids: string[], n: number, reason: string, source: DiceSource, events: GameEvent[]): void {
  const live = ids.filter((id) => draft.units[id]?.location === 'map');
  const takers = live
    .filter((id) => !isLeader(ctx.counter(id)) && draft.units[id]!.stepsLeft > 0)
    .map((id) => ({ unit: id, stepsLeft: draft.units[id]!.stepsLeft }));
  const due = Math.min(
    n,
    takers.reduce((t, u) => t + u.stepsLeft, 0),
  );
  if (due <= 0) return;
  const def = defaultSubZeroSteps(ctx, draft, live, n);
  if (
    splits(
      takers.map((u) => u.stepsLeft),
      due,
    ) > 1
  ) {
    const first = draft.units[takers[0]!.unit]!;
    draft.pending.push({
      type: 'stepLosses',
      side: first.side,
      hex: first.hex!,
      steps: due,
      rule: '16.4',
      cause: reason,
      units: takers,
      default: { steps: def },
      defaultText: describeSteps(def),
    });
    return;
  }
  const lossEvents: LossEvent[] = [];
  for (const [u, k] of Object.entries(def)) for (let i = 0; i < k; i++) reduceUnit(draft, ctx.ruleset, u, 1, '16.4', reason, lossEvents);
  for (const e of lossEvents) events.push(e);
  leaderCaptureChecks(ctx, draft, lossEvents, dieRoller(draft, source, events), events); // 12.3.1
}

export function applyNightRaid(
  ctx: Ctx,
  draft: GameState,
  side: Side,
  a: NightRaidAction,
  source: DiceSource,
  events: GameEvent[],
): RuleViolation | null {
  const pp = raidPhaseProblem(ctx, draft, side);
  if (pp) return pp;
  const list = checkUnitList(draft, side, a.units);
  if ('violation' in list) return list.violation;
  const target = typeof a.target === 'string' ? parseHexId(a.target) : null;
  if (!target) return fail('input/bad-hex', '2.3', `${JSON.stringify(a.target)} is not a hex id like M16.`);
  let approach: HexId | null = null;
  if (a.from !== undefined) {
    approach = typeof a.from === 'string' ? parseHexId(a.from) : null;
    if (!approach) return fail('input/bad-hex', '2.3', `${JSON.stringify(a.from)} is not a hex id like M16.`);
  }
  // One raid: its routes are searched only as far as the hexes next to its target it might approach from
  // (never a hex with enemy units).
  const base = raidEnv(ctx, draft);
  const env = { ...base, only: new Set(ctx.neighbours(target).filter((h) => !base.enemy.occupied.has(h))) };
  const plan = planRaid(ctx, draft, env, list.ids, target, approach);
  if ('code' in plan) return plan;

  const fnrt = ctx.ruleset.tables.fnrt;
  const mod = plan.drmIds.reduce((t, id) => t + drmValue(fnrt, id), 0);
  const [die] = rollDice(draft, 1, `FNRT raid on ${target}`, '16.4', source, events);
  const total = die! + mod;
  const res = dieTableResult(fnrt, total);
  events.push({
    type: 'nightRaid',
    turn: draft.turn,
    units: plan.units,
    target,
    approach: plan.approach,
    routeCost: plan.routeCost,
    drms: plan.drmIds.map((id) => drmText(fnrt, id)),
    rollNumber: draft.rollCount,
    die: die!,
    total,
    found: res.attack,
    shift: res.shift,
    rule: '16.4',
  });
  if (res.attack) {
    const at = plan.attack;
    const column = columnFor(at.baseIndex, res.shift);
    const dice = rollDice(draft, 2, `CRT Night Raid on ${target} at ${column}`, '16.4', source, events);
    const roll = dice[0]! + dice[1]!;
    const cell = crtCell(ctx.ruleset.tables.crt, column, roll);
    events.push({
      type: 'nightRaidAttack',
      target,
      attackers: at.attackers,
      defenders: at.defenders,
      attackerTotal: at.attackerTotal,
      defenderTotal: at.defenderTotal,
      halvings: at.halvings,
      ratio: `${at.attackerTotal}:${at.defenderTotal}`,
      baseOdds: oddsOfIndex(at.baseIndex),
      shift: shiftText(res.shift),
      finalOdds: oddsOfIndex(at.baseIndex + res.shift),
      column,
      rollNumber: draft.rollCount,
      roll,
      result: `${cell.attacker}/${cell.defender}`,
      rule: '16.4',
    });
    stepLossesOn(
      ctx,
      draft,
      at.defenders.map((d) => d.unit),
      cell.defender,
      'Night Raid loss (defender)',
      source,
      events,
    );
    stepLossesOn(
      ctx,
      draft,
      at.attackers.map((x) => x.unit),
      cell.attacker,
      'Night Raid loss (raiders)',
      source,
      events,
    );
  }
  const marked: string[] = [];
  for (const id of plan.units) {
    const u = unitToChange(draft, id);
    u.flags.acted = true;
    if (u.location === 'map') {
      u.flags.nightRaid = true;
      delete u.flags.skull;
      marked.push(id);
    }
  }
  if (marked.length)
    events.push({ type: 'skullMarked', units: marked, reason: `Night Raid on ${target}: each raider checks alone`, rule: '16.4' });
  if (plan.units.includes(PAJARI_ID))
    heartCheck(
      draft,
      ctx.ruleset,
      (n, why, rule) => ({ dice: rollDice(draft, n, why, rule, source, events) }),
      (e) => events.push(e),
    ); // 20.6
  return null;
}

export function nightOptions(ctx: Ctx, state: GameState, side: Side): NightOptions {
  return { bonfire: bonfireCandidates(ctx, state, side), raid: raidOptions(ctx, state, side) };
}
