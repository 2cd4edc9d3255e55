// Captured Soviet LMGs (optional 20.4) through the public engine on the real map: giving a marker from
// the Finnish pool to a company (our reading: /play lmg, in the Finnish Action Phase), its +2 CS in a
// Combat and +2 RAS in a Ranged Attack at range 2, and its loss with the company. The roll that wins a
// marker is tested where it is made (test/engine/combat/resolve.test.ts, 20.4).
import { describe, expect, it } from 'vitest';
import type { GameState } from '../../src/engine/index.js';
import { planRanged } from '../../src/engine/ranged.js';
import { reduceUnit } from '../../src/engine/combat/losses.js';
import { contextOf } from '../../src/engine/ctx.js';
import { hexDistance } from '../../src/engine/hex.js';
import { lineOfSight } from '../../src/engine/los.js';
import { at, board, engineWith, eventsOf, ok, rs } from './night-helpers.js';

const engine = engineWith();
const ctx = contextOf(rs);
const F1 = '1/1/JR16';
const F2 = '2/1/JR16';
const S1 = '1/1/364';

const finnsWithLmg = (pool: number): GameState => {
  const st = board(at(engine, 2, 'finnish', 'action'), [
    [F1, 'E1'],
    [F2, 'E1'],
    [S1, 'E2'],
  ]);
  st.options['20.4'] = true;
  st.capturedLmgs = pool;
  return st;
};

describe('Captured Soviet LMGs (optional 20.4)', () => {
  it('20.4: a marker in the pool is offered to the Finnish companies and given to one of them', () => {
    const st = finnsWithLmg(1);
    expect(engine.legalActions(st, 'finnish').capturedLmg).toEqual({ pool: 1, units: [F1, F2] });
    const r = ok(engine.apply(st, 'finnish', { type: 'attachLmg', unit: F1 }));
    expect(eventsOf(r.events, 'lmgAttached')).toEqual([{ type: 'lmgAttached', unit: F1, hex: 'E1', pool: 0, rule: '20.4' }]);
    expect(r.state.units[F1]!.flags.capturedLmg).toBe(true);
    expect(r.state.units[F1]!.flags.acted).toBeUndefined(); // not an action of the company
    expect(engine.legalActions(r.state, 'finnish').capturedLmg).toBeUndefined();
    expect(engine.toMapView(r.state).units.E1!.find((u) => u.id === F1)?.markers).toContain('capturedLmg');
  });

  it('20.4: refused with no marker in the pool, for a Soviet unit, for the Soviets, and with the option off', () => {
    const none = engine.apply(finnsWithLmg(0), 'finnish', { type: 'attachLmg', unit: F1 });
    expect(none.ok === false && none.violation).toMatchObject({ code: 'rule/captured-lmg', rule: '20.4' });
    const sov = engine.apply(finnsWithLmg(1), 'finnish', { type: 'attachLmg', unit: S1 });
    expect(sov.ok === false && sov.violation.message).toMatch(/a Finnish infantry company on the map without one/);
    const off = finnsWithLmg(1);
    off.options['20.4'] = false;
    const r = engine.apply(off, 'finnish', { type: 'attachLmg', unit: F1 });
    expect(r.ok === false && r.violation.message).toMatch(/option 20\.4/);
  });

  it('20.4: the company adds 2 to its CS in a Combat and 2 to its RAS at range 2; the marker is lost with it', () => {
    const st = ok(engine.apply(finnsWithLmg(1), 'finnish', { type: 'attachLmg', unit: F1 })).state;
    const with_ = engine.previewAttack(st, 'finnish', { units: [F1], target: 'E2' });
    const without = engine.previewAttack(st, 'finnish', { units: [F2], target: 'E2' });
    if (!with_.ok || !without.ok) throw new Error('preview refused');
    expect(with_.preview.attackerTotal - without.preview.attackerTotal).toBe(2);
    const combat = { ...st, phase: 'combat' as const };
    // Two hexes 2 apart with a clear line of sight (over a lake).
    const pair = Object.keys(rs.map.hexes)
      .flatMap((a) => Object.keys(rs.map.hexes).map((b) => [a, b] as const))
      .find(([a, b]) => hexDistance(a, b) === 2 && lineOfSight(rs, a, b).clear && rs.map.hexes[a]!.terrain !== 'lake')!;
    const far = board(combat, [
      [F1, pair[0]],
      [S1, pair[1]],
    ]);
    far.units[F1]!.flags.capturedLmg = true;
    const plan = planRanged(ctx, far, 'finnish', F1, pair[1]);
    if ('violation' in plan) throw new Error(plan.violation.message);
    expect(plan.drms).toContainEqual({ id: 'capturedLmg', n: 0, rule: '20.4', label: 'Captured LMGs (+RAS at range 2)', value: 2 });
    const draft = structuredClone(st);
    draft.units[F1]!.stepsLeft = 1;
    reduceUnit(draft, rs, F1, 1, '8.5.1', 'test', []);
    expect(draft.units[F1]!.flags.capturedLmg).toBeUndefined();
  });
});
