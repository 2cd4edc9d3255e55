// The state's log is a window from the latest Action Phase on (src/engine/log-window.ts); the rules that
// look further back read counts kept as events leave it. Checked over the recorded Campaign (every phase,
// fight and decision kind, night raids included): the window is always the tail of the whole log, starts
// at the latest Action Phase, and the counts agree with the whole log at every state.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../src/data/load.js';
import { createEngine, type GameEvent, type GameRecord, type GameState } from '../../src/engine/index.js';
import { armorCommittedSoFar, heartFailuresSoFar, nightRaidsSoFar, trimLog } from '../../src/engine/log-window.js';
import { withArmorReinforcements } from './helpers/campaign-bot.js';

const count = (log: readonly GameEvent[], f: (e: GameEvent) => boolean) => log.filter(f).length;

describe('the log window (3.0; 16.4, 20.6 and 12.1.4 read through it)', () => {
  it(
    'holds the whole log from the latest Action Phase on, and the counts match the whole log, all Campaign long',
    { timeout: 120_000 },
    () => {
      const engine = createEngine(withArmorReinforcements(loadRuleset()));
      const record = JSON.parse(readFileSync('test/fixtures/records/campaign-bot.json', 'utf8')) as GameRecord;
      let st: GameState = engine.setup(record.scenario, { seed: record.seed! });
      const whole: GameEvent[] = [...st.log];
      let biggest = 0;
      for (const ra of record.actions) {
        const r = engine.apply(st, ra.side, ra.action);
        if (!r.ok) throw new Error(r.violation.message);
        whole.push(...r.events);
        st = r.state;
        expect(whole.slice(whole.length - st.log.length)).toEqual(st.log);
        const lastAction = whole.findLastIndex((e) => e.type === 'phase' && e.phase === 'action');
        expect(whole.length - st.log.length).toBe(Math.max(0, lastAction));
        expect(nightRaidsSoFar(st)).toBe(count(whole, (e) => e.type === 'nightRaid'));
        expect(heartFailuresSoFar(st)).toBe(count(whole, (e) => e.type === 'heartCondition' && e.returnTurn !== null));
        expect(armorCommittedSoFar(st)).toBe(whole.some((e) => e.type === 'armorCommitted'));
        biggest = Math.max(biggest, JSON.stringify(st).length);
      }
      expect(st.phase).toBe('gameOver');
      expect(count(whole, (e) => e.type === 'nightRaid')).toBeGreaterThan(0);
      expect(biggest).toBeLessThan(64 * 1024); // the state no longer grows with the game
    },
  );

  it('reads a state saved with its whole log (before the window existed) the same way', () => {
    const engine = createEngine(loadRuleset());
    const st = structuredClone(engine.setup('campaign', { seed: 'old' }));
    const raid = { type: 'nightRaid', turn: 1 } as GameEvent;
    st.log.push(raid, { type: 'armorCommitted', units: [], vpEach: 1, vp: 0, turn: 2, rule: '12.1.4' });
    expect(nightRaidsSoFar(st)).toBe(1);
    expect(armorCommittedSoFar(st)).toBe(true);
    // The next Action Phase trims it: the facts move into the counts, and read the same.
    st.log.push({ type: 'phase', turn: 2, phase: 'action', side: 'soviet' });
    trimLog(st);
    expect(st.log).toHaveLength(1);
    expect(st).toMatchObject({ nightRaidsRolled: 1, armorCommittedTurn: 2 });
    expect(nightRaidsSoFar(st)).toBe(1);
    expect(armorCommittedSoFar(st)).toBe(true);
  });
});
