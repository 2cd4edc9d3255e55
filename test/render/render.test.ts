// The map renderer, drawn for real with node-canvas and read back pixel by pixel.
import { loadImage, createCanvas, type CanvasRenderingContext2D } from 'canvas';
import { describe, expect, it } from 'vitest';
import { hexesWithin } from '../../src/engine/hex.js';
import type { Terrain } from '../../src/engine/ruleset.js';
import type { MapView } from '../../src/engine/view.js';
import { COUNTER, COUNTER_DY, valuePieces } from '../../render/counters.js';
import { DISCORD_UPLOAD_LIMIT, planPicture, pixelCenter, renderLegend, renderMap } from '../../render/index.js';
import { COLORS, SIDE_STYLE, TERRAIN_FILL } from '../../render/style.js';
import { hexIdBox, overlap } from '../../render/labels.js';
import { placeLabels } from '../../render/terrain.js';
import { busyView, counterView, emptyView, hexesOf, ruleset } from './fixtures.js';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

async function pixels(png: Buffer): Promise<CanvasRenderingContext2D> {
  const img = await loadImage(png);
  const c = createCanvas(img.width, img.height);
  const ctx = c.getContext('2d');
  ctx.drawImage(img, 0, 0);
  return ctx;
}

function hex(color: string): [number, number, number] {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color)!;
  return [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
}

function near(a: ArrayLike<number>, b: [number, number, number], tol = 3): boolean {
  return Math.abs(a[0]! - b[0]) <= tol && Math.abs(a[1]! - b[1]) <= tol && Math.abs(a[2]! - b[2]) <= tol;
}

/** Share of pixels in a (2r+1)² window around (x, y) that have `color`. */
function share(ctx: CanvasRenderingContext2D, x: number, y: number, color: string, r = 10): number {
  const d = ctx.getImageData(Math.round(x) - r, Math.round(y) - r, 2 * r + 1, 2 * r + 1).data;
  const want = hex(color);
  let n = 0;
  for (let i = 0; i < d.length; i += 4) if (near([d[i]!, d[i + 1]!, d[i + 2]!], want)) n++;
  return n / (d.length / 4);
}

function pixelAt(ctx: CanvasRenderingContext2D, x: number, y: number): Uint8ClampedArray {
  return ctx.getImageData(Math.round(x), Math.round(y), 1, 1).data;
}

const luma = ([r, g, b]: [number, number, number]): number => 0.299 * r + 0.587 * g + 0.114 * b;

describe('renderMap', () => {
  const map = ruleset().map;

  it('draws each terrain type in its own colour at sampled hex centres', async () => {
    const view = emptyView();
    const png = await renderMap(view, map);
    const ctx = await pixels(png);
    const { frame } = planPicture(view, map);
    for (const terrain of ['forest', 'suo', 'lake', 'village'] as Terrain[]) {
      const ids = hexesOf(terrain);
      expect(ids.length).toBeGreaterThan(0);
      // Up to 12 hexes spread over the map, avoiding roads and named places.
      const busy = new Set([...map.roads.flatMap((r) => [r.a, r.b]), ...map.places.flatMap((p) => p.hexes)]);
      const sample = ids
        .filter((id) => !busy.has(id) && !map.hexes[id]!.building)
        .filter((_, i, a) => i % Math.max(1, Math.floor(a.length / 12)) === 0);
      for (const id of sample.length > 0 ? sample : ids.slice(0, 3)) {
        const c = pixelCenter(frame, id);
        expect(share(ctx, c.x, c.y, TERRAIN_FILL[terrain]), `${id} (${terrain})`).toBeGreaterThan(0.4);
      }
    }
  });

  it('keeps the four terrains apart in greyscale (lightness steps of at least 25)', () => {
    const l = (['lake', 'village', 'suo', 'forest'] as Terrain[]).map((t) => luma(hex(TERRAIN_FILL[t])));
    for (let i = 1; i < l.length; i++) expect(l[i - 1]! - l[i]!).toBeGreaterThanOrEqual(25);
  });

  it('zooms: every requested hex is drawn, and no other hex centre is', async () => {
    const view = emptyView();
    const options = { center: 'M16', radius: 3 };
    const png = await renderMap(view, map, options);
    const ctx = await pixels(png);
    const layout = planPicture(view, map, options);
    const wanted = new Set(hexesWithin('M16', 3));
    expect(new Set(layout.frame.hexes)).toEqual(wanted);
    for (const id of wanted) {
      const c = pixelCenter(layout.frame, id);
      expect(c.x).toBeGreaterThan(0);
      expect(c.x).toBeLessThan(layout.width);
      expect(c.y).toBeGreaterThan(layout.frame.y);
      expect(c.y).toBeLessThan(layout.frame.y + layout.frame.height);
      const t = map.hexes[id]!.terrain;
      // Roads, bridges and buildings cross some hexes; their terrain colour still shows around them.
      expect(share(ctx, c.x, c.y, TERRAIN_FILL[t], Math.round(layout.frame.scale * 20)), `${id}`).toBeGreaterThan(0.2);
      expect(near(pixelAt(ctx, c.x, c.y), hex(COLORS.background))).toBe(false);
    }
    let othersInside = 0;
    for (const id of Object.keys(map.hexes)) {
      if (wanted.has(id)) continue;
      const c = pixelCenter(layout.frame, id);
      if (c.x < 0 || c.y < layout.frame.y || c.x >= layout.width || c.y >= layout.frame.y + layout.frame.height) continue;
      othersInside++;
      expect(near(pixelAt(ctx, c.x, c.y), hex(COLORS.background)), `${id} must not be drawn`).toBe(true);
    }
    expect(othersInside).toBeGreaterThan(0);
  });

  it('renders a 100-counter state, each stack showing its top counter in its side colour', async () => {
    const view = busyView(100);
    const count = Object.values(view.units).reduce((n, s) => n + s.length, 0);
    expect(count).toBe(100);
    const png = await renderMap(view, map);
    const ctx = await pixels(png);
    const { frame } = planPicture(view, map);
    for (const [id, stack] of Object.entries(view.units)) {
      const top = stack[stack.length - 1]!;
      // Suppressed / Fired chits sit on the band's corners.
      if (view.hexMarkers[id]?.suppressed || view.hexMarkers[id]?.fired) continue;
      const c = pixelCenter(frame, id);
      // Left edge of the top band (the band's border, clear of its text).
      const x = c.x - (COUNTER / 2 - 1) * frame.scale;
      const y = c.y + (COUNTER_DY - COUNTER / 2 + 9) * frame.scale;
      expect(near(pixelAt(ctx, x, y), hex(SIDE_STYLE[top.side].band), 6), `${id} top ${top.id}`).toBe(true);
    }
  });

  it('renders the same view to identical bytes twice (also after other pictures in between)', async () => {
    const view = busyView(60);
    const a = await renderMap(view, map);
    await renderMap(view, map, { center: 'O21', radius: 4 });
    await renderMap(emptyView(), map);
    const b = await renderMap(view, map);
    expect(b.equals(a)).toBe(true);
    const z1 = await renderMap(view, map, { center: 'O21', radius: 4 });
    const z2 = await renderMap(view, map, { center: 'O21', radius: 4 });
    expect(z2.equals(z1)).toBe(true);
  });

  it('writes a valid PNG of the planned size, well under the Discord upload limit', async () => {
    const view = busyView(100);
    for (const options of [{}, { center: 'M16', radius: 5 }]) {
      const png = await renderMap(view, map, options);
      expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
      expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
      const layout = planPicture(view, map, options);
      expect(png.readUInt32BE(16)).toBe(layout.width);
      expect(png.readUInt32BE(20)).toBe(layout.height);
      expect(png.length).toBeLessThan(DISCORD_UPLOAD_LIMIT / 2);
    }
  });

  it('draws a picture again with smaller hexes when it would be too many bytes', async () => {
    const view = busyView(100);
    const full = await renderMap(view, map);
    const limit = Math.floor(full.length * 0.7);
    const small = await renderMap(view, map, { maxBytes: limit });
    expect(small.length).toBeLessThanOrEqual(limit);
    expect(small.readUInt32BE(16)).toBeLessThan(full.readUInt32BE(16));
  });

  it('refuses a picture too large to hold in memory', () => {
    expect(() => planPicture(emptyView(), map, { hexSize: 200 })).toThrow(/too large/);
  });

  it('lists off-map counters under the whole map (not on zooms) and stacks under zooms', () => {
    const view = busyView(30);
    const defs = ruleset()
      .counters.filter((c) => c.full.ma === null)
      .slice(0, 3);
    const plainWhole = planPicture(view, map).height;
    view.offMap.push({ side: 'soviet', title: 'Off-map artillery', units: defs.map((d) => counterView(d)) });
    const whole = planPicture(view, map);
    expect(whole.offMapH).toBeGreaterThan(0);
    expect(whole.height).toBe(plainWhole + whole.offMapH);
    const stacked = Object.entries(view.units).find(([, s]) => s.length > 1)![0];
    const zoom = planPicture(view, map, { center: stacked, radius: 2 });
    expect(zoom.offMapH).toBe(0);
    expect(zoom.stackLines.some((l) => l.startsWith(`${stacked}: `))).toBe(true);
    const top = view.units[stacked]!.at(-1)!.id;
    expect(zoom.stackLines.find((l) => l.startsWith(`${stacked}: `))).toMatch(new RegExp(`^${stacked}: ${top.replace(/[/#]/g, '.')}`));
  });

  it('encodes without blocking the event loop', async () => {
    const view = busyView(100);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    await renderMap(view, map);
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
  });

  it('refuses a zoom centre that is not on the map, and a radius without a centre', () => {
    expect(() => planPicture(emptyView(), map, { center: 'Z99', radius: 3 })).toThrow(/not a hex of the map/);
    expect(() => planPicture(emptyView(), map, { radius: 3 })).toThrow(/needs a centre/);
    expect(() => planPicture(emptyView(), map, { center: 'M16', radius: -1 })).toThrow(/radius/);
  });

  it('draws the overlays: reach veils the unreachable hexes and labels the reachable ones with MP costs', async () => {
    const view: MapView = emptyView();
    const opts = { center: 'O21', radius: 3 };
    const plain = await pixels(await renderMap(view, map, opts));
    view.overlays.reachable = { unitIds: ['x'], side: 'finnish', from: 'O19', costs: { O20: 1, O21: 1.5 }, allowance: 6 };
    view.overlays.combats.push({ kind: 'combat', attackerSide: 'soviet', from: ['P22'], to: 'O21', odds: '2:1', result: 'D1' });
    const drawn = await pixels(await renderMap(view, map, opts));
    const { frame } = planPicture(view, map, opts);
    const meanLuma = (ctx: CanvasRenderingContext2D, id: string): number => {
      const p = pixelCenter(frame, id);
      const d = ctx.getImageData(p.x - 20, p.y - 20, 40, 40).data;
      let sum = 0;
      for (let i = 0; i < d.length; i += 4) sum += luma([d[i]!, d[i + 1]!, d[i + 2]!]);
      return sum / (d.length / 4);
    };
    const changed = (id: string): boolean => {
      const p = pixelCenter(frame, id);
      const a = plain.getImageData(p.x - 20, p.y - 20, 40, 40).data;
      const b = drawn.getImageData(p.x - 20, p.y - 20, 40, 40).data;
      return a.some((v, i) => v !== b[i]);
    };
    expect(changed('O20')).toBe(true); // MP cost label
    expect(changed('O21')).toBe(true); // cost + combat arrow
    expect(meanLuma(drawn, 'N20')).toBeLessThan(meanLuma(plain, 'N20') - 20); // veiled: not reachable
    expect(Math.abs(meanLuma(drawn, 'M22') - meanLuma(plain, 'M22') * 0.62)).toBeLessThan(12);
  });
});

describe('counter values follow the printed conventions (the counter sheet)', () => {
  const defs = new Map(ruleset().counters.map((c) => [c.id, c]));
  const pieces = (id: string, reduced = false) => valuePieces(counterView(defs.get(id)!, reduced));

  it('MG: CS in a black box (doubled on defence)', () => {
    expect(pieces('MG/1/609')[0]).toEqual({ text: '4', box: 'black' });
    expect(pieces('MG/1/609', true)[0]).toEqual({ text: '2', box: 'black' });
  });
  it('mortar: CS in parentheses, RAS in a yellow box with its range', () => {
    const p = pieces('Mtr/609');
    expect(p[0]).toEqual({ text: '(1)' });
    expect(p[1]).toEqual({ text: '5', sup: '6', box: 'yellow' });
  });
  it('Finnish AT gun: a red box with the AT range', () => {
    expect(pieces('AT/JR16')).toContainEqual({ text: '2', box: 'red' });
  });
  it('armor: MA in an orange box', () => {
    const p = pieces('BA-10');
    expect(p[p.length - 1]).toEqual({ text: '12', box: 'orange' });
  });
  it('off-map artillery: unlimited range and no CS or MA', () => {
    const p = pieces('1/47');
    expect(p[0]).toEqual({ text: '–' });
    expect(p[1]).toMatchObject({ text: '5', sup: '∞' });
    expect(p[p.length - 1]).toEqual({ text: '–', box: undefined });
  });
  it('infantry: plain CS RAS^range MA, reduced side printed values', () => {
    expect(pieces('1/1/609', true).map((x) => x.text + (x.sup ?? ''))).toEqual(['3', '42', '5']);
  });
});

describe('play area', () => {
  it('draws only the hexes of the view’s play area', async () => {
    const map = ruleset().map;
    const view = emptyView();
    view.playArea = hexesWithin('K16', 3);
    const layout = planPicture(view, map);
    expect(new Set(layout.frame.hexes)).toEqual(new Set(view.playArea));
    const ctx = await pixels(await renderMap(view, map));
    const area = new Set(view.playArea);
    const f = layout.frame;
    const others = Object.keys(map.hexes)
      .filter((id) => !area.has(id))
      .map((id) => pixelCenter(f, id))
      .filter((c) => c.x > f.x && c.x < f.x + f.width && c.y > f.y && c.y < f.y + f.height);
    expect(others.length).toBeGreaterThan(0);
    for (const c of others) expect(near(pixelAt(ctx, c.x, c.y), hex(COLORS.background))).toBe(true);
    const inside = pixelCenter(layout.frame, 'K16');
    expect(near(pixelAt(ctx, inside.x, inside.y), hex(COLORS.background))).toBe(false);
  });
});

describe('bad views', () => {
  it('refuses a view that names hexes not on the map, with the hex and where it was', async () => {
    const view = emptyView();
    view.overlays.moves.push({ side: 'soviet', unitIds: ['x'], from: 'Q25', to: 'Y40', path: ['Q25', 'Y40'], kind: 'move' });
    await expect(renderMap(view, ruleset().map)).rejects.toThrow(/"Y40" \(moves\)/);
    const v2 = emptyView();
    (v2 as { version: number }).version = 2;
    expect(() => planPicture(v2, ruleset().map)).toThrow(/version 2/);
  });
});

describe('side colours', () => {
  it('tell the sides apart in greyscale (body and band lightness differ by 30 or more)', () => {
    const f = SIDE_STYLE.finnish;
    const s = SIDE_STYLE.soviet;
    expect(Math.abs(luma(hex(f.body)) - luma(hex(s.body)))).toBeGreaterThanOrEqual(30);
    expect(Math.abs(luma(hex(f.band)) - luma(hex(s.band)))).toBeGreaterThanOrEqual(30);
  });
});

describe('the legend (phone first, issue 16)', () => {
  it('is on the whole map, left out of zooms, and drawn alone on request', async () => {
    const map = ruleset().map;
    const view = emptyView();
    expect(planPicture(view, map, { whole: true }).legendH).toBeGreaterThan(0);
    expect(planPicture(view, map, { center: 'M16', radius: 3 }).legendH).toBe(0);
    expect(planPicture(view, map, { center: 'M16', radius: 3, legend: true }).legendH).toBeGreaterThan(0);
    const png = await renderLegend();
    const img = await loadImage(png);
    expect(img.width).toBe(1460);
    expect(img.height).toBeGreaterThan(100);
  });
});

describe('eliminated units (issue 16)', () => {
  it('draws a unit eliminated since the phase began where it fell, faded and crossed out in its side’s colour', async () => {
    const map = ruleset().map;
    const def = ruleset().counters.find((c) => c.id === '1/1/609')!;
    const plain = emptyView();
    const ghost = emptyView();
    ghost.overlays.eliminated = [{ hex: 'M16', counter: counterView(def) }];
    const options = { center: 'M16', radius: 2 } as const;
    const [a, b] = await Promise.all([renderMap(plain, map, options), renderMap(ghost, map, options)]);
    const { frame } = planPicture(ghost, map, options);
    const c = pixelCenter(frame, 'M16');
    const s = frame.scale;
    // Along the cross's diagonal, the Soviet accent appears only where the unit fell.
    const at = (png: CanvasRenderingContext2D) => share(png, c.x + 12 * s, c.y + 4 * s + 12 * s, SIDE_STYLE.soviet.accent, 4);
    expect(at(await pixels(a))).toBe(0);
    expect(at(await pixels(b))).toBeGreaterThan(0.1);
  });
});

describe('what happened is drawn where it happened (issue 16)', () => {
  const map = ruleset().map;
  const options = { center: 'M16', radius: 3 } as const;

  /** The picture with and without one overlay, and whether pixels changed near points of it. */
  async function difference(add: (view: MapView) => void) {
    const plain = emptyView();
    const drawn = emptyView();
    add(drawn);
    const [a, b] = await Promise.all([renderMap(plain, map, options), renderMap(drawn, map, options)].map(async (p) => pixels(await p)));
    const { frame } = planPicture(drawn, map, options);
    /** Changed pixels in a (2r+1)² window at picture point (x, y). */
    const changedPx = (x: number, y: number, r = 2): number => {
      const da = a!.getImageData(Math.round(x) - r, Math.round(y) - r, 2 * r + 1, 2 * r + 1).data;
      const db = b!.getImageData(Math.round(x) - r, Math.round(y) - r, 2 * r + 1, 2 * r + 1).data;
      let n = 0;
      for (let i = 0; i < da.length; i += 4)
        if (Math.abs(da[i]! - db[i]!) + Math.abs(da[i + 1]! - db[i + 1]!) + Math.abs(da[i + 2]! - db[i + 2]!) > 30) n++;
      return n;
    };
    /** Changed pixels in a (2r+1)² window at fraction `t` of the way from hex `p` to hex `q` (counter height). */
    const changedAt = (p: string, q: string, t: number, r = 4, dy = COUNTER_DY): number => {
      const P = pixelCenter(frame, p);
      const Q = pixelCenter(frame, q);
      return changedPx(P.x + (Q.x - P.x) * t, P.y + (Q.y - P.y) * t + dy * frame.scale, r);
    };
    return { changedAt, changedPx, frame, drawn: b! };
  }

  it('a combat: an arrow across the gap between attacker and defender, and the odds → result label at the defender', async () => {
    const d = await difference((v) =>
      v.overlays.combats.push({ kind: 'combat', attackerSide: 'soviet', from: ['M18'], to: 'M16', odds: '3:1', result: 'D1' }),
    );
    expect(d.changedAt('M18', 'M16', 0.5)).toBeGreaterThan(10); // the arrow between the two hexes
    expect(d.changedAt('N16', 'N16', 0)).toBe(0); // nothing beside them
    expect(d.changedAt('M14', 'M14', 0)).toBe(0);
    // The label sits by the defender on its pale ground, clear of every hex id (the defender's own included).
    const c = pixelCenter(d.frame, 'M16');
    const sc = d.frame.scale;
    let found = false;
    for (let dy = -70; dy <= 70 && !found; dy += 4)
      for (let dx = -90; dx <= 90 && !found; dx += 4) found = share(d.drawn, c.x + dx * sc, c.y + dy * sc, COLORS.combatLabelBg, 2) > 0.8;
    expect(found).toBe(true);
    // (M17 lies between the two: the arrow itself crosses it.)
    for (const id of ['M16', 'M15', 'L16', 'N16', 'L17', 'N17', 'L15', 'N15']) {
      const b = hexIdBox(id);
      const x = d.frame.offsetX + ((b.l + b.r) / 2) * sc;
      const y = d.frame.offsetY + ((b.t + b.b) / 2) * sc;
      expect(d.changedPx(x, y, 4), id).toBe(0);
    }
  });

  it('a retreat and an advance: a line along each path, hex by hex, from where the unit stood', async () => {
    const retreat = await difference((v) =>
      v.overlays.moves.push({ kind: 'retreat', side: 'finnish', unitIds: ['x'], from: 'M16', to: 'K16', path: ['M16', 'L17', 'K16'] }),
    );
    expect(retreat.changedAt('M16', 'L17', 0.5, 4, 0)).toBeGreaterThan(5);
    expect(retreat.changedAt('L17', 'K16', 0.4, 4, 0)).toBeGreaterThan(5);
    expect(retreat.changedAt('M16', 'K16', 0.5, 3, 0)).toBe(0); // the path bends at L17: no straight cut
    expect(retreat.changedAt('O16', 'O16', 0, 6, 0)).toBe(0);
    const advance = await difference((v) =>
      v.overlays.moves.push({ kind: 'advance', side: 'soviet', unitIds: ['y'], from: 'M17', to: 'M16', path: ['M17', 'M16'] }),
    );
    expect(advance.changedAt('M17', 'M16', 0.4, 4, 0)).toBeGreaterThan(5);
    expect(advance.changedAt('L17', 'L17', 0, 6, 0)).toBe(0);
  });

  it('an objective taken: a ring in the taker’s colour around its hex, and nothing elsewhere', async () => {
    const d = await difference((v) => (v.overlays.captured = [{ hex: 'M16', side: 'soviet' }]));
    // On the ring, just inside the hex edge, left and bottom; not on the top edge, where the hex id is.
    expect(d.changedAt('M16', 'L16', 0.45, 3, 0)).toBeGreaterThan(3);
    expect(d.changedAt('M16', 'M17', 0.42, 3, 0)).toBeGreaterThan(3);
    expect(d.changedAt('K16', 'K16', 0, 6, 0)).toBe(0);
    expect(d.changedAt('M14', 'M14', 0, 6, 0)).toBe(0);
  });

  it('a stack shows its total printed CS, at its top right (and in the zoom’s stack list); a lone counter does not', async () => {
    const defs = ruleset()
      .counters.filter((c) => c.side === 'finnish' && (c.full.cs ?? 0) > 0)
      .slice(0, 2);
    const total = defs.reduce((n, d) => n + d.full.cs!, 0);
    const single = await difference((v) => (v.units['M16'] = [counterView(defs[0]!)]));
    const stack = await difference((v) => (v.units['M16'] = defs.map((d) => counterView(d))));
    const { frame } = stack;
    const c = pixelCenter(frame, 'M16');
    // Where the strength pill sits: just outside the counter's top right corner (right of it and above it).
    const x = c.x + (COUNTER / 2 + 9) * frame.scale;
    const y = c.y + (COUNTER_DY - COUNTER / 2 - 4) * frame.scale;
    expect(stack.changedPx(x, y, 2)).toBeGreaterThan(5);
    expect(single.changedPx(x, y, 2)).toBe(0);
    const lines = planPicture({ ...emptyView(), units: { M16: defs.map((d) => counterView(d)) } }, map, options).stackLines;
    expect(lines).toEqual([expect.stringMatching(new RegExp(`^M16: .* \\(CS ${total} in all\\)$`))]);
  });

  it('a zoom never cuts a stack: the count badge of a stack in an edge hex is drawn past the hex edge', async () => {
    const defs = ruleset()
      .counters.filter((c) => c.side === 'soviet' && (c.full.cs ?? 0) > 0)
      .slice(0, 2);
    // M19 is at the edge of the radius-3 zoom around M16; its badge reaches past its lower right edge.
    const d = await difference((v) => (v.units['M19'] = defs.map((x) => counterView(x))));
    const c = pixelCenter(d.frame, 'M19');
    expect(d.changedPx(c.x + 26 * d.frame.scale, c.y + 33 * d.frame.scale, 1)).toBeGreaterThan(0);
  });

  it('a fire line: from the firer towards the target, with its result', async () => {
    const d = await difference((v) =>
      v.overlays.fire.push({ kind: 'ranged', side: 'soviet', unitId: 'z', from: 'M18', to: 'M16', result: 'S' }),
    );
    expect(d.changedAt('M18', 'M16', 0.5)).toBeGreaterThan(3);
    expect(d.changedAt('K16', 'K16', 0, 6)).toBe(0);
  });
});

describe('labels never hide hex ids (issue 16)', () => {
  const map = ruleset().map;
  const ctx = createCanvas(10, 10).getContext('2d');

  it('no place name covers a hex id or another name: the whole map, and a zoom around every place', () => {
    const views: string[][] = [Object.keys(map.hexes)];
    for (const p of map.places) views.push(hexesWithin(p.hexes[0]!, 3).filter((h) => map.hexes[h]));
    for (const hexes of views) {
      const labels = placeLabels(ctx, map, hexes);
      for (const l of labels) {
        for (const id of hexes) expect(overlap(l.box, hexIdBox(id)), `${l.text} over ${id}`).toBe(0);
        for (const o of labels) if (o !== l) expect(overlap(l.box, o.box), `${l.text} over ${o.text}`).toBe(0);
      }
    }
  });
});
