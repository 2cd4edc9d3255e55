// Zooms and the scenario's play area: a scenario with a play area (e.g. the tutorial) draws only its
// hexes, so a zoom around a hex far outside it has nothing to show. Front ends ask here first and
// refuse with words naming the play area instead of letting the renderer fail.
import { hexDistance, isOnMap } from '../engine/hex.js';

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

/**
 * The area where things happened (move, combat and fire arrows of the view): a centre hex and the
 * radius that covers them, for a readable zoom beside the whole map (a phone cannot read the whole
 * Campaign map). Null when nothing happened or the area is too wide for a zoom (more than `maxRadius`).
 */
export function actionArea(view: unknown, maxRadius = 6): { center: string; radius: number } | null {
  const ov = (
    view as {
      overlays?: {
        moves?: Array<{ path: string[] }>;
        combats?: Array<{ from?: string[]; target?: string; to?: string }>;
        fire?: Array<{ from: string | null; to: string }>;
      };
    } | null
  )?.overlays;
  if (!ov) return null;
  const hexes = new Set<string>();
  for (const m of ov.moves ?? []) for (const h of m.path) hexes.add(h);
  for (const c of ov.combats ?? []) {
    for (const h of Array.isArray(c.from) ? c.from : []) hexes.add(h);
    if (typeof c.target === 'string') hexes.add(c.target);
    if (typeof c.to === 'string') hexes.add(c.to);
  }
  for (const f of ov.fire ?? []) {
    if (f.from) hexes.add(f.from);
    hexes.add(f.to);
  }
  const list = [...hexes].filter(isOnMap);
  if (!list.length) return null;
  let best: { center: string; radius: number } | null = null;
  for (const c of list) {
    const r = Math.max(...list.map((h) => hexDistance(c, h)));
    if (!best || r < best.radius || (r === best.radius && c < best.center)) best = { center: c, radius: r };
  }
  if (!best || best.radius > maxRadius) return null;
  return { center: best.center, radius: Math.max(3, best.radius + 1) };
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
