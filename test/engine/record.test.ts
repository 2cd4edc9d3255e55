import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../src/data/load.js';
import { commitmentOf, createEngine, newRecord, recordAction, replayRecord, stateHash, type GameRecord } from '../../src/engine/index.js';
import { randomPlay } from './helpers/random-play.js';

const engine = createEngine(loadRuleset());
const dir = 'examples/records';
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
const read = (f: string): GameRecord => JSON.parse(readFileSync(`${dir}/${f}`, 'utf8')) as GameRecord;

describe('game records (docs/game-record.md)', () => {
  it('ships at least three example records, one of them a full Campaign turn 1', () => {
    expect(files.length).toBeGreaterThanOrEqual(3);
    const t1 = read('campaign-turn-1.json');
    expect(t1.scenario).toBe('campaign');
    expect(t1.final).toMatchObject({ turn: 2, phase: 'reset' });
  });

  for (const f of files) {
    it(`replays ${f} to the recorded final state`, () => {
      const rec = read(f);
      const res = replayRecord(engine, rec);
      expect(res.ok).toBe(true);
      if (!res.ok) return;
      expect(res.summary.matches).toBe(true);
      expect(res.summary.turn).toBe(rec.final!.turn);
      expect(res.summary.phase).toBe(rec.final!.phase);
      expect(res.summary.stateHash).toBe(stateHash(res.state));
    });
  }

  it('replays deterministically: same record, same hash, twice; a random game replays to the same state', () => {
    const start = engine.setup('campaign', { seed: 'det-seed' });
    const played = randomPlay(engine, start, { seed: 'det-play', untilTurn: 3 });
    const rec: GameRecord = {
      format: 'hexref-record',
      version: 1,
      ruleset: 'redwinter',
      scenario: 'campaign',
      options: {},
      commitment: commitmentOf('det-seed'),
      seed: 'det-seed',
      actions: played.actions,
      final: { turn: played.state.turn, phase: played.state.phase, stateHash: stateHash(played.state) },
    };
    const a = replayRecord(engine, rec);
    const b = replayRecord(engine, JSON.parse(JSON.stringify(rec)) as GameRecord);
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect(a.summary.matches).toBe(true);
    expect(a.summary.stateHash).toBe(b.summary.stateHash);
    expect(a.state).toEqual(played.state);
  });

  it('reports the failing action of a record that breaks a rule', () => {
    const rec = read('campaign-turn-1.json');
    const bad: GameRecord = {
      ...rec,
      actions: [...rec.actions.slice(0, 1), { side: 'soviet', action: { type: 'move', units: ['1/1/609'], to: 'A1' } }],
    };
    const res = replayRecord(engine, bad);
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.error).toMatchObject({ index: 1, code: 'rule/not-enough-mp' });
  });

  it('refuses a revealed seed that does not match the commitment (2.1)', () => {
    const rec = { ...read('tutorial-zoc.json'), seed: 'not-the-seed' };
    const res = replayRecord(engine, rec);
    expect(res.ok === false && res.error.code).toBe('input/commitment-mismatch');
  });

  it('replays a record whose seed is not yet revealed when it needs no dice', () => {
    const rec = { ...read('tutorial-zoc.json'), seed: null };
    const res = replayRecord(engine, rec);
    expect(res.ok).toBe(true);
    if (res.ok) expect(res.state.commitment).toBe(rec.commitment);
  });

  it('refuses forced dice outside 1–6', () => {
    const res = replayRecord(engine, read('tutorial-zoc.json'), { dice: [7] });
    expect(res.ok === false && res.error.code).toBe('input/dice');
  });

  it('builds a record action by action, hiding the seed until the game is over, and the record replays (2.1)', () => {
    const tut = engine.setup('tutorial', { seed: 'record-build' });
    let rec = newRecord(tut);
    expect(rec.seed).toBeNull();
    expect(rec.commitment).toBe(commitmentOf('record-build'));
    let state = tut;
    while (state.phase !== 'gameOver') {
      const who = engine.whoMustAct(state);
      const action = { type: 'endPhase' as const, phase: state.phase };
      const r = engine.apply(state, who.side, action);
      if (!r.ok) throw new Error(r.violation.message);
      rec = recordAction(rec, who.side, action, r.events, r.state);
      if (r.state.phase !== 'gameOver') expect(rec.seed).toBeNull();
      state = r.state;
    }
    expect(rec.seed).toBe('record-build');
    expect(rec.final?.stateHash).toBe(stateHash(state));
    const back = replayRecord(engine, rec);
    expect(back.ok && back.summary.matches).toBe(true);
  });
});
