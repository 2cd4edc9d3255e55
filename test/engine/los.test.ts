/**
 * Line of sight (10.6, 10.6.1, 10.6.2) on a test board: the real map grid, every hex frozen lake unless
 * a test says otherwise. Hex spines follow the game's own ruling (blocked only with blocking hexes on
 * both sides of the spine), never a rounding convention.
 */
import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { isBlockingTerrain, lineOfSight, losRangeOnTurn, sightLine } from '../../src/engine/los.js';
import { allHexIds, hexDistance, isOnMap } from '../../src/engine/hex.js';
import type { Terrain } from '../../src/engine/ruleset.js';
import { REAL, board } from './helpers/fire.js';

describe('line of sight geometry (10.6.1)', () => {
  it('traces centre to centre: a straight file crosses the hexes between, no spine', () => {
    const l = sightLine('K10', 'K14');
    expect(l.distance).toBe(4);
    expect(l.through).toEqual(['K11', 'K12', 'K13']);
    expect(l.spine).toEqual({ left: [], right: [] });
  });

  it('finds the hex spine between two hexes of the same row two columns apart (10.6.1)', () => {
    const l = sightLine('K10', 'M10');
    expect(l.through).toEqual([]);
    expect([...l.spine.left, ...l.spine.right].sort()).toEqual(['L10', 'L11']);
    expect(l.spine.left.length).toBe(1);
  });

  it('a longer spine line has its spine hexes sorted to the two sides of the line (10.6.1)', () => {
    const l = sightLine('K10', 'O10');
    expect(l.through).toEqual(['M10']);
    const sides = [l.spine.left, l.spine.right].map((s) => [...s].sort());
    expect(sides).toContainEqual(['L11', 'N11']);
    expect(sides).toContainEqual(['L10', 'N10']);
  });

  it('an oblique line crosses exactly distance − 1 hexes and never counts a corner it only touches', () => {
    // Every hex not crossed is made forest: a line through hex corners must stay clear.
    // K10–P9 (cube step 5,−4,−1) and K10–O7 (4,−5,1) pass exactly through hex corners.
    for (const [a, b] of [
      ['K10', 'P9'],
      ['K10', 'O7'],
      ['F5', 'K3'],
      ['M16', 'R12'],
    ] as const) {
      const l = sightLine(a, b);
      const crossed = new Set([a, b, ...l.through]);
      const terrain: Record<string, Terrain> = {};
      for (const id of allHexIds()) if (!crossed.has(id)) terrain[id] = 'forest';
      const r = lineOfSight(board(terrain), a, b);
      expect(r.clear, `${a}-${b}`).toBe(true);
      if (l.spine.left.length === 0) expect(l.through.length).toBe(hexDistance(a, b) - 1);
    }
  });

  it('is symmetric: if A sees B then B sees A (10.6.1)', () => {
    const rnd = seedrandom('los-symmetry');
    const ids = allHexIds();
    const kinds: Terrain[] = ['lake', 'lake', 'lake', 'forest', 'suo', 'village'];
    const terrain: Record<string, Terrain> = {};
    for (const id of ids) terrain[id] = kinds[Math.floor(rnd() * kinds.length)]!;
    const rs = board(terrain);
    for (let i = 0; i < 400; i++) {
      const a = ids[Math.floor(rnd() * ids.length)]!;
      const b = ids[Math.floor(rnd() * ids.length)]!;
      if (hexDistance(a, b) > 8) continue;
      expect(lineOfSight(rs, a, b).clear, `${a}-${b}`).toBe(lineOfSight(rs, b, a).clear);
    }
  });
});

describe('blocking terrain (10.6.1)', () => {
  it('frozen lake never blocks; every other terrain in an intervening hex does', () => {
    expect(lineOfSight(board(), 'K10', 'K14').clear).toBe(true);
    for (const t of ['forest', 'suo', 'village'] as const) {
      const r = lineOfSight(board({ K12: t }), 'K10', 'K14');
      expect(r).toMatchObject({ clear: false, reason: 'blocked', blockedBy: ['K12'] });
    }
  });

  it('the end hexes may be any terrain: units there still see and are seen (10.6.1)', () => {
    expect(lineOfSight(board({ K10: 'forest', K14: 'village' }), 'K10', 'K14').clear).toBe(true);
  });

  it('adjacent hexes are always in sight, whatever the terrain (10.6.1)', () => {
    expect(lineOfSight(board({}, 'forest'), 'K10', 'K11')).toMatchObject({ clear: true, reason: 'adjacent' });
  });

  it('roads have no bearing on LOS: the hex terrain decides (10.6.1)', () => {
    const onRoad = board({ K12: 'village' });
    onRoad.map = {
      ...onRoad.map,
      roads: [...onRoad.map.roads, { a: 'K11', b: 'K12', type: 'primary' }, { a: 'K12', b: 'K13', type: 'primary' }],
    };
    expect(lineOfSight(onRoad, 'K10', 'K14').clear).toBe(false);
    expect(isBlockingTerrain(onRoad, 'K12')).toBe(true);
  });

  it('blocking terrain on one side of a hex spine does not block (10.6.1, extended LOS example: the MG sees past the forest)', () => {
    expect(lineOfSight(board({ L10: 'forest' }), 'K10', 'M10').clear).toBe(true);
    expect(lineOfSight(board({ L11: 'forest' }), 'K10', 'M10').clear).toBe(true);
  });

  it('blocking terrain on both sides of a hex spine blocks (10.6.1)', () => {
    const r = lineOfSight(board({ L10: 'forest', L11: 'village' }), 'K10', 'M10');
    expect(r).toMatchObject({ clear: false, reason: 'spine' });
    expect([...r.blockedBy].sort()).toEqual(['L10', 'L11']);
  });

  it('blocks when the two sides are blocked at different points along the line (10.6.1, extended LOS example: the AT unit)', () => {
    // K10–O10 runs along two spines: L10|L11, then N10|N11. Forest at L11 (one side, first spine) and
    // N10 (other side, second spine) blocks; forest at L11 and N11 (same side) does not.
    expect(lineOfSight(board({ L11: 'forest', N10: 'forest' }), 'K10', 'O10')).toMatchObject({ clear: false, reason: 'spine' });
    expect(lineOfSight(board({ L11: 'forest', N11: 'forest' }), 'K10', 'O10').clear).toBe(true);
  });

  it('extra blockers (the firer’s own units for direct fire) block like terrain (10.6.1)', () => {
    expect(lineOfSight(board(), 'K10', 'K14', { extraBlockers: new Set(['K12']) }).clear).toBe(false);
    expect(lineOfSight(board({ L10: 'forest' }), 'K10', 'M10', { extraBlockers: new Set(['L11']) }).clear).toBe(false);
  });
});

describe('LOS and time of day (10.6.2)', () => {
  it('reads the longest LOS from the Turn Track', () => {
    expect(losRangeOnTurn(REAL, 1)).toBe(4); // Dec 8, 10:30, fog
    expect(losRangeOnTurn(REAL, 2)).toBe(5); // day
    expect(losRangeOnTurn(REAL, 4)).toBe(2); // dusk
    expect(losRangeOnTurn(REAL, 5)).toBe(1); // night
    expect(losRangeOnTurn(REAL, 6)).toBe(2); // dawn
  });

  it('refuses sight beyond the turn’s LOS, but adjacent hexes are seen even at night (10.6.2)', () => {
    expect(lineOfSight(board(), 'K10', 'K15', { maxRange: 5 }).clear).toBe(true);
    expect(lineOfSight(board(), 'K10', 'K16', { maxRange: 5 })).toMatchObject({ clear: false, reason: 'out-of-range' });
    expect(lineOfSight(board(), 'K10', 'K11', { maxRange: 1 }).clear).toBe(true);
    expect(lineOfSight(board(), 'K10', 'K12', { maxRange: 1 }).clear).toBe(false);
  });
});

describe('LOS on the real map (10.6.1)', () => {
  it('sees across open ice and is blocked by the shore forest', () => {
    const lakes = allHexIds().filter((h) => REAL.map.hexes[h]?.terrain === 'lake');
    expect(lakes.length).toBeGreaterThan(20);
    // Every pair of lake hexes two apart in a straight file with a lake between sees each other.
    let checked = 0;
    for (const a of lakes) {
      const to = a.replace(/\d+$/, (n) => String(Number(n) + 2));
      if (!isOnMap(to) || REAL.map.hexes[to]?.terrain !== 'lake') continue;
      const l = sightLine(a, to);
      const mid = l.through[0]!;
      expect(lineOfSight(REAL, a, l.to).clear).toBe(REAL.map.hexes[mid]!.terrain === 'lake');
      checked++;
    }
    expect(checked).toBeGreaterThan(5);
  });
});
