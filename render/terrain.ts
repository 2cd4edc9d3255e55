// The static map layer: terrain, textures, hex grid, roads, bridges, buildings, supply sources,
// entry hexes, hex ids (and, beside them, place names). Drawn in base units (see layout.ts); it depends only on the
// GameMap, so the whole-map version is drawn once and cached (map.ts).
import type { CanvasRenderingContext2D } from 'canvas';
import type { HexId } from '../src/engine/hex.js';
import type { EdgeSide, GameMap, RoadType, Side, Terrain } from '../src/engine/ruleset.js';
import { BASE_H, BASE_R, baseBounds, baseCenter, hexAt, hexCorners, type Point } from './layout.js';
import { COLORS, ROAD_STYLE, SIDE_STYLE, TERRAIN_FILL, TERRAIN_INK, font } from './style.js';
import { LabelPlacer, around, boxAt, hexIdBox, widerAround, type Box } from './labels.js';

const CORNERS = hexCorners();

/** Trace a hex outline (radius r) around (x, y); `newPath` false adds it to the current path. */
export function hexPath(ctx: CanvasRenderingContext2D, x: number, y: number, r = BASE_R, newPath = true): void {
  if (newPath) ctx.beginPath();
  for (let i = 0; i < 6; i++) {
    const k = r / BASE_R;
    const p = CORNERS[i]!;
    if (i === 0) ctx.moveTo(x + p.x * k, y + p.y * k);
    else ctx.lineTo(x + p.x * k, y + p.y * k);
  }
  ctx.closePath();
}

export interface StrokeLayer {
  width: number;
  color: string;
  dash?: number[];
}

/** Stroke the path `trace` builds once per layer, in order (a wide casing first, then the core line). */
export function strokeLayers(ctx: CanvasRenderingContext2D, trace: () => void, layers: readonly StrokeLayer[]): void {
  for (const l of layers) {
    ctx.beginPath();
    trace();
    ctx.strokeStyle = l.color;
    ctx.lineWidth = l.width;
    ctx.setLineDash(l.dash ?? []);
    ctx.stroke();
  }
  ctx.setLineDash([]);
}

/** Casing and core of a road type. */
export function roadLayers(type: RoadType): StrokeLayer[] {
  const st = ROAD_STYLE[type];
  const core = { width: st.width, color: st.color, dash: st.dash };
  return st.casingWidth > st.width ? [{ width: st.casingWidth, color: st.casing, dash: st.dash }, core] : [core];
}

/** A small deterministic PRNG seeded from a string (texture placement must be identical every time). */
function rng(seed: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

/** Fixed texture slots inside a hex (a jittered ring, so marks never fall on the hex id or edge). */
function textureSlots(id: HexId, n: number): Point[] {
  const rand = rng(id);
  const out: Point[] = [];
  const start = rand() * Math.PI * 2;
  for (let i = 0; i < n; i++) {
    const a = start + (i * Math.PI * 2) / n + (rand() - 0.5) * 0.5;
    const d = BASE_R * (0.42 + rand() * 0.2);
    out.push({ x: Math.cos(a) * d, y: Math.sin(a) * d * 0.85 + 3 });
  }
  return out;
}

function drawTexture(ctx: CanvasRenderingContext2D, id: HexId, terrain: Terrain, cx: number, cy: number): void {
  const ink = TERRAIN_INK[terrain];
  ctx.save();
  if (terrain === 'forest') {
    ctx.fillStyle = ink;
    for (const p of [...textureSlots(id, 6), { x: 0, y: 4 }]) {
      const x = cx + p.x;
      const y = cy + p.y;
      ctx.beginPath();
      ctx.moveTo(x, y - 7);
      ctx.lineTo(x + 5, y + 3);
      ctx.lineTo(x - 5, y + 3);
      ctx.closePath();
      ctx.fill();
      ctx.fillRect(x - 1, y + 3, 2, 3);
    }
  } else if (terrain === 'suo') {
    ctx.strokeStyle = ink;
    ctx.lineWidth = 1.4;
    ctx.beginPath();
    for (const p of [...textureSlots(id, 5), { x: 0, y: 4 }]) {
      const x = cx + p.x;
      const y = cy + p.y;
      ctx.moveTo(x - 6, y);
      ctx.lineTo(x + 6, y);
      for (const dx of [-4, 0, 4]) {
        ctx.moveTo(x + dx, y);
        ctx.lineTo(x + dx * 1.3, y - 4.5);
      }
    }
    ctx.stroke();
  } else if (terrain === 'lake') {
    ctx.strokeStyle = ink;
    ctx.lineWidth = 1.2;
    const rand = rng(id + 'ice');
    ctx.beginPath();
    for (let i = 0; i < 3; i++) {
      const y = cy - 14 + i * 13 + rand() * 4;
      const x0 = cx - 18 + rand() * 6;
      ctx.moveTo(x0, y);
      ctx.lineTo(x0 + 9, y - 2.5);
      ctx.lineTo(x0 + 19, y + 1.5);
      ctx.lineTo(x0 + 30, y - 1);
    }
    ctx.stroke();
  } else {
    for (const p of textureSlots(id, 4)) drawHouse(ctx, cx + p.x, cy + p.y, 5, ink);
  }
  ctx.restore();
}

function drawHouse(ctx: CanvasRenderingContext2D, x: number, y: number, s: number, ink: string): void {
  ctx.fillStyle = ink;
  ctx.fillRect(x - s, y - s * 0.4, s * 2, s * 1.4);
  ctx.beginPath();
  ctx.moveTo(x - s * 1.25, y - s * 0.4);
  ctx.lineTo(x, y - s * 1.4);
  ctx.lineTo(x + s * 1.25, y - s * 0.4);
  ctx.closePath();
  ctx.fill();
}

/** One terrain hex of radius r centred on (x, y), with its texture (legend swatches). */
export function drawTerrainTile(ctx: CanvasRenderingContext2D, seed: string, terrain: Terrain, x: number, y: number, r: number): void {
  const k = r / BASE_R;
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(k, k);
  hexPath(ctx, 0, 0);
  ctx.fillStyle = TERRAIN_FILL[terrain];
  ctx.fill();
  drawTexture(ctx, seed, terrain, 0, 0);
  hexPath(ctx, 0, 0);
  ctx.strokeStyle = '#555555';
  ctx.lineWidth = 1 / k;
  ctx.stroke();
  ctx.restore();
}

const EDGE_ANGLE: Record<EdgeSide, number> = { N: -90, NE: -30, E: 0, SE: 30, S: 90, SW: 150, W: 180, NW: -150 };

function roadPoints(a: HexId, b: HexId): [Point, Point] {
  return [baseCenter(a), baseCenter(b)];
}

/** Draw the static layer for `hexes` (every hex drawn; roads/bridges touching them). */
export function drawTerrainLayer(ctx: CanvasRenderingContext2D, map: GameMap, hexes: readonly HexId[]): void {
  const set = new Set(hexes);

  // 1. Terrain fills and textures.
  for (const id of hexes) {
    const hex = map.hexes[id]!;
    const c = baseCenter(id);
    hexPath(ctx, c.x, c.y, BASE_R + 0.3);
    ctx.fillStyle = TERRAIN_FILL[hex.terrain];
    ctx.fill();
    drawTexture(ctx, id, hex.terrain, c.x, c.y);
  }

  // 2. Hex grid.
  ctx.strokeStyle = COLORS.hexLine;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (const id of hexes) {
    const c = baseCenter(id);
    hexPath(ctx, c.x, c.y, BASE_R, false);
  }
  ctx.stroke();

  // 3. Roads: casing then fill, secondary under primary under main.
  const order: RoadType[] = ['secondary', 'primary', 'main'];
  const exits = map.roadExits ?? [];
  for (const type of order) {
    const links = map.roads.filter((r) => r.type === type && (set.has(r.a) || set.has(r.b)));
    const ex = exits.filter((e) => e.type === type && set.has(e.hex));
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    strokeLayers(
      ctx,
      () => {
        for (const l of links) {
          let [p, q] = roadPoints(l.a, l.b);
          // A road leaving the drawn area stops at the hexside (play-area maps, zooms).
          if (!set.has(l.a)) p = { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
          if (!set.has(l.b)) q = { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
          ctx.moveTo(p.x, p.y);
          ctx.lineTo(q.x, q.y);
        }
        for (const e of ex) {
          const c = baseCenter(e.hex);
          const a = (EDGE_ANGLE[e.side] * Math.PI) / 180;
          ctx.moveTo(c.x, c.y);
          ctx.lineTo(c.x + Math.cos(a) * BASE_R * 1.05, c.y + Math.sin(a) * BASE_R * 1.05);
        }
      },
      roadLayers(type),
    );
  }

  // 4. Bridges: a deck across the shared hexside.
  for (const b of map.bridges) {
    if (!set.has(b.a) && !set.has(b.b)) continue;
    const [p, q] = roadPoints(b.a, b.b);
    const mx = (p.x + q.x) / 2;
    const my = (p.y + q.y) / 2;
    const ang = Math.atan2(q.y - p.y, q.x - p.x);
    ctx.save();
    ctx.translate(mx, my);
    ctx.rotate(ang);
    const len = BASE_R * 0.95;
    ctx.fillStyle = '#f5f5f5';
    ctx.fillRect(-len / 2, -7, len, 14);
    ctx.strokeStyle = '#111111';
    ctx.lineWidth = 2.5;
    ctx.beginPath();
    for (const s of [-1, 1]) {
      ctx.moveTo(-len / 2 - 4, s * 10);
      ctx.lineTo(-len / 2, s * 7);
      ctx.lineTo(len / 2, s * 7);
      ctx.lineTo(len / 2 + 4, s * 10);
    }
    ctx.stroke();
    ctx.restore();
  }

  // 5. Buildings in non-village hexes; the Hotel gets a bigger one.
  for (const id of hexes) {
    const hex = map.hexes[id]!;
    if (!hex.building && !hex.hotel) continue;
    const c = baseCenter(id);
    if (hex.hotel) {
      ctx.fillStyle = '#2b1a0e';
      ctx.fillRect(c.x + 12, c.y - 22, 18, 12);
      ctx.fillStyle = '#ffffff';
      ctx.font = font(9, true);
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText('H', c.x + 21, c.y - 15.5);
    } else {
      drawHouse(ctx, c.x + 20, c.y - 14, 5, '#2b1a0e');
    }
  }

  // 6. Supply sources and entry hexes: a dashed ring in the side colour and a tag.
  const ring = (id: HexId, side: Side, tag: string): void => {
    const c = baseCenter(id);
    ctx.save();
    hexPath(ctx, c.x, c.y, BASE_R - 4);
    ctx.strokeStyle = SIDE_STYLE[side].accent;
    ctx.lineWidth = 4;
    ctx.setLineDash([7, 4]);
    ctx.stroke();
    ctx.restore();
    tagText(ctx, tag, c.x, c.y + BASE_H / 2 - 8, SIDE_STYLE[side].band, '#ffffff', 8);
  };
  for (const [side, list] of Object.entries(map.supplySources) as [Side, HexId[]][]) {
    for (const id of list) if (set.has(id)) ring(id, side, 'SUPPLY');
  }
  for (const e of map.entryHexes) if (set.has(e.hex)) ring(e.hex, e.side, `${e.formations.join('/')} ENTRY`);

  // 7. Hex ids, at the top of each hex.
  ctx.font = font(8.5, true);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  for (const id of hexes) {
    const c = baseCenter(id);
    const dark = map.hexes[id]!.terrain === 'forest';
    ctx.fillStyle = dark ? COLORS.hexIdOnDark : COLORS.hexId;
    ctx.fillText(id, c.x, c.y - BASE_H / 2 + 2);
  }
}

/**
 * Place names (confirmed places and lakes) of the drawn hexes, with a halo so they read on any terrain.
 * Drawn after the terrain and outside a zoom's clip (render/map.ts): placeLabels keeps each on the drawn
 * hexes when it can, and a name that cannot fit there is still drawn whole, never cut.
 */
export function drawPlaceLabels(ctx: CanvasRenderingContext2D, map: GameMap, hexes: readonly HexId[]): void {
  for (const l of placeLabels(ctx, map, hexes)) haloText(ctx, l.text, l.x, l.y, l.font, l.color);
}

/** A place name as drawn: its text, centre, font, colour and box (base map units). */
export interface PlaceLabel {
  text: string;
  x: number;
  y: number;
  font: string;
  color: string;
  box: Box;
}

/** Offsets tried around a place name's own spot (base units), nearest first (LabelPlacer takes the first that fits). */
const NAME_DX = [0, 10, -10, 20, -20, 30, -30, 40, -40, 60, -60, 80, -80];
const NAME_DY = Array.from({ length: 25 }, (_, i) => (i % 2 ? 1 : -1) * Math.ceil(i / 2) * 3.5);
/**
 * Where the place names of the drawn hexes go (with, when no near spot fits, a wider search up to about
 * 3 hexes away, e.g. for a lake at a zoom's corner): near their place, wholly on the drawn hexes and inside
 * the picture (never cut at its edge), clear of every hex id and of each other (render/labels.ts; the
 * counters are drawn over them, so they never hide a counter's values).
 */
export function placeLabels(ctx: CanvasRenderingContext2D, map: GameMap, hexes: readonly HexId[]): PlaceLabel[] {
  const set = new Set(hexes);
  const bounds = baseBounds(hexes);
  const placer = new LabelPlacer(hexes.map(hexIdBox), set);
  const out: PlaceLabel[] = [];
  for (const place of map.places) {
    const inView = place.hexes.filter((h) => set.has(h));
    if (inView.length === 0) continue;
    if (place.id === 'main-road-first-seven') continue;
    const lakeName = place.certainty === 'approximate';
    const bridge = /bridge/i.test(place.name);
    // A lake's name goes at the middle of the lake, or of the part of it drawn when the middle is not.
    const mid = (pts: Point[]): Point => ({
      x: pts.reduce((s, p) => s + p.x, 0) / pts.length,
      y: pts.reduce((s, p) => s + p.y, 0) / pts.length,
    });
    let { x, y } = mid((lakeName ? place.hexes : inView).map(baseCenter));
    if (lakeName && !set.has(hexAt({ x, y }) ?? '')) ({ x, y } = mid(inView.map(baseCenter)));
    if (bridge) x += BASE_R * 1.1;
    else if (!lakeName && place.hexes.length === 1) y += BASE_H / 2 - 9;
    const f = font(lakeName ? 11 : 10, true);
    ctx.font = f;
    const w = ctx.measureText(place.name).width + 6;
    const h = 14;
    const inside = (p: Point): Point => ({
      x: Math.min(Math.max(p.x, bounds.minX + w / 2 + 2), bounds.maxX - w / 2 - 2),
      y: Math.min(Math.max(p.y, bounds.minY + h), bounds.maxY - h),
    });
    const at = placer.place(w, h, around({ x, y }, NAME_DX, NAME_DY).map(inside), widerAround({ x, y }, 200, 200, 5, 3.5).map(inside));
    out.push({ text: place.name, x: at.x, y: at.y, font: f, color: lakeName ? COLORS.lakeText : COLORS.placeText, box: boxAt(at, w, h) });
  }
  return out;
}

/** Text with a white halo. */
export function haloText(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, f: string, color: string): void {
  ctx.font = f;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = COLORS.halo;
  ctx.lineWidth = 3;
  ctx.strokeText(text, x, y);
  ctx.fillStyle = color;
  ctx.fillText(text, x, y);
}

/** A small filled tag with centred text. */
function tagText(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, bg: string, fg: string, px: number): void {
  ctx.font = font(px, true);
  const w = ctx.measureText(text).width + 6;
  const h = px + 4;
  ctx.fillStyle = bg;
  ctx.fillRect(x - w / 2, y - h / 2, w, h);
  ctx.fillStyle = fg;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, x, y + 0.5);
}
