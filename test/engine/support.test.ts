/**
 * Offensive Support inside a Combat (8.1 steps 2 and 5, 10.3, 10.3.1, 10.3.5, 10.4.1) through the public
 * engine, real counters and RAT on a test board; the CRT is the invented TEST FIXTURE.
 */
import { describe, expect, it } from 'vitest';
import type { Action, GameState, Side } from '../../src/engine/index.js';
import { board, engineOn, scene, scene as baseScene } from './helpers/fire.js';
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

describe('defensive Support (10.3.2–10.3.4, 10.3.6; game option defensiveSupport)', () => {
  const scene = (placed: [string, string, number?][]): GameState => {
    const s = baseScene(placed);
    s.options = { ...s.options, defensiveSupport: true };
    return s;
  };

  it('is asked only in games with the option on (ruling)', () => {
    const st = baseScene([['1/1/364', 'K10'], ['1/1/JR16', 'K11'], ['MG/1/JR16#1', 'M10']]);
    const r = ok(act(st, 'soviet', { type: 'combat', attackers: ['1/1/364'], target: 'K11' }, [3, 3]));
    expect(r.events.some((e) => e.type === 'combat')).toBe(true);
  });

  it('waits for the defender’s declaration before any die; the default is none (10.3.2)', () => {
    const st = scene([['1/1/364', 'K10'], ['1/1/JR16', 'K11'], ['MG/1/JR16#1', 'M10']]);
    const r = ok(act(st, 'soviet', { type: 'combat', attackers: ['1/1/364'], target: 'K11' }));
    expect(r.events.some((e) => e.type === 'roll')).toBe(false);
    expect(r.events.find((e) => e.type === 'combatDeclared')).toMatchObject({ target: 'K11', waitingFor: 'finnish' });
    const p = r.state.pending[0]!;
    expect(p).toMatchObject({ type: 'defensiveSupport', side: 'finnish', attackerHexes: ['K10'], default: { units: [] } });
    expect(engineOn(rs).legalActions(r.state, 'finnish').phaseActions).toEqual(['support']);
    expect(act(r.state, 'soviet', { type: 'endPhase', phase: 'combat' }).ok).toBe(false);
    const done = ok(act(r.state, 'finnish', { type: 'support', units: [] }, [3, 3]));
    expect(done.events.some((e) => e.type === 'combat')).toBe(true);
  });

  it('resolves the phasing player’s Support first, then the defender’s; markers net before the cap (10.3.2, 10.4.1; 10.6 bridge example)', () => {
    // Soviet MG rolls 7 (+5 = 12, no effect); the mortar with the adjacent attackers as spotter rolls 9 (+5 = 14,
    // Suppressed: 1R); the Finnish MG across the ice (RAS 4 here) rolls 9 with +3 for three companies: 16,
    // Suppressed: 1L. Net: no shift.
    const map = board({ K10: 'forest', K11: 'forest', K13: 'forest' });
    const rs2 = { ...map, tables: { ...map.tables, crt: FIXTURE_CRT } };
    const st = scene([['1/1/364', 'K10'], ['2/1/364', 'K10'], ['3/1/364', 'K10'], ['MG/1/364', 'K13'], ['Mtr/364', 'K7'], ['MG/1/JR16#1', 'K11'], ['MG/2/JR16#1', 'M10']]);
    const eng = engineOn(rs2);
    const r1 = eng.apply(st, 'soviet', { type: 'combat', attackers: ['1/1/364', '2/1/364', '3/1/364'], target: 'K11', support: ['MG/1/364', 'Mtr/364'], spotters: { 'Mtr/364': '1/1/364' } });
    if (!r1.ok) throw new Error(r1.violation.message);
    const r2 = eng.apply(r1.state, 'finnish', { type: 'support', units: ['MG/2/JR16#1'], target: 'K10' }, { forcedDice: [3, 4, 4, 5, 4, 5, 3, 3] });
    if (!r2.ok) throw new Error(r2.violation.message);
    const shots = r2.events.filter((e) => e.type === 'rangedAttack').map((e) => (e.type === 'rangedAttack' ? [e.unit, e.total, e.result] : []));
    expect(shots).toEqual([
      ['MG/1/364', 12, 'no effect'],
      ['Mtr/364', 14, 'suppressed'],
      ['MG/2/JR16#1', 16, 'suppressed'],
    ]);
    const c = r2.events.find((e) => e.type === 'combat');
    expect(c && c.type === 'combat' && c.modifiers.some((m) => m.includes('suppression'))).toBe(false);
  });

  it('fires on one hex of attackers of the defender’s choice (10.3.3, 10.3.4)', () => {
    const st = scene([['1/1/364', 'K10'], ['2/1/364', 'L12'], ['1/1/JR16', 'K11'], ['MG/1/JR16#1', 'K13']]);
    const r = ok(act(st, 'soviet', { type: 'combat', attackers: ['1/1/364', '2/1/364'], target: 'K11' }));
    const p = r.state.pending[0]!;
    expect(p.type === 'defensiveSupport' && p.attackerHexes).toEqual(['K10', 'L12']);
    const bad = act(r.state, 'finnish', { type: 'support', units: ['MG/1/JR16#1'], target: 'K12' });
    expect(bad.ok === false && bad.violation.code).toBe('rule/support-target');
  });

  it('allows Adjacent Defensive Support into a frozen-lake hex of attackers, not from another eZOC (10.3.6)', () => {
    const map = board({ K11: 'forest', L11: 'forest', K13: 'forest', J12: 'forest' });
    const rs2 = { ...map, tables: { ...map.tables, crt: FIXTURE_CRT } };
    // Attackers on the ice in K12 attack K11; the Finnish MG in L12 is adjacent to K12 only among the Soviets.
    const st = scene([['1/1/364', 'K12'], ['1/1/JR16', 'K11'], ['MG/1/JR16#1', 'L13']]);
    const eng = engineOn(rs2);
    const r1 = eng.apply(st, 'soviet', { type: 'combat', attackers: ['1/1/364'], target: 'K11' });
    if (!r1.ok) throw new Error(r1.violation.message);
    const p = r1.state.pending[0]!;
    expect(p.type === 'defensiveSupport' && p.options.map((o) => o.unit)).toContain('MG/1/JR16#1');
    const r2 = eng.apply(r1.state, 'finnish', { type: 'support', units: ['MG/1/JR16#1'], target: 'K12' }, { forcedDice: [1, 1, 3, 3] });
    if (!r2.ok) throw new Error(r2.violation.message);
    expect(r2.events.find((e) => e.type === 'rangedAttack')).toMatchObject({ unit: 'MG/1/JR16#1', range: 1 });
    // A second Soviet unit next to the MG puts it in another eZOC: no adjacent Support.
    const st2 = scene([['1/1/364', 'K12'], ['2/1/364', 'M13'], ['1/1/JR16', 'K11'], ['MG/1/JR16#1', 'L13']]);
    const r3 = eng.apply(st2, 'soviet', { type: 'combat', attackers: ['1/1/364'], target: 'K11' });
    if (!r3.ok) throw new Error(r3.violation.message);
    const opts = r3.state.pending[0]?.type === 'defensiveSupport' ? r3.state.pending[0].options.map((o) => o.unit) : [];
    expect(opts).not.toContain('MG/1/JR16#1');
  });
});
