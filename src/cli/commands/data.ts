// `hexref data check [--dir DIR]`: validates and cross-checks a ruleset's data files
// (src/data/load.ts), prints one line per file and a final summary line; exit 1 on any error.
import { parseArgs } from 'node:util';
import { checkRuleset, DEFAULT_DATA_DIR, formatDataError } from '../../data/load.js';
import { SUBCOMMANDS } from './catalogue.js';
import type { CliCommand } from '../types.js';

const USAGE = SUBCOMMANDS.data.usage;

const command: CliCommand = {
  name: 'data',
  async run(args, io) {
    let parsed;
    try {
      parsed = parseArgs({ args, options: { dir: { type: 'string' } }, allowPositionals: true });
    } catch (err) {
      io.err(`${(err as Error).message}\nUsage: ${USAGE}`);
      return 2;
    }
    const [action, ...extra] = parsed.positionals;
    if (action !== 'check' || extra.length > 0) {
      io.err(`Unknown or missing action${action ? ` '${[action, ...extra].join(' ')}'` : ''}.\nUsage: ${USAGE}`);
      return 2;
    }
    const result = checkRuleset(parsed.values.dir ?? DEFAULT_DATA_DIR);
    for (const f of result.files) {
      io.out(`${f.ok ? 'ok  ' : 'FAIL'} ${f.file}: ${f.summary}`);
      for (const w of f.warnings) io.out(`     warning: ${w}`);
    }
    for (const e of result.errors) io.err(`error: ${formatDataError(e)}`);
    if (result.errors.length > 0 || !result.counts) {
      io.err(`${result.errors.length} error${result.errors.length === 1 ? '' : 's'}: data check failed`);
      return 1;
    }
    const c = result.counts;
    io.out(`hexes=${c.hexes} village=${c.village} lake=${c.lake} roads=${c.roads} units=${c.units} turns=${c.turns} ok`);
    return 0;
  },
};

export default command;
