// Colours and sizes of the map picture. Our own palette and symbols (never the publisher's art).
//
// Terrain colours are chosen to differ in LIGHTNESS as well as hue, so the four terrains stay apart
// in greyscale and for colour-blind players (luma in brackets): frozen lake (~232) > village (~196)
// > suo (~158) > forest (~112). Each also carries a texture (ice cracks, houses, marsh tufts, trees).
import type { RoadType, Side, Terrain } from '../src/engine/ruleset.js';
import { FONT_FAMILY } from './fonts.js';

export const TERRAIN_FILL: Record<Terrain, string> = {
  lake: '#dcebf5',
  village: '#e0c49a',
  suo: '#9ca77c',
  forest: '#5e7f4e',
};

/** Texture ink per terrain (darker/lighter marks drawn over the fill). */
export const TERRAIN_INK: Record<Terrain, string> = {
  lake: '#9fc0d8',
  village: '#8a5a2b',
  suo: '#5d6a45',
  forest: '#3b5a31',
};

export const TERRAIN_NAME: Record<Terrain, string> = {
  forest: 'Forest (2 MP)',
  suo: 'Suo / swamp (3 MP)',
  lake: 'Frozen lake (1½ MP; Finns 1)',
  village: 'Village (1 MP)',
};

export const ROAD_STYLE: Record<RoadType, { width: number; casing: string; casingWidth: number; color: string; dash: number[] }> = {
  main: { width: 6, casing: '#3d2410', casingWidth: 9, color: '#f2c14e', dash: [] },
  primary: { width: 4, casing: '#3d2410', casingWidth: 6.5, color: '#f7e2a8', dash: [] },
  secondary: { width: 2.5, casing: '#4a3220', casingWidth: 2.5, color: '#4a3220', dash: [6, 4] },
};

export const ROAD_NAME: Record<RoadType, string> = {
  main: 'Main road',
  primary: 'Primary road',
  secondary: 'Secondary road',
};

export interface SideStyle {
  /** Counter body. */
  body: string;
  /** Top band and border. */
  band: string;
  /** Text on the band. */
  bandText: string;
  /** Ink of symbols and values. */
  ink: string;
  /** Arrows, ZOC, control flags. */
  accent: string;
  name: string;
}

/**
 * Side colours. Besides hue (blue / red) the sides differ in lightness, so they stay apart in
 * greyscale: Finnish counters have a very light body and a mid-blue band (luma ~236 / ~99), Soviet
 * ones a mid salmon body and a near-black red band (~197 / ~48).
 */
export const SIDE_STYLE: Record<Side, SideStyle> = {
  finnish: { body: '#e4eef9', band: '#2f6db5', bandText: '#ffffff', ink: '#10223d', accent: '#1f5fbf', name: 'Finnish' },
  soviet: { body: '#e9b9a3', band: '#7a1010', bandText: '#ffffff', ink: '#2e0808', accent: '#c0261f', name: 'Soviet' },
};

export const COLORS = {
  background: '#f6f3ea',
  hexLine: 'rgba(40,40,40,0.35)',
  hexId: 'rgba(20,20,20,0.78)',
  hexIdOnDark: 'rgba(255,255,255,0.85)',
  placeText: '#1b1b1b',
  lakeText: '#1d4e78',
  halo: 'rgba(255,255,255,0.85)',
  headerBg: '#1e2630',
  headerText: '#ffffff',
  headerSub: '#c9d3de',
  legendBg: '#ffffff',
  legendText: '#1b1b1b',
  legendRule: '#cccccc',
  combatLabelBg: '#fff6c2',
  reachVeil: 'rgba(15, 15, 15, 0.38)',
  reachText: '#1b1b1b',
  highlight: '#ffd400',
  dugIn: '#6b3e13',
  suppressed: '#d7261e',
  fired: '#f08a00',
  bonfire: '#ffb000',
  skull: '#222222',
  yellowBox: '#ffe14a',
  redBox: '#d7261e',
  orangeBox: '#f08a00',
  reducedBand: 'rgba(255,255,255,0.72)',
};

export function font(px: number, bold = false): string {
  return `${bold ? 'bold ' : ''}${px}px ${FONT_FAMILY}`;
}
