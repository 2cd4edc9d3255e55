// renderMap: MapView + GameMap → PNG. Composes the picture (header, map, stack list, legend,
// off-map boxes), caches the static whole-map layer per GameMap, reuses canvases, and encodes with
// the callback form of toBuffer so the event loop is never blocked.
import { Canvas, createCanvas, type CanvasRenderingContext2D } from 'canvas';
import type { HexId } from '../src/engine/hex.js';
import type { GameMap } from '../src/engine/ruleset.js';
import type { MapView } from '../src/engine/view.js';
import {
  drawHeader,
  headerHeight,
  drawLegend,
  drawOffMap,
  drawStackList,
  legendHeight,
  offMapHeight,
  stackLines,
  stackListHeight,
} from './chrome.js';
import { COUNTER, drawControl, drawHexChits, drawHexRings, drawStack, stackBox } from './counters.js';
import { registerFonts } from './fonts.js';
import { BASE_R, baseBounds, baseCenter, focusHexes, mapHexIds, type MapFrame } from './layout.js';
import {
  drawCombat,
  drawEliminated,
  drawCaptured,
  drawFire,
  drawHighlight,
  drawMove,
  drawReachable,
  drawReachableLabels,
  drawZoc,
} from './overlays.js';
import { COLORS } from './style.js';
import { LabelPlacer, hexIdBox } from './labels.js';
import { drawPlaceLabels, drawTerrainLayer, hexPath } from './terrain.js';

/** Discord's default upload limit; our pictures must stay well under it. */
export const DISCORD_UPLOAD_LIMIT = 10 * 1024 * 1024;

export type OverlayName = 'moves' | 'combats' | 'fire' | 'eliminated' | 'captured' | 'reachable' | 'zoc' | 'highlight';

export interface RenderOptions {
  /** Zoom: draw only the hexes within `radius` of `center` (overrides `view.focus`). */
  center?: HexId;
  radius?: number;
  /** Draw the whole map even if the view suggests a focus. */
  whole?: boolean;
  /** Hex radius in pixels (centre to corner). Default 40 for the whole map, larger for zooms. */
  hexSize?: number;
  /** Header band (default true). */
  header?: boolean;
  /** Legend (default: on the whole map only; a zoom leaves it out, phone first: `renderLegend` draws it alone). */
  legend?: boolean;
  /** On zooms, list the counters of every stack under the map (default true). */
  stackList?: boolean;
  /** Boxes of counters off the map (default: on the whole map, not on zooms). */
  offMap?: boolean;
  /** Redraw with smaller hexes (up to 3 times) while the PNG is larger than this (default TARGET_MAX_BYTES). */
  maxBytes?: number;
  /** Switch individual overlays off (all on by default; ZOC only drawn when the view has it). */
  overlays?: Partial<Record<OverlayName, boolean>>;
  /** Picture format (default PNG); the bot posts JPEG (PICTURE_FORMATS says why). */
  format?: PictureFormat;
}

/**
 * The formats a map is encoded in. Measured (npm run bench:render, the Campaign map with 100 counters):
 * PNG (level 1, no filters) 1.59 MB whole / 437 KB zoom in 81 / 26 ms; JPEG at quality 0.85 845 KB /
 * 240 KB in 26 / 7 ms, text still crisp at phone size; a 256-colour palette PNG (upng-js) 580 / 146 KB
 * but 1,107 / 479 ms. JPEG is what the bot posts (within the 1 MB and 300 KB targets at a fraction of
 * the time); PNG stays for files (console snapshots, tests that read pixels).
 */
export type PictureFormat = 'png' | 'jpeg';
export const JPEG_QUALITY = 0.85;

/** Where everything goes on the canvas (pixels). */
export interface PictureLayout {
  width: number;
  height: number;
  /** Scale of the header/legend/lists (chrome units → pixels). */
  chromeScale: number;
  headerH: number;
  frame: MapFrame;
  stackY: number;
  stackH: number;
  stackLines: string[];
  legendY: number;
  legendH: number;
  offMapY: number;
  offMapH: number;
  /** Height of the part that is identical for every view of the whole map (cached). */
  staticH: number;
}

const MARGIN = 14;
const MIN_WIDTH = 960;
/** Canvas memory guard (4 bytes a pixel). */
const MAX_PIXELS = 40_000_000;

function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, n));
}

/** Every hex id the view refers to must be a hex of the map: a bad view is refused, not half drawn. */
export function checkView(view: MapView, map: GameMap): void {
  if (view?.version !== 1) throw new RangeError(`unsupported MapView version ${JSON.stringify(view?.version)} (expected 1)`);
  const ov = view.overlays;
  const bad: string[] = [];
  const check = (where: string, hexes: Iterable<string | null>): void => {
    for (const h of hexes) if (h !== null && !map.hexes[h]) bad.push(`${JSON.stringify(h)} (${where})`);
  };
  check('units', Object.keys(view.units));
  check('hexMarkers', Object.keys(view.hexMarkers));
  for (const m of ov.moves) check('moves', [m.from, m.to, ...m.path]);
  for (const c of ov.combats) check('combats', [...c.from, c.to]);
  for (const f of ov.fire) check('fire', [f.from, f.to]);
  check(
    'eliminated',
    (ov.eliminated ?? []).map((g) => g.hex),
  );
  if (ov.reachable) check('reachable', [ov.reachable.from, ...Object.keys(ov.reachable.costs)]);
  if (ov.zoc) check('zoc', [...ov.zoc.finnish, ...ov.zoc.soviet]);
  check('highlight', ov.highlight);
  if (view.focus) check('focus', [view.focus.center]);
  if (bad.length > 0) {
    throw new RangeError(
      `the view names hexes that are not on the map: ${bad.slice(0, 5).join(', ')}${bad.length > 5 ? ` and ${bad.length - 5} more` : ''}`,
    );
  }
}

/** Decide the layout of the picture for this view and options (no drawing). */
export function planPicture(view: MapView, map: GameMap, options: RenderOptions = {}): PictureLayout {
  checkView(view, map);
  const focus =
    options.center !== undefined
      ? { center: options.center, radius: options.radius ?? 5 }
      : !options.whole && view.focus
        ? view.focus
        : null;
  if (options.center === undefined && options.radius !== undefined && !view.focus) {
    throw new RangeError('a zoom radius needs a centre hex (--center)');
  }
  const area = view.playArea && view.playArea.length > 0 ? new Set(view.playArea) : null;
  const hexes = (focus ? focusHexes(map, focus.center, focus.radius) : mapHexIds(map)).filter((h) => !area || area.has(h));
  if (hexes.length === 0) throw new RangeError(`nothing to draw: no hex within ${focus?.radius} of ${focus?.center} is in the play area`);
  const b = baseBounds(hexes);
  // Zooms and small maps (a scenario's play area) get bigger hexes, about 1150 px across in all.
  const fitHex = Math.round((1150 / (b.maxX - b.minX)) * BASE_R);
  const hexSize = options.hexSize ?? clamp(fitHex, BASE_R, 96);
  if (!(hexSize >= 8 && hexSize <= 200)) throw new RangeError(`hexSize must be 8–200 px, got ${hexSize}`);
  const scale = hexSize / BASE_R;
  const mapW = Math.ceil((b.maxX - b.minX) * scale);
  const mapH = Math.ceil((b.maxY - b.minY) * scale);
  const width = Math.max(mapW + 2 * MARGIN, MIN_WIDTH);
  if (width * mapH > MAX_PIXELS) {
    throw new RangeError(`picture too large (${width}×${mapH} px for the map alone): use smaller hexes or a zoom`);
  }
  const chromeScale = clamp(width / 1460, 0.9, 1.3);
  const headerH = options.header === false ? 0 : Math.ceil(headerHeight(view.header, width / chromeScale) * chromeScale);
  const fx = Math.round((width - mapW) / 2);
  const fy = headerH + MARGIN;
  const frame: MapFrame = {
    scale,
    offsetX: fx - b.minX * scale,
    offsetY: fy - b.minY * scale,
    x: fx,
    y: fy,
    width: mapW,
    height: mapH,
    hexes,
    hexSet: new Set(hexes),
    focus,
  };
  const lines = focus && options.stackList !== false ? stackLines(view, hexes) : [];
  const stackY = fy + mapH + MARGIN;
  const stackH = Math.ceil(stackListHeight(lines) * chromeScale);
  const legendY = stackY + stackH;
  const legend = options.legend ?? !focus;
  const legendH = legend ? Math.ceil(legendHeight(width / chromeScale) * chromeScale) : 0;
  const offMapY = legendY + legendH;
  const showOffMap = options.offMap ?? !focus;
  const offMapH = showOffMap ? Math.ceil(offMapHeight(view.offMap ?? [], width / chromeScale) * chromeScale) : 0;
  return {
    width,
    height: offMapY + offMapH,
    chromeScale,
    headerH,
    frame,
    stackY,
    stackH,
    stackLines: lines,
    legendY,
    legendH,
    offMapY,
    offMapH,
    staticH: offMapY,
  };
}

// ───────────────────────────── canvas reuse ─────────────────────────────

const pool = new Map<string, Canvas[]>();
const POOL_PER_SIZE = 2;

function acquire(width: number, height: number): Canvas {
  const list = pool.get(`${width}x${height}`);
  return list?.pop() ?? createCanvas(width, height);
}

function release(canvas: Canvas): void {
  const key = `${canvas.width}x${canvas.height}`;
  const list = pool.get(key) ?? [];
  if (list.length < POOL_PER_SIZE) list.push(canvas);
  pool.set(key, list);
}

/**
 * Static layer cache: per GameMap, per layout (size, scale, focus, legend). The whole map is one
 * entry that every whole-map render reuses; zooms are kept in a small LRU (the same area is often
 * drawn again after the next action).
 */
const staticCache = new WeakMap<GameMap, Map<string, Canvas>>();
const STATIC_ENTRIES_PER_MAP = 6;

function staticKey(p: PictureLayout): string {
  const f = p.frame.focus;
  // The hexes drawn (a play area restricts them) are part of the key.
  return `${p.width}x${p.staticH}@${p.frame.scale}:${p.headerH}:${p.stackH}:${p.legendH}:${p.frame.hexes.join(',')}:${f ? `${f.center}/${f.radius}` : 'whole'}`;
}

function setMapTransform(ctx: CanvasRenderingContext2D, frame: MapFrame): void {
  ctx.setTransform(frame.scale, 0, 0, frame.scale, frame.offsetX, frame.offsetY);
}

/**
 * Clip to the union of the frame's hexes (a zoom shows its hexes and nothing else), and of the whole
 * stacks standing in them: a stack's under-counters and its count badge reach past the hex edge, and a
 * zoom never cuts a stack.
 */
function clipHexes(ctx: CanvasRenderingContext2D, frame: MapFrame, occupied: (h: HexId) => boolean = () => false): void {
  ctx.beginPath();
  for (const id of frame.hexes) {
    const c = baseCenter(id);
    hexPath(ctx, c.x, c.y, BASE_R + 0.4, false);
    if (occupied(id)) {
      const { left, top, right, bottom } = stackBox(c.x, c.y);
      ctx.rect(left, top, right - left, bottom - top);
    }
  }
  ctx.clip();
}

/** Background, terrain layer and legend: everything that does not depend on the game state. */
function drawStatic(ctx: CanvasRenderingContext2D, map: GameMap, p: PictureLayout): void {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = COLORS.background;
  ctx.fillRect(0, 0, p.width, p.staticH);
  ctx.save();
  setMapTransform(ctx, p.frame);
  if (p.frame.focus) clipHexes(ctx, p.frame);
  drawTerrainLayer(ctx, map, p.frame.hexes);
  ctx.restore();
  // Place names outside a zoom's clip: one that cannot lie wholly on the drawn hexes is drawn whole.
  ctx.save();
  setMapTransform(ctx, p.frame);
  drawPlaceLabels(ctx, map, p.frame.hexes);
  ctx.restore();
  if (p.legendH > 0) {
    ctx.save();
    ctx.setTransform(p.chromeScale, 0, 0, p.chromeScale, 0, p.legendY);
    drawLegend(ctx, p.width / p.chromeScale);
    ctx.restore();
  }
}

function staticLayer(map: GameMap, p: PictureLayout): Canvas {
  let perMap = staticCache.get(map);
  if (!perMap) {
    perMap = new Map();
    staticCache.set(map, perMap);
  }
  const key = staticKey(p);
  let c = perMap.get(key);
  if (c) {
    // Refresh its place in the LRU order.
    perMap.delete(key);
    perMap.set(key, c);
    return c;
  }
  c = createCanvas(p.width, p.staticH);
  drawStatic(c.getContext('2d'), map, p);
  perMap.set(key, c);
  while (perMap.size > STATIC_ENTRIES_PER_MAP) {
    const oldest = perMap.keys().next().value as string;
    // Keep the whole-map layer: it is the one drawn most.
    if (oldest.endsWith(':whole') && perMap.size > 1) {
      const whole = perMap.get(oldest)!;
      perMap.delete(oldest);
      perMap.set(oldest, whole);
      const next = perMap.keys().next().value as string;
      perMap.delete(next);
    } else perMap.delete(oldest);
  }
  return c;
}

/**
 * Where fight and fire labels may go: clear of hex ids, counters and each other, and on the drawn hexes
 * (a zoom is clipped to them; render/labels.ts).
 */
export function fightLabelPlacer(hexes: readonly HexId[], occupied: (h: HexId) => boolean): LabelPlacer {
  return new LabelPlacer(
    [
      ...hexes.map(hexIdBox),
      ...hexes.filter(occupied).map((h) => {
        const c = baseCenter(h);
        const b = stackBox(c.x, c.y);
        return { l: b.left, t: b.top, r: b.right, b: b.bottom };
      }),
    ],
    new Set(hexes),
  );
}

const on = (o: RenderOptions, name: OverlayName): boolean => o.overlays?.[name] !== false;

/** The state on top of the map: overlays under the counters, counters and markers, overlays over them. */
function drawDynamic(ctx: CanvasRenderingContext2D, view: MapView, p: PictureLayout, o: RenderOptions): void {
  const f = p.frame;
  const inView = (h: HexId): boolean => f.hexSet.has(h);
  const occupied = (h: HexId): boolean => (view.units[h]?.length ?? 0) > 0;
  const ov = view.overlays;
  ctx.save();
  if (f.focus) {
    setMapTransform(ctx, f);
    clipHexes(ctx, f, occupied);
  } else {
    ctx.beginPath();
    ctx.rect(f.x - MARGIN, f.y - MARGIN, f.width + 2 * MARGIN, f.height + 2 * MARGIN);
    ctx.clip();
    setMapTransform(ctx, f);
  }
  if (ov.zoc && on(o, 'zoc')) drawZoc(ctx, ov.zoc, inView);
  if (ov.reachable && on(o, 'reachable')) drawReachable(ctx, ov.reachable, f.hexes);
  const markerHexes = Object.keys(view.hexMarkers).filter(inView).sort();
  for (const h of markerHexes) {
    const c = baseCenter(h);
    drawHexRings(ctx, view.hexMarkers[h]!, c.x, c.y);
  }
  if (on(o, 'moves')) for (const m of ov.moves) drawMove(ctx, m);
  // Units eliminated since the phase began, faded where they fell (under any stack there now).
  if (on(o, 'eliminated')) for (const g of ov.eliminated ?? []) if (inView(g.hex)) drawEliminated(ctx, g);
  if (on(o, 'captured')) for (const t of ov.captured ?? []) if (inView(t.hex)) drawCaptured(ctx, t.hex, t.side);
  // Counters in map order (column by column), then hex chits on top of their stacks.
  for (const h of f.hexes) {
    const stack = view.units[h];
    if (!stack || stack.length === 0) continue;
    const c = baseCenter(h);
    drawStack(ctx, stack, c.x, c.y);
  }
  for (const h of markerHexes) {
    const c = baseCenter(h);
    const m = view.hexMarkers[h]!;
    if (occupied(h)) drawHexChits(ctx, m, c.x, c.y);
    else {
      drawHexChits(ctx, { ...m, control: undefined }, c.x, c.y);
      if (m.control) drawControl(ctx, m.control, c.x, c.y);
    }
  }
  const placer = fightLabelPlacer(f.hexes, occupied);
  if (on(o, 'fire')) for (const fa of ov.fire) drawFire(ctx, fa, placer);
  if (on(o, 'combats')) for (const ca of ov.combats) drawCombat(ctx, ca, placer);
  if (ov.reachable && on(o, 'reachable')) drawReachableLabels(ctx, ov.reachable, inView, occupied);
  if (on(o, 'highlight')) drawHighlight(ctx, ov.highlight ?? [], inView);
  ctx.restore();
}

/** A drawn picture, not yet encoded. Call `release()` once it is encoded (the canvas is reused). */
export interface DrawnMap {
  canvas: Canvas;
  layout: PictureLayout;
  release(): void;
}

/** Draw the picture into a (reused) canvas. */
export function drawMap(view: MapView, map: GameMap, options: RenderOptions = {}): DrawnMap {
  registerFonts();
  const p = planPicture(view, map, options);
  const canvas = acquire(p.width, p.height);
  const ctx = canvas.getContext('2d');
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = 1;
  ctx.globalCompositeOperation = 'source-over';
  ctx.drawImage(staticLayer(map, p), 0, 0);
  if (p.headerH > 0) {
    ctx.save();
    ctx.setTransform(p.chromeScale, 0, 0, p.chromeScale, 0, 0);
    drawHeader(ctx, view.header, p.width / p.chromeScale);
    ctx.restore();
  }
  drawDynamic(ctx, view, p, options);
  if (p.stackH > 0) {
    ctx.save();
    ctx.setTransform(p.chromeScale, 0, 0, p.chromeScale, 0, p.stackY);
    drawStackList(ctx, p.stackLines, p.width / p.chromeScale);
    ctx.restore();
  }
  if (p.offMapH > 0) {
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = COLORS.background;
    ctx.fillRect(0, p.offMapY, p.width, p.offMapH);
    ctx.setTransform(p.chromeScale, 0, 0, p.chromeScale, 0, p.offMapY);
    drawOffMap(ctx, view.offMap, p.width / p.chromeScale);
    ctx.restore();
  }
  let released = false;
  return {
    canvas,
    layout: p,
    release() {
      if (!released) release(canvas);
      released = true;
    },
  };
}

/** PNG-encode a canvas off the event loop (libpng runs in the libuv thread pool). */
export function encodePng(canvas: Canvas): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    canvas.toBuffer(
      (err, buf) => {
        if (err) reject(err);
        else resolve(buf);
      },
      'image/png',
      // Measured (npm run bench:render): level 1 with no row filters is about 4x less CPU than level 6
      // with every filter, and smaller on these flat-coloured pictures. The constant lives on the Canvas.
      { compressionLevel: 1, filters: Canvas.PNG_FILTER_NONE },
    );
  });
}

/** JPEG-encode a canvas off the event loop (libjpeg in the libuv thread pool). */
export function encodeJpeg(canvas: Canvas): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    canvas.toBuffer(
      (err, buf) => {
        if (err) reject(err);
        else resolve(buf);
      },
      'image/jpeg',
      { quality: JPEG_QUALITY },
    );
  });
}

/** Encode a finished picture in a format. */
export function encodePicture(canvas: Canvas, format: PictureFormat = 'png'): Promise<Buffer> {
  return format === 'jpeg' ? encodeJpeg(canvas) : encodePng(canvas);
}

/** Pictures above this many bytes are drawn again with smaller hexes (Discord's limit is 10 MiB). */
export const TARGET_MAX_BYTES = 8 * 1024 * 1024;
/**
 * A zoom as the bot posts it (JPEG) is drawn again with smaller hexes above this many bytes (issue 46:
 * each picture of a turn post at most 300 KB). Smaller hexes cost a phone nothing: it shows a picture at
 * its screen's width, and a zoom's width is its hexes (see phoneCounterPx).
 */
export const ZOOM_MAX_BYTES = 300_000;

/** The width of a phone's screen in CSS pixels the pictures are judged at (a common phone: 390). */
export const PHONE_WIDTH = 390;

/**
 * How wide a counter looks on a phone `screen` pixels wide that shows the picture at its own width:
 * the counter's pixels in the picture × screen / picture width. (The whole Campaign map: 46 × 390 /
 * 1488 ≈ 12 px; a zoom of radius 5 about 26 px.)
 */
export function phoneCounterPx(layout: PictureLayout, screen = PHONE_WIDTH): number {
  return (COUNTER * layout.frame.scale * screen) / layout.width;
}

/**
 * Render a view of the map (PNG unless options.format says), redrawn with smaller hexes (up to 3 times)
 * if it would not fit in options.maxBytes (default TARGET_MAX_BYTES, ZOOM_MAX_BYTES for a JPEG zoom).
 */
export async function renderMap(view: MapView, map: GameMap, options: RenderOptions = {}): Promise<Buffer> {
  let opts = options;
  for (let attempt = 0; ; attempt++) {
    const drawn = drawMap(view, map, opts);
    let png: Buffer;
    try {
      png = await encodePicture(drawn.canvas, options.format);
    } finally {
      drawn.release();
    }
    const limit = options.maxBytes ?? (options.format === 'jpeg' && drawn.layout.frame.focus ? ZOOM_MAX_BYTES : TARGET_MAX_BYTES);
    if (png.length <= limit || attempt >= 3) return png;
    opts = { ...opts, hexSize: Math.max(8, Math.floor(drawn.layout.frame.scale * BASE_R * 0.8)) };
  }
}

/** The legend alone, as its own picture (a zoom leaves it out; `/map legend` shows it on request). */
export async function renderLegend(width = 1460, format: PictureFormat = 'png'): Promise<Buffer> {
  registerFonts();
  const chromeScale = clamp(width / 1460, 0.9, 1.3);
  const height = Math.ceil(legendHeight(width / chromeScale) * chromeScale) + 2 * MARGIN;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = COLORS.background;
  ctx.fillRect(0, 0, width, height);
  ctx.setTransform(chromeScale, 0, 0, chromeScale, 0, MARGIN);
  drawLegend(ctx, width / chromeScale);
  return encodePicture(canvas, format);
}
