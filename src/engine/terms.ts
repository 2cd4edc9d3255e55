/**
 * The engine's shared vocabulary, below events, decisions and state: phases of the turn and the
 * references a combat is made of. Pure types only (a leaf: imports nothing but the data types).
 */
import type { HexId } from './ruleset.js';

/**
 * Phases of a player turn and of the game turn (3.0).
 * - `reset` (I), `action` (II), `combat` (III) belong to the active side;
 * - `subZero` (V) exists on night turns only; its SZLT rolls are made when it is ended (16.3, night.ts);
 * - the Victory Check (VI) runs automatically when the last player turn (or Sub-Zero phase) ends;
 * - `gameOver` once the scenario's last turn has been checked.
 */
export type Phase = 'reset' | 'action' | 'combat' | 'subZero' | 'gameOver';

export type CombatKind = 'combat' | 'assault';

/** One attacking unit and the hex it attacks from (for an Assault: the hex it launches from, 9.1). */
export interface AttackerRef {
  unit: string;
  from: HexId;
}
