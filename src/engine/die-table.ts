/**
 * Reading a die table (RAT, ATFT, Recovery, SZLT, FNRT; tables.json): the row whose range holds a
 * modified total. One definition for every table; each caller decides what a total with no row means.
 */
import type { DieRow, DieTable } from './ruleset.js';

/** The row of `table` whose min…max (null = open) holds `total`, or undefined. */
export function dieTableRow<R>(table: DieTable<R>, total: number): DieRow<R> | undefined {
  return table.rows.find((r) => (r.min === null || total >= r.min) && (r.max === null || total <= r.max));
}

/** The result for `total`; a total no row holds is a data error (RangeError naming the table's rule). */
export function dieTableResult<R>(table: DieTable<R>, total: number): R {
  const row = dieTableRow(table, total);
  if (!row) throw new RangeError(`no row for ${total} on the ${table.rule} table`);
  return row.result;
}
