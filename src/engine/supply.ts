/**
 * Supply (15.0–15.4). Pure. Supply never changes movement or combat (15.0); it decides where an
 * eliminated infantry company goes (8.6, 15.1), Recovery and Replacements (13.x) and some victory checks.
 *
 * - Finnish units (15.3): a path of any length over any terrain to a Finnish supply source (A13).
 * - Soviet units (15.2): at most four hexes to a road hex, then along connected road hexes to a Soviet
 *   supply source (X28).
 * - No hex of either path may hold an enemy unit or lie in an enemy ZOC, but a friendly unit in a hex
 *   cancels the enemy ZOC there for supply (15.2, 15.3).
 *
 * Rulings (docs/rulings.md, "Supply"): a lone enemy leader neither blocks nor exerts a ZOC (12.3); the
 * source hex itself must be passable; "road hexes" are joined by road links (bridges count, 5.4).
 */
import type { HexId, Ruleset, Side } from './ruleset.js';
import type { GameState } from './types.js';
import { hasCombatUnitsOf, inEnemyZoc, mapNeighbours, otherSide, roadIndex } from './combat/units.js';

/** Hexes a supply path of `side` may use (15.2, 15.3). */
export function supplyPassable(state: GameState, ruleset: Ruleset, side: Side): (hex: HexId) => boolean {
  const cache = new Map<HexId, boolean>();
  return (hex) => {
    let v = cache.get(hex);
    if (v === undefined) {
      if (hasCombatUnitsOf(state, ruleset, hex, otherSide(side))) v = false;
      else if (hasCombatUnitsOf(state, ruleset, hex, side)) v = true; // friendly units cancel the eZOC
      else v = !inEnemyZoc(state, ruleset, hex, side);
      cache.set(hex, v);
    }
    return v;
  };
}

/** Maximum hexes from a Soviet unit to the road (15.2). */
export const SOVIET_OFF_ROAD_HEXES = 4;

/** Every hex from which a unit of `side` would be in supply now. */
export function suppliedHexes(state: GameState, ruleset: Ruleset, side: Side): Set<HexId> {
  const ok = supplyPassable(state, ruleset, side);
  const sources = (ruleset.map.supplySources[side] ?? []).filter((h) => ruleset.map.hexes[h] && ok(h));
  if (side === 'finnish') {
    const seen = new Set<HexId>(sources);
    const queue = [...sources];
    while (queue.length > 0) {
      const h = queue.shift()!;
      for (const n of mapNeighbours(ruleset, h)) {
        if (!seen.has(n) && ok(n)) {
          seen.add(n);
          queue.push(n);
        }
      }
    }
    return seen;
  }
  // Soviet: first the road hexes joined to the source along passable road links…
  const roads = roadIndex(ruleset);
  const onRoad = new Set<HexId>(sources);
  const rq = [...sources];
  while (rq.length > 0) {
    const h = rq.shift()!;
    for (const n of roads.get(h) ?? []) {
      if (!onRoad.has(n) && ruleset.map.hexes[n] && ok(n)) {
        onRoad.add(n);
        rq.push(n);
      }
    }
  }
  // …then up to four hexes off that road.
  const dist = new Map<HexId, number>([...onRoad].map((h) => [h, 0]));
  const q = [...onRoad];
  while (q.length > 0) {
    const h = q.shift()!;
    const d = dist.get(h)!;
    if (d >= SOVIET_OFF_ROAD_HEXES) continue;
    for (const n of mapNeighbours(ruleset, h)) {
      if (!dist.has(n) && ok(n)) {
        dist.set(n, d + 1);
        q.push(n);
      }
    }
  }
  return new Set(dist.keys());
}

/** Is this unit (on the map) in supply now (15.1)? Units off the map are reported as not in supply. */
export function isInSupply(state: GameState, ruleset: Ruleset, unitId: string): boolean {
  const u = state.units[unitId];
  if (!u || u.location !== 'map' || !u.hex) return false;
  return suppliedHexes(state, ruleset, u.side).has(u.hex);
}

/** Supply status of every unit on the map, for views (15.0). */
export function supplyStatus(state: GameState, ruleset: Ruleset): Record<string, boolean> {
  const sets: Record<Side, Set<HexId>> = {
    soviet: suppliedHexes(state, ruleset, 'soviet'),
    finnish: suppliedHexes(state, ruleset, 'finnish'),
  };
  const out: Record<string, boolean> = {};
  for (const u of Object.values(state.units)) {
    if (u.location === 'map' && u.hex) out[u.id] = sets[u.side].has(u.hex);
  }
  return out;
}
