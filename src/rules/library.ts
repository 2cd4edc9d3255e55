// The rule library: every rule index we ship (plus any full text an owner imported), searchable.
// One search serves every front end (Discord /rule, `hexref rule`, links from engine refusals).
//
// Ranking (docs/rules-and-dice.md):
//   1. a section id in the query ("7.3", "§7.3", "e 4.1", "8.3(9)", "8.3 case 4", "what is E4.3") is
//      routed to the system whose ids it matches, exactly and segment by segment: "7.3" never matches
//      "7.30" or "7.3.1"; a system that writes ids with a letter ("E4.1") also answers "4.1", after
//      any system that has "4.1" itself;
//   2. otherwise (and after an id hit when the query has more words) a minisearch full-text search
//      over titles, keywords, summaries, Japanese titles/summaries and imported full text, with
//      prefix and fuzzy matching, English question words dropped and a few synonyms added; a title
//      that the question names outright ("Deep Snow", "求心攻撃") ranks higher, as does a keyword
//      phrase the question contains ("retreat into zoc");
//   3. the most specific entry answers: asked how something works ("how do assaults work", "can I…",
//      "どうやって"), a thin introduction (a chapter heading with a one-line summary, like 9.0) gives
//      way to its best-matching subsection (9.1) when that one matches too; asked what something is
//      ("zoc", "what is a zoc"), the chapter that defines it answers;
//   4. no hit at all → "did you mean" suggestions (nearby section ids, or fuzzy term suggestions).
import MiniSearch, { type SearchOptions, type SearchResult } from 'minisearch';
import { idParts, normaliseSectionId, sameSectionId, withoutCase } from './ids.js';
import type { FullTextFile, RuleEntry, RuleIndex } from './schema.js';
import { contentWords, hasCjk, isSingleKanji, processTerm, queryTokens, rewriteQuery, synonymsOf, tokenize } from './tokenize.js';

export interface LibraryEntry extends RuleEntry {
  system: string;
  /** The section number players see ("8.5.2.2", "8.3(4)", "E4.21"); null for unnumbered headings (Rifles). */
  section: string | null;
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
  /** 'ja' when the query is written in Japanese (answer in Japanese where we have it). */
  language: 'en' | 'ja';
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

/** Where an entry sits: its parent, the entries beside it and the entries under it, in book order. */
export interface Related {
  parent?: LibraryEntry;
  /** The sibling just before and just after it in the book. */
  previous?: LibraryEntry;
  next?: LibraryEntry;
  siblings: LibraryEntry[];
  children: LibraryEntry[];
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

const BOOST = { id: 4, title: 3, jaTitle: 3, keywords: 2, summary: 1, jaSummary: 1, fullText: 0.5 };
/** A chapter heading whose summary is shorter than this is an introduction, not an answer (step 3). */
const THIN_SUMMARY = 200;
/** A subsection takes over from a thin parent when it is among this many best hits. */
const CHILD_WITHIN = 5;
/** Asked what something is, a parent (not a thin one) scoring this share of its child's score answers instead. */
const PARENT_SHARE = 0.75;
/** Weight of the words a synonym adds ("tank" also searches "armor"), against 1 for words typed. */
const SYNONYM_WEIGHT = 0.4;
/** Text hits scoring below this share of the best one are noise, not answers. */
const MIN_SHARE = 0.15;
/** A Japanese question whose every word the index knows is in the entry (see rankText). */
const ALL_JA_WORDS = 3;

/** An id-shaped token inside a longer question ("what does 8.5.2.2 say", "E4.3 downhill"). */
const ID_IN_TEXT =
  /(?:^|[\s(「『"'])((?:§\s*)?(?:[A-Za-z]{1,2}\s?)?\d+(?:\.\d+)+(?:\s*\(\d{1,2}\)|\s*(?:case|#)\s*\d{1,2})?)(?=$|[\s?？、。,.)」』"'])/iu;

/** A question about how something is done, rather than what it is. */
const HOW_QUESTION =
  /\b(?:how|can|could|may|when|happens?|works?|working|does|should|must|allowed)\b|どう|できる|できます|いつ|場合|方法|手順|やり方|仕組み/iu;

/** Japanese question endings dropped before comparing a query with a Japanese title. */
const JA_QUESTION =
  /(?:とは(?:何|なに)?|って(?:何|なに)|について|の(?:ルール|規則)|(?:は|が|を|に|で)?(?:どう(?:なる|する)|なに|何|いつ|できる|できます)(?:か|の)?|ですか|ますか)?[?？。!！\s]*$/u;

function sameStems(text: string): string[] {
  return [
    ...new Set(
      tokenize(text)
        .map(processTerm)
        .filter((t): t is string => !!t),
    ),
  ];
}

export class RuleLibrary {
  readonly systems: string[];
  readonly titles: Record<string, string> = {};
  private readonly labels: Record<string, { en: string; ja: string }> = {};
  private readonly entries = new Map<string, LibraryEntry>();
  private readonly bySystem = new Map<string, LibraryEntry[]>();
  private readonly order = new Map<string, number>();
  private readonly titleStems = new Map<string, string[]>();
  private readonly keywordStems = new Map<string, string[][]>();
  private readonly jaTitleWords = new Map<string, string[]>();
  /** Initials of a title: "Zone of Control" → "zoc", "zc"; "Line of Sight" → "los". */
  private readonly acronyms = new Map<string, string[]>();
  private readonly mini: MiniSearch<Doc>;

  constructor(indexes: RuleIndex[], fullTexts: FullTextFile[] = []) {
    for (const index of indexes) {
      this.titles[index.system] = index.title;
      if (index.label) this.labels[index.system] = index.label;
      const list: LibraryEntry[] = [];
      for (const e of index.entries) {
        const entry: LibraryEntry = { ...e, system: index.system, section: idParts(e.id) ? e.id : null };
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
            system: file.system,
            id: s.id,
            section: idParts(s.id) ? s.id : null,
            title: s.title || s.id,
            parent: null,
            summary: '',
            keywords: [],
            refs: [],
            fullText: s.text,
            importedOnly: true,
          };
          this.entries.set(key(file.system, s.id), entry);
          list.push(entry);
        }
      }
    }
    this.systems = [...this.bySystem.keys()];
    let n = 0;
    for (const s of this.systems) for (const e of this.bySystem.get(s)!) this.order.set(key(s, e.id), n++);
    for (const [k, e] of this.entries) {
      this.titleStems.set(k, sameStems(e.title));
      this.keywordStems.set(
        k,
        e.keywords.map(sameStems).filter((t) => t.length > 0),
      );
      this.jaTitleWords.set(k, e.ja ? contentWords(e.ja.title) : []);
      const words = e.title
        .toLowerCase()
        .split(/[^a-z]+/)
        .filter(Boolean);
      const initials = (ws: string[]) => ws.map((w) => w[0]).join('');
      this.acronyms.set(
        k,
        words.length >= 2 ? [initials(words), initials(words.filter((w) => !/^(?:of|and|the|on|in|at|to|vs)$/.test(w)))] : [],
      );
    }

    this.mini = new MiniSearch<Doc>({
      idField: 'key',
      fields: ['id', 'title', 'keywords', 'summary', 'jaTitle', 'jaSummary', 'fullText'],
      storeFields: ['system', 'id'],
      tokenize,
      processTerm,
      searchOptions: { tokenize: queryTokens, processTerm },
    });
    this.mini.addAll(
      [...this.entries.values()].map((e) => ({
        key: key(e.system, e.id),
        system: e.system,
        id: e.id,
        title: e.title,
        keywords: e.keywords.join(' '),
        summary: e.summary,
        jaTitle: e.ja?.title ?? '',
        jaSummary: e.ja?.summary ?? '',
        fullText: e.fullText ?? '',
      })),
    );
  }

  /** All entries of a system in index order. */
  list(system: string): LibraryEntry[] {
    return this.bySystem.get(system) ?? [];
  }

  /** The entry with exactly this section id (normalised: "§7.3", "e4.1", "4.1" in ASL work), or undefined. */
  find(system: string, id: string): LibraryEntry | undefined {
    return this.findExact(system, id) ?? this.findWithPrefix(system, id);
  }

  /** The entry whose id is this one, as written or normalised; Rifles headings by slug or title. */
  private findExact(system: string, id: string): LibraryEntry | undefined {
    const direct = this.entries.get(key(system, id));
    if (direct) return direct;
    const list = this.bySystem.get(system) ?? [];
    const norm = normaliseSectionId(id);
    if (norm) return list.find((e) => sameSectionId(e.id, norm));
    // non-numbered sections (Rifles headings): case-insensitive slug match
    const slug = id.trim().toLowerCase().replace(/\s+/g, '-');
    return list.find((e) => e.section === null && e.id.toLowerCase() === slug);
  }

  /** ASL ids carry the chapter letter ("E4.1"): accept "4.1" when every id of the system has one prefix. */
  private findWithPrefix(system: string, id: string): LibraryEntry | undefined {
    const norm = normaliseSectionId(id);
    if (!norm || idParts(norm)?.prefix) return undefined;
    const list = this.bySystem.get(system) ?? [];
    const prefixes = new Set(list.map((e) => idParts(e.id)?.prefix ?? ''));
    if (prefixes.size !== 1) return undefined;
    const [p] = [...prefixes];
    return p ? list.find((e) => sameSectionId(e.id, p + norm)) : undefined;
  }

  /** The parent, siblings and children of an entry (book order), for "one click away" navigation. */
  related(system: string, id: string): Related {
    const e = this.find(system, id);
    if (!e) return { siblings: [], children: [] };
    const list = this.list(e.system);
    const parent = e.parent ? this.find(e.system, e.parent) : undefined;
    const family = list.filter((x) => x.parent === e.parent);
    const at = family.indexOf(e);
    const previous = family[at - 1];
    const next = family[at + 1];
    return {
      ...(parent ? { parent } : {}),
      ...(previous ? { previous } : {}),
      ...(next ? { next } : {}),
      siblings: family.filter((x) => x !== e),
      children: list.filter((x) => x.parent === e.id),
    };
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
    const language = hasCjk(q) ? 'ja' : 'en';
    if (!q) return { query: q, language, hits: [], didYouMean: [] };
    const systems = options.system ? [options.system] : this.systems;

    const { id: idQuery, rest } = splitIdQuery(q);
    const hits: RuleHit[] = [];
    if (idQuery) {
      // routed to the systems whose ids match: exact ids first, then letter-prefixed ("4.1" → E4.1)
      const exact = systems.map((s) => this.findExact(s, idQuery)).filter((e): e is LibraryEntry => !!e);
      const prefixed = exact.length ? [] : systems.map((s) => this.findWithPrefix(s, idQuery)).filter((e): e is LibraryEntry => !!e);
      for (const e of [...exact, ...prefixed]) hits.push({ entry: e, match: 'id', score: Number.POSITIVE_INFINITY });
    }
    // a bare id query is answered by the id alone; text search would only add noise ("7.3" in prose)
    const text = rewriteQuery(idQuery ? rest : q);
    if (text && sameStems(text).length) {
      const seen = new Set(hits.map((h) => key(h.entry.system, h.entry.id)));
      for (const h of this.rankText(text, systems)) if (!seen.has(key(h.entry.system, h.entry.id))) hits.push(h);
    }
    const didYouMean = hits.length ? [] : this.didYouMean(q, systems, idQuery);
    return { query: q, language, hits: hits.slice(0, limit), didYouMean };
  }

  private textSearch(q: string, systems: string[], typing = false): SearchResult[] {
    const latin = (term: string) => !hasCjk(term);
    const typed = new Set(sameStems(q));
    const options: SearchOptions = {
      filter: (r) => systems.includes(r.system as string),
      boost: BOOST,
      combineWith: 'OR',
      prefix: (term, i, terms) => latin(term) && (term.length >= 3 || (typing && i === terms.length - 1)),
      fuzzy: (term) => (latin(term) && term.length >= 5 ? 0.2 : false),
      boostTerm: (term) => (isSingleKanji(term) ? 0.3 : typed.has(term) ? 1 : SYNONYM_WEIGHT),
    };
    return this.mini.search(`${q} ${synonymsOf(q)}`, options);
  }

  /** Full-text hits for a question, re-ranked (title named, keyword phrase, most specific entry). */
  private rankText(q: string, systems: string[], typing = false): RuleHit[] {
    // a Japanese question matched only through single kanji must share at least half of its kanji
    // ("深い雪" reaches 深雪; "潜水艦" does not reach every entry with 水 in it)
    const kanji = queryTokens(q).filter(isSingleKanji);
    const results = this.textSearch(q, systems, typing).filter(
      (r) => r.queryTerms.some((t) => !isSingleKanji(t)) || r.queryTerms.length * 2 >= kanji.length,
    );
    if (!results.length) return [];
    const plainStems = sameStems(q);
    const plainSet = new Set(plainStems);
    // while typing, the last word is still a prefix ("ahk" names "Ahkio")
    const typed = typing ? plainStems.at(-1) : undefined;
    if (typed && typed.length >= 2) for (const t of this.titleStems.values()) for (const w of t) if (w.startsWith(typed)) plainSet.add(w);
    const queryStems = new Set(sameStems(`${q} ${synonymsOf(q)}`));
    const jaCore = hasCjk(q) ? q.normalize('NFKC').replace(JA_QUESTION, '').trim() : '';
    const jaWords = jaCore ? contentWords(jaCore) : [];
    // Japanese has no spaces, so "夜間移動" is the words 夜間 and 移動: an entry with every such word the
    // index knows (a bigram some entry holds) answers it better than one that shares only the shorter one
    // (ASL's "移動" titles); English gets this from its title and phrase factors.
    const known = jaCore ? new Set(results.flatMap((r) => r.queryTerms.filter((t) => hasCjk(t) && !isSingleKanji(t)))) : new Set<string>();
    const hits = results.map((r): RuleHit => {
      const k = key(r.system as string, r.id as string);
      const entry = this.entries.get(k)!;
      let factor = 1;
      // the question names the title: every title word is in it ("Retreats and eZOC" for "retreat into enemy zoc")
      const title = this.titleStems.get(k)!;
      // (a word only a synonym supplied counts half: "tank" names "Armor" less than "armor" would)
      if (title.length) factor *= 1 + title.reduce((n, t) => n + (plainSet.has(t) ? 1 : queryStems.has(t) ? 0.5 : 0), 0) / title.length;
      // …and nothing else: the question is the title ("movement", "deep snow", "drifts")
      if (title.length && title.length === plainStems.length && title.every((t) => plainStems.includes(t))) factor *= 3;
      else if (plainStems.length === 1 && this.acronyms.get(k)!.includes(plainStems[0]!)) factor *= 6; // "zoc", "los"
      if (jaCore && entry.ja) {
        // Japanese: how much of the title the question names, and how much of the question the title covers
        const tw = this.jaTitleWords.get(k)!;
        if (entry.ja.title.normalize('NFKC') === jaCore) factor *= 3;
        else if (tw.length && jaWords.length) {
          const near = (a: string, b: string) => a === b || (a.length >= 2 && b.includes(a)) || (b.length >= 2 && a.includes(b));
          const titleCov = tw.filter((t) => jaWords.some((w) => near(w, t))).length / tw.length;
          // …counted in characters: a short title word inside a long question ("移動" in "夜間移動") covers
          // only its own part of it
          const covered = (w: string) => Math.max(0, ...tw.filter((t) => near(w, t)).map((t) => Math.min([...t].length, [...w].length)));
          const queryCov = jaWords.reduce((n, w) => n + covered(w), 0) / jaWords.reduce((n, w) => n + [...w].length, 0);
          factor *= (((1 + titleCov) * (1 + queryCov)) / 2) * (titleCov === 1 ? 1.5 : 1);
        }
      }
      if (known.size >= 2 && [...known].every((t) => r.queryTerms.includes(t))) factor *= ALL_JA_WORDS;
      // a keyword phrase of two or more words that the question contains
      if (this.keywordStems.get(k)!.some((kw) => kw.length >= 2 && kw.every((t) => queryStems.has(t)))) factor *= 1.5;
      return { entry, match: 'text', score: r.score * factor };
    });
    hits.sort((a, b) => b.score - a.score || this.bookOrder(a.entry) - this.bookOrder(b.entry));
    const top = hits[0]!;
    const kept = hits.filter((h) => h.score >= top.score * MIN_SHARE);
    // the most specific entry answers: a thin introduction gives way to its best-matching subsection
    const how = HOW_QUESTION.test(q);
    if (!how && top.entry.parent) {
      // asked what something is, a parent with a real answer of its own that matches almost as well is
      // the broader, better answer
      const parent = kept.find(
        (h) =>
          h.entry.system === top.entry.system &&
          h.entry.id === top.entry.parent &&
          h.score >= top.score * PARENT_SHARE &&
          !this.isThin(h.entry),
      );
      if (parent) return [parent, ...kept.filter((h) => h !== parent)];
    }
    if (how && this.isThin(top.entry)) {
      const children = kept.slice(0, CHILD_WITHIN).filter((h) => h.entry.system === top.entry.system && h.entry.parent === top.entry.id);
      // near-equal children (within 10%): the first in the book
      const best = children
        .filter((h) => h.score >= children[0]!.score * 0.9)
        .sort((a, b) => this.bookOrder(a.entry) - this.bookOrder(b.entry))[0];
      if (best) return [best, ...kept.filter((h) => h !== best)];
    }
    return kept;
  }

  private bookOrder(e: LibraryEntry): number {
    return this.order.get(key(e.system, e.id)) ?? Number.MAX_SAFE_INTEGER;
  }

  private isThin(e: LibraryEntry): boolean {
    return e.summary.length < THIN_SUMMARY && this.list(e.system).some((x) => x.parent === e.id);
  }

  private didYouMean(q: string, systems: string[], idQuery: string | undefined): string[] {
    const label = (e: LibraryEntry) => this.heading(e, hasCjk(q) ? 'ja' : 'en');
    if (idQuery) {
      // nearest sections: the closest existing ancestor and its first children; failing that,
      // sections of the same chapter
      const p = idParts(idQuery)!;
      const base = withoutCase(idQuery);
      const out: string[] = [];
      for (const system of systems) {
        const list = this.bySystem.get(system) ?? [];
        let found = false;
        const ancestors = [
          ...(p.caseNo !== undefined ? [base] : []),
          ...p.parts.slice(0, -1).map((_, i) => p.prefix + p.parts.slice(0, p.parts.length - 1 - i).join('.')),
        ];
        for (const id of ancestors) {
          const hit = this.find(system, id);
          if (hit) {
            found = true;
            out.push(label(hit));
            const children = list.filter((e) => e.parent === hit.id); // book order
            out.push(...children.slice(0, 4).map(label));
            break;
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
      const loose = this.mini.search(q, { filter: (r) => systems.includes(r.system as string), combineWith: 'OR', tokenize });
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
   * Titles are Japanese where we have them when the user types Japanese or asks for 'ja'.
   */
  suggest(prefix: string, system?: string, max = 25, language?: 'en' | 'ja'): Suggestion[] {
    this.checkSystem(system);
    const systems = system ? [system] : this.systems;
    const out: Suggestion[] = [];
    const seen = new Set<string>();
    const cjk = language === 'ja' || hasCjk(prefix);
    const push = (e: LibraryEntry) => {
      const k = key(e.system, e.id);
      if (seen.has(k) || out.length >= max) return;
      seen.add(k);
      const language = cjk ? 'ja' : 'en';
      const title = language === 'ja' && e.ja ? e.ja.title : e.title;
      const label = `${system ? '' : `${this.systemLabel(e.system, language)} · `}${this.heading(e, language)}`;
      out.push({ system: e.system, id: e.id, title, label: label.length > 100 ? label.slice(0, 99) + '…' : label });
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
      const typed = p
        .toUpperCase()
        .replace(/^(?:§+)\s*/, '')
        .replace(/^([A-Z]{1,2})\s+/, '$1');
      for (const s of systems) {
        for (const e of this.list(s)) {
          const id = e.id.toUpperCase();
          if (id.startsWith(typed) || id.replace(/^[A-Z]+/, '').startsWith(typed)) push(e);
        }
      }
    }
    if (!norm && out.length < max) {
      for (const h of this.rankText(p, systems, true)) push(h.entry);
    }
    return out;
  }

  /** How players see an entry's name: "8.3(4) Concentric Attack Bonus"; a Rifles heading by its title only. */
  heading(e: Pick<LibraryEntry, 'section' | 'title' | 'ja'>, language: 'en' | 'ja' = 'en'): string {
    const title = language === 'ja' && e.ja ? e.ja.title : e.title;
    return e.section ? `${e.section} ${title}` : title;
  }

  /** A short name of a system for labels ("ASL chapter E"; "ASL 第E章" in Japanese). */
  systemLabel(system: string, language: 'en' | 'ja' = 'en'): string {
    return this.labels[system]?.[language] ?? (this.titles[system] ?? system).replace(/\s*\(.*$/, '');
  }

  /**
   * The entry an engine violation cites (rule '8.5.2.2', '8.3(9)'), falling back to the nearest
   * ancestor that exists ('8.5.2.9' → '8.5.2', '8.3(99)' → '8.3'). Undefined when nothing matches.
   */
  linkFor(system: string, id: string): RuleLink | undefined {
    let e = this.find(system, id);
    const norm = normaliseSectionId(id);
    if (!e && norm) {
      const p = idParts(norm)!;
      if (p.caseNo !== undefined) e = this.find(system, withoutCase(norm));
      for (let n = p.parts.length - 1; n >= 1 && !e; n--) e = this.find(system, p.prefix + p.parts.slice(0, n).join('.'));
    }
    if (!e) return undefined;
    return {
      system: e.system,
      id: e.id,
      title: e.title,
      summary: e.summary,
      command: `hexref rule ${e.id} --system ${e.system}`,
    };
  }
}

/**
 * The section id a query names, if any, and the words around it: the whole query ("§7.3",
 * "rule 8.3 case 4") or one id-shaped token with at least one dot inside a question
 * ("what does 8.5.2.2 say" → 8.5.2.2 and "what does say").
 */
export function splitIdQuery(q: string): { id?: string; rest: string } {
  const whole = normaliseSectionId(q);
  if (whole) return { id: whole, rest: '' };
  const m = ID_IN_TEXT.exec(q.normalize('NFKC'));
  const id = m ? normaliseSectionId(m[1]!) : undefined;
  if (!m || !id) return { rest: q };
  const at = m.index + m[0].indexOf(m[1]!);
  const nfkc = q.normalize('NFKC');
  return { id, rest: (nfkc.slice(0, at) + ' ' + nfkc.slice(at + m[1]!.length)).replace(/\s+/g, ' ').trim() };
}
