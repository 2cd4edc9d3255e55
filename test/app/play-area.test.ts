// Where the pictures look (src/app/play-area.ts): the zoom around a unit's reach and the zooms of a turn post.
import { describe, expect, it } from 'vitest';
import { reachZoom, turnAreas } from '../../src/app/play-area.js';
import { hexDistance } from '../../src/engine/hex.js';

const overlays = (o: Record<string, unknown>) => ({ overlays: { moves: [], combats: [], fire: [], ...o } });

describe('picture areas', () => {
  it('a reach zoom is centred where the unit stands (or enters) and holds every hex it can reach, 3 to 8 hexes wide', () => {
    expect(reachZoom({ from: 'M16', reachable: [{ hex: 'M17' }] })).toEqual({ center: 'M16', radius: 3 });
    expect(reachZoom({ from: null, entryHexes: ['X28'], reachable: [{ hex: 'X28' }, { hex: 'T28' }] })).toEqual({
      center: 'X28',
      radius: 5,
    });
    expect(reachZoom({ from: 'A1', reachable: [{ hex: 'A20' }] }).radius).toBe(8);
  });

  it('a turn post shows no zoom when nothing happened', () => {
    expect(turnAreas(overlays({}))).toEqual([]);
    expect(turnAreas(null)).toEqual([]);
  });

  it('one zoom covers moves, fights and fire in one place, with a hex of margin, at least 3', () => {
    const areas = turnAreas(overlays({ moves: [{ path: ['M16', 'M17'] }], combats: [{ from: ['K15'], to: 'J16' }] }));
    expect(areas).toHaveLength(1);
    const a = areas[0]!;
    for (const h of ['M16', 'M17', 'K15', 'J16']) expect(hexDistance(a.center, h)).toBeLessThan(a.radius);
    expect(a.radius).toBeGreaterThanOrEqual(3);
    expect(a.radius).toBeLessThanOrEqual(5);
  });

  it('fights far apart get a zoom each, the biggest first, at most 3, none wider than 5', () => {
    const areas = turnAreas(
      overlays({
        combats: [
          { from: ['C4', 'D4'], to: 'C5' },
          { from: ['P20', 'Q20'], to: 'P21' },
          { from: ['W28'], to: 'X28' },
        ],
        fire: [
          { from: 'P18', to: 'P21' },
          { from: 'J10', to: 'J12' },
        ],
      }),
    );
    expect(areas).toHaveLength(3);
    expect(hexDistance(areas[0]!.center, 'P21')).toBeLessThan(areas[0]!.radius); // the fight and the shot at P21
    for (const a of areas) expect(a.radius).toBeLessThanOrEqual(5);
    // Each place is in exactly one of the zooms: they do not repeat each other.
    const where = (h: string) => areas.filter((a) => hexDistance(a.center, h) <= a.radius).length;
    expect(where('C5') + where('P21') + where('X28') + where('J12')).toBe(3);
  });

  it('a long march gets zooms where it began and ended, not one of its middle alone', () => {
    const path = ['A10', 'B10', 'C11', 'D11', 'E12', 'F12', 'G13', 'H13', 'I14', 'J14', 'K15', 'L15', 'M16', 'N16', 'O17', 'P17'];
    const areas = turnAreas(overlays({ moves: [{ path }] }));
    expect(areas).toHaveLength(2);
    expect(areas.some((a) => hexDistance(a.center, 'P17') <= a.radius)).toBe(true);
    expect(areas.some((a) => hexDistance(a.center, 'A10') <= a.radius)).toBe(true);
  });
});

describe('picture areas: the front line (a turn post with nothing new)', () => {
  const finn = [{ side: 'finnish' }];
  const sov = [{ side: 'soviet' }];
  it('zooms where the sides touch when asked to, and only then', () => {
    const view = { ...overlays({}), units: { M16: finn, M17: sov, A1: finn, X30: sov } };
    expect(turnAreas(view)).toEqual([]);
    const areas = turnAreas(view, { frontLine: true });
    expect(areas).toHaveLength(1);
    expect(hexDistance(areas[0]!.center, 'M16')).toBeLessThanOrEqual(1);
    // Units far from the enemy are no front.
    expect(turnAreas({ ...overlays({}), units: { A1: finn, X30: sov } }, { frontLine: true })).toEqual([]);
  });

  it('what happened comes first: the front line is not added to it', () => {
    const view = { ...overlays({ fire: [{ from: 'C4', to: 'C6' }] }), units: { M16: finn, M17: sov } };
    const areas = turnAreas(view, { frontLine: true });
    expect(areas).toHaveLength(1);
    expect(hexDistance(areas[0]!.center, 'C6')).toBeLessThanOrEqual(2);
  });
});
