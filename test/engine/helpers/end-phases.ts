// Play a game forward by ending phases, the way a player who does nothing else would: every phase is
// ended, and the Sub-Zero losses (16.3), the only decision that then comes up, take the owner's default.
// Used by the tests of rules that need a late turn (12.1.4, 12.8, 17.0.4, 17.1, shortened games).
import type { Action, Engine, GameEvent, GameState } from '../../../src/engine/index.js';
import type { RecordedAction } from '../../../src/engine/record.js';

/**
 * End phases until `done` holds (or the game is over); each action is added to `record` and its events
 * to `events` when given (the state's own log keeps only the latest Action Phase onward).
 */
export function endPhasesUntil(
  engine: Engine,
  s: GameState,
  done: (s: GameState) => boolean,
  record?: RecordedAction[],
  max = 3000,
  events?: GameEvent[],
): GameState {
  for (let i = 0; i < max; i++) {
    if (done(s) || s.result) return s;
    const who = engine.whoMustAct(s);
    if (who.pending && who.pending.type !== 'stepLosses') throw new Error(`unexpected decision ${who.what}`);
    const action: Action =
      who.pending?.type === 'stepLosses' ? { type: 'takeLosses', ...who.pending.default } : { type: 'endPhase', phase: s.phase };
    const r = engine.apply(s, who.side, action);
    if (!r.ok) throw new Error(r.violation.message);
    record?.push({ side: who.side, action });
    events?.push(...r.events);
    s = r.state;
  }
  throw new Error(`not reached within ${max} actions`);
}
