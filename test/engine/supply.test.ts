import { describe, expect, it } from 'vitest';
import { isInSupply, searchSupply, supplyStatus, suppliedHexes } from '../../src/engine/supply.js';
import { area, ruleset, state } from './combat/helpers.js';
import { contextOf } from '../../src/engine/ctx.js';
import { recordedCampaign, replayCampaign } from './helpers/recorded-campaign.js';
import type { Ctx } from '../../src/engine/ctx.js';
import type { GameState } from '../../src/engine/index.js';
import type { Side } from '../../src/engine/ruleset.js';
import { enemyPresence } from '../../src/engine/enemy.js';
import { zocOf } from '../../src/engine/zoc.js';
import { otherSide } from '../../src/engine/units.js';

/**
 * The supply search written plainly on hex ids (15.2, 15.3), as the engine had it before it searched on
 * the map compiled to arrays: the reference the engine's search is checked against, hexes in the order
 * reached.
 */
function plainSupply(state: GameState, ctx: Ctx, side: Side): HexIdList {
  const enemy = enemyPresence(state, ctx, side);
  const friendly = new Set(
    Object.values(state.units)
      .filter((u) => u.side === side && u.location === 'map' && u.hex)
      .map((u) => u.hex!),
  );
  const ezoc = new Set(zocOf(ctx, state, otherSide(side)).keys());
  const ok = (hex: string) => !enemy.occupied.has(hex) && (friendly.has(hex) || !ezoc.has(hex));
  const sources = (ctx.ruleset.map.supplySources[side] ?? []).filter((h) => ctx.ruleset.map.hexes[h] && ok(h));
  if (side === 'finnish') {
    const seen = new Set(sources);
    const queue = [...sources];
    for (let i = 0; i < queue.length; i++)
      for (const n of ctx.neighbours(queue[i]!))
        if (!seen.has(n) && ok(n)) {
          seen.add(n);
          queue.push(n);
        }
    return [...seen];
  }
  const onRoad = new Set(sources);
  const rq = [...sources];
  for (let i = 0; i < rq.length; i++)
    for (const n of ctx.roadNeighbours(rq[i]!))
      if (!onRoad.has(n) && ctx.ruleset.map.hexes[n] && ok(n)) {
        onRoad.add(n);
        rq.push(n);
      }
  const dist = new Map([...onRoad].map((h) => [h, 0]));
  const q = [...onRoad];
  for (let i = 0; i < q.length; i++) {
    const d = dist.get(q[i]!)!;
    if (d >= 4) continue;
    for (const n of ctx.neighbours(q[i]!))
      if (!dist.has(n) && ok(n)) {
        dist.set(n, d + 1);
        q.push(n);
      }
  }
  return [...dist.keys()];
}
type HexIdList = string[];

// Columns J..P along row 16; road along the row from P16 (the Soviet source in this toy map) to K16.
const roads: [string, string][] = [
  ['P16', 'O16'],
  ['O16', 'N16'],
  ['N16', 'M16'],
  ['M16', 'L16'],
  ['L16', 'K16'],
];
const rs = ruleset({ terrain: area('M16', 6, 'forest'), roads, supply: { soviet: ['P16'], finnish: ['J16'] } });

describe('Finnish supply paths (15.3)', () => {
  it('traces any terrain of any length to the Finnish source (15.3)', () => {
    const st = state(rs, [['F1', 'M10']]);
    expect(isInSupply(st, contextOf(rs), 'F1')).toBe(true);
  });

  it('is blocked by enemy units and enemy ZOC, but friendly units cancel the eZOC (15.3)', () => {
    // A ring of Soviet units around the Finn cuts every path; with a Finn in a gap the path reopens.
    const ring = ['M15', 'N16', 'N17', 'M17', 'L17', 'L16'];
    const places: [string, string][] = [['F1', 'M16']];
    ring.forEach((h, i) => i < 5 && places.push([`S${i + 1}`, h]));
    // L16 is not occupied by a Soviet, but it lies in the Soviet ZOC (adjacent to L17, M15).
    expect(isInSupply(state(rs, places), contextOf(rs), 'F1')).toBe(false);
    expect(isInSupply(state(rs, [...places, ['F2', 'L16']]), contextOf(rs), 'F1')).toBe(true);
  });
});

describe('Soviet supply paths (15.2)', () => {
  it('reaches a road within four hexes, then follows the road to the source (15.2)', () => {
    const st = state(rs, [
      ['S1', 'M20'],
      ['S2', 'M21'],
    ]);
    expect(isInSupply(st, contextOf(rs), 'S1')).toBe(true); // 4 hexes from M16
    expect(isInSupply(st, contextOf(rs), 'S2')).toBe(false); // 5 hexes
  });

  it('is cut when an enemy ZOC lies across the road, leaving only the four-hex detour (15.2)', () => {
    expect(isInSupply(state(rs, [['S1', 'J17']]), contextOf(rs), 'S1')).toBe(true);
    // F1 in N15 puts the road hex N16 in its ZOC: the road west of it no longer leads to P16.
    const cut = state(rs, [
      ['S1', 'J17'],
      ['S2', 'K16'],
      ['F1', 'N15'],
    ]);
    const hexes = suppliedHexes(cut, contextOf(rs), 'soviet');
    expect(hexes.has('N16')).toBe(false);
    expect(isInSupply(cut, contextOf(rs), 'S2')).toBe(true); // K16 → L17 → M17 → N17 → O16: four hexes to the road
    expect(isInSupply(cut, contextOf(rs), 'S1')).toBe(false); // J17 is five hexes from O16
  });

  it('reports supply per unit for views (15.0)', () => {
    const st = state(rs, [
      ['S1', 'M16'],
      ['F1', 'J20'],
    ]);
    expect(supplyStatus(st, contextOf(rs))).toEqual({ S1: true, F1: true });
  });
});

describe('A lone Pajari and supply paths (15.2, 15.3; docs/rulings.md "A lone Pajari is an enemy unit")', () => {
  it('blocks a Soviet supply path: his hex is occupied by an enemy unit, though he has no ZOC (15.2, 12.3)', () => {
    // J17 is one hex from the road at K16; Pajari alone on the road in N16 cuts it from P16, and J17 is five hexes from O16.
    expect(isInSupply(state(rs, [['S1', 'J17']]), contextOf(rs), 'S1')).toBe(true);
    const cut = state(rs, [
      ['S1', 'J17'],
      ['Pajari', 'N16'],
    ]);
    expect(isInSupply(cut, contextOf(rs), 'S1')).toBe(false);
    // He exerts no ZOC: the road hexes next to him still carry supply from P16 (O16 is next to N16).
    expect(suppliedHexes(cut, contextOf(rs), 'soviet').has('O16')).toBe(true);
  });

  it('negates an enemy ZOC for a Finnish supply path, alone in his hex like any friendly unit (15.3)', () => {
    const ring = ['M15', 'N16', 'N17', 'M17', 'L17'];
    const places: [string, string][] = [['F1', 'M16'], ...ring.map((h, i): [string, string] => [`S${i + 1}`, h])];
    expect(isInSupply(state(rs, places), contextOf(rs), 'F1')).toBe(false);
    expect(isInSupply(state(rs, [...places, ['Pajari', 'L16']]), contextOf(rs), 'F1')).toBe(true);
  });
});

describe('supplied hexes remembered per board (15.2, 15.3; issue 18)', () => {
  it('answer as a fresh search of the same state, all through the recorded Campaign', { timeout: 60_000 }, () => {
    const c = recordedCampaign();
    replayCampaign(c, (st, i) => {
      if (i % 7 !== 0) return;
      for (const side of ['soviet', 'finnish'] as const) {
        expect(suppliedHexes(st, c.ctx, side)).toEqual(searchSupply(st, c.ctx, side));
        expect(suppliedHexes(st, c.ctx, side)).toEqual(searchSupply(st, c.ctx, side)); // the remembered answer
      }
    });
  });

  it(
    'the search on the map compiled to arrays reaches the hexes the plain search does, in its order, all Campaign long',
    { timeout: 60_000 },
    () => {
      const c = recordedCampaign();
      let boards = 0;
      replayCampaign(c, (st, i) => {
        if (i % 3 !== 0) return;
        for (const side of ['soviet', 'finnish'] as const)
          expect([...searchSupply(st, c.ctx, side)], `${side}, action ${i}`).toEqual(plainSupply(st, c.ctx, side));
        boards++;
      });
      expect(boards).toBeGreaterThan(300);
    },
  );

  it('a unit standing elsewhere is another board: the answer follows it', () => {
    const ctx = contextOf(rs);
    const open = state(rs, [['S1', 'J17']]);
    expect(suppliedHexes(open, ctx, 'soviet').has('J17')).toBe(true);
    const cut = state(rs, [
      ['S1', 'J17'],
      ['Pajari', 'N16'],
    ]);
    expect(suppliedHexes(cut, ctx, 'soviet').has('J17')).toBe(false);
    expect(suppliedHexes(open, ctx, 'soviet').has('J17')).toBe(true);
  });
});
