import { describe, expect, it } from 'vitest';
import { block, counter, toyRuleset, atAction, must, codeOf, turnTrack } from './helpers/toy.js';
import type { Engine, GameState, Side } from '../../src/engine/index.js';

function passUntil(engine: Engine, s: GameState, turn: number, side: Side, phase = 'action'): GameState {
  while (!(s.turn === turn && s.activeSide === side && s.phase === phase)) {
    const who = engine.whoMustAct(s);
    s = must(engine, s, who.side, { type: 'endPhase', phase: s.phase });
  }
  return s;
}

const make = (o: { setup?: Record<string, string>; penalty?: boolean; roadExit?: boolean; night?: number[] } = {}) =>
  toyRuleset({
    terrain: { ...block('ABCDE', 8, 18, 'forest'), A13: 'suo' },
    roads: [
      ['A13', 'B13'],
      ['B13', 'C13'],
      ['C13', 'D13'],
      ['D13', 'E13'],
    ],
    roadExits: o.roadExit === false ? [] : [{ hex: 'A13', side: 'W', type: 'main' }],
    supply: { finnish: ['A13'] },
    counters: [
      counter('f1', 'finnish', 'infantry'),
      counter('f2', 'finnish', 'infantry'),
      counter('f3', 'finnish', 'infantry'),
      counter('s1', 'soviet', 'infantry'),
      counter('s2', 'soviet', 'infantry'),
    ],
    setup: { s1: 'E18', ...(o.setup ?? {}) },
    reinforcements: [
      { turn: 1, unit: 'f1', entry: 'A13', ...(o.penalty ? { mpPenalty: 2 } : {}) },
      { turn: 1, unit: 'f2', entry: 'A13' },
      { turn: 2, unit: 'f3', entry: 'A13' },
    ],
    track: turnTrack(32, o.night ?? [5]),
  });

describe('reinforcements (13.1)', () => {
  it('enter through the supply source paying the entry hex cost, by road when a road leads in (13.1, 5.3)', () => {
    const { engine, state } = atAction(make(), 'finnish');
    const la = engine.legalActions(state, 'finnish');
    const f1 = la.units.find((u) => u.units[0] === 'f1')!;
    expect(f1).toMatchObject({ kind: 'enter', from: null, entryHexes: ['A13'], allowance: 6 });
    expect(f1.reachable.find((x) => x.hex === 'A13')?.cost).toBe(0.5);
    expect(f1.reachable.find((x) => x.hex === 'E13')?.cost).toBe(2.5);
    const res = engine.apply(state, 'finnish', { type: 'enterReinforcement', units: ['f1'], to: 'C13' });
    expect(res.ok && res.events[0]).toMatchObject({ type: 'moved', entry: true, from: null, path: ['A13', 'B13', 'C13'], mpSpent: 1.5 });
  });

  it('pay the entry hex terrain when no road leads in (13.1)', () => {
    const { engine, state } = atAction(make({ roadExit: false }), 'finnish');
    const f1 = engine.legalActions(state, 'finnish').units.find((u) => u.units[0] === 'f1')!;
    expect(f1.reachable.find((x) => x.hex === 'A13')?.cost).toBe(3);
  });

  it('may enter together as a stack and use Extended Movement on entry (13.1, 4.3)', () => {
    const { engine, state } = atAction(make(), 'finnish');
    const stack = engine.legalActions(state, 'finnish').stacks.find((s) => s.kind === 'enter')!;
    expect(stack.units).toEqual(['f1', 'f2']);
    const res = engine.apply(state, 'finnish', { type: 'enterReinforcement', units: ['f1', 'f2'], to: 'E13' });
    expect(res.ok).toBe(true);
  });

  it('stop when they enter in an enemy ZOC (13.1, 7.1)', () => {
    const { engine, state } = atAction(make({ setup: { s1: 'B14' } }), 'finnish');
    const f1 = engine.legalActions(state, 'finnish').units.find((u) => u.units[0] === 'f1')!;
    expect(f1.reachable.map((x) => x.hex)).toEqual(['A13']);
    expect(f1.reachable[0]).toMatchObject({ zocStop: true, cost: 3 });
  });

  it('lose 2 MP on their turn of entry when the scenario says so (13.1.1, turn-4 Finns)', () => {
    const { engine, state } = atAction(make({ penalty: true }), 'finnish');
    const f1 = engine.legalActions(state, 'finnish').units.find((u) => u.units[0] === 'f1')!;
    expect(f1.allowance).toBe(4);
    const s = must(engine, state, 'finnish', { type: 'enterReinforcement', units: ['f1'], to: 'B13' });
    const s2 = passUntil(engine, s, 2, 'finnish');
    expect(engine.legalActions(s2, 'finnish').units.find((u) => u.units[0] === 'f1')!.allowance).toBe(6);
  });

  it('refuse units not yet due and units of the other side (13.1)', () => {
    const { engine, state } = atAction(make(), 'finnish');
    expect(codeOf(engine.apply(state, 'finnish', { type: 'enterReinforcement', units: ['f3'] }))).toBe('rule/not-due');
    expect(codeOf(engine.apply(state, 'finnish', { type: 'enterReinforcement', units: ['s1'] }))).toBe('input/not-your-unit');
  });

  it('may be delayed voluntarily to a later turn (13.1.2)', () => {
    const { engine, state } = atAction(make(), 'finnish');
    const la = engine.legalActions(state, 'finnish');
    expect(la.delayable.find((d) => d.unit === 'f1')!.turns[0]).toBe(2);
    const s = must(engine, state, 'finnish', { type: 'delayReinforcement', units: ['f1'], toTurn: 4 });
    expect(s.units.f1!.entryTurn).toBe(4);
    expect(codeOf(engine.apply(s, 'finnish', { type: 'enterReinforcement', units: ['f1'] }))).toBe('rule/not-due');
    expect(codeOf(engine.apply(state, 'finnish', { type: 'delayReinforcement', units: ['f1'], toTurn: 1 }))).toBe('input/turn');
  });

  it('wait for the next turn when the Action Phase ends without them (ruling, 13.1.2)', () => {
    const { engine, state } = atAction(make(), 'finnish');
    const s = must(engine, state, 'finnish', { type: 'endPhase', phase: 'action' });
    expect(s.units.f1!.entryTurn).toBe(2);
    expect(s.log.at(-2)).toMatchObject({ type: 'reinforcementDelayed', reason: 'notEntered' });
  });

  it('are delayed a turn and enter along the same edge within 3 hexes when an enemy holds the entry hex (13.1.3)', () => {
    const { engine, state } = atAction(make({ setup: { s1: 'A13' } }), 'finnish');
    expect(state.units.f1).toMatchObject({ entryTurn: 2, entryDisplaced: true });
    expect(state.log.some((e) => e.type === 'reinforcementDelayed' && e.reason === 'enemyOnEntry')).toBe(true);
    expect(engine.legalActions(state, 'finnish').units.filter((u) => u.kind === 'enter')).toEqual([]);
    const s2 = passUntil(engine, state, 2, 'finnish');
    const f1 = engine.legalActions(s2, 'finnish').units.find((u) => u.units[0] === 'f1')!;
    expect(f1.entryHexes).toEqual(['A10', 'A11', 'A12', 'A14', 'A15', 'A16']);
    expect(codeOf(engine.apply(s2, 'finnish', { type: 'enterReinforcement', units: ['f1'], at: 'A16' }))).toBe('ok');
    expect(codeOf(engine.apply(s2, 'finnish', { type: 'enterReinforcement', units: ['f1'], at: 'A13' }))).toBe('rule/entry-hex');
  });

  it('enter a special entry hex given by the scenario (13.1.1, the 718th at X1)', () => {
    const r = toyRuleset({
      terrain: block('VWX', 1, 5, 'forest'),
      roads: [['X1', 'X2', 'secondary']],
      roadExits: [{ hex: 'X1', side: 'NE', type: 'secondary' }],
      counters: [counter('s7', 'soviet', 'infantry', { formation: '718' }), counter('f1', 'finnish', 'infantry')],
      setup: { f1: 'V5' },
      supply: { soviet: ['X5'] },
      reinforcements: [{ turn: 1, unit: 's7', entry: 'X1' }],
    });
    const { engine, state } = atAction(r);
    const m = engine.legalActions(state, 'soviet').units.find((u) => u.units[0] === 's7')!;
    expect(m.entryHexes).toEqual(['X1']);
  });

  it('take the −2 MP before night doubling: (6 − 2) × 2 = 8 (ruling, 13.1.1, 16.1)', () => {
    const { engine, state } = atAction(make({ penalty: true, night: [1] }), 'finnish');
    expect(engine.legalActions(state, 'finnish').units.find((u) => u.units[0] === 'f1')!.allowance).toBe(8);
  });

  it('use doubled MA on night turns (13.1.4, 16.1)', () => {
    const { engine, state } = atAction(make({ night: [1] }), 'finnish');
    const f1 = engine.legalActions(state, 'finnish').units.find((u) => u.units[0] === 'f1')!;
    expect(f1.allowance).toBe(12);
  });
});

describe('double movement on night turns (16.1, movement part)', () => {
  const r = toyRuleset({
    terrain: block('ABCDEFGH', 1, 10, 'forest'),
    counters: [counter('s1', 'soviet', 'infantry'), counter('s2', 'soviet', 'infantry'), counter('f1', 'finnish', 'infantry')],
    setup: { s1: 'A1', s2: 'D5', f1: 'E5' },
    track: turnTrack(32, [1]),
  });
  it('doubles the MA of units that do not begin in an enemy ZOC (16.1)', () => {
    const { engine, state } = atAction(r);
    const la = engine.legalActions(state, 'soviet');
    expect(la.units.find((u) => u.units[0] === 's1')!.allowance).toBe(10);
    expect(la.units.find((u) => u.units[0] === 's2')!.allowance).toBe(5);
  });

  it('adds Extended Movement on top of the doubled MA: MA 5 gives 12 MP, 24 road hexes (16.1 example)', () => {
    const roads: [string, string][] = [];
    for (let i = 1; i < 30; i++) roads.push([`C${i}`, `C${i + 1}`]);
    const night = toyRuleset({
      terrain: block('ABCDEFGHIJ', 1, 30, 'forest'),
      roads,
      counters: [counter('s1', 'soviet', 'infantry'), counter('f1', 'finnish', 'infantry')],
      setup: { s1: 'C1', f1: 'J1' },
      track: turnTrack(32, [1]),
    });
    const { engine, state } = atAction(night);
    const m = engine.legalActions(state, 'soviet').units.find((u) => u.units[0] === 's1')!;
    expect(m.reachable.find((x) => x.hex === 'C25')).toMatchObject({ cost: 12, extended: true, mpLeft: 0 });
    expect(m.reachable.find((x) => x.hex === 'C26')).toBeUndefined();
  });
});
