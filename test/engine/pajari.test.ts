import { describe, expect, it } from 'vitest';
import { block, counter, toyRuleset, atAction, must, codeOf } from './helpers/toy.js';

const base = {
  terrain: block('ABCDEFGH', 1, 10, 'village'),
  counters: [counter('s1', 'soviet', 'infantry'), counter('f1', 'finnish', 'infantry'), counter('f2', 'finnish', 'infantry'), counter('paj', 'finnish', 'leader')],
};

describe('Pajari (12.3, 12.3.1)', () => {
  it('moves like infantry with MA 7 and the ski bonus (12.3, 4.4)', () => {
    const r = toyRuleset({ ...base, terrain: { ...base.terrain, C4: 'lake' }, setup: { paj: 'C5', s1: 'H10', f1: 'A1' }, firstPlayer: 'finnish' });
    const { engine, state } = atAction(r, 'finnish');
    const m = engine.legalActions(state, 'finnish').units.find((u) => u.units[0] === 'paj')!;
    expect(m.allowance).toBe(7);
    expect(m.reachable.find((x) => x.hex === 'C4')?.cost).toBe(1);
  });

  it('lets an enemy unit enter his hex when he is alone, and moves him to the nearest friendly combat unit (4.1, 12.3.1)', () => {
    const r = toyRuleset({ ...base, setup: { s1: 'C5', paj: 'C4', f1: 'A1', f2: 'H10' } });
    const { engine, state } = atAction(r);
    const res = engine.apply(state, 'soviet', { type: 'move', units: ['s1'], to: 'C4' });
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.state.units.paj!.hex).toBe('A1');
    expect(res.events.map((e) => e.type)).toEqual(expect.arrayContaining(['leaderPickedUp', 'leaderPlaced']));
    expect(res.state.pending).toEqual([]);
  });

  it('asks the Finnish player to choose when two friendly units are equally near (12.3.1)', () => {
    const r = toyRuleset({ ...base, setup: { s1: 'C5', paj: 'C4', f1: 'C2', f2: 'E4' } });
    const { engine, state } = atAction(r);
    const s = must(engine, state, 'soviet', { type: 'move', units: ['s1'], path: ['C4', 'C3'] });
    expect(engine.whoMustAct(s)).toMatchObject({ side: 'finnish', what: 'placeLeader', pending: { options: ['C2', 'E4'] } });
    expect(codeOf(engine.apply(s, 'soviet', { type: 'endPhase', phase: 'action' }))).toBe('rule/not-your-turn');
    expect(codeOf(engine.apply(s, 'finnish', { type: 'placeLeader', unit: 'paj', hex: 'A1' }))).toBe('rule/leader-placement');
    expect(engine.legalActions(s, 'finnish').phaseActions).toEqual(['placeLeader']);
    const placed = must(engine, s, 'finnish', { type: 'placeLeader', unit: 'paj', hex: 'E4' });
    expect(placed.units.paj!.hex).toBe('E4');
    expect(engine.whoMustAct(placed)).toMatchObject({ side: 'soviet', what: 'action' });
  });

  it('does not let an enemy enter his hex when he is stacked with a combat unit (4.1)', () => {
    const r = toyRuleset({ ...base, setup: { s1: 'C5', paj: 'C4', f1: 'C4', f2: 'H10' } });
    const { engine, state } = atAction(r);
    expect(codeOf(engine.apply(state, 'soviet', { type: 'move', units: ['s1'], to: 'C4' }))).toBe('rule/enemy-occupied');
  });
});
