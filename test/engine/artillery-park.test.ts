/**
 * Finnish Artillery Park (12.4.4) through the public engine on the real map (Campaign scenario).
 */
import { describe, expect, it } from 'vitest';
import { REAL, engineOn, scene } from './helpers/fire.js';

describe('Finnish Artillery Park (12.4.4)', () => {
  it('removes every Finnish battery, available or on the Turn Track, the moment Soviet infantry enters A13', () => {
    const st = scene([['1/1/364', 'B13'], ['5/KTR12', 'offMap']]);
    st.phase = 'action';
    st.units['7/KTR6'] = { id: '7/KTR6', side: 'finnish', location: 'pending', hex: null, stepsLeft: 1, flags: {}, entryTurn: 15, entryHex: null };
    const r = engineOn(REAL).apply(st, 'soviet', { type: 'move', units: ['1/1/364'], to: 'A13' });
    if (!r.ok) throw new Error(r.violation.message);
    expect(r.events.find((e) => e.type === 'artilleryPark')).toMatchObject({ side: 'finnish', units: ['5/KTR12', '7/KTR6'], hex: 'A13', rule: '12.4.4' });
    expect(r.state.units['5/KTR12']!.location).toBe('eliminated');
    expect(r.state.units['7/KTR6']!.location).toBe('eliminated');
  });

  it('is not triggered by a Soviet unit that is not infantry (12.4.4)', () => {
    const st = scene([['MG/1/364', 'B13'], ['5/KTR12', 'offMap']]);
    st.phase = 'action';
    const r = engineOn(REAL).apply(st, 'soviet', { type: 'move', units: ['MG/1/364'], to: 'A13' });
    if (!r.ok) throw new Error(r.violation.message);
    expect(r.state.units['5/KTR12']!.location).toBe('offMap');
  });
});
