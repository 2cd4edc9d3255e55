// `hexref <subcommand> [options]`: dispatches to the files in src/cli/commands/.
import { commandNames, loadCommand, loadCommands } from './commands/index.js';
import { processIO, type CliIO } from './types.js';

export async function helpText(): Promise<string> {
  const commands = await loadCommands();
  const width = Math.max(...commands.map((c) => c.name.length));
  const lines = [
    'hexref: a Discord referee for hex-and-counter wargames (Red Winter).',
    '',
    'Usage: npm run hexref -- <subcommand> [options]   (or: npx hexref <subcommand>)',
    '',
    'Subcommands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    "Run `npm run hexref -- <subcommand> --help` for a subcommand's options.",
  ];
  return lines.join('\n');
}

export async function main(argv: string[], io: CliIO = processIO): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(await helpText());
    return 0;
  }
  const command = await loadCommand(name);
  if (!command) {
    io.err(`Unknown subcommand '${name}'.`);
    const close = commandNames.filter((c) => c.startsWith(name.slice(0, 2)));
    if (close.length) io.err(`Did you mean: ${close.join(', ')}?`);
    io.err('Run `npm run hexref -- --help` for the list.');
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(`${command.summary}\n\nUsage: ${command.usage}`);
    return 0;
  }
  return command.run(rest, io);
}
