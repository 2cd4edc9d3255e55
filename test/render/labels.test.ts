// Labels never cut at the edge of what is drawn and never over a hex id (issue 46): every place name of
// the map, on the whole map and on zooms around every place, and every stack badge position. Geometry in
// base map units (render/labels.ts), the text measured with the renderer's own font.
import { createCanvas } from 'canvas';
import { describe, expect, it } from 'vitest';
import { hexDistance, hexesWithin, neighbours } from '../../src/engine/hex.js';
import { stackBadges } from '../../render/counters.js';
import { fightLabelPlacer } from '../../render/map.js';
import { drawCombat, drawFire } from '../../render/overlays.js';
import { registerFonts } from '../../render/fonts.js';
import { baseBounds, baseCenter, hexAt, mapHexIds } from '../../render/layout.js';
import { hexIdBox, offArea, overlap, type Box } from '../../render/labels.js';
import { font } from '../../render/style.js';
import { placeLabels } from '../../render/terrain.js';
import { ruleset } from './fixtures.js';

const map = ruleset().map;
registerFonts();
const ctx = createCanvas(10, 10).getContext('2d');
const inside = (b: Box, o: { minX: number; minY: number; maxX: number; maxY: number }): boolean =>
  b.l >= o.minX && b.r <= o.maxX && b.t >= o.minY && b.b <= o.maxY;

/** The views a name can be drawn in: the whole map, the tutorial's play area, zooms of radius 3 and 5 (a turn post's widest) around every place hex. */
function views(): { name: string; hexes: string[] }[] {
  const out = [{ name: 'whole map', hexes: mapHexIds(map) }];
  const tutorial = ruleset().scenarios.find((s) => s.playArea?.length);
  if (tutorial) out.push({ name: `${tutorial.id} play area`, hexes: tutorial.playArea!.filter((h) => map.hexes[h]) });
  for (const p of map.places)
    for (const h of p.hexes)
      for (const r of [3, 5]) out.push({ name: `zoom ${h}/${r}`, hexes: hexesWithin(h, r).filter((x) => map.hexes[x]) });
  return out;
}

describe('labels never cut and never over a hex id (issue 46)', () => {
  it('a hex id’s box holds its text as drawn (8.5 px bold), for every hex of the map', () => {
    ctx.font = font(8.5, true);
    for (const id of mapHexIds(map)) {
      const b = hexIdBox(id);
      const m = ctx.measureText(id);
      expect(m.width, id).toBeLessThanOrEqual(b.r - b.l);
      expect(m.actualBoundingBoxAscent + m.actualBoundingBoxDescent, id).toBeLessThanOrEqual(b.b - b.t);
    }
  });

  it('every place name lies wholly on the drawn hexes, inside the picture, over no hex id and no other name', { timeout: 120_000 }, () => {
    const problems: string[] = [];
    let names = 0;
    const found = new Set<string>();
    for (const v of views()) {
      const set = new Set(v.hexes);
      const bounds = baseBounds(v.hexes);
      const labels = placeLabels(ctx, map, v.hexes);
      names += labels.length;
      for (const l of labels) {
        // The names the players found cut ("lmi bridge", "otisaari island") are among them.
        if (/Hevossalmi|Kotisaari/.test(l.text)) found.add(l.text);
        if (!inside(l.box, bounds)) problems.push(`${v.name}: ${l.text} leaves the picture`);
        if (offArea(l.box, set) > 0) problems.push(`${v.name}: ${l.text} is off the drawn hexes (cut)`);
        for (const id of v.hexes) if (overlap(l.box, hexIdBox(id)) > 0) problems.push(`${v.name}: ${l.text} over ${id}`);
        for (const o of labels) if (o !== l && overlap(l.box, o.box) > 0) problems.push(`${v.name}: ${l.text} over ${o.text}`);
      }
    }
    expect(problems).toEqual([]);
    expect([...found].sort()).toEqual(['Hevossalmi bridge', 'Kotisaari island']);
    expect(names).toBeGreaterThan(map.places.length * 10);
  });

  it('a stack’s count and strength badges cover no hex id, in every hex of the map, whatever the strength', () => {
    ctx.font = font(9.5, true);
    const widths = ['Σ1', 'Σ12', 'Σ108'].map((t) => ctx.measureText(t).width);
    const ids = mapHexIds(map);
    const problems: string[] = [];
    for (const h of ids) {
      const c = baseCenter(h);
      // The ids near enough to be covered: this hex's and its neighbours' (two hexes around, to be sure).
      const near = hexesWithin(h, 2).filter((x) => map.hexes[x]);
      for (const w of widths) {
        const { count, sum } = stackBadges(c.x, c.y, w);
        for (const id of near) {
          if (overlap(count, hexIdBox(id)) > 0) problems.push(`${h}: count badge over ${id}`);
          if (overlap(sum, hexIdBox(id)) > 0) problems.push(`${h}: strength badge (${w.toFixed(0)} wide) over ${id}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it(
    'a fight’s and a shot’s labels cover no hex id and are not cut, for a fight at every hex of the map, in its turn-post zoom',
    { timeout: 120_000 },
    () => {
      const problems: string[] = [];
      for (const target of mapHexIds(map)) {
        // Three attackers (a big Combat), from the first neighbours on the map.
        const from = neighbours(target)
          .filter((h) => map.hexes[h])
          .slice(0, 3);
        if (!from.length) continue;
        // A turn post's zoom has a hex of margin: the target may be one hex inside its edge.
        const center = hexesWithin(target, 2).find((h) => map.hexes[h] && hexDistance(h, target) === 2) ?? target;
        const hexes = hexesWithin(center, 3).filter((h) => map.hexes[h]);
        const occupied = new Set([target, ...from]);
        const placer = fightLabelPlacer(hexes, (h) => occupied.has(h));
        drawFire(ctx, { kind: 'ranged', side: 'finnish', unitId: 'x', from: from[from.length - 1]!, to: target, result: 'S+1' }, placer);
        drawCombat(ctx, { kind: 'assault', attackerSide: 'soviet', from, to: target, odds: '3:1', result: 'A1/D2' }, placer);
        const set = new Set(hexes);
        for (const [i, box] of placer.boxes().entries()) {
          const what = `${target} (zoom ${center}/3) ${i ? 'combat' : 'fire'} label`;
          if (offArea(box, set) > 0) problems.push(`${what} is off the drawn hexes (cut)`);
          for (const id of hexes) if (overlap(box, hexIdBox(id)) > 0) problems.push(`${what} over ${id}`);
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it('hexAt is the inverse of baseCenter, and a point between hexes belongs to one of them', () => {
    for (const id of mapHexIds(map)) expect(hexAt(baseCenter(id))).toBe(id);
    const a = baseCenter('M16');
    expect(['M16', 'N16', 'N17', 'M17']).toContain(hexAt({ x: a.x + 39, y: a.y + 1 }));
  });
});
