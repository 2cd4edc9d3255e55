// The undo window's checkpoint (src/app/undo-window.ts): stored without its log while the log only grows,
// with it once an action began an Action Phase and trimmed the log; either way it is the exact state.
import { describe, expect, it } from 'vitest';
import { createEngine, type Action, type GameState, type Side } from '../../src/engine/index.js';
import type { GameDoc } from '../../src/app/game-doc.js';
import { checkpointState, noteUndoStep } from '../../src/app/undo-window.js';
import { ruleset } from './helpers.js';

const engine = createEngine(ruleset());
const apply = (s: GameState, side: Side, a: Action) => engine.apply(s, side, a);

function step(doc: GameDoc, s: GameState, a: Action, seq: number, max = 30): GameState {
  const r = engine.apply(s, 'soviet', a);
  if (!r.ok) throw new Error(r.violation.message);
  noteUndoStep(doc, apply, 'soviet', s, r.state, r.events.length, { seq, user: 'u', action: a, waitingSince: null }, max);
  return r.state;
}

describe('the undo checkpoint (docs/game-record.md § Undo)', () => {
  it('leaves its log out while the log only grows, and keeps it when an Action Phase trims the log', () => {
    const s0 = engine.setup('tutorial', { seed: 'undo' });
    const doc = { undo: null } as unknown as GameDoc;
    const s1 = step(doc, s0, { type: 'endPhase', phase: 'reset' }, 1); // reset → action: trimmed
    expect(s1.log.length).toBeLessThan(s0.log.length + 3);
    expect(doc.undo!.checkpoint.log).toEqual(s0.log);
    expect(checkpointState(doc.undo!, s1)).toEqual(s0);

    const fresh = { undo: null } as unknown as GameDoc; // a window that begins inside the Action Phase
    const s2 = step(fresh, s1, { type: 'move', units: ['1/1/609'], to: 'K16' }, 2);
    const s3 = step(fresh, s2, { type: 'move', units: ['2/1/609'], to: 'L16' }, 3);
    expect(fresh.undo!.checkpoint.log).toBeUndefined();
    expect(fresh.undo!.logLength).toBe(s1.log.length);
    expect(checkpointState(fresh.undo!, s3)).toEqual(s1);
  });

  it('moves the checkpoint on by the oldest step past the limit, still exact', () => {
    const s0 = engine.setup('tutorial', { seed: 'undo' });
    const s1 = engine.apply(s0, 'soviet', { type: 'endPhase', phase: 'reset' });
    if (!s1.ok) throw new Error('reset');
    const doc = { undo: null } as unknown as GameDoc;
    const s2 = step(doc, s1.state, { type: 'move', units: ['1/1/609'], to: 'K16' }, 1, 1);
    step(doc, s2, { type: 'move', units: ['2/1/609'], to: 'L16' }, 2, 1);
    expect(doc.undo!.steps.map((x) => x.seq)).toEqual([2]);
    expect(checkpointState(doc.undo!, s2)).toEqual(s2);
  });
});
