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
