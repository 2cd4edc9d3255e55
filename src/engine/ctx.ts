/**
 * Derived, read-only indexes over a Ruleset (built once per Ruleset and cached): counters by id,
 * road links by hex, scenarios by id. Nothing here goes into GameState.
 */
import type { CounterDef, MapHex, Ruleset, RoadType, Scenario, TurnDef } from './ruleset.js';
import type { HexId } from './hex.js';
import { hexsideKey, neighbours } from './hex.js';

export interface Ctx {
  ruleset: Ruleset;
  counter(id: string): CounterDef;
  hasCounter(id: string): boolean;
  hex(id: HexId): MapHex | undefined;
  /** Road type joining two adjacent hexes (roads and bridges, 5.3–5.4), or null. */
  road(a: HexId, b: HexId): RoadType | null;
  /** Hexes joined to this one by a road or bridge (5.3, 5.4). */
  roadNeighbours(id: HexId): HexId[];
  /** True if the hexside a–b is a bridge (5.4). */
  isBridge(a: HexId, b: HexId): boolean;
  /** True if a road passes through the hex (road network, 4.3, 12.1.3). */
  isRoadHex(id: HexId): boolean;
  /** Road type leaving the map at this hex (entry by road, 13.1), or null. */
  roadExit(id: HexId): RoadType | null;
  /** In-play neighbours of a hex. */
  neighbours(id: HexId): HexId[];
  scenario(id: string): Scenario | undefined;
  turnDef(turn: number): TurnDef | undefined;
}

const cache = new WeakMap<Ruleset, Ctx>();

export function contextOf(ruleset: Ruleset): Ctx {
  const hit = cache.get(ruleset);
  if (hit) return hit;
  const counters = new Map(ruleset.counters.map((c) => [c.id, c]));
  const roads = new Map<HexId, Map<HexId, RoadType>>();
  const link = (a: HexId, b: HexId, t: RoadType): void => {
    if (!roads.has(a)) roads.set(a, new Map());
    if (!roads.has(b)) roads.set(b, new Map());
    if (!roads.get(a)!.has(b)) roads.get(a)!.set(b, t);
    if (!roads.get(b)!.has(a)) roads.get(b)!.set(a, t);
  };
  for (const r of ruleset.map.roads) link(r.a, r.b, r.type);
  // A bridge is crossed like a road (5.4); if the data lists it only as a bridge, treat it as primary.
  for (const br of ruleset.map.bridges) link(br.a, br.b, 'primary');
  const bridges = new Set(ruleset.map.bridges.map((br) => hexsideKey(br.a, br.b)));
  const exits = new Map<HexId, RoadType>(ruleset.map.roadExits.map((e) => [e.hex, e.type]));
  const hexes = ruleset.map.hexes;
  const nb = new Map<HexId, HexId[]>();
  const scenarios = new Map(ruleset.scenarios.map((s) => [s.id, s]));
  const turns = new Map(ruleset.turnTrack.map((t) => [t.turn, t]));
  const ctx: Ctx = {
    ruleset,
    counter(id) {
      const c = counters.get(id);
      if (!c) throw new RangeError(`unknown counter ${id}`);
      return c;
    },
    hasCounter: (id) => counters.has(id),
    hex: (id) => hexes[id],
    road: (a, b) => roads.get(a)?.get(b) ?? null,
    isBridge: (a, b) => bridges.has(hexsideKey(a, b)),
    roadNeighbours: (id) => [...(roads.get(id)?.keys() ?? [])],
    isRoadHex: (id) => (roads.get(id)?.size ?? 0) > 0,
    roadExit: (id) => exits.get(id) ?? null,
    neighbours(id) {
      let n = nb.get(id);
      if (!n) {
        n = neighbours(id).filter((h) => hexes[h] !== undefined);
        nb.set(id, n);
      }
      return n;
    },
    scenario: (id) => scenarios.get(id),
    turnDef: (turn) => turns.get(turn),
  };
  cache.set(ruleset, ctx);
  return ctx;
}
