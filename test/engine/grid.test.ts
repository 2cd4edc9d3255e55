// The map compiled to arrays (src/engine/grid.ts) for the Night Raid route search (16.4.1): the same
// neighbours, distances and step costs (5.2–5.4, 4.4, 12.1.3) as the rule code's own functions.
import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../src/data/load.js';
import { contextOf } from '../../src/engine/ctx.js';
import { NO_PATH, SLOTS, gridOf, hopsToGoals, stepKind, stepTableOf } from '../../src/engine/grid.js';
import { hexDistance } from '../../src/engine/hex.js';
import { cheapestStep, stepCost } from '../../src/engine/terrain.js';

const ctx = contextOf(loadRuleset());
const g = gridOf(ctx);

describe('grid: the map as arrays', () => {
  it('numbers every map hex once, with its neighbours in ctx.neighbours order', () => {
    expect(g.ids.length).toBe(Object.keys(ctx.ruleset.map.hexes).length);
    g.ids.forEach((h, i) => {
      expect(g.index.get(h)).toBe(i);
      const slots = [...g.nb.subarray(i * SLOTS, i * SLOTS + SLOTS)].filter((j) => j >= 0).map((j) => g.ids[j]);
      expect(slots).toEqual(ctx.neighbours(h));
    });
  });

  it('counts the steps across the map to the nearest goal (the raid search bound), never fewer than the distance', () => {
    const goals = [0, Math.floor(g.ids.length / 2), g.ids.length - 1];
    const hops = hopsToGoals(g, goals);
    // The same by a plain search from each hex in turn, on hex ids.
    const goalIds = new Set(goals.map((i) => g.ids[i]!));
    for (let i = 0; i < g.ids.length; i += 5) {
      const seen = new Map<string, number>([[g.ids[i]!, 0]]);
      const todo = [g.ids[i]!];
      let found = NO_PATH;
      while (todo.length) {
        const h = todo.shift()!;
        if (goalIds.has(h)) {
          found = seen.get(h)!;
          break;
        }
        for (const n of ctx.neighbours(h)) {
          if (seen.has(n)) continue;
          seen.set(n, seen.get(h)! + 1);
          todo.push(n);
        }
      }
      expect(hops[i], g.ids[i]).toBe(found);
      expect(Math.min(...goals.map((o) => hexDistance(g.ids[i]!, g.ids[o]!)))).toBeLessThanOrEqual(hops[i]!);
    }
    expect(hopsToGoals(g, [])[0]).toBe(NO_PATH);
  });

  it('5.2–5.4, 4.4, 12.1.3: each kind of counter pays stepCost for every step, at road rate and not', () => {
    const kinds = new Map(ctx.ruleset.counters.map((c) => [stepKind(c), c]));
    expect(kinds.size).toBeGreaterThanOrEqual(3); // on foot, on skis, armour
    for (const c of kinds.values()) {
      const t = stepTableOf(ctx, c);
      expect(stepTableOf(ctx, c)).toBe(t); // built once per kind
      g.ids.forEach((h, i) => {
        for (let k = 0; k < SLOTS; k++) {
          const j = g.nb[i * SLOTS + k]!;
          if (j < 0) continue;
          const to = g.ids[j]!;
          const road = ctx.road(h, to);
          expect(t.road[i * SLOTS + k]).toBe(stepCost(ctx, c, to, road, true));
          expect(t.plain[i * SLOTS + k]).toBe(stepCost(ctx, c, to, road, false));
          expect(t.road[i * SLOTS + k]).toBeGreaterThanOrEqual(cheapestStep(ctx));
        }
      });
    }
  });
});
