import { describe, expect, it } from 'vitest';
import {
  GRID,
  allHexIds,
  areAdjacent,
  directionBetween,
  fromCube,
  hexDistance,
  hexesWithin,
  hexsideKey,
  isEdgeHex,
  isOnMap,
  neighbours,
  offMapDirections,
  parseHexId,
  toCube,
} from '../../src/engine/hex.js';

describe('hex grid (the printed grid, rulebook 2.3)', () => {
  it('has 732 hexes: odd-lettered columns 30 rows, even-lettered 31', () => {
    const ids = allHexIds();
    expect(ids).toHaveLength(732);
    expect(GRID.hexCount).toBe(732);
    expect(new Set(ids).size).toBe(732);
    expect(ids).toContain('A30');
    expect(ids).not.toContain('A31');
    expect(ids).toContain('B31');
    expect(ids).toContain('I1');
    expect(ids).toContain('X31');
    expect(ids).not.toContain('W31');
  });

  it('round-trips every hex through cube coordinates', () => {
    for (const id of allHexIds()) {
      const c = toCube(id);
      expect(c.q + c.r + c.s).toBe(0);
      expect(fromCube(c)).toBe(id);
      expect(parseHexId(id.toLowerCase())).toBe(id);
    }
  });

  it('measures distance like the facts sheet: A1–B1 = 1, A1–B2 = 1, A1–B3 = 2', () => {
    expect(hexDistance('A1', 'B1')).toBe(1);
    expect(hexDistance('A1', 'B2')).toBe(1);
    expect(hexDistance('A1', 'B3')).toBe(2);
    expect(hexDistance('A1', 'A1')).toBe(0);
    expect(hexDistance('A1', 'X1')).toBe(23);
    expect(hexDistance('M16', 'L16')).toBe(1);
  });

  it('distance is symmetric and equals 1 exactly for neighbours', () => {
    for (const id of allHexIds()) {
      for (const n of neighbours(id)) {
        expect(hexDistance(id, n)).toBe(1);
        expect(neighbours(n)).toContain(id);
      }
    }
  });

  it('gives odd-lettered column neighbours (c,r±1), (c±1,r), (c±1,r+1)', () => {
    // C10: N, NE, SE, S, SW, NW
    expect(neighbours('C10')).toEqual(['C9', 'D10', 'D11', 'C11', 'B11', 'B10']);
  });

  it('gives even-lettered column neighbours (c,r±1), (c±1,r−1), (c±1,r)', () => {
    expect(neighbours('D10')).toEqual(['D9', 'E9', 'E10', 'D11', 'C10', 'C9']);
  });

  it('drops off-map neighbours at edges and corners', () => {
    expect(neighbours('A1')).toEqual(['B1', 'B2', 'A2']);
    expect(neighbours('X1')).toEqual(['X2', 'W1']);
    expect(neighbours('B31')).toEqual(['B30', 'C30', 'A30']);
    expect(isEdgeHex('A13')).toBe(true);
    expect(isEdgeHex('X28')).toBe(true);
    expect(isEdgeHex('M16')).toBe(false);
    expect(offMapDirections('A13')).toEqual([4, 5]);
    expect(offMapDirections('X28')).toEqual([1, 2]);
  });

  it('reports adjacency and direction indices (0 N … 5 NW)', () => {
    expect(areAdjacent('J16', 'K15')).toBe(true);
    expect(directionBetween('J16', 'K15')).toBe(1);
    expect(directionBetween('K15', 'J16')).toBe(4);
    expect(directionBetween('O21', 'O22')).toBe(3);
    expect(directionBetween('A1', 'A3')).toBeNull();
    expect(areAdjacent('M16', 'M16')).toBe(false);
  });

  it('parses ids in any case and with spaces, rejecting off-map ones', () => {
    expect(parseHexId('m16')).toBe('M16');
    expect(parseHexId(' M 16 ')).toBe('M16');
    expect(parseHexId('M016')).toBe('M16');
    expect(parseHexId('Y1')).toBeNull();
    expect(parseHexId('A31')).toBeNull();
    expect(parseHexId('B32')).toBeNull();
    expect(parseHexId('A0')).toBeNull();
    expect(parseHexId('')).toBeNull();
    expect(parseHexId('16M')).toBeNull();
    expect(isOnMap('M16')).toBe(true);
    expect(isOnMap('m16')).toBe(false);
    expect(isOnMap('A31')).toBe(false);
  });

  it('throws on off-map ids passed to geometry', () => {
    expect(() => toCube('Y1')).toThrow(RangeError);
    expect(fromCube({ q: -1, r: 0, s: 1 })).toBeNull();
  });

  it('lists hexes within N, clipped to the map', () => {
    expect(hexesWithin('M16', 0)).toEqual(['M16']);
    expect(hexesWithin('M16', 1)).toHaveLength(7);
    expect(hexesWithin('M16', 4)).toHaveLength(61);
    expect(hexesWithin('A1', 1)).toEqual(['A1', 'A2', 'B1', 'B2']);
    for (const h of hexesWithin('O19', 4)) expect(hexDistance('O19', h)).toBeLessThanOrEqual(4);
  });

  it('builds an order-independent hexside key', () => {
    expect(hexsideKey('K15', 'J16')).toBe('J16|K15');
    expect(hexsideKey('J16', 'K15')).toBe('J16|K15');
  });
});
