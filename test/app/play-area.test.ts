// Where the pictures look (src/app/play-area.ts): the zoom around a unit's reach and around what happened.
import { describe, expect, it } from 'vitest';
import { actionArea, reachZoom } from '../../src/app/play-area.js';

describe('picture areas', () => {
  it('a reach zoom is centred where the unit stands (or enters) and holds every hex it can reach, 3 to 8 hexes wide', () => {
    expect(reachZoom({ from: 'M16', reachable: [{ hex: 'M17' }] })).toEqual({ center: 'M16', radius: 3 });
    expect(reachZoom({ from: null, entryHexes: ['X28'], reachable: [{ hex: 'X28' }, { hex: 'T28' }] })).toEqual({
      center: 'X28',
      radius: 5,
    });
    expect(reachZoom({ from: 'A1', reachable: [{ hex: 'A20' }] }).radius).toBe(8);
  });

  it('the action area covers moves, fights and fire, or is null when nothing happened', () => {
    expect(actionArea({ overlays: { moves: [], combats: [], fire: [] } })).toBeNull();
    const a = actionArea({ overlays: { moves: [{ path: ['M16', 'M17'] }], combats: [{ from: ['K15'], to: 'J16' }], fire: [] } })!;
    expect(a.radius).toBeGreaterThanOrEqual(1);
    expect(a.radius).toBeLessThanOrEqual(6);
  });
});
