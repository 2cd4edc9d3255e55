// Console mode: the terminal front end used when no DISCORD_TOKEN is configured.
// It reads command lines at a `hexref>` prompt. Until the game service exists (issue 6) it offers
// only help, status of the setup, and quit, and says so.
import readline from 'node:readline';
import type { Logger } from '../log.js';

export interface ConsoleOptions {
  config: { STORE_URL: string };
  log: Logger;
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
}

const HELP = [
  'Console mode (no DISCORD_TOKEN configured).',
  'Commands: help, about, quit.',
  'Game commands arrive with the game service; until then this console is minimal.',
].join('\n');

export async function runConsole({ config, input, output }: ConsoleOptions): Promise<number> {
  const rl = readline.createInterface({ input, output, prompt: 'hexref> ', terminal: false });
  const say = (text: string) => output.write(text + '\n');
  say(`hexref console. Store: ${config.STORE_URL}. Type 'help' for commands, 'quit' to leave.`);
  rl.prompt();
  return new Promise<number>((resolve) => {
    rl.on('line', (raw) => {
      const line = raw.trim();
      if (line === 'quit' || line === 'exit') {
        rl.close();
        return;
      }
      if (line === 'help' || line === '?') say(HELP);
      else if (line === 'about') say('hexref: a Discord referee for hex-and-counter wargames. First ruleset: Red Winter.');
      else if (line) say(`Unknown command '${line}'. Type 'help'.`);
      rl.prompt();
    });
    rl.on('close', () => {
      say('bye');
      resolve(0);
    });
  });
}
