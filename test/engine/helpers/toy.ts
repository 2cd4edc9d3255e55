/**
 * Toy rulesets for engine tests (DESIGN: "a test can pass a 7-hex toy map"). Hex ids are real map
 * ids; only the hexes listed are in play. Costs are the printed ones (the map's terrain key).
 */
import type {
  Drm,
  RatResult,
  CounterDef,
  GameMap,
  MapHex,
  Ruleset,
  RoadLink,
  Scenario,
  Side,
  Tables,
  Terrain,
  TurnDef,
  UnitType,
  StepValues,
} from '../../../src/engine/ruleset.js';
import type { HexId } from '../../../src/engine/hex.js';
import { CRT } from '../combat/helpers.js';

export const MOVEMENT: Tables['movement'] = {
  terrain: { forest: 2, suo: 3, village: 1, lake: 1.5 },
  road: 0.5,
  bridge: 0,
  finnishSkiLake: 1,
  armorSecondaryRoad: { tank: 1, armoredCar: 2 },
  leaveEnemyZoc: 1,
  extendedMovement: { bonusMp: 2, minEnemyDistance: 4 },
  assaultExtra: 2,
};

function emptyDieTable<R>(): { dice: '1d6'; rows: { min: number | null; max: number | null; result: R }[]; drms: Drm[]; rule: string } {
  return { dice: '1d6', rows: [], drms: [], rule: '' };
}

export const TOY_TABLES: Tables = {
  crt: CRT,
  crtNotes: { combatFirstAttackerLossIsStep: true, assaultAttackerLossesAllSteps: true, hotelIgnoresFirstLoss: 'M16' },
  combatModifiers: [],
  allOnLake: { favour: 'finnish', columns: 0, replaces: [] },
  rat: { ...emptyDieTable<RatResult>(), friendlyFire: { unmodifiedMax: 0, optionalRule: '20.3' } },
  atft: { ...emptyDieTable<{ stepReduction: boolean }>(), maxRange: 2, exclusiveDrms: [] },
  recovery: emptyDieTable(),
  // SZLT and FNRT as printed (Player Aid Card): the Sub-Zero Loss Phase rolls on every night turn.
  szlt: {
    dice: '1d6',
    rule: '16.3',
    rows: [
      { min: null, max: 3, result: { steps: 1 } },
      { min: 4, max: null, result: { steps: 0 } },
    ],
    drms: [
      { id: 'onLake', n: 1, rule: '16.3', label: 'Stack on frozen lake', value: -1 },
      { id: 'finnish', n: 2, rule: '16.3', label: 'Finnish stack', value: 1 },
    ],
  },
  fnrt: {
    dice: '1d6',
    rule: '16.4',
    rows: [
      { min: null, max: 2, result: { attack: false, shift: 0 } },
      ...[3, 4, 5, 6, 7, 8].map((n) => ({ min: n, max: n, result: { attack: true, shift: n - 4 } })),
      { min: 9, max: null, result: { attack: true, shift: 5 } },
    ],
    drms: [],
  },
  movement: MOVEMENT,
  optional: {
    capturedLmgs: { ...emptyDieTable<{ success: boolean }>(), marker: { cs: 0, ras: 0, range: 0 } },
    lostInWoods: emptyDieTable(),
    pajariHeart: {
      rule: '20.6',
      dice: '2d6',
      night: { failMax: 0, turnsAhead: { min: 1, max: 1 } },
      other: { failMax: 0, turnsAhead: { min: 1, max: 1 } },
      fatalFailure: 2,
    },
  },
};

const sv = (cs: number, ma: number): StepValues => ({ cs, ras: 1, range: 2, ma });

/** A counter with sensible printed values for its type. */
export function counter(id: string, side: Side, type: UnitType, over: Partial<CounterDef> = {}): CounterDef {
  const ma: Record<string, number> = {
    infantry: side === 'finnish' ? 6 : 5,
    mg: 4,
    mortar: side === 'finnish' ? 3 : 2,
    atGun: side === 'finnish' ? 2 : 3,
    tank: 8,
    armoredCar: 12,
    leader: 7,
    engineer: 6,
    bicycle: 6,
    infantryGun: 2,
  };
  const twoStep = ['infantry', 'mg', 'tank', 'armoredCar', 'engineer', 'bicycle'].includes(type);
  return {
    id,
    printed: id,
    side,
    formation: side === 'soviet' ? '609' : 'JR16',
    type,
    steps: twoStep ? 2 : 1,
    full: sv(5, ma[type] ?? 4),
    reduced: twoStep ? sv(3, ma[type] ?? 4) : null,
    conventions: {
      csDoubledOnDefense: type === 'mg',
      cannotAttack: type === 'mortar',
      indirectFire: type === 'mortar',
      atRange: null,
      armored: type === 'tank' || type === 'armoredCar',
    },
    infantryCompany: type === 'infantry' || type === 'bicycle',
    ...over,
  };
}

export function turnTrack(n = 32, night: number[] = [5, 12, 19, 26]): TurnDef[] {
  const out: TurnDef[] = [];
  for (let t = 1; t <= n; t++) {
    out.push({
      turn: t,
      date: '1939-12-08',
      day: 1,
      time: '10:30',
      light: night.includes(t) ? 'night' : 'day',
      los: night.includes(t) ? 1 : 5,
      ammo: { soviet: 0, finnish: 0 },
      reinforcements: { soviet: 0, finnish: 0 },
      replacements: { soviet: 0, finnish: 0 },
      moraleBonus: null,
      armorCommitmentVp: null,
      notes: night.includes(t) ? ['subZeroLossPhase'] : [],
    });
  }
  return out;
}

export interface ToyOptions {
  /** Terrain per hex in play; every other hex is out of play. */
  terrain: Record<HexId, Terrain>;
  roads?: [HexId, HexId, RoadLink['type']?][];
  counters: CounterDef[];
  /** Setup: unit id → hex (or 'offMap'); [hex, reduced]. */
  setup?: Record<string, HexId | 'offMap'>;
  reinforcements?: Scenario['reinforcements'];
  supply?: Partial<Record<Side, HexId[]>>;
  roadExits?: GameMap['roadExits'];
  firstPlayer?: Side;
  turns?: { first: number; last: number };
  track?: TurnDef[];
  startingAmmo?: Record<Side, number>;
}

export function toyRuleset(o: ToyOptions): Ruleset {
  const hexes: Record<HexId, MapHex> = {};
  for (const [id, terrain] of Object.entries(o.terrain)) hexes[id] = { id, terrain };
  const scenario: Scenario = {
    id: 'toy',
    name: 'Toy',
    rule: null,
    description: 'test',
    turns: o.turns ?? { first: 1, last: 32 },
    firstPlayer: o.firstPlayer ?? 'soviet',
    schedule: 'own',
    replacements: [],
    setup: Object.entries(o.setup ?? {}).map(([unit, at]) => ({
      unit,
      at: at === 'offMap' ? { type: 'offMap' as const } : { type: 'hex' as const, hex: at },
    })),
    startingAmmo: o.startingAmmo ?? { soviet: 0, finnish: 0 },
    dugInMarkers: { soviet: 0, finnish: 0 },
    dugInAtStart: [],
    reinforcements: o.reinforcements ?? [],
    variableReinforcements: [],
    objectives: [],
    optionalRules: [],
    specialRules: [],
    playArea: null,
  };
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
      roads: (o.roads ?? []).map(([a, b, type]) => ({ a, b, type: type ?? 'primary' })),
      bridges: [],
      places: [],
      supplySources: { soviet: o.supply?.soviet ?? [], finnish: o.supply?.finnish ?? [] },
      supplySourceEdges: {},
      entryHexes: [],
      roadExits: o.roadExits ?? [],
    },
    counters: o.counters,
    tables: TOY_TABLES,
    turnTrack: o.track ?? turnTrack(),
    scenarios: [scenario],
  };
}

/** Replaces one hex of a toy map (e.g. to flag the Hotel). */
export function setHex(r: Ruleset, hex: MapHex): void {
  (r.map.hexes as Record<HexId, MapHex>)[hex.id] = hex;
}

/** Every hex of a rectangle of columns × rows, with one terrain. */
export function block(cols: string, rowFrom: number, rowTo: number, terrain: Terrain = 'forest'): Record<HexId, Terrain> {
  const out: Record<HexId, Terrain> = {};
  for (const c of cols) for (let r = rowFrom; r <= rowTo; r++) out[`${c}${r}`] = terrain;
  return out;
}

import { createEngine, type Engine, type GameState, type Action, type ApplyResult } from '../../../src/engine/index.js';

/** Engine + state at the start of `side`'s Action Phase on the first turn (or a later turn). */
export function atAction(r: Ruleset, side: Side = 'soviet', turn = 1): { engine: Engine; state: GameState } {
  const engine = createEngine(r);
  let state = engine.setup('toy', { seed: 'toy-seed' });
  while (!(state.phase === 'action' && state.activeSide === side && state.turn === turn)) {
    const who = engine.whoMustAct(state);
    const res = engine.apply(state, who.side, { type: 'endPhase', phase: state.phase });
    if (!res.ok) throw new Error(res.violation.message);
    state = res.state;
  }
  return { engine, state };
}

/** Applies and throws on a violation (for set-up steps inside tests). */
export function must(engine: Engine, state: GameState, side: Side, action: Action): GameState {
  const r: ApplyResult = engine.apply(state, side, action);
  if (!r.ok) throw new Error(`${r.violation.code}: ${r.violation.message}`);
  return r.state;
}

/** The violation code of a refused action (or 'ok'). */
export function codeOf(r: ApplyResult): string {
  return r.ok ? 'ok' : r.violation.code;
}
