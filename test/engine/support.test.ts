/**
 * Offensive Support inside a Combat (8.1 steps 2 and 5, 10.3, 10.3.1, 10.3.5, 10.4.1) through the public
 * engine, real counters, RAT and CRT on a test board.
 */
import { describe, expect, it } from 'vitest';
import type { Action, GameState, Side } from '../../src/engine/index.js';
import { board, engineOn, scene, scene as baseScene } from './helpers/fire.js';

const base = board({ K10: 'forest', K11: 'forest' });
const rs = base;
function act(st: GameState, side: Side, action: Action, dice: number[] = []) {
  return engineOn(rs).apply(st, side, action, { forcedDice: dice });
}
function ok(r: ReturnType<typeof act>) {
  if (!r.ok) throw new Error(`${r.violation.code}: ${r.violation.message}`);
  return r;
}

describe('offensive Support (10.3)', () => {
  it('fires before the CRT roll; a Suppressed result is a 1R shift for the attacker (8.1, 10.3, 10.4.1)', () => {
    const st = scene([
      ['1/1/364', 'K10'],
      ['MG/1/364', 'K13'],
      ['1/1/JR16', 'K11'],
    ]);
    const r = ok(act(st, 'soviet', { type: 'combat', attackers: ['1/1/364'], target: 'K11', support: ['MG/1/364'] }, [4, 5, 3, 3]));
    const order = r.events.filter((e) => e.type === 'rangedAttack' || e.type === 'combat').map((e) => e.type);
    expect(order).toEqual(['rangedAttack', 'combat']);
    expect(r.events.find((e) => e.type === 'rangedAttack')).toMatchObject({ unit: 'MG/1/364', target: 'K11', total: 15, suppressed: true });
    const c = r.events.find((e) => e.type === 'combat');
    expect(c && c.type === 'combat' && c.modifiers.some((m) => m.includes('suppression') && m.includes('1R'))).toBe(true);
  });

  it('caps the shift at 3 columns however many Suppressed results (10.4.1)', () => {
    const st = scene([
      ['1/1/364', 'K10'],
      ['MG/1/364', 'K13'],
      ['MG/2/364', 'K13'],
      ['MG/3/364', 'M11'],
      ['MG/1/609', 'M11'],
      ['1/1/JR16', 'K11'],
    ]);
    const r = ok(
      act(
        st,
        'soviet',
        { type: 'combat', attackers: ['1/1/364'], target: 'K11', support: ['MG/1/364', 'MG/2/364', 'MG/3/364', 'MG/1/609'] },
        [4, 5, 4, 5, 4, 5, 4, 5, 3, 3],
      ),
    );
    // Four Suppressed results (15 each), no step lost: the company is still there for the CRT.
    expect(r.events.filter((e) => e.type === 'rangedAttack' && e.result === 'suppressed')).toHaveLength(4);
    const c = r.events.find((e) => e.type === 'combat');
    expect(c && c.type === 'combat' && c.modifiers.find((m) => m.includes('suppression'))).toMatch(/3R/);
  });

  it('refuses support by an attacker, by a unit adjacent to the target, or without LOS, and rolls nothing (10.0, 10.2, 10.3.5)', () => {
    const st = scene([
      ['1/1/364', 'K10'],
      ['MG/1/364', 'K12'],
      ['MG/2/364', 'K13'],
      ['1/1/JR16', 'K11'],
    ]);
    const a = act(st, 'soviet', { type: 'combat', attackers: ['1/1/364'], target: 'K11', support: ['1/1/364'] });
    expect(a.ok === false && a.violation.code).toBe('rule/support-and-attack');
    const b = act(st, 'soviet', { type: 'combat', attackers: ['1/1/364'], target: 'K11', support: ['MG/1/364'] });
    expect(b.ok === false && b.violation.code).toBe('rule/adjacent-target');
    // MG/2/364 in K13 looks through its own MG in K12: blocked for direct fire.
    const c = act(st, 'soviet', { type: 'combat', attackers: ['1/1/364'], target: 'K11', support: ['MG/2/364'] });
    expect(c.ok === false && c.violation.code).toBe('rule/no-los');
  });

  it('10.3.5: the odds preview refuses Support without LOS exactly as the declaration does (issue 46), changing nothing', () => {
    const st = scene([
      ['1/1/364', 'K10'],
      ['MG/1/364', 'K12'],
      ['MG/2/364', 'K13'],
      ['1/1/JR16', 'K11'],
    ]);
    const engine = engineOn(rs);
    const before = structuredClone(st);
    for (const support of [['MG/2/364'], ['MG/1/364'], ['1/1/364']]) {
      const action = { type: 'combat' as const, attackers: ['1/1/364'], target: 'K11', support };
      const p = engine.previewAction(st, 'soviet', action);
      const a = engine.apply(st, 'soviet', action);
      expect(p.ok).toBe(false);
      expect(a.ok).toBe(false);
      if (!p.ok && !a.ok) expect(p.violation).toEqual(a.violation);
    }
    expect(st).toEqual(before);
    // Without Support (or with none named) the same Combat is priced.
    expect(engine.previewAction(st, 'soviet', { type: 'combat', attackers: ['1/1/364'], target: 'K11' }).ok).toBe(true);
  });

  it('rolls no CRT when Support empties the defending hex and offers the Advance into that hex only (10.4.3)', () => {
    // The MG rolls 12 (+5 RAS, +1 company = 18: Suppressed + 1 step): the one-step Finnish company is eliminated.
    const st = scene([
      ['1/1/364', 'K10'],
      ['2/1/364', 'K10'],
      ['MG/1/364', 'K13'],
      ['1/1/JR16', 'K11', 1],
      ['2/1/JR16', 'L11'],
    ]);
    const r = ok(act(st, 'soviet', { type: 'combat', attackers: ['1/1/364', '2/1/364'], target: 'K11', support: ['MG/1/364'] }, [6, 6]));
    expect(r.events.filter((e) => e.type === 'roll').map((e) => e.type === 'roll' && e.purpose)).toEqual([
      'Ranged Attack by MG/1/364 on K11',
    ]);
    expect(r.events.some((e) => e.type === 'combat')).toBe(false);
    expect(r.events.find((e) => e.type === 'eliminated')).toMatchObject({ unit: '1/1/JR16' });
    expect(r.events.find((e) => e.type === 'combatNoRoll')).toMatchObject({
      target: 'K11',
      attackers: ['1/1/364', '2/1/364'],
      rule: '10.4.3',
    });
    const p = r.state.pending[0]!;
    expect(p).toMatchObject({ type: 'advance', side: 'soviet', vacated: 'K11', mandatory: false });
    expect(p.type === 'advance' && p.units.map((u) => u.maxHexes)).toEqual([1, 1]);
    // No further than the vacated hex, and the advancing units attack no new hex.
    expect(act(r.state, 'soviet', { type: 'advance', units: ['1/1/364'], path: ['K11', 'L12'] }).ok).toBe(false);
    const adv = ok(act(r.state, 'soviet', { type: 'advance', units: ['1/1/364'], path: ['K11'] }));
    expect(adv.state.units['1/1/364']?.hex).toBe('K11');
    const rest = ok(act(adv.state, 'soviet', { type: 'advance', units: [], path: [] }));
    expect(rest.state.pending).toEqual([]);
    const again = act(rest.state, 'soviet', { type: 'combat', attackers: ['1/1/364'], target: 'L11' });
    expect(again.ok === false && again.violation.code).toBe('rule/already-attacked');
  });

  it('10.4.2: the defender allocates a Support step among its units; the Combat waits, then rolls the CRT', () => {
    // The MG rolls 12 on two full-strength companies (+5 RAS and the stack's DRM): Suppressed + 2 steps.
    const st = scene([
      ['1/1/364', 'K10'],
      ['MG/1/364', 'K13'],
      ['1/1/JR16', 'K11'],
      ['2/1/JR16', 'K11'],
    ]);
    const r = ok(act(st, 'soviet', { type: 'combat', attackers: ['1/1/364'], target: 'K11', support: ['MG/1/364'] }, [6, 6]));
    expect(r.events.some((e) => e.type === 'combat' || e.type === 'stepLoss')).toBe(false);
    expect(r.state.pending[0]).toMatchObject({
      type: 'rangedLosses',
      side: 'finnish',
      hex: 'K11',
      steps: 2,
      default: { steps: { '1/1/JR16': 1, '2/1/JR16': 1 } },
      resume: { stage: 'defensive', suppression: { attacker: 1, defender: 0 } },
    });
    // Nothing else may happen meanwhile, and a wrong answer changes nothing.
    expect(act(r.state, 'soviet', { type: 'endPhase', phase: 'combat' }).ok).toBe(false);
    expect(act(r.state, 'finnish', { type: 'takeLosses', steps: { '1/1/364': 1 } }).ok).toBe(false);
    // Both steps on one company (the default would flip both): it is eliminated, the other stays whole.
    const d = ok(act(r.state, 'finnish', { type: 'takeLosses', steps: { '2/1/JR16': 2 } }, [3, 3]));
    expect(d.events.find((e) => e.type === 'eliminated')).toMatchObject({ unit: '2/1/JR16' });
    expect(d.state.units['1/1/JR16']!.stepsLeft).toBe(2);
    const c = d.events.find((e) => e.type === 'combat');
    expect(c).toMatchObject({ target: 'K11', roll: 6 });
    expect(c && c.type === 'combat' && c.modifiers.some((m) => m.includes('suppression') && m.includes('1R'))).toBe(true);
  });

  it('a supporting unit counts as having made its Ranged Attack this phase (10.3.5)', () => {
    const st = scene([
      ['1/1/364', 'K10'],
      ['MG/1/364', 'K13'],
      ['1/1/JR16', 'K11'],
      ['2/1/JR16', 'M13'],
    ]);
    const r = ok(act(st, 'soviet', { type: 'combat', attackers: ['1/1/364'], target: 'K11', support: ['MG/1/364'] }, [1, 1, 3, 3]));
    let s = r.state;
    while (s.pending.length) {
      const p = s.pending[0]!;
      const ans: Action =
        p.type === 'advance'
          ? { type: 'advance', units: [], path: [] }
          : { type: 'takeLosses', ...(p as { default: { steps: Record<string, number> } }).default };
      s = ok(act(s, p.side, ans)).state;
    }
    const again = act(s, 'soviet', { type: 'ranged', units: ['MG/1/364'], target: 'M13' });
    expect(again.ok === false && again.violation.code).toBe('rule/already-fired');
  });

  it('Soviet armor declared for Support is a target for the defending AT guns within 2 hexes, before the Support rolls (11.2)', () => {
    const st = scene([
      ['1/1/364', 'K10'],
      ['T-26 m31', 'K13'],
      ['1/1/JR16', 'K11'],
      ['AT/JR16', 'K11'],
    ]);
    const r = ok(act(st, 'soviet', { type: 'combat', attackers: ['1/1/364'], target: 'K11', support: ['T-26 m31'] }, [6, 1, 1, 1, 3, 3]));
    const order = r.events.filter((e) => e.type === 'atFire' || e.type === 'rangedAttack' || e.type === 'combat').map((e) => e.type);
    expect(order).toEqual(['atFire', 'atFire', 'rangedAttack', 'combat']);
    expect(r.events.find((e) => e.type === 'atFire')).toMatchObject({ target: 'T-26 m31', range: 2, total: 6, hit: true });
  });

  it('8.1, 11.2: a supporting tank that AT Fire eliminates before its Support roll does not fire', () => {
    const st = scene([
      ['1/1/364', 'K10'],
      ['T-26 m31', 'K13'],
      ['1/1/JR16', 'K11'],
      ['AT/JR16', 'K11'],
    ]);
    const r = ok(act(st, 'soviet', { type: 'combat', attackers: ['1/1/364'], target: 'K11', support: ['T-26 m31'] }, [6, 6, 3, 3]));
    const order = r.events.filter((e) => e.type === 'atFire' || e.type === 'rangedAttack' || e.type === 'combat').map((e) => e.type);
    expect(order).toEqual(['atFire', 'atFire', 'combat']);
    expect(r.state.units['T-26 m31']!.location).toBe('eliminated');
  });
});

describe('defensive Support (10.3.2–10.3.4, 10.3.6)', () => {
  const scene = baseScene;

  it('is asked in every game, with no setup option, only when the defender has a unit that could support (10.3.2)', () => {
    // No game option: the defender's MG in M10 can fire on K10, so the Combat waits for him.
    const st = baseScene([
      ['1/1/364', 'K10'],
      ['1/1/JR16', 'K11'],
      ['MG/1/JR16#1', 'M10'],
    ]);
    expect(st.options.defensiveSupport).toBeUndefined();
    const r = ok(act(st, 'soviet', { type: 'combat', attackers: ['1/1/364'], target: 'K11' }, [3, 3]));
    expect(r.state.pending[0]?.type).toBe('defensiveSupport');
    expect(r.events.some((e) => e.type === 'combat' || e.type === 'roll')).toBe(false);
    // Nobody but the defending company itself: no pause, the CRT is rolled at once.
    const alone = baseScene([
      ['1/1/364', 'K10'],
      ['1/1/JR16', 'K11'],
    ]);
    const r2 = ok(act(alone, 'soviet', { type: 'combat', attackers: ['1/1/364'], target: 'K11' }, [3, 3]));
    expect(r2.state.pending.some((p) => p.type === 'defensiveSupport')).toBe(false);
    expect(r2.events.some((e) => e.type === 'combat')).toBe(true);
    // A Finnish MG out of range/LOS of every attacking hex is no reason to pause either.
    const far = baseScene([
      ['1/1/364', 'K10'],
      ['1/1/JR16', 'K11'],
      ['MG/1/JR16#1', 'X28'],
    ]);
    const r3 = ok(act(far, 'soviet', { type: 'combat', attackers: ['1/1/364'], target: 'K11' }, [3, 3]));
    expect(r3.state.pending.some((p) => p.type === 'defensiveSupport')).toBe(false);
    expect(r3.events.some((e) => e.type === 'combat')).toBe(true);
  });

  it('waits for the defender’s declaration before any die; the default is none (10.3.2)', () => {
    const st = scene([
      ['1/1/364', 'K10'],
      ['1/1/JR16', 'K11'],
      ['MG/1/JR16#1', 'M10'],
    ]);
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

  it('resolves the phasing player’s Support first, then the defender’s; a zero net still lists both sides’ markers (10.3.2, 8.3 case 3, 10.4.1)', () => {
    // Soviet MG rolls 7 (+5 = 12, no effect); the mortar with the adjacent attackers as spotter rolls 9 (+5 = 14,
    // Suppressed: 1R); the Finnish MG across the ice (RAS 4 here) rolls 9 with +3 for three companies: 16,
    // Suppressed: 1L. Net: no shift.
    const map = board({ K10: 'forest', K11: 'forest', K13: 'forest' });
    const rs2 = map;
    const st = scene([
      ['1/1/364', 'K10'],
      ['2/1/364', 'K10'],
      ['3/1/364', 'K10'],
      ['MG/1/364', 'K13'],
      ['Mtr/364', 'K7'],
      ['MG/1/JR16#1', 'K11'],
      ['MG/2/JR16#1', 'M10'],
    ]);
    const eng = engineOn(rs2);
    const r1 = eng.apply(st, 'soviet', {
      type: 'combat',
      attackers: ['1/1/364', '2/1/364', '3/1/364'],
      target: 'K11',
      support: ['MG/1/364', 'Mtr/364'],
      spotters: { 'Mtr/364': '1/1/364' },
    });
    if (!r1.ok) throw new Error(r1.violation.message);
    const r2 = eng.apply(
      r1.state,
      'finnish',
      { type: 'support', units: ['MG/2/JR16#1'], target: 'K10' },
      { forcedDice: [3, 4, 4, 5, 4, 5, 3, 3] },
    );
    if (!r2.ok) throw new Error(r2.violation.message);
    const shots = r2.events
      .filter((e) => e.type === 'rangedAttack')
      .map((e) => (e.type === 'rangedAttack' ? [e.unit, e.total, e.result] : []));
    expect(shots).toEqual([
      ['MG/1/364', 12, 'no effect'],
      ['Mtr/364', 14, 'suppressed'],
      ['MG/2/JR16#1', 16, 'suppressed'],
    ]);
    const c = r2.events.find((e) => e.type === 'combat');
    if (c?.type !== 'combat') throw new Error('no combat event');
    // One marker each: the sum is shown, with no shift (8.3 case 3, 10.4.1).
    expect(c.suppression).toEqual({ attacker: 1, defender: 1, net: 0 });
    expect(c.modifiers).toEqual([
      'suppression from support (1 for the attacker, 1 for the defender): no shift (8.3 case 3)',
      'soviet morale bonus: 1R (8.3 case 8)',
    ]);
    expect(c.netShift).toBe('1R');
  });

  it('fires on one hex of attackers of the defender’s choice (10.3.3, 10.3.4)', () => {
    const st = scene([
      ['1/1/364', 'K10'],
      ['2/1/364', 'L12'],
      ['1/1/JR16', 'K11'],
      ['MG/1/JR16#1', 'K13'],
    ]);
    const r = ok(act(st, 'soviet', { type: 'combat', attackers: ['1/1/364', '2/1/364'], target: 'K11' }));
    const p = r.state.pending[0]!;
    expect(p.type === 'defensiveSupport' && p.attackerHexes).toEqual(['K10', 'L12']);
    const bad = act(r.state, 'finnish', { type: 'support', units: ['MG/1/JR16#1'], target: 'K12' });
    expect(bad.ok === false && bad.violation.code).toBe('rule/support-target');
  });

  it('allows Adjacent Defensive Support into a frozen-lake hex of attackers, not from another eZOC (10.3.6)', () => {
    const map = board({ K11: 'forest', L11: 'forest', K13: 'forest', J12: 'forest' });
    const rs2 = map;
    // Attackers on the ice in K12 attack K11; the Finnish MG in L12 is adjacent to K12 only among the Soviets.
    const st = scene([
      ['1/1/364', 'K12'],
      ['1/1/JR16', 'K11'],
      ['MG/1/JR16#1', 'L13'],
    ]);
    const eng = engineOn(rs2);
    const r1 = eng.apply(st, 'soviet', { type: 'combat', attackers: ['1/1/364'], target: 'K11' });
    if (!r1.ok) throw new Error(r1.violation.message);
    const p = r1.state.pending[0]!;
    expect(p.type === 'defensiveSupport' && p.options.map((o) => o.unit)).toContain('MG/1/JR16#1');
    const r2 = eng.apply(r1.state, 'finnish', { type: 'support', units: ['MG/1/JR16#1'], target: 'K12' }, { forcedDice: [1, 1, 3, 3] });
    if (!r2.ok) throw new Error(r2.violation.message);
    expect(r2.events.find((e) => e.type === 'rangedAttack')).toMatchObject({ unit: 'MG/1/JR16#1', range: 1 });
    // A second Soviet unit next to the MG puts it in another eZOC: no adjacent Support.
    const st2 = scene([
      ['1/1/364', 'K12'],
      ['2/1/364', 'M13'],
      ['1/1/JR16', 'K11'],
      ['MG/1/JR16#1', 'L13'],
    ]);
    const r3 = eng.apply(st2, 'soviet', { type: 'combat', attackers: ['1/1/364'], target: 'K11' });
    if (!r3.ok) throw new Error(r3.violation.message);
    const opts = r3.state.pending[0]?.type === 'defensiveSupport' ? r3.state.pending[0].options.map((o) => o.unit) : [];
    expect(opts).not.toContain('MG/1/JR16#1');
  });
});
