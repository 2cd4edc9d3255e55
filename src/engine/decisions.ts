/**
 * Pending decisions: what the engine waits for before play goes on (`PendingDecision`). Each says who
 * decides, under which rule, its default as a complete answer and its legal answers. Pure types only:
 * a leaf of the engine. Section numbers refer to the Red Winter rulebook.
 */
import type { HexId, Side } from './ruleset.js';
import type { AttackerRef, CombatKind } from './terms.js';

/** Placing Pajari with the nearest friendly combat unit (12.3.1). */
export interface PlaceLeaderDecision {
  type: 'placeLeader';
  side: Side;
  /** The leader to place (Pajari). */
  unit: string;
  /** Hexes of the nearest friendly combat units (12.3.1): the owner picks one. */
  options: HexId[];
  rule: '12.3.1';
}

/** A loss-allocation decision for the owner of the units (8.5). */
export interface LossDecision {
  type: 'combatLosses';
  side: Side;
  role: 'defender' | 'attacker';
  combatId: number;
  kind: CombatKind;
  losses: number;
  rule: '8.5';
  /** Units that share the loss, with how many steps each can take and how far each may retreat. */
  units: { unit: string; hex: HexId; stepsLeft: number; canTakeSteps: boolean; retreatLimit: number; mustRetreat: boolean }[];
  /** Steps that must come first (8.5 a, b; 9.2). */
  minSteps: number;
  /** Largest retreat (hexes) open with the default paths. */
  maxRetreat: number;
  /** First retreat hexes allowed now, per unit (8.5.2 priorities). */
  firstHexes: Record<string, HexId[]>;
  /** A legal answer the owner can accept in one step. */
  default: { steps: Record<string, number>; retreat?: Record<string, HexId[]>; zocLoss?: Record<string, string> };
  /** Plain-language summary of the default. */
  defaultText: string;
}

/** The attacker's Advance After Combat (8.7, 8.7.1). */
export interface AdvanceDecision {
  type: 'advance';
  side: Side;
  combatId: number;
  rule: '8.7';
  /** The vacated hex: the first hex of any advance. */
  vacated: HexId;
  /** Units that may advance, each with its limit in hexes. */
  units: { unit: string; maxHexes: number }[];
  /** After an Assault the advance into the vacated hex is compulsory (9.2). */
  mandatory: boolean;
  default: { units: string[]; path: HexId[] };
  defaultText: string;
}

export type CombatDecision = LossDecision | AdvanceDecision;

/**
 * Where a Combat paused for the owner's choice of Support losses (8.1 steps 4–5, 10.4.2) goes on once
 * it is made: the declaration, the next stage (the defender's Support, or the ratio and the CRT roll)
 * and the Suppression markers earned so far (8.3 case 3).
 */
export interface CombatResume {
  declared: { kind: CombatKind; side: Side; target: HexId; attackers: AttackerRef[] };
  /** Next: the rest of AT Fire, the defender's Support, or the ratio and the CRT roll. */
  stage: 'at' | 'defensive' | 'crt';
  suppression: { attacker: number; defender: number };
  /** The phasing player's Support as declared (not yet rolled while the stage is `at`). */
  support?: { units: string[]; spotters?: Record<string, string> };
  /** An Assault's MPs left after its path (9.1). */
  mpLeft?: number;
}

/**
 * The Finnish player's aim for one AT Fire die inside a Combat or Assault (11.1, 11.2): which armored
 * unit it fires at, named before the roll. Asked only when the gun has more than one target; answered by
 * an `atFire` action naming the gun and the target. The Combat goes on from `resume` after the roll.
 */
export interface AtFireTargetDecision {
  type: 'atFireTarget';
  side: Side;
  rule: '11.1';
  gun: string;
  /** The gun's hex. */
  hex: HexId;
  /** Which of the gun's dice this is (1-based) and how many it rolls in this Combat. */
  die: number;
  dice: number;
  /** The armored units it may fire at, easiest to hit first, with the total DRM on each. */
  options: { unit: string; hex: HexId; drm: number }[];
  default: { unit: string };
  defaultText: string;
  resume: CombatResume;
}

/** The target owner's choice of step reductions after a RAT result (10.4.2). */
export interface RangedLossDecision {
  type: 'rangedLosses';
  side: Side;
  hex: HexId;
  /** Steps to take in all. */
  steps: number;
  rule: '10.4.2';
  /** Units that may take the steps (armor and leaders never do: 12.1.1, 12.3.1). */
  units: { unit: string; stepsLeft: number }[];
  default: { steps: Record<string, number> };
  defaultText: string;
  /** Support losses inside a Combat: the Combat goes on from here once they are chosen. */
  resume?: CombatResume;
}

/**
 * The owner's choice of which units of a stack take step losses the engine does not resolve by a
 * retreat: a Sub-Zero loss (16.3) or a Night Raid's losses, the defender's and the raiders' (16.4).
 */
export interface StepLossesDecision {
  type: 'stepLosses';
  side: Side;
  hex: HexId;
  /** Steps to take in all. */
  steps: number;
  rule: '16.3' | '16.4';
  /** What the losses are for, in the words of the loss events ("Sub-Zero loss", "Night Raid loss (raiders)"). */
  cause: string;
  /** Units of the stack that may take the steps (leaders never do: 12.3.1). */
  units: { unit: string; stepsLeft: number }[];
  default: { steps: Record<string, number> };
  defaultText: string;
}

export interface DefensiveSupportDecision {
  type: 'defensiveSupport';
  side: Side;
  rule: '10.3.2';
  /** The Combat as the phasing player declared it (resolved once this decision is answered). */
  combat: { attackers: string[]; target: HexId; support?: string[]; spotters?: Record<string, string> };
  /** Hexes of attackers: the one target hex of the defensive Support is chosen among them (10.3.4). */
  attackerHexes: HexId[];
  /** Units that may support, with the attacking hexes each may fire on (and spotters for indirect fire). */
  options: { unit: string; targets: { hex: HexId; spotters: string[]; defaultSpotter: string | null }[] }[];
  default: { units: string[] };
  defaultText: string;
}

/**
 * The Soviet player's choice of the 76 mm battalion the Soviet Artillery Park removes (12.4.3 b); the
 * others go to the Turn Track once it is made. Answered by an `artilleryPark` action naming the battalion.
 */
export interface ParkBattalionDecision {
  type: 'parkBattalion';
  side: Side;
  rule: '12.4.3';
  /** The hex the raid came from (X28). */
  hex: HexId;
  /** The 76 mm battalions still in the game: one of them is removed. */
  options: string[];
  default: { unit: string };
  defaultText: string;
}

/**
 * A stack under Friction Fire (optional 20.1): a move or an entry held until the fire is over, then
 * carried out as declared (or only up to the hex where it halts); a retreat already made (8.5.2); an
 * advance after combat held like a move (8.7).
 */
export interface FrictionMove {
  kind: 'move' | 'retreat' | 'advance';
  side: Side;
  units: string[];
  /** null: reinforcements entering (13.1). */
  from: HexId | null;
  /** The route as the move resolved it: the hexes entered, its cost and MPs left. */
  route: { hex: HexId; path: HexId[]; cost: number; mpLeft: number; extended: boolean; minimumMove: boolean; zocStop: boolean };
  /** Leaving the map at the end (4.2). */
  exit: boolean;
}

/**
 * The non-moving player's chance of Friction Fire at a moving stack (optional 20.1): in one hex of its
 * path, with any of the units that could make a Ranged Attack on it there (10.0–10.6, without the once
 * per Combat Phase limit). Answered by `friction`; the default lets it pass.
 */
export interface FrictionFireDecision {
  type: 'frictionFire';
  side: Side;
  rule: '20.1';
  move: FrictionMove;
  /** Per hex of the path where someone can fire: the firers, each with its RAS and DRMs summed (`mod`). */
  options: { hex: HexId; firers: { unit: string; mod: number; spotter: string | null }[] }[];
  default: { pass: true };
  defaultText: string;
}

/**
 * The moving player's answer to a Friction Fire result (optional 20.1): take the steps, or halt in the
 * hex fired on (`canHalt`: not where the stack may not stop). Answered by `frictionResult`.
 */
export interface FrictionResultDecision {
  type: 'frictionResult';
  side: Side;
  rule: '20.1';
  move: FrictionMove;
  hex: HexId;
  steps: number;
  canHalt: boolean;
  /** Units of the stack that can take the steps (armor and leaders never do: 12.1.1, 12.3.1). */
  units: { unit: string; stepsLeft: number }[];
  /** The engine's allocation of the steps (as for Ranged Attack losses, 10.4.2), and in words. */
  allocation: Record<string, number>;
  allocationText: string;
  default: { halt: true } | { steps: Record<string, number> };
  defaultText: string;
}

/** A decision the engine waits for before play goes on (the union of every decision type above). */
export type PendingDecision =
  | PlaceLeaderDecision
  | CombatDecision
  | RangedLossDecision
  | StepLossesDecision
  | DefensiveSupportDecision
  | ParkBattalionDecision
  | AtFireTargetDecision
  | FrictionFireDecision
  | FrictionResultDecision;
