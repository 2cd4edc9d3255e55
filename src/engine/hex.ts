/**
 * Hex ids and geometry for the Red Winter map (the printed grid, rulebook 2.3).
 *
 * Printed ids such as `M16` (column letter + row number) are the user-facing form everywhere.
 * Inside the engine we use cube coordinates as in Red Blob Games' hexagon guide
 * (https://www.redblobgames.com/grids/hexagons/), flat-topped hexes in columns.
 *
 * Grid: columns A–X (24, including I). Column index c: A = 0 … X = 23.
 * Odd-lettered columns (A, C, …, W; even index) have rows 1–30; even-lettered columns
 * (B, D, …, X; odd index) have rows 1–31 and sit half a hex higher. In Red Blob terms this is
 * the "even-q" offset layout: q = c, r = (row − 1) − (c + (c & 1)) / 2, s = −q − r.
 *
 * Direction order (indices used by `neighbours`, `directionBetween`, `DIRECTIONS`), clockwise
 * from north, with rows growing southwards: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW.
 *
 * Pure: no I/O.
 */

import type { HexId } from './ruleset.js';

export type { HexId } from './ruleset.js';

/** Cube coordinates (Red Blob Games). Invariant: q + r + s === 0. */
export interface Cube {
  readonly q: number;
  readonly r: number;
  readonly s: number;
}

/** The Red Winter grid (the printed map grid). */
export const GRID = {
  /** Column letters in order; index 0 is A. */
  columns: 'ABCDEFGHIJKLMNOPQRSTUVWX',
  /** Rows in odd-lettered columns (A, C, …, W). */
  rowsOddLetter: 30,
  /** Rows in even-lettered columns (B, D, …, X); these columns sit half a hex higher. */
  rowsEvenLetter: 31,
  /** Hexes are flat-topped and arranged in vertical columns. */
  orientation: 'flat-top',
  /** Total number of hexes on the map. */
  hexCount: 732,
} as const;

/** Direction names in index order. */
export const DIRECTION_NAMES = ['N', 'NE', 'SE', 'S', 'SW', 'NW'] as const;
export type DirectionName = (typeof DIRECTION_NAMES)[number];

/** Cube deltas for the six directions, in index order (0 N … 5 NW). */
export const DIRECTIONS: readonly Cube[] = [
  { q: 0, r: -1, s: 1 },
  { q: 1, r: -1, s: 0 },
  { q: 1, r: 0, s: -1 },
  { q: 0, r: 1, s: -1 },
  { q: -1, r: 1, s: 0 },
  { q: -1, r: 0, s: 1 },
];

/** Number of rows in the column with this index (0 = A). */
export function rowsInColumn(col: number): number {
  return col % 2 === 0 ? GRID.rowsOddLetter : GRID.rowsEvenLetter;
}

const ID_PATTERN = /^([A-Za-z])\s*0*(\d{1,3})$/;

/**
 * Parses user text into a canonical on-map hex id. Accepts any case and spaces around or
 * between letter and number (`m16`, ` M 16 `). Returns null for anything that is not a hex on the map.
 */
export function parseHexId(text: string): HexId | null {
  const m = ID_PATTERN.exec(text.trim());
  if (!m) return null;
  const letter = m[1]!.toUpperCase();
  const row = Number(m[2]);
  const col = GRID.columns.indexOf(letter);
  if (col < 0 || row < 1 || row > rowsInColumn(col)) return null;
  return `${letter}${row}`;
}

/** Parsed canonical ids (the map has 732 hexes; anything else is parsed each time and not kept). */
const splitCache = new Map<string, Readonly<{ col: number; row: number }>>();

/** Splits a canonical id into column index and printed row, or null if malformed or off the map. */
function split(id: HexId): Readonly<{ col: number; row: number }> | null {
  const hit = splitCache.get(id);
  if (hit) return hit;
  const m = /^([A-X])([1-9]\d?)$/.exec(id);
  if (!m) return null;
  const col = GRID.columns.indexOf(m[1]!);
  const row = Number(m[2]);
  if (row > rowsInColumn(col)) return null;
  const p = Object.freeze({ col, row });
  splitCache.set(id, p);
  return p;
}

/** True if `id` is a canonical id of a hex on the map (e.g. `M16`, not `m16` or `Y1`). */
export function isOnMap(id: HexId): boolean {
  return split(id) !== null;
}

function mustSplit(id: HexId): { col: number; row: number } {
  const p = split(id);
  if (!p) throw new RangeError(`not a hex on the map: ${JSON.stringify(id)}`);
  return p;
}

/** Cube coordinates of an on-map hex. Throws RangeError for ids not on the map. */
export function toCube(id: HexId): Cube {
  const { col, row } = mustSplit(id);
  const q = col;
  const r = row - 1 - (col + (col & 1)) / 2;
  return { q, r, s: -q - r };
}

/** The printed id at cube coordinates, or null if that position is off the map. */
export function fromCube(c: Cube): HexId | null {
  const col = c.q;
  if (!Number.isInteger(col) || col < 0 || col >= GRID.columns.length) return null;
  const row = c.r + (col + (col & 1)) / 2 + 1;
  if (!Number.isInteger(row) || row < 1 || row > rowsInColumn(col)) return null;
  return `${GRID.columns[col]}${row}`;
}

let allIdsCache: readonly HexId[] | null = null;

/** Every hex id on the map, column by column (A1 … A30, B1 … B31, …, X31): 732 ids. */
export function allHexIds(): readonly HexId[] {
  if (!allIdsCache) {
    const ids: HexId[] = [];
    for (let col = 0; col < GRID.columns.length; col++) {
      for (let row = 1; row <= rowsInColumn(col); row++) ids.push(`${GRID.columns[col]}${row}`);
    }
    allIdsCache = Object.freeze(ids);
  }
  return allIdsCache;
}

function add(a: Cube, b: Cube): Cube {
  return { q: a.q + b.q, r: a.r + b.r, s: a.s + b.s };
}

/** Cube distance between two cube positions (on or off the map). */
export function cubeDistance(a: Cube, b: Cube): number {
  return Math.max(Math.abs(a.q - b.q), Math.abs(a.r - b.r), Math.abs(a.s - b.s));
}

/** Distance in hexes between two on-map hexes (A1–B1 = 1, A1–B2 = 1, A1–B3 = 2). */
export function hexDistance(a: HexId, b: HexId): number {
  return cubeDistance(toCube(a), toCube(b));
}

/** The neighbour of `id` in direction `dir` (0 N … 5 NW), or null if that is off the map. */
export function neighbourInDirection(id: HexId, dir: number): HexId | null {
  const d = DIRECTIONS[dir];
  if (!d) throw new RangeError(`direction must be 0–5, got ${dir}`);
  return fromCube(add(toCube(id), d));
}

/** On-map neighbours of `id`, in direction order N, NE, SE, S, SW, NW (off-map ones skipped). */
export function neighbours(id: HexId): HexId[] {
  const out: HexId[] = [];
  for (let dir = 0; dir < 6; dir++) {
    const n = neighbourInDirection(id, dir);
    if (n) out.push(n);
  }
  return out;
}

/** Directions (0–5) from `id` that lead off the map; empty for interior hexes. */
export function offMapDirections(id: HexId): number[] {
  const out: number[] = [];
  for (let dir = 0; dir < 6; dir++) if (neighbourInDirection(id, dir) === null) out.push(dir);
  return out;
}

/** True if the hex has at least one side on the map edge. */
export function isEdgeHex(id: HexId): boolean {
  return offMapDirections(id).length > 0;
}

/** Direction index (0 N … 5 NW) from `a` to adjacent `b`, or null if they are not adjacent. */
export function directionBetween(a: HexId, b: HexId): number | null {
  const ca = toCube(a);
  const cb = toCube(b);
  for (let dir = 0; dir < 6; dir++) {
    const d = DIRECTIONS[dir]!;
    if (ca.q + d.q === cb.q && ca.r + d.r === cb.r) return dir;
  }
  return null;
}

/** True if the two on-map hexes share a hexside. */
export function areAdjacent(a: HexId, b: HexId): boolean {
  return directionBetween(a, b) !== null;
}

/** All on-map hexes within `n` hexes of `id` (including `id` itself), sorted in `allHexIds` order. */
export function hexesWithin(id: HexId, n: number): HexId[] {
  const c = toCube(id);
  const out: HexId[] = [];
  for (let dq = -n; dq <= n; dq++) {
    for (let dr = Math.max(-n, -dq - n); dr <= Math.min(n, -dq + n); dr++) {
      const h = fromCube({ q: c.q + dq, r: c.r + dr, s: -(c.q + dq) - (c.r + dr) });
      if (h) out.push(h);
    }
  }
  return out;
}

/** Canonical key for the hexside between two adjacent hexes (order-independent), e.g. `J16|K15`. */
export function hexsideKey(a: HexId, b: HexId): string {
  return compareHexIds(a, b) <= 0 ? `${a}|${b}` : `${b}|${a}`;
}

/** Orders ids column first, then row (A1 < A2 < … < A30 < B1). */
export function compareHexIds(a: HexId, b: HexId): number {
  const pa = mustSplit(a);
  const pb = mustSplit(b);
  return pa.col - pb.col || pa.row - pb.row;
}
