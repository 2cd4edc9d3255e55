// Reinforcements entering as stacks (13.1, 6.0, 6.1): any group of the units due at one entry hex that
// may end a move in one hex, with the MA of its slowest unit. The legal listing offers each unit and a
// few groupings; apply takes any group the one check (entryGroupProblem) accepts, and refuses the rest
// saying what is wrong and what may enter.
import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../src/data/load.js';
import { createEngine, type GameState } from '../../src/engine/index.js';
import { contextOf } from '../../src/engine/ctx.js';
import { entryGroupProblem, entryGroupings } from '../../src/engine/reinforcements.js';
import { stackFits } from '../../src/engine/stacking.js';
import { atAction, block, codeOf, counter, toyRuleset } from './helpers/toy.js';

const rs = loadRuleset();
const engine = createEngine(rs);
const ctx = contextOf(rs);

/** Campaign, Soviet turn 1, Action Phase: six units due at X28 (three companies, an MG, a mortar, a gun). */
function sovietTurn1(): GameState {
  const s = engine.setup('campaign', { seed: 'reinf-stacks' });
  const r = engine.apply(s, 'soviet', { type: 'endPhase', phase: 'reset' });
  if (!r.ok) throw new Error(r.violation.message);
  return r.state;
}

const DUE = ['7/3/609', '8/3/609', '9/3/609', 'MG/3/609', 'Mtr/609', 'IG/609'];

function violation(r: ReturnType<typeof engine.apply>) {
  if (r.ok) throw new Error('expected a refusal');
  return r.violation;
}

describe('13.1 reinforcements enter as a stack', () => {
  it('offers each unit due and legal stacks of them, never an overstacked group (13.1, 6.0)', () => {
    const s = sovietTurn1();
    const la = engine.legalActions(s, 'soviet');
    expect(
      la.units
        .filter((m) => m.kind === 'enter')
        .map((m) => m.units[0])
        .sort(),
    ).toEqual([...DUE].sort());
    const stacks = la.stacks.filter((m) => m.kind === 'enter').map((m) => [...m.units].sort().join('+'));
    expect(stacks).toContain('7/3/609+8/3/609+9/3/609+MG/3/609'); // the battalion together
    expect(stacks).toContain('IG/609+Mtr/609');
    for (const m of la.stacks.filter((x) => x.kind === 'enter')) {
      expect(stackFits(ctx, m.units)).toBe(true);
      expect('entryHexes' in entryGroupProblem(ctx, s, 'soviet', m.units)).toBe(true);
      expect(m.entryHexes).toEqual(['X28']);
    }
    expect(entryGroupings(ctx, s, 'soviet').every((g) => g.length >= 2 && g.length <= 5)).toBe(true);
  });

  it('packs a large group into legal stacks by battalion: Soviet turn 3 with turn 2 not entered (13.1, 13.1.2, 6.0)', () => {
    let s = sovietTurn1();
    // End every phase until the Soviet Action Phase of turn 3: nothing enters, so what is due waits (13.1.2).
    while (!(s.turn === 3 && s.phase === 'action' && s.activeSide === 'soviet')) {
      const r = engine.apply(s, engine.whoMustAct(s).side, { type: 'endPhase', phase: s.phase });
      if (!r.ok) throw new Error(r.violation.message);
      s = r.state;
    }
    const la = engine.legalActions(s, 'soviet');
    const due = la.units.filter((m) => m.kind === 'enter').map((m) => m.units[0]!);
    expect(due.length).toBeGreaterThanOrEqual(14);
    const stacks = la.stacks.filter((m) => m.kind === 'enter').map((m) => m.units);
    // Every stack legal, each unit due in at most one of them, and the battalions kept whole.
    for (const ids of stacks) expect('entryHexes' in entryGroupProblem(ctx, s, 'soviet', ids)).toBe(true);
    const all = stacks.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(stacks.map((ids) => [...ids].sort().join('+'))).toContain('1/1/364+2/1/364+3/1/364+MG/1/364');
    expect(stacks.map((ids) => [...ids].sort().join('+'))).toContain('4/2/364+5/2/364+6/2/364+MG/2/364');
    expect(stacks.length).toBeLessThanOrEqual(due.length / 2); // a few groupings, not every subset
  });

  it('brings on a group the listing does not name: 7/3/609+8/3/609 to W27 (13.1, 6.1)', () => {
    const s = sovietTurn1();
    const r = engine.apply(s, 'soviet', { type: 'enterReinforcement', units: ['7/3/609', '8/3/609'], to: 'W27' });
    expect(r.ok, r.ok ? '' : r.violation.message).toBe(true);
    if (!r.ok) return;
    expect(r.events[0]).toMatchObject({ type: 'moved', entry: true, from: null, units: ['7/3/609', '8/3/609'] });
    expect(r.state.units['7/3/609']).toMatchObject({ location: 'map', hex: 'W27' });
    expect(r.state.units['8/3/609']).toMatchObject({ location: 'map', hex: 'W27' });
    // The others are still due and may enter as another stack.
    const rest = engine.apply(r.state, 'soviet', { type: 'enterReinforcement', units: ['9/3/609', 'MG/3/609', 'Mtr/609'], to: 'X28' });
    expect(codeOf(rest)).toBe('ok');
  });

  it('accepts exactly the groups that fit one hex: every subset of the six due at X28, entering X28 (13.1, 6.0)', () => {
    const s = sovietTurn1();
    for (let mask = 1; mask < 1 << DUE.length; mask++) {
      const ids = DUE.filter((_, i) => mask & (1 << i));
      const fits = stackFits(ctx, ids);
      const r = engine.apply(s, 'soviet', { type: 'enterReinforcement', units: ids, to: 'X28' });
      expect(codeOf(r), ids.join('+')).toBe(fits ? 'ok' : 'rule/overstack');
      expect('entryHexes' in entryGroupProblem(ctx, s, 'soviet', ids)).toBe(fits);
      // The map's reach and the unit's own listing agree with apply.
      const moves = engine.movesFor(s, ids);
      expect('violation' in moves).toBe(!fits);
    }
  });

  it('refuses an overstacked group, citing 6.0 and listing what may enter (6.0, 13.1)', () => {
    const s = sovietTurn1();
    const v = violation(engine.apply(s, 'soviet', { type: 'enterReinforcement', units: DUE, to: 'X28' }));
    expect(v).toMatchObject({ code: 'rule/overstack', rule: '6.0' });
    expect(v.message).toContain('cannot enter as one stack');
    expect(v.message).toContain('May enter now at X28: ');
    for (const id of DUE) expect(v.message).toContain(id);
  });

  it('refuses a unit not due yet in the group, saying when it comes and what may enter now (13.1)', () => {
    const s = sovietTurn1();
    const v = violation(engine.apply(s, 'soviet', { type: 'enterReinforcement', units: ['7/3/609', '1/1/364'], to: 'X28' }));
    expect(v).toMatchObject({ code: 'rule/not-due', rule: '13.1' });
    expect(v.message).toContain('1/1/364 is a reinforcement due on turn 2');
    expect(v.message).toContain('May enter now at X28: 7/3/609');
  });

  it('refuses a unit already on the map in an entering group (13.1)', () => {
    const s = sovietTurn1();
    const v = violation(engine.apply(s, 'soviet', { type: 'enterReinforcement', units: ['7/3/609', '1/1/609'], to: 'X28' }));
    expect(v).toMatchObject({ code: 'rule/already-entered', rule: '13.1' });
    expect(v.message).toContain('May enter now');
  });

  it('refuses the wrong entry hex, saying where the group enters (13.1, 13.1.1)', () => {
    const s = sovietTurn1();
    const v = violation(engine.apply(s, 'soviet', { type: 'enterReinforcement', units: ['7/3/609', '8/3/609'], at: 'X1' }));
    expect(v.code).toBe('rule/entry-hex');
    expect(v.message).toContain('X28');
    expect(v.message).toContain('X1 is for the');
  });

  it('moves the stack at the MA of its slowest unit (6.1, 13.1)', () => {
    const s = sovietTurn1();
    const m = engine.movesFor(s, ['7/3/609', 'Mtr/609']);
    if ('violation' in m) throw new Error(m.violation.message);
    expect(m.allowance).toBe(2);
    const fast = engine.movesFor(s, ['7/3/609']);
    if ('violation' in fast) throw new Error(fast.violation.message);
    const far = fast.reachable.filter((r) => !m.reachable.some((x) => x.hex === r.hex)).at(-1)!;
    expect(far).toBeDefined();
    const r = engine.apply(s, 'soviet', { type: 'enterReinforcement', units: ['7/3/609', 'Mtr/609'], to: far.hex });
    expect(codeOf(r)).not.toBe('ok');
    expect(
      codeOf(engine.apply(s, 'soviet', { type: 'enterReinforcement', units: ['7/3/609', 'Mtr/609'], to: m.reachable.at(-1)!.hex })),
    ).toBe('ok');
  });

  it('refuses a group whose units enter at different hexes (13.1)', () => {
    const r = toyRuleset({
      terrain: block('ABC', 10, 16, 'forest'),
      counters: [counter('f1', 'finnish', 'infantry'), counter('f2', 'finnish', 'infantry'), counter('s1', 'soviet', 'infantry')],
      setup: { s1: 'C16' },
      supply: { finnish: ['A10', 'A13'] },
      reinforcements: [
        { turn: 1, unit: 'f1', entry: 'A13' },
        { turn: 1, unit: 'f2', entry: 'A10' },
      ],
    });
    const { engine: e, state } = atAction(r, 'finnish');
    const res = e.apply(state, 'finnish', { type: 'enterReinforcement', units: ['f1', 'f2'], to: 'B12' });
    if (res.ok) throw new Error('expected a refusal');
    expect(res.violation).toMatchObject({ code: 'rule/entry-hex', rule: '13.1' });
    expect(res.violation.message).toContain('f1 at A13, f2 at A10');
    expect(e.legalActions(state, 'finnish').stacks.filter((m) => m.kind === 'enter')).toEqual([]);
  });

  it('refuses a stack entering onto a hex friendly units already fill (6.0)', () => {
    const s = sovietTurn1();
    const r1 = engine.apply(s, 'soviet', { type: 'enterReinforcement', units: ['7/3/609', '8/3/609', 'MG/3/609'], to: 'X28' });
    if (!r1.ok) throw new Error(r1.violation.message);
    const v = violation(
      engine.apply(r1.state, 'soviet', { type: 'enterReinforcement', units: ['9/3/609', 'Mtr/609', 'IG/609'], to: 'X28' }),
    );
    expect(v.code).toBe('rule/overstack');
  });
});
