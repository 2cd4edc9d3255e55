/**
 * The Combat Results Table (8.4): two dice, no DRMs; each cell gives attacker/defender losses.
 * The Ruleset carries all 99 cells (data/redwinter/tables.json; `hexref data check` verifies them).
 */
import type { Crt, CrtCell, OddsColumn } from '../ruleset.js';

/** Probability of each 2d6 total, in 36ths. */
export const TWO_D6: Readonly<Record<number, number>> = { 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1 };

/** The cell of a column and a 2d6 total (8.4). */
export function crtCell(crt: Crt, column: OddsColumn, roll: number): CrtCell {
  const ci = crt.columns.indexOf(column);
  const cell = crt.rows.find((r) => r.roll === roll)?.cells[ci];
  if (!cell) throw new RangeError(`the CRT has no cell for ${column} on a roll of ${roll}`);
  return cell;
}

/** One possible outcome of a CRT column with its probability. */
export interface OutcomeOdds {
  /** `1/2` = one attacker loss, two defender losses. */
  result: string;
  attacker: number;
  defender: number;
  rolls: number[];
  /** Chance out of 36 and as a fraction. */
  in36: number;
  probability: number;
}

/** Outcome distribution of a column (for the odds preview). */
export function columnOutcomes(crt: Crt, column: OddsColumn): OutcomeOdds[] {
  const by = new Map<string, OutcomeOdds>();
  for (let roll = 2; roll <= 12; roll++) {
    const cell = crtCell(crt, column, roll);
    const key = `${cell.attacker}/${cell.defender}`;
    let o = by.get(key);
    if (!o) {
      o = { result: key, attacker: cell.attacker, defender: cell.defender, rolls: [], in36: 0, probability: 0 };
      by.set(key, o);
    }
    o.rolls.push(roll);
    o.in36 += TWO_D6[roll]!;
    o.probability = o.in36 / 36;
  }
  return [...by.values()].sort((a, b) => a.rolls[0]! - b.rolls[0]!);
}
