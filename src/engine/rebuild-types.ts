/**
 * Types for Replacements and Reconstitution (13.2, 13.2.1), Recovery (13.3) and Digging In (14.0–14.5):
 * their events and their legal-action listings. Pure types only.
 */
import type { HexId } from './hex.js';
import type { Side } from './ruleset.js';

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
