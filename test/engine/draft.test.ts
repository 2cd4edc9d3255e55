// The draft apply mutates is a complete copy: no change made while applying an action reaches the
// input state (DESIGN: the engine is a pure function world).
import { describe, expect, it } from 'vitest';
import { draftOf } from '../../src/engine/draft.js';
import { block, counter, toyRuleset, atAction } from './helpers/toy.js';

describe('draftOf', () => {
  const r = toyRuleset({
    terrain: block('ABCD', 1, 4, 'forest'),
    counters: [counter('s1', 'soviet', 'infantry'), counter('f1', 'finnish', 'infantry')],
    setup: { s1: 'A1', f1: 'D4' },
  });

  it('copies every part of the state, the fire and combat records included', () => {
    const { state } = atAction(r);
    const input = {
      ...state,
      fire: { key: 'k', ranged: ['s1'], atFire: { s1: 1 } },
      combat: { key: 'k', attacked: [], attackedHexes: [], retreated: [], advanced: [], nextId: 1, current: null },
    };
    const before = structuredClone(input);
    const d = draftOf(input);
    expect(d).toEqual(input);
    d.fire!.ranged.push('f1');
    d.fire!.atFire.f1 = 1;
    d.combat!.attacked.push('s1');
    d.units.s1!.flags.acted = true;
    d.markers.push({ type: 'bonfire', hex: 'A1' });
    d.control.hexes.A1 = 'soviet';
    d.log.push({ type: 'turn', turn: 9 });
    expect(input).toEqual(before);
  });
});
