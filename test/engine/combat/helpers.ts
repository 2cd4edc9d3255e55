/**
 * Test builders for combat tests: a toy Ruleset (a few hexes, hand-made counters with the printed values of
 * the counter sheet) and a minimal GameState. The CRT and the modifier list are the real ones from
 * data/redwinter/tables.json; tests pin the cell they need with scripted dice.
 */
import { readFileSync } from 'node:fs';
import type { CounterDef, Crt, MapHex, Ruleset, Side, Terrain, TurnDef, UnitType } from '../../../src/engine/ruleset.js';
import type { GameState, UnitState } from '../../../src/engine/types.js';
import { parseCrtCell } from '../../../src/data/load.js';

const tables = JSON.parse(readFileSync('data/redwinter/tables.json', 'utf8')) as Record<string, unknown>;

/** The Red Winter CRT as shipped (8.4). */
export const CRT: Crt = (() => {
  const c = tables.crt as { columns: string[]; rows: { roll: number; cells: string[] }[] };
  return { columns: c.columns as Crt['columns'], rows: c.rows.map((r) => ({ roll: r.roll, cells: r.cells.map(parseCrtCell) })) };
})();

type Vals = [cs: number | null, ma: number];
function def(
  id: string,
  side: Side,
  type: UnitType,
  full: Vals,
  reduced: Vals | null,
  extra: Partial<CounterDef> = {},
  conv: Partial<CounterDef['conventions']> = {},
): CounterDef {
  return {
    id,
    printed: id,
    side,
    formation: 'x',
    type,
    steps: reduced ? 2 : 1,
    full: { cs: full[0], ras: 1, range: 2, ma: full[1] },
    reduced: reduced ? { cs: reduced[0], ras: 1, range: 2, ma: reduced[1] } : null,
    conventions: { csDoubledOnDefense: false, cannotAttack: false, indirectFire: false, atRange: null, armored: false, ...conv },
    infantryCompany: type === 'infantry',
    ...extra,
  };
}

/** Counters with the counter sheet values. Several copies of each kind, ids suffixed. */
export function counters(): CounterDef[] {
  const out: CounterDef[] = [];
  for (let i = 1; i <= 9; i++) {
    out.push(def(`S${i}`, 'soviet', 'infantry', [5, 5], [3, 5]));
    out.push(def(`F${i}`, 'finnish', 'infantry', [5, 6], [3, 6]));
  }
  for (let i = 1; i <= 3; i++) {
    out.push(def(`SMG${i}`, 'soviet', 'mg', [4, 4], [2, 4], {}, { csDoubledOnDefense: true }));
    out.push(def(`FMG${i}`, 'finnish', 'mg', [3, 4], [2, 4], {}, { csDoubledOnDefense: true }));
  }
  out.push(def('SMtr', 'soviet', 'mortar', [1, 2], null, {}, { cannotAttack: true, indirectFire: true }));
  out.push(def('FMtr', 'finnish', 'mortar', [1, 3], null, {}, { cannotAttack: true, indirectFire: true }));
  out.push(def('SAT', 'soviet', 'atGun', [1, 3], null, {}, { csDoubledOnDefense: true }));
  out.push(def('FAT', 'finnish', 'atGun', [2, 2], [1, 2], {}, { atRange: 2 }));
  out.push(def('T26', 'soviet', 'tank', [10, 8], [6, 8], {}, { armored: true }));
  out.push(def('T37', 'soviet', 'tank', [5, 9], [3, 9], {}, { armored: true }));
  out.push(def('BA10', 'soviet', 'armoredCar', [8, 12], [5, 12], {}, { armored: true }));
  out.push(def('Eng', 'finnish', 'engineer', [2, 6], [1, 6]));
  out.push(def('Pajari', 'finnish', 'leader', [null, 7], null));
  return out;
}

export interface ToyMap {
  /** Terrain per hex; hexes not listed are not on the toy map. */
  terrain: Record<string, Terrain>;
  roads?: [string, string, ('main' | 'primary' | 'secondary')?][];
  bridges?: [string, string][];
  hotel?: string;
  supply?: { soviet: string[]; finnish: string[] };
}

export function turnDef(turn: number, light: TurnDef['light'] = 'day', moraleBonus: Side | null = null): TurnDef {
  return {
    turn,
    date: '1939-12-09',
    day: 2,
    time: '12:00',
    light,
    los: 5,
    ammo: { soviet: 0, finnish: 0 },
    reinforcements: { soviet: 0, finnish: 0 },
    replacements: { soviet: 0, finnish: 0 },
    moraleBonus,
    armorCommitmentVp: null,
    notes: [],
  };
}

export function ruleset(map: ToyMap, opts: { crt?: Crt; turns?: TurnDef[] } = {}): Ruleset {
  const hexes: Record<string, MapHex> = {};
  for (const [id, terrain] of Object.entries(map.terrain)) hexes[id] = { id, terrain, ...(map.hotel === id ? { hotel: true } : {}) };
  return {
    id: 'redwinter',
    map: {
      grid: {
        columns: 'ABCDEFGHIJKLMNOPQRSTUVWX',
        rowsOddLetter: 30,
        rowsEvenLetter: 31,
        orientation: 'flat-top',
        raisedColumns: 'even-letter',
      },
      hexes,
      roads: (map.roads ?? []).map(([a, b, type]) => ({ a, b, type: type ?? ('primary' as const) })),
      bridges: (map.bridges ?? []).map(([a, b]) => ({ a, b, name: 'bridge' })),
      places: [],
      supplySources: map.supply ?? { soviet: ['X28'], finnish: ['A13'] },
      supplySourceEdges: {},
      entryHexes: [],
      roadExits: [],
    },
    counters: counters(),
    tables: {
      crt: opts.crt ?? CRT,
      crtNotes: tables.crtNotes as Ruleset['tables']['crtNotes'],
      combatModifiers: tables.combatModifiers as Ruleset['tables']['combatModifiers'],
      allOnLake: tables.allOnLake as Ruleset['tables']['allOnLake'],
      movement: tables.movement as Ruleset['tables']['movement'],
      optional: tables.optional as Ruleset['tables']['optional'],
    } as Ruleset['tables'],
    turnTrack: opts.turns ?? [turnDef(1), turnDef(2, 'night'), turnDef(3, 'day', 'finnish'), turnDef(4, 'day', 'soviet')],
    scenarios: [],
  };
}

/** A unit placement for `state`: `['S1', 'M16']` or `['S1', 'M16', 1]` (1 step left = reduced). */
export type Place = [id: string, hex: string, steps?: number];

export function state(rs: Ruleset, places: Place[], opts: Partial<GameState> = {}): GameState {
  const units: Record<string, UnitState> = {};
  for (const [id, hex, steps] of places) {
    const d = rs.counters.find((c) => c.id === id);
    if (!d) throw new Error(`no counter ${id}`);
    units[id] = { id, side: d.side, location: 'map', hex, stepsLeft: steps ?? d.steps, flags: {} };
  }
  return {
    v: 1,
    ruleset: 'redwinter',
    scenario: 'test',
    options: {},
    turn: 1,
    phase: 'combat',
    activeSide: 'soviet',
    firstPlayer: 'soviet',
    units,
    markers: [],
    seed: 'x',
    rng: { c: 1, s0: 0.1, s1: 0.2, s2: 0.3 },
    rollCount: 0,
    commitment: '',
    vp: { soviet: 0, finnish: 0 },
    control: { base: 'finnish', hexes: {} },
    ammo: { soviet: 0, finnish: 0 },
    pending: [],
    log: [],
    seq: 0,
    result: null,
    ...opts,
  };
}

/** Fill every hex within `radius` of `center` with `terrain` (overrides in `except`). */
export function area(center: string, radius: number, terrain: Terrain, except: Record<string, Terrain> = {}): Record<string, Terrain> {
  const out: Record<string, Terrain> = {};
  const cols = 'ABCDEFGHIJKLMNOPQRSTUVWX';
  const c0 = cols.indexOf(center[0]!);
  const r0 = Number(center.slice(1));
  for (let c = Math.max(0, c0 - radius - 1); c <= Math.min(23, c0 + radius + 1); c++) {
    for (let r = Math.max(1, r0 - radius - 2); r <= Math.min(c % 2 === 0 ? 30 : 31, r0 + radius + 2); r++) {
      const id = `${cols[c]}${r}`;
      out[id] = terrain;
    }
  }
  return { ...out, ...except };
}
