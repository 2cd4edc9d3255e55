/**
 * The state's event log is a window, not the whole game (GameState.log): it reaches back to the start
 * of the latest Action Phase, which is as far as any rule looks (what moved this phase, where the Finns
 * began it, 16.4; what happened this phase, 13.2–13.3; the map's story of the phase). The few facts the
 * rules need from earlier in the game are counted into state fields as their events leave the window,
 * and read here as those counts plus the events still in it (so a state whose log is whole, saved before
 * the window existed, reads the same). Every apply returns its events: the whole log is every apply's
 * events in order, and the state no longer grows with the length of the game.
 */
import type { GameEvent, GameState } from './types.js';

/** Drop the events before the latest Action Phase began (in place, on a draft), counting what the rules keep. */
export function trimLog(draft: GameState): void {
  const log = draft.log;
  let i = log.length - 1;
  while (i > 0 && !(log[i]!.type === 'phase' && (log[i] as Extract<GameEvent, { type: 'phase' }>).phase === 'action')) i--;
  if (i <= 0) return;
  for (let k = 0; k < i; k++) {
    const e = log[k]!;
    if (e.type === 'nightRaid') draft.nightRaidsRolled = (draft.nightRaidsRolled ?? 0) + 1;
    else if (e.type === 'heartCondition' && e.returnTurn !== null) draft.heartFailures = (draft.heartFailures ?? 0) + 1;
    else if (e.type === 'armorCommitted' && draft.armorCommittedTurn === undefined) draft.armorCommittedTurn = e.turn;
  }
  draft.log = log.slice(i);
}

/** Night Raids rolled so far in the game (16.4). */
export function nightRaidsSoFar(state: GameState): number {
  return (state.nightRaidsRolled ?? 0) + state.log.filter((e) => e.type === 'nightRaid').length;
}

/** Pajari's heart failures so far that sent him away for a while (20.6). */
export function heartFailuresSoFar(state: GameState): number {
  return (state.heartFailures ?? 0) + state.log.filter((e) => e.type === 'heartCondition' && e.returnTurn !== null).length;
}

/** Whether the Soviets have committed armor in this game (12.1.4). */
export function armorCommittedSoFar(state: GameState): boolean {
  return state.armorCommittedTurn !== undefined || state.log.some((e) => e.type === 'armorCommitted');
}
