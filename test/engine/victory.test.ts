import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../src/data/load.js';
import { createEngine, type Action, type GameState } from '../../src/engine/index.js';
import { contextOf } from '../../src/engine/ctx.js';
import { decideWinner, objectiveAwards, objectiveValue } from '../../src/engine/victory.js';
import type { Objective } from '../../src/engine/ruleset.js';
import { newGameOptions, ruleOn, ruleOptionInfo } from '../../src/engine/options.js';

const rs = loadRuleset();
const engine = createEngine(rs);
const ctx = contextOf(rs);

/** Ends phases until only the last Combat Phase (or Sub-Zero phase) of the scenario is left. */
function toLastPhase(s: GameState, last: number): GameState {
  for (let i = 0; i < 200; i++) {
    const who = engine.whoMustAct(s);
    if (s.turn === last && s.phase === 'subZero') return s;
    if (who.pending && who.pending.type !== 'stepLosses') throw new Error(`unexpected decision ${who.what}`);
    // Sub-Zero losses (16.3): the owner's choice, here the engine's default.
    const action: Action =
      who.pending?.type === 'stepLosses' ? { type: 'takeLosses', ...who.pending.default } : { type: 'endPhase', phase: s.phase };
    const r = engine.apply(s, who.side, action);
    if (!r.ok) throw new Error(r.violation.message);
    s = r.state;
  }
  throw new Error('did not reach the last phase');
}

/** End the last phase; Sub-Zero losses (16.3) take the owner's default. Events of every step, together. */
function endGame(s: GameState): { state: GameState; events: ReturnType<typeof engine.apply> } {
  let r = engine.apply(s, engine.whoMustAct(s).side, { type: 'endPhase', phase: s.phase });
  if (!r.ok) throw new Error(r.violation.message);
  const events = [...r.events];
  for (let who = engine.whoMustAct(r.state); who.pending?.type === 'stepLosses'; who = engine.whoMustAct(r.state)) {
    r = engine.apply(r.state, who.side, { type: 'takeLosses', ...who.pending.default });
    if (!r.ok) throw new Error(r.violation.message);
    events.push(...r.events);
  }
  return { state: r.state, events: { ...r, events } };
}

describe('objective scoring (17.0, the Campaign set-up)', () => {
  const obj = (scoring: Objective['scoring'], n: number): Objective => ({
    id: 'o',
    name: 'O',
    hexes: Array.from({ length: n }, (_, i) => `A${i + 1}`),
    scoring,
  });

  it('scores fixed objectives only when every hex is held, "each" per hex up to the cap, any-or-all (17.0)', () => {
    expect(objectiveValue(obj({ type: 'fixed', vp: 10 }, 2), 1)).toBe(0);
    expect(objectiveValue(obj({ type: 'fixed', vp: 10 }, 2), 2)).toBe(10);
    expect(objectiveValue(obj({ type: 'each', vp: 5, max: 40 }, 8), 3)).toBe(15);
    expect(objectiveValue(obj({ type: 'each', vp: 5, max: 10 }, 3), 3)).toBe(10);
    expect(objectiveValue(obj({ type: 'anyOrAll', any: 5, all: 10 }, 5), 0)).toBe(0);
    expect(objectiveValue(obj({ type: 'anyOrAll', any: 5, all: 10 }, 5), 2)).toBe(5);
    expect(objectiveValue(obj({ type: 'anyOrAll', any: 5, all: 10 }, 5), 5)).toBe(10);
  });

  it('awards each Campaign objective to the side controlling it (7.3, 17.1, the Campaign objectives)', () => {
    const s = engine.setup('campaign', { seed: 'vp' });
    const awards = objectiveAwards(ctx, s);
    // At setup the Finns control every objective except the main-road zone around the Soviet start (7.3).
    expect(awards.find((a) => a.objective === 'hotel')).toMatchObject({ side: 'finnish', vp: 15 });
    expect(awards.find((a) => a.objective === 'finnish-supply')).toMatchObject({ side: 'finnish', vp: 10 });
    expect(awards.find((a) => a.objective === 'tolvajarvi')).toMatchObject({ side: 'finnish', vp: 40 });
    expect(awards.filter((a) => a.objective === 'main-road-first-seven').map((a) => a.side)).not.toContain('finnish');
    // Handing the Hotel to the Soviets moves its 15 VP.
    s.control.hexes['M16'] = 'soviet';
    expect(objectiveAwards(ctx, s).find((a) => a.objective === 'hotel')).toMatchObject({ side: 'soviet', vp: 15 });
  });

  it("counts a hex held by one side's combat units as that side's whatever the record says (7.3)", () => {
    const s = engine.setup('tutorial', { seed: 'vp' });
    // The Soviets set up in M16 (the Hotel): a stale record cannot take it from them.
    s.control.hexes['M16'] = 'finnish';
    expect(objectiveAwards(ctx, s).find((a) => a.objective === 'hotel')).toMatchObject({ side: 'soviet', vp: 15, hexes: ['M16'] });
  });
});

describe('victory rules (17.0; rulings "Victory")', () => {
  it('higher VP wins and equal VP is a draw (higherVp, ruling)', () => {
    expect(decideWinner({ type: 'higherVp' }, { soviet: 30, finnish: 25 })).toEqual({
      winner: 'soviet',
      reason: 'Soviet 30 VP, Finnish 25 VP; more VP wins',
    });
    expect(decideWinner({ type: 'higherVp' }, { soviet: 20, finnish: 20 })).toEqual({
      winner: null,
      reason: 'draw at Soviet 20 VP, Finnish 20 VP',
    });
  });

  it('a VP threshold is met at or above it, otherwise the other side wins (vpThreshold, tutorial)', () => {
    expect(decideWinner({ type: 'vpThreshold', side: 'soviet', vp: 25 }, { soviet: 25, finnish: 40 }).winner).toBe('soviet');
    expect(decideWinner({ type: 'vpThreshold', side: 'soviet', vp: 25 }, { soviet: 24, finnish: 0 }).winner).toBe('finnish');
  });

  it('ends the tutorial with the objectives scored: the Soviets keep the Hotel but need 25 VP (3.0 VI, 17.0)', () => {
    let s = engine.setup('tutorial', { seed: 'victory' });
    s = toLastPhase(s, 5);
    const { state, events } = endGame(s);
    expect(state.phase).toBe('gameOver');
    const ev = events.ok ? events.events : [];
    const vp = ev.find((e) => e.type === 'victoryPoints');
    expect(vp).toMatchObject({ type: 'victoryPoints', turn: 5, before: { soviet: 0, finnish: 0 }, rule: '17.0' });
    const hotel = vp && vp.type === 'victoryPoints' ? vp.awards.find((a) => a.objective === 'hotel') : undefined;
    expect(hotel).toMatchObject({ side: 'soviet', vp: 15 });
    expect(state.vp.soviet).toBeGreaterThanOrEqual(15);
    expect(state.vp.soviet).toBeLessThan(25);
    expect(state.result).toMatchObject({ winner: 'finnish' });
    expect(state.result?.reason).toBe(`Soviet ${state.vp.soviet} VP, Finnish ${state.vp.finnish} VP; the Soviet side needed 25 VP`);
    expect(ev.at(-1)).toEqual({ type: 'gameOver', reason: state.result?.reason, winner: 'finnish' });
    expect(engine.toMapView(state).header.notes).toContain(`Game over: Finnish victory (${state.result?.reason})`);
  });

  it('gives the Soviets the tutorial when they also hold the bridge, adding VP already on the track (17.0, 12.1.4)', () => {
    let s = engine.setup('tutorial', { seed: 'victory' });
    s = toLastPhase(s, 5);
    // The Finns leave the bridge and the Soviets were the last to enter both of its hexes (7.3).
    for (const u of Object.values(s.units)) if (u.side === 'finnish' && (u.hex === 'J16' || u.hex === 'K15')) u.hex = 'H18';
    s.control.hexes['J16'] = 'soviet';
    s.control.hexes['K15'] = 'soviet';
    s.vp = { soviet: 0, finnish: 3 }; // e.g. armor commitment VPs (12.1.4) already on the track
    const { state, events } = endGame(s);
    const ev = events.ok ? events.events : [];
    const vp = ev.find((e) => e.type === 'victoryPoints');
    expect(vp).toMatchObject({ before: { soviet: 0, finnish: 3 } });
    expect(state.vp.soviet).toBeGreaterThanOrEqual(25);
    expect(state.vp.finnish).toBe(
      3 + (vp && vp.type === 'victoryPoints' ? vp.awards.filter((a) => a.side === 'finnish').reduce((n, a) => n + a.vp, 0) : 0),
    );
    expect(state.result?.winner).toBe('soviet');
  });
});

describe('automatic victory (3.0 VI; our reading of the Campaign, option 17.1-auto)', () => {
  // A game created now names the option (newGameOptions); on unless a test says otherwise.
  const campaign = (options: Record<string, boolean> = { '17.1-auto': true }): GameState =>
    engine.setup('campaign', { seed: 'auto', options });
  const sovietOn = (s: GameState, hex: string): GameState => {
    const st = structuredClone(s);
    for (const u of Object.values(st.units)) if (u.location === 'map' && u.hex === hex) u.hex = 'A1';
    const sov = Object.values(st.units).find((u) => u.side === 'soviet' && u.location === 'map' && ctx.counter(u.id).type === 'infantry')!;
    sov.hex = hex;
    return st;
  };
  const toVictoryCheck = (s: GameState): GameState => {
    for (let i = 0; i < 40 && !s.result && s.turn === 1; i++) {
      const who = engine.whoMustAct(s);
      const r = engine.apply(s, who.side, { type: 'endPhase', phase: s.phase });
      if (!r.ok) throw new Error(r.violation.message);
      s = r.state;
    }
    return s;
  };

  it('17.1-auto: a Soviet unit holding A13 at a Victory Check wins the Campaign at once', () => {
    const s = toVictoryCheck(sovietOn(campaign(), 'A13'));
    expect(s.result).toEqual({ winner: 'soviet', reason: 'the Soviet side holds A13 at the Victory Check: automatic victory' });
    expect(s.turn).toBe(1);
    expect(s.log.find((e) => e.type === 'victoryCheck')).toMatchObject({ over: true, note: expect.stringMatching(/A13 held/) });
  });

  it('17.1-auto: without A13 the check says so and play goes on; switched off, A13 wins nothing', () => {
    const s = toVictoryCheck(campaign());
    expect(s.result).toBeNull();
    expect(s.log.find((e) => e.type === 'victoryCheck')).toMatchObject({
      note: expect.stringMatching(/automatic victory checked: A13 not held/),
    });
    const off = toVictoryCheck(sovietOn(campaign({ '17.1-auto': false }), 'A13'));
    expect(off.result).toBeNull();
    expect(off.turn).toBe(2);
  });

  it('17.1-auto is off for a game created now and on for a record made before the default changed', () => {
    expect(ruleOptionInfo('17.1-auto')).toMatchObject({ defaultOn: false, legacyDefaultOn: true });
    expect(newGameOptions({})).toEqual({ '17.1-auto': false });
    expect(newGameOptions({ '17.1-auto': true, '20.8': true })).toEqual({ '17.1-auto': true, '20.8': true });
    expect(ruleOn(newGameOptions({}), '17.1-auto')).toBe(false);
    // An older record has no key: it replays as it was played, with the rule in force.
    expect(ruleOn({}, '17.1-auto')).toBe(true);
    const now = toVictoryCheck(sovietOn(campaign(newGameOptions({})), 'A13'));
    expect(now.result).toBeNull();
    const legacy = toVictoryCheck(sovietOn(campaign({}), 'A13'));
    expect(legacy.result?.winner).toBe('soviet');
  });

  it('12.1.4 with 17.1-auto: a Soviet side that committed armor cannot win on VPs; the Finns win instead', () => {
    const rule = { type: 'higherVp' as const };
    expect(decideWinner(rule, { soviet: 40, finnish: 20 }).winner).toBe('soviet');
    // The last turn of a five-turn game, with armor committed in the log and the Soviets ahead on VPs.
    let s = toLastPhase(engine.setup('campaign', { seed: 'gamble', endTurn: 5 }), 5);
    s = structuredClone(s);
    s.log.push({ type: 'armorCommitted', units: ['T-37'], vpEach: 10, vp: 10, turn: 5, rule: '12.1.4' });
    s.vp = { soviet: 200, finnish: 0 };
    const done = endGame(s).state;
    expect(done.result?.winner).toBe('finnish');
    expect(done.result?.reason).toMatch(/committed armor \(12\.1\.4\), so it could win only by automatic victory/);
    const plain = endGame(toLastPhase(engine.setup('campaign', { seed: 'gamble', endTurn: 5 }), 5));
    expect({ ...plain.state, vp: undefined }.result?.reason).not.toMatch(/committed armor/);
    const off = structuredClone(s);
    off.options = { '17.1-auto': false };
    // Printed fact with the option off: armor committed forgoes the VP win; our reading makes it a draw.
    const drawn = endGame(off).state.result;
    expect(drawn?.winner).toBeNull();
    expect(drawn?.reason).toMatch(/committed armor \(12\.1\.4\) and so cannot win on VPs: a draw/);
    const behind = structuredClone(off);
    behind.vp = { soviet: 0, finnish: 200 };
    expect(endGame(behind).state.result?.winner).toBe('finnish');
  });
});
