// Zooms and the scenario's play area: a scenario with a play area (e.g. the tutorial) draws only its
// hexes, so a zoom around a hex far outside it has nothing to show. Front ends ask here first and
// refuse with words naming the play area instead of letting the renderer fail. Also where the pictures
// look: the zooms of a turn post (what happened) and of a unit's reach. Hex ids only: the pixels are
// render/'s (render/map.ts says how big a counter is on a phone).
import { hexDistance, isOnMap, neighbours } from '../engine/hex.js';

/** Why a zoom of `radius` around `center` would show no hex of the view's play area, or null when it shows some. */
export function zoomOutsidePlayArea(view: unknown, center: string, radius: number): string | null {
  const area = ((view as { playArea?: string[] | null } | null)?.playArea ?? []).filter(isOnMap);
  if (!area.length || !isOnMap(center)) return null;
  let nearest = area[0]!;
  let best = Infinity;
  for (const h of area) {
    const d = hexDistance(center, h);
    if (d <= radius) return null;
    if (d < best || (d === best && h < nearest)) [best, nearest] = [d, h];
  }
  const cols = area.map((h) => h[0]!).sort();
  const rows = area.map((h) => Number(h.slice(1))).sort((a, b) => a - b);
  return (
    `No hex within ${radius} of ${center} is in this scenario's play area (columns ${cols[0]}–${cols[cols.length - 1]}, rows ${rows[0]}–${rows[rows.length - 1]}); ` +
    `the nearest is ${nearest}, ${best} hexes away.`
  );
}

/** A zoom: the hexes within `radius` of `center` (what render/ draws for `{ center, radius }`). */
export interface PictureArea {
  center: string;
  radius: number;
}

/**
 * How much each kind of thing that happened counts when the zooms are chosen: a fight's target most,
 * then where shots landed, stacks fell or objectives changed hands, then where moves ended and began;
 * the hexes a move passed through count a little (an arrow is better whole) and never call for a zoom
 * of their own.
 */
const WEIGHT = { target: 4, shot: 3, fallen: 2, attacker: 2, moveEnd: 2, origin: 1, passed: 0.5 } as const;

/** The hexes where things happened (the view's move, combat and fire arrows, losses and captures), weighted. */
function eventHexes(view: unknown): Map<string, number> {
  const ov = (
    view as {
      overlays?: {
        moves?: Array<{ path: string[]; from?: string; to?: string }>;
        combats?: Array<{ from?: string[]; target?: string; to?: string }>;
        fire?: Array<{ from: string | null; to: string }>;
        eliminated?: Array<{ hex: string }>;
        captured?: Array<{ hex: string }>;
      };
    } | null
  )?.overlays;
  const out = new Map<string, number>();
  if (!ov) return out;
  const add = (h: unknown, w: number): void => {
    if (typeof h === 'string' && isOnMap(h)) out.set(h, Math.max(out.get(h) ?? 0, w));
  };
  for (const m of ov.moves ?? []) {
    for (const h of m.path) add(h, WEIGHT.passed);
    add(m.path[0], WEIGHT.origin);
    add(m.path[m.path.length - 1], WEIGHT.moveEnd);
  }
  for (const c of ov.combats ?? []) {
    for (const h of Array.isArray(c.from) ? c.from : []) add(h, WEIGHT.attacker);
    add(c.target, WEIGHT.target);
    add(c.to, WEIGHT.target);
  }
  for (const f of ov.fire ?? []) {
    add(f.from, WEIGHT.origin);
    add(f.to, WEIGHT.shot);
  }
  for (const g of ov.eliminated ?? []) add(g.hex, WEIGHT.fallen);
  for (const t of ov.captured ?? []) add(t.hex, WEIGHT.fallen);
  return out;
}

/** The hex of `among` whose farthest hex of `among` is nearest (ties: the first id), and that distance. */
function smallestCover(among: readonly string[]): PictureArea {
  let best: PictureArea | null = null;
  for (const c of among) {
    let r = 0;
    for (const h of among) r = Math.max(r, hexDistance(c, h));
    if (!best || r < best.radius || (r === best.radius && c < best.center)) best = { center: c, radius: r };
  }
  return best!;
}

/**
 * The front line: every hex with units next to a hex with the other side's units (the view's stacks).
 * Each counts as much as a move's end: where the next fights will be.
 */
function frontLine(view: unknown): Map<string, number> {
  const units = (view as { units?: Record<string, Array<{ side?: string }>> } | null)?.units ?? {};
  const sideAt = (h: string): string | undefined => units[h]?.[0]?.side;
  const out = new Map<string, number>();
  for (const h of Object.keys(units)) {
    const side = sideAt(h);
    if (!side || !isOnMap(h)) continue;
    for (const n of neighbours(h)) {
      const other = sideAt(n);
      if (other && other !== side) {
        out.set(h, WEIGHT.moveEnd);
        break;
      }
    }
  }
  return out;
}

export interface TurnAreaOptions {
  /** At most this many zooms (default 3). */
  max?: number;
  /** No zoom wider than this (default 5: a counter on a phone then stays twice its whole-map size). */
  maxRadius?: number;
  /** When nothing happened, zoom on the front line instead (a game turn's post; default false). */
  frontLine?: boolean;
}

/**
 * The zooms a turn post shows (phone first: the whole Campaign map cannot be read on a phone, a zoom of
 * radius up to 5 can): up to `max` areas chosen from what happened, each around the most that is left
 * (fights first, by WEIGHT) within `maxRadius`, covering what the areas before it did not. Each zoom is
 * as small as its hexes allow, with a hex of margin, and at least 3. When nothing happened: the front
 * line with `frontLine`, else none.
 */
export function turnAreas(view: unknown, options: TurnAreaOptions = {}): PictureArea[] {
  const max = options.max ?? 3;
  const maxRadius = options.maxRadius ?? 5;
  let left = eventHexes(view);
  if (!left.size && options.frontLine) left = frontLine(view);
  const out: PictureArea[] = [];
  const reach = Math.max(0, maxRadius - 1); // one hex of margin around what a zoom is for
  while (out.length < max) {
    // A zoom is for a place where something ended, fought or fell, not for the middle of a move.
    const seeds = [...left].filter(([, w]) => w >= WEIGHT.origin).map(([h]) => h);
    if (!seeds.length) break;
    let seed = seeds[0]!;
    let seedWeight = -1;
    for (const c of seeds.sort()) {
      let w = 0;
      for (const [h, hw] of left) if (hexDistance(c, h) <= reach) w += hw;
      if (w > seedWeight) [seed, seedWeight] = [c, w];
    }
    const cover = smallestCover([...left.keys()].filter((h) => hexDistance(seed, h) <= reach));
    const area = { center: cover.center, radius: Math.max(3, cover.radius + 1) };
    out.push(area);
    for (const h of [...left.keys()]) if (hexDistance(area.center, h) <= area.radius) left.delete(h);
  }
  return out;
}

/**
 * The zoom that shows where a unit, stack or reinforcement can go: centred on where it stands (or its
 * entry hex), wide enough for every hex it can reach, within 3 to 8 hexes.
 */
export function reachZoom(m: { from: string | null; entryHexes?: string[]; reachable: readonly { hex: string }[] }): {
  center: string;
  radius: number;
} {
  const center = m.from ?? m.entryHexes?.[0] ?? m.reachable[0]?.hex ?? '';
  const radius = Math.min(8, Math.max(3, ...m.reachable.map((r) => hexDistance(center, r.hex) + 1)));
  return { center, radius };
}
