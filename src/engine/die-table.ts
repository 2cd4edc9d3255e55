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

/** The value of the table's DRM `id` (0 when the table has none). */
export function drmValue(table: DieTable<unknown>, id: string): number {
  return table.drms.find((d) => d.id === id)?.value ?? 0;
}

/** A DRM in words with its sign and number, e.g. "Finnish unit(s): +1 (20.5 DRM 1)". */
export function drmText(table: DieTable<unknown>, id: string): string {
  const d = table.drms.find((x) => x.id === id);
  const v = d?.value ?? 0;
  return `${d?.label ?? id}: ${v > 0 ? '+' : ''}${v} (${table.rule} DRM ${d?.n ?? '?'})`;
}
