/**
 * Every event the engine emits, one union (`GameEvent`), grouped by rule area. Pure types only: a leaf
 * of the engine (imports only data types and terms), so any rule area may name any event.
 * Section numbers refer to the Red Winter rulebook.
 */
import type { HexId, OddsColumn, Side } from './ruleset.js';
import type { CombatKind, Phase } from './terms.js';

export type GameEvent =
  | { type: 'setup'; scenario: string; turn: number; firstPlayer: Side; commitment: string }
  | { type: 'placed'; unit: string; hex: HexId; rule: string; note?: string }
  | { type: 'phase'; turn: number; phase: Phase; side: Side }
  | { type: 'turn'; turn: number }
  | { type: 'unitsFlipped'; side: Side; units: string[]; rule: '3.0' }
  | { type: 'ammo'; side: Side; added: number; total: number; rule: '12.4.1' }
  | { type: 'artilleryAvailable'; side: Side; units: string[]; rule: '12.4' }
  | { type: 'suppressionRemoved'; units: string[]; rule: '3.0' }
  | {
      type: 'moved';
      side: Side;
      units: string[];
      from: HexId | null;
      path: HexId[];
      to: HexId;
      mpSpent: number;
      mpLeft: number;
      allowance: number;
      extended: boolean;
      minimumMove: boolean;
      entry: boolean;
      stoppedByZoc: boolean;
    }
  | { type: 'exited'; side: Side; units: string[]; hex: HexId; rule: '4.2' }
  | {
      type: 'reinforcementDelayed';
      side: Side;
      units: string[];
      toTurn: number;
      reason: 'voluntary' | 'notEntered' | 'enemyOnEntry';
      rule: string;
    }
  | { type: 'leaderPickedUp'; unit: string; from: HexId; options: HexId[]; rule: '12.3.1' }
  | { type: 'leaderPlaced'; unit: string; hex: HexId; rule: '12.3.1' }
  | { type: 'leaderRemoved'; unit: string; reason: string; rule: '12.3.1' }
  | { type: 'control'; side: Side; hexes: HexId[]; rule: '7.3' }
  | { type: 'roll'; n: number; dice: number[]; purpose: string; rule: string; forced: boolean }
  | { type: 'victoryCheck'; turn: number; over: boolean; rule: '3.0'; note: string }
  | { type: 'gameOver'; reason: string; winner: Side | null }
  | FireEvent
  | NightEvent
  | VictoryEvent
  | CombatEvent
  | RebuildEvent;

// ───────────────────────────── combat and assault (8.0–9.2) ─────────────────────────────

/** Events of Combats and Assaults (added to the engine's GameEvent union). */
export type CombatEvent =
  | {
      type: 'combat';
      kind: 'combat' | 'assault';
      id: number;
      side: Side;
      target: HexId;
      attackers: { unit: string; hex: HexId; cs: number; notes: string[] }[];
      defenders: { unit: string; cs: number; notes: string[] }[];
      attackerTotal: number;
      defenderTotal: number;
      /** CS halvings applied (8.2 cases 1, 2; 8.5.2.3), as text. */
      halvings: string[];
      /** `19:2` */
      ratio: string;
      baseOdds: string;
      /** Each shift with its case number, e.g. `defender on frozen lake: 4R (8.3 case 5)`. */
      modifiers: string[];
      /** Support's Suppression markers for each side and the net shift after the 3-column cap (8.3 case 3, 10.4.1). */
      suppression: { attacker: number; defender: number; net: number };
      netShift: string;
      finalOdds: string;
      column: OddsColumn;
      /** Number of the roll event with the dice. */
      rollNumber: number;
      roll: number;
      /** `1/2`: attacker / defender losses (8.4). */
      result: string;
      rule: '8.4' | '9.2';
    }
  /** Support or AT Fire emptied the defending hex: no CRT roll, the attackers may advance into it (10.4.3). */
  | { type: 'combatNoRoll'; kind: CombatKind; id: number; side: Side; target: HexId; attackers: string[]; reason: string; rule: '10.4.3' }
  | { type: 'hotel'; hex: HexId; ignored: number; rule: '5.2.5' }
  | { type: 'lossesIgnored'; units: string[]; losses: number; reason: string; rule: string }
  | { type: 'stepLoss'; unit: string; steps: number; stepsLeft: number; rule: string; reason: string }
  /** `hex`: where the unit was when it was eliminated. */
  | { type: 'eliminated'; unit: string; hex: HexId; box: 'deadPool' | 'eliminated'; inSupply: boolean; rule: '8.6' }
  | { type: 'retreated'; unit: string; from: HexId; path: HexId[]; rule: '8.5.2' }
  | { type: 'advanced'; units: string[]; from: HexId[]; path: HexId[]; rule: '8.7' | '8.7.1' | '9.2' }
  | { type: 'advanceDeclined'; combatId: number; rule: '8.7' }
  | { type: 'combatDone'; combatId: number }
  | { type: 'overrun'; units: string[]; mpLeft: number; rule: '12.1.2' }
  | { type: 'pajariCheck'; unit: string; reason: string; roll: number; captured: boolean; rule: '12.3.1' };

// ───────────────────────────── ranged attacks and AT fire (10.0–12.5) ─────────────────────────────

/** One DRM line as applied. */
export interface AppliedDrm {
  id: string;
  n: number;
  rule: string;
  label: string;
  value: number;
}

/** A checked Ranged Attack, ready to roll. */
export interface RangedPlan {
  side: Side;
  unit: string;
  /** Firer's hex, or null for off-map artillery. */
  from: HexId | null;
  target: HexId;
  direct: boolean;
  /** Range in hexes (null for off-map artillery, 10.1). */
  range: number | null;
  /** Spotting unit for indirect fire (the firer itself when self-spotting); null for direct fire. */
  spotter: string | null;
  selfSpot: boolean;
  ras: number;
  drms: AppliedDrm[];
}

export interface AtFirePlan {
  side: Side;
  unit: string;
  from: HexId;
  target: string;
  targetHex: HexId;
  range: number;
  drms: AppliedDrm[];
}

export type FireEvent =
  | (RangedPlan & {
      type: 'rangedAttack';
      rollNumber: number;
      roll: number;
      total: number;
      result: string;
      suppressed: boolean;
      steps: number;
      rule: '10.4';
    })
  | { type: 'suppressed'; hex: HexId; units: string[]; rule: '10.4.1' }
  /** A move, retreat or advance the other player may use Friction Fire on (optional 20.1): a move or advance waits. */
  | {
      type: 'frictionHeld';
      kind: 'move' | 'retreat' | 'advance';
      side: Side;
      units: string[];
      from: HexId | null;
      path: HexId[];
      waitingFor: Side;
      rule: '20.1';
    }
  /** One unit's Friction Fire at a moving stack in `target` (optional 20.1): `steps` from the RAT's Friction Fire column. */
  | (RangedPlan & { type: 'frictionFire'; rollNumber: number; roll: number; total: number; steps: number; rule: '20.1' })
  /** The Friction Fire on a move is over: none fired, or the result and what the moving player chose. */
  | {
      type: 'frictionOutcome';
      side: Side;
      units: string[];
      hex: HexId | null;
      steps: number;
      answer: 'passed' | 'no effect' | 'halted' | 'steps';
      rule: '20.1';
    }
  | { type: 'fired'; unit: string; rule: '12.4' | '12.5' }
  | { type: 'artilleryOnTrack'; unit: string; turn: number | null; rollNumber: number; removed: boolean; rule: '12.4.2' }
  | { type: 'rangedLossesIgnored'; hex: HexId; steps: number; reason: string; rule: string }
  | { type: 'artilleryPark'; side: Side; units: string[]; hex: HexId; rule: '12.4.3' | '12.4.4' }
  /** The Captured LMGs roll after a fight (optional 20.4): `won` when a marker joins the Finnish pool. */
  | {
      type: 'capturedLmgCheck';
      units: string[];
      drms: string[];
      roll: number;
      total: number;
      success: boolean;
      won: boolean;
      pool: number;
      rule: '20.4';
    }
  /** A Captured LMGs marker given to a company (optional 20.4). */
  | { type: 'lmgAttached'; unit: string; hex: HexId; pool: number; rule: '20.4' }
  /** Getting Lost in the Woods (optional 20.5): the check for a move into the woods; `lost`: the move did not happen. */
  | {
      type: 'lostInWoods';
      units: string[];
      from: HexId | null;
      woods: HexId;
      drms: string[];
      rollNumber: number;
      roll: number;
      total: number;
      lost: boolean;
      rule: '20.5';
    }
  /** Pajari's heart check after a fight (optional 20.6): `returnTurn` null when he is fine or, with `heartAttack`, gone for good. */
  | { type: 'heartCondition'; unit: string; roll: number; failsAt: number; returnTurn: number | null; heartAttack?: true; rule: '20.6' }
  /** The Finns declared the change of operational stance (17.1); it takes effect with `effectiveTurn`. */
  | { type: 'stanceDeclared'; turn: number; effectiveTurn: number; rule: '17.1' }
  /** The change took effect: the Finns are Player One from this turn on (8.3 case 10 this turn). */
  | { type: 'stanceChanged'; turn: number; rule: '17.1' }
  /** The Soviet morale check of a Reset Phase on Days 4–5 (17.0.4): `count` full-strength companies and MGs. */
  | { type: 'moraleCheck'; turn: number; count: number; below: number; collapsed: boolean; rule: '17.0.4' }
  /** The first Soviet unit in or west of hex column I (one of the conditions of 12.8). */
  | { type: 'sovietWestOfI'; unit: string; hex: HexId; rule: '12.8' }
  /** The Finnish Provisional Company created (12.8). */
  | { type: 'provisionalCreated'; unit: string; hex: HexId; rule: '12.8' }
  /** Soviet armor committed (12.1.4): due this turn; the Finns get vpEach per unit. */
  | { type: 'armorCommitted'; units: string[]; vpEach: number; vp: number; turn: number; rule: '12.1.4' }
  | { type: 'combatDeclared'; side: Side; attackers: string[]; target: HexId; support: string[]; waitingFor: Side; rule: '8.1' }
  | (AtFirePlan & {
      type: 'atFire';
      rollNumber: number;
      die: number;
      total: number;
      hit: boolean;
      rule: '11.1';
    });

// ───────────────────────────── night (16.0) ─────────────────────────────

export type NightEvent =
  | { type: 'bonfireBuilt'; hex: HexId; units: string[]; rule: '16.2' }
  | { type: 'bonfireRemoved'; hex: HexId; reason: string; rule: '16.2' | '16.3' }
  | { type: 'skullMarked'; units: string[]; reason: string; rule: '16.3.1' | '16.4' }
  | {
      type: 'nightRaid';
      turn: number;
      units: string[];
      target: HexId;
      /** Hex the raiding party attacks from (the last hex of its route, 16.4 step 4). */
      approach: HexId;
      /** Route cost in MPs per raiding unit (16.4.1). */
      routeCost: Record<string, number>;
      /** Each DRM applied, with its number under the FNRT. */
      drms: string[];
      rollNumber: number;
      die: number;
      total: number;
      found: boolean;
      /** Signed column shift (+ = R). */
      shift: number;
      rule: '16.4';
    }
  | {
      type: 'nightRaidAttack';
      target: HexId;
      attackers: { unit: string; cs: number }[];
      defenders: { unit: string; cs: number; notes: string[] }[];
      attackerTotal: number;
      defenderTotal: number;
      halvings: string[];
      ratio: string;
      baseOdds: string;
      shift: string;
      finalOdds: string;
      column: OddsColumn;
      rollNumber: number;
      roll: number;
      /** `1/2`: attacker / defender steps lost. */
      result: string;
      rule: '16.4';
    }
  | {
      type: 'subZeroCheck';
      side: Side;
      hex: HexId;
      /** Units that roll together (one die for the stack; a raider rolls alone). */
      units: string[];
      drms: string[];
      rollNumber: number;
      die: number;
      total: number;
      steps: number;
      /** Unit that took the step, if any. */
      unit: string | null;
      /** The owner chooses who takes the steps (a `stepLosses` decision follows). */
      chooses?: true;
      rule: '16.3';
    }
  | { type: 'nightMarkersRemoved'; skulls: number; bonfires: number; rule: '16.3' };

// ───────────────────────────── victory (17.0) ─────────────────────────────

/** VPs one side earns from one objective. */
export interface ObjectiveAward {
  objective: string;
  name: string;
  side: Side;
  vp: number;
  /** The objective's hexes this side controls. */
  hexes: HexId[];
}

/** Events of the Victory Check (added to the engine's GameEvent union). */
export type VictoryEvent = {
  type: 'victoryPoints';
  turn: number;
  /** VPs on the track before the objectives were scored (e.g. armor commitment, 12.1.4). */
  before: Record<Side, number>;
  awards: ObjectiveAward[];
  totals: Record<Side, number>;
  rule: '17.0';
};

// ───────────────────────────── replacements, recovery, digging in (13.2–14.5) ─────────────────────────────

/** One Recovery Table DRM that applies (13.3, tables.recovery.drms). */
export interface RecoveryDrm {
  id: string;
  label: string;
  rule: string;
  value: number;
}

/** A Recovery attempt (13.3): one die, the DRMs, the modified total, success on 6 or more. */
export interface RecoveryEvent {
  type: 'recovery';
  side: Side;
  unit: string;
  hex: HexId;
  rollNumber: number;
  roll: number;
  drms: RecoveryDrm[];
  total: number;
  needed: number;
  success: boolean;
  /** Pajari lent his +1 and may not move this phase (12.3). */
  pajari: string | null;
  rule: '13.3';
}

/** A Replacement Point spent (13.2) or a company reconstituted from the Dead Pool (13.2.1). */
export interface ReplacementEvent {
  type: 'replacement';
  side: Side;
  unit: string;
  kind: 'rebuild' | 'reconstitute';
  rp: number;
  /** RPs of this Reset Phase still unspent. */
  rpLeft: number;
  /** Steps the unit has afterwards. */
  steps: number;
  /** Placed on the map here (reconstitution). */
  hex?: HexId;
  /** Or put on the Turn Track for this turn, to enter as a reinforcement (13.2.1). */
  toTurn?: number;
  rule: '13.2' | '13.2.1';
}

/** A Digging In action (14.2): a Digging In marker placed, or a Dug-In marker placed or flipped. */
export interface DigInEvent {
  type: 'digIn';
  side: Side;
  units: string[];
  hex: HexId;
  marker: 'diggingIn' | 'dugIn';
  /** A Digging In marker placed on an earlier turn was flipped to Dug-In. */
  flipped: boolean;
  /** Why the hex went straight to Dug-In: engineers (14.2.1) or a night turn (14.5). */
  oneTurn?: 'engineer' | 'night';
  rule: string;
}

/** A Digging In / Dug-In marker removed: no unit of its side left in the hex (14.4), or by its owner (14.1). */
export interface EntrenchmentRemovedEvent {
  type: 'entrenchmentRemoved';
  side: Side;
  hex: HexId;
  marker: 'diggingIn' | 'dugIn';
  rule: '14.4' | '14.1';
}

export type RebuildEvent = RecoveryEvent | ReplacementEvent | DigInEvent | EntrenchmentRemovedEvent;
