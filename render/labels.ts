// Where labels go (issue 16: labels never hide hex ids or counter values; issue 46: never cut at the
// edge of what is drawn). A label — a place name, a combat's "odds → result", a fire result — is offered
// a list of candidate centres, nearest first; it takes the first whose box covers no hex id, no counter
// and no label placed before it and lies wholly on the drawn hexes, or, when every candidate fails, the
// one failing least. Pure geometry in base map units.
import type { HexId } from '../src/engine/hex.js';
import { BASE_H, baseCenter, hexAt, type Point } from './layout.js';

export interface Box {
  l: number;
  t: number;
  r: number;
  b: number;
}

/**
 * Height of a hex id's text (8.5 px bold) and the width of one of its characters, generously (measured:
 * "W30" 21.2, "M16" 20.3, "A1" 12.5 units wide, 7 high; test/render/labels.test.ts checks every id).
 */
const ID_H = 10;
const ID_CHAR_W = 7.5;
/** The most characters a hex id has ("W30"). */
export const ID_MAX_CHARS = 3;

/** The box of a hex id of `chars` characters, as drawn at the top of the hex centred on c (render/terrain.ts). */
export function idBoxAround(c: Point, chars = ID_MAX_CHARS): Box {
  const w = chars * ID_CHAR_W + 2;
  const t = c.y - BASE_H / 2 + 2;
  return { l: c.x - w / 2, t, r: c.x + w / 2, b: t + ID_H };
}

/** The box of a hex id, as drawn at the top of its hex (render/terrain.ts). */
export function hexIdBox(id: HexId): Box {
  return idBoxAround(baseCenter(id), id.length);
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

/** Points along a box's edges, at most `step` apart (corners included). */
function edgePoints(b: Box, step = 6): Point[] {
  const out: Point[] = [];
  const nx = Math.max(1, Math.ceil((b.r - b.l) / step));
  const ny = Math.max(1, Math.ceil((b.b - b.t) / step));
  for (let i = 0; i <= nx; i++) {
    const x = b.l + ((b.r - b.l) * i) / nx;
    out.push({ x, y: b.t }, { x, y: b.b });
  }
  for (let j = 1; j < ny; j++) {
    const y = b.t + ((b.b - b.t) * j) / ny;
    out.push({ x: b.l, y }, { x: b.r, y });
  }
  return out;
}

/**
 * How much of a box's edge lies off the drawn hexes (0 when the box lies wholly on them: the hexes are
 * convex and touch, so an edge whose points are all on drawn hexes keeps the box inside their union,
 * up to the gap between two samples).
 */
export function offArea(b: Box, drawn: ReadonlySet<HexId>): number {
  let off = 0;
  for (const p of edgePoints(b)) {
    const h = hexAt(p);
    if (h === null || !drawn.has(h)) off++;
  }
  return off;
}

export class LabelPlacer {
  private readonly placed: Box[] = [];

  /** `drawn`: the hexes drawn, when a label must lie wholly on them (the picture is clipped to them). */
  constructor(
    private readonly obstacles: Box[],
    private readonly drawn: ReadonlySet<HexId> | null = null,
  ) {}

  /**
   * The centre for a w×h label among `candidates` (see the file comment); the label is then an
   * obstacle. `wider` candidates are tried only when none of `candidates` fits.
   */
  place(w: number, h: number, candidates: readonly Point[], wider: readonly Point[] = []): Point {
    let best = candidates[0]!;
    let bestCover = Infinity;
    for (const list of [candidates, wider]) {
      if (!list.length) continue;
      // Only the obstacles near the candidates can be covered.
      const reach = { l: Infinity, t: Infinity, r: -Infinity, b: -Infinity };
      for (const p of list) {
        reach.l = Math.min(reach.l, p.x - w / 2);
        reach.r = Math.max(reach.r, p.x + w / 2);
        reach.t = Math.min(reach.t, p.y - h / 2);
        reach.b = Math.max(reach.b, p.y + h / 2);
      }
      const near = [...this.obstacles, ...this.placed].filter((o) => overlap(o, reach) > 0);
      for (const p of list) {
        const box = boxAt(p, w, h);
        let cover = 0;
        for (const o of near) cover += overlap(box, o);
        // Off the drawn hexes weighs more than any overlap: a cut label cannot be read at all.
        if (this.drawn && cover < bestCover) cover += offArea(box, this.drawn) * w * h;
        if (cover < bestCover) {
          best = p;
          bestCover = cover;
          if (cover === 0) break;
        }
      }
      if (bestCover === 0) break;
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

const widerCache = new Map<string, Point[]>();
/**
 * A wider search than a label's own few candidates, for when none of them fits: every point of a grid
 * `stepX` × `stepY` within `rx` × `ry` of p, nearest first (the offsets sorted once per shape).
 */
export function widerAround(p: Point, rx: number, ry: number, stepX: number, stepY: number): Point[] {
  const key = `${rx}/${ry}/${stepX}/${stepY}`;
  let offsets = widerCache.get(key);
  if (!offsets) {
    const dxs: number[] = [];
    const dys: number[] = [];
    for (let x = -Math.floor(rx / stepX); x <= rx / stepX; x++) dxs.push(x * stepX);
    for (let y = -Math.floor(ry / stepY); y <= ry / stepY; y++) dys.push(y * stepY);
    offsets = around({ x: 0, y: 0 }, dxs, dys);
    widerCache.set(key, offsets);
  }
  return offsets.map((o) => ({ x: p.x + o.x, y: p.y + o.y }));
}
