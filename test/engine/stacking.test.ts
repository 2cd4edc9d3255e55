import { describe, expect, it } from 'vitest';
import { block, counter, toyRuleset, atAction, must, codeOf } from './helpers/toy.js';
import { overstackChecker, overstackProblem } from '../../src/engine/stacking.js';
import { reachable } from '../../src/engine/movement.js';
import { eachActionPhaseStart, recordedCampaign } from './helpers/recorded-campaign.js';

const units = [
  counter('i1', 'soviet', 'infantry'),
  counter('i2', 'soviet', 'infantry'),
  counter('i3', 'soviet', 'infantry'),
  counter('i4', 'soviet', 'infantry'),
  counter('m1', 'soviet', 'mg'),
  counter('m2', 'soviet', 'mg'),
  counter('m3', 'soviet', 'mg'),
  counter('f1', 'finnish', 'infantry'),
  counter('fat', 'finnish', 'atGun'),
  counter('fi', 'finnish', 'infantry'),
  counter('paj', 'finnish', 'leader'),
];

describe('stacking (6.0)', () => {
  it('refuses a move that would leave more than three infantry companies in a hex (6.0)', () => {
    const r = toyRuleset({
      terrain: block('ABCDEF', 1, 8, 'village'),
      counters: units,
      setup: { i1: 'C3', i2: 'C3', i3: 'C3', i4: 'C5', f1: 'F8' },
    });
    const { engine, state } = atAction(r);
    const res = engine.apply(state, 'soviet', { type: 'move', units: ['i4'], to: 'C3' });
    expect(codeOf(res)).toBe('rule/overstack');
    expect(
      engine
        .legalActions(state, 'soviet')
        .units.find((u) => u.units[0] === 'i4')!
        .reachable.map((x) => x.hex),
    ).not.toContain('C3');
  });

  it('refuses a sixth unit in a hex but lets it pass through (6.0)', () => {
    const r = toyRuleset({
      terrain: block('ABCDEF', 1, 8, 'village'),
      counters: units,
      setup: { i1: 'C3', i2: 'C3', m1: 'C3', m2: 'C3', m3: 'C3', i3: 'C4', f1: 'F8' },
    });
    const { engine, state } = atAction(r);
    expect(codeOf(engine.apply(state, 'soviet', { type: 'move', units: ['i3'], to: 'C3' }))).toBe('rule/overstack');
    const through = engine.apply(state, 'soviet', { type: 'move', units: ['i3'], path: ['C3', 'C2'] });
    expect(codeOf(through)).toBe('ok');
  });

  it('does not count leaders toward the limit (6.0, 12.3)', () => {
    const r = toyRuleset({
      terrain: block('ABCDEF', 1, 8, 'village'),
      counters: units,
      setup: { f1: 'C3', fi: 'C3', fat: 'C3', paj: 'C4', i1: 'F8' },
      firstPlayer: 'finnish',
    });
    const { engine, state } = atAction(r, 'finnish');
    expect(codeOf(engine.apply(state, 'finnish', { type: 'move', units: ['paj'], to: 'C3' }))).toBe('ok');
  });
});

describe('stacks and movement (6.1)', () => {
  const r = toyRuleset({
    terrain: block('ABCDEF', 1, 10, 'lake'),
    counters: units,
    setup: { f1: 'C3', fat: 'C3', fi: 'C5', paj: 'C3', i1: 'F10' },
    firstPlayer: 'finnish',
  });

  it('moves a stack at the slowest MA paying the highest cost of its units (6.1)', () => {
    const { engine, state } = atAction(r, 'finnish');
    const stack = engine.legalActions(state, 'finnish').stacks.find((s) => s.units.includes('fat'))!;
    expect(stack.units.sort()).toEqual(['f1', 'fat', 'paj']);
    expect(stack.allowance).toBe(2);
    // Lake: the skiing infantry would pay 1, the AT gun 1.5; the stack pays 1.5.
    expect(stack.reachable.find((x) => x.hex === 'C4')?.cost).toBe(1.5);
    const res = engine.apply(state, 'finnish', { type: 'move', units: ['f1', 'fat'], to: 'C4' });
    expect(res.ok && res.events[0]).toMatchObject({ units: ['f1', 'fat'], mpSpent: 1.5, mpLeft: 0.5 });
  });

  it('moves only units that began the phase together; others in the hex may move alone (6.1)', () => {
    const { engine, state } = atAction(r, 'finnish');
    expect(codeOf(engine.apply(state, 'finnish', { type: 'move', units: ['f1', 'fi'], to: 'C4' }))).toBe('rule/stack-not-together');
    const s = must(engine, state, 'finnish', { type: 'move', units: ['f1', 'paj'], to: 'C6' });
    // The AT gun left behind may still move, alone.
    expect(codeOf(engine.apply(s, 'finnish', { type: 'move', units: ['fat'], to: 'C4' }))).toBe('ok');
    // A unit that has moved cannot be picked up by another stack (no forming during movement).
    expect(codeOf(engine.apply(s, 'finnish', { type: 'move', units: ['fi', 'f1'], to: 'C7' }))).toBe('rule/already-acted');
  });
});

describe('the stacking count of one destination (6.0)', () => {
  it('is what the checker for every hex says, at every hex a mover of the recorded Campaign can reach', () => {
    const c = recordedCampaign();
    let asked = 0;
    eachActionPhaseStart(c, 3, true, ({ state, env, movers }) => {
      for (const m of movers) {
        const all = overstackChecker(c.ctx, state, m.ids);
        // Every hex it may enter, overstacked or not: the search's, before the stacking check.
        const entered = reachable(c.ctx, state, m, env).map((r) => r.hex);
        const stacked = Object.values(state.units).flatMap((u) => (u.side === m.side && u.location === 'map' && u.hex ? [u.hex] : []));
        for (const h of new Set([...entered, ...stacked.filter((h) => !env.blocked.has(h))])) {
          expect(overstackProblem(c.ctx, state, h, m.ids), `${m.ids.join('+')} to ${h}`).toBe(all(h));
          asked++;
        }
      }
    });
    expect(asked).toBeGreaterThan(1000);
  });
});
