/**
 * Engine value types: GameState (one small JSON document), actions, violations and legal-action
 * listings. Pure types only: with ruleset.ts, terms.ts, events.ts and decisions.ts one of the type-only
 * leaves at the bottom of the engine (docs/architecture.md); it re-exports the events and decisions so
 * `types.js` names every engine value type. Section numbers refer to the Red Winter rulebook.
 */
import type { HexId, OddsColumn, Side } from './ruleset.js';
import type { AttackerRef, CombatKind, Phase } from './terms.js';
import type { GameEvent, RecoveryDrm } from './events.js';
import type { PendingDecision } from './decisions.js';
import type { RuleCode } from './codes.js';

export type { HexId, Side } from './ruleset.js';
export type * from './terms.js';
export type * from './events.js';
export type * from './decisions.js';
export type { RuleCode } from './codes.js';

// ───────────────────────────── state ─────────────────────────────

/**
 * Where a unit is.
 * - `map`: on `hex`;
 * - `pending`: waiting on the Turn Track (`entryTurn`), or a variable reinforcement (`entryTurn` null);
 * - `offMap`: off-map artillery available to fire (12.4);
 * - `exited`: left the map through a friendly supply source (4.2): out of the game, not eliminated;
 * - `deadPool`: eliminated, eligible for reconstitution (13.2.1); `eliminated`: permanently gone.
 */
export type UnitLocation = 'map' | 'pending' | 'offMap' | 'exited' | 'deadPool' | 'eliminated';

export interface UnitFlags {
  /** Has taken its one action this Action Phase (3.0 II). Cleared when its side's Action Phase starts. */
  acted?: boolean;
  /** Mortar / infantry gun / artillery on its Fired side (12.4); flipped back in its Reset Phase. */
  fired?: boolean;
  /** Suppressed (10.4.1); removed at the end of each Combat Phase. */
  suppressed?: boolean;
  /** Dug in (14.0; later issue). */
  dugIn?: boolean;
  /** Skull marker (16.3.1): attacked in its own night turn; its stack rolls on the SZLT. */
  skull?: boolean;
  /** Night Raid marker (16.4 step 5): rolls on the SZLT on its own. */
  nightRaid?: boolean;
  /** Carries a Captured LMGs marker (optional 20.4): +2 CS, +2 RAS at range 2; lost with the company. */
  capturedLmg?: boolean;
}

export interface UnitState {
  id: string;
  side: Side;
  location: UnitLocation;
  /** Hex when `location` is `map`, else null. */
  hex: HexId | null;
  /** Steps left: 2 = full, 1 = reduced for two-step units; single-step units have 1 (8.5.1). */
  stepsLeft: number;
  flags: UnitFlags;
  /** For pending reinforcements: the Turn Track turn it may enter (13.1); null = variable (12.1.4, 12.8). */
  entryTurn?: number | null;
  /** For pending reinforcements: its scheduled entry hex (13.1, 13.1.1); null = off-map artillery. */
  entryHex?: HexId | null;
  /** Entry displaced by an enemy on the entry hex (13.1.3): may enter on the same edge within 3 hexes. */
  entryDisplaced?: boolean;
  /** MPs lost on the turn it enters (13.1.1, 5/2 and 6/2/JR16: 2). */
  entryMpPenalty?: number;
}

/** seedrandom alea state (`{ state: true }`). */
export interface RngState {
  c: number;
  s0: number;
  s1: number;
  s2: number;
}

export interface GameState {
  /** Shape version of this document. */
  v: 1;
  ruleset: string;
  scenario: string;
  options: Record<string, boolean>;
  turn: number;
  phase: Phase;
  /** The phasing player (3.0); during `subZero` the side rolling first (Soviet). */
  activeSide: Side;
  /** Player One of the current turn (3.0). */
  firstPlayer: Side;
  units: Record<string, UnitState>;
  /** Hex markers (dug-in, bonfire, skull… later issues). */
  markers: Marker[];
  /** Secret seed: never shown until the game is over (see publicState). */
  seed: string;
  rng: RngState;
  /** Number of dice rolls made so far (each roll event carries its number). */
  rollCount: number;
  /** SHA-256 hex of the seed (commitmentOf). */
  commitment: string;
  vp: Record<Side, number>;
  /** Hex control (7.3): `base` controls every hex not listed in `hexes`. */
  control: { base: Side; hexes: Record<HexId, Side> };
  /** 76 mm ammo (12.4.1). */
  ammo: Record<Side, number>;
  pending: PendingDecision[];
  /** Combats and Assaults of the current phase (8.0–9.2): see CombatPhaseRecord below and combat/resolve.ts. */
  combat?: CombatPhaseRecord | null;
  /** Ranged Attacks and AT Fire of the current phase (10.0, 11.0): src/engine/fire-record.ts. */
  fire?: FirePhaseRecord | null;
  /**
   * The events of the current stretch of play, in order: from the start of the latest Action Phase (or
   * the start of the game) to now. apply drops older events as each Action Phase begins (trimLog), so
   * the state stays small all game; every apply returns its own events, and the game's whole log is
   * their concatenation (what the rules need of earlier events is kept in the fields below).
   */
  log: GameEvent[];
  /** Number of actions applied. */
  seq: number;
  /** Set when the game is over. */
  result: { reason: string; winner: Side | null } | null;
  /** The turn the Finns declared the change of operational stance (17.1); absent until then. */
  stanceDeclared?: number;
  /** A Soviet unit has moved into or west of hex column I at some time (12.8); absent until then. */
  sovietWestOfI?: boolean;
  /**
   * Facts of the events that have left the log (trimLog, src/engine/log-window.ts), counted as they leave;
   * read them through log-window.ts, which adds the events still in the log. Absent: none.
   * Night Raids rolled (16.4), Pajari's heart failures that sent him away (20.6), armor committed (12.1.4).
   */
  nightRaidsRolled?: number;
  heartFailures?: number;
  armorCommittedTurn?: number;
  /** Captured LMGs markers the Finns hold, not yet given to a company (optional 20.4); absent: none. */
  capturedLmgs?: number;
  /**
   * The last turn of a shortened game (our own derived set-up, never a Playbook scenario): the game ends
   * after this turn's Victory Check and is scored then (17.0). Absent: the scenario's own last turn.
   */
  endTurn?: number;
}

export interface Marker {
  type: string;
  hex: HexId;
  side?: Side;
  /** Units under the marker (Bonfire, 16.2: the builders). */
  units?: string[];
  /** Turn the marker was placed or last flipped (Digging In, 14.2). */
  turn?: number;
}

export interface CombatRecord {
  id: number;
  kind: CombatKind;
  attackerSide: Side;
  target: HexId;
  attackers: AttackerRef[];
  /** Units in the defending hex when the combat was declared (the leader included). */
  defenders: string[];
  /** Hexes of the attacking units (retreat priority IV for the defender, 8.5.2). */
  attackerHexes: HexId[];
  /** Null when fire emptied the defending hex before the CRT and nothing was rolled (10.4.3). */
  column: OddsColumn | null;
  roll: number | null;
  /** CRT result before the Hotel (8.4). */
  result: { attacker: number; defender: number };
  /** Losses still to be taken (after the Hotel, 5.2.5). */
  defenderLosses: number;
  attackerLosses: number;
  stage: 'defenderLosses' | 'attackerLosses' | 'advance' | 'done';
  /** Hexes the defenders actually retreated (max over units), for 8.7.1. */
  defenderRetreat: number;
  /** Attackers that retreated to fulfil a loss: they may not advance (8.7). */
  attackersRetreated: string[];
  /** For an Assault: MPs the assaulting stack has left (armored Overruns, 12.1.2). */
  mpLeft?: number;
  /** Pajari took part (8.3 case 6) and optional 20.6 is on: his heart is checked when the fight is over. */
  pajari?: string;
}

export interface CombatPhaseRecord {
  /** `${turn}:${side}:${phase}` of the phase this record belongs to. */
  key: string;
  /** Units that have attacked in this phase (8.0 c). */
  attacked: string[];
  /** Hexes attacked in this Combat Phase (8.0 e). */
  attackedHexes: HexId[];
  /** Units that retreated in this phase (8.5.2.3). */
  retreated: string[];
  /** Units that advanced after combat in this phase: no second combat (8.7). */
  advanced: string[];
  nextId: number;
  current: CombatRecord | null;
  /** Armored units that may go on moving or assaulting after a successful Assault (12.1.2), with their MPs. */
  overrun?: { units: string[]; mpLeft: number } | null;
}

export interface FirePhaseRecord {
  /** `${turn}:${side}:${phase}` of the phase this record belongs to. */
  key: string;
  /** Units that made a Ranged Attack this phase (one each, 10.0). */
  ranged: string[];
  /** AT guns that fired AT Fire this phase, with the dice rolled so far (11.0, 11.1). */
  atFire: Record<string, number>;
  /** Defensive Support declared for the Combat being resolved (10.3.2); consumed by its support step. */
  defensive?: DefensiveDeclaration | null;
}

/** Checked defensive Support, stored for the combat step (see combat-fire.ts). */
export interface DefensiveDeclaration {
  units: string[];
  target: HexId;
  spotters: Record<string, string>;
}

/** GameState without the secret seed and RNG state (the seed is shown once the game is over). */
export type PublicGameState = Omit<GameState, 'seed' | 'rng'> & { seed?: string };

// ───────────────────────────── actions ─────────────────────────────

/** Move a unit or a stack (4.0, 6.1). Give `to` (the engine finds the cheapest legal path) or `path`. */
export interface MoveAction {
  type: 'move';
  units: string[];
  to?: HexId;
  /** Hexes entered in order (the start hex may be included first or left out). */
  path?: HexId[];
  /** Leave the map from a friendly supply source hex at the end of the move (4.2). */
  exit?: boolean;
}

/** Bring reinforcements on (13.1): the units enter together at `at` (default: their entry hex). */
export interface EnterReinforcementAction {
  type: 'enterReinforcement';
  units: string[];
  /** Entry hex (only needed for a displaced entry, 13.1.3). */
  at?: HexId;
  /** Destination; default: stop on the entry hex. */
  to?: HexId;
  /** Explicit path starting with the entry hex. */
  path?: HexId[];
}

/** Delay reinforcements to a later turn (13.1.2); default: the next turn. */
export interface DelayReinforcementAction {
  type: 'delayReinforcement';
  units: string[];
  toTurn?: number;
}

/** Pass the current phase (3.0). `phase` must name the current phase (guards against stale clicks). */
export interface EndPhaseAction {
  type: 'endPhase';
  phase: Phase;
}

/** Answer a pending placement of Pajari (12.3.1). */
export interface PlaceLeaderAction {
  type: 'placeLeader';
  unit: string;
  hex: HexId;
}

export interface CombatAction {
  type: 'combat';
  attackers: string[];
  target: HexId;
  /** Offensive Support (10.3): units firing on the target before the CRT roll. */
  support?: string[];
  /** Spotter per supporting indirect-fire unit (10.5); default: the engine's pick. */
  spotters?: Record<string, string>;
}
export interface AssaultAction {
  type: 'assault';
  units: string[];
  target: HexId;
  path?: HexId[];
}
export interface RangedAction {
  type: 'ranged';
  units: string[];
  target: HexId;
  spotter?: string;
}
export interface SupportAction {
  type: 'support';
  units: string[];
  combat?: number;
  /** Defensive Support: the one hex of attackers fired on (10.3.4); default: the first unit's first option. */
  target?: HexId;
  /** Spotter per supporting indirect-fire unit (10.5). */
  spotters?: Record<string, string>;
}
export interface AtFireAction {
  type: 'atFire';
  units: string[];
  target: string;
}
export interface RecoveryAction {
  type: 'recovery';
  unit: string;
  /** false: do not use Pajari's +1 (he then stays free to move, 12.3). Default: use him when stacked. */
  pajari?: boolean;
}
export interface DigInAction {
  type: 'digIn';
  units: string[];
}
export interface BonfireAction {
  type: 'bonfire';
  units: string[];
}
export interface NightRaidAction {
  type: 'nightRaid';
  units: string[];
  target: HexId;
  /** Hex next to the target the raiding party attacks from (default: chosen by the engine, 16.4). */
  from?: HexId;
}
/** Spend RPs (13.2): flip a reduced company; or reconstitute a Dead Pool company (13.2.1) at `hex` or on turn `toTurn`. */
export interface ReplacementAction {
  type: 'replacement';
  unit: string;
  hex?: HexId;
  /** Reconstitution: 1 = reduced (2 RPs, default), 2 = full strength (3 RPs). */
  steps?: 1 | 2;
  toTurn?: number;
}
/** Remove one of your own Digging In / Dug-In markers (14.1). */
export interface RemoveEntrenchmentAction {
  type: 'removeEntrenchment';
  hex: HexId;
}
/** Raid the Soviet Artillery Park with a full-strength company in X28 (12.4.3). */
export interface ArtilleryParkAction {
  type: 'artilleryPark';
  unit: string;
}
/** The Finns change their operational stance (17.1): Player One from the next turn. */
export interface ChangeStanceAction {
  type: 'changeStance';
}
/** Create the Finnish Provisional Company in this hex, with or next to Pajari (12.8). */
export interface CreateProvisionalAction {
  type: 'createProvisional';
  hex: HexId;
}
/** Give a Captured LMGs marker from the Finnish pool to an infantry company (optional 20.4). */
export interface AttachLmgAction {
  type: 'attachLmg';
  unit: string;
}
export interface CommitArmorAction {
  type: 'commitArmor';
  units: string[];
}
export interface TakeLossesAction {
  type: 'takeLosses';
  steps: Record<string, number>;
  retreat?: Record<string, HexId[]>;
  /** Which unit takes the step for each enemy-ZOC hex entered while retreating (8.5.2.2), keyed by hex. */
  zocLoss?: Record<string, string>;
}
export interface AdvanceAction {
  type: 'advance';
  units: string[];
  path: HexId[];
}
/**
 * The answer to a `frictionFire` decision (optional 20.1): fire on the moving stack in `hex` with these
 * units (each rolls on its own; `spotters` for indirect fire), or, with no hex, let it pass.
 */
export interface FrictionAction {
  type: 'friction';
  hex?: HexId;
  units?: string[];
  spotters?: Record<string, string>;
}
/** The answer to a `frictionResult` decision (optional 20.1): halt where fired on, or take these steps. */
export interface FrictionResultAction {
  type: 'frictionResult';
  halt?: boolean;
  steps?: Record<string, number>;
}

export type Action =
  | MoveAction
  | EnterReinforcementAction
  | DelayReinforcementAction
  | EndPhaseAction
  | PlaceLeaderAction
  | CombatAction
  | AssaultAction
  | RangedAction
  | SupportAction
  | AtFireAction
  | RecoveryAction
  | DigInAction
  | BonfireAction
  | NightRaidAction
  | ReplacementAction
  | ArtilleryParkAction
  | RemoveEntrenchmentAction
  | CommitArmorAction
  | CreateProvisionalAction
  | AttachLmgAction
  | ChangeStanceAction
  | TakeLossesAction
  | AdvanceAction
  | FrictionAction
  | FrictionResultAction;

export type ActionType = Action['type'];

// ───────────────────────────── results ─────────────────────────────

/** A refused action: stable namespaced code, rulebook section, and a message saying what would be legal. */
export interface RuleViolation {
  /** One of src/engine/codes.ts. */
  code: RuleCode;
  rule: string;
  message: string;
}

export type ApplyResult = { ok: true; state: GameState; events: GameEvent[] } | { ok: false; violation: RuleViolation };

/** One hex a unit or stack can reach now. */
export interface ReachableHex {
  hex: HexId;
  /** MPs spent to get there (for a minimum move: the whole allowance). */
  cost: number;
  mpLeft: number;
  /** Cheapest path, hexes entered in order. */
  path: HexId[];
  /** Reached only with Extended Movement (4.3). */
  extended: boolean;
  /** Reached only through the minimum move (4.1.1). */
  minimumMove: boolean;
  /** The mover must stop here (eZOC, 7.1). */
  zocStop: boolean;
}

/** Moves open to one unit (or one stack) now. */
export interface UnitMoves {
  units: string[];
  /** null for a reinforcement not yet on the map. */
  from: HexId | null;
  kind: 'move' | 'enter';
  /** For reinforcements: the entry hexes open to it. */
  entryHexes?: HexId[];
  /** MPs available (MA after night doubling and penalties, before Extended Movement's +2). */
  allowance: number;
  /**
   * Where it can go. Searched the first time it is read (legalActions lists only the movers that can go
   * somewhere or leave the map, so a listing does not pay every unit's search), then kept.
   */
  readonly reachable: ReachableHex[];
  /** Can leave the map through a friendly supply source hex (4.2), directly or after moving there. */
  readonly canExit: boolean;
}

export interface LegalActions {
  side: Side;
  turn: number;
  phase: Phase;
  /** True when this side is the one to act now. */
  toAct: boolean;
  /** What this side is asked for (mirrors whoMustAct when toAct). */
  what: string;
  /** Phase-level actions, e.g. `endPhase`. */
  phaseActions: ActionType[];
  /** Per unit that can move now (or leave the map, 4.2): where it can go. */
  units: UnitMoves[];
  /** Stacks of two or more units that can move together now (6.1), with where the whole stack can go. */
  stacks: UnitMoves[];
  /** Reinforcements that may be delayed now (13.1.2), with the turns they may be delayed to. */
  delayable: { unit: string; turns: number[] }[];
  pending?: PendingDecision;
  /** Combats open now (Combat Phase) and Assaults (Action Phase) (8.0, 9.1). */
  combat?: CombatOptions;
  /** Bonfires (16.2) and Night Raids (16.4) open now. */
  night?: NightOptions;
  /** Standalone Ranged Attacks and AT Fire open now (10.0, 11.0). */
  fire?: FireOptions;
  /** Companies in X28 that may raid the Soviet Artillery Park now (12.4.3). */
  artilleryPark?: string[];
  /** The Finns may declare the change of operational stance now (17.1). */
  stanceChange?: boolean;
  /** Hexes where the Finnish Provisional Company may be created now (12.8). */
  provisional?: HexId[];
  /** Captured LMGs markers in the Finnish pool and the companies that may take one now (optional 20.4). */
  capturedLmg?: { pool: number; units: string[] };
  /** Soviet armored units that may be committed now, and the Finnish VPs each costs (12.1.4). */
  armorCommitment?: { units: string[]; vpEach: number };
  /** Reduced infantry companies that may attempt Recovery now (13.3). */
  recovery?: RecoveryOption[];
  /** Hexes where units may dig in now (14.1–14.5). */
  digIn?: DigInOption[];
  /** RPs to spend in this Reset Phase (13.2, 13.2.1). */
  replacements?: ReplacementOptions;
  /** Hexes with this side's Digging In / Dug-In markers, which it may remove (14.1). */
  removableEntrenchments?: HexId[];
}

// ───────────────────────────── legal listings per rule area ─────────────────────────────

/** What legalActions lists for combat: targets with the units that may attack each, and assault targets. */
export interface CombatOptions {
  /** Combat Phase: each enemy hex that may be attacked, with the units that may join the attack (8.0). */
  targets: { hex: HexId; attackers: string[] }[];
  /** Action Phase: adjacent enemy hexes each unit or stack could assault from where it stands (9.1). */
  assaults: { units: string[]; from: HexId; target: HexId; cost: number }[];
}

/** What legalActions lists for Night Raids. */
export interface RaidOptions {
  /** Units that may take part in a raid now (Pajari included when free). */
  raiders: string[];
  /** Each target with the raiders able to reach it; any 1–3 of them (plus Pajari) that are stacked or adjacent may go. */
  targets: { hex: HexId; units: string[]; approaches: HexId[] }[];
}

/** Night options for legalActions. */
export interface NightOptions {
  /** Soviet units that may build a Bonfire now (16.2). */
  bonfire: string[];
  raid: RaidOptions;
}

export interface RangedTargetOption {
  hex: HexId;
  range: number | null;
  direct: boolean;
  /** Indirect fire: units that may spot (the firer itself when it may self-spot). */
  spotters: string[];
  /** The spotter the engine picks when none is named. */
  defaultSpotter: string | null;
}

export interface FireOptions {
  /** Standalone Ranged Attacks open now (Combat Phase), per firing unit. */
  ranged: { unit: string; from: HexId | null; ras: number; targets: RangedTargetOption[] }[];
  /** AT Fire open now (11.0), per AT gun: dice left and the armored units it may fire at. */
  atFire: { unit: string; from: HexId; diceLeft: number; targets: { unit: string; hex: HexId; range: number }[] }[];
}

/** A unit that may attempt Recovery now, with the DRMs it would get (13.3). */
export interface RecoveryOption {
  unit: string;
  hex: HexId;
  drms: RecoveryDrm[];
  /** Sum of the DRMs. */
  net: number;
  /** Lowest die that succeeds (1…7; 7 = cannot succeed). */
  needs: number;
  /** Pajari is in the hex: `pajari: false` in the action declines his +1 (he then stays free to move). */
  pajariAvailable: boolean;
}

/** A hex where units may take the digging in action now (14.1–14.5). */
export interface DigInOption {
  hex: HexId;
  /** Units that may take the action here (any one or more of them). */
  units: string[];
  /** What the action does: place a Digging In marker, or place / flip to a Dug-In marker. */
  result: 'diggingIn' | 'dugIn';
  /** Engineers (14.2.1) or night (14.5) make it one turn; `flip`: Digging In placed on an earlier turn (14.2). */
  how: 'place' | 'flip' | 'engineer' | 'night';
  /** Units that make it Dug-In at once (the engineer) when `how` is `engineer`. */
  engineerUnits?: string[];
}

/** Replacement Points open in this Reset Phase (13.2, 13.2.1). */
export interface ReplacementOptions {
  /** RPs the Turn Track gives this side this turn. */
  points: number;
  spent: number;
  left: number;
  /** Reduced infantry companies in supply that one RP flips back to full strength (13.2). */
  rebuild: string[];
  /** Dead Pool companies and the ways to bring them back (13.2.1). */
  reconstitute: { unit: string; steps: (1 | 2)[] }[];
  /** Hexes where a reconstituted company may be placed now (shared by every Dead Pool company). */
  placementHexes: HexId[];
  /** Turns on the Turn Track it may be put on instead. */
  turns: number[];
}

/** Options for toMapView. */
export interface MapViewOptions {
  /** Show where these units (one unit or a stack) can go. */
  reachableFor?: string[];
  /** Shade both sides' ZOC. */
  showZoc?: boolean;
  /** Hexes to outline. */
  highlight?: HexId[];
  /** Zoom suggestion. */
  focus?: { center: HexId; radius: number } | null;
}
