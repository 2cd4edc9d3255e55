/**
 * Standalone AT Fire (11.0, 11.1, 11.3) through the public engine with the real counters and ATFT on a
 * test board (frozen lake unless a test says otherwise). Dice are forced.
 */
import { describe, expect, it } from 'vitest';
import type { Action, GameState, Side } from '../../src/engine/index.js';
import { board, engineOn, scene } from './helpers/fire.js';

const rs = board();
function act(st: GameState, side: Side, action: Action, dice: number[] = [], r = rs) {
  return engineOn(r).apply(st, side, action, { forcedDice: dice });
}
function ok(r: ReturnType<typeof act>) {
  if (!r.ok) throw new Error(`${r.violation.code}: ${r.violation.message}`);
  return r;
}
const code = (r: ReturnType<typeof act>): string | null => (r.ok ? null : r.violation.code);
const at = (gun: string, target: string): Action => ({ type: 'atFire', units: [gun], target });
const fin = (placed: [string, string, number?][], turn = 2) => scene(placed, { side: 'finnish', turn });

describe('AT Fire (11.0, 11.1)', () => {
  it('rolls one numbered die per shot; 5 or more after DRMs reduces the armored unit one step (11.1)', () => {
    const st = fin([
      ['AT/JR16', 'K10'],
      ['T-26 m31', 'K12'],
    ]);
    let r = ok(act(st, 'finnish', at('AT/JR16', 'T-26 m31'), [5]));
    expect(r.events.find((e) => e.type === 'roll')).toMatchObject({ dice: [5], rule: '11.1' });
    expect(r.events.find((e) => e.type === 'atFire')).toMatchObject({
      unit: 'AT/JR16',
      target: 'T-26 m31',
      range: 2,
      die: 5,
      total: 5,
      hit: true,
      drms: [],
    });
    expect(r.state.units['T-26 m31']!.stepsLeft).toBe(1);
    r = ok(act(r.state, 'finnish', at('AT/JR16', 'T-26 m31'), [4]));
    expect(r.events.find((e) => e.type === 'atFire')).toMatchObject({ total: 4, hit: false });
    expect(r.state.units['T-26 m31']!.stepsLeft).toBe(1);
  });

  it('a two-step gun rolls two dice, at the same or different targets; a reduced one rolls one (11.1 example)', () => {
    const st = fin([
      ['AT/JR16', 'K10'],
      ['T-26 m31', 'K12'],
      ['BA-10', 'L11'],
    ]);
    let r = ok(act(st, 'finnish', at('AT/JR16', 'T-26 m31'), [1]));
    r = ok(act(r.state, 'finnish', at('AT/JR16', 'BA-10'), [1]));
    expect(code(act(r.state, 'finnish', at('AT/JR16', 'BA-10')))).toBe('rule/at-fire-done');
    const reduced = fin([
      ['AT/JR16', 'K10', 1],
      ['T-26 m31', 'K12'],
    ]);
    const r2 = ok(act(reduced, 'finnish', at('AT/JR16', 'T-26 m31'), [1]));
    expect(code(act(r2.state, 'finnish', at('AT/JR16', 'T-26 m31')))).toBe('rule/at-fire-done');
  });

  it('reaches 2 hexes with the gun’s own LOS, no spotter; adjacent targets always (11.0, 10.6.1)', () => {
    const st = fin([
      ['AT/JR16', 'K10'],
      ['T-26 m31', 'K12'],
      ['1/1/JR16', 'K14'],
    ]);
    expect(code(act(st, 'finnish', at('AT/JR16', 'T-26 m31'), [], board({ K11: 'forest' })))).toBe('rule/no-los');
    const far = fin([
      ['AT/JR16', 'K10'],
      ['T-26 m31', 'K13'],
    ]);
    expect(code(act(far, 'finnish', at('AT/JR16', 'T-26 m31')))).toBe('rule/out-of-range');
    const adj = fin([
      ['AT/JR16', 'K10'],
      ['T-26 m31', 'K11'],
    ]);
    ok(act(adj, 'finnish', at('AT/JR16', 'T-26 m31'), [1], board({}, 'forest')));
  });

  it('is not blocked by friendly units: they block the LOS of direct-fire Ranged Attacks only (10.6.1, 11.0; ruling)', () => {
    // A Finnish company in K11 stands between the gun in K10 and the tank in K12 on open ice.
    const st = fin([
      ['AT/JR16', 'K10'],
      ['1/1/JR16', 'K11'],
      ['T-26 m31', 'K12'],
    ]);
    expect(ok(act(st, 'finnish', at('AT/JR16', 'T-26 m31'), [5])).events.find((e) => e.type === 'atFire')).toMatchObject({
      range: 2,
      hit: true,
    });
    // The same company blocks the gun's direct-fire Ranged Attack at a Soviet company there (10.6.1).
    const ranged = fin([
      ['AT/JR16', 'K10'],
      ['1/1/JR16', 'K11'],
      ['1/1/364', 'K12'],
    ]);
    expect(code(act(ranged, 'finnish', { type: 'ranged', units: ['AT/JR16'], target: 'K12' }))).toBe('rule/no-los');
  });

  it('at night only adjacent armor can be fired on (10.6.2: LOS 1)', () => {
    const st = fin(
      [
        ['AT/JR16', 'K10'],
        ['T-26 m31', 'K12'],
      ],
      5,
    );
    expect(code(act(st, 'finnish', at('AT/JR16', 'T-26 m31')))).toBe('rule/no-los');
  });

  it('fires only at Soviet armored units, and only Finnish AT guns fire it (11.0)', () => {
    const st = fin([
      ['AT/JR16', 'K10'],
      ['1/1/364', 'K12'],
    ]);
    expect(code(act(st, 'finnish', at('AT/JR16', '1/1/364')))).toBe('rule/not-armored');
    const sov = scene([
      ['1/1/139', 'K10'],
      ['T-26 m31', 'K14'],
      ['1/1/JR16', 'K12'],
    ]);
    expect(code(act(sov, 'soviet', at('1/1/139', '1/1/JR16')))).toBe('rule/not-at-gun');
    const mg = fin([
      ['MG/1/JR16#1', 'K10'],
      ['T-26 m31', 'K12'],
    ]);
    expect(code(act(mg, 'finnish', at('MG/1/JR16#1', 'T-26 m31')))).toBe('rule/not-at-gun');
  });

  it('a gun that fired AT Fire makes no Ranged Attack that phase, and the reverse (11.0)', () => {
    const st = fin([
      ['AT/JR16', 'K10'],
      ['T-26 m31', 'K12'],
      ['1/1/364', 'M10'],
    ]);
    const r = ok(act(st, 'finnish', at('AT/JR16', 'T-26 m31'), [1]));
    expect(code(act(r.state, 'finnish', { type: 'ranged', units: ['AT/JR16'], target: 'M10' }))).toBe('rule/at-fired');
    const r2 = ok(act(st, 'finnish', { type: 'ranged', units: ['AT/JR16'], target: 'M10' }, [1, 1]));
    expect(code(act(r2.state, 'finnish', at('AT/JR16', 'T-26 m31')))).toBe('rule/ranged-fired');
  });
});

describe('AT Fire modifiers (11.3)', () => {
  const drms = (r: ReturnType<typeof act>) =>
    r.ok ? (r.events.find((e) => e.type === 'atFire') as { drms: { id: string; value: number }[] }).drms.map((d) => [d.id, d.value]) : null;

  it('+1 against an adjacent target (11.3)', () => {
    const st = fin([
      ['AT/JR16', 'K10'],
      ['T-26 m31', 'K11'],
    ]);
    expect(drms(act(st, 'finnish', at('AT/JR16', 'T-26 m31'), [1]))).toEqual([['targetAdjacent', 1]]);
  });

  it('+1 against the BA-10, +2 against the T-37; −4 when the Obuhov gun fires (ATFT)', () => {
    const st = fin([
      ['AT/JR16', 'K10'],
      ['AT/Obuhov', 'K9'],
      ['BA-10', 'K12'],
      ['T-37', 'L10'],
    ]);
    expect(drms(act(st, 'finnish', at('AT/JR16', 'BA-10'), [1]))).toEqual([['targetBa10', 1]]);
    expect(drms(act(st, 'finnish', at('AT/JR16', 'T-37'), [1]))).toEqual([
      ['targetAdjacent', 1],
      ['targetT37', 2],
    ]);
    expect(drms(act(st, 'finnish', at('AT/Obuhov', 'T-37'), [1]))).toEqual([
      ['targetAdjacent', 1],
      ['targetT37', 2],
      ['obuhovFiring', -4],
    ]);
  });
});

describe('legal actions list AT Fire', () => {
  it('offers each gun with dice left its targets, and apply accepts each', () => {
    const st = fin([
      ['AT/JR16', 'K10'],
      ['T-26 m31', 'K12'],
      ['BA-10', 'K14'],
      ['1/1/364', 'K11'],
    ]);
    const la = engineOn(rs).legalActions(st, 'finnish');
    expect(la.phaseActions).toContain('atFire');
    const gun = la.fire!.atFire.find((g) => g.unit === 'AT/JR16')!;
    // Enemy units in between (K11) do not block; the BA-10 in K14 is out of reach.
    expect(gun).toMatchObject({ from: 'K10', diceLeft: 2 });
    expect(gun.targets.map((t) => t.unit)).toEqual(['T-26 m31']);
    for (const t of gun.targets) ok(act(st, 'finnish', at(gun.unit, t.unit), [1]));
    expect(act(st, 'finnish', at('AT/JR16', 'BA-10')).ok).toBe(false);
  });
});

describe('AT Fire inside Combats and Assaults (8.1 step 4, 11.2, 11.3)', () => {
  it('fires every die of a defending AT gun at attacking armor before the CRT roll, +1 adjacent (11.2, 11.3)', () => {
    const r0 = board({ K10: 'forest', K11: 'forest', L11: 'forest' });
    const st = scene([
      ['T-26 m31', 'K10'],
      ['1/1/364', 'L11'],
      ['AT/JR16', 'K11'],
      ['1/1/JR16', 'K11'],
    ]);
    const r = ok(act(st, 'soviet', { type: 'combat', attackers: ['T-26 m31', '1/1/364'], target: 'K11' }, [4, 1, 3, 3], r0));
    const kinds = r.events.filter((e) => e.type === 'atFire' || e.type === 'combat').map((e) => e.type);
    expect(kinds).toEqual(['atFire', 'atFire', 'combat']);
    expect(r.events.find((e) => e.type === 'atFire')).toMatchObject({
      unit: 'AT/JR16',
      target: 'T-26 m31',
      die: 4,
      total: 5,
      hit: true,
      drms: [expect.objectContaining({ id: 'targetAdjacent', value: 1 })],
    });
    expect(r.state.units['T-26 m31']!.stepsLeft).toBe(1);
  });

  it('a defending gun fires past its own units at Soviet armor supporting from 2 hexes (11.2, 10.6.1)', () => {
    // The tank supports from K13 (Finnish units never block its LOS: they are not its friends); the Finnish
    // company in K12 stands between it and the defending gun in K11, and does not block the gun's AT Fire.
    const r0 = board({ K10: 'forest', K11: 'forest' });
    const st = scene([
      ['1/1/364', 'K10'],
      ['T-26 m31', 'K13'],
      ['1/1/JR16', 'K11'],
      ['AT/JR16', 'K11'],
      ['2/1/JR16', 'K12'],
    ]);
    const r = ok(
      act(st, 'soviet', { type: 'combat', attackers: ['1/1/364'], target: 'K11', support: ['T-26 m31'] }, [1, 6, 1, 1, 3, 3], r0),
    );
    expect(r.events.filter((e) => e.type === 'atFire').map((e) => (e.type === 'atFire' ? [e.target, e.range, e.hit] : []))).toEqual([
      ['T-26 m31', 2, false],
      ['T-26 m31', 2, true],
    ]);
  });

  it('in an Assault the guns in the defending hex fire at +2 instead of +1 (11.2, 11.3)', () => {
    const r0 = board({ K10: 'forest', K11: 'forest' });
    r0.map = { ...r0.map, roads: [...r0.map.roads, { a: 'K10', b: 'K11', type: 'primary' }] };
    const st = scene([
      ['T-26 m31', 'K10'],
      ['AT/JR16', 'K11'],
    ]);
    st.phase = 'action';
    const r = ok(act(st, 'soviet', { type: 'assault', units: ['T-26 m31'], target: 'K11' }, [3, 1, 3, 3], r0));
    const shots = r.events.filter((e) => e.type === 'atFire');
    expect(shots).toHaveLength(2);
    expect(shots[0]).toMatchObject({ total: 5, hit: true, drms: [expect.objectContaining({ id: 'targetAssaultingFiringHex', value: 2 })] });
  });

  it('an attacking AT gun fires at armor in the defending hex; dice already rolled this phase are not rolled again (11.1, 11.2)', () => {
    const r0 = board({ K10: 'forest', K11: 'forest' });
    const st = scene(
      [
        ['AT/JR16', 'K10'],
        ['1/1/JR16', 'K10'],
        ['T-37', 'K11'],
      ],
      { side: 'finnish' },
    );
    const first = ok(act(st, 'finnish', at('AT/JR16', 'T-37'), [1], r0));
    const r = ok(act(first.state, 'finnish', { type: 'combat', attackers: ['AT/JR16', '1/1/JR16'], target: 'K11' }, [1, 3, 3], r0));
    const shots = r.events.filter((e) => e.type === 'atFire');
    expect(shots).toHaveLength(1);
    expect(shots[0]).toMatchObject({ target: 'T-37', total: 1 + 1 + 2 });
  });

  it('11.1: with two armored targets the Finnish player names each die’s target before it is rolled; the Combat goes on after', () => {
    const r0 = board({ K10: 'forest', K11: 'forest', L11: 'forest' });
    const st = scene([
      ['T-26 m31', 'K10'],
      ['T-37', 'L11'],
      ['1/1/364', 'L11'],
      ['AT/JR16', 'K11'],
      ['1/1/JR16', 'K11'],
    ]);
    const declared = ok(act(st, 'soviet', { type: 'combat', attackers: ['T-26 m31', 'T-37', '1/1/364'], target: 'K11' }, [], r0));
    expect(declared.events.some((e) => e.type === 'roll')).toBe(false);
    const p = declared.state.pending[0]!;
    // Easiest to hit first: the T-37 (+2, adjacent +1) before the T-26 (adjacent +1).
    expect(p).toMatchObject({ type: 'atFireTarget', side: 'finnish', gun: 'AT/JR16', die: 1, dice: 2, default: { unit: 'T-37' } });
    expect(p.type === 'atFireTarget' && p.options.map((o) => [o.unit, o.drm])).toEqual([
      ['T-37', 3],
      ['T-26 m31', 1],
    ]);
    // Only the Finnish player answers, and only with a target the gun has.
    expect(code(act(declared.state, 'soviet', { type: 'endPhase', phase: 'combat' }, [], r0))).toBe('rule/not-your-turn');
    expect(code(act(declared.state, 'finnish', at('AT/JR16', '1/1/364'), [], r0))).toBe('rule/at-fire-target');
    const one = ok(act(declared.state, 'finnish', at('AT/JR16', 'T-26 m31'), [4], r0));
    expect(one.events.find((e) => e.type === 'atFire')).toMatchObject({ target: 'T-26 m31', die: 4, total: 5, hit: true });
    expect(one.state.pending[0]).toMatchObject({ type: 'atFireTarget', die: 2, dice: 2 });
    const two = ok(act(one.state, 'finnish', at('AT/JR16', 'T-26 m31'), [1, 3, 3], r0));
    expect(two.events.filter((e) => e.type === 'atFire' || e.type === 'combat').map((e) => e.type)).toEqual(['atFire', 'combat']);
    expect(two.state.units['T-26 m31']!.stepsLeft).toBe(1);
    expect(two.state.units['T-37']!.stepsLeft).toBe(2);
  });

  it('11.1, 11.2: an attacking gun’s die is aimed by its owner too; with one target left there is nothing to ask', () => {
    const r0 = board({ K10: 'forest', K11: 'forest' });
    const st = scene(
      [
        ['AT/JR16', 'K10'],
        ['1/1/JR16', 'K10'],
        ['T-37', 'K11'],
        ['BA-10', 'K11'],
      ],
      { side: 'finnish' },
    );
    const declared = ok(act(st, 'finnish', { type: 'combat', attackers: ['AT/JR16', '1/1/JR16'], target: 'K11' }, [], r0));
    expect(declared.state.pending[0]).toMatchObject({ type: 'atFireTarget', side: 'finnish', default: { unit: 'T-37' } });
    const r = ok(act(declared.state, 'finnish', at('AT/JR16', 'BA-10'), [6], r0));
    expect(r.events.find((e) => e.type === 'atFire')).toMatchObject({ target: 'BA-10', hit: true });
    expect(r.state.pending[0]).toMatchObject({ type: 'atFireTarget', die: 2 });
  });
});
