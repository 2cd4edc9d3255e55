/**
 * zod schemas for the files in data/redwinter/ (format: docs/data-format.md).
 * They check shape and value ranges, and that every hex id names a hex on the map.
 * Cross-file and rule checks (adjacency, village/lake hexes, turn-track agreement…) are in checks.ts.
 */
import { z } from 'zod';
import { isOnMap } from '../engine/hex.js';

/** A printed hex id that names a hex on the Red Winter map (the printed map grid). */
export const hexId = z.string().superRefine((value, ctx) => {
  if (!isOnMap(value)) ctx.addIssue({ code: 'custom', message: `"${value}" is not a hex on the map (A1–X31)` });
});

export const side = z.enum(['soviet', 'finnish']);
export const terrain = z.enum(['forest', 'suo', 'village', 'lake']);
export const roadType = z.enum(['main', 'primary', 'secondary']);
export const edgeSide = z.enum(['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW']);
const count = z.number().int().nonnegative();
const rule = z.string().min(1);

// ───────────── map.json ─────────────

export const mapFile = z.strictObject({
  source: z.string(),
  grid: z.strictObject({
    columns: z.literal('ABCDEFGHIJKLMNOPQRSTUVWX'),
    rowsOddLetter: z.literal(30),
    rowsEvenLetter: z.literal(31),
    orientation: z.literal('flat-top'),
    raisedColumns: z.literal('even-letter'),
  }),
  /** Keys are checked against the grid in checks.ts (every hex exactly once). */
  terrain: z.record(z.string(), terrain),
  features: z.strictObject({
    hotel: z.array(hexId),
    gravelPits: z.array(hexId),
    tolvajarvi: z.array(hexId),
    building: z.array(hexId),
  }),
  roads: z.array(z.strictObject({ a: hexId, b: hexId, type: roadType })),
  bridges: z.array(z.strictObject({ a: hexId, b: hexId, name: z.string().min(1) })),
  supplySources: z.array(z.strictObject({ side, hex: hexId, edge: edgeSide })),
  entryHexes: z.array(
    z.strictObject({
      id: z.string().min(1),
      hex: hexId,
      side,
      edge: edgeSide,
      formations: z.array(z.string()),
      units: z.array(z.string()),
      rule,
    }),
  ),
  roadExits: z.array(z.strictObject({ hex: hexId, side: edgeSide, type: roadType })),
  places: z.array(
    z.strictObject({
      id: z.string().min(1),
      name: z.string().min(1),
      hexes: z.array(hexId).min(1),
      certainty: z.enum(['confirmed', 'approximate']),
    }),
  ),
});
export type MapFile = z.infer<typeof mapFile>;

// ───────────── counters.json ─────────────

export const unitType = z.enum([
  'infantry',
  'mg',
  'mortar',
  'infantryGun',
  'atGun',
  'tank',
  'armoredCar',
  'engineer',
  'bicycle',
  'leader',
  'artillery76',
  'artillery122',
  'artillery152',
  'fieldKitchen',
  'breakdownPlatoon',
  'provisional',
]);

const stepValues = z.strictObject({
  cs: count.nullable(),
  ras: count.nullable(),
  range: z.union([count, z.literal('unlimited')]).nullable(),
  ma: count.nullable(),
});

export const counterDef = z.strictObject({
  id: z.string().min(1),
  printed: z.string().min(1),
  side,
  formation: z.string().min(1),
  type: unitType,
  steps: z.union([z.literal(1), z.literal(2)]),
  full: stepValues,
  reduced: stepValues.nullable(),
  conventions: z.strictObject({
    csDoubledOnDefense: z.boolean().default(false),
    cannotAttack: z.boolean().default(false),
    indirectFire: z.boolean().default(false),
    atRange: count.nullable().default(null),
    armored: z.boolean().default(false),
  }),
  infantryCompany: z.boolean(),
  optionalRule: z.string().min(1).optional(),
  variableReinforcement: z.enum(['12.1.4', '12.8']).optional(),
  notes: z.string().optional(),
});

export const countersFile = z.strictObject({ counters: z.array(counterDef).min(1) });
export type CountersFile = z.infer<typeof countersFile>;

// ───────────── tables.json ─────────────

const oddsColumn = z.enum(['1:4', '1:3', '1:2', '1:1', '2:1', '3:1', '4:1', '5:1', '6:1']);

const drm = z.strictObject({
  id: z.string().min(1),
  n: z.number().int().positive(),
  rule,
  label: z.string().min(1),
  value: z.number().int().optional(),
  values: z.record(z.string(), z.number().int()).optional(),
  per: z.string().optional(),
  halveRas: z.literal('up').optional(),
  optionalRule: z.string().optional(),
  frictionFire: z.enum(['only', 'excluded']).optional(),
});

/** A die table whose rows map totals min…max (null = open-ended) to a result. */
function dieTable<R extends z.ZodType>(result: R) {
  return {
    rule,
    dice: z.enum(['1d6', '2d6']),
    rows: z.array(z.strictObject({ min: z.number().int().nullable(), max: z.number().int().nullable(), result })).min(1),
    drms: z.array(drm),
  };
}

const appliesTo = z.strictObject({ combat: z.boolean(), assault: z.boolean(), nightRaid: z.boolean() });

const combatEffect = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('halveCs'),
    who: z.enum(['attackersOnLakeOrAcrossBridge', 'armorAtNight']),
    round: z.enum(['up', 'down']),
  }),
  z.strictObject({
    type: z.literal('shift'),
    favour: z.enum(['attacker', 'defender', 'finnish', 'soviet', 'bonusHolder', 'firingPlayer']),
    columns: z.number().int().positive(),
    assaultColumns: z.number().int().positive().optional(),
    finnishAttackerColumns: z.number().int().positive().optional(),
    perMarker: z.boolean().optional(),
    maxColumns: z.number().int().positive().optional(),
    attackerSide: side.optional(),
  }),
]);

const range = z.strictObject({ min: z.number().int(), max: z.number().int() });

export const tablesFile = z.strictObject({
  crt: z.strictObject({
    rule,
    dice: z.literal('2d6'),
    columns: z.array(oddsColumn),
    rows: z.array(
      z.strictObject({
        roll: z.number().int(),
        cells: z.array(z.string().regex(/^\d+\/\d+$/, 'a CRT cell is "attacker/defender" step losses, e.g. "1/2"')),
      }),
    ),
    notes: z.array(z.string()),
  }),
  crtNotes: z.strictObject({
    combatFirstAttackerLossIsStep: z.boolean(),
    assaultAttackerLossesAllSteps: z.boolean(),
    hotelIgnoresFirstLoss: hexId,
  }),
  combatModifiers: z.array(
    z.strictObject({
      id: z.string().min(1),
      n: z.number().int().positive(),
      rule,
      label: z.string().min(1),
      appliesTo,
      effect: combatEffect,
      optionalRule: z.string().optional(),
    }),
  ),
  allOnLake: z.strictObject({ favour: z.literal('finnish'), columns: z.number().int().positive(), replaces: z.array(z.string()) }),
  rat: z.strictObject({
    ...dieTable(z.strictObject({ suppressed: z.boolean(), steps: count, frictionSteps: count.nullable() })),
    friendlyFire: z.strictObject({ unmodifiedMax: z.number().int(), optionalRule: z.string() }),
  }),
  atft: z.strictObject({
    ...dieTable(z.strictObject({ stepReduction: z.boolean() })),
    maxRange: z.number().int().positive(),
    exclusiveDrms: z.array(z.array(z.string())),
  }),
  recovery: z.strictObject(dieTable(z.strictObject({ success: z.boolean() }))),
  szlt: z.strictObject(dieTable(z.strictObject({ steps: count }))),
  fnrt: z.strictObject(dieTable(z.strictObject({ attack: z.boolean(), shift: z.number().int() }))),
  movement: z.strictObject({
    rule,
    terrain: z.strictObject({ forest: z.number().positive(), suo: z.number().positive(), village: z.number().positive(), lake: z.number().positive() }),
    road: z.number().positive(),
    bridge: z.number().nonnegative(),
    finnishSkiLake: z.number().positive(),
    armorSecondaryRoad: z.strictObject({ tank: z.number().positive(), armoredCar: z.number().positive() }),
    leaveEnemyZoc: z.number().nonnegative(),
    extendedMovement: z.strictObject({ bonusMp: z.number().nonnegative(), minEnemyDistance: count }),
    assaultExtra: z.number().nonnegative(),
  }),
  optional: z.strictObject({
    capturedLmgs: z.strictObject({
      ...dieTable(z.strictObject({ success: z.boolean() })),
      marker: z.strictObject({ cs: count, ras: count, range: count }),
    }),
    lostInWoods: z.strictObject(dieTable(z.strictObject({ lost: z.boolean() }))),
    pajariHeart: z.strictObject({
      rule,
      dice: z.literal('2d6'),
      night: z.strictObject({ failMax: z.number().int(), turnsAhead: range }),
      other: z.strictObject({ failMax: z.number().int(), turnsAhead: range }),
      fatalFailure: z.number().int().positive(),
    }),
  }),
});
export type TablesFile = z.infer<typeof tablesFile>;

// ───────────── turn-track.json ─────────────

const perSide = z.strictObject({ soviet: count, finnish: count });

export const turnNote = z.enum([
  'armorCommitmentEligible',
  'provisionalCompanyEligible',
  'stanceChangeEligible',
  'moraleCollapseCheck',
  'subZeroLossPhase',
  'campaignFinalTurn',
]);

export const turnDef = z.strictObject({
  turn: z.number().int().positive(),
  date: z.string().regex(/^1939-12-(0[89]|1[012])$/, 'date must be 1939-12-08 … 1939-12-12'),
  day: z.number().int().min(1).max(5),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time must be HH:MM'),
  light: z.enum(['dawn', 'fog', 'day', 'dusk', 'night']),
  los: z.number().int().positive(),
  ammo: perSide,
  reinforcements: perSide,
  replacements: perSide,
  moraleBonus: side.nullable(),
  armorCommitmentVp: count.nullable(),
  notes: z.array(turnNote),
});

export const turnTrackFile = z.strictObject({ turns: z.array(turnDef) });
export type TurnTrackFile = z.infer<typeof turnTrackFile>;

// ───────────── scenarios/*.json ─────────────

const setupArea = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('hex'), hex: hexId }),
  z.strictObject({ type: z.literal('within'), hex: hexId, distance: z.number().int().positive() }),
  z.strictObject({ type: z.literal('offMap') }),
]);

const objectiveScoring = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('fixed'), vp: count }),
  z.strictObject({ type: z.literal('each'), vp: count, max: count }),
  z.strictObject({ type: z.literal('anyOrAll'), any: count, all: count }),
]);

/** How a scenario's winner is decided at the end of its last turn (17.0; ours for the tutorial). */
const victoryRule = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('higherVp') }),
  z.strictObject({ type: z.literal('vpThreshold'), side, vp: count }),
]);

export const specialRule = z.enum([
  'armorCommitment',
  'provisionalCompany',
  'finnishStanceChange',
  'sovietMoraleCollapse',
  'sovietArtilleryPark',
  'finnishArtilleryPark',
  'noSetupOnLake',
]);

const turnNumber = z.number().int().min(1).max(32);

export const scenarioFile = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/, 'scenario id: lower-case letters, digits and dashes'),
  name: z.string().min(1),
  rule: z.string().nullable(),
  description: z.string(),
  turns: z.strictObject({ first: turnNumber, last: turnNumber }),
  firstPlayer: side,
  schedule: z.enum(['turnTrack', 'own']),
  setup: z.array(z.strictObject({ unit: z.string().min(1), at: setupArea, reduced: z.boolean().optional() })),
  startingAmmo: perSide,
  dugInMarkers: perSide,
  dugInAtStart: z.array(z.strictObject({ side, hex: hexId })),
  reinforcements: z.array(
    z.strictObject({
      turn: turnNumber,
      unit: z.string().min(1),
      entry: hexId.nullable(),
      mpPenalty: z.number().int().positive().optional(),
      optionalRule: z.string().optional(),
    }),
  ),
  replacements: z.array(z.strictObject({ turn: turnNumber, soviet: count, finnish: count })),
  variableReinforcements: z.array(z.string()),
  objectives: z.array(
    z.strictObject({
      id: z.string().min(1),
      name: z.string().min(1),
      hexes: z.array(hexId).min(1),
      scoring: objectiveScoring,
      trigger: z.string().optional(),
      notes: z.string().optional(),
    }),
  ),
  optionalRules: z.array(z.string()),
  specialRules: z.array(specialRule),
  /** A list of hexes, `{ within, of }` (all hexes within N of a hex), or null for the whole map. */
  playArea: z.union([z.array(hexId).min(1), z.strictObject({ within: z.number().int().positive(), of: hexId }), z.null()]),
  /** Supply source hexes replacing the map's (a play area that leaves out A13/X28 must declare its own). */
  supplySources: z.strictObject({ soviet: z.array(hexId).min(1), finnish: z.array(hexId).min(1) }).optional(),
  /** Victory rule; absent = higherVp (ruling, docs/rulings.md "Victory"). */
  victory: victoryRule.optional(),
  /** Automatic victory: `side` wins at a Victory Check holding one of `hexes` (ours; docs/rulings.md "Victory"). */
  automaticVictory: z.strictObject({ side, hexes: z.array(hexId).min(1) }).optional(),
});
export type ScenarioFile = z.infer<typeof scenarioFile>;
