/**
 * Line of sight (10.6, 10.6.1, 10.6.2). Pure geometry plus the blocking rules; no GameState needed
 * beyond what the caller passes in.
 *
 * Geometry. LOS runs from hex centre to hex centre (10.6.1). We work exactly, in cube coordinates:
 * the point P(t) = A + t·(B − A), 0 ≤ t ≤ 1, lies in the (closed) cell of hex H when
 * |dq − dr| ≤ 1, |dr − ds| ≤ 1 and |ds − dq| ≤ 1 for d = P(t) − H (the cell is the set of points nearer
 * to H's centre than to any other). Every bound is a ratio of small integers, so the test is exact:
 * no rounding and no nudging.
 *  - a hex whose open cell the segment crosses for a stretch is an intervening hex;
 *  - a hex whose cell the segment only runs along (a stretch on its boundary) lies beside a hex spine
 *    the line follows; it is put on the left or the right of the line;
 *  - a hex the segment touches in a single point (a corner) is not intervening (ruling, docs/rulings.md).
 *
 * Blocking (10.6.1): every terrain but frozen lake blocks; roads do not matter; for direct fire the
 * firer's own units block too (the caller passes them as extra blockers). An intervening blocking hex
 * blocks. Along a hex spine the line is blocked only when blocking hexes stand on both sides of the
 * spine — anywhere along the line, not necessarily facing each other (10.6.1, the game's own ruling,
 * not a rounding convention). Adjacent hexes always see each other. LOS is symmetric.
 *
 * Time of day (10.6.2): the Turn Track gives the longest LOS in hexes for each turn (`TurnDef.los`).
 */
import { ruleOn } from './options.js';
import type { Cube, HexId } from './hex.js';
import { cubeDistance, fromCube, toCube } from './hex.js';
import type { Ruleset } from './ruleset.js';

/** A hex the line passes through (between the two end hexes), with where along the line it starts (0–1). */
export interface SightLine {
  from: HexId;
  to: HexId;
  distance: number;
  /** Intervening hexes whose interior the line crosses, in order from `from` (off-map positions left out). */
  through: HexId[];
  /** Hexes beside hex spines the line runs along, on each side of the line (off-map positions left out). */
  spine: { left: HexId[]; right: HexId[] };
}

/** A fraction n/d with d > 0. */
interface Frac {
  n: number;
  d: number;
}

const frac = (n: number, d: number): Frac => (d < 0 ? { n: -n, d: -d } : { n, d });
const cmp = (a: Frac, b: Frac): number => a.n * b.d - b.n * a.d;

/**
 * How the segment meets the cell of H: the closed t-interval [lo, hi] within [0, 1] (or null if the
 * segment misses the cell), and whether it also meets the open cell for a stretch.
 */
function meet(a: Cube, d: Cube, h: Cube): { lo: Frac; hi: Frac; interior: boolean } | null {
  const e = { q: a.q - h.q, r: a.r - h.r, s: a.s - h.s };
  const pairs: [number, number][] = [
    [e.q - e.r, d.q - d.r],
    [e.r - e.s, d.r - d.s],
    [e.s - e.q, d.s - d.q],
  ];
  let lo = frac(0, 1);
  let hi = frac(1, 1);
  let onBoundaryThroughout = false;
  for (const [u, v] of pairs) {
    if (v === 0) {
      if (Math.abs(u) > 1) return null;
      if (Math.abs(u) === 1) onBoundaryThroughout = true;
      continue;
    }
    let b1 = frac(-1 - u, v);
    let b2 = frac(1 - u, v);
    if (cmp(b1, b2) > 0) [b1, b2] = [b2, b1];
    if (cmp(b1, lo) > 0) lo = b1;
    if (cmp(b2, hi) < 0) hi = b2;
  }
  const c = cmp(lo, hi);
  if (c > 0) return null;
  return { lo, hi, interior: c < 0 && !onBoundaryThroughout };
}

/**
 * Sight lines already traced: pure geometry of two hex ids, so each pair is traced once per process
 * (LOS is asked for the same pairs again and again: every firer, target and spotter, every listing).
 * Bounded; the lines are frozen, so no caller can change a shared one.
 */
const lineCache = new Map<string, SightLine>();
const LINE_CACHE_MAX = 200_000;

/** The hexes the line from `from` to `to` passes through or runs beside (10.6.1). Pure geometry. */
export function sightLine(from: HexId, to: HexId): SightLine {
  const key = `${from}|${to}`;
  const hit = lineCache.get(key);
  if (hit) return hit;
  const line = traceLine(from, to);
  if (lineCache.size >= LINE_CACHE_MAX) lineCache.clear();
  lineCache.set(key, line);
  return line;
}

function traceLine(from: HexId, to: HexId): SightLine {
  const a = toCube(from);
  const b = toCube(to);
  const n = cubeDistance(a, b);
  const d = { q: b.q - a.q, r: b.r - a.r, s: b.s - a.s };
  const through: { hex: HexId; at: Frac }[] = [];
  const left: { hex: HexId; at: Frac }[] = [];
  const right: { hex: HexId; at: Frac }[] = [];
  for (let dq = -n; dq <= n; dq++) {
    for (let dr = Math.max(-n, -dq - n); dr <= Math.min(n, -dq + n); dr++) {
      const h = { q: a.q + dq, r: a.r + dr, s: a.s - dq - dr };
      if ((h.q === a.q && h.r === a.r) || (h.q === b.q && h.r === b.r)) continue;
      if (cubeDistance(h, b) > n) continue;
      const m = meet(a, d, h);
      if (!m || cmp(m.lo, m.hi) === 0) continue; // missed, or a corner touched in one point
      const id = fromCube(h);
      if (!id) continue; // off the map: nothing there to block
      if (m.interior) {
        through.push({ hex: id, at: m.lo });
        continue;
      }
      const cross = d.q * (h.r - a.r) - d.r * (h.q - a.q);
      (cross > 0 ? left : right).push({ hex: id, at: m.lo });
    }
  }
  const order = (xs: { hex: HexId; at: Frac }[]): HexId[] => Object.freeze(xs.sort((x, y) => cmp(x.at, y.at)).map((x) => x.hex)) as HexId[];
  return Object.freeze({
    from,
    to,
    distance: n,
    through: order(through),
    spine: Object.freeze({ left: order(left), right: order(right) }),
  });
}

/** Why LOS is or is not there. */
export type LosReason = 'same' | 'adjacent' | 'clear' | 'out-of-range' | 'blocked' | 'spine';

export interface LosResult {
  clear: boolean;
  reason: LosReason;
  distance: number;
  /** The blocking hexes that decided it (for `blocked`: intervening; for `spine`: one hex from each side). */
  blockedBy: HexId[];
  line: SightLine;
}

export interface LosOptions {
  /** Longest LOS in hexes now (10.6.2, from the Turn Track); omit for no limit. */
  maxRange?: number;
  /** Extra blocking hexes, e.g. hexes holding the firer's own units for direct fire (10.6.1). */
  extraBlockers?: ReadonlySet<HexId>;
}

/** Blocking terrain (10.6.1): any hex of the map that is not frozen lake. A position not on this map blocks nothing. */
export function isBlockingTerrain(ruleset: Ruleset, hex: HexId): boolean {
  const h = ruleset.map.hexes[hex];
  return !!h && h.terrain !== 'lake';
}

/** Line of sight between two hexes (10.6–10.6.2). Symmetric. */
export function lineOfSight(ruleset: Ruleset, from: HexId, to: HexId, opts: LosOptions = {}): LosResult {
  const line = sightLine(from, to);
  const base = { distance: line.distance, line };
  if (line.distance === 0) return { clear: true, reason: 'same', blockedBy: [], ...base };
  if (line.distance === 1) return { clear: true, reason: 'adjacent', blockedBy: [], ...base };
  if (opts.maxRange !== undefined && line.distance > opts.maxRange) return { clear: false, reason: 'out-of-range', blockedBy: [], ...base };
  const blocks = (h: HexId): boolean => isBlockingTerrain(ruleset, h) || !!opts.extraBlockers?.has(h);
  const hit = line.through.filter(blocks);
  if (hit.length) return { clear: false, reason: 'blocked', blockedBy: hit, ...base };
  const l = line.spine.left.find(blocks);
  const r = line.spine.right.find(blocks);
  if (l && r) return { clear: false, reason: 'spine', blockedBy: [l, r], ...base };
  return { clear: true, reason: 'clear', blockedBy: [], ...base };
}

/** Longest LOS on a turn by the Turn Track (10.6.2); 0 if the turn is not on the track. */
export function losRangeOnTurn(ruleset: Ruleset, turn: number): number {
  return ruleset.turnTrack.find((t) => t.turn === turn)?.los ?? 0;
}

/** LOS with the variable LOS left out (the first game, option 10.6 off): 5 hexes, night's own at night. */
export const FIXED_LOS = 5;

/** Longest LOS in this game now (10.6.2, or the fixed LOS when option 10.6 is off). */
export function losRange(ruleset: Ruleset, state: { turn: number; options: Readonly<Record<string, boolean>> }): number {
  const printed = losRangeOnTurn(ruleset, state.turn);
  if (ruleOn(state.options, '10.6')) return printed;
  const night = ruleset.turnTrack.find((t) => t.turn === state.turn)?.light === 'night';
  return night ? printed : FIXED_LOS;
}

/** Plain words for a LOS result, e.g. for a refusal message. */
export function describeLos(r: LosResult, maxRange?: number): string {
  const { from, to } = r.line;
  switch (r.reason) {
    case 'same':
    case 'adjacent':
      return `${from} and ${to} are adjacent: always in sight (10.6.1).`;
    case 'clear':
      return `${from} sees ${to} (${r.distance} hexes).`;
    case 'out-of-range':
      return `${to} is ${r.distance} hexes from ${from}; LOS reaches ${maxRange ?? '?'} hexes this turn (10.6.2).`;
    case 'blocked':
      return `LOS from ${from} to ${to} is blocked by ${r.blockedBy.join(', ')} (10.6.1).`;
    case 'spine':
      return `LOS from ${from} to ${to} runs along a hex spine with blocking hexes on both sides (${r.blockedBy.join(' and ')}) (10.6.1).`;
  }
}
