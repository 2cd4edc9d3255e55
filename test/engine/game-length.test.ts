// Games of any length (issue 15): a scenario can end after a chosen turn. This is our own derived
// set-up (never a Playbook scenario): the game ends after that turn's Victory Check and is scored then,
// as at the scenario's own end (3.0, 17.0). docs/rulings.md § Games of any length.
import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../src/data/load.js';
import { createEngine, replayRecord } from '../../src/engine/index.js';
import { endPhasesUntil } from './helpers/end-phases.js';
import type { GameRecord, RecordedAction } from '../../src/engine/record.js';

const rs = loadRuleset();
const engine = createEngine(rs);

describe('games of any length (3.0, 17.0)', () => {
  it('a five-turn Campaign (its first day) ends after turn 5 and is scored at its end', () => {
    const s0 = engine.setup('campaign', { seed: 'short', endTurn: 5 });
    expect(s0.endTurn).toBe(5);
    expect(engine.toMapView(s0).header.lastTurn).toBe(5);
    const actions: RecordedAction[] = [];
    const log = [...s0.log];
    const s = endPhasesUntil(engine, s0, () => false, actions, 400, log);
    expect(s.result).not.toBeNull();
    expect(s.turn).toBe(5);
    const checks = log.filter((e) => e.type === 'victoryCheck');
    expect(checks.map((e) => (e as { over: boolean }).over)).toEqual([false, false, false, false, true]);
    // Scored as at the end of a scenario: the objective VPs are awarded (17.0).
    expect(log.some((e) => e.type === 'victoryPoints')).toBe(true);
    expect(log.at(-1)).toMatchObject({ type: 'gameOver' });
    // The record carries the length, and replays to the same end.
    const record: GameRecord = {
      format: 'hexref-record',
      version: 1,
      ruleset: rs.id,
      scenario: 'campaign',
      options: {},
      endTurn: 5,
      commitment: s0.commitment,
      seed: 'short',
      actions,
    };
    const replay = replayRecord(engine, record);
    expect(replay.ok && replay.state.result).toEqual(s.result);
  });

  it('refuses an end before the first turn or after the last, and the scenario’s own last turn is no shortening', () => {
    expect(() => engine.setup('campaign', { seed: 'x', endTurn: 0 })).toThrow(/ends after a turn from 1 to 32, not 0/);
    expect(() => engine.setup('campaign', { seed: 'x', endTurn: 33 })).toThrow(/from 1 to 32/);
    expect(() => engine.setup('campaign', { seed: 'x', endTurn: 2.5 })).toThrow(/from 1 to 32/);
    expect(engine.setup('campaign', { seed: 'x', endTurn: 32 }).endTurn).toBeUndefined();
  });
});
