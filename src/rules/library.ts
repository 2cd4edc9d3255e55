// The rule library: every rule index we ship (plus any full text an owner imported), searchable.
//
// Ranking (docs/rules-and-dice.md):
//   1. a query shaped like a section id ("7.3", "§7.3", "e 4.1", "8.3(9)") matches that id exactly,
//      segment by segment: "7.3" never matches "7.30" or "7.3.1";
//   2. otherwise (and after the exact hit) a minisearch full-text search over titles, keywords,
//      summaries, Japanese titles/summaries and imported full text, with prefix and fuzzy matching;
//   3. no hit at all → "did you mean" suggestions (nearby section ids, or fuzzy term suggestions).
import MiniSearch, { type SearchResult } from 'minisearch';
import { idParts, normaliseSectionId, sameSectionId } from './ids.js';
import type { FullTextFile, RuleEntry, RuleIndex } from './schema.js';
import { hasCjk, tokenize } from './tokenize.js';

export interface LibraryEntry extends RuleEntry {
  system: string;
  /** Full text of the section, when the owner imported their rulebook (`hexref rules import`). */
  fullText?: string;
  /** True for sections that exist only in an imported full text (no summary of ours). */
  importedOnly?: boolean;
}

export interface RuleHit {
  entry: LibraryEntry;
  /** 'id' for an exact section-id match, 'text' for a full-text match. */
  match: 'id' | 'text';
  score: number;
}

export interface SearchOutcome {
  query: string;
  hits: RuleHit[];
  /** Filled only when there are no hits. */
  didYouMean: string[];
}

export interface Suggestion {
  system: string;
  id: string;
  title: string;
  /** "8.5.2.2 Retreat Path Priorities" cut to Discord's 100-character choice limit. */
  label: string;
}

export interface RuleLink {
  system: string;
  id: string;
  title: string;
  summary: string;
  /** How a player opens it: the CLI command (the Discord layer turns this into /rule). */
  command: string;
}

interface Doc {
  key: string;
  system: string;
  id: string;
  title: string;
  keywords: string;
  summary: string;
  jaTitle: string;
  jaSummary: string;
  fullText: string;
}

const key = (system: string, id: string) => `${system}:${id}`;

export class RuleLibrary {
  readonly systems: string[];
  readonly titles: Record<string, string> = {};
  private readonly entries = new Map<string, LibraryEntry>();
  private readonly bySystem = new Map<string, LibraryEntry[]>();
  private readonly mini: MiniSearch<Doc>;

  constructor(indexes: RuleIndex[], fullTexts: FullTextFile[] = []) {
    for (const index of indexes) {
      this.titles[index.system] = index.title;
      const list: LibraryEntry[] = [];
      for (const e of index.entries) {
        const entry: LibraryEntry = { ...e, system: index.system };
        this.entries.set(key(index.system, e.id), entry);
        list.push(entry);
      }
      this.bySystem.set(index.system, list);
    }
    for (const file of fullTexts) {
      const list = this.bySystem.get(file.system) ?? [];
      if (!this.bySystem.has(file.system)) {
        this.bySystem.set(file.system, list);
        this.titles[file.system] = `${file.system} (imported full text)`;
      }
      for (const s of file.sections) {
        const found = this.find(file.system, s.id);
        if (found) found.fullText = s.text;
        else {
          const entry: LibraryEntry = {
            system: file.system, id: s.id, title: s.title || s.id, parent: null, summary: '',
            keywords: [], refs: [], fullText: s.text, importedOnly: true,
          };
          this.entries.set(key(file.system, s.id), entry);
          list.push(entry);
        }
      }
    }
    this.systems = [...this.bySystem.keys()];

    this.mini = new MiniSearch<Doc>({
      idField: 'key',
      fields: ['id', 'title', 'keywords', 'summary', 'jaTitle', 'jaSummary', 'fullText'],
      storeFields: ['system', 'id'],
      tokenize,
      processTerm: (term) => term.toLowerCase(),
      searchOptions: { tokenize, processTerm: (term) => term.toLowerCase() },
    });
    this.mini.addAll(
      [...this.entries.values()].map((e) => ({
        key: key(e.system, e.id), system: e.system, id: e.id, title: e.title,
        keywords: e.keywords.join(' '), summary: e.summary, jaTitle: e.ja?.title ?? '',
        jaSummary: e.ja?.summary ?? '', fullText: e.fullText ?? '',
      })),
    );
  }

  /** All entries of a system in index order. */
  list(system: string): LibraryEntry[] {
    return this.bySystem.get(system) ?? [];
  }

  /** The entry with exactly this section id (normalised: "§7.3", "e4.1" work), or undefined. */
  find(system: string, id: string): LibraryEntry | undefined {
    const direct = this.entries.get(key(system, id));
    if (direct) return direct;
    const norm = normaliseSectionId(id);
    const list = this.bySystem.get(system) ?? [];
    if (norm) {
      const hit = list.find((e) => sameSectionId(e.id, norm));
      if (hit) return hit;
      // ASL ids carry the chapter letter ("E4.1"); accept "4.1" when the system uses one prefix
      if (!idParts(norm)?.prefix) {
        const prefixes = new Set(list.map((e) => idParts(e.id)?.prefix ?? ''));
        if (prefixes.size === 1) {
          const [p] = [...prefixes];
          if (p) return list.find((e) => sameSectionId(e.id, p + norm));
        }
      }
    }
    // non-numbered sections (Rifles headings): case-insensitive slug match
    const slug = id.trim().toLowerCase().replace(/\s+/g, '-');
    return list.find((e) => e.id.toLowerCase() === slug);
  }

  private checkSystem(system?: string): void {
    if (system && !this.bySystem.has(system)) {
      throw new Error(`Unknown rule system '${system}'. Known: ${this.systems.join(', ')}.`);
    }
  }

  search(query: string, options: { system?: string; limit?: number } = {}): SearchOutcome {
    const q = query.trim();
    const limit = options.limit ?? 10;
    this.checkSystem(options.system);
    if (!q) return { query: q, hits: [], didYouMean: [] };
    const systems = options.system ? [options.system] : this.systems;

    const hits: RuleHit[] = [];
    const seen = new Set<string>();
    const idQuery = normaliseSectionId(q);
    for (const system of systems) {
      const e = this.find(system, q);
      if (e && (idQuery || e.id.toLowerCase() === q.toLowerCase().replace(/\s+/g, '-'))) {
        hits.push({ entry: e, match: 'id', score: Number.POSITIVE_INFINITY });
        seen.add(key(e.system, e.id));
      }
    }
    // a bare id query is answered by the id alone; text search would only add noise ("7.3" in prose)
    if (!idQuery) {
      for (const r of this.textSearch(q, systems)) {
        const k = key(r.system as string, r.id as string);
        if (seen.has(k)) continue;
        seen.add(k);
        hits.push({ entry: this.entries.get(k)!, match: 'text', score: r.score });
      }
    }
    const didYouMean = hits.length ? [] : this.didYouMean(q, systems, idQuery);
    return { query: q, hits: hits.slice(0, limit), didYouMean };
  }

  private textSearch(q: string, systems: string[], typing = false): SearchResult[] {
    const cjk = hasCjk(q);
    return this.mini.search(q, {
      filter: (r) => systems.includes(r.system as string),
      boost: { id: 4, title: 3, jaTitle: 3, keywords: 2, summary: 1, jaSummary: 1, fullText: 0.5 },
      // bigrams must all be present for Japanese; Latin words are OR-ed and ranked
      combineWith: cjk ? 'AND' : 'OR',
      prefix: (term, i, terms) => !cjk && (term.length >= 3 || (typing && i === terms.length - 1)),
      fuzzy: (term) => (!cjk && term.length >= 5 ? 0.2 : false),
    });
  }

  private didYouMean(q: string, systems: string[], idQuery: string | undefined): string[] {
    const label = (e: LibraryEntry) => `${e.id} ${e.ja && hasCjk(q) ? e.ja.title : e.title}`;
    if (idQuery) {
      // nearest sections: the closest existing ancestor and its first children; failing that,
      // sections of the same chapter
      const p = idParts(idQuery)!;
      const out: string[] = [];
      for (const system of systems) {
        const list = this.bySystem.get(system) ?? [];
        let found = false;
        for (let n = p.parts.length - 1; n >= 1 && !found; n--) {
          const hit = this.find(system, p.prefix + p.parts.slice(0, n).join('.'));
          if (hit) {
            found = true;
            out.push(label(hit));
            const children = list.filter((e) => e.parent === hit.id); // book order
            out.push(...children.slice(0, 4).map(label));
          }
        }
        if (!found) {
          // same chapter, ranked by how much of the typed id they share ("99.99" → 99.9, 99.91…)
          const shared = (id: string) => {
            let i = 0;
            while (i < id.length && id[i] === idQuery[i]) i++;
            return i;
          };
          const chapter = list.filter((e) => idParts(e.id)?.prefix === p.prefix && idParts(e.id)?.parts[0] === p.parts[0]);
          const ranked = chapter.map((e, i) => ({ e, i, s: shared(e.id.toUpperCase()) })).sort((a, b) => b.s - a.s || a.i - b.i);
          out.push(...ranked.slice(0, 5).map((r) => label(r.e)));
        }
      }
      return [...new Set(out)].slice(0, 5);
    }
    if (hasCjk(q)) {
      // bigram suggestions mean nothing to a reader: offer the titles sharing the most characters
      const loose = this.mini.search(q, { filter: (r) => systems.includes(r.system as string), combineWith: 'OR' });
      return loose.slice(0, 3).map((r) => label(this.entries.get(key(r.system as string, r.id as string))!));
    }
    const sugg = this.mini.autoSuggest(q, {
      filter: (r) => systems.includes(r.system as string),
      fuzzy: 0.35,
      prefix: true,
    });
    return sugg.slice(0, 5).map((s) => s.suggestion);
  }

  /**
   * Autocomplete: up to 25 {id, title} for what the user has typed so far. Ids that start with the
   * typed id come first (string prefix is right while typing: "7." offers 7.1, 7.2, 7.3), then text hits.
   */
  suggest(prefix: string, system?: string, max = 25): Suggestion[] {
    this.checkSystem(system);
    const systems = system ? [system] : this.systems;
    const out: Suggestion[] = [];
    const seen = new Set<string>();
    const push = (e: LibraryEntry) => {
      const k = key(e.system, e.id);
      if (seen.has(k) || out.length >= max) return;
      seen.add(k);
      const label = `${system ? '' : `${e.system} `}${e.id} ${e.title}`;
      out.push({ system: e.system, id: e.id, title: e.title, label: label.length > 100 ? label.slice(0, 99) + '…' : label });
    };
    const p = prefix.trim();
    if (!p) {
      for (const s of systems) for (const e of this.list(s)) push(e);
      return out;
    }
    const norm = normaliseSectionId(p) ?? normaliseSectionId(p.replace(/\.$/, ''));
    if (norm) {
      for (const s of systems) {
        const exact = this.find(s, p);
        if (exact) push(exact);
      }
      const typed = p.toUpperCase().replace(/^(?:§+)\s*/, '').replace(/^([A-Z]{1,2})\s+/, '$1');
      for (const s of systems) {
        for (const e of this.list(s)) {
          const id = e.id.toUpperCase();
          if (id.startsWith(typed) || id.replace(/^[A-Z]+/, '').startsWith(typed)) push(e);
        }
      }
    }
    if (!norm && out.length < max) {
      for (const r of this.textSearch(p, systems, true)) push(this.entries.get(key(r.system as string, r.id as string))!);
    }
    return out;
  }

  /**
   * The entry an engine violation cites (rule '8.5.2.2', '8.3(9)'), falling back to the nearest
   * ancestor that exists ('8.5.2.9' → '8.5.2'). Undefined when nothing matches.
   */
  linkFor(system: string, id: string): RuleLink | undefined {
    let e = this.find(system, id);
    const norm = normaliseSectionId(id);
    if (!e && norm) {
      const p = idParts(norm)!;
      for (let n = p.parts.length - 1; n >= 1 && !e; n--) e = this.find(system, p.prefix + p.parts.slice(0, n).join('.'));
    }
    if (!e) return undefined;
    return {
      system: e.system, id: e.id, title: e.title, summary: e.summary,
      command: `hexref rule ${e.id} --system ${e.system}`,
    };
  }
}
