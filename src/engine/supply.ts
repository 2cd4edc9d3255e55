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
 * Rulings (docs/rulings.md, "Supply", "A lone Pajari is an enemy unit"): a lone enemy leader is an enemy
 * unit, so his hex blocks a path, though he exerts no ZOC (12.3); a lone friendly leader is a friendly unit
 * and cancels the enemy ZOC in his hex; the source hex itself must be passable; "road hexes" are joined by
 * road links (bridges count, 5.4).
 */
import type { Ctx } from './ctx.js';
import type { HexId, Side } from './ruleset.js';
import type { GameState } from './types.js';
import { enemyPresence } from './enemy.js';
import { otherSide } from './units.js';
import { zocHexes } from './zoc.js';

/** Hexes a supply path of `side` may use (15.2, 15.3). One pass over the units builds the indexes. */
export function supplyPassable(state: GameState, ctx: Ctx, side: Side): (hex: HexId) => boolean {
  const enemy = enemyPresence(state, ctx, side);
  const friendly = new Set<HexId>();
  for (const u of Object.values(state.units)) if (u.side === side && u.location === 'map' && u.hex) friendly.add(u.hex);
  const ezoc = zocHexes(state, ctx, otherSide(side));
  return (hex) => {
    if (enemy.occupied.has(hex)) return false;
    if (friendly.has(hex)) return true; // friendly units (a lone leader included) cancel the eZOC
    return !ezoc.has(hex);
  };
}

/** Maximum hexes from a Soviet unit to the road (15.2). */
export const SOVIET_OFF_ROAD_HEXES = 4;

/**
 * The supplied hexes of the last few boards, per ruleset: they depend only on where each unit stands (a
 * unit's side and kind are its id's), so the key is the side and every unit's hex. A Sub-Zero or Combat
 * phase that eliminates unit after unit asks again for boards it has just searched (issue 18).
 */
const memo = new WeakMap<Ctx, Map<string, ReadonlySet<HexId>>>();
const MEMO_MAX = 32;

/** Every hex from which a unit of `side` would be in supply now. */
export function suppliedHexes(state: GameState, ctx: Ctx, side: Side): ReadonlySet<HexId> {
  let key = side as string;
  for (const u of Object.values(state.units)) if (u.location === 'map' && u.hex) key += `|${u.id}@${u.hex}`;
  let byKey = memo.get(ctx);
  if (!byKey) memo.set(ctx, (byKey = new Map()));
  const hit = byKey.get(key);
  if (hit) {
    byKey.delete(key);
    byKey.set(key, hit);
    return hit;
  }
  const out = searchSupply(state, ctx, side);
  byKey.set(key, out);
  if (byKey.size > MEMO_MAX) byKey.delete(byKey.keys().next().value!);
  return out;
}

/** suppliedHexes without the memo: the supply paths searched on this state (15.2, 15.3). */
export function searchSupply(state: GameState, ctx: Ctx, side: Side): ReadonlySet<HexId> {
  const ok = supplyPassable(state, ctx, side);
  const sources = (ctx.ruleset.map.supplySources[side] ?? []).filter((h) => ctx.ruleset.map.hexes[h] && ok(h));
  if (side === 'finnish') {
    const seen = new Set<HexId>(sources);
    const queue = [...sources];
    for (let i = 0; i < queue.length; i++) {
      for (const n of ctx.neighbours(queue[i]!)) {
        if (!seen.has(n) && ok(n)) {
          seen.add(n);
          queue.push(n);
        }
      }
    }
    return seen;
  }
  // Soviet: first the road hexes joined to the source along passable road links…
  const onRoad = new Set<HexId>(sources);
  const rq = [...sources];
  for (let i = 0; i < rq.length; i++) {
    for (const n of ctx.roadNeighbours(rq[i]!)) {
      if (!onRoad.has(n) && ctx.ruleset.map.hexes[n] && ok(n)) {
        onRoad.add(n);
        rq.push(n);
      }
    }
  }
  // …then up to four hexes off that road.
  const dist = new Map<HexId, number>([...onRoad].map((h) => [h, 0]));
  const q = [...onRoad];
  for (let i = 0; i < q.length; i++) {
    const h = q[i]!;
    const d = dist.get(h)!;
    if (d >= SOVIET_OFF_ROAD_HEXES) continue;
    for (const n of ctx.neighbours(h)) {
      if (!dist.has(n) && ok(n)) {
        dist.set(n, d + 1);
        q.push(n);
      }
    }
  }
  return new Set(dist.keys());
}

/** Is this unit (on the map) in supply now (15.1)? Units off the map are reported as not in supply. */
export function isInSupply(state: GameState, ctx: Ctx, unitId: string): boolean {
  const u = state.units[unitId];
  if (!u || u.location !== 'map' || !u.hex) return false;
  return suppliedHexes(state, ctx, u.side).has(u.hex);
}

/** Supply status of every unit on the map, for views (15.0). */
export function supplyStatus(state: GameState, ctx: Ctx): Record<string, boolean> {
  const sets: Record<Side, ReadonlySet<HexId>> = {
    soviet: suppliedHexes(state, ctx, 'soviet'),
    finnish: suppliedHexes(state, ctx, 'finnish'),
  };
  const out: Record<string, boolean> = {};
  for (const u of Object.values(state.units)) {
    if (u.location === 'map' && u.hex) out[u.id] = sets[u.side].has(u.hex);
  }
  return out;
}
