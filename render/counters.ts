// Counters, drawn by us: side colours, NATO-style unit symbols, printed values with the printed
// conventions (the counter sheet), a light band on reduced units, stacks, and unit/hex markers.
// All sizes are in base units (layout.ts).
import { createCanvas, type Canvas, type CanvasRenderingContext2D } from 'canvas';
import type { Side, UnitType } from '../src/engine/ruleset.js';
import type { CounterView, HexMarkers, UnitMarker } from '../src/engine/view.js';
import { BASE_H, BASE_R } from './layout.js';
import { COLORS, SIDE_STYLE, font } from './style.js';
import { idBoxAround, type Box } from './labels.js';
import { hexPath } from './terrain.js';

/** Counter side length in base units. */
export const COUNTER = 46;
/** Counter centre offset below the hex centre (leaves the hex id visible above it). */
export const COUNTER_DY = 4;

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.lineTo(x + w - r, y);
  ctx.quadraticCurveTo(x + w, y, x + w, y + r);
  ctx.lineTo(x + w, y + h - r);
  ctx.quadraticCurveTo(x + w, y + h, x + w - r, y + h);
  ctx.lineTo(x + r, y + h);
  ctx.quadraticCurveTo(x, y + h, x, y + h - r);
  ctx.lineTo(x, y + r);
  ctx.quadraticCurveTo(x, y, x + r, y);
  ctx.closePath();
}

/** A 5-pointed star centred on (x, y). */
function star(ctx: CanvasRenderingContext2D, x: number, y: number, r: number): void {
  ctx.beginPath();
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const d = i % 2 === 0 ? r : r * 0.42;
    if (i === 0) ctx.moveTo(x + Math.cos(a) * d, y + Math.sin(a) * d);
    else ctx.lineTo(x + Math.cos(a) * d, y + Math.sin(a) * d);
  }
  ctx.closePath();
}

/**
 * NATO-style unit symbol in a w×h frame centred on (x, y). Our own simplified drawings:
 * infantry ✕, MG arrow, mortar circle+arrow, IG ✕+dot, AT inverted V, tank oval, armored car
 * oval+slash, engineer bridge, bicycle ✕+wheels, leader star, artillery dot, field kitchen pot.
 */
export function drawUnitSymbol(
  ctx: CanvasRenderingContext2D,
  type: UnitType,
  x: number,
  y: number,
  w: number,
  h: number,
  ink: string,
): void {
  const l = x - w / 2;
  const t = y - h / 2;
  ctx.save();
  ctx.strokeStyle = ink;
  ctx.fillStyle = ink;
  ctx.lineWidth = Math.max(1.1, h / 11);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  if (type === 'leader') {
    star(ctx, x, y, h * 0.62);
    ctx.fill();
    ctx.restore();
    return;
  }
  ctx.strokeRect(l, t, w, h);
  const cross = (): void => {
    ctx.beginPath();
    ctx.moveTo(l, t);
    ctx.lineTo(l + w, t + h);
    ctx.moveTo(l + w, t);
    ctx.lineTo(l, t + h);
    ctx.stroke();
  };
  const dot = (cx: number, cy: number, r: number): void => {
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
    ctx.fill();
  };
  const arrowUp = (cx: number, bottom: number, top: number): void => {
    ctx.beginPath();
    ctx.moveTo(cx, bottom);
    ctx.lineTo(cx, top);
    ctx.moveTo(cx - h * 0.2, top + h * 0.25);
    ctx.lineTo(cx, top);
    ctx.lineTo(cx + h * 0.2, top + h * 0.25);
    ctx.stroke();
  };
  switch (type) {
    case 'infantry':
    case 'breakdownPlatoon':
      cross();
      break;
    case 'provisional':
      cross();
      ctx.textAlign = 'left';
      ctx.textBaseline = 'top';
      ctx.font = font(h * 0.45, true);
      ctx.fillText('P', l + w + 1.5, t);
      break;
    case 'bicycle':
      cross();
      ctx.lineWidth = Math.max(1, h / 14);
      for (const dx of [-w * 0.22, w * 0.22]) {
        ctx.beginPath();
        ctx.arc(x + dx, t + h + h * 0.26, h * 0.2, 0, Math.PI * 2);
        ctx.stroke();
      }
      break;
    case 'mg':
      arrowUp(x, t + h - 1.5, t + 1.5);
      ctx.beginPath();
      ctx.moveTo(x - h * 0.3, t + h * 0.68);
      ctx.lineTo(x + h * 0.3, t + h * 0.68);
      ctx.stroke();
      break;
    case 'mortar':
      ctx.beginPath();
      ctx.arc(x, t + h * 0.72, h * 0.16, 0, Math.PI * 2);
      ctx.stroke();
      arrowUp(x, t + h * 0.56, t + 1.5);
      break;
    case 'infantryGun':
      cross();
      dot(x, y, h * 0.2);
      break;
    case 'atGun':
      ctx.beginPath();
      ctx.moveTo(l + w * 0.12, t + h - 1);
      ctx.lineTo(x, t + 1.5);
      ctx.lineTo(l + w * 0.88, t + h - 1);
      ctx.stroke();
      break;
    case 'tank':
    case 'armoredCar':
      ctx.beginPath();
      ctx.ellipse(x, y, w * 0.32, h * 0.26, 0, 0, Math.PI * 2);
      ctx.stroke();
      if (type === 'armoredCar') {
        ctx.beginPath();
        ctx.moveTo(l, t + h);
        ctx.lineTo(l + w, t);
        ctx.stroke();
      }
      break;
    case 'engineer':
      ctx.beginPath();
      ctx.moveTo(l + w * 0.2, t + h * 0.72);
      ctx.lineTo(l + w * 0.2, t + h * 0.32);
      ctx.lineTo(l + w * 0.8, t + h * 0.32);
      ctx.lineTo(l + w * 0.8, t + h * 0.72);
      ctx.moveTo(x, t + h * 0.32);
      ctx.lineTo(x, t + h * 0.72);
      ctx.stroke();
      break;
    case 'artillery76':
    case 'artillery122':
    case 'artillery152':
      dot(x, y, h * 0.24);
      break;
    case 'fieldKitchen':
      ctx.beginPath();
      ctx.moveTo(x - w * 0.22, y - h * 0.12);
      ctx.lineTo(x + w * 0.22, y - h * 0.12);
      ctx.lineTo(x + w * 0.16, y + h * 0.3);
      ctx.lineTo(x - w * 0.16, y + h * 0.3);
      ctx.closePath();
      ctx.fill();
      ctx.beginPath();
      ctx.moveTo(x - w * 0.06, y - h * 0.22);
      ctx.lineTo(x - w * 0.02, y - h * 0.4);
      ctx.moveTo(x + w * 0.08, y - h * 0.22);
      ctx.lineTo(x + w * 0.12, y - h * 0.4);
      ctx.stroke();
      break;
  }
  ctx.restore();
}

/** Superscript-able text pieces of the values row. */
interface ValuePiece {
  text: string;
  sup?: string;
  box?: 'black' | 'yellow' | 'red' | 'orange';
}

function num(n: number | null): string {
  return n === null ? '–' : String(n);
}

/** The printed values row: CS, RAS^range, [AT range], MA with the printed conventions (the counter sheet). */
export function valuePieces(c: CounterView): ValuePiece[] {
  const v = c.values;
  const cv = c.conventions;
  const pieces: ValuePiece[] = [];
  // A leader prints no CS or RAS: only its MA (the star is its symbol).
  if (c.type === 'leader') return [{ text: num(v.ma) }];
  if (v.cs === null) pieces.push({ text: '–' });
  else if (cv.cannotAttack) pieces.push({ text: `(${v.cs})` });
  else pieces.push({ text: String(v.cs), box: cv.csDoubledOnDefense ? 'black' : undefined });
  if (v.ras === null) pieces.push({ text: '–' });
  else {
    const range = v.range === null ? undefined : v.range === 'unlimited' ? '∞' : String(v.range);
    pieces.push({ text: String(v.ras), sup: range, box: cv.indirectFire ? 'yellow' : undefined });
  }
  if (cv.atRange !== null && cv.atRange !== undefined) pieces.push({ text: `${cv.atRange}`, box: 'red' });
  pieces.push({ text: num(v.ma), box: cv.armored ? 'orange' : undefined });
  return pieces;
}

const BOX: Record<NonNullable<ValuePiece['box']>, { bg: string; fg: string }> = {
  black: { bg: '#111111', fg: '#ffffff' },
  yellow: { bg: COLORS.yellowBox, fg: '#111111' },
  red: { bg: COLORS.redBox, fg: '#ffffff' },
  orange: { bg: COLORS.orangeBox, fg: '#111111' },
};

function drawValues(ctx: CanvasRenderingContext2D, pieces: ValuePiece[], cx: number, cy: number, maxW: number, ink: string): void {
  let px = pieces.length > 3 ? 10.5 : 12;
  const sup = (): number => px * 0.66;
  const widthOf = (p: ValuePiece): number => {
    ctx.font = font(px, true);
    let w = ctx.measureText(p.text).width;
    if (p.sup) {
      ctx.font = font(sup(), true);
      w += ctx.measureText(p.sup).width + 0.5;
    }
    return w + (p.box ? 3 : 0);
  };
  let widths = pieces.map(widthOf);
  let total = widths.reduce((a, b) => a + b, 0);
  while (total + (pieces.length - 1) * 2 > maxW && px > 7) {
    px -= 0.5;
    widths = pieces.map(widthOf);
    total = widths.reduce((a, b) => a + b, 0);
  }
  const gap = Math.min(6, (maxW - total) / Math.max(1, pieces.length - 1));
  let x = cx - (total + gap * (pieces.length - 1)) / 2;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  pieces.forEach((p, i) => {
    const w = widths[i]!;
    let fg = ink;
    if (p.box) {
      ctx.fillStyle = BOX[p.box].bg;
      ctx.fillRect(x - 0.5, cy - px * 0.62, w + 1, px * 1.24);
      fg = BOX[p.box].fg;
    }
    const tx = x + (p.box ? 1.5 : 0);
    ctx.fillStyle = fg;
    ctx.font = font(px, true);
    ctx.fillText(p.text, tx, cy + 0.5);
    if (p.sup) {
      const mw = ctx.measureText(p.text).width;
      ctx.font = font(sup(), true);
      ctx.fillText(p.sup, tx + mw + 0.5, cy - px * 0.3);
    }
    x += w + gap;
  });
}

const UNIT_MARKER: Record<UnitMarker, { text: string; bg: string; fg: string }> = {
  suppressed: { text: 'S', bg: COLORS.suppressed, fg: '#ffffff' },
  fired: { text: 'F', bg: COLORS.fired, fg: '#111111' },
  outOfSupply: { text: 'O', bg: '#6a1b9a', fg: '#ffffff' },
  moved: { text: 'M', bg: '#555555', fg: '#ffffff' },
  lost: { text: '?', bg: '#111111', fg: '#ffffff' },
  capturedLmg: { text: 'L', bg: '#2e7d32', fg: '#ffffff' },
};

/** Band text: the short label, plus the formation when it fits. */
function bandText(ctx: CanvasRenderingContext2D, c: CounterView, maxW: number): { text: string; px: number } {
  const full = c.label.includes(c.formation) || c.type === 'leader' ? c.label : `${c.label} ${c.formation}`;
  for (const text of [full, c.label]) {
    for (const px of [9, 8.5, 8]) {
      ctx.font = font(px, true);
      if (ctx.measureText(text).width <= maxW) return { text, px };
    }
  }
  let px = 8;
  ctx.font = font(px, true);
  while (ctx.measureText(c.label).width > maxW && px > 5) {
    px -= 0.5;
    ctx.font = font(px, true);
  }
  return { text: c.label, px };
}

/** One counter centred on (x, y) with side length s (base units). */
export function drawCounter(ctx: CanvasRenderingContext2D, c: CounterView, x: number, y: number, s = COUNTER): void {
  const st = SIDE_STYLE[c.side];
  const k = s / COUNTER;
  const l = x - s / 2;
  const t = y - s / 2;
  ctx.save();
  // Body with a dark drop edge so counters stand out on pale ice.
  roundRect(ctx, l + 1.5 * k, t + 1.5 * k, s, s, 3 * k);
  ctx.fillStyle = 'rgba(0,0,0,0.45)';
  ctx.fill();
  roundRect(ctx, l, t, s, s, 3 * k);
  ctx.fillStyle = st.body;
  ctx.fill();
  // Top band with the short unit id.
  const bandH = 11 * k;
  ctx.save();
  roundRect(ctx, l, t, s, s, 3 * k);
  ctx.clip();
  ctx.fillStyle = st.band;
  ctx.fillRect(l, t, s, bandH);
  // Reduced: a light band across the counter (the counter sheet).
  if (c.reduced) {
    ctx.fillStyle = COLORS.reducedBand;
    ctx.fillRect(l, t + bandH + 1 * k, s, 16 * k);
    ctx.fillStyle = st.band;
    ctx.fillRect(l, t + bandH + 1 * k, s, 1.2 * k);
    ctx.fillRect(l, t + bandH + 15.8 * k, s, 1.2 * k);
  }
  ctx.restore();
  const bt = bandText(ctx, c, COUNTER - 4);
  ctx.font = font(bt.px * k, true);
  ctx.fillStyle = st.bandText;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(bt.text, x, t + bandH / 2 + 0.5 * k);
  // Symbol.
  drawUnitSymbol(ctx, c.type, x, t + bandH + 9 * k, 24 * k, 13 * k, st.ink);
  // Values row.
  ctx.save();
  ctx.translate(x, t + s - 8 * k);
  ctx.scale(k, k);
  drawValues(ctx, valuePieces(c), 0, 0, COUNTER - 4, st.ink);
  ctx.restore();
  // Border.
  roundRect(ctx, l, t, s, s, 3 * k);
  ctx.strokeStyle = st.band;
  ctx.lineWidth = 1.6 * k;
  ctx.stroke();
  // Unit markers: small discs left and right of the symbol.
  const slots = [
    [-s / 2 + 5.5 * k, t + bandH + 5 * k],
    [s / 2 - 5.5 * k, t + bandH + 5 * k],
    [-s / 2 + 5.5 * k, t + bandH + 14 * k],
    [s / 2 - 5.5 * k, t + bandH + 14 * k],
  ] as const;
  c.markers.slice(0, 4).forEach((m, i) => {
    const [dx, yy] = slots[i]!;
    unitMarkerBadge(ctx, m, x + dx, yy, k);
  });
  ctx.restore();
}

/** One unit marker's round badge (its letter on its colour) centred at (cx, cy), `k` times its counter size. */
export function unitMarkerBadge(ctx: CanvasRenderingContext2D, m: UnitMarker, cx: number, cy: number, k: number): void {
  const mk = UNIT_MARKER[m];
  ctx.beginPath();
  ctx.arc(cx, cy, 4.6 * k, 0, Math.PI * 2);
  ctx.fillStyle = mk.bg;
  ctx.fill();
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = 0.8 * k;
  ctx.stroke();
  ctx.fillStyle = mk.fg;
  ctx.font = font(6.5 * k, true);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(mk.text, cx, cy + 0.4 * k);
}

/**
 * Counter sprites: a counter is drawn once per look (its view) and pixel scale, then copied. Text is
 * the slow part of node-canvas drawing, and the same counters appear in picture after picture.
 * A sprite depends only on its key, so pictures stay byte-identical whatever was drawn before.
 */
const SPRITE_PAD = 3;
const SPRITES_MAX = 600;
const sprites = new Map<string, Canvas>();

function counterSprite(c: CounterView, scale: number): Canvas {
  const key = `${scale}|${JSON.stringify(c)}`;
  let sp = sprites.get(key);
  if (sp) return sp;
  const size = Math.ceil((COUNTER + 2 * SPRITE_PAD) * scale);
  sp = createCanvas(size, size);
  const g = sp.getContext('2d');
  g.setTransform(scale, 0, 0, scale, size / 2, size / 2);
  drawCounter(g, c, 0, 0);
  if (sprites.size >= SPRITES_MAX) sprites.delete(sprites.keys().next().value as string);
  sprites.set(key, sp);
  return sp;
}

/** Draw a counter centred on (x, y) in the context's current (uniformly scaled) map transform, from its sprite. */
function blitCounter(ctx: CanvasRenderingContext2D, c: CounterView, x: number, y: number): void {
  const m = ctx.getTransform();
  const sp = counterSprite(c, m.a);
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(sp, Math.round(m.e + x * m.a - sp.width / 2), Math.round(m.f + y * m.d - sp.height / 2));
  ctx.restore();
}

/** The count badge's radius and the strength pill's height and side padding (base units). */
const COUNT_R = 7.5;
const SUM_H = 14;
const SUM_PAD = 6;

/**
 * Where a stack's two badges go, for a stack at hex centre (cx, cy) whose strength text is `sumWidth`
 * wide: the count, a disc at the counter's bottom right; the total strength, a pill at its top right,
 * right of the hex's own id (the widest id there can be), so neither ever covers a hex id, its own or a
 * neighbour's (test/render/labels.test.ts checks every hex).
 */
export function stackBadges(
  cx: number,
  cy: number,
  sumWidth: number,
): { count: Box & { x: number; y: number }; sum: Box & { x: number; y: number } } {
  const y = cy + COUNTER_DY;
  const bx = cx + COUNTER / 2 + 1;
  const by = y + COUNTER / 2 + 1;
  const r = COUNT_R + 1; // with its outline
  const w = sumWidth + SUM_PAD;
  const id = idBoxAround({ x: cx, y: cy });
  const tx = Math.max(cx + COUNTER / 2 + 1, id.r + 1 + w / 2); // 0.7 of it is the pill's outline
  const ty = y - COUNTER / 2 - 1;
  return {
    count: { x: bx, y: by, l: bx - r, t: by - r, r: bx + r, b: by + r },
    sum: { x: tx, y: ty, l: tx - w / 2 - 0.7, t: ty - SUM_H / 2 - 0.7, r: tx + w / 2 + 0.7, b: ty + SUM_H / 2 + 0.7 },
  };
}

/** The box a stack drawn at hex centre (cx, cy) covers: its counters, the ones under it, and its badges. */
export function stackBox(cx: number, cy: number): { left: number; top: number; right: number; bottom: number } {
  const y = cy + COUNTER_DY;
  const reach = COUNTER / 2 + 1 + COUNT_R + 1.5; // the count badge's centre and radius, with its outline
  // The strength pill at the top right reaches 8 above the counter and about 22 right of its edge.
  return { left: cx - COUNTER / 2 - 1, top: y - COUNTER / 2 - 10, right: cx + COUNTER / 2 + 22, bottom: y + reach };
}

/** A stack in a hex centred on (cx, cy): edges of the counters below, the top counter, a count badge and its total strength. */
export function drawStack(ctx: CanvasRenderingContext2D, stack: readonly CounterView[], cx: number, cy: number): void {
  if (stack.length === 0) return;
  const x = cx;
  const y = cy + COUNTER_DY;
  const under = Math.min(stack.length - 1, 2);
  for (let d = under; d >= 1; d--) {
    const c = stack[stack.length - 1 - d]!;
    const st = SIDE_STYLE[c.side];
    roundRect(ctx, x - COUNTER / 2 + 3 * d, y - COUNTER / 2 + 3 * d, COUNTER, COUNTER, 3);
    ctx.fillStyle = st.body;
    ctx.fill();
    ctx.strokeStyle = st.band;
    ctx.lineWidth = 1.4;
    ctx.stroke();
  }
  blitCounter(ctx, stack[stack.length - 1]!, x, y);
  if (stack.length > 1) {
    // The stack's total printed Combat Strength, top right (clear of the label band's centred text).
    const text = `Σ${stackStrength(stack)}`;
    ctx.font = font(9.5, true);
    const { count, sum } = stackBadges(cx, cy, ctx.measureText(text).width);
    ctx.beginPath();
    ctx.arc(count.x, count.y, COUNT_R, 0, Math.PI * 2);
    ctx.fillStyle = '#111111';
    ctx.fill();
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = 1.4;
    ctx.stroke();
    ctx.fillStyle = '#ffffff';
    ctx.font = font(10, true);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(String(stack.length), count.x, count.y + 0.5);
    ctx.font = font(9.5, true);
    const w = sum.r - sum.l - 1.4;
    roundRect(ctx, sum.x - w / 2, sum.y - SUM_H / 2, w, SUM_H, SUM_H / 2);
    ctx.fillStyle = '#ffffff';
    ctx.fill();
    ctx.strokeStyle = '#111111';
    ctx.lineWidth = 1.4;
    ctx.stroke();
    ctx.fillStyle = '#111111';
    ctx.fillText(text, sum.x, sum.y + 0.5);
  }
}

/** A stack's total printed Combat Strength (the face-up sides; a leader adds none). */
export function stackStrength(stack: readonly CounterView[]): number {
  return stack.reduce((n, c) => n + (c.values.cs ?? 0), 0);
}

/** Dug-In (solid) / Digging-In (dashed) rings drawn under the counters, inside the hex edge. */
export function drawHexRings(ctx: CanvasRenderingContext2D, m: HexMarkers, cx: number, cy: number): void {
  if (!m.dugIn && !m.diggingIn) return;
  ctx.save();
  hexPath(ctx, cx, cy, BASE_R - 4);
  ctx.strokeStyle = COLORS.dugIn;
  ctx.lineWidth = 5;
  if (!m.dugIn) ctx.setLineDash([6, 4]);
  ctx.stroke();
  // Trench teeth on the solid ring.
  if (m.dugIn) {
    ctx.setLineDash([]);
    hexPath(ctx, cx, cy, BASE_R - 9);
    ctx.lineWidth = 2;
    ctx.setLineDash([2, 5]);
    ctx.stroke();
  }
  ctx.restore();
}

function chit(ctx: CanvasRenderingContext2D, x: number, y: number, text: string, bg: string, fg: string): void {
  ctx.font = font(9, true);
  const w = Math.max(13, ctx.measureText(text).width + 5);
  const h = 12;
  roundRect(ctx, x - w / 2, y - h / 2, w, h, 2);
  ctx.fillStyle = bg;
  ctx.fill();
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = 1.2;
  ctx.stroke();
  ctx.fillStyle = fg;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, x, y + 0.5);
}

function flame(ctx: CanvasRenderingContext2D, x: number, y: number): void {
  roundRect(ctx, x - 7, y - 7, 14, 14, 2);
  ctx.fillStyle = '#3a1a00';
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(x, y - 6);
  ctx.quadraticCurveTo(x + 6, y, x + 3.5, y + 5);
  ctx.lineTo(x - 3.5, y + 5);
  ctx.quadraticCurveTo(x - 6, y, x, y - 6);
  ctx.fillStyle = COLORS.bonfire;
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(x, y - 1);
  ctx.quadraticCurveTo(x + 2.5, y + 2, x + 1.5, y + 5);
  ctx.lineTo(x - 1.5, y + 5);
  ctx.quadraticCurveTo(x - 2.5, y + 2, x, y - 1);
  ctx.fillStyle = '#d7261e';
  ctx.fill();
}

function skull(ctx: CanvasRenderingContext2D, x: number, y: number): void {
  roundRect(ctx, x - 7, y - 7, 14, 14, 2);
  ctx.fillStyle = COLORS.skull;
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  ctx.arc(x, y - 1.2, 4.2, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillRect(x - 2.4, y + 1.5, 4.8, 3.5);
  ctx.fillStyle = COLORS.skull;
  ctx.beginPath();
  ctx.arc(x - 1.6, y - 1.4, 1.1, 0, Math.PI * 2);
  ctx.arc(x + 1.6, y - 1.4, 1.1, 0, Math.PI * 2);
  ctx.fill();
}

/** Control pennant in the side colour (top right of the hex). */
export function drawControl(ctx: CanvasRenderingContext2D, side: Side, cx: number, cy: number): void {
  const x = cx + 13;
  const y = cy - BASE_H / 2 + 4;
  ctx.strokeStyle = '#111111';
  ctx.lineWidth = 1.4;
  ctx.beginPath();
  ctx.moveTo(x, y);
  ctx.lineTo(x, y + 13);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(x, y);
  ctx.lineTo(x + 11, y + 3.5);
  ctx.lineTo(x, y + 7);
  ctx.closePath();
  ctx.fillStyle = SIDE_STYLE[side].accent;
  ctx.fill();
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = 0.8;
  ctx.stroke();
}

/** Hex-marker chits over the stack corners: Suppressed (top left), Fired (top right), Bonfire/Skull (bottom left). */
export function drawHexChits(ctx: CanvasRenderingContext2D, m: HexMarkers, cx: number, cy: number): void {
  const y = cy + COUNTER_DY;
  const top = y - COUNTER / 2 + 1;
  if (m.suppressed && m.suppressed > 0)
    chit(ctx, cx - COUNTER / 2 + 2, top, m.suppressed > 1 ? `S${m.suppressed}` : 'S', COLORS.suppressed, '#ffffff');
  if (m.fired) chit(ctx, cx + COUNTER / 2 - 2, top, 'F', COLORS.fired, '#111111');
  let bx = cx - COUNTER / 2 + 2;
  const by = y + COUNTER / 2 - 2;
  if (m.bonfire) {
    flame(ctx, bx, by);
    bx += 15;
  }
  if (m.skull) skull(ctx, bx, by);
  if (m.control) drawControl(ctx, m.control, cx, cy);
}

/** Legend helpers for marker samples. */
export const markerSamples = { chit, flame, skull };
