/**
 * The typed Ruleset the engine receives (DESIGN.md: "tables and the map arrive as a typed Ruleset").
 * Pure types only: the loader in src/data/ validates the JSON in data/redwinter/ and returns this shape.
 * Section numbers refer to the Red Winter rulebook; "PAC" is the Player Aid Card.
 * The file format is documented in docs/data-format.md.
 */

/** A printed hex id in canonical form: upper-case column letter + row number without leading zeros, e.g. `M16`. */
export type HexId = string;

/** The two sides (2.0). */
export type Side = 'soviet' | 'finnish';

/** Terrain of a hex (5.2). A hex counts wholly as its majority terrain (5.0). */
export type Terrain = 'forest' | 'suo' | 'village' | 'lake';

/** Road types (5.3). Main is treated as primary except for victory conditions. */
export type RoadType = 'main' | 'primary' | 'secondary';

/** Light conditions printed on the Turn Track (10.6.2, 16.0). */
export type Light = 'dawn' | 'fog' | 'day' | 'dusk' | 'night';

/** Compass side of a map edge, for road exits. */
export type EdgeSide = 'N' | 'NE' | 'E' | 'SE' | 'S' | 'SW' | 'W' | 'NW';

// ───────────────────────────── map ─────────────────────────────

/** One hex of the map (2.3, 5.2). */
export interface MapHex {
  id: HexId;
  terrain: Terrain;
  /** The Hotel, M16: forest, defenders (infantry/MG) ignore their first loss (5.2.5). */
  hotel?: boolean;
  /** The Gravel Pits, L16: plain forest, historical interest only (5.2.6). */
  gravelPits?: boolean;
  /** Part of Tolvajärvi village (5.2.3). */
  tolvajarvi?: boolean;
  /** Printed building(s) in a non-village hex (graphic only, no effect). */
  building?: boolean;
}

/** A road connection between two adjacent hexes (5.3). Stored once per pair, a < b in id order. */
export interface RoadLink {
  a: HexId;
  b: HexId;
  type: RoadType;
}

/** A bridge: a hexside joining two land hexes, crossed like a road (5.4). */
export interface Bridge {
  a: HexId;
  b: HexId;
  name: string;
}

/** A named place or area (the printed map). */
export interface Place {
  id: string;
  name: string;
  hexes: HexId[];
  /** 'confirmed' from rules, printed labels or module zones; 'approximate' from label positions only. */
  certainty: 'confirmed' | 'approximate';
}

/** A hex where a road leaves the map (4.2 map edges; 13.1 entry). */
export interface RoadExit {
  hex: HexId;
  side: EdgeSide;
  type: RoadType;
}

/** A special entry hex that is not a supply source, e.g. X1 for the Soviet 718th (13.1.1). */
export interface EntryHex {
  id: string;
  hex: HexId;
  side: Side;
  /** Map edge the hex lies on. */
  edge: EdgeSide;
  /** Only units of these formations may enter here… */
  formations: string[];
  /** …plus these individual units (boxed entry code on the counter, 2.2). */
  units: string[];
  rule: string;
}

/** The map (2.3, 5.0, 15.4). */
export interface GameMap {
  grid: {
    columns: string;
    rowsOddLetter: number;
    rowsEvenLetter: number;
    orientation: 'flat-top';
    /** Which lettered columns sit half a hex higher. */
    raisedColumns: 'even-letter';
  };
  /** Every hex in play, keyed by printed id. A toy map in a test may hold only a few hexes. */
  hexes: Readonly<Record<HexId, MapHex>>;
  roads: RoadLink[];
  bridges: Bridge[];
  places: Place[];
  /** Supply source hexes per side (15.4): Finnish A13, Soviet X28. Reinforcements enter here (13.1). */
  supplySources: Record<Side, HexId[]>;
  /** Map edge of each supply source hex (4.2: units may leave the map through it). */
  supplySourceEdges: Record<HexId, EdgeSide>;
  entryHexes: EntryHex[];
  roadExits: RoadExit[];
}

// ─────────────────────────── counters ───────────────────────────

export type UnitType =
  | 'infantry'
  | 'mg'
  | 'mortar'
  | 'infantryGun'
  | 'atGun'
  | 'tank'
  | 'armoredCar'
  | 'engineer'
  | 'bicycle'
  | 'leader'
  | 'artillery76'
  | 'artillery122'
  | 'artillery152'
  | 'fieldKitchen'
  | 'breakdownPlatoon'
  | 'provisional';

/** Printed values of one side of a counter (2.2). null where nothing is printed. */
export interface StepValues {
  /** Combat Strength (8.2). */
  cs: number | null;
  /** Ranged Attack Strength (10.0). */
  ras: number | null;
  /** Range of the RAS (10.1); 'unlimited' for off-map artillery (12.4). */
  range: number | 'unlimited' | null;
  /** Movement Allowance (4.1); null for off-map artillery. */
  ma: number | null;
}

/** Printed conventions on a counter (2.2). */
export interface CounterConventions {
  /** CS in a black box: doubled when defending (2.2, 12.2). */
  csDoubledOnDefense: boolean;
  /** CS in parentheses: cannot attack, defends normally (2.2, 12.5.1). */
  cannotAttack: boolean;
  /** RAS in a yellow box: indirect Ranged Attacks (10.0b). */
  indirectFire: boolean;
  /** Red-boxed range: AT Fire range (11.0); null if none. Only Finnish AT guns. */
  atRange: number | null;
  /** MA in an orange box: Soviet armored unit (12.1). */
  armored: boolean;
}

/** One counter of the counter mix. */
export interface CounterDef {
  /** Unique id: as printed, e.g. `1/1/609`; counters printed more than once get `#1`, `#2`… (`MG/1/JR16#2`). */
  id: string;
  /** The id exactly as printed on the counter (`MG/1/JR16`, `Obuhov AT`). */
  printed: string;
  side: Side;
  /** Regiment or parent unit, e.g. `609`, `JR16`, `ErP112`, `47`, `354`. */
  formation: string;
  type: UnitType;
  /** 1 or 2 steps (8.5.1). */
  steps: 1 | 2;
  full: StepValues;
  /** Reduced side; null for single-step units. */
  reduced: StepValues | null;
  conventions: CounterConventions;
  /** Counts as an infantry company for stacking, Recovery, RPs, RAT DRM #1 (2.0 glossary, 12.7, 12.8). */
  infantryCompany: boolean;
  /** Asterisk counter: only with optional rules or variants (1.2). The rule section, e.g. `20.8`, or `variant`. */
  optionalRule?: string;
  /** Variable Reinforcement (coloured dot): armor commitment 12.1.4 or Provisional Company 12.8. */
  variableReinforcement?: '12.1.4' | '12.8';
  /** Extra notes in our own words. */
  notes?: string;
}

// ──────────────────────────── tables ────────────────────────────

/** CRT odds columns, left to right (8.2). */
export type OddsColumn = '1:4' | '1:3' | '1:2' | '1:1' | '2:1' | '3:1' | '4:1' | '5:1' | '6:1';

/** One CRT cell: losses to attacker / defender (8.4). */
export interface CrtCell {
  attacker: number;
  defender: number;
}

/** Combat Results Table (8.2, 8.4): 2d6, no DRMs; all 11 × 9 cells (`hexref data check` verifies them). */
export interface Crt {
  columns: OddsColumn[];
  /** One row per 2d6 total 2…12; cells[i] belongs to columns[i]. */
  rows: { roll: number; cells: CrtCell[] }[];
  /** Where the cells come from (informational). */
  notes?: string[];
}

/** What a CRT modifier does (8.2, 8.3). */
export type CombatModifierEffect =
  /** Halve a CS total (8.2 cases 1 and 2). */
  | { type: 'halveCs'; who: 'attackersOnLakeOrAcrossBridge' | 'armorAtNight'; round: 'up' | 'down' }
  /** Shift columns; favour says who benefits. */
  | {
      type: 'shift';
      favour: 'attacker' | 'defender' | 'finnish' | 'soviet' | 'bonusHolder' | 'firingPlayer';
      columns: number;
      /** Columns in Assaults when different (morale bonus: 2). */
      assaultColumns?: number;
      /** Columns when the Finns are the attacker (lake defender: 4). */
      finnishAttackerColumns?: number;
      /** Shift is per Suppression marker, capped at maxColumns (8.3 case 3). */
      perMarker?: boolean;
      maxColumns?: number;
      /** The modifier only applies when this side is the attacker (bonfire, morale collapse…). */
      attackerSide?: Side;
    };

/** One entry of the Combat/Assault modifier list (PAC; 8.2, 8.3). */
export interface CombatModifierDef {
  /** Stable id, e.g. `defenderOnLake`. */
  id: string;
  /** Case number on the PAC / in 8.2–8.3. */
  n: number;
  rule: string;
  label: string;
  appliesTo: { combat: boolean; assault: boolean; nightRaid: boolean };
  effect: CombatModifierEffect;
  /** Optional rule section, if the modifier is optional. */
  optionalRule?: string;
}

/** A die-roll modifier of a PAC table. */
export interface Drm {
  id: string;
  n: number;
  rule: string;
  label: string;
  /** The DRM, or per-case values in `values` (e.g. mortar +1 / IG +2). */
  value?: number;
  values?: Record<string, number>;
  /** Applied once per counted item (e.g. per infantry company in the target hex). */
  per?: string;
  /** Not a DRM: the firer's printed RAS is halved, rounding this way (Friction Fire #12). */
  halveRas?: 'up';
  optionalRule?: string;
  /** Friction Fire (20.1): 'only' = only in Friction Fire; 'excluded' = never in Friction Fire. */
  frictionFire?: 'only' | 'excluded';
}

/** A row of a die table: totals min…max (null = open-ended) give `result`. */
export interface DieRow<R> {
  min: number | null;
  max: number | null;
  result: R;
}

export interface DieTable<R> {
  dice: '1d6' | '2d6';
  rows: DieRow<R>[];
  drms: Drm[];
  rule: string;
}

/** Ranged Attack Table result (10.4). */
export interface RatResult {
  suppressed: boolean;
  steps: number;
  /** Optional Friction Fire (20.1): steps the moving stack takes, or halts. */
  frictionSteps: number | null;
}

/** Movement costs from the map key (4.0, 5.0–5.4, 12.1.3, the map's terrain key). */
export interface MovementTable {
  terrain: Record<Terrain, number>;
  /** Per hex entered along a connected road (5.3). */
  road: number;
  bridge: number;
  /** Finnish ski bonus lake cost (4.4); AT guns excluded. */
  finnishSkiLake: number;
  /** Armor on secondary roads per hex (12.1.3). */
  armorSecondaryRoad: { tank: number; armoredCar: number };
  /** Extra MPs to leave an enemy ZOC (Getting Started card). */
  leaveEnemyZoc: number;
  /** Extended Movement bonus MPs and minimum distance from enemies (4.3). */
  extendedMovement: { bonusMp: number; minEnemyDistance: number };
  /** Extra MPs on top of the defender's terrain to Assault (9.1). */
  assaultExtra: number;
}

export interface Tables {
  crt: Crt;
  /** Printed CRT notes (PAC): first attacker loss in Combat is a step; Assault attacker losses all steps; Hotel. */
  crtNotes: { combatFirstAttackerLossIsStep: boolean; assaultAttackerLossesAllSteps: boolean; hotelIgnoresFirstLoss: HexId };
  /** Combat/Assault modifier list (8.2–8.3). */
  combatModifiers: CombatModifierDef[];
  /** If all attackers and defenders are on frozen lake: this shift replaces the listed cases (8.3 case 5 note). */
  allOnLake: { favour: 'finnish'; columns: number; replaces: string[] };
  /** Ranged Attack Table (10.4) with optional Friendly Fire (20.3) on an unmodified roll ≤ max. */
  rat: DieTable<RatResult> & { friendlyFire: { unmodifiedMax: number; optionalRule: string } };
  /** Anti-Tank Fire Table (11.0): one die per AT-gun step. */
  atft: DieTable<{ stepReduction: boolean }> & { maxRange: number; exclusiveDrms: string[][] };
  /** Recovery Table (13.3): success on total ≥ successMin. */
  recovery: DieTable<{ success: boolean }>;
  /** Sub-Zero Loss Table (16.3). */
  szlt: DieTable<{ steps: number }>;
  /** Finnish Night Raid Table (16.4): attack false = the raid gets lost; shift < 0 = L, > 0 = R. */
  fnrt: DieTable<{ attack: boolean; shift: number }>;
  movement: MovementTable;
  /** Optional-rule tables (PAC page 2). */
  optional: {
    capturedLmgs: DieTable<{ success: boolean }> & { marker: { cs: number; ras: number; range: number } };
    lostInWoods: DieTable<{ lost: boolean }>;
    pajariHeart: {
      rule: string;
      dice: '2d6';
      /** Fails on a 2d6 total ≤ failMax; Pajari goes this many turns ahead (range; how rolled is a ruling). */
      night: { failMax: number; turnsAhead: { min: number; max: number } };
      other: { failMax: number; turnsAhead: { min: number; max: number } };
      /** Failure number that kills him (the second). */
      fatalFailure: number;
    };
  };
}

// ────────────────────────── turn track ──────────────────────────

/** Flags printed on the Turn Track for a turn or its day (the Turn Track). */
export type TurnNote =
  | 'armorCommitmentEligible' // 12.1.4 (Dec 9 onwards)
  | 'provisionalCompanyEligible' // 12.8 (Dec 9 onwards)
  | 'stanceChangeEligible' // 17.1 special rule #1 (Dec 11 onwards)
  | 'moraleCollapseCheck' // 17.0.4 in each Soviet Reset Phase (Dec 11–12)
  | 'subZeroLossPhase' // 16.3, end of night turns
  | 'campaignFinalTurn'; // turn 32

/** One box of the 32-turn Turn Track. */
export interface TurnDef {
  turn: number;
  /** ISO date, 1939-12-08 … 1939-12-12. */
  date: string;
  /** Day of the battle, 1 (Dec 8) … 5 (Dec 12). */
  day: number;
  /** Printed time, 24-hour `HH:MM`. */
  time: string;
  light: Light;
  /** LOS in hexes (10.6.2). */
  los: number;
  /** 76 mm ammo arriving this turn per side (12.4.1). Turn 1 starting ammo is in the scenario. */
  ammo: Record<Side, number>;
  /** Number of reinforcement counters printed for the turn (13.1). */
  reinforcements: Record<Side, number>;
  /** Replacement Points (13.2). */
  replacements: Record<Side, number>;
  /** Side holding the Morale Bonus on this turn (8.3 case 8, 13.3). */
  moraleBonus: Side | null;
  /** Finnish VPs per Soviet armored unit committed on this turn (12.1.4); null before Dec 9. */
  armorCommitmentVp: number | null;
  notes: TurnNote[];
}

// ─────────────────────────── scenarios ──────────────────────────

/** Where a unit sets up (1.2, 2.2 setup codes). */
export type SetupArea =
  | { type: 'hex'; hex: HexId }
  /** Within `distance` hexes of `hex`, never on frozen lake (the Playbook, as the VASSAL module sets it up). */
  | { type: 'within'; hex: HexId; distance: number }
  /** Off-map artillery available from the start (12.4). */
  | { type: 'offMap' };

export interface Placement {
  unit: string;
  at: SetupArea;
  /** Starts on its reduced side (1.2). */
  reduced?: boolean;
}

/** A scheduled reinforcement (13.1). */
export interface Reinforcement {
  turn: number;
  unit: string;
  /** Entry hex: the side's supply source, or X1 for the 718th (13.1.1); null for off-map artillery. */
  entry: HexId | null;
  /** MP reduction on the turn of entry (13.1.1: 5/2 and 6/2/JR16 −2). */
  mpPenalty?: number;
  /** Only when this optional rule is in play (e.g. Field Kitchens, 20.8); not counted on the Turn Track. */
  optionalRule?: string;
}

/** How an objective scores. */
export type ObjectiveScoring =
  { type: 'fixed'; vp: number } | { type: 'each'; vp: number; max: number } | { type: 'anyOrAll'; any: number; all: number };

export interface Objective {
  id: string;
  name: string;
  hexes: HexId[];
  scoring: ObjectiveScoring;
  /** Extra event tied to the objective, e.g. `artilleryPark` (12.4.3, 12.4.4). */
  trigger?: string;
  notes?: string;
}

/**
 * How the winner is decided at the end of the last turn (17.0; docs/rulings.md "Victory"):
 * - `higherVp`: the side with more VP wins; equal VP is a draw;
 * - `vpThreshold`: `side` wins with at least `vp` VP, otherwise the other side wins.
 */
export type VictoryRule = { type: 'higherVp' } | { type: 'vpThreshold'; side: Side; vp: number };

/** Declared scenario special rules; the engine implements each flag. */
export type SpecialRule =
  | 'armorCommitment' // 12.1.4
  | 'provisionalCompany' // 12.8
  | 'finnishStanceChange' // 17.1 special rule #1
  | 'sovietMoraleCollapse' // 17.0.4
  | 'sovietArtilleryPark' // 12.4.3
  | 'finnishArtilleryPark' // 12.4.4
  | 'noSetupOnLake'; // the Playbook, as the VASSAL module sets it up

/** A scenario (17.x, or our own). */
export interface Scenario {
  id: string;
  name: string;
  /** Rule section of a published scenario, or null for our own. */
  rule: string | null;
  description: string;
  /** First and last Turn Track turn played. */
  turns: { first: number; last: number };
  firstPlayer: Side;
  /**
   * 'turnTrack': reinforcements and replacements are the printed Turn Track's (Campaign; checked by the
   * loader). 'own': the scenario lists its own and the Turn Track counts are ignored.
   */
  schedule: 'turnTrack' | 'own';
  setup: Placement[];
  startingAmmo: Record<Side, number>;
  /** Digging-In / Dug-In markers available per side (14.1). */
  dugInMarkers: Record<Side, number>;
  /** Dug-In markers already placed at start. */
  dugInAtStart: { side: Side; hex: HexId }[];
  reinforcements: Reinforcement[];
  /** Replacement Points by turn (13.2); only turns with points are listed. */
  replacements: { turn: number; soviet: number; finnish: number }[];
  /** Units that may be brought in as Variable Reinforcements (12.1.4, 12.8). */
  variableReinforcements: string[];
  objectives: Objective[];
  /** Optional rules switched on, by section (e.g. `20.8`). */
  optionalRules: string[];
  specialRules: SpecialRule[];
  /** Restrict play to these hexes (our small scenarios); null = the whole map. */
  playArea: HexId[] | null;
  /** Supply sources replacing the map's in this scenario (a play area without A13/X28); absent = the map's. */
  supplySources?: Record<Side, HexId[]>;
  /** Victory rule (17.0); absent = `higherVp`. */
  victory?: VictoryRule;
  /**
   * Automatic victory (our reading of the Campaign's, option `17.1-auto`): `side` wins at any Victory Check
   * (3.0 VI) holding one of `hexes`; once it has committed armor (12.1.4) it can win in no other way.
   */
  automaticVictory?: { side: Side; hexes: HexId[] };
}

/** Everything the engine knows about a game system. */
export interface Ruleset {
  id: 'redwinter';
  map: GameMap;
  counters: CounterDef[];
  tables: Tables;
  turnTrack: TurnDef[];
  scenarios: Scenario[];
}
