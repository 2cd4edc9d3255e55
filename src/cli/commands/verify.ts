// `hexref verify <record.json> [--data DIR]`: verify a finished game's exported record (/game export)
// with the one verifier, src/app/verify.ts: the seed against the commitment, every roll, every entry,
// the actions list, the final state and the result (docs/game-record.md § Verify). Needs no store.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_DATA_DIR, loadRuleset } from '../../data/load.js';
import { commitmentOf, createEngine, publicState, stateHash } from '../../engine/index.js';
import { verifyExportText } from '../../app/verify.js';
import { SUBCOMMANDS } from './catalogue.js';
import type { CliCommand } from '../types.js';

const USAGE = SUBCOMMANDS.verify.usage;

const command: CliCommand = {
  name: 'verify',
  async run(args, io) {
    let parsed;
    try {
      parsed = parseArgs({ args, allowPositionals: true, options: { data: { type: 'string' } } });
    } catch (e) {
      io.err(`${(e as Error).message}\nusage: ${USAGE}`);
      return 2;
    }
    const file = parsed.positionals[0];
    if (!file || parsed.positionals.length > 1) {
      io.err(`usage: ${USAGE}`);
      return 2;
    }
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      io.err(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
      return 2;
    }
    const verdict = verifyExportText(text, file, (id) => {
      let ruleset;
      try {
        ruleset = loadRuleset(parsed.values.data ?? DEFAULT_DATA_DIR);
      } catch (e) {
        return `cannot load the ruleset: ${(e as Error).message}`;
      }
      if (ruleset.id !== id) return `This record is of ruleset '${id}'; this copy of hexref has '${ruleset.id}'.`;
      return { engine: createEngine(ruleset), helpers: { commitmentOf, stateHash, publicState } };
    });
    for (const l of verdict.out) io.out(l);
    for (const l of verdict.err) io.err(l);
    return verdict.code;
  },
};

export default command;
