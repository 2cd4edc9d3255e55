// `hexref rules import <file.txt> --system S`: an owner loads their own rulebook's text. It is split
// into numbered sections and stored under var/rules/<system>.json (never in the repository), and
// `hexref rule` then shows the full text beside our summaries. `hexref rules list` shows what is loaded.
import { parseArgs } from 'node:util';
import { importRulebook } from '../../rules/import.js';
import { crossCheck, DEFAULT_FULLTEXT_DIR, loadFullTexts, loadRuleIndexes } from '../../rules/load.js';
import { SUBCOMMANDS } from './catalogue.js';
import type { CliCommand } from '../types.js';

const USAGE = SUBCOMMANDS.rules.usage;

const command: CliCommand = {
  name: 'rules',
  async run(args, io) {
    let parsed;
    try {
      parsed = parseArgs({
        args,
        allowPositionals: true,
        options: { system: { type: 'string' }, dir: { type: 'string' }, index: { type: 'string' } },
      });
    } catch (err) {
      io.err(`${(err as Error).message}\nUsage: ${USAGE}`);
      return 2;
    }
    const [action, ...rest] = parsed.positionals;
    const dir = parsed.values.dir ?? DEFAULT_FULLTEXT_DIR;
    if (action === 'list' && rest.length === 0) {
      const imported = new Map(loadFullTexts(dir).map((f) => [f.system, f]));
      for (const index of loadRuleIndexes(parsed.values.index)) {
        const f = imported.get(index.system);
        const problems = crossCheck(index);
        io.out(
          `${index.system.padEnd(10)} ${String(index.entries.length).padStart(4)} entries  ${index.title}${f ? `  [full text: ${f.sections.length} sections from ${f.importedFrom}]` : ''}`,
        );
        for (const p of problems) io.out(`  warning: ${p}`);
        imported.delete(index.system);
      }
      for (const f of imported.values())
        io.out(`${f.system.padEnd(10)} ${String(f.sections.length).padStart(4)} sections (imported only, from ${f.importedFrom})`);
      return 0;
    }
    if (action !== 'import' || rest.length !== 1) {
      io.err(`Usage: ${USAGE}`);
      return 2;
    }
    const system = parsed.values.system;
    if (!system) {
      io.err('--system is required (e.g. --system redwinter).');
      return 2;
    }
    const known = loadRuleIndexes(parsed.values.index).find((i) => i.system === system);
    try {
      const r = importRulebook(rest[0]!, system, { dir, knownIds: known?.entries.map((e) => e.id) });
      const ids = new Set(r.data.sections.map((s) => s.id));
      io.out(`Imported ${r.data.sections.length} sections of ${system} from ${r.data.importedFrom} into ${r.path}`);
      io.out(`Dropped: ${r.dropped.toc} contents lines, ${r.dropped.noise} page-header lines, ${r.dropped.index} index lines.`);
      if (known) {
        const missing = known.entries.map((e) => e.id).filter((id) => !ids.has(id));
        const extra = [...ids].filter((id) => !known.entries.some((e) => e.id === id));
        io.out(`Matched ${known.entries.length - missing.length} of our ${known.entries.length} summaries.`);
        if (missing.length) io.out(`Not found in the text: ${missing.slice(0, 30).join(', ')}${missing.length > 30 ? '…' : ''}`);
        if (extra.length) io.out(`In the text but not in our index: ${extra.slice(0, 30).join(', ')}${extra.length > 30 ? '…' : ''}`);
      }
      io.out('This text stays on this machine (var/ is not part of the repository).');
      return 0;
    } catch (err) {
      io.err((err as Error).message);
      return 1;
    }
  },
};

export default command;
