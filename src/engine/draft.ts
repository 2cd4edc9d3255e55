/**
 * Copy-on-apply: a draft of GameState that the rule code may mutate without touching the input.
 * Everything is deep-copied (structuredClone), so a field added to GameState later is copied too;
 * only the event log is copied shallowly, since logged events are never changed.
 */
import type { GameState } from './types.js';

export function draftOf(s: GameState): GameState {
  const { log, ...rest } = s;
  return { ...structuredClone(rest), log: log.slice() };
}
