// Tokenizer for rule search. Latin text splits into words; runs of Japanese/Chinese characters
// (which have no spaces) become overlapping character bigrams plus single characters, so "スキー兵"
// is indexed as "スキ", "キー", "ー兵", "ス", "キ", "ー", "兵" and a query "スキー" finds it.

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々〆]/u;
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々〆]+/gu;

/** Overlapping bigrams of a CJK run, plus its single characters (so a one-kanji query like 雪 works). */
function bigrams(run: string): string[] {
  const chars = [...run];
  if (chars.length === 1) return chars;
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
  return [...out, ...new Set(chars)];
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
  for (const raw of rest.split(/[^\p{L}\p{N}.+#]+/u)) {
    const word = raw.replace(/^[.]+|[.]+$/g, '').toLowerCase();
    if (word) out.push(word);
  }
  return out;
}

/** True when a query is (mostly) Japanese/Chinese. */
export function hasCjk(text: string): boolean {
  return CJK.test(text);
}
