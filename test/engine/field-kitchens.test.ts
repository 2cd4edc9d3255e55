// Finnish Field Kitchens (optional 20.8): where a kitchen is eliminated the hex is marked; Soviets in it
// suffer +2 on the RAT (DRM 9). The arrival on turn 8, the Recovery +1 and case 14 are tested where they live
// (test/engine/reinforcements.test.ts, recovery.test.ts, combat/odds.test.ts).
import { describe, expect, it } from 'vitest';
import type { Action, GameState } from '../../src/engine/index.js';
import { board, engineOn, scene } from './helpers/fire.js';

const LAKE = board();
const fire = (unit: string, target: string): Action => ({ type: 'ranged', units: [unit], target });
const drmsOf = (st: GameState, unit: string, target: string, side: 'soviet' | 'finnish') => {
  const r = engineOn(LAKE).apply(st, side, fire(unit, target), { forcedDice: [1, 1] });
  if (!r.ok) throw new Error(r.violation.message);
  return (r.events.find((e) => e.type === 'rangedAttack') as { drms: { id: string; value: number }[] }).drms.map((d) => d.id);
};

describe('Field Kitchens (20.8)', () => {
  it('20.8: a kitchen eliminated by fire marks its hex, with the rule on; not without it', () => {
    for (const on of [true, false]) {
      const st = scene([
        ['MG/1/364', 'K10'],
        ['FK/1/JR16', 'K12'],
      ]);
      st.options['20.8'] = on;
      // 6+6 with the MG's RAS on a lake target: two steps, the kitchen (one step) is eliminated.
      const r = engineOn(LAKE).apply(st, 'soviet', fire('MG/1/364', 'K12'), { forcedDice: [6, 6] });
      if (!r.ok) throw new Error(r.violation.message);
      const next = r.state.pending.length
        ? engineOn(LAKE).apply(r.state, 'finnish', { type: 'takeLosses', ...(r.state.pending[0] as { default: object }).default } as Action)
        : r;
      if (!next.ok) throw new Error(next.violation.message);
      expect(next.state.units['FK/1/JR16']!.location).not.toBe('map');
      expect(next.state.markers.some((m) => m.type === 'fieldKitchenEliminated' && m.hex === 'K12')).toBe(on);
    }
  });

  it('20.8 RAT DRM 9: +2 against Soviets in an eliminated kitchen’s hex, only with the rule on', () => {
    const st = scene(
      [
        ['MG/1/JR16#1', 'K10'],
        ['1/1/364', 'K12'],
      ],
      { side: 'finnish' },
    );
    st.markers.push({ type: 'fieldKitchenEliminated', hex: 'K12' });
    st.options['20.8'] = true;
    expect(drmsOf(st, 'MG/1/JR16#1', 'K12', 'finnish')).toContain('fieldKitchen');
    st.options['20.8'] = false;
    expect(drmsOf(st, 'MG/1/JR16#1', 'K12', 'finnish')).not.toContain('fieldKitchen');
  });
});
