/**
 * MapView: the picture of a game the engine hands to render/ (issue 7).
 *
 * The engine produces it with `toMapView(state)`; render/ draws it with `renderMap(view, map, options)`.
 * Pure types only, plain JSON (no classes, no Maps, no undefined-vs-missing games: optional fields may
 * simply be absent). Everything here is already decided by the rules: the renderer never computes rules,
 * it only draws what the view says. Pixel geometry lives only in render/.
 *
 * Hex ids are printed ids (`M16`). Ordering conventions (so the same state always gives the same bytes):
 * - `units[hex]` lists a stack bottom → top; the LAST counter is the one drawn on top.
 * - arrays of arrows are drawn in array order (later ones on top).
 */
import type { HexId } from './ruleset.js';
import type { CounterConventions, Light, Side, StepValues, UnitType } from './ruleset.js';

export type { HexId } from './ruleset.js';

// ───────────────────────────── header ─────────────────────────────

/** The band across the top of the picture: where we are in the game. */
export interface ViewHeader {
  scenarioId: string;
  /** e.g. `The Campaign`. */
  scenarioName: string;
  /** Turn Track turn (1…32), and the scenario's last turn. */
  turn: number;
  lastTurn: number;
  /** ISO date, e.g. `1939-12-08`. */
  date: string;
  /** Printed time, 24-hour `HH:MM`. */
  time: string;
  light: Light;
  /** LOS in hexes for this turn (10.6.2). */
  los: number;
  /** Stable phase id from the engine, e.g. `movement`. */
  phase: string;
  /** Human-readable phase name, e.g. `Soviet Movement Phase`. */
  phaseLabel: string;
  /** Side whose action is awaited; null between phases or when the game is over. */
  sideToAct: Side | null;
  /** Victory points per side (17.0). */
  vp: Record<Side, number>;
  /** Artillery ammunition per side (12.4.1). */
  ammo: Record<Side, number>;
  /** Short extra facts to show, e.g. `Soviet morale bonus`, `Game over: Finnish victory`. */
  notes?: string[];
}

// ───────────────────────────── counters ─────────────────────────────

/** Markers that sit on one unit rather than on the hex. */
export type UnitMarker =
  /** Has made a Ranged Attack this turn (10.0). */
  | 'fired'
  /** Suppressed by ranged fire (10.4); use the hex marker when the whole hex is suppressed. */
  | 'suppressed'
  /** Out of supply (15.0). */
  | 'outOfSupply'
  /** Has moved this phase. */
  | 'moved'
  /** Lost in the woods (optional 20.5). */
  | 'lost'
  /** Carries a Captured LMGs marker (optional 20.4). */
  | 'capturedLmg';

/** One counter as it stands now. */
export interface CounterView {
  /** Unit id as in the counter mix, e.g. `1/1/609`, `MG/2/JR16#2`. */
  id: string;
  /** Short label printed on the counter, e.g. `1/1`, `MG/2`, `Pajari`. At most ~7 characters. */
  label: string;
  side: Side;
  /** Regiment or parent unit, e.g. `609`, `JR16`. */
  formation: string;
  type: UnitType;
  /** Printed values of the side currently face up (full or reduced). */
  values: StepValues;
  /** Printed conventions (black box, parentheses, yellow RAS, red AT box, orange MA). */
  conventions: CounterConventions;
  /** True when the reduced side is face up (drawn with a light band). */
  reduced: boolean;
  /** Steps the unit has left (1 or 2). */
  steps: number;
  /** Markers on this unit only. */
  markers: UnitMarker[];
}

// ───────────────────────────── hex markers ─────────────────────────────

/** Markers that belong to a hex (whatever units are in it). All fields optional; absent = no marker. */
export interface HexMarkers {
  /** Dug-In marker (14.0): the side it protects. */
  dugIn?: Side;
  /** Digging-In marker (14.1): the side digging. */
  diggingIn?: Side;
  /** Number of Suppression markers on the hex (10.4; 8.3 case 3 counts them). */
  suppressed?: number;
  /** Units in the hex have fired this turn (10.0). */
  fired?: boolean;
  /** Bonfire marker (16.2). */
  bonfire?: boolean;
  /** Skull marker (16.3.1). */
  skull?: boolean;
  /** Control of an objective hex (17.0): the side that controls it. */
  control?: Side;
}

// ───────────────────────────── overlays ─────────────────────────────

/** One move of the last phase, drawn as an arrow along its path. */
export interface MoveArrow {
  side: Side;
  /** Units that moved together (a stack move) or the one unit. */
  unitIds: string[];
  from: HexId;
  to: HexId;
  /** Every hex entered, starting with `from` and ending with `to` (length ≥ 2). */
  path: HexId[];
  /** What kind of move it was; `entry` = a reinforcement arriving at `from` (13.1). */
  kind: 'move' | 'retreat' | 'advance' | 'entry';
}

/** One Combat / Assault / Night Raid of the last phase, drawn as arrows from attackers to defender. */
export interface CombatArrow {
  kind: 'combat' | 'assault' | 'nightRaid';
  attackerSide: Side;
  /** Hexes the attack came from (one arrow each). */
  from: HexId[];
  /** The defender's hex. */
  to: HexId;
  /** Final odds column after shifts, e.g. `3:1` (8.2); for a lost Night Raid, e.g. `lost`. */
  odds: string;
  /** Result as losses, e.g. `A1/D2` (8.4); null while unresolved. */
  result: string | null;
}

/** One ranged attack (10.0) or AT Fire (11.0) of the last phase: a dashed line from firer to target. */
export interface FireArrow {
  kind: 'ranged' | 'atFire' | 'artillery';
  side: Side;
  unitId: string;
  /** Firing hex; null for off-map artillery (12.4). */
  from: HexId | null;
  to: HexId;
  /** Short result, e.g. `S`, `S+1`, `no effect`. */
  result: string;
}

/** A selected unit's (or stack's) reachable hexes with the MP spent to reach each (4.0). */
export interface ReachableOverlay {
  unitIds: string[];
  side: Side;
  from: HexId;
  /** MP cost to reach each hex (may be fractional, e.g. 1.5 on a frozen lake). `from` itself is omitted. */
  costs: Record<HexId, number>;
  /** MPs the unit had available. */
  allowance: number;
}

/** Everything drawn on top of units. Empty arrays / null when nothing to show. */
export interface ViewOverlays {
  moves: MoveArrow[];
  combats: CombatArrow[];
  fire: FireArrow[];
  reachable: ReachableOverlay | null;
  /** Hexes in each side's ZOC (7.0); null = do not shade ZOC. */
  zoc: Record<Side, HexId[]> | null;
  /** Hexes to outline, e.g. the hexes a question is about. */
  highlight: HexId[];
  /** Units eliminated since the latest Action Phase began, where they fell (drawn faded, crossed out). */
  eliminated?: { hex: HexId; counter: CounterView }[];
  /** Objectives taken since the latest Action Phase began and still held by the taker (7.3): ringed in its colour. */
  captured?: { hex: HexId; side: Side }[];
}

// ───────────────────────────── off map ─────────────────────────────

/** A box of counters not on the map (off-map artillery, arriving reinforcements, dead pool). */
export interface OffMapBox {
  side: Side;
  /** e.g. `Off-map artillery`, `Arriving turn 3`, `Eliminated`. */
  title: string;
  units: CounterView[];
}

// ───────────────────────────── the view ─────────────────────────────

/** Which part of the map to draw: every hex within `radius` of `center`. */
export interface ViewFocus {
  center: HexId;
  radius: number;
}

/** The whole picture of a game at one moment. */
export interface MapView {
  /** Shape version; bumped when the shape changes incompatibly. */
  version: 1;
  header: ViewHeader;
  /** Counters on the map by hex, bottom → top (the last one is drawn on top). Empty hexes absent. */
  units: Record<HexId, CounterView[]>;
  /** Hex markers by hex. Hexes with none are absent. */
  hexMarkers: Record<HexId, HexMarkers>;
  overlays: ViewOverlays;
  /** Counters not on the map; may be empty. */
  offMap: OffMapBox[];
  /** Zoom suggested by the engine/service (e.g. the area of a combat); render options may override it. */
  focus: ViewFocus | null;
  /** The scenario's play area (Scenario.playArea) when it has one: only these hexes are drawn. */
  playArea?: HexId[] | null;
}
