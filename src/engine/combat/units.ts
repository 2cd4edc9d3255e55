/**
 * Small read-only helpers shared by the combat, assault, retreat, advance and supply code.
 * Pure: they read a GameState and the Ruleset, never change them.
 * Section numbers refer to the Red Winter rulebook.
 */
import { areAdjacent, isEdgeHex, neighbours } from '../hex.js';
import type { CounterDef, HexId, Ruleset, Side, StepValues, Terrain } from '../ruleset.js';
import type { GameState, UnitState } from '../types.js';

const defCache = new WeakMap<Ruleset, Map<string, CounterDef>>();

/** The counter definition of a unit id, or undefined. */
export function counterOf(ruleset: Ruleset, unitId: string): CounterDef | undefined {
  let m = defCache.get(ruleset);
  if (!m) {
    m = new Map(ruleset.counters.map((c) => [c.id, c]));
    defCache.set(ruleset, m);
  }
  return m.get(unitId);
}

export function mustCounter(ruleset: Ruleset, unitId: string): CounterDef {
  const d = counterOf(ruleset, unitId);
  if (!d) throw new RangeError(`unknown unit ${JSON.stringify(unitId)}`);
  return d;
}

export function otherSide(side: Side): Side {
  return side === 'soviet' ? 'finnish' : 'soviet';
}

/** Printed values of the side of the counter now face up (8.5.1: reduced after one step loss). */
export function currentValues(def: CounterDef, unit: UnitState): StepValues {
  if (def.steps === 2 && unit.stepsLeft === 1 && def.reduced) return def.reduced;
  return def.full;
}

export function isLeader(def: CounterDef): boolean {
  return def.type === 'leader';
}

/** Soviet armored units (12.1): tanks and the armored car; MA in an orange box. */
export function isArmored(def: CounterDef): boolean {
  return def.conventions.armored || def.type === 'tank' || def.type === 'armoredCar';
}

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

/** A combat unit on the map: everything but the leader (12.3) and off-map artillery. */
export function isCombatUnit(def: CounterDef): boolean {
  return !isLeader(def) && def.type !== 'artillery76' && def.type !== 'artillery122' && def.type !== 'artillery152';
}

/** Units on the map in a hex (any side). */
export function unitsIn(state: GameState, hex: HexId): UnitState[] {
  const out: UnitState[] = [];
  for (const u of Object.values(state.units)) if (u.location === 'map' && u.hex === hex) out.push(u);
  return out;
}

export function sideUnitsIn(state: GameState, hex: HexId, side: Side): UnitState[] {
  return unitsIn(state, hex).filter((u) => u.side === side);
}

/** True if the hex holds a unit of `side` other than a lone leader. */
export function hasCombatUnitsOf(state: GameState, ruleset: Ruleset, hex: HexId, side: Side): boolean {
  return sideUnitsIn(state, hex, side).some((u) => isCombatUnit(mustCounter(ruleset, u.id)));
}

export function terrainOf(ruleset: Ruleset, hex: HexId): Terrain | undefined {
  return ruleset.map.hexes[hex]?.terrain;
}

export function isLake(ruleset: Ruleset, hex: HexId): boolean {
  return terrainOf(ruleset, hex) === 'lake';
}

export function onMapHex(ruleset: Ruleset, hex: HexId): boolean {
  return ruleset.map.hexes[hex] !== undefined;
}

/** Neighbours that exist on this ruleset's map (a toy map may hold only a few hexes). */
export function mapNeighbours(ruleset: Ruleset, hex: HexId): HexId[] {
  return neighbours(hex).filter((h) => onMapHex(ruleset, h));
}

/** True if a hex has at least one road link (5.3). */
export function isRoadHex(ruleset: Ruleset, hex: HexId): boolean {
  return roadIndex(ruleset).has(hex);
}

const roadCache = new WeakMap<Ruleset, Map<HexId, Set<HexId>>>();
/** hex → set of hexes joined to it by a road (bridges count as roads, 5.4). */
export function roadIndex(ruleset: Ruleset): Map<HexId, Set<HexId>> {
  let m = roadCache.get(ruleset);
  if (!m) {
    m = new Map();
    const link = (a: HexId, b: HexId): void => {
      if (!m!.has(a)) m!.set(a, new Set());
      if (!m!.has(b)) m!.set(b, new Set());
      m!.get(a)!.add(b);
      m!.get(b)!.add(a);
    };
    for (const r of ruleset.map.roads) link(r.a, r.b);
    for (const b of ruleset.map.bridges) link(b.a, b.b);
    roadCache.set(ruleset, m);
  }
  return m;
}

export function roadLinked(ruleset: Ruleset, a: HexId, b: HexId): boolean {
  return roadIndex(ruleset).get(a)?.has(b) ?? false;
}

/** True if the hexside a–b is a bridge (5.4). */
export function isBridgeHexside(ruleset: Ruleset, a: HexId, b: HexId): boolean {
  return ruleset.map.bridges.some((br) => (br.a === a && br.b === b) || (br.a === b && br.b === a));
}

/** Terrain a unit may never enter (5.1, 12.1.3): armored units keep to the road network and villages. */
export function isProhibitedFor(ruleset: Ruleset, def: CounterDef, hex: HexId): boolean {
  if (!onMapHex(ruleset, hex)) return true;
  if (isArmored(def)) return !(isRoadHex(ruleset, hex) || terrainOf(ruleset, hex) === 'village');
  return false;
}

/**
 * Is `hex` in an enemy ZOC for a unit of `side` (7.0)? Every enemy combat unit on the map exerts a ZOC
 * into its six neighbours; a lone leader exerts none (12.3). For armored units only enemy AT units count (12.1).
 */
export function inEnemyZoc(
  state: GameState,
  ruleset: Ruleset,
  hex: HexId,
  side: Side,
  opts: { armored?: boolean; ignore?: ReadonlySet<string> } = {},
): boolean {
  const enemy = otherSide(side);
  for (const u of Object.values(state.units)) {
    if (u.location !== 'map' || u.side !== enemy || !u.hex || opts.ignore?.has(u.id)) continue;
    const def = mustCounter(ruleset, u.id);
    if (!isCombatUnit(def)) continue;
    if (opts.armored && !isAtUnit(def)) continue;
    if (areAdjacent(u.hex, hex)) return true;
  }
  return false;
}

/** Stacking limits (6.0): five units of one side, at most three infantry companies; leaders do not count. */
export const STACK_LIMIT = { units: 5, infantryCompanies: 3 } as const;

/** True if these units may end together in one hex (6.0). */
export function stackFits(ruleset: Ruleset, unitIds: readonly string[]): boolean {
  let n = 0;
  let inf = 0;
  for (const id of unitIds) {
    const def = mustCounter(ruleset, id);
    if (isLeader(def)) continue;
    n++;
    if (def.infantryCompany) inf++;
  }
  return n <= STACK_LIMIT.units && inf <= STACK_LIMIT.infantryCompanies;
}

/** Retreat and advance limit (8.5.2.1): MA − 2; units with MA below 3 cannot retreat. */
export function retreatLimit(def: CounterDef, unit: UnitState): number {
  const ma = currentValues(def, unit).ma ?? 0;
  return ma < 3 ? 0 : ma - 2;
}

export { isEdgeHex };
