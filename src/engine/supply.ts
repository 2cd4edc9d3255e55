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
import { SLOTS, gridOf, type Grid } from './grid.js';
import { otherSide } from './units.js';
import { zocOf } from './zoc.js';

/**
 * The hexes a supply path of `side` may use (15.2, 15.3), by hex number (grid.ts): 1 where it may not.
 * No hex holding an enemy unit; no hex in an enemy ZOC unless a friendly unit stands in it.
 */
function closedHexes(state: GameState, ctx: Ctx, g: Grid, side: Side): Uint8Array {
  const closed = new Uint8Array(g.ids.length);
  const mark = (hex: HexId, v: 0 | 1) => {
    const i = g.index.get(hex);
    if (i !== undefined) closed[i] = v;
  };
  for (const hex of zocOf(ctx, state, otherSide(side)).keys()) mark(hex, 1);
  const units = Object.values(state.units);
  // Friendly units (a lone leader included) cancel the enemy ZOC in their hex; enemy units close theirs.
  for (const u of units) if (u.side === side && u.location === 'map' && u.hex) mark(u.hex, 0);
  for (const u of units) if (u.side !== side && u.location === 'map' && u.hex) mark(u.hex, 1);
  return closed;
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

/**
 * suppliedHexes without the memo: the supply paths searched on this state (15.2, 15.3), on the map
 * compiled to arrays (src/engine/grid.ts). The hexes come in the order the search reaches them.
 */
export function searchSupply(state: GameState, ctx: Ctx, side: Side): ReadonlySet<HexId> {
  const g = gridOf(ctx);
  const closed = closedHexes(state, ctx, g, side);
  const n = g.ids.length;
  // Each hex reached: its distance off the road (Soviet), or 0; -1 while not reached. `order` is the queue.
  const dist = new Int32Array(n).fill(-1);
  const order = new Int32Array(n);
  let tail = 0;
  for (const h of ctx.ruleset.map.supplySources[side] ?? []) {
    const i = g.index.get(h);
    if (i === undefined || closed[i] || dist[i] === 0) continue;
    dist[i] = 0;
    order[tail++] = i;
  }
  if (side === 'soviet') {
    // First the road hexes joined to the source along passable road links…
    const road = roadLinksOf(ctx);
    for (let head = 0; head < tail; head++) {
      const i = order[head]!;
      for (let k = road.start[i]!, end = road.start[i + 1]!; k < end; k++) {
        const j = road.to[k]!;
        if (dist[j] === -1 && !closed[j]) {
          dist[j] = 0;
          order[tail++] = j;
        }
      }
    }
  }
  // …then, for the Soviets, up to four hexes off that road; for the Finns, any distance (15.3).
  const reach = side === 'soviet' ? SOVIET_OFF_ROAD_HEXES : Infinity;
  for (let head = 0; head < tail; head++) {
    const i = order[head]!;
    const d = dist[i]!;
    if (d >= reach) continue;
    for (let k = i * SLOTS, end = k + SLOTS; k < end; k++) {
      const j = g.nb[k]!;
      if (j >= 0 && dist[j] === -1 && !closed[j]) {
        dist[j] = side === 'soviet' ? d + 1 : 0;
        order[tail++] = j;
      }
    }
  }
  const out = new Set<HexId>();
  for (let k = 0; k < tail; k++) out.add(g.ids[order[k]!]!);
  return out;
}

/** Road links by hex number, in the order ctx.roadNeighbours gives them, hexes off the map left out. */
interface RoadLinks {
  /** Links of hex i: `to[start[i]]` up to `to[start[i + 1]]`. */
  start: Int32Array;
  to: Int32Array;
}

const roadLinks = new WeakMap<Ctx, RoadLinks>();

function roadLinksOf(ctx: Ctx): RoadLinks {
  let r = roadLinks.get(ctx);
  if (r) return r;
  const g = gridOf(ctx);
  const start = new Int32Array(g.ids.length + 1);
  const to: number[] = [];
  g.ids.forEach((h, i) => {
    start[i] = to.length;
    for (const n of ctx.roadNeighbours(h)) {
      const j = g.index.get(n);
      if (j !== undefined) to.push(j);
    }
  });
  start[g.ids.length] = to.length;
  r = { start, to: Int32Array.from(to) };
  roadLinks.set(ctx, r);
  return r;
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
