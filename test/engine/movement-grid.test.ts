// The movement search (4.1, 4.1.1, 4.3, 5.3, 7.1, 12.1.3, 13.1, 17.0.4) runs on the map compiled to
// arrays (src/engine/movement.ts `search`, src/engine/grid.ts; issue 18). Here it is checked against the
// same search written plainly on hex ids, step by step with stepFor: the same hexes with the same costs,
// previous hexes and ZOC stops, in the same order, for every unit, every stack and every reinforcement
// due of the side to act, normal and Extended Movement, with and without ZOC stops, to the end of the
// allowance, without limit and towards single hexes (the nodes of the path alone), at an Action Phase state
// of every other turn of the recorded Campaign.
import { describe, expect, it } from 'vitest';
import { search, stepFor, type Env, type Mover } from '../../src/engine/movement.js';
import { CostHeap } from '../../src/engine/cost-heap.js';
import type { Ctx } from '../../src/engine/ctx.js';
import type { HexId } from '../../src/engine/hex.js';
import { eachActionPhaseStart, recordedCampaign } from './helpers/recorded-campaign.js';

type Node = { cost: number; prev: HexId | null; stop: boolean };

/** Dijkstra on hex ids, as the engine searched before the arrays. */
function plainSearch(ctx: Ctx, m: Mover, env: Env, extended: boolean, limit: number, relaxZoc = false, target?: HexId) {
  const best = new Map<HexId, Node>();
  const heap = new CostHeap();
  const relax = (from: HexId | null, to: HexId, base: number): void => {
    const st = stepFor(ctx, m, env, from, to, extended);
    if (!st) return;
    const cost = base + st.cost;
    if (cost > limit) return;
    const cur = best.get(to);
    if (cur && cur.cost <= cost) return;
    best.set(to, { cost, prev: from, stop: st.stop && !relaxZoc });
    heap.push(cost, to);
  };
  if (m.start === null) for (const e of m.entryHexes) relax(null, e, 0);
  else {
    if (extended && env.nearEnemy.has(m.start)) return best;
    best.set(m.start, { cost: 0, prev: null, stop: false });
    heap.push(0, m.start);
  }
  const done = new Set<HexId>();
  for (let item = heap.pop(); item; item = heap.pop()) {
    const [cost, hex] = item;
    if (done.has(hex)) continue;
    done.add(hex);
    const node = best.get(hex)!;
    if (node.cost !== cost) continue;
    if (hex === target) break;
    if (node.stop && hex !== m.start) continue;
    for (const n of ctx.neighbours(hex)) if (n !== m.start) relax(hex, n, cost);
  }
  if (m.start !== null) best.delete(m.start);
  return best;
}

/** What the search returns towards one hex: the nodes of its path from the first step on, none if not reached. */
function pathNodes(nodes: Map<HexId, Node>, target: HexId): [HexId, Node][] {
  const out: [HexId, Node][] = [];
  for (let h: HexId | null = target; h !== null && nodes.has(h); h = nodes.get(h)!.prev) out.push([h, nodes.get(h)!]);
  return out.reverse();
}

describe('4.1 the movement search on the map compiled to arrays', () => {
  it('finds what the search on hex ids finds, for every mover, every other turn of the recorded Campaign', { timeout: 120_000 }, () => {
    const c = recordedCampaign();
    const { ctx } = c;
    let searches = 0;
    // The first Action Phase state of every other turn, stacks as movers too.
    eachActionPhaseStart(c, 2, true, ({ state: st, env, movers }) => {
      for (const m of movers) {
        const bonus = ctx.ruleset.tables.movement.extendedMovement.bonusMp;
        const runs: [boolean, number, boolean][] = [
          [false, m.allowance, false],
          [false, m.allowance, true],
          [false, Infinity, false],
          [true, m.allowance + bonus, false],
        ];
        for (const [extended, limit, relaxZoc] of runs) {
          const plain = plainSearch(ctx, m, env, extended, limit, relaxZoc);
          const what = `${m.ids.join('+')} turn ${st.turn} extended ${extended} limit ${limit} relaxZoc ${relaxZoc}`;
          expect([...search(ctx, m, env, extended, limit, relaxZoc)], what).toEqual([...plain]);
          searches++;
          // Towards single hexes: the first, a middle and the last reached, and one next to the start.
          const hexes = [...plain.keys()];
          const targets = [hexes[0], hexes[hexes.length >> 1], hexes[hexes.length - 1], m.start && ctx.neighbours(m.start)[0]];
          for (const t of targets) {
            if (!t) continue;
            expect([...search(ctx, m, env, extended, limit, relaxZoc, t)], `${what} to ${t}`).toEqual(
              pathNodes(plainSearch(ctx, m, env, extended, limit, relaxZoc, t), t),
            );
          }
        }
      }
    });
    expect(searches).toBeGreaterThan(1000);
  });
});
