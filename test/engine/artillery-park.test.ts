/**
 * Finnish Artillery Park (12.4.4) through the public engine on the real map (Campaign scenario).
 */
import { describe, expect, it } from 'vitest';
import { REAL, engineOn, scene } from './helpers/fire.js';
import { checkDrafts } from '../../src/engine/draft.js';

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

  it('is triggered just the same after an earlier action, without the draft checks (then only the units an action changed are looked at)', () => {
    const st = scene([
      ['1/1/364', 'B13'],
      ['2/1/364', 'B13'],
      ['5/KTR12', 'offMap'],
    ]);
    st.phase = 'action';
    checkDrafts(false);
    try {
      const first = engineOn(REAL).apply(st, 'soviet', { type: 'move', units: ['2/1/364'], to: 'C13' });
      if (!first.ok) throw new Error(first.violation.message);
      expect(first.state.units['5/KTR12']!.location).toBe('offMap');
      const r = engineOn(REAL).apply(first.state, 'soviet', { type: 'move', units: ['1/1/364'], to: 'A13' });
      if (!r.ok) throw new Error(r.violation.message);
      expect(r.events.find((e) => e.type === 'artilleryPark')).toMatchObject({ units: ['5/KTR12'], hex: 'A13', rule: '12.4.4' });
      expect(r.state.units['5/KTR12']!.location).toBe('eliminated');
    } finally {
      checkDrafts(true);
    }
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
    expect(r.events.find((e) => e.type === 'artilleryPark')).toMatchObject({
      side: 'soviet',
      units: ['1/354'],
      hex: 'X28',
      rule: '12.4.3',
    });
    // Which 76 mm battalion goes is the Soviet player's choice; the default is the first.
    const who = engine.whoMustAct(r.state);
    expect(who.side).toBe('soviet');
    expect(who.pending).toMatchObject({ type: 'parkBattalion', options: ['1/47', '2/47', '3/47'], default: { unit: '1/47' } });
    expect(engine.legalActions(r.state, 'soviet').phaseActions).toEqual(['artilleryPark']);
    const d = engine.apply(r.state, 'soviet', { type: 'artilleryPark', unit: '1/47' });
    if (!d.ok) throw new Error(d.violation.message);
    expect(d.state.units['1/47']!.location).toBe('eliminated');
    expect(d.state.units['2/47']).toMatchObject({ location: 'pending', entryTurn: 11 });
    expect(d.state.units['3/47']).toMatchObject({ location: 'pending', entryTurn: 11 });
    expect(d.events.find((e) => e.type === 'artilleryPark')).toMatchObject({ side: 'soviet', units: ['1/47'], rule: '12.4.3' });
    expect(engine.whoMustAct(d.state)).toMatchObject({ side: 'finnish', what: 'action' });
  });

  it('12.4.3 b: the Soviet player picks which 76 mm battalion is removed; a wrong pick or another action is refused and changes nothing', () => {
    const engine = engineOn(REAL);
    const r = engine.apply(setup(), 'finnish', { type: 'artilleryPark', unit: '1/1/JR16' });
    if (!r.ok) throw new Error(r.violation.message);
    const wrong = engine.apply(r.state, 'soviet', { type: 'artilleryPark', unit: '1/354' });
    expect(wrong.ok === false && wrong.violation).toMatchObject({ code: 'rule/park-battalion', rule: '12.4.3' });
    const other = engine.apply(r.state, 'finnish', { type: 'endPhase', phase: 'action' });
    expect(other.ok === false && other.violation.code).toBe('rule/not-your-turn');
    const d = engine.apply(r.state, 'soviet', { type: 'artilleryPark', unit: '3/47' });
    if (!d.ok) throw new Error(d.violation.message);
    expect(d.state.units['3/47']!.location).toBe('eliminated');
    expect(d.state.units['1/47']).toMatchObject({ location: 'pending', entryTurn: 11 });
    expect(d.state.units['2/47']).toMatchObject({ location: 'pending', entryTurn: 11 });
  });

  it('12.4.3 b: with one 76 mm battalion left there is nothing to choose: it is removed at once', () => {
    const st = setup();
    st.units['2/47']!.location = 'eliminated';
    st.units['3/47']!.location = 'eliminated';
    const engine = engineOn(REAL);
    const r = engine.apply(st, 'finnish', { type: 'artilleryPark', unit: '1/1/JR16' });
    if (!r.ok) throw new Error(r.violation.message);
    expect(r.state.pending).toEqual([]);
    expect(r.state.units['1/47']!.location).toBe('eliminated');
    expect(r.events.find((e) => e.type === 'artilleryPark')).toMatchObject({ units: ['1/354', '1/47'] });
  });

  it('event b at most once per turn; event a only once (12.4.3)', () => {
    const st = setup();
    st.units['3/1/JR16'] = { id: '3/1/JR16', side: 'finnish', location: 'map', hex: 'X28', stepsLeft: 2, flags: {} };
    const engine = engineOn(REAL);
    const raided = engine.apply(st, 'finnish', { type: 'artilleryPark', unit: '1/1/JR16' });
    if (!raided.ok) throw new Error(raided.violation.message);
    const r = engine.apply(raided.state, 'soviet', { type: 'artilleryPark', unit: '1/47' });
    if (!r.ok) throw new Error(r.violation.message);
    expect(engine.legalActions(r.state, 'finnish').artilleryPark ?? []).toEqual([]);
    const again = engine.apply(r.state, 'finnish', { type: 'artilleryPark', unit: '3/1/JR16' });
    expect(again.ok === false && again.violation.code).toBe('rule/artillery-park');
    const next = structuredClone(r.state);
    next.turn = 7;
    expect(engine.legalActions(next, 'finnish').artilleryPark).toEqual(['3/1/JR16']);
  });
});
