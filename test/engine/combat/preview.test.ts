import { describe, expect, it } from 'vitest';
import { previewAttack } from '../../../src/engine/combat/preview.js';
import { area, ruleset, SHIPPED_CRT, state } from './helpers.js';

describe('Odds preview (8.2–8.4)', () => {
  it('lists the final column, every modifier and the chance of each CRT outcome, changing nothing', () => {
    const rs = ruleset({ terrain: area('M16', 2, 'forest', { M16: 'lake' }) });
    const st = state(rs, [['F1', 'M15'], ['S1', 'M16']], { phase: 'action', activeSide: 'finnish' });
    const before = structuredClone(st);
    const r = previewAttack(st, rs, 'finnish', { units: ['F1'], target: 'M16' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.preview.modifiers).toEqual(['defender on frozen lake: 4R (8.3 case 5)']);
    expect(r.preview.column).toBe('5:1');
    const total = r.preview.outcomes.reduce((t, o) => t + o.in36, 0);
    expect(total).toBe(36);
    // Fixture 5:1 column: 1/2 on 2–3 (3/36), 0/2 on 4 (3/36), 0/3 on 5–7 (15/36), 0/4 on 8–10 (12/36), 0/5 on 11–12 (3/36).
    expect(r.preview.outcomes.map((o) => [o.result, o.in36])).toEqual([['1/2', 3], ['0/2', 3], ['0/3', 15], ['0/4', 12], ['0/5', 3]]);
    expect(st).toEqual(before);
  });

  it('says which part of the column is unknown while the CRT is not filled in (8.4)', () => {
    const rs = ruleset({ terrain: area('M16', 2, 'forest') }, { crt: SHIPPED_CRT });
    const st = state(rs, [['S1', 'M15'], ['F1', 'M16']]);
    const r = previewAttack(st, rs, 'soviet', { units: ['S1'], target: 'M16' });
    if (!r.ok) throw new Error(r.violation.message);
    expect(r.preview.column).toBe('1:1');
    expect(r.preview.crtComplete).toBe(false);
    expect(r.preview.outcomes.map((o) => [o.result, o.in36])).toEqual([['?', 31], ['1/1', 5]]);
  });
});
