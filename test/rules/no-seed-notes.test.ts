// Players are told which rule set and section a rule comes from, never which of our working files
// ("seed 001") it was read in. The strings players see from data/rules/*.json are each index's title
// and labels, and each entry's title, summary, keywords, references and Japanese title and summary
// (src/rules/library.ts, src/rules/text.ts, commands/rule.ts). `note` and `source` are for maintainers,
// but the data files are public too, so they name the rule set (edition, section) and not a seed file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadRuleIndexes, loadRuleLibrary } from '../../src/rules/load.js';
import { ruleSearchLines } from '../../src/rules/text.js';

/** "seed 001", "seeds 000 and 001", "Seed #4", "seed-003". */
const SEED_NOTE = /\bseeds?\s*[-#:]?\s*\d/i;

const noFullText = mkdtempSync(join(tmpdir(), 'hexref-no-fulltext-'));
afterAll(() => rmSync(noFullText, { recursive: true, force: true }));

/** Every string inside a JSON value, with where it is. */
function strings(value: unknown, at: string, out: Array<{ at: string; text: string }> = []): Array<{ at: string; text: string }> {
  if (typeof value === 'string') out.push({ at, text: value });
  else if (Array.isArray(value)) value.forEach((v, i) => strings(v, `${at}[${i}]`, out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) strings(v, `${at}.${k}`, out);
  return out;
}

describe('rule data names rule sets and sections, not our seed files', () => {
  const indexes = loadRuleIndexes();

  it('no player-facing string of data/rules/*.json mentions a seed number', () => {
    const shown = indexes.flatMap((ix) => [
      ...strings({ title: ix.title, label: ix.label }, ix.system),
      ...ix.entries.flatMap((e) =>
        strings({ title: e.title, summary: e.summary, keywords: e.keywords, refs: e.refs, ja: e.ja }, `${ix.system} ${e.id}`),
      ),
    ]);
    expect(shown.length).toBeGreaterThan(1000);
    expect(shown.filter((s) => SEED_NOTE.test(s.text))).toEqual([]);
  });

  it('neither do the maintainers’ fields (note, source), the files being public', () => {
    const all = indexes.flatMap((ix) => strings(ix, ix.system));
    expect(all.filter((s) => SEED_NOTE.test(s.text))).toEqual([]);
  });

  it('what a rule lookup prints for every entry mentions no seed number', () => {
    const lib = loadRuleLibrary({ fullTextDir: noFullText });
    const leaks: string[] = [];
    for (const ix of indexes) {
      for (const e of ix.entries) {
        for (const ja of [false, true]) {
          const out = ruleSearchLines(lib, e.id, { system: ix.system, limit: 1, ja });
          for (const line of out.lines) if (SEED_NOTE.test(line)) leaks.push(`${ix.system} ${e.id}: ${line}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });

  it('the pattern catches the forms the notes used to have', () => {
    for (const s of ['seeds 000 (en) and 001 (ja)', 'Rulebook (seed 004)', 'the Japanese text (seed 001)', 'Seed #3'])
      expect(s, s).toMatch(SEED_NOTE);
    for (const s of ['the seed is revealed at the end', 'seeded 3 times', 'Red Winter 16.3']) expect(s, s).not.toMatch(SEED_NOTE);
  });
});
