/**
 * The map compiled to arrays, for searches that visit hundreds of hexes in one call (a Night Raid's
 * routes, 16.4.1): hexes numbered, their neighbours by slot, steps to a set of goal hexes, and per kind of
 * counter the cost of every step, at road rate and without it (5.2–5.4, 4.4, 12.1.3).
 *
 * Nothing here reads a game state: it is the map and the movement table of one ruleset, built once per
 * ruleset (and per kind of counter) from the same functions the rule code calls (terrain.ts stepCost),
 * so a search on the arrays pays exactly what a search on hex ids pays.
 */
import type { Ctx } from './ctx.js';
import type { CounterDef } from './ruleset.js';
import type { HexId } from './hex.js';
import { hasSkis, stepCost } from './terrain.js';
import { isArmored } from './units.js';

/** Neighbour slots per hex (a hex has at most six neighbours; missing ones are -1). */
export const SLOTS = 6;

export interface Grid {
  /** Hex ids by number. */
  ids: readonly HexId[];
  /** Number of each hex id. */
  index: ReadonlyMap<HexId, number>;
  /** Neighbours: `nb[i * SLOTS + k]` is the k-th neighbour of hex i (ctx.neighbours order), or -1. */
  nb: Int32Array;
  /** 1 where the step `i → nb[i * SLOTS + k]` follows a road or bridge (ctx.road, 5.3, 5.4). */
  road: Uint8Array;
}

/** What one kind of counter pays for each step `i → nb[i * SLOTS + k]`, at the same slot. */
export interface StepTable {
  /** The step's cost when the road rate may be used (Infinity: may not be entered that way). */
  road: Float64Array;
  /** The step's cost when it may not (5.3: into an enemy ZOC, or next to an enemy unit). */
  plain: Float64Array;
  /** 1 if the step follows a road or enters a frozen lake or village hex (16.4 FNRT "easy" route). */
  easy: Uint8Array;
}

const grids = new WeakMap<Ctx, Grid>();
const tables = new WeakMap<Ctx, Map<string, StepTable>>();

export function gridOf(ctx: Ctx): Grid {
  let g = grids.get(ctx);
  if (g) return g;
  const ids = Object.keys(ctx.ruleset.map.hexes).sort();
  const index = new Map(ids.map((h, i) => [h, i]));
  const nb = new Int32Array(ids.length * SLOTS).fill(-1);
  const road = new Uint8Array(ids.length * SLOTS);
  ids.forEach((h, i) => {
    ctx.neighbours(h).forEach((n, k) => {
      nb[i * SLOTS + k] = index.get(n)!;
      road[i * SLOTS + k] = ctx.road(h, n) === null ? 0 : 1;
    });
  });
  g = { ids, index, nb, road };
  grids.set(ctx, g);
  return g;
}

/** Hex counts beyond any route: the map has no path from the hex to a goal. */
export const NO_PATH = 1 << 30;

/**
 * For every hex, the fewest steps across the map to the nearest of `goals` (NO_PATH when none can be
 * reached): one breadth-first search from all of them at once. Never more than a route's number of steps,
 * whatever blocks it, so (times the cheapest step) a bound no route can beat.
 */
export function hopsToGoals(g: Grid, goals: readonly number[]): Int32Array {
  const hops = new Int32Array(g.ids.length).fill(NO_PATH);
  const queue = new Int32Array(g.ids.length);
  let tail = 0;
  for (const i of goals) {
    if (hops[i] === 0) continue;
    hops[i] = 0;
    queue[tail++] = i;
  }
  for (let head = 0; head < tail; head++) {
    const i = queue[head]!;
    const d = hops[i]! + 1;
    for (let k = i * SLOTS, end = k + SLOTS; k < end; k++) {
      const j = g.nb[k]!;
      if (j >= 0 && hops[j] === NO_PATH) {
        hops[j] = d;
        queue[tail++] = j;
      }
    }
  }
  return hops;
}

/** The kind of counter a step's cost depends on (stepCost reads no more of the counter than this). */
export function stepKind(c: CounterDef): string {
  return `${isArmored(c) ? `armored ${c.type}` : ''}|${hasSkis(c) ? 'skis' : ''}`;
}

export function stepTableOf(ctx: Ctx, c: CounterDef): StepTable {
  let byKind = tables.get(ctx);
  if (!byKind) tables.set(ctx, (byKind = new Map()));
  const kind = stepKind(c);
  let t = byKind.get(kind);
  if (t) return t;
  const g = gridOf(ctx);
  const n = g.ids.length * SLOTS;
  t = { road: new Float64Array(n).fill(Infinity), plain: new Float64Array(n).fill(Infinity), easy: new Uint8Array(n) };
  for (let i = 0; i < g.ids.length; i++) {
    for (let k = 0; k < SLOTS; k++) {
      const j = g.nb[i * SLOTS + k]!;
      if (j < 0) continue;
      const from = g.ids[i]!;
      const to = g.ids[j]!;
      const road = ctx.road(from, to);
      t.road[i * SLOTS + k] = stepCost(ctx, c, to, road, true);
      t.plain[i * SLOTS + k] = stepCost(ctx, c, to, road, false);
      const terrain = ctx.hex(to)?.terrain;
      t.easy[i * SLOTS + k] = road !== null || terrain === 'lake' || terrain === 'village' ? 1 : 0;
    }
  }
  byKind.set(kind, t);
  return t;
}
