// The draft apply mutates is a complete copy: no change made while applying an action reaches the
// input state (DESIGN: the engine is a pure function world). Hex control's map is shared until its one
// writer (zoc.ts setControl) first changes it; the recorded Campaign replayed on frozen states shows that
// no action changes anything of its input.
import { describe, expect, it } from 'vitest';
import { draftOf } from '../../src/engine/draft.js';
import { updateControl } from '../../src/engine/zoc.js';
import { contextOf } from '../../src/engine/ctx.js';
import type { GameEvent, GameState } from '../../src/engine/index.js';
import { block, counter, toyRuleset, atAction } from './helpers/toy.js';
import { recordedCampaign } from './helpers/recorded-campaign.js';
import { deepFreeze } from '../../src/app/doc-cache.js';

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
    d.log.push({ type: 'turn', turn: 9 });
    expect(input).toEqual(before);
  });

  it('7.3: shares the map of controlled hexes until setControl first changes it, then copies it', () => {
    const { state } = atAction(r);
    const d = draftOf(state);
    expect(d.control).not.toBe(state.control);
    expect(d.control.hexes).toBe(state.control.hexes);
    const before = structuredClone(state.control);
    const events: GameEvent[] = [];
    updateControl(contextOf(r), d, 'finnish', ['f1'], ['C3', 'B2'], events); // Finns enter two hexes
    expect(d.control.hexes).not.toBe(state.control.hexes);
    expect(state.control).toEqual(before);
    expect(d.control.hexes.B2 ?? d.control.base).toBe('finnish');
    expect(events.some((e) => e.type === 'control')).toBe(true);
    const again = d.control.hexes;
    updateControl(contextOf(r), d, 'soviet', ['s1'], ['C3'], []); // the draft's own map now: changed in place
    expect(d.control.hexes).toBe(again);
  });

  it('no action of the recorded Campaign changes its input state (every state frozen before its action)', { timeout: 60_000 }, () => {
    const c = recordedCampaign();
    let st: GameState = c.engine.setup(c.record.scenario, { seed: c.record.seed! });
    for (const [i, ra] of c.record.actions.entries()) {
      deepFreeze(st);
      const r = c.engine.apply(st, ra.side, ra.action);
      if (!r.ok) throw new Error(`action ${i + 1} refused: ${r.violation.message}`);
      st = r.state;
    }
    expect(st.turn).toBeGreaterThan(30);
  });
});
