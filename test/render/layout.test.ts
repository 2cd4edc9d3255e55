// Pixel geometry of the flat-topped, column-staggered Red Winter grid (FACTS.md §2.1).
import { describe, expect, it } from 'vitest';
import { allHexIds, neighbours } from '../../src/engine/hex.js';
import { BASE_H, BASE_R, baseCenter } from '../../render/layout.js';

describe('hex layout', () => {
  it('raises even-lettered columns half a hex above odd-lettered ones (FACTS §2.1)', () => {
    expect(baseCenter('B1').y).toBeCloseTo(baseCenter('A1').y - BASE_H / 2);
    expect(baseCenter('X1').y).toBeCloseTo(baseCenter('W1').y - BASE_H / 2);
    expect(baseCenter('B1').x - baseCenter('A1').x).toBeCloseTo(1.5 * BASE_R);
  });

  it('puts every pair of neighbours one hex height apart, and nothing else that close', () => {
    const ids = allHexIds();
    for (const id of ids) {
      const c = baseCenter(id);
      const near = new Set(neighbours(id));
      for (const other of ids) {
        if (other === id) continue;
        const o = baseCenter(other);
        const d = Math.hypot(o.x - c.x, o.y - c.y);
        if (near.has(other)) expect(d).toBeCloseTo(BASE_H, 6);
        else expect(d).toBeGreaterThan(BASE_H + 1);
      }
    }
  });
});
