/**
 * The Combat Results Table (8.4): two dice, no DRMs; each cell gives attacker/defender losses.
 * The CRT's printed values come from the Player Aid Card and may be missing from our data (see
 * docs/rulings.md): a missing cell is a clear `rule/crt-missing` violation, never a guess.
 */
import type { Crt, CrtCell, OddsColumn } from '../ruleset.js';
import type { RuleViolation } from '../types.js';

/** Probability of each 2d6 total, in 36ths. */
export const TWO_D6: Readonly<Record<number, number>> = { 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1 };

function columnIndex(crt: Crt, column: OddsColumn): number {
  return crt.columns.indexOf(column);
}

export function crtCell(crt: Crt, column: OddsColumn, roll: number): CrtCell | null {
  const ci = columnIndex(crt, column);
  const row = crt.rows.find((r) => r.roll === roll);
  if (ci < 0 || !row) return null;
  return row.cells[ci] ?? null;
}

/** Rolls (2…12) whose cell in this column is not known. */
export function missingRolls(crt: Crt, column: OddsColumn): number[] {
  const out: number[] = [];
  for (let roll = 2; roll <= 12; roll++) if (!crtCell(crt, column, roll)) out.push(roll);
  return out;
}

export function crtMissingViolation(column: OddsColumn | 'any', rolls: number[]): RuleViolation {
  const what = column === 'any' ? 'The CRT is not filled in' : `The CRT column ${column} is not filled in (rolls ${rolls.join(', ')} missing)`;
  return {
    code: 'rule/crt-missing',
    rule: '8.4',
    message:
      `${what}, so no Combat or Assault can be resolved. ` +
      'The game owner can enter the values from the Player Aid Card with `hexref crt import <file>` (see docs/rulings.md, "CRT values").',
  };
}

/** Check a column is complete before any dice are rolled; null if fine. */
export function checkColumn(crt: Crt, column: OddsColumn): RuleViolation | null {
  const miss = missingRolls(crt, column);
  return miss.length > 0 ? crtMissingViolation(column, miss) : null;
}

/** One possible outcome of a CRT column with its probability. */
export interface OutcomeOdds {
  /** `1/2` = one attacker loss, two defender losses; `?` when the cell is unknown. */
  result: string;
  attacker: number | null;
  defender: number | null;
  rolls: number[];
  /** Chance out of 36 and as a fraction. */
  in36: number;
  probability: number;
}

/** Outcome distribution of a column (for the odds preview). Unknown cells are grouped as `?`. */
export function columnOutcomes(crt: Crt, column: OddsColumn): OutcomeOdds[] {
  const by = new Map<string, OutcomeOdds>();
  for (let roll = 2; roll <= 12; roll++) {
    const cell = crtCell(crt, column, roll);
    const key = cell ? `${cell.attacker}/${cell.defender}` : '?';
    let o = by.get(key);
    if (!o) {
      o = { result: key, attacker: cell?.attacker ?? null, defender: cell?.defender ?? null, rolls: [], in36: 0, probability: 0 };
      by.set(key, o);
    }
    o.rolls.push(roll);
    o.in36 += TWO_D6[roll]!;
    o.probability = o.in36 / 36;
  }
  return [...by.values()].sort((a, b) => a.rolls[0]! - b.rolls[0]!);
}
