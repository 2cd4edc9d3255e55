// Where labels go (issue 16: labels never hide hex ids or counter values). A label — a place name, a
// combat's "odds → result", a fire result — is offered a list of candidate centres, nearest first; it
// takes the first whose box covers no hex id, no counter and no label placed before it, or, when every
// candidate covers something, the one covering least. Pure geometry in base map units.
import type { HexId } from '../src/engine/hex.js';
import { BASE_H, baseCenter, type Point } from './layout.js';

export interface Box {
  l: number;
  t: number;
  r: number;
  b: number;
}

/** Height of a hex id's text (8.5 px bold) and the width of one of its characters, generously. */
const ID_H = 10;
const ID_CHAR_W = 6;

/** The box of a hex id, as drawn at the top of its hex (render/terrain.ts). */
export function hexIdBox(id: HexId): Box {
  const c = baseCenter(id);
  const w = id.length * ID_CHAR_W + 2;
  const t = c.y - BASE_H / 2 + 2;
  return { l: c.x - w / 2, t, r: c.x + w / 2, b: t + ID_H };
}

export function boxAt(p: Point, w: number, h: number): Box {
  return { l: p.x - w / 2, t: p.y - h / 2, r: p.x + w / 2, b: p.y + h / 2 };
}

/** Area two boxes share (0 when apart). */
export function overlap(a: Box, b: Box): number {
  const w = Math.min(a.r, b.r) - Math.max(a.l, b.l);
  const h = Math.min(a.b, b.b) - Math.max(a.t, b.t);
  return w > 0 && h > 0 ? w * h : 0;
}

export class LabelPlacer {
  private readonly placed: Box[] = [];

  constructor(private readonly obstacles: Box[]) {}

  /** The centre for a w×h label among `candidates` (see the file comment); the label is then an obstacle. */
  place(w: number, h: number, candidates: readonly Point[]): Point {
    let best = candidates[0]!;
    let bestCover = Infinity;
    for (const p of candidates) {
      const box = boxAt(p, w, h);
      let cover = 0;
      for (const o of this.obstacles) cover += overlap(box, o);
      for (const o of this.placed) cover += overlap(box, o);
      if (cover < bestCover) {
        best = p;
        bestCover = cover;
        if (cover === 0) break;
      }
    }
    this.placed.push(boxAt(best, w, h));
    return best;
  }

  /** The labels placed so far (tests). */
  boxes(): readonly Box[] {
    return this.placed;
  }
}

/** Candidate centres around a point: itself, then rings of offsets (dx, dy) in `steps`, nearest first. */
export function around(p: Point, dxs: readonly number[], dys: readonly number[]): Point[] {
  const out: Point[] = [];
  for (const dx of dxs) for (const dy of dys) out.push({ x: p.x + dx, y: p.y + dy });
  return out.sort((a, b) => Math.hypot(a.x - p.x, a.y - p.y) - Math.hypot(b.x - p.x, b.y - p.y));
}
