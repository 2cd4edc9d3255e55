/**
 * State, decisions and events of Combats and Assaults (8.0–9.2). Kept in `state.combat`, a small record
 * of the current phase: which units and hexes have attacked, which units retreated (8.5.2.3) or advanced
 * (8.7), and the combat being resolved. A record whose `key` is not the current turn/side/phase is stale
 * and reads as empty, so nothing needs clearing when a phase ends.
 */
import type { HexId, OddsColumn, Side } from '../ruleset.js';
import type { AttackerRef, CombatKind } from './odds.js';

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
  | { type: 'eliminated'; unit: string; box: 'deadPool' | 'eliminated'; inSupply: boolean; rule: '8.6' }
  | { type: 'retreated'; unit: string; from: HexId; path: HexId[]; rule: '8.5.2' }
  | { type: 'advanced'; units: string[]; from: HexId[]; path: HexId[]; rule: '8.7' | '8.7.1' | '9.2' }
  | { type: 'advanceDeclined'; combatId: number; rule: '8.7' }
  | { type: 'combatDone'; combatId: number }
  | { type: 'overrun'; units: string[]; mpLeft: number; rule: '12.1.2' }
  | { type: 'pajariCheck'; unit: string; reason: string; roll: number; captured: boolean; rule: '12.3.1' };
