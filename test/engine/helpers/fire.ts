/**
 * Builders for the Ranged Attack / LOS / AT Fire tests: the real counters, tables and Turn Track with a
 * test board (every hex of the map frozen lake unless told otherwise), and a Combat Phase state holding
 * only the units a test places.
 */
import { createEngine, type Engine, type GameState, type Side } from '../../../src/engine/index.js';
import type { MapHex, Ruleset, Terrain } from '../../../src/engine/ruleset.js';
import { allHexIds } from '../../../src/engine/hex.js';
import { loadRuleset } from '../../../src/data/load.js';

export const REAL = loadRuleset();

/** The real ruleset on a board where every hex is `base` except the listed ones. */
export function board(terrain: Record<string, Terrain> = {}, base: Terrain = 'lake'): Ruleset {
  const hexes: Record<string, MapHex> = {};
  for (const id of allHexIds()) hexes[id] = { id, terrain: terrain[id] ?? base };
  return { ...REAL, map: { ...REAL.map, hexes } };
}

let campaignStart: GameState | null = null;

/**
 * A state in `side`'s Combat Phase of `turn` with only the given units: `[unit, hex]` puts a unit on the
 * map ('offMap' for available artillery); `[unit, hex, steps]` sets its steps.
 */
export function scene(
  placed: [string, string, number?][],
  opts: { side?: Side; turn?: number; ammo?: Partial<Record<Side, number>> } = {},
): GameState {
  if (!campaignStart) campaignStart = createEngine(REAL).setup('campaign', { seed: 'fire-tests' });
  const s = structuredClone(campaignStart);
  for (const u of Object.values(s.units)) {
    u.location = 'eliminated';
    u.hex = null;
  }
  for (const [id, hex, steps] of placed) {
    const def = REAL.counters.find((c) => c.id === id);
    if (!def) throw new Error(`no counter ${id}`);
    s.units[id] = {
      id,
      side: def.side,
      location: hex === 'offMap' ? 'offMap' : 'map',
      hex: hex === 'offMap' ? null : hex,
      stepsLeft: steps ?? def.steps,
      flags: {},
    };
  }
  const side = opts.side ?? 'soviet';
  s.turn = opts.turn ?? 2;
  s.phase = 'combat';
  s.activeSide = side;
  s.firstPlayer = 'soviet';
  s.pending = [];
  s.ammo = { soviet: opts.ammo?.soviet ?? 5, finnish: opts.ammo?.finnish ?? 5 };
  return s;
}

export function engineOn(rs: Ruleset): Engine {
  return createEngine(rs);
}
