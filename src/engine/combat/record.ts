/**
 * The combat record of the current phase (`state.combat`, 8.0–9.2): which units and hexes have
 * attacked, retreated or advanced, the combat being resolved, and the Overrun MPs left to armored
 * units after a successful Assault (12.1.2). A record whose `key` is not the current turn/side/phase is
 * stale and reads as empty, so nothing needs clearing when a phase ends. Read by movement, fire and
 * night as well as by the combat code, so it sits below all of them.
 */
import type { CombatPhaseRecord, GameState, HexId } from '../types.js';

export function phaseKey(state: GameState): string {
  return `${state.turn}:${state.activeSide}:${state.phase}`;
}

function emptyRecord(state: GameState): CombatPhaseRecord {
  return { key: phaseKey(state), attacked: [], attackedHexes: [], retreated: [], advanced: [], nextId: 1, current: null };
}

/** The combat record of the current phase (a stale one reads as empty). */
export function readRecord(state: GameState): CombatPhaseRecord {
  const r = state.combat;
  if (r && r.key === phaseKey(state)) return r;
  // A combat still waiting for decisions keeps its record whatever the phase key says.
  if (r && r.current && r.current.stage !== 'done') return r;
  return emptyRecord(state);
}

export function writeRecord(draft: GameState): CombatPhaseRecord {
  const d = draft;
  const r = readRecord(draft);
  const copy: CombatPhaseRecord = {
    ...r,
    attacked: [...r.attacked],
    attackedHexes: [...r.attackedHexes],
    retreated: [...r.retreated],
    advanced: [...r.advanced],
    overrun: r.overrun ? { units: [...r.overrun.units], mpLeft: r.overrun.mpLeft } : null,
    current: r.current
      ? {
          ...r.current,
          attackers: [...r.current.attackers],
          defenders: [...r.current.defenders],
          attackersRetreated: [...r.current.attackersRetreated],
        }
      : null,
  };
  d.combat = copy;
  return copy;
}

/** True while a Combat or Assault waits for decisions (8.1 step 11). */
export function combatInProgress(state: GameState): boolean {
  const c = readRecord(state).current;
  return !!c && c.stage !== 'done';
}

/** MPs an armored unit still has after a successful Assault this Action Phase (12.1.2), or null. */
export function overrunAllowance(state: GameState, unitId: string): number | null {
  if (state.phase !== 'action') return null;
  const o = readRecord(state).overrun;
  return o && o.units.includes(unitId) ? o.mpLeft : null;
}

/** The units have used their Overrun MPs (they moved or assaulted again). */
export function consumeOverrun(state: GameState, ids: readonly string[]): void {
  const o = state.combat?.overrun;
  if (!o) return;
  o.units = o.units.filter((u) => !ids.includes(u));
  if (o.units.length === 0) state.combat!.overrun = null;
}

/** Events a move may be followed by in the same action (hex control, Pajari, markers; 7.3, 12.3.1, 14.4, 16.2, 12.4). */
const AFTER_MOVE = new Set(['control', 'leaderPickedUp', 'leaderPlaced', 'entrenchmentRemoved', 'bonfireRemoved', 'artilleryPark', 'ammo']);

/**
 * Where a unit or stack that has just moved stands and the MPs it has left, when its move is still
 * going on: it was the last thing to move (4.1: each unit completes its movement and any Assaults
 * before the next one moves) and its move was neither an entry, an Extended Movement nor the minimum
 * move. Such units may still Assault with those MPs (9.1). Null otherwise.
 */
export function moveContinuation(state: GameState, ids: readonly string[]): { hex: HexId; mpLeft: number } | null {
  if (state.phase !== 'action' || ids.length === 0) return null;
  for (let i = state.log.length - 1; i >= 0; i--) {
    const e = state.log[i]!;
    if (e.type === 'moved') {
      if (e.side !== state.activeSide || e.minimumMove || e.extended || e.entry) return null;
      const here = ids.every((id) => e.units.includes(id) && state.units[id]?.location === 'map' && state.units[id]?.hex === e.to);
      return here ? { hex: e.to, mpLeft: e.mpLeft } : null;
    }
    if (!AFTER_MOVE.has(e.type)) return null;
  }
  return null;
}
