// `hexref rule <query> [--system S]`: look a rule up by section id ("7.3", "E4.21", "§99.5") or by
// words (English or Japanese). Shows our summary, and the owner's imported full text when present.
import { parseArgs } from 'node:util';
import { loadRuleLibrary } from '../../rules/load.js';
import type { CliCommand } from '../types.js';

const command: CliCommand = {
  name: 'rule',
  summary: 'look up a rule by section id or words (all rule sets, English or Japanese)',
  usage: 'hexref rule <query> [--system redwinter|asl|rifles|weather] [--limit N] [--ja] [--index DIR] [--fulltext DIR]',
  async run(args, io) {
    let parsed;
    try {
      parsed = parseArgs({
        args,
        allowPositionals: true,
        options: {
          system: { type: 'string' },
          limit: { type: 'string' },
          ja: { type: 'boolean' },
          index: { type: 'string' },
          fulltext: { type: 'string' },
        },
      });
    } catch (err) {
      io.err(`${(err as Error).message}\nUsage: ${command.usage}`);
      return 2;
    }
    const query = parsed.positionals.join(' ').trim();
    if (!query) {
      io.err(`What should I look up?\nUsage: ${command.usage}`);
      return 2;
    }
    const limit = parsed.values.limit === undefined ? 5 : Number(parsed.values.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 25) {
      io.err('--limit must be 1-25.');
      return 2;
    }
    const lib = loadRuleLibrary({ indexDir: parsed.values.index, fullTextDir: parsed.values.fulltext });
    let outcome;
    try {
      outcome = lib.search(query, { system: parsed.values.system, limit });
    } catch (err) {
      io.err((err as Error).message);
      return 2;
    }
    if (outcome.hits.length === 0) {
      io.out(`No rule matches '${query}'${parsed.values.system ? ` in ${parsed.values.system}` : ''}.`);
      if (outcome.didYouMean.length) io.out(`Did you mean: ${outcome.didYouMean.join('; ')}?`);
      return 1;
    }
    const language = parsed.values.ja || outcome.language === 'ja' ? 'ja' : 'en';
    outcome.hits.forEach((hit, i) => {
      const e = hit.entry;
      const title = lib.heading(e, language) + (language === 'ja' && e.ja ? ` (${e.title})` : '');
      io.out(`${i === 0 ? '' : '\n'}[${e.system}] ${title}`);
      if (i === 0 || hit.match === 'id') {
        const summary = language === 'ja' && e.ja ? e.ja.summary : e.summary;
        if (summary) io.out(summary);
        if (e.refs.length) io.out(`See also: ${e.refs.join(', ')}`);
        if (e.fullText) io.out(`\nFull text (imported by this server's owner):\n${e.fullText}`);
      }
    });
    return 0;
  },
};

export default command;
