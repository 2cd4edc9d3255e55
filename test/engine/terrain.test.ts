import { describe, expect, it } from 'vitest';
import { block, counter, toyRuleset, atAction, codeOf, setHex } from './helpers/toy.js';

const costTo = (la: ReturnType<ReturnType<typeof atAction>['engine']['legalActions']>, id: string, hex: string) =>
  la.units.find((u) => u.units[0] === id)!.reachable.find((x) => x.hex === hex)?.cost;

describe('terrain (5.0–5.4)', () => {
  it('lets every non-armored unit enter any terrain it can pay for (5.1)', () => {
    const r = toyRuleset({
      terrain: { C5: 'village', C4: 'forest', C3: 'suo', C2: 'lake', C1: 'village', A1: 'forest' },
      counters: [counter('s1', 'soviet', 'infantry'), counter('f1', 'finnish', 'infantry')],
      setup: { s1: 'C5', f1: 'A1' },
    });
    const { engine, state } = atAction(r);
    const la = engine.legalActions(state, 'soviet');
    expect(costTo(la, 's1', 'C4')).toBe(2);
    expect(costTo(la, 's1', 'C3')).toBe(5);
    expect(costTo(la, 's1', 'C2')).toBeUndefined();
  });

  it('treats the Hotel and the Gravel Pits as forest for movement (5.2.5, 5.2.6)', () => {
    const r = toyRuleset({
      terrain: { ...block('KLMN', 14, 18, 'village'), M16: 'forest', L16: 'forest' },
      counters: [counter('s1', 'soviet', 'infantry'), counter('f1', 'finnish', 'infantry')],
      setup: { s1: 'M17', f1: 'K14' },
    });
    setHex(r, { id: 'M16', terrain: 'forest', hotel: true });
    setHex(r, { id: 'L16', terrain: 'forest', gravelPits: true });
    const { engine, state } = atAction(r);
    const la = engine.legalActions(state, 'soviet');
    expect(costTo(la, 's1', 'M16')).toBe(2);
    expect(costTo(la, 's1', 'L17')).toBe(1);
  });

  it('costs ½ MP per hex along connected roads whatever the terrain, for every road type (5.3)', () => {
    const r = toyRuleset({
      terrain: block('ABCDEF', 1, 12, 'suo'),
      roads: [
        ['C1', 'C2', 'main'],
        ['C2', 'C3', 'primary'],
        ['C3', 'C4', 'secondary'],
      ],
      counters: [counter('s1', 'soviet', 'infantry'), counter('f1', 'finnish', 'infantry')],
      setup: { s1: 'C1', f1: 'F12' },
    });
    const { engine, state } = atAction(r);
    const la = engine.legalActions(state, 'soviet');
    expect(costTo(la, 's1', 'C2')).toBe(0.5);
    expect(costTo(la, 's1', 'C4')).toBe(1.5);
    // off the road: suo
    expect(costTo(la, 's1', 'D1')).toBe(3);
  });

  it('does not give the road rate between two road hexes that no road joins (5.3)', () => {
    const r = toyRuleset({
      terrain: block('CD', 1, 6, 'forest'),
      roads: [
        ['C1', 'C2'],
        ['D1', 'D2'],
      ],
      counters: [counter('s1', 'soviet', 'infantry'), counter('f1', 'finnish', 'infantry')],
      setup: { s1: 'C2', f1: 'D6' },
    });
    const { engine, state } = atAction(r);
    expect(costTo(engine.legalActions(state, 'soviet'), 's1', 'D2')).toBe(2);
  });

  it('crosses a bridge hexside like a road with no extra cost (5.4)', () => {
    const r = toyRuleset({
      terrain: { J16: 'forest', K15: 'forest', J15: 'lake', K16: 'lake', A1: 'forest' },
      counters: [counter('s1', 'soviet', 'infantry'), counter('f1', 'finnish', 'infantry')],
      setup: { s1: 'J16', f1: 'A1' },
    });
    r.map.bridges = [{ a: 'J16', b: 'K15', name: 'Hevossalmi' }];
    const { engine, state } = atAction(r);
    expect(costTo(engine.legalActions(state, 'soviet'), 's1', 'K15')).toBe(0.5);
    expect(codeOf(engine.apply(state, 'soviet', { type: 'move', units: ['s1'], to: 'K15' }))).toBe('ok');
  });
});
