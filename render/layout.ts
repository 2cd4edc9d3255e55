// Pixel geometry of the map: the only place that turns printed hex ids into pixels.
//
// Hexes are flat-topped, in vertical columns (the printed map grid). Column index c (A = 0); even-lettered
// columns (B, D, …: odd index) sit half a hex higher. In Red Blob Games' terms this is an "even-q"
// offset layout. Everything is drawn in *base units* where the hex radius (centre to corner) is
// BASE_R; a zoomed picture is the same drawing under a scale transform.
import type { GameMap } from '../src/engine/ruleset.js';
import type { HexId } from '../src/engine/hex.js';
import { GRID, hexesWithin, isOnMap } from '../src/engine/hex.js';

/** Hex radius (centre to corner) in base units. */
export const BASE_R = 40;
/** Hex height (flat side to flat side) in base units. */
export const BASE_H = Math.sqrt(3) * BASE_R;
/** Column pitch in base units. */
export const COL_W = 1.5 * BASE_R;

export interface Point {
  x: number;
  y: number;
}

/** Column index and row of a canonical id (no validation: callers pass ids from the map). */
export function splitId(id: HexId): { col: number; row: number } {
  return { col: GRID.columns.indexOf(id[0]!), row: Number(id.slice(1)) };
}

/** Centre of a hex in base units, with B1 (a raised column) touching y = 0 and A1 touching x = 0. */
export function baseCenter(id: HexId): Point {
  const { col, row } = splitId(id);
  return {
    x: BASE_R + col * COL_W,
    y: BASE_H / 2 + (row - 1) * BASE_H + (col % 2 === 1 ? 0 : BASE_H / 2),
  };
}

/** The six corners of a flat-topped hex around (0, 0), starting east, clockwise (y grows down). */
export function hexCorners(r = BASE_R): Point[] {
  const out: Point[] = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * 60 * i;
    out.push({ x: r * Math.cos(a), y: r * Math.sin(a) });
  }
  return out;
}

/** The printed ids of every hex of the map, in map order (column by column). */
export function mapHexIds(map: GameMap): HexId[] {
  const out: HexId[] = [];
  for (let col = 0; col < GRID.columns.length; col++) {
    const rows = col % 2 === 0 ? map.grid.rowsOddLetter : map.grid.rowsEvenLetter;
    for (let row = 1; row <= rows; row++) {
      const id = `${GRID.columns[col]}${row}`;
      if (map.hexes[id]) out.push(id);
    }
  }
  return out;
}

/** Where the map sits on the output canvas. */
export interface MapFrame {
  /** Scale from base units to pixels. */
  scale: number;
  /** Pixel position of base (0, 0). */
  offsetX: number;
  offsetY: number;
  /** Pixel rectangle the map occupies. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Hexes drawn (all of the map, or those within the focus). */
  hexes: HexId[];
  /** Set form of `hexes`. */
  hexSet: ReadonlySet<HexId>;
  /** The focus, if this is a zoomed picture. */
  focus: { center: HexId; radius: number } | null;
}

/** Pixel centre of a hex in a frame. */
export function pixelCenter(frame: MapFrame, id: HexId): Point {
  const c = baseCenter(id);
  return { x: frame.offsetX + c.x * frame.scale, y: frame.offsetY + c.y * frame.scale };
}

/** Hexes within `radius` of `center` that are on this map. Throws a clear error for a bad center. */
export function focusHexes(map: GameMap, center: HexId, radius: number): HexId[] {
  if (!isOnMap(center) || !map.hexes[center]) throw new RangeError(`zoom centre ${JSON.stringify(center)} is not a hex of the map`);
  if (!Number.isInteger(radius) || radius < 0 || radius > 40)
    throw new RangeError(`zoom radius must be a whole number 0–40, got ${radius}`);
  return hexesWithin(center, radius).filter((h) => map.hexes[h]);
}

/** Bounding box (base units) of a set of hexes. */
export function baseBounds(hexes: readonly HexId[]): { minX: number; minY: number; maxX: number; maxY: number } {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const h of hexes) {
    const c = baseCenter(h);
    minX = Math.min(minX, c.x - BASE_R);
    maxX = Math.max(maxX, c.x + BASE_R);
    minY = Math.min(minY, c.y - BASE_H / 2);
    maxY = Math.max(maxY, c.y + BASE_H / 2);
  }
  return { minX, minY, maxX, maxY };
}

/** Whether point p (base units) lies inside hex `id` (a flat-topped hexagon of radius BASE_R). */
export function inHex(id: HexId, p: Point): boolean {
  const c = baseCenter(id);
  const dx = Math.abs(p.x - c.x);
  const dy = Math.abs(p.y - c.y);
  return dy <= BASE_H / 2 + 1e-9 && Math.sqrt(3) * dx + dy <= Math.sqrt(3) * BASE_R + 1e-9;
}

/** The hex of the grid under point p (base units), or null off the grid: the inverse of baseCenter. */
export function hexAt(p: Point): HexId | null {
  const col = Math.round((p.x - BASE_R) / COL_W);
  for (let c = col - 1; c <= col + 1; c++) {
    if (c < 0 || c >= GRID.columns.length) continue;
    const y0 = BASE_H / 2 + (c % 2 === 1 ? 0 : BASE_H / 2);
    const row = Math.round((p.y - y0) / BASE_H) + 1;
    for (let r = row - 1; r <= row + 1; r++) {
      if (r < 1) continue;
      const id = `${GRID.columns[c]}${r}`;
      if (inHex(id, p)) return id;
    }
  }
  return null;
}
