// The undo window (GameDoc.undo, docs/game-record.md § Undo): one side's run of actions since its last
// roll or the last hand-over, kept as the state before the run and the run's actions. Undoing replays the
// checkpoint through all but the last step (the engine is deterministic and nothing in the run rolled).
//
// The checkpoint is stored without its event log while the log has only grown since: it is then the first
// `logLength` events of the current state's log. An action that began an Action Phase trims the log
// (src/engine/log-window.ts); the checkpoint then keeps its own log, taken before the trim.
import type { GameDoc, UndoWindow } from './game-doc.js';
import type { Action, GameState, Side } from '../engine/types.js';
import { sameTextLessLog, sameTextPlusLog } from './doc-json.js';

type Apply = (state: GameState, side: Side, action: Action) => { ok: true; state: GameState } | { ok: false };

function withoutLog(state: GameState): UndoWindow['checkpoint'] {
  const { log: _log, ...rest } = state;
  sameTextLessLog(rest, state); // usually the state the last save wrote (src/app/doc-json.ts)
  return rest;
}

/** A checkpoint without its log, with the log given as its own (its text is the checkpoint's and the log's). */
function withOwnLog(checkpoint: UndoWindow['checkpoint'], log: GameState['log']): UndoWindow['checkpoint'] {
  const own = { ...checkpoint, log };
  sameTextPlusLog(own, checkpoint);
  return own;
}

/** The full state at the window's checkpoint, given the game's current state. */
export function checkpointState(w: UndoWindow, current: GameState): GameState {
  return { ...w.checkpoint, log: w.checkpoint.log ?? current.log.slice(0, w.logLength) } as GameState;
}

/**
 * Note an undoable action in the document's window: `before` and `after` are the states around it and
 * `events` how many events it logged. Past `max` steps the checkpoint moves on by the oldest step.
 */
export function noteUndoStep(
  doc: GameDoc,
  apply: Apply,
  side: Side,
  before: GameState,
  after: GameState,
  events: number,
  step: UndoWindow['steps'][number],
  max: number,
): void {
  if (doc.undo?.side !== side || !doc.undo.steps.length)
    doc.undo = { side, checkpoint: withoutLog(before), logLength: before.log.length, steps: [] };
  const w = doc.undo;
  // The log was trimmed (a new Action Phase): keep the checkpoint's own log while `before` still holds it.
  // (A new checkpoint object: a checkpoint is never changed once made, src/app/doc-json.ts.)
  if (!w.checkpoint.log && after.log.length !== before.log.length + events)
    w.checkpoint = withOwnLog(w.checkpoint, before.log.slice(0, w.logLength));
  w.steps.push(step);
  while (w.steps.length > max) {
    const oldest = w.steps.shift()!;
    const moved = apply(checkpointState(w, after), side, oldest.action);
    if (!moved.ok) {
      doc.undo = null; // cannot happen (the engine is deterministic); undo is then simply closed
      return;
    }
    const ownLog = w.checkpoint.log !== undefined;
    w.checkpoint = ownLog ? withOwnLog(withoutLog(moved.state), moved.state.log) : withoutLog(moved.state);
    w.logLength = moved.state.log.length;
  }
}
