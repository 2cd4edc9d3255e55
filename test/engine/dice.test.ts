import { describe, expect, it } from 'vitest';
import { drawDie, initialRng, rollDice } from '../../src/engine/dice.js';
import { createEngine, type GameEvent } from '../../src/engine/index.js';
import { block, counter, toyRuleset } from './helpers/toy.js';

const engine = createEngine(
  toyRuleset({
    terrain: block('AB', 1, 3),
    counters: [counter('s', 'soviet', 'infantry'), counter('f', 'finnish', 'infantry')],
    setup: { s: 'A1', f: 'B3' },
  }),
);

describe('dice (2.1)', () => {
  it('draws every die from the RNG state kept in the game state: same seed, same dice', () => {
    const a = engine.setup('toy', { seed: 'dice-seed' });
    const b = engine.setup('toy', { seed: 'dice-seed' });
    const ev1: GameEvent[] = [];
    const ev2: GameEvent[] = [];
    const d1 = rollDice(a, 2, 'test', '2.1', { forced: [] }, ev1);
    const d2 = rollDice(b, 2, 'test', '2.1', { forced: [] }, ev2);
    expect(d1).toEqual(d2);
    expect(a.rng).toEqual(b.rng);
    for (const d of d1) expect(d >= 1 && d <= 6).toBe(true);
    // The state carries the generator on: a JSON round trip continues the same sequence.
    const c = JSON.parse(JSON.stringify(a)) as typeof a;
    expect(rollDice(a, 3, 'next', '2.1', { forced: [] }, [])).toEqual(rollDice(c, 3, 'next', '2.1', { forced: [] }, []));
  });

  it('numbers every roll and logs it with its purpose and rule', () => {
    const s = engine.setup('toy', { seed: 'x' });
    const ev: GameEvent[] = [];
    rollDice(s, 2, 'combat', '8.4', { forced: [] }, ev);
    rollDice(s, 1, 'recovery', '13.3', { forced: [] }, ev);
    expect(ev.map((e) => e.type === 'roll' && [e.n, e.dice.length, e.purpose, e.rule])).toEqual([
      [1, 2, 'combat', '8.4'],
      [2, 1, 'recovery', '13.3'],
    ]);
    expect(s.rollCount).toBe(2);
  });

  it('uses forced dice in order instead of the generator, leaving its state alone', () => {
    const s = engine.setup('toy', { seed: 'x' });
    const before = { ...s.rng };
    const src = { forced: [3, 5, 6] };
    const ev: GameEvent[] = [];
    expect(rollDice(s, 2, 'combat', '8.4', src, ev)).toEqual([3, 5]);
    expect(src.forced).toEqual([6]);
    expect(s.rng).toEqual(before);
    expect(ev[0]).toMatchObject({ forced: true, n: 1 });
  });

  it('spreads dice evenly over 1–6 (sanity check of the mapping)', () => {
    let rng = initialRng('spread');
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 6000; i++) {
      const r = drawDie(rng);
      rng = r.rng;
      counts[r.die - 1]!++;
    }
    for (const c of counts) expect(c).toBeGreaterThan(880);
  });

  it('refuses forced dice outside 1–6 without changing the state', () => {
    const s = engine.setup('toy', { seed: 'x' });
    const r = engine.apply(s, 'soviet', { type: 'endPhase', phase: 'reset' }, { forcedDice: [0] });
    expect(r.ok === false && r.violation.code).toBe('input/dice');
  });
});
