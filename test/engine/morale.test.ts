// Soviet Morale Collapse (17.0.4): checked in the Soviet Reset Phase on Days 4 and 5; our default
// trigger (unconfirmed, docs/rulings.md) is fewer than 12 full-strength Soviet infantry companies and MG
// units on the map; once collapsed, the Soviets may not attack, assault, recover or enter an enemy ZOC.
import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../src/data/load.js';
import { createEngine, type GameEvent, type GameState } from '../../src/engine/index.js';
import { endPhasesUntil } from './helpers/end-phases.js';
import { contextOf } from '../../src/engine/ctx.js';
import { moraleCheck } from '../../src/engine/morale.js';

const rs = loadRuleset();
const engine = createEngine(rs);
const day4 = rs.turnTrack.find((t) => t.day === 4)!.turn;

const until = (s: GameState, pred: (s: GameState) => boolean): GameState => endPhasesUntil(engine, s, pred);

/** The last phase before Day 4's first Soviet Reset Phase, with only `full` Soviet companies/MGs at full strength. */
function beforeDay4(seed: string, full: number, options: Record<string, boolean> = {}): GameState {
  const s = structuredClone(until(engine.setup('campaign', { seed, options }), (x) => x.turn === day4 - 1 && x.phase === 'subZero'));
  let kept = 0;
  // Free hexes far to the east, for companies brought onto the map to make up the number.
  const free = Object.keys(rs.map.hexes).filter((h) => h[0] === 'W' && !Object.values(s.units).some((u) => u.hex === h));
  for (const u of Object.values(s.units)) {
    const def = rs.counters.find((c) => c.id === u.id)!;
    if (u.side !== 'soviet' || !(def.infantryCompany || def.type === 'mg')) continue;
    if (u.location === 'pending' && kept < full && free.length) {
      u.location = 'map';
      u.hex = free.shift()!;
      u.stepsLeft = def.steps;
      delete u.entryTurn;
      delete u.entryHex;
    }
    if (u.location === 'map' && u.stepsLeft === def.steps && kept < full) kept++;
    else if (def.steps === 2) u.stepsLeft = 1;
  }
  return s;
}

describe('Soviet Morale Collapse (17.0.4)', () => {
  it('17.0.4: the check is made as the Day 4 Soviet Reset Phase begins (the Night of Day 3 cost steps: it collapses)', () => {
    const log: GameEvent[] = [];
    const s = endPhasesUntil(engine, beforeDay4('collapse', 11), (x) => x.turn === day4 && x.phase !== 'reset', undefined, 3000, log);
    const check = log.find((e) => e.type === 'moraleCheck');
    expect(check).toMatchObject({ type: 'moraleCheck', turn: day4, below: 12, collapsed: true, rule: '17.0.4' });
    expect((check as { count: number }).count).toBeLessThan(12);
    expect(s.markers.some((m) => m.type === 'sovietMoraleCollapse')).toBe(true);
  });

  it('17.0.4: 11 full-strength companies and MGs collapse it, 12 hold it; none counted off the map or reduced', () => {
    const ctx = contextOf(rs);
    const at = (full: number): { events: GameEvent[]; state: GameState } => {
      const state = structuredClone(engine.setup('campaign', { seed: 'count' }));
      state.turn = day4;
      const free = Object.keys(rs.map.hexes).filter((h) => h[0] === 'W' || h[0] === 'X');
      // `full` companies and MGs on the map at full strength; one more on the map but reduced; the rest off it.
      let n = 0;
      for (const u of Object.values(state.units)) {
        const def = rs.counters.find((c) => c.id === u.id)!;
        if (u.side !== 'soviet' || !(def.infantryCompany || def.type === 'mg')) continue;
        if (n < full) Object.assign(u, { location: 'map', hex: free[n]!, stepsLeft: def.steps });
        else if (n === full && def.steps === 2) Object.assign(u, { location: 'map', hex: free[n]!, stepsLeft: 1 });
        else Object.assign(u, { location: 'pending', hex: null });
        n++;
      }
      const events: GameEvent[] = [];
      moraleCheck(ctx, state, events);
      return { events, state };
    };
    expect(at(11).events).toEqual([{ type: 'moraleCheck', turn: day4, count: 11, below: 12, collapsed: true, rule: '17.0.4' }]);
    const hold = at(12);
    expect(hold.events).toEqual([{ type: 'moraleCheck', turn: day4, count: 12, below: 12, collapsed: false, rule: '17.0.4' }]);
    expect(hold.state.markers.some((m) => m.type === 'sovietMoraleCollapse')).toBe(false);
    // No check before Day 4.
    const early = structuredClone(hold.state);
    early.turn = day4 - 1;
    const none: GameEvent[] = [];
    moraleCheck(ctx, early, none);
    expect(none).toEqual([]);
  });

  it('17.0.4 as a game option: switched off, no check is made', () => {
    const log: GameEvent[] = [];
    endPhasesUntil(engine, beforeDay4('off', 3, { '17.0.4': false }), (x) => x.turn === day4 && x.phase === 'action', undefined, 3000, log);
    expect(log.some((e) => e.type === 'moraleCheck')).toBe(false);
  });

  it('17.0.4: after the collapse, a Soviet move may not enter an enemy ZOC; attacks and assaults are refused', () => {
    const s = until(beforeDay4('effects', 5), (x) => x.turn === day4 && x.phase === 'action' && x.activeSide === 'soviet');
    const legal = engine.legalActions(s, 'soviet');
    // No reachable hex of any Soviet mover is in a Finnish ZOC (no move ends on a ZOC stop).
    expect(legal.units.every((m) => m.reachable.every((r) => !r.zocStop))).toBe(true);
    expect(legal.combat?.assaults ?? []).toEqual([]);
    const anyFinn = Object.values(s.units).find((u) => u.side === 'finnish' && u.location === 'map')!;
    const r = engine.apply(s, 'soviet', { type: 'assault', units: ['1/1/609'], target: anyFinn.hex! });
    expect(r.ok).toBe(false);
  });
});
