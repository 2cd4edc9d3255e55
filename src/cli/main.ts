// `hexref <subcommand> [options]`: dispatches to the files in src/cli/commands/.
import { commands } from './commands/index.js';
import { processIO, type CliIO } from './types.js';

export function helpText(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  const lines = [
    'hexref: a Discord referee for hex-and-counter wargames (Red Winter).',
    '',
    'Usage: npm run hexref -- <subcommand> [options]   (or: npx hexref <subcommand>)',
    '',
    'Subcommands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Run `npm run hexref -- <subcommand> --help` for a subcommand\'s options.',
  ];
  return lines.join('\n');
}

export async function main(argv: string[], io: CliIO = processIO): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(helpText());
    return 0;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    io.err(`Unknown subcommand '${name}'.`);
    const close = commands.filter((c) => c.name.startsWith(name.slice(0, 2)));
    if (close.length) io.err(`Did you mean: ${close.map((c) => c.name).join(', ')}?`);
    io.err('Run `npm run hexref -- --help` for the list.');
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(`${command.summary}\n\nUsage: ${command.usage}`);
    return 0;
  }
  return command.run(rest, io);
}
