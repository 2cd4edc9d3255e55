// The picture's frame: the header band (where we are in the game), the legend (what every colour and
// mark means), the off-map boxes and, on zoomed pictures, the list of stacked counters. Drawn in
// "chrome units" (the caller scales the context).
import { createCanvas, type CanvasRenderingContext2D } from 'canvas';
import type { Light, RoadType, Side, Terrain, UnitType } from '../src/engine/ruleset.js';
import type { CounterView, MapView, OffMapBox, UnitMarker, ViewHeader } from '../src/engine/view.js';
import { drawCounter, drawUnitSymbol, markerSamples, stackStrength, unitMarkerBadge } from './counters.js';
import { COLORS, ROAD_NAME, SIDE_STYLE, TERRAIN_NAME, font } from './style.js';
import { drawTerrainTile, hexPath, roadLayers, strokeLayers } from './terrain.js';

export const HEADER_H = 78;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const LIGHT_STYLE: Record<Light, { bg: string; fg: string; name: string }> = {
  dawn: { bg: '#f4a7b9', fg: '#111111', name: 'Dawn' },
  fog: { bg: '#b8c0c8', fg: '#111111', name: 'Fog' },
  day: { bg: '#ffe14a', fg: '#111111', name: 'Day' },
  dusk: { bg: '#f08a00', fg: '#111111', name: 'Dusk' },
  night: { bg: '#0b1d3a', fg: '#ffffff', name: 'Night' },
};

/** `1939-12-08` → `8 Dec 1939` (left as is if it is not an ISO date). */
export function formatDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  return `${Number(m[3])} ${MONTHS[Number(m[2]) - 1] ?? m[2]} ${m[1]}`;
}

function fitFont(ctx: CanvasRenderingContext2D, text: string, maxW: number, px: number, bold: boolean): number {
  let p = px;
  ctx.font = font(p, bold);
  while (p > 8 && ctx.measureText(text).width > maxW) {
    p -= 0.5;
    ctx.font = font(p, bold);
  }
  return p;
}

function pill(
  ctx: CanvasRenderingContext2D,
  text: string,
  x: number,
  y: number,
  px: number,
  bg: string,
  fg: string,
  align: 'left' | 'right',
): number {
  ctx.font = font(px, true);
  const w = ctx.measureText(text).width + px;
  const h = px * 1.5;
  const l = align === 'left' ? x : x - w;
  ctx.fillStyle = bg;
  ctx.fillRect(l, y - h / 2, w, h);
  ctx.fillStyle = fg;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, l + w / 2, y + 1);
  return w;
}

const sideName = (s: Side): string => SIDE_STYLE[s].name;

const HEADER_PAD = 14;

function headerTexts(h: ViewHeader): {
  title: string;
  light: { bg: string; fg: string; text: string };
  toAct: string | null;
  phase: string;
  score: string;
} {
  const light = LIGHT_STYLE[h.light] ?? LIGHT_STYLE.day;
  return {
    title: `${h.scenarioName}  ·  Turn ${h.turn} of ${h.lastTurn}  ·  ${formatDate(h.date)}, ${h.time}`,
    light: { bg: light.bg, fg: light.fg, text: `${light.name.toUpperCase()} · LOS ${h.los}` },
    toAct: h.sideToAct ? `${SIDE_STYLE[h.sideToAct].name.toUpperCase()} TO ACT` : null,
    phase: h.notes && h.notes.length > 0 ? `${h.phaseLabel}  ·  ${h.notes.join(' · ')}` : h.phaseLabel,
    score: `VP  Fin ${h.vp.finnish} · Sov ${h.vp.soviet}     Ammo  Fin ${h.ammo.finnish} · Sov ${h.ammo.soviet}`,
  };
}

/** True when VP and ammo need a line of their own (narrow pictures, long phase names). */
function scoreOnOwnLine(h: ViewHeader, width: number): boolean {
  const t = headerTexts(h);
  const pillW = t.toAct ? measure(t.toAct, font(15, true)) + 15 + 10 : 0;
  const need = HEADER_PAD + pillW + measure(t.phase, font(15, false)) + 24 + measure(t.score, font(16, true)) + HEADER_PAD;
  return need > width;
}

/** Height of the header band for a picture `width` chrome units wide. */
export function headerHeight(h: ViewHeader, width: number): number {
  return scoreOnOwnLine(h, width) ? HEADER_H + 28 : HEADER_H;
}

/** Header band across the top: scenario, turn, date/time, light/LOS, phase, side to act, VP, ammo. */
export function drawHeader(ctx: CanvasRenderingContext2D, h: ViewHeader, width: number): void {
  const t = headerTexts(h);
  const ownLine = scoreOnOwnLine(h, width);
  const pad = HEADER_PAD;
  ctx.fillStyle = COLORS.headerBg;
  ctx.fillRect(0, 0, width, headerHeight(h, width));
  // Line 1: scenario, turn, date — and the light/LOS pill on the right.
  const lightW = pill(ctx, t.light.text, width - pad, 22, 16, t.light.bg, t.light.fg, 'right');
  const p1 = fitFont(ctx, t.title, width - 3 * pad - lightW, 22, true);
  ctx.fillStyle = COLORS.headerText;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.font = font(p1, true);
  ctx.fillText(t.title, pad, 22);
  // Line 2: side to act and phase; VP and ammo on the right, or on line 3 when there is no room.
  let x = pad;
  const y2 = 54;
  if (t.toAct) x += pill(ctx, t.toAct, x, y2, 15, SIDE_STYLE[h.sideToAct!].accent, '#ffffff', 'left') + 10;
  let scoreW = 0;
  ctx.font = font(16, true);
  ctx.fillStyle = COLORS.headerText;
  if (ownLine) {
    ctx.textAlign = 'left';
    ctx.fillText(t.score, pad, y2 + 29);
  } else {
    scoreW = ctx.measureText(t.score).width + 24;
    ctx.textAlign = 'right';
    ctx.fillText(t.score, width - pad, y2 + 1);
  }
  const p2 = fitFont(ctx, t.phase, width - x - scoreW - pad, 17, false);
  ctx.font = font(p2, false);
  ctx.fillStyle = COLORS.headerSub;
  ctx.textAlign = 'left';
  ctx.fillText(t.phase, x, y2 + 1);
}

// ───────────────────────────── legend ─────────────────────────────

export const LEGEND_BLOCK_W = 272;

interface LegendBlock {
  title: string;
  height: number;
  draw(ctx: CanvasRenderingContext2D, x: number, y: number): void;
}

function label(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, px = 12.5, bold = false): void {
  ctx.font = font(px, bold);
  ctx.fillStyle = COLORS.legendText;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, x, y);
}

const TERRAINS: Terrain[] = ['lake', 'village', 'suo', 'forest'];
const ROADS: RoadType[] = ['main', 'primary', 'secondary'];
const SYMBOLS: [UnitType, string][] = [
  ['infantry', 'Infantry company'],
  ['bicycle', 'Bicycle infantry'],
  ['mg', 'Machine gun'],
  ['mortar', 'Mortar'],
  ['infantryGun', 'Infantry gun'],
  ['atGun', 'Anti-tank gun'],
  ['tank', 'Tank'],
  ['armoredCar', 'Armored car'],
  ['engineer', 'Engineer'],
  ['leader', 'Leader'],
  ['artillery76', 'Artillery'],
  ['fieldKitchen', 'Field kitchen'],
];

const SAMPLE: CounterView = {
  id: 'MG/1/609',
  label: 'MG/1',
  side: 'soviet',
  formation: '609',
  type: 'mg',
  values: { cs: 4, ras: 5, range: 3, ma: 4 },
  conventions: { csDoubledOnDefense: true, cannotAttack: false, indirectFire: false, atRange: null, armored: false },
  reduced: false,
  steps: 2,
  markers: [],
};

/** A short arrow pointing right, for the legend. */
function legendArrow(ctx: CanvasRenderingContext2D, cx: number, cy: number, color: string, width: number, head: number): void {
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.beginPath();
  ctx.moveTo(cx - 12, cy);
  ctx.lineTo(cx + 4, cy);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(cx + 14, cy);
  ctx.lineTo(cx + 2, cy - head);
  ctx.lineTo(cx + 2, cy + head);
  ctx.closePath();
  ctx.fillStyle = color;
  ctx.fill();
}

function legendBlocks(): LegendBlock[] {
  const row = 21;
  return [
    {
      title: 'Terrain (entry cost)',
      height: 4 * 32 + 10,
      draw(ctx, x, y) {
        TERRAINS.forEach((t, i) => {
          const cy = y + 18 + i * 32;
          drawTerrainTile(ctx, `legend-${t}`, t, x + 20, cy, 15);
          label(ctx, TERRAIN_NAME[t], x + 44, cy);
        });
      },
    },
    {
      title: 'Map',
      height: 7 * row + 12,
      draw(ctx, x, y) {
        let cy = y + 12;
        for (const r of ROADS) {
          ctx.lineCap = 'round';
          strokeLayers(
            ctx,
            () => {
              ctx.moveTo(x + 4, cy);
              ctx.lineTo(x + 36, cy);
            },
            roadLayers(r),
          );
          label(ctx, `${ROAD_NAME[r]} (½ MP along it)`, x + 44, cy);
          cy += row;
        }
        ctx.fillStyle = '#f5f5f5';
        ctx.fillRect(x + 6, cy - 6, 28, 12);
        ctx.strokeStyle = '#111111';
        ctx.lineWidth = 2.5;
        ctx.beginPath();
        ctx.moveTo(x + 3, cy - 9);
        ctx.lineTo(x + 6, cy - 6);
        ctx.lineTo(x + 34, cy - 6);
        ctx.lineTo(x + 37, cy - 9);
        ctx.moveTo(x + 3, cy + 9);
        ctx.lineTo(x + 6, cy + 6);
        ctx.lineTo(x + 34, cy + 6);
        ctx.lineTo(x + 37, cy + 9);
        ctx.stroke();
        label(ctx, 'Bridge', x + 44, cy);
        cy += row;
        for (const [side, text] of [
          ['finnish', 'Supply source (Finnish A13)'],
          ['soviet', 'Supply source (Soviet X28) / entry'],
        ] as [Side, string][]) {
          ctx.save();
          hexPath(ctx, x + 20, cy, 10);
          ctx.strokeStyle = SIDE_STYLE[side].accent;
          ctx.lineWidth = 3;
          ctx.setLineDash([4, 2.5]);
          ctx.stroke();
          ctx.restore();
          label(ctx, text, x + 44, cy);
          cy += row;
        }
        ctx.fillStyle = '#2b1a0e';
        ctx.fillRect(x + 11, cy - 6, 18, 12);
        ctx.fillStyle = '#ffffff';
        ctx.font = font(9, true);
        ctx.textAlign = 'center';
        ctx.fillText('H', x + 20, cy + 0.5);
        label(ctx, 'Hotel (M16); small house = building', x + 44, cy);
      },
    },
    {
      title: 'Counter',
      height: 66 + 18 + 6 * 19 + 8,
      draw(ctx, x, y) {
        const s = 66;
        drawCounter(ctx, SAMPLE, x + s / 2 + 2, y + s / 2 + 4, s);
        label(ctx, '← unit id, regiment', x + s + 10, y + 12, 11.5, true);
        label(ctx, '← CS  RAS^range  MA', x + s + 10, y + s - 6, 11.5, true);
        const rows: [string, string, string, string][] = [
          ['4', '#111111', '#ffffff', 'black CS: doubled on defence'],
          ['(1)', '', '#111111', 'CS in brackets: cannot attack'],
          ['5⁶', COLORS.yellowBox, '#111111', 'yellow RAS: indirect fire'],
          ['2', COLORS.redBox, '#ffffff', 'red box: AT fire range'],
          ['8', COLORS.orangeBox, '#111111', 'orange MA: armored unit'],
        ];
        let cy = y + s + 18;
        for (const [t, bg, fg, text] of rows) {
          ctx.font = font(12, true);
          const w = ctx.measureText(t).width + 6;
          if (bg) {
            ctx.fillStyle = bg;
            ctx.fillRect(x + 20 - w / 2, cy - 8, w, 16);
          }
          ctx.fillStyle = fg;
          ctx.textAlign = 'center';
          ctx.textBaseline = 'middle';
          ctx.fillText(t, x + 20, cy + 0.5);
          label(ctx, text, x + 44, cy, 11.5);
          cy += 19;
        }
        // Reduced band sample and the stack badge.
        ctx.fillStyle = SIDE_STYLE.finnish.body;
        ctx.fillRect(x + 8, cy - 9, 24, 18);
        ctx.fillStyle = COLORS.reducedBand;
        ctx.fillRect(x + 8, cy - 4, 24, 8);
        ctx.strokeStyle = SIDE_STYLE.finnish.band;
        ctx.lineWidth = 1.2;
        ctx.strokeRect(x + 8, cy - 9, 24, 18);
        ctx.beginPath();
        ctx.moveTo(x + 8, cy - 4);
        ctx.lineTo(x + 32, cy - 4);
        ctx.moveTo(x + 8, cy + 4);
        ctx.lineTo(x + 32, cy + 4);
        ctx.stroke();
        label(ctx, 'light band: reduced side', x + 44, cy, 11.5);
        cy += 19;
        ctx.beginPath();
        ctx.arc(x + 20, cy, 7.5, 0, Math.PI * 2);
        ctx.fillStyle = '#111111';
        ctx.fill();
        ctx.fillStyle = '#ffffff';
        ctx.font = font(10, true);
        ctx.textAlign = 'center';
        ctx.fillText('3', x + 20, cy + 0.5);
        label(ctx, 'counters in the stack', x + 44, cy, 11.5);
      },
    },
    {
      title: 'Unit types',
      height: 6 * row + 12,
      draw(ctx, x, y) {
        SYMBOLS.forEach(([t, name], i) => {
          const col = i % 2;
          const r = Math.floor(i / 2);
          const cx = x + col * 136;
          const cy = y + 12 + r * row;
          drawUnitSymbol(ctx, t, cx + 13, cy, 22, 12, '#111111');
          label(ctx, name, cx + 30, cy, 11.5);
        });
      },
    },
    {
      title: 'Markers and arrows',
      height: 12 * row + 12,
      draw(ctx, x, y) {
        const badges = (cx: number, cy: number, ms: UnitMarker[]) =>
          ms.forEach((m, k) => unitMarkerBadge(ctx, m, cx - 10 + k * 12.5, cy, 1.25));
        const items: [(cx: number, cy: number) => void, string][] = [
          [(cx, cy) => markerSamples.chit(ctx, cx, cy, 'S', COLORS.suppressed, '#ffffff'), 'Suppressed hex   F Fired'],
          [(cx, cy) => markerSamples.flame(ctx, cx, cy), 'Bonfire'],
          [(cx, cy) => markerSamples.skull(ctx, cx, cy), 'Skull (sub-zero check)'],
          [
            (cx, cy) => {
              ctx.save();
              hexPath(ctx, cx, cy, 10);
              ctx.strokeStyle = COLORS.dugIn;
              ctx.lineWidth = 4;
              ctx.stroke();
              hexPath(ctx, cx + 26, cy, 10);
              ctx.setLineDash([4, 3]);
              ctx.stroke();
              ctx.restore();
            },
            '     Dug-In  /  Digging In (dashed)',
          ],
          [
            (cx, cy) => {
              ctx.fillStyle = SIDE_STYLE.finnish.accent;
              ctx.beginPath();
              ctx.moveTo(cx - 5, cy - 7);
              ctx.lineTo(cx + 7, cy - 3.5);
              ctx.lineTo(cx - 5, cy);
              ctx.closePath();
              ctx.fill();
              ctx.fillRect(cx - 6, cy - 7, 1.5, 14);
            },
            'Control of an objective',
          ],
          [
            (cx, cy) => {
              ctx.save();
              hexPath(ctx, cx, cy, 10);
              ctx.setLineDash([5, 3]);
              ctx.strokeStyle = SIDE_STYLE.soviet.accent;
              ctx.lineWidth = 2.5;
              ctx.stroke();
              ctx.restore();
            },
            'Objective taken this Action Phase',
          ],
          [
            (cx, cy) => {
              ctx.beginPath();
              ctx.arc(cx + 14, cy, 7, 0, Math.PI * 2);
              ctx.fillStyle = '#111111';
              ctx.fill();
              ctx.fillStyle = '#ffffff';
              ctx.font = font(9.5, true);
              ctx.textAlign = 'center';
              ctx.textBaseline = 'middle';
              ctx.fillText('2', cx + 14, cy + 0.5);
              ctx.fillStyle = '#111111';
              ctx.fillText('Σ7', cx - 6, cy + 0.5);
            },
            '     Stack: counters · total printed CS',
          ],
          [(cx, cy) => legendArrow(ctx, cx, cy, SIDE_STYLE.soviet.accent, 3.5, 6), 'Move (dashed: retreat)'],
          [(cx, cy) => legendArrow(ctx, cx, cy, '#111111', 5, 7), 'Combat: odds → result (purple: Assault)'],
          [
            (cx, cy) => {
              hexPath(ctx, cx, cy, 10);
              ctx.strokeStyle = COLORS.highlight;
              ctx.lineWidth = 2.5;
              ctx.stroke();
              ctx.fillStyle = '#111111';
              ctx.font = font(10, true);
              ctx.textAlign = 'center';
              ctx.fillText('2½', cx, cy + 0.5);
            },
            'Reachable: MP cost (others darkened)',
          ],
          [
            (cx, cy) => {
              ctx.save();
              hexPath(ctx, cx, cy, 10);
              ctx.clip();
              ctx.fillStyle = 'rgba(192,38,31,0.2)';
              ctx.fill();
              ctx.strokeStyle = SIDE_STYLE.soviet.accent;
              ctx.lineWidth = 1.3;
              ctx.beginPath();
              for (let k = -3; k <= 3; k++) {
                ctx.moveTo(cx + k * 5 - 10, cy + 10);
                ctx.lineTo(cx + k * 5 + 10, cy - 10);
              }
              ctx.stroke();
              ctx.restore();
            },
            'ZOC (/ Soviet, \\ Finnish)',
          ],
          // The letters on a counter's corner badges (render/counters.ts UNIT_MARKER), in two rows.
          [(cx, cy) => badges(cx, cy, ['suppressed', 'fired', 'outOfSupply']), '   On a unit: Suppressed, Fired, no supply'],
          [(cx, cy) => badges(cx, cy, ['moved', 'lost', 'capturedLmg']), '   Moved, lost (woods), captured LMG'],
        ];
        items.forEach(([icon, text], i) => {
          const cy = y + 12 + i * row;
          icon(x + 16, cy);
          label(ctx, text, x + 40, cy, 12);
        });
      },
    },
  ];
}

/** Height of the legend for a canvas `width` chrome units wide. */
export function legendHeight(width: number): number {
  return layoutLegend(width).height;
}

function layoutLegend(width: number): { height: number; placed: { block: LegendBlock; x: number; y: number }[] } {
  const blocks = legendBlocks();
  const gap = 14;
  const perRow = Math.max(1, Math.floor((width - gap) / (LEGEND_BLOCK_W + gap)));
  const placed: { block: LegendBlock; x: number; y: number }[] = [];
  let y = 12;
  for (let i = 0; i < blocks.length; i += perRow) {
    const rowBlocks = blocks.slice(i, i + perRow);
    const used = rowBlocks.length * LEGEND_BLOCK_W + (rowBlocks.length - 1) * gap;
    let x = Math.max(gap, (width - used) / 2);
    const h = Math.max(...rowBlocks.map((b) => b.height)) + 24;
    for (const b of rowBlocks) {
      placed.push({ block: b, x, y });
      x += LEGEND_BLOCK_W + gap;
    }
    y += h + 8;
  }
  return { height: y, placed };
}

/** The legend, `width` chrome units wide, with its top at y = 0. */
export function drawLegend(ctx: CanvasRenderingContext2D, width: number): void {
  const { height, placed } = layoutLegend(width);
  ctx.fillStyle = COLORS.legendBg;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = COLORS.legendRule;
  ctx.fillRect(0, 0, width, 1.5);
  for (const { block, x, y } of placed) {
    label(ctx, block.title.toUpperCase(), x, y + 6, 12.5, true);
    ctx.fillStyle = COLORS.legendRule;
    ctx.fillRect(x, y + 15, LEGEND_BLOCK_W, 1);
    ctx.save();
    block.draw(ctx, x, y + 22);
    ctx.restore();
  }
}

// ─────────────────────── off-map boxes and stack lists ───────────────────────

const MINI = 50;
const MINI_GAP = 6;
const BOX_GAP = 22;
let scratch: CanvasRenderingContext2D | null = null;

function measure(text: string, f: string): number {
  scratch ??= createCanvas(4, 4).getContext('2d');
  scratch.font = f;
  return scratch.measureText(text).width;
}

interface PlacedBox {
  box: OffMapBox;
  title: string;
  x: number;
  y: number;
  perRow: number;
}

/** Flow the non-empty boxes into rows like words in a paragraph. */
function layoutOffMap(boxes: readonly OffMapBox[], width: number): { height: number; placed: PlacedBox[] } {
  const nonEmpty = boxes.filter((b) => b.units.length > 0);
  if (nonEmpty.length === 0) return { height: 0, placed: [] };
  const inner = width - 24;
  const maxPerRow = Math.max(1, Math.floor((inner + MINI_GAP) / (MINI + MINI_GAP)));
  const placed: PlacedBox[] = [];
  let x = 12;
  let y = 10;
  let rowH = 0;
  for (const box of nonEmpty) {
    const title = `${sideName(box.side)} · ${box.title}`;
    const perRow = Math.min(box.units.length, maxPerRow);
    const rows = Math.ceil(box.units.length / perRow);
    const w = Math.min(inner, Math.max(measure(title, font(13, true)), perRow * (MINI + MINI_GAP) - MINI_GAP));
    const h = 22 + rows * (MINI + MINI_GAP);
    if (x > 12 && x + w > 12 + inner) {
      x = 12;
      y += rowH + 10;
      rowH = 0;
    }
    placed.push({ box, title, x, y, perRow });
    x += w + BOX_GAP;
    rowH = Math.max(rowH, h);
  }
  return { height: y + rowH + 8, placed };
}

/** Height of the off-map strip (0 when there is nothing off the map). */
export function offMapHeight(boxes: readonly OffMapBox[], width: number): number {
  return layoutOffMap(boxes, width).height;
}

export function drawOffMap(ctx: CanvasRenderingContext2D, boxes: readonly OffMapBox[], width: number): void {
  const { height, placed } = layoutOffMap(boxes, width);
  if (height === 0) return;
  ctx.fillStyle = '#eef0f2';
  ctx.fillRect(0, 0, width, height);
  for (const p of placed) {
    label(ctx, p.title, p.x, p.y + 8, 13, true);
    p.box.units.forEach((u, i) => {
      const col = i % p.perRow;
      const r = Math.floor(i / p.perRow);
      drawCounter(ctx, u, p.x + MINI / 2 + col * (MINI + MINI_GAP), p.y + 22 + MINI / 2 + r * (MINI + MINI_GAP), MINI);
    });
  }
}

/** Text lines listing every stack of 2+ counters in `hexes` (top counter first). */
export function stackLines(view: MapView, hexes: readonly string[]): string[] {
  const out: string[] = [];
  for (const h of hexes) {
    const s = view.units[h];
    if (!s || s.length < 2) continue;
    out.push(
      `${h}: ${[...s]
        .reverse()
        .map((c) => `${c.id}${c.reduced ? ' (reduced)' : ''}`)
        .join(', ')} (CS ${stackStrength(s)} in all)`,
    );
  }
  return out;
}

export function stackListHeight(lines: readonly string[]): number {
  return lines.length === 0 ? 0 : 30 + lines.length * 18;
}

export function drawStackList(ctx: CanvasRenderingContext2D, lines: readonly string[], width: number): void {
  if (lines.length === 0) return;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, stackListHeight(lines));
  label(ctx, 'STACKS (top counter first)', 12, 16, 12.5, true);
  lines.forEach((l, i) => {
    const p = fitFont(ctx, l, width - 24, 13, false);
    label(ctx, l, 12, 36 + i * 18, p);
  });
}
