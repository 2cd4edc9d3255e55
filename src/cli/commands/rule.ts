// `hexref rule <query> [--system S]`: look a rule up by section id ("7.3", "E4.21", "§99.5") or by
// words (English or Japanese). Shows our summary, and the owner's imported full text when present.
import { parseArgs } from 'node:util';
import { loadRuleLibrary } from '../../rules/load.js';
import { ruleSearchLines } from '../../rules/text.js';
import { SUBCOMMANDS } from './catalogue.js';
import type { CliCommand } from '../types.js';

const USAGE = SUBCOMMANDS.rule.usage;

const command: CliCommand = {
  name: 'rule',
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
      io.err(`${(err as Error).message}\nUsage: ${USAGE}`);
      return 2;
    }
    const query = parsed.positionals.join(' ').trim();
    if (!query) {
      io.err(`What should I look up?\nUsage: ${USAGE}`);
      return 2;
    }
    const limit = parsed.values.limit === undefined ? 5 : Number(parsed.values.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 25) {
      io.err('--limit must be 1-25.');
      return 2;
    }
    const lib = loadRuleLibrary({ indexDir: parsed.values.index, fullTextDir: parsed.values.fulltext });
    let text;
    try {
      text = ruleSearchLines(lib, query, {
        ...(parsed.values.system ? { system: parsed.values.system } : {}),
        limit,
        ja: !!parsed.values.ja,
      });
    } catch (err) {
      io.err((err as Error).message);
      return 2;
    }
    for (const l of text.lines) io.out(l);
    if (!text.found) return 1;
    return 0;
  },
};

export default command;
