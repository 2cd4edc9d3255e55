/**
 * Finnish Artillery Park (12.4.4) through the public engine on the real map (Campaign scenario).
 */
import { describe, expect, it } from 'vitest';
import { REAL, engineOn, scene } from './helpers/fire.js';

describe('Finnish Artillery Park (12.4.4)', () => {
  it('removes every Finnish battery, available or on the Turn Track, the moment Soviet infantry enters A13', () => {
    const st = scene([
      ['1/1/364', 'B13'],
      ['5/KTR12', 'offMap'],
    ]);
    st.phase = 'action';
    st.units['7/KTR6'] = {
      id: '7/KTR6',
      side: 'finnish',
      location: 'pending',
      hex: null,
      stepsLeft: 1,
      flags: {},
      entryTurn: 15,
      entryHex: null,
    };
    const r = engineOn(REAL).apply(st, 'soviet', { type: 'move', units: ['1/1/364'], to: 'A13' });
    if (!r.ok) throw new Error(r.violation.message);
    expect(r.events.find((e) => e.type === 'artilleryPark')).toMatchObject({
      side: 'finnish',
      units: ['5/KTR12', '7/KTR6'],
      hex: 'A13',
      rule: '12.4.4',
    });
    expect(r.state.units['5/KTR12']!.location).toBe('eliminated');
    expect(r.state.units['7/KTR6']!.location).toBe('eliminated');
  });

  it('is not triggered by a Soviet unit that is not infantry (12.4.4)', () => {
    const st = scene([
      ['MG/1/364', 'B13'],
      ['5/KTR12', 'offMap'],
    ]);
    st.phase = 'action';
    const r = engineOn(REAL).apply(st, 'soviet', { type: 'move', units: ['MG/1/364'], to: 'A13' });
    if (!r.ok) throw new Error(r.violation.message);
    expect(r.state.units['5/KTR12']!.location).toBe('offMap');
  });
});

describe('Soviet Artillery Park (12.4.3)', () => {
  const setup = () => {
    const st = scene(
      [
        ['1/1/JR16', 'X28'],
        ['2/1/JR16', 'X28', 1],
        ['1/47', 'offMap'],
        ['2/47', 'offMap'],
        ['3/47', 'offMap'],
      ],
      { side: 'finnish', turn: 6, ammo: { soviet: 9 } },
    );
    st.phase = 'action';
    st.units['1/354'] = {
      id: '1/354',
      side: 'soviet',
      location: 'pending',
      hex: null,
      stepsLeft: 1,
      flags: {},
      entryTurn: 9,
      entryHex: null,
    };
    return st;
  };

  it('lets a full-strength Finnish company in X28 be removed: the 354th never comes, half the ammo and one 76 mm battalion are lost, the rest wait 5 turns (12.4.3 a, b)', () => {
    const st = setup();
    const engine = engineOn(REAL);
    const la = engine.legalActions(st, 'finnish');
    expect(la.artilleryPark).toEqual(['1/1/JR16']); // the reduced company may not
    const r = engine.apply(st, 'finnish', { type: 'artilleryPark', unit: '1/1/JR16' });
    if (!r.ok) throw new Error(r.violation.message);
    expect(r.state.units['1/1/JR16']!.location).toBe('exited');
    expect(r.state.units['1/354']!.location).toBe('eliminated');
    expect(r.state.ammo.soviet).toBe(5); // loses 4 of 9 (half, rounded down)
    expect(r.state.units['1/47']!.location).toBe('eliminated');
    expect(r.state.units['2/47']).toMatchObject({ location: 'pending', entryTurn: 11 });
    expect(r.state.units['3/47']).toMatchObject({ location: 'pending', entryTurn: 11 });
    expect(r.events.find((e) => e.type === 'artilleryPark')).toMatchObject({
      side: 'soviet',
      units: ['1/354', '1/47'],
      hex: 'X28',
      rule: '12.4.3',
    });
  });

  it('event b at most once per turn; event a only once (12.4.3)', () => {
    const st = setup();
    st.units['3/1/JR16'] = { id: '3/1/JR16', side: 'finnish', location: 'map', hex: 'X28', stepsLeft: 2, flags: {} };
    const engine = engineOn(REAL);
    const r = engine.apply(st, 'finnish', { type: 'artilleryPark', unit: '1/1/JR16' });
    if (!r.ok) throw new Error(r.violation.message);
    expect(engine.legalActions(r.state, 'finnish').artilleryPark ?? []).toEqual([]);
    const again = engine.apply(r.state, 'finnish', { type: 'artilleryPark', unit: '3/1/JR16' });
    expect(again.ok === false && again.violation.code).toBe('rule/artillery-park');
    const next = structuredClone(r.state);
    next.turn = 7;
    expect(engine.legalActions(next, 'finnish').artilleryPark).toEqual(['3/1/JR16']);
  });
});
