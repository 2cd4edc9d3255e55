import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importRulebook, splitRulebook } from '../../src/rules/import.js';
import { loadFullTexts, loadRuleIndexes } from '../../src/rules/load.js';
import { RuleLibrary } from '../../src/rules/library.js';

// test/fixtures/rules/frostmarch.txt is an invented rulebook (our own text) shaped like the seeds:
// a contents list, running page headers and page numbers, a footnote digit glued to a heading,
// a wrapped sentence that starts with a section number, and an index at the end.
const FIXTURE = 'test/fixtures/rules/frostmarch.txt';
const text = readFileSync(FIXTURE, 'utf8');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('splitting a rulebook into numbered sections', () => {
  const { sections, dropped } = splitRulebook(text);
  const ids = sections.map((s) => s.id);

  it('finds every numbered section once, in order', () => {
    expect(ids).toEqual(['1.0', '1.1', '1.2', '2.0', '2.1', '2.2', '2.10', '3.0', '3.1', '3.2']);
  });

  it('drops the contents, page headers, page numbers and the index', () => {
    expect(dropped.toc).toBe(4);
    expect(dropped.noise).toBeGreaterThanOrEqual(8);
    expect(dropped.index).toBeGreaterThan(0);
    const all = sections.map((s) => s.text).join('\n');
    expect(all).not.toMatch(/Quiet Owl Workshop/);
    expect(all).not.toMatch(/\.{5,}/);
    expect(sections.at(-1)!.text).not.toMatch(/INDEX/);
  });

  it('keeps a wrapped line that starts with a number inside its section', () => {
    expect(sections.find((s) => s.id === '2.1')!.text).toMatch(/2\.10 and 3\.0 for the exceptions/);
  });

  it('removes a footnote digit glued to a heading', () => {
    expect(sections.find((s) => s.id === '1.1')!.title).toBe('Counters');
  });

  it('writes ASL-style ids with the chapter letter our index uses', () => {
    const asl = loadRuleIndexes()
      .find((i) => i.system === 'asl')!
      .entries.map((e) => e.id);
    const r = splitRulebook('4. SKI THINGS\n\n4.1 FIRST: words here.\n4.22 LATER: more words.\n4.3 THIRD: decimal order.\n', {
      knownIds: asl,
    });
    expect(r.sections.map((s) => s.id)).toEqual(['E4', 'E4.1', 'E4.22', 'E4.3']);
    expect(r.sections[1]).toMatchObject({ title: 'FIRST', text: 'words here.' });
  });
});

describe('hexref rules import (storage beside our summaries)', () => {
  it('stores the sections under the chosen folder and lookup then shows the full text', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hexref-rules-'));
    dirs.push(dir);
    const r = importRulebook(FIXTURE, 'frostmarch', { dir, now: new Date('2026-01-01T00:00:00Z') });
    expect(r.path).toBe(join(dir, 'frostmarch.json'));
    const files = loadFullTexts(dir);
    expect(files[0]).toMatchObject({ system: 'frostmarch', importedFrom: 'frostmarch.txt', importedAt: '2026-01-01T00:00:00.000Z' });
    const lib = new RuleLibrary(loadRuleIndexes(), files);
    const hit = lib.search('ice bridge', { system: 'frostmarch' }).hits[0]!;
    expect(hit.entry).toMatchObject({ id: '2.2', importedOnly: true });
    expect(hit.entry.fullText).toMatch(/cracks after the third crossing/);
    expect(lib.search('3.2', { system: 'frostmarch' }).hits[0]?.entry.title).toBe('Rout');
  });

  it('attaches imported text to our own entry when the id exists', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hexref-rules-'));
    dirs.push(dir);
    importRulebook(FIXTURE, 'redwinter', { dir });
    const lib = new RuleLibrary(loadRuleIndexes(), loadFullTexts(dir));
    const e = lib.find('redwinter', '2.1')!;
    expect(e.summary.length).toBeGreaterThan(0);
    expect(e.fullText).toMatch(/painted trail line/);
  });

  it('refuses a file with no numbered sections and stores nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hexref-rules-'));
    dirs.push(dir);
    expect(() => importRulebook('package.json', 'x', { dir })).toThrow(/No numbered sections/);
    expect(loadFullTexts(dir)).toEqual([]);
    expect(() => importRulebook('no/such/file.txt', 'x', { dir })).toThrow(/Cannot read .*ENOENT/);
    expect(() => importRulebook(FIXTURE, 'Bad Name', { dir })).toThrow(/not a valid name/);
  });
});

// The real rulebook texts are not in the repository; when the team's seed folder is present, check that
// the splitter finds every section our indexes list. Nothing from them is stored or printed.
const SEEDS = '../shared/seeds';
describe.skipIf(!existsSync(SEEDS))('splitting the seed rulebooks (when ../shared/seeds is present)', () => {
  // Entries with a parent are numbered cases inside a printed section (8.3(4) lives in 8.3); the
  // splitter finds the printed section, so those are checked through their parent.
  const ids = (system: string) => [
    ...new Set(
      loadRuleIndexes()
        .find((i) => i.system === system)!
        .entries.map((e) => e.parent ?? e.id),
    ),
  ];
  it.each([
    ['004_150ad1203c9abf63.txt', 'redwinter', 0],
    ['003_fe6099b8d1f71716.txt', 'weather', 0],
    ['001_6934c12f4efedf3d.txt', 'asl', 1], // the Japanese text starts partway into E3.712
  ])('%s: every %s section of our index is found (missing allowed: %i)', (file, system, allowedMissing) => {
    const { sections } = splitRulebook(readFileSync(join(SEEDS, file), 'utf8'), { knownIds: ids(system) });
    const found = new Set(sections.map((s) => s.id));
    expect(ids(system).filter((id) => !found.has(id)).length).toBe(allowedMissing);
  });
});
