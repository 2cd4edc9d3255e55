// `hexref <subcommand> [options]`: dispatches to the files in src/cli/commands/.
import { isSubcommand, SUBCOMMANDS, subcommandNames } from './commands/catalogue.js';
import { loadCommand } from './commands/index.js';
import { processIO, type CliIO } from './types.js';

/** The list of subcommands, from their help alone (no subcommand is loaded). */
export function helpText(): string {
  const width = Math.max(...subcommandNames.map((n) => n.length));
  const lines = [
    'hexref: a Discord referee for hex-and-counter wargames (Red Winter).',
    '',
    'Usage: npm run hexref -- <subcommand> [options]   (or: npx hexref <subcommand>)',
    '',
    'Subcommands:',
    ...subcommandNames.map((n) => `  ${n.padEnd(width)}  ${SUBCOMMANDS[n].summary}`),
    '',
    "Run `npm run hexref -- <subcommand> --help` for a subcommand's options.",
  ];
  return lines.join('\n');
}

export async function main(argv: string[], io: CliIO = processIO): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(helpText());
    return 0;
  }
  if (!isSubcommand(name)) {
    io.err(`Unknown subcommand '${name}'.`);
    const close = subcommandNames.filter((c) => c.startsWith(name.slice(0, 2)));
    if (close.length) io.err(`Did you mean: ${close.join(', ')}?`);
    io.err('Run `npm run hexref -- --help` for the list.');
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(`${SUBCOMMANDS[name].summary}\n\nUsage: ${SUBCOMMANDS[name].usage}`);
    return 0;
  }
  return (await loadCommand(name)).run(rest, io);
}
