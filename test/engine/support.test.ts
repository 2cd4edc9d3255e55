/**
 * Offensive Support inside a Combat (8.1 steps 2 and 5, 10.3, 10.3.1, 10.3.5, 10.4.1) through the public
 * engine, real counters and RAT on a test board; the CRT is the invented TEST FIXTURE.
 */
import { describe, expect, it } from 'vitest';
import type { Action, GameState, Side } from '../../src/engine/index.js';
import { board, engineOn, scene } from './helpers/fire.js';
import { FIXTURE_CRT } from './combat/helpers.js';

const base = board({ K10: 'forest', K11: 'forest' });
const rs = { ...base, tables: { ...base.tables, crt: FIXTURE_CRT } };
function act(st: GameState, side: Side, action: Action, dice: number[] = []) {
  return engineOn(rs).apply(st, side, action, { forcedDice: dice });
}
function ok(r: ReturnType<typeof act>) {
  if (!r.ok) throw new Error(`${r.violation.code}: ${r.violation.message}`);
  return r;
}

describe('offensive Support (10.3)', () => {
  it('fires before the CRT roll; a Suppressed result is a 1R shift for the attacker (8.1, 10.3, 10.4.1)', () => {
    const st = scene([['1/1/364', 'K10'], ['MG/1/364', 'K13'], ['1/1/JR16', 'K11']]);
    const r = ok(act(st, 'soviet', { type: 'combat', attackers: ['1/1/364'], target: 'K11', support: ['MG/1/364'] }, [4, 5, 3, 3]));
    const order = r.events.filter((e) => e.type === 'rangedAttack' || e.type === 'combat').map((e) => e.type);
    expect(order).toEqual(['rangedAttack', 'combat']);
    expect(r.events.find((e) => e.type === 'rangedAttack')).toMatchObject({ unit: 'MG/1/364', target: 'K11', total: 15, suppressed: true });
    const c = r.events.find((e) => e.type === 'combat');
    expect(c && c.type === 'combat' && c.modifiers.some((m) => m.includes('suppression') && m.includes('1R'))).toBe(true);
  });

  it('caps the shift at 3 columns however many Suppressed results (10.4.1)', () => {
    const st = scene([['1/1/364', 'K10'], ['MG/1/364', 'K13'], ['MG/2/364', 'K13'], ['MG/3/364', 'M11'], ['MG/1/609', 'M11'], ['1/1/JR16', 'K11']]);
    const r = ok(act(st, 'soviet', { type: 'combat', attackers: ['1/1/364'], target: 'K11', support: ['MG/1/364', 'MG/2/364', 'MG/3/364', 'MG/1/609'] }, [6, 5, 6, 5, 6, 5, 6, 5, 3, 3]));
    const c = r.events.find((e) => e.type === 'combat');
    expect(c && c.type === 'combat' && c.modifiers.find((m) => m.includes('suppression'))).toMatch(/3R/);
  });

  it('refuses support by an attacker, by a unit adjacent to the target, or without LOS, and rolls nothing (10.0, 10.2, 10.3.5)', () => {
    const st = scene([['1/1/364', 'K10'], ['MG/1/364', 'K12'], ['MG/2/364', 'K13'], ['1/1/JR16', 'K11']]);
    const a = act(st, 'soviet', { type: 'combat', attackers: ['1/1/364'], target: 'K11', support: ['1/1/364'] });
    expect(a.ok === false && a.violation.code).toBe('rule/support-and-attack');
    const b = act(st, 'soviet', { type: 'combat', attackers: ['1/1/364'], target: 'K11', support: ['MG/1/364'] });
    expect(b.ok === false && b.violation.code).toBe('rule/adjacent-target');
    // MG/2/364 in K13 looks through its own MG in K12: blocked for direct fire.
    const c = act(st, 'soviet', { type: 'combat', attackers: ['1/1/364'], target: 'K11', support: ['MG/2/364'] });
    expect(c.ok === false && c.violation.code).toBe('rule/no-los');
  });

  it('a supporting unit counts as having made its Ranged Attack this phase (10.3.5)', () => {
    const st = scene([['1/1/364', 'K10'], ['MG/1/364', 'K13'], ['1/1/JR16', 'K11'], ['2/1/JR16', 'M13']]);
    const r = ok(act(st, 'soviet', { type: 'combat', attackers: ['1/1/364'], target: 'K11', support: ['MG/1/364'] }, [1, 1, 3, 3]));
    let s = r.state;
    while (s.pending.length) {
      const p = s.pending[0]!;
      const ans: Action = p.type === 'advance' ? { type: 'advance', units: [], path: [] } : { type: 'takeLosses', ...(p as { default: { steps: Record<string, number> } }).default };
      s = ok(act(s, p.side, ans)).state;
    }
    const again = act(s, 'soviet', { type: 'ranged', units: ['MG/1/364'], target: 'M13' });
    expect(again.ok === false && again.violation.code).toBe('rule/already-fired');
  });

  it('Soviet armor declared for Support is a target for the defending AT guns within 2 hexes, before the Support rolls (11.2)', () => {
    const st = scene([['1/1/364', 'K10'], ['T-26 m31', 'K13'], ['1/1/JR16', 'K11'], ['AT/JR16', 'K11']]);
    const r = ok(act(st, 'soviet', { type: 'combat', attackers: ['1/1/364'], target: 'K11', support: ['T-26 m31'] }, [6, 6, 1, 1, 3, 3]));
    const order = r.events.filter((e) => e.type === 'atFire' || e.type === 'rangedAttack' || e.type === 'combat').map((e) => e.type);
    expect(order).toEqual(['atFire', 'atFire', 'rangedAttack', 'combat']);
    expect(r.events.find((e) => e.type === 'atFire')).toMatchObject({ target: 'T-26 m31', range: 2, total: 6, hit: true });
  });
});
