// Loads data/rules/*.json (our own-words indexes) and var/rules/*.json (full texts an owner imported),
// validates them with zod and cross-checks parents and references.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { RuleLibrary } from './library.js';
import { FullTextFileSchema, RuleIndexSchema, type FullTextFile, type RuleIndex } from './schema.js';

export const DEFAULT_INDEX_DIR = 'data/rules';
export const DEFAULT_FULLTEXT_DIR = 'var/rules';

export class RuleDataError extends Error {
  constructor(
    readonly file: string,
    problem: string,
  ) {
    super(`${file}: ${problem}`);
    this.name = 'RuleDataError';
  }
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new RuleDataError(file, `not valid JSON (${(err as Error).message})`);
  }
}

export function parseRuleIndex(data: unknown, file = '<index>'): RuleIndex {
  const r = RuleIndexSchema.safeParse(data);
  if (!r.success) {
    const first = r.error.issues[0]!;
    throw new RuleDataError(file, `${first.path.join('.') || '(root)'}: ${first.message}`);
  }
  const ids = new Set<string>();
  for (const e of r.data.entries) {
    if (ids.has(e.id)) throw new RuleDataError(file, `duplicate entry id '${e.id}'`);
    ids.add(e.id);
  }
  return r.data;
}

/**
 * Problems that do not stop loading but are worth reporting: a parent that is not in the index, or a
 * reference to a section of this system that is not in the index. (References into other chapters,
 * like ASL "A12.122", are normal and not reported.)
 */
export function crossCheck(index: RuleIndex): string[] {
  const ids = new Set(index.entries.map((e) => e.id));
  const problems: string[] = [];
  const local = (ref: string) => {
    const first = index.entries[0]!.id;
    const letter = /^[A-Z]+/.exec(first)?.[0];
    if (letter) return ref.startsWith(letter) && /\d/.test(ref);
    return true;
  };
  for (const e of index.entries) {
    if (e.parent && !ids.has(e.parent)) problems.push(`${index.system} ${e.id}: parent '${e.parent}' is not in the index`);
    for (const ref of e.refs) {
      if (!ids.has(ref) && local(ref)) problems.push(`${index.system} ${e.id}: reference '${ref}' is not in the index`);
    }
  }
  return problems;
}

export function loadRuleIndexes(dir = DEFAULT_INDEX_DIR): RuleIndex[] {
  const abs = resolve(dir);
  if (!existsSync(abs)) throw new RuleDataError(dir, 'rule index folder not found');
  const files = readdirSync(abs)
    .filter((f) => f.endsWith('.json'))
    .sort();
  return files.map((f) => parseRuleIndex(readJson(join(abs, f)), join(dir, f)));
}

export function loadFullTexts(dir = DEFAULT_FULLTEXT_DIR): FullTextFile[] {
  const abs = resolve(dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const r = FullTextFileSchema.safeParse(readJson(join(abs, f)));
      if (!r.success) throw new RuleDataError(join(dir, f), `imported full text is malformed: ${r.error.issues[0]!.message}`);
      return r.data;
    });
}

/** The library of everything shipped, plus whatever full texts this server imported. */
export function loadRuleLibrary(options: { indexDir?: string; fullTextDir?: string } = {}): RuleLibrary {
  return new RuleLibrary(loadRuleIndexes(options.indexDir), loadFullTexts(options.fullTextDir));
}
