// One reader for every die table (RAT 10.4, ATFT 11.1, Recovery 13.3, SZLT 16.3, FNRT 16.4).
import { describe, expect, it } from 'vitest';
import { dieTableResult, dieTableRow } from '../../src/engine/die-table.js';
import type { DieTable } from '../../src/engine/ruleset.js';

const szlt: DieTable<{ steps: number }> = {
  dice: '1d6',
  rule: '16.3',
  rows: [
    { min: null, max: 3, result: { steps: 1 } },
    { min: 4, max: null, result: { steps: 0 } },
  ],
  drms: [],
};

describe('die tables', () => {
  it('reads open-ended rows at both ends, below the lowest and above the highest die (16.3)', () => {
    expect(dieTableResult(szlt, -2)).toEqual({ steps: 1 });
    expect(dieTableResult(szlt, 3)).toEqual({ steps: 1 });
    expect(dieTableResult(szlt, 4)).toEqual({ steps: 0 });
    expect(dieTableResult(szlt, 9)).toEqual({ steps: 0 });
  });

  it('leaves a total no row holds to the caller, or refuses it naming the table', () => {
    const gap: DieTable<{ hit: boolean }> = { dice: '1d6', rule: '11.1', rows: [{ min: 5, max: 6, result: { hit: true } }], drms: [] };
    expect(dieTableRow(gap, 4)).toBeUndefined();
    expect(() => dieTableResult(gap, 7)).toThrow(/no row for 7 on the 11.1 table/);
  });
});
