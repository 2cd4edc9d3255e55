import { describe, expect, it } from 'vitest';
import { block, counter, toyRuleset, atAction, codeOf } from './helpers/toy.js';

// Column C: a primary road C1–C4, then a secondary trail C4–C8. D5 is a village off the road.
const r = (extra: Record<string, string> = {}) =>
  toyRuleset({
    terrain: { ...block('ABCDEFG', 1, 10, 'forest'), D5: 'village' },
    roads: [
      ['C1', 'C2', 'primary'],
      ['C2', 'C3', 'primary'],
      ['C3', 'C4', 'primary'],
      ['C4', 'C5', 'secondary'],
      ['C5', 'C6', 'secondary'],
      ['C6', 'C7', 'secondary'],
      ['C7', 'C8', 'secondary'],
    ],
    counters: [
      counter('t26', 'soviet', 'tank', { full: { cs: 10, ras: 8, range: 3, ma: 8 } }),
      counter('ba10', 'soviet', 'armoredCar', { full: { cs: 8, ras: 6, range: 3, ma: 12 } }),
      counter('f1', 'finnish', 'infantry'),
      counter('fat', 'finnish', 'atGun'),
    ],
    setup: { t26: 'C1', ba10: 'C1', f1: 'G10', ...extra },
  });

const reach = (rs: ReturnType<typeof r>, id: string) => {
  const { engine, state } = atAction(rs);
  return engine.legalActions(state, 'soviet').units.find((u) => u.units[0] === id)!.reachable;
};

describe('armor and the road network (12.1.3)', () => {
  it('keeps armor on connected road hexes, except to enter a village (5.1, 12.1.3)', () => {
    const hexes = reach(r(), 't26').map((x) => x.hex);
    expect(hexes).toContain('C4');
    expect(hexes).toContain('D5');
    expect(hexes).not.toContain('B1');
    expect(hexes).not.toContain('D2');
    const { engine, state } = atAction(r());
    expect(engine.apply(state, 'soviet', { type: 'move', units: ['t26'], to: 'D2' })).toMatchObject({
      ok: false,
      violation: { code: 'rule/prohibited-terrain', rule: '12.1.3' },
    });
  });

  it('charges tanks 1 MP and armored cars 2 MP per secondary-road hex; primary roads ½ (12.1.3)', () => {
    const t = reach(r(), 't26');
    expect(t.find((x) => x.hex === 'C4')?.cost).toBe(1.5);
    expect(t.find((x) => x.hex === 'C6')?.cost).toBe(3.5);
    const b = reach(r(), 'ba10');
    expect(b.find((x) => x.hex === 'C6')?.cost).toBe(5.5);
  });

  it('ignores the ZOC of enemy units other than AT units (7.2, 12.1)', () => {
    const t = reach(r({ f1: 'D3' }), 't26');
    // C2, C3, C4 are next to the Finnish infantry in D3: no stop, road rate.
    expect(t.find((x) => x.hex === 'C4')).toMatchObject({ cost: 1.5, zocStop: false });
    expect(t.find((x) => x.hex === 'C6')).toBeDefined();
  });

  it("stops in an enemy AT unit's ZOC and pays terrain there (7.1, 12.1)", () => {
    const t = reach(r({ fat: 'D3' }), 't26');
    // C2 and C3 are next to the AT gun in D3: the tank stops in C2, paying forest (2), not ½.
    expect(t.find((x) => x.hex === 'C2')).toMatchObject({ zocStop: true, cost: 2 });
    expect(t.find((x) => x.hex === 'C3')).toBeUndefined();
  });

  it('is refused by the minimum-move rule off the road network (4.1.1, 12.1.3)', () => {
    const { engine, state } = atAction(r());
    expect(codeOf(engine.apply(state, 'soviet', { type: 'move', units: ['t26'], to: 'B2' }))).toBe('rule/prohibited-terrain');
  });
});
