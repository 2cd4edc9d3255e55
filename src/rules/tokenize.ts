// Tokenizer for rule search. Latin text splits into words; runs of Japanese/Chinese characters
// (which have no spaces) become overlapping character bigrams plus single characters, so "スキー兵"
// is indexed as "スキ", "キー", "ー兵", "ス", "キ", "ー", "兵" and a query "スキー" finds it.
//
// Queries are tokenized a little differently (queryTokens): a question such as "how do assaults work"
// or "ZOCに退却できますか" keeps only the words that carry meaning. English question words are
// stopwords (processTerm drops them, in the index too); Japanese bigrams made only of hiragana
// ("でき", "ます") are grammar, not content, and are left out of a query unless nothing else is left;
// and a query gets single kanji too (weighted low by the library), so "深い雪" still reaches "深雪".

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々〆]/u;
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々〆]+/gu;
const HIRAGANA_ONLY = /^[\p{Script=Hiragana}ー]+$/u;
const KANJI = /^[\p{Script=Han}々]$/u;

/** Overlapping bigrams of a CJK run, plus its single characters (so a one-kanji query like 雪 works). */
function bigrams(run: string): string[] {
  const chars = [...run];
  if (chars.length === 1) return chars;
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
  return [...out, ...new Set(chars)];
}

function latinWords(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/[^\p{L}\p{N}.+#]+/u)) {
    const word = raw.replace(/^[.]+|[.]+$/g, '').toLowerCase();
    if (word) out.push(word);
  }
  return out;
}

/** Tokens of a text: lowercased words for Latin script, bigrams for CJK runs. */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  const normalised = text.normalize('NFKC');
  // CJK runs first, then what is left is split on anything that is not a letter, digit, '.', '+' or '#'
  const rest = normalised.replace(CJK_RUN, (run) => {
    out.push(...bigrams(run));
    return ' ';
  });
  out.push(...latinWords(rest));
  return out;
}

/**
 * Tokens of a query: Latin words as in the index; for each CJK run its bigrams without the
 * hiragana-only ones (unless the run has nothing else), then its single kanji.
 */
export function queryTokens(text: string): string[] {
  const out: string[] = [];
  const singles: string[] = [];
  const normalised = text.normalize('NFKC');
  const rest = normalised.replace(CJK_RUN, (run) => {
    const chars = [...run];
    if (chars.length === 1) {
      out.push(run);
      return ' ';
    }
    const all = bigrams(run).slice(0, chars.length - 1);
    const content = all.filter((b) => !HIRAGANA_ONLY.test(b));
    out.push(...(content.length ? content : all));
    singles.push(...chars.filter((c) => KANJI.test(c)));
    return ' ';
  });
  out.push(...latinWords(rest));
  return [...new Set([...out, ...singles])];
}

/** True for a single kanji token (a query adds these with a low weight). */
export function isSingleKanji(token: string): boolean {
  return KANJI.test(token);
}

/**
 * Content words of Japanese text for comparing a question with a title: runs of kanji/katakana and
 * Latin words; hiragana (particles, verb endings) separates them. "退却と敵ZOC" → 退却, 敵, zoc.
 */
export function contentWords(text: string): string[] {
  const words =
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{Script=Han}\p{Script=Katakana}ー々]+|[a-z0-9]+/gu) ?? [];
  return [...new Set(words.map((w) => (/^[a-z]/.test(w) ? stem(w) : w)))];
}

/** True when a query is (mostly) Japanese/Chinese. */
export function hasCjk(text: string): boolean {
  return CJK.test(text);
}

// Question words and glue. Dropped from the index and from queries, so "how do assaults work" is
// searched as "assault". Words that carry rule meaning ("no", "out", "off", "fire", "move") stay.
const STOPWORDS = new Set(
  (
    'a an the is are was were be been being am do does did doing done how what whats which who whom whose ' +
    'when where why can could may might must shall should will would i me my mine we us our you your he him ' +
    'his she her it its they them their this that these those there here of to in into on at by for with ' +
    'from about as and or but if then than so also just only any some all each every other such very ' +
    'work works working happen happens happened mean means meaning explain rule rules section sections ' +
    'get gets got have has had please tell show say says said like way ways use used using ' +
    'exactly really again still even much many whether'
  ).split(' '),
);

/**
 * Light English stemming, the same for the index and the query: plurals and "-ing"/"-ed" are not
 * worth a mismatch ("assaults" → "assault", "drifts" → "drift", "losses" → "loss", "retreating" → "retreat").
 */
export function stem(word: string): string {
  if (!/^[a-z]{4,}$/.test(word)) return word;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('ies') && word.length > 4) return word.slice(0, -3) + 'y';
  if (/(?:ch|sh|x)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('ing') && word.length > 6) return undouble(word.slice(0, -3));
  if (word.endsWith('ed') && word.length > 5 && !word.endsWith('eed')) return undouble(word.slice(0, -2));
  if (word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** "digg" → "dig", "spott" → "spot" (what is left of "digging", "spotted"); "ll", "ss" stay. */
function undouble(word: string): string {
  return /([b-df-hj-kmnp-rtv-z])\1$/.test(word) && !/(?:ll|ss|zz)$/.test(word) ? word.slice(0, -1) : word;
}

/** Lower case, stopwords out, English words stemmed; CJK tokens and ids pass unchanged. */
export function processTerm(term: string): string | null {
  const t = term.toLowerCase();
  if (STOPWORDS.has(t)) return null;
  if (/^[a-z]$/.test(t)) return null; // stray letters ("I'm" → "i", "m")
  return stem(t);
}

// Abbreviations that would otherwise be lost: "AT" is a stopword as an English word.
const REWRITES: Array<[RegExp, string]> = [
  [/\bat[- ](fire|guns?|units?|table)\b/gi, 'anti-tank $1'],
  [/\batft\b/gi, 'anti-tank fire table'],
];

/** The query with abbreviations that collide with stopwords spelt out ("at fire" → "anti-tank fire"). */
export function rewriteQuery(query: string): string {
  return REWRITES.reduce((q, [re, to]) => q.replace(re, to), query);
}

// Words players use for the same thing. A query containing the left side also searches the right.
const SYNONYMS: Array<[RegExp, string]> = [
  [/\benemy\s+(?:zoc|zone of control)s?\b/i, 'ezoc'],
  [/\bzones? of control\b/i, 'zoc'],
  [/\bout of supply\b|\bunsupplied\b/i, 'oos'],
  [/\barmou?r(?:ed)?\b/i, 'armor'],
  [/\btanks?\b/i, 'armor'],
  [/\bsub-?machine ?guns?\b/i, 'smg'],
  [/\brat\b/i, 'ranged attack table'],
  [/\bcrt\b/i, 'combat results table'],
  [/\bart(?:y|illery)\b/i, 'artillery'],
  [/\bentrench/i, 'dig dug'],
  [/\bdig(?:ging)?\s+in\b/i, 'dug'],
  [/\bdug[- ]?in\b/i, 'dig'],
  [/\bskiing\b|\bskier/i, 'ski'],
  [/\blos\b/i, 'line of sight'],
  [/\bline of sight\b/i, 'los'],
];

/** The words a query's synonyms add (searched with a lower weight than the words typed). */
export function synonymsOf(query: string): string {
  return SYNONYMS.filter(([re]) => re.test(query))
    .map(([, add]) => add)
    .join(' ');
}
