// Pixel geometry of the flat-topped, column-staggered Red Winter grid (docs/data-format.md, the map).
import { describe, expect, it } from 'vitest';
import { allHexIds, neighbours } from '../../src/engine/hex.js';
import { BASE_H, BASE_R, baseCenter } from '../../render/layout.js';

describe('hex layout', () => {
  it('raises even-lettered columns half a hex above odd-lettered ones (the map grid)', () => {
    expect(baseCenter('B1').y).toBeCloseTo(baseCenter('A1').y - BASE_H / 2);
    expect(baseCenter('X1').y).toBeCloseTo(baseCenter('W1').y - BASE_H / 2);
    expect(baseCenter('B1').x - baseCenter('A1').x).toBeCloseTo(1.5 * BASE_R);
  });

  it('puts every pair of neighbours one hex height apart, and nothing else that close', () => {
    // Every pair of the map's hexes (about 268,000): plain comparisons, one expect at the end.
    const ids = allHexIds();
    const centers = ids.map((id) => baseCenter(id));
    const wrong: string[] = [];
    ids.forEach((id, i) => {
      const near = new Set(neighbours(id));
      const c = centers[i]!;
      for (let j = i + 1; j < ids.length; j++) {
        const o = centers[j]!;
        const d = Math.hypot(o.x - c.x, o.y - c.y);
        const isNeighbour = near.has(ids[j]!);
        if (isNeighbour ? Math.abs(d - BASE_H) > 1e-6 : d <= BASE_H + 1) wrong.push(`${id}-${ids[j]}: ${d.toFixed(3)}`);
      }
    });
    expect(wrong).toEqual([]);
    expect(ids.length).toBeGreaterThan(700);
  });
});
