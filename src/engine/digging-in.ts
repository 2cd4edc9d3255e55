/**
 * Digging In (14.0–14.5). Hex markers in GameState.markers: `{ type: 'diggingIn' | 'dugIn', hex, side, turn }`.
 *
 * - Who (14.1, 3.0 II): infantry (2.0 glossary: companies, bicycle companies, the engineer platoon,
 *   breakdown platoons) and MG units; not the leader (12.3). As the unit's whole action, in its Action
 *   Phase, not on frozen lake, not in an enemy ZOC (except engineers stacked with another friendly
 *   non-leader unit, 14.2.1, and on night turns, 14.5).
 * - Timeline (14.2): the first action places a Digging In marker; a digging in action on a later turn
 *   flips it to Dug-In. Engineers that have not acted (so began the phase in the hex) make it Dug-In at
 *   once (14.2.1), and so does any digging in on a night turn (14.5).
 * - Markers per side are limited by the scenario's counter mix (14.1: `dugInMarkers`).
 * - Effects (14.3): combat/odds.ts gives the 1L shift when a `dugIn` marker is in the defender's hex;
 *   a Digging In marker does nothing.
 * - Removal (14.4): after every action, a marker with no unit of its side left in its hex goes; the
 *   owner may also remove one at will whenever he is the one to act (14.1, `removeEntrenchment`).
 */
import type { Ctx } from './ctx.js';
import type { Side } from './ruleset.js';
import type {
  DigInAction,
  DigInOption,
  GameEvent,
  GameState,
  Marker,
  RemoveEntrenchmentAction,
  RuleViolation,
  UnitState,
} from './types.js';
import type { HexId } from './hex.js';
import { parseHexId } from './hex.js';
import { phaseLabel, sideLabel } from './labels.js';
import { inEnemyZoc } from './zoc.js';
import { isInfantry, unitsIn } from './units.js';
import { isLake } from './terrain.js';
import type { RuleCode } from './codes.js';
import { draftChecksOn, unitToChange, unitsChanged } from './draft.js';

const bad = (code: RuleCode, rule: string, message: string): RuleViolation => ({ code, rule, message });

export type EntrenchmentType = 'diggingIn' | 'dugIn';

const isEntrenchment = (m: Marker): m is Marker & { type: EntrenchmentType } => m.type === 'diggingIn' || m.type === 'dugIn';

/** Unit types that may dig in (14.1, 3.0 II). */
export function canDigInType(ctx: Ctx, unitId: string): boolean {
  const c = ctx.counter(unitId);
  return c.type !== 'leader' && (isInfantry(c) || c.type === 'mg');
}

/** The side's Digging In / Dug-In marker in a hex, if any. */
export function entrenchmentAt(state: GameState, hex: HexId, side?: Side): (Marker & { type: EntrenchmentType }) | undefined {
  return state.markers.find(
    (m): m is Marker & { type: EntrenchmentType } => isEntrenchment(m) && m.hex === hex && (side === undefined || m.side === side),
  );
}

/** Markers of this side on the map, and how many the counter mix allows (14.1). */
export function markerCount(ctx: Ctx, state: GameState, side: Side): { used: number; limit: number } {
  const used = state.markers.filter((m) => isEntrenchment(m) && m.side === side).length;
  const limit = ctx.scenario(state.scenario)?.dugInMarkers[side] ?? 0;
  return { used, limit };
}

function isNight(ctx: Ctx, state: GameState): boolean {
  return ctx.turnDef(state.turn)?.light === 'night';
}

/** The outcome of a digging in action by these units in their hex, or why it is not allowed. */
function digOutcome(
  ctx: Ctx,
  state: GameState,
  side: Side,
  hex: HexId,
  units: UnitState[],
): { result: EntrenchmentType; how: DigInOption['how']; existing?: Marker } | RuleViolation {
  const night = isNight(ctx, state);
  if (isLake(ctx, hex)) return bad('rule/dig-in-lake', '14.1', `${hex} is frozen lake; units may not dig in there.`);
  if (!night && inEnemyZoc(state, ctx, hex, side)) {
    const others = unitsIn(state, hex).filter((u) => u.side === side && ctx.counter(u.id).type !== 'leader');
    for (const u of units) {
      const c = ctx.counter(u.id);
      if (c.type !== 'engineer')
        return bad(
          'rule/dig-in-ezoc',
          '14.1',
          `${u.id} is in an enemy ZOC in ${hex}; only engineers (14.2.1) or any unit on a night turn (14.5) may dig in there.`,
        );
      if (!others.some((o) => o.id !== u.id)) {
        return bad(
          'rule/dig-in-ezoc',
          '14.2.1',
          `${u.id} may dig in within an enemy ZOC only alongside another friendly unit other than Pajari.`,
        );
      }
    }
  }
  const existing = entrenchmentAt(state, hex, side);
  const engineer = units.some((u) => ctx.counter(u.id).type === 'engineer');
  if (existing?.type === 'dugIn') return bad('rule/dig-in-done', '14.2', `${hex} is already Dug-In.`);
  if (existing) {
    if (night) return { result: 'dugIn', how: 'night', existing };
    if (engineer) return { result: 'dugIn', how: 'engineer', existing };
    if ((existing.turn ?? -Infinity) >= state.turn) {
      return bad(
        'rule/dig-in-same-turn',
        '14.2',
        `The Digging In marker in ${hex} was placed this turn; it becomes Dug-In by another digging in action on a later turn.`,
      );
    }
    return { result: 'dugIn', how: 'flip', existing };
  }
  const { used, limit } = markerCount(ctx, state, side);
  if (used >= limit) return bad('rule/dig-in-markers', '14.1', `All ${limit} of your Digging In/Dug-In markers are in use.`);
  if (night) return { result: 'dugIn', how: 'night' };
  if (engineer) return { result: 'dugIn', how: 'engineer' };
  return { result: 'diggingIn', how: 'place' };
}

/** Checks one unit named in a digIn action. */
function unitProblem(ctx: Ctx, state: GameState, side: Side, id: unknown): RuleViolation | null {
  if (typeof id !== 'string' || !state.units[id])
    return bad('input/unknown-unit', '14.1', `There is no unit ${JSON.stringify(id)} in this game.`);
  const u = state.units[id]!;
  if (u.side !== side) return bad('rule/not-your-unit', '14.1', `${id} is not a ${sideLabel(side)} unit.`);
  if (u.location !== 'map' || !u.hex) return bad('rule/dig-in-not-on-map', '14.1', `${id} is not on the map.`);
  if (!canDigInType(ctx, id)) {
    const t = ctx.counter(id).type;
    return bad(
      'rule/dig-in-unit-type',
      t === 'leader' ? '12.3' : '14.1',
      `Only infantry, engineer and MG units dig in; ${id} is a ${t} unit.`,
    );
  }
  if (u.flags.acted)
    return bad('rule/already-acted', '3.0', `${id} has already taken its action this Action Phase; digging in is a whole action (14.1).`);
  return null;
}

/** Take the digging in action (14.1–14.5). */
export function doDigIn(ctx: Ctx, state: GameState, side: Side, a: DigInAction, events: GameEvent[]): RuleViolation | null {
  if (state.phase !== 'action')
    return bad('rule/wrong-phase', '3.0', `Digging in is done in your Action Phase; the current phase is the ${phaseLabel(state.phase)}.`);
  if (!Array.isArray(a.units) || a.units.length === 0) return bad('input/units', '14.1', 'Name the unit(s) digging in, all in one hex.');
  const ids = [...new Set(a.units)];
  for (const id of ids) {
    const p = unitProblem(ctx, state, side, id);
    if (p) return p;
  }
  const units = ids.map((id) => state.units[id as string]!);
  const hex = units[0]!.hex!;
  if (units.some((u) => u.hex !== hex)) return bad('rule/stack-not-together', '14.1', 'Units digging in together must be in one hex.');
  const r = digOutcome(ctx, state, side, hex, units);
  if ('code' in r) return r;
  if (r.existing) {
    r.existing.type = r.result;
    r.existing.turn = state.turn;
  } else {
    state.markers.push({ type: r.result, hex, side, turn: state.turn });
  }
  for (const u of units) unitToChange(state, u.id).flags.acted = true;
  events.push({
    type: 'digIn',
    side,
    units: ids as string[],
    hex,
    marker: r.result,
    flipped: r.how === 'flip',
    ...(r.how === 'engineer' || r.how === 'night' ? { oneTurn: r.how } : {}),
    rule: r.how === 'engineer' ? '14.2.1' : r.how === 'night' ? '14.5' : '14.2',
  });
  return null;
}

/** Hexes where a digging in action is open now, with the units that may take it (for legalActions). */
export function digInOptions(ctx: Ctx, state: GameState, side: Side): DigInOption[] {
  if (state.phase !== 'action') return [];
  const byHex = new Map<HexId, UnitState[]>();
  for (const u of Object.values(state.units)) {
    if (u.side !== side || u.location !== 'map' || !u.hex || unitProblem(ctx, state, side, u.id)) continue;
    const l = byHex.get(u.hex);
    if (l) l.push(u);
    else byHex.set(u.hex, [u]);
  }
  const out: DigInOption[] = [];
  for (const [hex, list] of byHex) {
    // Any non-empty subset of the units that qualify one by one is accepted (the eZOC test is per unit).
    const ok = list.filter((u) => !('code' in digOutcome(ctx, state, side, hex, [u])));
    if (ok.length === 0) continue;
    const engineers = ok.filter((u) => ctx.counter(u.id).type === 'engineer').map((u) => u.id);
    const plain = ok.filter((u) => ctx.counter(u.id).type !== 'engineer');
    const r = digOutcome(ctx, state, side, hex, [plain[0] ?? ok[0]!]);
    if ('code' in r) continue;
    out.push({
      hex,
      units: ok.map((u) => u.id),
      result: r.result,
      how: r.how,
      ...(engineers.length && plain.length ? { engineerUnits: engineers } : {}),
    });
  }
  return out;
}

/**
 * 14.4: a Digging In / Dug-In marker goes the instant no unit of its side is left in its hex (moved
 * out, retreated, eliminated). Called after every applied action.
 */
export function removeAbandonedEntrenchments(state: GameState, events: GameEvent[]): void {
  // After every action: only the hexes of the markers are looked at (most actions leave none or a few).
  const marked = new Set<HexId>();
  for (const m of state.markers) if (isEntrenchment(m) && m.side) marked.add(m.hex);
  const known = marked.size === 0 || allHeld(state, marked);
  if (known && !draftChecksOn()) {
    heldAll.add(state);
    return;
  }
  const held = new Set<string>();
  for (const u of Object.values(state.units)) if (u.location === 'map' && u.hex && marked.has(u.hex)) held.add(`${u.side}:${u.hex}`);
  const keep: Marker[] = [];
  for (const m of state.markers) {
    if (isEntrenchment(m) && m.side && !held.has(`${m.side}:${m.hex}`)) {
      events.push({ type: 'entrenchmentRemoved', side: m.side, hex: m.hex, marker: m.type, rule: '14.4' });
      continue;
    }
    keep.push(m);
  }
  if (known && keep.length !== state.markers.length) throw new Error('removeAbandonedEntrenchments: a marker taken as held was not');
  if (keep.length !== state.markers.length) state.markers = keep;
  heldAll.add(state);
}

/** States (drafts this made into states) whose every Digging In and Dug-In marker is in a hex its side holds. */
const heldAll = new WeakSet<GameState>();

/**
 * Whether every marker of `state` (a draft) is still held, known without visiting the units: the state
 * before had them all held, each marker stands where one of that state's markers of its side stood, and
 * no unit of that side the draft changed was in that hex then (the draft's other units are that state's
 * own, so the hex is still held). False when it cannot be told so.
 */
function allHeld(state: GameState, marked: ReadonlySet<HexId>): boolean {
  const d = unitsChanged(state);
  if (!d || !heldAll.has(d.before)) return false;
  for (const was of d.changed.values()) if (was.location === 'map' && was.hex && marked.has(was.hex)) return false;
  const before = d.before.markers;
  for (const m of state.markers)
    if (isEntrenchment(m) && m.side && !before.some((b) => isEntrenchment(b) && b.hex === m.hex && b.side === m.side)) return false;
  return true;
}

/** Hexes holding this side's Digging In / Dug-In markers, which it may remove at will (14.1). */
export function removableEntrenchments(state: GameState, side: Side): HexId[] {
  return state.markers
    .filter((m) => isEntrenchment(m) && m.side === side)
    .map((m) => m.hex)
    .sort();
}

/** Voluntary removal of one of the side's markers (14.1), whenever that side is the one to act. */
export function doRemoveEntrenchment(state: GameState, side: Side, a: RemoveEntrenchmentAction, events: GameEvent[]): RuleViolation | null {
  const hex = typeof a.hex === 'string' ? parseHexId(a.hex) : null;
  if (!hex) return bad('input/bad-hex', '2.3', `${JSON.stringify(a.hex)} is not a hex id like M16.`);
  const m = entrenchmentAt(state, hex, side);
  if (!m) {
    const mine = removableEntrenchments(state, side);
    return bad(
      'rule/no-marker',
      '14.1',
      `You have no Digging In or Dug-In marker in ${hex}${mine.length ? `; yours: ${mine.join(', ')}` : ''}.`,
    );
  }
  state.markers = state.markers.filter((x) => x !== m);
  events.push({ type: 'entrenchmentRemoved', side, hex, marker: m.type, rule: '14.1' });
  return null;
}
