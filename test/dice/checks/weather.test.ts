import { describe, expect, it } from 'vitest';
import { CONDITIONS, parseRnc, weatherEffects, weatherRnc } from '../../../src/dice/checks/weather.js';
import { loadRuleLibrary } from '../../../src/rules/load.js';

const rnc = (condition: string, card: string, extra: Record<string, string | boolean> = {}) =>
  weatherRnc.run({ condition, rnc: card, ...extra });

describe('weather rules, section 99 (seed 003)', () => {
  it('Overcast: a Red 4-6 starts precipitation, Falling Snow when snow is already down (99.5)', () => {
    expect(rnc('overcast', 'red5').data.weather).toBe('rain');
    expect(rnc('overcast', 'red5').outcome).toBe('Red 5: precipitation begins: Rain');
    expect(rnc('overcast', 'red4', { snow: true }).data.weather).toBe('falling-snow');
    for (const c of ['red3', 'black5', 'black6', 'red0']) expect(rnc('overcast', c).data.weather).toBe('overcast');
  });

  it('Rain: Red 4-6 intensifies it, Black 5-6 stops it and Overcast remains (99.6)', () => {
    expect(rnc('rain', 'black6').data.weather).toBe('overcast');
    expect(rnc('rain', 'black6').outcome).toMatch(/stops/);
    expect(rnc('rain', 'red6').data.intensifies).toBe(true);
    expect(rnc('rain', 'black4').data.weather).toBe('rain');
  });

  it('Falling Snow is treated as Rain, including its deck check (99.81)', () => {
    expect(rnc('falling-snow', 'black5').data.weather).toBe('overcast');
    expect(rnc('falling-snow', 'red4').data.intensifies).toBe(true);
  });

  it('Fog lifts one level on an effective Breeze with a Red 6 (99.2)', () => {
    expect(rnc('fog', 'red6', { breeze: true }).data.lifts).toBe(true);
    expect(rnc('fog', 'red6').data.lifts).toBe(false);
    expect(rnc('fog', 'black6', { breeze: true }).data.lifts).toBe(false);
  });

  it('a Black 5-6 during an HE attack turns a Frozen Stream Frigid (99.821)', () => {
    expect(rnc('frozen-stream', 'black5').data.frigid).toBe(true);
    expect(rnc('frozen-stream', 'red5').data.frigid).toBe(false);
  });

  it('non-Finnish Axis AFVs before 4/42 are Immobilized on a Red 5-6 (99.85)', () => {
    expect(rnc('extreme-winter-afv', 'red5').data.immobilized).toBe(true);
    expect(rnc('extreme-winter-afv', 'black6').data.immobilized).toBe(false);
  });

  it('entrenching works only on an RNC of 1 in Mud and 2 in Ground/Deep Snow (99.7, 99.82, 99.83)', () => {
    expect(rnc('entrenchment', 'black1', { terrain: 'mud' }).data.succeeds).toBe(true);
    expect(rnc('entrenchment', 'red2', { terrain: 'mud' }).data.succeeds).toBe(false);
    expect(rnc('entrenchment', 'red2', { terrain: 'deep-snow' }).data.succeeds).toBe(true);
  });

  it('reads RNCs in several spellings and refuses others', () => {
    expect(parseRnc('Red 5')).toEqual({ colour: 'red', value: 5 });
    expect(parseRnc('b6')).toEqual({ colour: 'black', value: 6 });
    expect(() => parseRnc('green5')).toThrow(/like red5 or black6/);
    expect(() => parseRnc('red9')).toThrow(/0-6/);
  });

  it('lists the effects of every condition and cites sections that exist in the index (99.1-99.93)', () => {
    const lib = loadRuleLibrary({ fullTextDir: 'test/fixtures/rules/none' });
    for (const condition of CONDITIONS) {
      const r = weatherEffects.run({ condition });
      expect(r.details.length).toBeGreaterThan(0);
      for (const c of r.cites) expect(lib.find(c.system, c.id), `${condition} cites ${c.id}`).toBeDefined();
    }
    expect(weatherEffects.run({ condition: 'mist' }).details[0]).toMatch(/-2 at RR0, -1 at RR1/);
  });
});
