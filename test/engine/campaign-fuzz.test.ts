/**
 * Whole games with real fights (8.0–16.4, the real CRT), kept to a few seconds in the suite:
 * - a recorded bot-versus-bot Campaign (32 turns, seed fuzz-41 of `npm run fuzz:campaign`, written by
 *   scripts/make-example-records.ts) replayed action by action with the invariants checked after each one,
 *   to the identical state hash; it holds Combats with Support on both sides, Assaults, Ranged Attacks, AT
 *   Fire, Night Raids and every kind of pending decision;
 * - live random legal play of the tutorial to its end, twice with one seed (same record, same hash).
 * Long runs over many seeds: `npm run fuzz:campaign -- --seeds 20` (scripts/fuzz-campaign.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../src/data/load.js';
import { createEngine, replayRecord, stateHash, type GameEvent, type GameRecord } from '../../src/engine/index.js';
import { invariantProblems, playBotGame, withArmorReinforcements } from './helpers/campaign-bot.js';

const real = loadRuleset();

describe('a whole Campaign between two random bots, from its record (8.0–16.4, 3.0)', () => {
  const engine = createEngine(withArmorReinforcements(real));
  const record = JSON.parse(readFileSync('test/fixtures/records/campaign-bot.json', 'utf8')) as GameRecord;

  it('keeps every invariant after every action and ends on the recorded state hash, with fights of every kind', () => {
    let state = engine.setup(record.scenario, { seed: record.seed! });
    const seen: Record<string, number> = {};
    const count = (k: string) => (seen[k] = (seen[k] ?? 0) + 1);
    const problems: string[] = [];
    for (const [i, ra] of record.actions.entries()) {
      const before = state;
      if (before.pending[0]) count(`decision:${before.pending[0].type}`);
      const r = engine.apply(state, ra.side, ra.action);
      if (!r.ok) throw new Error(`action ${i + 1} refused: ${r.violation.code} ${r.violation.message}`);
      count(`action:${ra.action.type}`);
      r.events.forEach((e: GameEvent) => count(`event:${e.type}`));
      for (const p of invariantProblems(engine, before, r.state, r.events)) problems.push(`action ${i + 1}: ${p}`);
      state = r.state;
    }
    expect(problems).toEqual([]);
    expect(state).toMatchObject({ turn: 32, phase: 'gameOver' });
    expect(state.result).not.toBeNull();
    expect(stateHash(state)).toBe(record.final!.stateHash);
    // The game holds every kind of fight and decision the issue names.
    for (const k of [
      'action:combat',
      'action:assault',
      'action:ranged',
      'action:atFire',
      'action:nightRaid',
      'action:bonfire',
      'action:recovery',
      'action:digIn',
      'action:replacement',
      'action:support',
    ]) {
      expect(seen[k] ?? 0, k).toBeGreaterThan(0);
    }
    for (const k of [
      'event:combat',
      'event:combatNoRoll',
      'event:nightRaidAttack',
      'event:atFire',
      'event:rangedAttack',
      'event:retreated',
      'event:advanced',
      'event:eliminated',
      'event:pajariCheck',
    ]) {
      expect(seen[k] ?? 0, k).toBeGreaterThan(0);
    }
    for (const k of [
      'decision:combatLosses',
      'decision:advance',
      'decision:defensiveSupport',
      'decision:rangedLosses',
      'decision:placeLeader',
      'decision:stepLosses',
      'decision:atFireTarget',
    ]) {
      expect(seen[k] ?? 0, k).toBeGreaterThan(0);
    }
  }, 60_000);

  it('replays from its record to the identical state hash (docs/game-record.md)', () => {
    const res = replayRecord(engine, record);
    expect(res.ok).toBe(true);
    if (res.ok) expect(res.summary).toMatchObject({ matches: true, turn: 32, phase: 'gameOver', stateHash: record.final!.stateHash });
  }, 60_000);
});

describe('the tutorial between two random bots, live (8.0–16.4, 3.0)', () => {
  it('plays to the end with every choice taken from legalActions, keeping the invariants; the same seed plays the same game', () => {
    const engine = createEngine(real);
    const problems: string[] = [];
    const a = playBotGame(engine, {
      seed: 'suite-tutorial',
      scenario: 'tutorial',
      onStep: ({ before, after, events }) => problems.push(...invariantProblems(engine, before, after, events)),
    });
    expect(problems).toEqual([]);
    expect(a.state.phase).toBe('gameOver');
    expect(a.stats.combats + a.stats.assaults).toBeGreaterThan(0);
    const b = playBotGame(engine, { seed: 'suite-tutorial', scenario: 'tutorial' });
    expect(b.record.actions).toEqual(a.record.actions);
    expect(b.record.final).toEqual(a.record.final);
    const replay = replayRecord(engine, a.record);
    expect(replay.ok && replay.summary.stateHash).toBe(stateHash(a.state));
  }, 60_000);
});
