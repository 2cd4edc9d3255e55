// Verify a revealed dice stream: the seed must hash to the commitment published before the first
// roll, and every roll must be what (seed, roll number, input) gives. Reports the first mismatch.
import { readFileSync } from 'node:fs';
import { parseRoll, rollSpec } from './notation.js';
import { commitmentFor, RevealedStreamSchema, rollEngine, RollRecordSchema, type RollRecord } from './stream.js';

export interface RollMismatch {
  n: number;
  input: string;
  recorded: string;
  recomputed: string;
}

export interface VerifyReport {
  ok: boolean;
  commitmentOk: boolean;
  /** How many rolls were recomputed and matched before the first mismatch (or all of them). */
  checked: number;
  firstMismatch?: RollMismatch;
  /** Roll numbers absent from the list (1…highest): a roll that was made but not shown. */
  missing: number[];
  /** Roll numbers that appear more than once. */
  duplicates: number[];
}

export function verifyStream(seed: string, commitment: string, rolls: RollRecord[]): VerifyReport {
  const commitmentOk = commitmentFor(seed) === commitment.trim().toLowerCase();
  const sorted = [...rolls].sort((a, b) => a.n - b.n);
  let checked = 0;
  let firstMismatch: RollMismatch | undefined;
  for (const r of sorted) {
    let recomputed: string;
    let same: boolean;
    try {
      const o = rollSpec(parseRoll(r.input, { allowNonFinite: true }), rollEngine(seed, r.n), { allowNonFinite: true });
      recomputed = o.text;
      // A non-finite total was saved as null (JSON has no Infinity) before such rolls were refused.
      const sameTotal = Number.isFinite(o.total) ? o.total === r.total : r.total === null;
      same = o.text === r.text && sameTotal && o.dice.length === r.dice.length && o.dice.every((d, i) => d === r.dice[i]);
    } catch (err) {
      recomputed = `(cannot be rolled: ${(err as Error).message})`;
      same = false;
    }
    if (!same) {
      firstMismatch = { n: r.n, input: r.input, recorded: r.text, recomputed };
      break;
    }
    checked++;
  }
  const seen = new Set<number>();
  const duplicates = new Set<number>();
  for (const r of sorted) (seen.has(r.n) ? duplicates : seen).add(r.n);
  const max = sorted.at(-1)?.n ?? 0;
  const missing: number[] = [];
  for (let n = 1; n <= max; n++) if (!seen.has(n)) missing.push(n);
  return {
    ok: commitmentOk && !firstMismatch && missing.length === 0 && duplicates.size === 0,
    commitmentOk,
    checked,
    firstMismatch,
    missing,
    duplicates: [...duplicates],
  };
}

/** A few lines a person can read. */
export function describeReport(r: VerifyReport, total: number): string[] {
  const lines = [
    r.commitmentOk
      ? 'commitment: OK (SHA-256 of the revealed seed matches)'
      : 'commitment: MISMATCH (this seed is not the one committed to)',
    r.firstMismatch
      ? `roll #${r.firstMismatch.n} (${r.firstMismatch.input}): MISMATCH: shown "${r.firstMismatch.recorded}", the seed gives "${r.firstMismatch.recomputed}"`
      : `rolls: all ${r.checked} of ${total} recomputed and identical`,
  ];
  if (r.missing.length) lines.push(`missing roll numbers: ${r.missing.slice(0, 20).join(', ')}${r.missing.length > 20 ? '…' : ''}`);
  if (r.duplicates.length) lines.push(`roll numbers used twice: ${r.duplicates.join(', ')}`);
  lines.push(r.ok ? 'VERIFIED' : 'NOT VERIFIED');
  return lines;
}

/**
 * What to verify, read from files: either a revealed stream written by `hexref roll --rotate`, or a
 * seed and commitment given separately with a rolls file (a JSON list of rolls, or an object with `rolls`).
 */
export function readVerificationInput(source: { file?: string; seed?: string; commitment?: string; rollsFile?: string }): {
  seed: string;
  commitment: string;
  rolls: RollRecord[];
} {
  const read = (f: string): unknown => {
    try {
      return JSON.parse(readFileSync(f, 'utf8'));
    } catch (err) {
      throw new Error(`Cannot read ${f}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
  };
  if (source.file) {
    const r = RevealedStreamSchema.safeParse(read(source.file));
    if (!r.success)
      throw new Error(
        `${source.file} is not a revealed dice stream (${r.error.issues[0]!.path.join('.')}: ${r.error.issues[0]!.message}).`,
      );
    return r.data;
  }
  if (!source.seed || !source.commitment || !source.rollsFile)
    throw new Error('Give a revealed stream file, or a seed, a commitment and a rolls file.');
  const raw = read(source.rollsFile);
  const r = RollRecordSchema.array().safeParse(Array.isArray(raw) ? raw : (raw as { rolls?: unknown } | null)?.rolls);
  if (!r.success) throw new Error(`${source.rollsFile} does not hold a list of rolls (${r.error.issues[0]!.message}).`);
  return { seed: source.seed, commitment: source.commitment, rolls: r.data };
}
