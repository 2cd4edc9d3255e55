import { describe, expect, it } from 'vitest';
import { block, counter, toyRuleset, atAction, must, codeOf } from './helpers/toy.js';
import { board, engineOn, scene } from './helpers/fire.js';

const base = {
  terrain: block('ABCDEFGH', 1, 10, 'village'),
  counters: [
    counter('s1', 'soviet', 'infantry'),
    counter('f1', 'finnish', 'infantry'),
    counter('f2', 'finnish', 'infantry'),
    counter('paj', 'finnish', 'leader'),
  ],
};

describe('Pajari (12.3, 12.3.1)', () => {
  it('moves like infantry with MA 7 and the ski bonus (12.3, 4.4)', () => {
    const r = toyRuleset({
      ...base,
      terrain: { ...base.terrain, C4: 'lake' },
      setup: { paj: 'C5', s1: 'H10', f1: 'A1' },
      firstPlayer: 'finnish',
    });
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

describe('A lone Pajari is an enemy unit (docs/rulings.md; 4.1, 5.3, 12.3)', () => {
  const roads: [string, string][] = [];
  for (let r = 1; r < 8; r++) roads.push([`C${r}`, `C${r + 1}`]);
  const rs = (paj: string) =>
    toyRuleset({
      terrain: block('ABCDEFGH', 1, 10, 'forest'),
      roads,
      counters: base.counters,
      setup: { s1: 'C1', paj, f1: 'H10', f2: 'H9' },
    });

  it('takes the road rate away next to him: entering a hex beside an enemy unit costs its terrain (5.3)', () => {
    // Pajari alone in D5 is next to the road hexes C4 and C5: 0.5 + 0.5 for C2, C3, then forest (2) for C4 and C5.
    const near = atAction(rs('D5'));
    const c5 = near.engine.movesFor(near.state, ['s1']);
    if ('violation' in c5) throw new Error(c5.violation.message);
    expect(c5.reachable.find((r) => r.hex === 'C5')).toMatchObject({ cost: 5, path: ['C2', 'C3', 'C4', 'C5'] });
    // Far from him the whole road costs 0.5 a hex.
    const far = atAction(rs('G9'));
    const free = far.engine.movesFor(far.state, ['s1']);
    if ('violation' in free) throw new Error(free.violation.message);
    expect(free.reachable.find((r) => r.hex === 'C5')?.cost).toBe(2);
  });

  it('still has no ZOC: a unit moving next to him goes on, and his hex may be entered, picking him up (12.3, 4.1, 12.3.1)', () => {
    const { engine, state } = atAction(rs('D5'));
    const past = engine.apply(state, 'soviet', { type: 'move', units: ['s1'], path: ['C2', 'C3', 'C4', 'C5'] });
    expect(codeOf(past)).toBe('ok');
    const into = engine.apply(state, 'soviet', { type: 'move', units: ['s1'], path: ['C2', 'C3', 'C4', 'D5'] });
    if (!into.ok) throw new Error(into.violation.message);
    expect(into.events.map((e) => e.type)).toContain('leaderPickedUp');
  });
});

describe('Pajari when his hex is wiped out out of supply, whatever the cause (12.3.1)', () => {
  // Pajari and a reduced company in K11, cut off by six Soviet companies around them (15.3: out of supply).
  const ring: [string, string][] = ['K10', 'L11', 'L12', 'K12', 'J12', 'J11'].map((h, i) => [`${i + 1}/${i < 3 ? 1 : 2}/364`, h]);
  const lake = board();

  it('rolls after a Ranged Attack eliminates his last companion out of supply: a 1 captures him (12.3.1, 10.4.2)', () => {
    const st = scene([...ring, ['Mtr/364', 'K14'], ['1/1/JR16', 'K11', 1], ['Pajari', 'K11'], ['2/1/JR16', 'K20']]);
    const r = engineOn(lake).apply(st, 'soviet', { type: 'ranged', units: ['Mtr/364'], target: 'K11' }, { forcedDice: [6, 6, 1] });
    if (!r.ok) throw new Error(r.violation.message);
    expect(r.events.find((e) => e.type === 'eliminated')).toMatchObject({ unit: '1/1/JR16', hex: 'K11', inSupply: false });
    expect(r.events.find((e) => e.type === 'pajariCheck')).toMatchObject({
      reason: 'every unit in his hex was eliminated out of supply',
      roll: 1,
      captured: true,
    });
    expect(r.state.units.Pajari!.location).toBe('eliminated');
  });

  it('places him with the nearest friendly combat unit on any other roll (12.3.1)', () => {
    const st = scene([...ring, ['Mtr/364', 'K14'], ['1/1/JR16', 'K11', 1], ['Pajari', 'K11'], ['2/1/JR16', 'K20']]);
    const r = engineOn(lake).apply(st, 'soviet', { type: 'ranged', units: ['Mtr/364'], target: 'K11' }, { forcedDice: [6, 6, 5] });
    if (!r.ok) throw new Error(r.violation.message);
    expect(r.events.find((e) => e.type === 'pajariCheck')).toMatchObject({ roll: 5, captured: false });
    expect(r.state.units.Pajari).toMatchObject({ location: 'map', hex: 'K20' });
  });

  it('does not roll when the companion was in supply (12.3.1)', () => {
    // Three Soviets on the east side only: a path leads west, and the company dies in supply.
    const st = scene([...ring.slice(1, 4), ['Mtr/364', 'K14'], ['1/1/JR16', 'K11', 1], ['Pajari', 'K11'], ['2/1/JR16', 'K20']]);
    const r = engineOn(lake).apply(st, 'soviet', { type: 'ranged', units: ['Mtr/364'], target: 'K11' }, { forcedDice: [6, 6] });
    if (!r.ok) throw new Error(r.violation.message);
    expect(r.events.find((e) => e.type === 'eliminated')).toMatchObject({ inSupply: true });
    expect(r.events.some((e) => e.type === 'pajariCheck')).toBe(false);
    expect(r.state.units.Pajari!.hex).toBe('K11');
  });
});
