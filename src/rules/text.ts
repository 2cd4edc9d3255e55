// Plain-text answers to a rule lookup, for the terminal front ends (`hexref rule`, the console's
// `rule`): the best match with our summary, its cross-references and any full text the server's
// owner imported, then the other matches by heading. Discord formats the same hits itself (/rule).
import type { RuleLibrary } from './library.js';

export interface RuleText {
  lines: string[];
  /** False when nothing matched (the lines then say so, with suggestions). */
  found: boolean;
}

/** Look `query` up (a section id or words, English or Japanese) and say what was found. */
export function ruleSearchLines(lib: RuleLibrary, query: string, opts: { system?: string; limit?: number; ja?: boolean } = {}): RuleText {
  const outcome = lib.search(query, { ...(opts.system ? { system: opts.system } : {}), limit: opts.limit ?? 5 });
  if (outcome.hits.length === 0) {
    const lines = [`No rule matches '${query}'${opts.system ? ` in ${opts.system}` : ''}.`];
    if (outcome.didYouMean.length) lines.push(`Did you mean: ${outcome.didYouMean.join('; ')}?`);
    return { lines, found: false };
  }
  const language = opts.ja || outcome.language === 'ja' ? 'ja' : 'en';
  const lines: string[] = [];
  outcome.hits.forEach((hit, i) => {
    const e = hit.entry;
    const title = lib.heading(e, language) + (language === 'ja' && e.ja ? ` (${e.title})` : '');
    lines.push(`${i === 0 ? '' : '\n'}[${e.system}] ${title}`);
    if (i === 0 || hit.match === 'id') {
      const summary = language === 'ja' && e.ja ? e.ja.summary : e.summary;
      if (summary) lines.push(summary);
      if (e.refs.length) lines.push(`See also: ${e.refs.join(', ')}`);
      if (e.fullText) lines.push(`\nFull text (imported by this server's owner):\n${e.fullText}`);
    }
  });
  return { lines, found: true };
}
