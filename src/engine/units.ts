/**
 * Board kernel: units. Counter lookups, the printed values of the face-up side, the unit categories
 * every rule area uses, and which units stand where. One definition of each, with one meaning.
 * Counter lookups go through the one cached Ctx of the Ruleset (ctx.ts).
 * Section numbers refer to the Red Winter rulebook.
 */
import { contextOf } from './ctx.js';
import type { CounterDef, HexId, Ruleset, Side, StepValues } from './ruleset.js';
import type { GameState, UnitState } from './types.js';

/** The other side (2.0). */
export function otherSide(side: Side): Side {
  return side === 'soviet' ? 'finnish' : 'soviet';
}

/** The counter definition of a unit id (throws on an unknown id: a programming error, not bad input). */
export function mustCounter(ruleset: Ruleset, unitId: string): CounterDef {
  return contextOf(ruleset).counter(unitId);
}

/** Printed values of the side of the counter now face up (2.2; 8.5.1: reduced after one step loss). */
export function currentValues(def: CounterDef, unit: UnitState): StepValues {
  if (def.steps === 2 && unit.stepsLeft === 1 && def.reduced) return def.reduced;
  return def.full;
}

/** Leaders (Pajari) are units but not combat units (12.3). */
export function isLeader(def: CounterDef): boolean {
  return def.type === 'leader';
}

/** Every unit except a leader exerts a ZOC and counts as a combat unit (7.0, 12.3). */
export function isCombatUnit(def: CounterDef): boolean {
  return !isLeader(def);
}

/**
 * A combat unit that stands on the map: not a leader (12.3) and not off-map artillery (12.4).
 * For a unit on the map this is the same as isCombatUnit (off-map artillery is never on the map);
 * the combat, loss and fire code use it where a unit's location is not checked first.
 */
export function isMapCombatUnit(def: CounterDef): boolean {
  return !isLeader(def) && def.type !== 'artillery76' && def.type !== 'artillery122' && def.type !== 'artillery152';
}

/** Soviet armored units (12.1): tanks and the armored car; MA in an orange box (2.2). */
export function isArmored(def: CounterDef): boolean {
  return def.conventions.armored || def.type === 'tank' || def.type === 'armoredCar';
}

/** Anti-tank units: the only enemy units whose ZOC binds armor (12.1). */
export function isAtUnit(def: CounterDef): boolean {
  return def.type === 'atGun';
}

/** Infantry in the glossary sense (2.0): companies, the engineer platoon, bicycle companies (not MG/mortar/IG). */
export function isInfantry(def: CounterDef): boolean {
  return (
    def.type === 'infantry' ||
    def.type === 'engineer' ||
    def.type === 'bicycle' ||
    def.type === 'provisional' ||
    def.type === 'breakdownPlatoon'
  );
}

/** The units on the map by hex (any side), in one pass: for code that asks about many hexes of one state. */
export function unitsByHex(state: GameState): Map<HexId, UnitState[]> {
  const out = new Map<HexId, UnitState[]>();
  for (const u of Object.values(state.units)) {
    if (u.location !== 'map' || !u.hex) continue;
    const l = out.get(u.hex);
    if (l) l.push(u);
    else out.set(u.hex, [u]);
  }
  return out;
}

/**
 * A state read while nothing changes it (legalActions, hasChoices, movesFor, the map view: the engine never
 * changes its input), with what the reading asks for again and again worked out once: the units on the
 * map by hex, and whatever else a reader remembers per side (`readMemo`). Issue 18: no scan of every unit
 * inside a loop over hexes, targets or units. Only for the length of `read`; a draft that apply changes is
 * never registered, so its readers scan as before.
 */
interface Reading {
  byHex?: Map<HexId, UnitState[]>;
  memo: Map<string, unknown>;
}
const readings = new WeakMap<GameState, Reading>();

/** Run `read` with `state` registered as read-only (nested calls share the outer registration). */
export function readingOnly<T>(state: GameState, read: () => T): T {
  if (readings.has(state)) return read();
  readings.set(state, { memo: new Map() });
  try {
    return read();
  } finally {
    readings.delete(state);
  }
}

/** While `state` is read-only: `make()` once per key, then the same value; otherwise `make()` each time. */
export function readMemo<T>(state: GameState, key: string, make: () => T): T {
  const r = readings.get(state);
  if (!r) return make();
  if (!r.memo.has(key)) r.memo.set(key, make());
  return r.memo.get(key) as T;
}

/** Units on the map in a hex (any side), in the state's unit order. */
export function unitsIn(state: GameState, hex: HexId): UnitState[] {
  const r = readings.get(state);
  if (r) {
    return (r.byHex ??= unitsByHex(state)).get(hex)?.slice() ?? [];
  }
  const out: UnitState[] = [];
  for (const u of Object.values(state.units)) if (u.location === 'map' && u.hex === hex) out.push(u);
  return out;
}

/** Whether `state` is being read while nothing changes it (readingOnly), so unitsIn is a lookup. */
export function isReadOnly(state: GameState): boolean {
  return readings.has(state);
}
