// `hexref rules import`: split an owner's rulebook text (as extracted from a PDF) into numbered
// sections. The text is stored only on the owner's machine (var/rules/<system>.json, gitignored).
//
// What extraction leaves behind and how it is handled:
//   - a table of contents at the start and an index at the end: lines with dot leaders ("Combat ....... 7")
//     are dropped; once sections have started, an "Index" heading (or a line full of dot leaders)
//     ends the rules;
//   - running page headers/footers: short lines that repeat three or more times, lone page numbers and
//     markdown-ish headers holding only a letter or a section number ("## E", "## 4.2");
//   - footnote markers glued to headings ("Bonfires37"): trailing digits after a word are removed
//     from titles;
//   - a number at the start of a wrapped sentence ("12.1.4 and 12.8).") is not a heading: headings
//     must continue with a capital letter, CJK text or "**", and ids must ascend.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { compareSectionIds, idParts } from './ids.js';
import { DEFAULT_FULLTEXT_DIR } from './load.js';
import type { FullTextFile, FullTextSection } from './schema.js';

const DOT_LEADER = /\.{5,}|…{3,}/;
const HEADING = /^(?:[-*•]\s*)?(?:#{1,6}\s*)?(?:\*\*)?([A-Z]?\d{1,3}(?:\.\d{1,4})*)\.?(?:\*\*)?\s*(?:\*\*)?\s*(.*)$/u;

export interface SplitOptions {
  /** Known section ids (our index): used to write ids the system's way ("4.1" → "E4.1"). */
  knownIds?: string[];
}

export interface SplitResult {
  sections: FullTextSection[];
  /** Lines dropped as page noise, TOC or index (counts, for the import report). */
  dropped: { noise: number; toc: number; index: number };
}

function isNoise(line: string, repeated: Set<string>): boolean {
  const t = line.trim();
  if (/^#{1,6}\s*[A-Z]?\d*(?:\.\d+)*\s*$/.test(t)) return true; // "## E", "## 4.2"
  if (/^\d{1,3}$/.test(t)) return true; // page number
  if (repeated.has(t)) return true;
  return false;
}

function cleanTitle(raw: string): { title: string; rest: string } {
  const s = raw.replace(/\*\*/g, '').trim();
  // "DYO: text…" / "スキーモード：…" → title before the colon
  const colon = /^(.{1,60}?)\s*[:：]\s*(.*)$/u.exec(s);
  if (colon) return { title: stripFootnote(colon[1]!), rest: colon[2]! };
  if (s.length <= 70) return { title: stripFootnote(s), rest: '' };
  return { title: '', rest: s };
}

function stripFootnote(title: string): string {
  return title
    .replace(/(\p{L}|\))\d{1,2}[A-Z]?$/u, '$1')
    .replace(/<sup>.*?<\/sup>/g, '')
    .trim();
}

function startsLikeHeading(rest: string): boolean {
  const t = rest.replace(/^\*\*/, '').trim();
  if (!t) return true;
  return /^[\p{Lu}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}(“"『「]/u.test(t);
}

export function splitRulebook(text: string, options: SplitOptions = {}): SplitResult {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const counts = new Map<string, number>();
  for (const l of lines) {
    const t = l.trim();
    if (t && t.length <= 60) counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  const repeated = new Set([...counts].filter(([t, n]) => n >= 3 && !/^(?:\*\*)?[A-Z]?\d+\.\d/.test(t)).map(([t]) => t));

  const known = options.knownIds ? new Map(options.knownIds.map((id) => [id.toUpperCase(), id])) : undefined;
  const knownPrefix = (() => {
    if (!options.knownIds?.length) return '';
    const prefixes = new Set(options.knownIds.map((id) => idParts(id)?.prefix ?? ''));
    return prefixes.size === 1 ? [...prefixes][0]! : '';
  })();
  /** The id as the system writes it: "4.1" → "E4.1" when the index uses one letter prefix. */
  const resolveKnown = (id: string): string => {
    if (!known) return id;
    const hit = known.get(id.toUpperCase()) ?? (knownPrefix && !idParts(id)?.prefix ? known.get(knownPrefix + id) : undefined);
    // a section our index lacks is still taken, written the way the system writes its ids
    return hit ?? (knownPrefix && !idParts(id)?.prefix ? knownPrefix + id : id);
  };

  const sections: FullTextSection[] = [];
  const dropped = { noise: 0, toc: 0, index: 0 };
  const taken = new Set<string>();
  let current: { id: string; title: string; body: string[] } | undefined;
  const flush = () => {
    if (current) sections.push({ id: current.id, title: current.title, text: tidy(current.body.join('\n')) });
    current = undefined;
  };

  for (let i = 0; i < lines.length; i++) {
    const t = lines[i]!.trim();
    if (!t) {
      current?.body.push('');
      continue;
    }
    if (
      current &&
      (/^(?:#+\s*)?(?:\*\*)?(index|索引)(?:\*\*)?\s*$/i.test(t) || /^IND\b/.test(t) || (t.match(/\.{5,}/g)?.length ?? 0) >= 3)
    ) {
      dropped.index += lines.length - i;
      break;
    }
    if (DOT_LEADER.test(t)) {
      dropped.toc++;
      continue;
    }
    if (isNoise(t, repeated)) {
      dropped.noise++;
      continue;
    }
    const m = HEADING.exec(t);
    if (m && (m[1]!.includes('.') || chapterHeading(t, m[2]!))) {
      const id = resolveKnown(m[1]!);
      const prev = current?.id ?? sections.at(-1)?.id;
      if (!taken.has(id) && (!prev || isAfter(id, prev)) && startsLikeHeading(m[2]!)) {
        flush();
        const { title, rest } = cleanTitle(m[2]!);
        current = { id, title, body: rest ? [rest] : [] };
        taken.add(id);
        continue;
      }
    }
    current?.body.push(t);
  }
  flush();
  return { sections, dropped };
}

/**
 * A heading without a dot ("4. SKI TROOPS", "## 5. ボート") is a chapter only when it is marked up or
 * written in capitals/CJK; otherwise it is a numbered list item ("9. Soviet Armor Bonus.").
 */
function chapterHeading(line: string, rest: string): boolean {
  const r = rest.replace(/\*\*/g, '').trim();
  if (r.length > 50) return false;
  if (/^(?:[-*•]\s*)?#/.test(line)) return true;
  if (/^[\p{Script=Han}\p{Script=Katakana}\p{Script=Hiragana}]/u.test(r)) return true;
  return /^[\p{Lu}][\p{Lu}\s\-&/]+$/u.test(r);
}

/**
 * Rulebooks number sections in two ways: as integers per segment (Red Winter: 12.1.4 < 12.10) or as
 * decimals (ASL: E4.22 < E4.3, E3.7331 < E3.734). A heading must come after the previous one in either.
 */
function isAfter(id: string, prev: string): boolean {
  if (compareSectionIds(id, prev) > 0) return true;
  const a = idParts(id);
  const b = idParts(prev);
  if (!a || !b || a.prefix !== b.prefix) return false;
  if (a.parts[0]! !== b.parts[0]!) return a.parts[0]! > b.parts[0]!;
  const frac = (x: string) => x.replace(/^[A-Z]*\d+\.?/, '');
  return frac(id.toUpperCase()) > frac(prev.toUpperCase());
}

function tidy(text: string): string {
  return text
    .replace(/\n{3,}/g, '\n\n')
    .replace(/(\p{Ll})- (\p{Ll})/gu, '$1$2') // "rep- resents" (hyphenation left by extraction)
    .trim();
}

/** Read a text file, split it, and write var/rules/<system>.json. Returns what was stored. */
export function importRulebook(
  file: string,
  system: string,
  options: SplitOptions & { dir?: string; now?: Date } = {},
): { path: string; data: FullTextFile; dropped: SplitResult['dropped'] } {
  if (!/^[a-z][a-z0-9-]*$/.test(system)) throw new Error(`System '${system}' is not a valid name (lowercase letters, digits, '-').`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`Cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  const { sections, dropped } = splitRulebook(text, options);
  if (sections.length === 0) throw new Error(`No numbered sections found in ${file}: nothing was stored.`);
  const data: FullTextFile = {
    system,
    importedFrom: basename(file),
    importedAt: (options.now ?? new Date()).toISOString(),
    sections,
  };
  const dir = resolve(options.dir ?? DEFAULT_FULLTEXT_DIR);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${system}.json`);
  writeFileSync(path + '.tmp', JSON.stringify(data, null, 1));
  renameSync(path + '.tmp', path);
  return { path, data, dropped };
}
