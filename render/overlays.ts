// Overlays: reachable hexes with MP cost, ZOC shading, move arrows (under the counters), and
// combat / fire arrows with their labels and highlights (over the counters). Base units.
import type { CanvasRenderingContext2D } from 'canvas';
import type { HexId } from '../src/engine/hex.js';
import type { Side } from '../src/engine/ruleset.js';
import type { CombatArrow, CounterView, FireArrow, MoveArrow, ReachableOverlay } from '../src/engine/view.js';
import { BASE_H, BASE_R, baseCenter, hexCorners, type Point } from './layout.js';

const CORNERS = hexCorners();
import { COUNTER, COUNTER_DY, drawCounter } from './counters.js';
import { COLORS, SIDE_STYLE, font } from './style.js';
import { hexPath, strokeLayers, type StrokeLayer } from './terrain.js';
import { around, widerAround, type LabelPlacer } from './labels.js';

/** Formats an MP cost (1.5 → "1½"). */
export function formatMp(n: number): string {
  const whole = Math.floor(n);
  const frac = n - whole;
  if (Math.abs(frac - 0.5) < 1e-9) return whole === 0 ? '½' : `${whole}½`;
  if (frac === 0) return String(whole);
  return n.toFixed(1);
}

/**
 * Reachable hexes (4.0): every other drawn hex is veiled so the reach stands out while the terrain
 * stays recognisable; reachable hexes get a yellow inner border, the start hex a ring in the side colour.
 */
export function drawReachable(ctx: CanvasRenderingContext2D, r: ReachableOverlay, hexes: readonly HexId[]): void {
  const reach = new Set(Object.keys(r.costs));
  ctx.fillStyle = COLORS.reachVeil;
  for (const id of hexes) {
    if (reach.has(id) || id === r.from) continue;
    const c = baseCenter(id);
    hexPath(ctx, c.x, c.y, BASE_R + 0.4);
    ctx.fill();
  }
  ctx.strokeStyle = COLORS.highlight;
  ctx.lineWidth = 3;
  for (const id of [...reach].sort()) {
    if (!hexes.includes(id)) continue;
    const c = baseCenter(id);
    hexPath(ctx, c.x, c.y, BASE_R - 2.5);
    ctx.stroke();
  }
  if (hexes.includes(r.from)) {
    const c = baseCenter(r.from);
    hexPath(ctx, c.x, c.y, BASE_R - 2);
    ctx.strokeStyle = SIDE_STYLE[r.side].accent;
    ctx.lineWidth = 4;
    ctx.stroke();
  }
}

/** MP cost labels: big in empty hexes, a pill at the bottom edge of occupied ones. Drawn over counters. */
export function drawReachableLabels(
  ctx: CanvasRenderingContext2D,
  r: ReachableOverlay,
  inView: (h: HexId) => boolean,
  occupied: (h: HexId) => boolean,
): void {
  const ids = Object.keys(r.costs).filter(inView).sort();
  for (const id of ids) {
    const c = baseCenter(id);
    const text = formatMp(r.costs[id]!);
    if (!occupied(id)) {
      ctx.font = font(17, true);
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.lineJoin = 'round';
      ctx.strokeStyle = '#ffffff';
      ctx.lineWidth = 4;
      ctx.strokeText(text, c.x, c.y + 4);
      ctx.fillStyle = COLORS.reachText;
      ctx.fillText(text, c.x, c.y + 4);
    } else {
      ctx.font = font(10, true);
      const w = ctx.measureText(text).width + 8;
      const y = c.y + BASE_H / 2 - 7;
      ctx.fillStyle = '#fff3a0';
      ctx.fillRect(c.x - w / 2, y - 6, w, 12);
      ctx.strokeStyle = '#7a6200';
      ctx.lineWidth = 1;
      ctx.strokeRect(c.x - w / 2, y - 6, w, 12);
      ctx.fillStyle = COLORS.reachText;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(text, c.x, y + 0.5);
    }
  }
}

/** ZOC shading: a light tint and side-specific hatching (/ Soviet, \ Finnish) so it reads in greyscale. */
export function drawZoc(ctx: CanvasRenderingContext2D, zoc: Record<Side, HexId[]>, inView: (h: HexId) => boolean): void {
  for (const side of ['finnish', 'soviet'] as Side[]) {
    const ids = [...new Set(zoc[side] ?? [])].filter(inView).sort();
    const color = SIDE_STYLE[side].accent;
    for (const id of ids) {
      const c = baseCenter(id);
      ctx.save();
      hexPath(ctx, c.x, c.y, BASE_R - 1);
      ctx.clip();
      ctx.globalAlpha = 0.16;
      ctx.fillStyle = color;
      ctx.fill();
      ctx.globalAlpha = 0.45;
      ctx.strokeStyle = color;
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      const dir = side === 'soviet' ? 1 : -1;
      for (let k = -4; k <= 4; k++) {
        const off = k * 11;
        ctx.moveTo(c.x + off - dir * 40, c.y + 40);
        ctx.lineTo(c.x + off + dir * 40, c.y - 40);
      }
      ctx.stroke();
      ctx.restore();
    }
  }
}

function strokeSegment(ctx: CanvasRenderingContext2D, a: Point, b: Point, layers: readonly StrokeLayer[]): void {
  strokeLayers(
    ctx,
    () => {
      ctx.moveTo(a.x, a.y);
      ctx.lineTo(b.x, b.y);
    },
    layers,
  );
}

/** A filled arrow head at `tip`, pointing away from `from`, outlined in white. */
function arrowHead(ctx: CanvasRenderingContext2D, tip: Point, from: Point, size: number, color: string): void {
  const a = Math.atan2(tip.y - from.y, tip.x - from.x);
  ctx.beginPath();
  ctx.moveTo(tip.x, tip.y);
  ctx.lineTo(tip.x - Math.cos(a - 0.45) * size, tip.y - Math.sin(a - 0.45) * size);
  ctx.lineTo(tip.x - Math.cos(a + 0.45) * size, tip.y - Math.sin(a + 0.45) * size);
  ctx.closePath();
  ctx.fillStyle = color;
  ctx.fill();
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = 1.5;
  ctx.stroke();
}

/** Shorten the segment p→q by `d` at the q end. */
function pullBack(p: Point, q: Point, d: number): Point {
  const len = Math.hypot(q.x - p.x, q.y - p.y);
  if (len <= d) return p;
  return { x: q.x - ((q.x - p.x) / len) * d, y: q.y - ((q.y - p.y) / len) * d };
}

/** A move arrow through the centres of its path, ending at the edge of the destination counter. */
export function drawMove(ctx: CanvasRenderingContext2D, m: MoveArrow): void {
  const pts = (m.path.length >= 2 ? m.path : [m.from, m.to]).map(baseCenter);
  if (pts.length < 2) return;
  const last = pts.length - 1;
  const end = pullBack(pts[last - 1]!, pts[last]!, BASE_R * 0.66);
  const line = [...pts.slice(0, last), end];
  const color = SIDE_STYLE[m.side].accent;
  ctx.save();
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  strokeLayers(ctx, () => line.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y))), [
    { width: 7, color: '#ffffff' },
    { width: 3.5, color, dash: m.kind === 'retreat' ? [7, 5] : [] },
  ]);
  // Start dot (entry: an open ring).
  const s = pts[0]!;
  ctx.beginPath();
  ctx.arc(s.x, s.y, 4.5, 0, Math.PI * 2);
  ctx.fillStyle = m.kind === 'entry' ? '#ffffff' : color;
  ctx.fill();
  ctx.strokeStyle = m.kind === 'entry' ? color : '#ffffff';
  ctx.lineWidth = 2;
  ctx.stroke();
  arrowHead(ctx, end, line[line.length - 2]!, 14, color);
  ctx.restore();
}

const COMBAT_COLOR: Record<CombatArrow['kind'], string> = {
  combat: '#111111',
  assault: '#7b1fa2',
  nightRaid: '#0d3b66',
};

/** Distance from a counter's centre to its edge in direction (ux, uy) (a unit vector). */
function counterEdge(ux: number, uy: number): number {
  return (COUNTER / 2 + 1.5) / Math.max(Math.abs(ux), Math.abs(uy), 1e-6);
}

/**
 * The part of the line between two stacks that lies outside both counters (from the firer's or
 * attacker's counter edge, `overlap` units inside it, to the target counter's edge), so a line
 * drawn over the counters never hides their values. Null when both are the same hex.
 */
function betweenCounters(fromId: HexId, toId: HexId, overlap: number): { a: Point; b: Point; ux: number; uy: number } | null {
  const f = baseCenter(fromId);
  const t = baseCenter(toId);
  const from = { x: f.x, y: f.y + COUNTER_DY };
  const to = { x: t.x, y: t.y + COUNTER_DY };
  const len = Math.hypot(to.x - from.x, to.y - from.y);
  if (len === 0) return null;
  const ux = (to.x - from.x) / len;
  const uy = (to.y - from.y) / len;
  const edge = counterEdge(ux, uy);
  const startD = Math.max(0, edge - overlap);
  const endD = Math.max(startD + 10, len - edge - 1);
  return { a: { x: from.x + ux * startD, y: from.y + uy * startD }, b: { x: from.x + ux * endD, y: from.y + uy * endD }, ux, uy };
}

/**
 * Combat arrows: a short, bold arrow across the gap between each attacking stack and the defender,
 * so neither counter's values are covered; the "odds → result" label goes on the far side of the
 * defender from its attackers.
 */
export function drawCombat(ctx: CanvasRenderingContext2D, c: CombatArrow, placer?: LabelPlacer): void {
  const to = baseCenter(c.to);
  const toC = { x: to.x, y: to.y + COUNTER_DY };
  const color = COMBAT_COLOR[c.kind];
  let sumDy = 0;
  ctx.save();
  ctx.lineCap = 'butt';
  for (const fromId of c.from) {
    const seg = betweenCounters(fromId, c.to, 8);
    if (!seg) continue;
    const { a, b, ux, uy } = seg;
    sumDy += uy;
    const head = Math.min(15, Math.hypot(b.x - a.x, b.y - a.y) * 0.75);
    const neck = { x: b.x - ux * head * 0.8, y: b.y - uy * head * 0.8 };
    strokeSegment(ctx, a, neck, [
      { width: 10, color: '#ffffff' },
      { width: 6, color, dash: c.kind === 'nightRaid' ? [5, 3] : [] },
    ]);
    arrowHead(ctx, b, a, head, color);
  }
  ctx.restore();
  const kind = c.kind === 'assault' ? 'Assault ' : c.kind === 'nightRaid' ? 'Raid ' : '';
  const text = `${kind}${c.odds}${c.result ? ` → ${c.result}` : ''}`;
  // Attackers mostly below → the label goes above the defender's counter, and vice versa; where that
  // would cover a hex id, a counter or another label, the nearest place around the defender that does not.
  const above = sumDy <= 0;
  const { w, h } = labelSize(ctx, text, 11);
  const first = { x: toC.x, y: above ? toC.y - COUNTER / 2 - 10 : toC.y + COUNTER / 2 + 10 };
  const side = COUNTER / 2 + w / 2 + 3;
  const near = around(toC, [0, -side, side, -side - 15, side + 15], [0, -20, 20, -COUNTER / 2 - 10, COUNTER / 2 + 10, -45, 45, -60, 60]);
  const at = placer ? placer.place(w, h, [first, ...near], widerAround(toC, 160, 180, 6, 4)) : first;
  drawLabel(ctx, text, at.x, at.y, color);
}

/** The size of a label drawn by drawLabel. */
export function labelSize(ctx: CanvasRenderingContext2D, text: string, px = 11): { w: number; h: number } {
  ctx.font = font(px, true);
  return { w: ctx.measureText(text).width + 10, h: px + 7 };
}

/** A boxed label with a coloured frame. */
export function drawLabel(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, frame: string, px = 11): void {
  ctx.font = font(px, true);
  const w = ctx.measureText(text).width + 10;
  const h = px + 7;
  ctx.fillStyle = COLORS.combatLabelBg;
  ctx.fillRect(x - w / 2, y - h / 2, w, h);
  ctx.strokeStyle = frame;
  ctx.lineWidth = 2;
  ctx.strokeRect(x - w / 2, y - h / 2, w, h);
  ctx.fillStyle = '#111111';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, x, y + 0.5);
}

/** Ranged / AT / artillery fire: a dashed line (or a shell mark for off-map artillery) and a result tag. */
export function drawFire(ctx: CanvasRenderingContext2D, f: FireArrow, placer?: LabelPlacer): void {
  const to = baseCenter(f.to);
  const color = SIDE_STYLE[f.side].accent;
  ctx.save();
  if (f.from) {
    const seg = betweenCounters(f.from, f.to, 0);
    if (!seg) {
      ctx.restore();
      return;
    }
    const { a, b } = seg;
    ctx.lineCap = 'round';
    strokeSegment(ctx, a, b, [
      { width: 6, color: '#ffffff' },
      { width: 2.5, color, dash: [3, 4] },
    ]);
    // Burst at the target end.
    ctx.beginPath();
    for (let i = 0; i < 8; i++) {
      const ang = (i * Math.PI) / 4;
      ctx.moveTo(b.x, b.y);
      ctx.lineTo(b.x + Math.cos(ang) * 6, b.y + Math.sin(ang) * 6);
    }
    ctx.strokeStyle = color;
    ctx.lineWidth = 2;
    ctx.stroke();
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    const text = `${f.kind === 'atFire' ? 'AT ' : ''}${f.result}`;
    const { w, h } = labelSize(ctx, text, 9);
    const at = placer
      ? placer.place(w, h, around(mid, [0, -12, 12, -24, 24], [0, -10, 10, -20, 20, -30, 30]), widerAround(mid, 100, 80, 6, 4))
      : mid;
    drawLabel(ctx, text, at.x, at.y, color, 9);
  } else {
    const text = `Art. ${f.result}`;
    const { w, h } = labelSize(ctx, text, 9);
    const first = { x: to.x, y: to.y - BASE_H / 2 + 6 };
    const at = placer
      ? placer.place(
          w,
          h,
          [first, ...around({ x: to.x, y: to.y }, [0, -20, 20, -30, 30], [-20, 20, -28, 28, 0])],
          widerAround(to, 100, 80, 6, 4),
        )
      : first;
    drawLabel(ctx, text, at.x, at.y, color, 9);
  }
  ctx.restore();
}

export function drawHighlight(ctx: CanvasRenderingContext2D, ids: readonly HexId[], inView: (h: HexId) => boolean): void {
  for (const id of ids) {
    if (!inView(id)) continue;
    const c = baseCenter(id);
    hexPath(ctx, c.x, c.y, BASE_R - 1.5);
    ctx.strokeStyle = '#111111';
    ctx.lineWidth = 6;
    ctx.stroke();
    ctx.strokeStyle = COLORS.highlight;
    ctx.lineWidth = 3.5;
    ctx.stroke();
  }
}

/**
 * An objective taken since the phase began (still held): a dashed ring in the taker's colour just
 * inside the hex edge, open along the top edge so the hex id stays clear; drawn under the counters so
 * their values stay clear too.
 */
export function drawCaptured(ctx: CanvasRenderingContext2D, hex: HexId, side: Side): void {
  const c = baseCenter(hex);
  const k = (BASE_R - 3) / BASE_R;
  // Corners 5, 0, 1, 2, 3, 4 (angles 300° … 240°): every edge but the top one (4 → 5).
  const corners = [5, 0, 1, 2, 3, 4].map((i) => CORNERS[i]!);
  ctx.save();
  ctx.lineCap = 'round';
  strokeLayers(
    ctx,
    () => corners.forEach((p, i) => (i === 0 ? ctx.moveTo(c.x + p.x * k, c.y + p.y * k) : ctx.lineTo(c.x + p.x * k, c.y + p.y * k))),
    [
      { width: 7, color: '#ffffff' },
      { width: 4, color: SIDE_STYLE[side].accent, dash: [10, 5] },
    ],
  );
  ctx.restore();
}

/** A unit eliminated since the phase began, where it fell: its counter faded and crossed out. */
export function drawEliminated(ctx: CanvasRenderingContext2D, g: { hex: HexId; counter: CounterView }): void {
  const c = baseCenter(g.hex);
  const y = c.y + COUNTER_DY;
  ctx.save();
  ctx.globalAlpha = 0.45;
  drawCounter(ctx, g.counter, c.x, y);
  ctx.globalAlpha = 1;
  const h = COUNTER / 2;
  ctx.lineCap = 'round';
  for (const [w, colour] of [
    [5, COLORS.background],
    [2.5, SIDE_STYLE[g.counter.side].accent],
  ] as const) {
    ctx.lineWidth = w;
    ctx.strokeStyle = colour;
    ctx.beginPath();
    ctx.moveTo(c.x - h, y - h);
    ctx.lineTo(c.x + h, y + h);
    ctx.moveTo(c.x + h, y - h);
    ctx.lineTo(c.x - h, y + h);
    ctx.stroke();
  }
  ctx.restore();
}
