/**
 * Copy-on-apply: a draft of GameState that the rule code may mutate without touching the input.
 * Everything is deep-copied, so a field added to GameState later is copied too, except three parts that
 * are shared until the draft changes them: the event log is copied shallowly (logged events are never
 * changed); the map of controlled hexes is copied by its one writer, zoc.ts setControl, when it first
 * changes it; and each unit is copied when the rule code first changes it (`unitToChange`).
 *
 * Units: most actions change one unit or a handful of the hundred, and copying them all was most of
 * apply's own time (issue 18). So the draft's map of units is a new object holding the same unit objects
 * as the state before, and rule code never writes to a unit it read: it asks `unitToChange(draft, id)`,
 * which puts a copy of that unit in the draft the first time and hands it back. A unit the action did
 * not change stays the same object in the state after, which the store's writer uses too
 * (src/app/doc-json.ts). Under the test suite (`checkDrafts`) every unit not yet asked for is a frozen
 * stand-in, so a write that bypasses `unitToChange` throws instead of changing the state before. The
 * draft tells which units it changed (`unitsChanged`): the checks run after every action (14.4, 16.3.1,
 * 12.4.4) look at those alone, where a scan of the hundred units was most of their time.
 *
 * The state is plain JSON data (it is stored as JSON), so a plain recursive copy does: it is about four
 * times as fast as structuredClone on a game state.
 */
import type { GameState, UnitState } from './types.js';

type Units = GameState['units'];

/** Each draft's map of units → the state it was made from, its copies for writing (copy → unit copied). */
interface DraftUnits {
  before: GameState;
  copies: Map<UnitState, UnitState>;
  /** False under the checks when `before` was changed in place after apply returned it (see unitsChanged). */
  asReturned: boolean;
}
const drafts = new WeakMap<Units, DraftUnits>();
/** Check mode: each stand-in → the unit of the state before it stands for, and its frozen copy inside. */
const standIns = new WeakMap<UnitState, { shared: UnitState; inside: UnitState }>();
/** Check mode: stand-ins whose unit the draft has copied for writing since (reading one is a mistake). */
const superseded = new WeakSet<UnitState>();
let checking = false;

/** A unit's id and side never change: reading them from an old reference is fine. */
const FIXED = new Set<PropertyKey>(['id', 'side']);

const staleRead: ProxyHandler<UnitState> = {
  get(target, key, receiver) {
    if (superseded.has(target) && !FIXED.has(key))
      throw new Error(`stale unit: ${target.id}.${String(key)} read from a reference taken before the unit was changed`);
    return Reflect.get(target, key, receiver) as unknown;
  },
};

/**
 * Under the test suite: every unit a draft has not copied for writing is a frozen stand-in, so a write
 * that bypasses unitToChange fails loudly (TypeError) instead of changing the state the draft was made
 * from, and reading a unit through a reference taken before it was copied for writing throws as well
 * (it would show the unit as it was). `finishDraft` puts the shared units back, so the states returned
 * are the same as without the checks.
 */
export function checkDrafts(on: boolean): void {
  checking = on;
}

/** Whether the test suite's checks are on (other memos check themselves against a fresh result then). */
export function draftChecksOn(): boolean {
  return checking;
}

export function draftOf(s: GameState): GameState {
  const out = { ...s } as Record<string, unknown>;
  for (const k in out) {
    const v = out[k];
    if (v === null || typeof v !== 'object') continue;
    if (k === 'log') out.log = s.log.slice();
    // Hex control (7.3) keeps its map of hexes shared until the draft first changes one (zoc.ts setControl
    // copies it then): a few hundred keys, and most actions change none.
    else if (k === 'control') out.control = copyData(v, 'hexes');
    else if (k === 'units') {
      out.units = unitsOfDraft(s.units);
      drafts.set(out.units as Units, { before: s, copies: new Map(), asReturned: !checking || returned.get(s) === returnedText(s) });
    } else out[k] = copyData(v);
  }
  return out as unknown as GameState;
}

/**
 * Copiers of a map of units, one per list of unit ids (a scenario's hundred; only set-up adds units, and
 * no rule takes one away): an object literal naming each id, compiled once. A spread of a hundred keys
 * from objects whose shape V8 has seen change during a game takes its generic path, key by key (3.3 µs a
 * draft against 0.95 µs at the median of a game's states; issue 18). Each map of units a copier made is
 * noted with it, so the draft made from that map finds it without listing the keys.
 */
const unitCopiers = new WeakMap<Units, (units: Units) => Units>();
const copiersByIds = new Map<string, (units: Units) => Units>();

function copierOf(units: Units): (units: Units) => Units {
  const known = unitCopiers.get(units);
  if (known) return known;
  const ids = Object.keys(units);
  // A literal's "__proto__" would set the prototype: such a map is copied by a spread.
  if (ids.includes('__proto__')) return (u) => ({ ...u });
  const key = ids.join('\n');
  let copier = copiersByIds.get(key);
  if (!copier) {
    // Unit ids are data, written into the literal as JSON strings.
    copier = new Function('u', `return {${ids.map((id) => `${JSON.stringify(id)}: u[${JSON.stringify(id)}]`).join(',')}};`) as (
      units: Units,
    ) => Units;
    if (copiersByIds.size >= 64) copiersByIds.clear();
    copiersByIds.set(key, copier);
  }
  return copier;
}

/** A draft's map of units: the same units (frozen stand-ins under the checks), in a map of its own. */
function unitsOfDraft(units: Units): Units {
  const copier = copierOf(units);
  const draftUnits = copier(units);
  unitCopiers.set(draftUnits, copier);
  if (checking) {
    // The copy holds every unit of the map, in its order (a rule that added or took away a unit would make
    // the noted copier wrong for the maps after it).
    if (Object.keys(draftUnits).join('\n') !== Object.keys(units).join('\n'))
      throw new Error('unitsOfDraft: the copy of the units does not hold the same unit ids');
    for (const id in draftUnits) {
      const inside = copyData(units[id]) as UnitState;
      deepFreeze(inside);
      const standIn = new Proxy(inside, staleRead);
      standIns.set(standIn, { shared: units[id]!, inside });
      draftUnits[id] = standIn;
    }
  }
  return draftUnits;
}

/**
 * The unit `id` of `state`, to change: in a draft, the draft's own copy (made the first time it is asked
 * for; a reference to the unit taken before then still shows it as it was); outside a draft (a state being
 * set up) the unit itself. Rule code takes every unit it writes to from here, never from `state.units`.
 */
export function unitToChange(state: GameState, id: string): UnitState {
  const u = state.units[id];
  if (!u) throw new Error(`no unit ${id} in the state`);
  const mine = drafts.get(state.units);
  if (!mine || mine.copies.has(u)) return u;
  const copy = copyData(u) as UnitState;
  state.units[id] = copy;
  const standIn = checking ? standIns.get(u) : undefined;
  mine.copies.set(copy, standIn ? standIn.shared : u);
  if (standIn) superseded.add(standIn.inside);
  return copy;
}

/**
 * What a draft has done to its units so far: the state it was made from, and each unit it changed, as it
 * is now with the same unit as it was in that state. The after-action checks look at these units alone
 * when the state before had passed them (every unit the draft did not change is that state's own).
 * Undefined outside a draft (a state being set up), and under the test suite's checks for a draft of a
 * state changed in place after apply returned it (a test setting up a position; no game does): what the
 * checks noted of that state no longer holds.
 */
export function unitsChanged(draft: GameState): { before: GameState; changed: ReadonlyMap<UnitState, UnitState> } | undefined {
  const d = drafts.get(draft.units);
  return d?.asReturned ? { before: d.before, changed: d.copies } : undefined;
}

/** Whether any unit changed (`changed`: as unitsChanged gives them) is `test`, as it is now or as it was. */
export function someUnit(changed: ReadonlyMap<UnitState, UnitState>, test: (u: UnitState) => boolean): boolean {
  for (const [now, was] of changed) if (test(now) || test(was)) return true;
  return false;
}

/** The draft is done (apply returns it): the units it did not change are the state before's again. */
export function finishDraft(draft: GameState): void {
  drafts.delete(draft.units);
  if (!checking) return;
  for (const id in draft.units) {
    const standIn = standIns.get(draft.units[id]!);
    if (standIn) draft.units[id] = standIn.shared;
  }
  returned.set(draft, returnedText(draft));
}

/** Under the checks: each state a draft became, as the text of its units and markers then. */
const returned = new WeakMap<GameState, string>();
const returnedText = (s: GameState) => JSON.stringify([s.units, s.markers]);

/**
 * Freeze a value and everything in it (the draft checks' stand-ins; the app's tests hold code to never
 * changing what it was given, src/app/doc-cache.ts). A frozen object is taken as frozen all through.
 */
export function deepFreeze(v: unknown): void {
  if (v === null || typeof v !== 'object' || Object.isFrozen(v)) return;
  Object.freeze(v);
  for (const x of Object.values(v)) deepFreeze(x);
}

/**
 * A deep copy of plain data: arrays and plain objects copied, everything else (numbers, strings…) kept.
 * `shallow`: the one key of this (top) object whose value is not copied but shared.
 */
export function copyData(v: unknown, shallow?: string): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    const n = v.length;
    const out = new Array<unknown>(n);
    for (let i = 0; i < n; i++) {
      const x: unknown = v[i];
      out[i] = x === null || typeof x !== 'object' ? x : copyData(x);
    }
    return out;
  }
  // A spread first: it copies the keys in one go and gives an object with fast properties even when the
  // original had become a dictionary (filled key by key, or after a delete, e.g. the 100 units), which the
  // rule code then reads faster (apply 2–9 % faster per action kind, measured interleaved with the old copy).
  // Then the nested objects are copied in place (for…in: plain JSON data, no inherited keys, no key list).
  const out: Record<string, unknown> = { ...(v as Record<string, unknown>) };
  for (const k in out) {
    const x = out[k];
    if (x !== null && typeof x === 'object' && k !== shallow) out[k] = copyData(x);
  }
  return out;
}
