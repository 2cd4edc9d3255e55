// Composition root: reads the configuration and starts hexref, connected to Discord when
// DISCORD_TOKEN is set (src/main-bot.ts, loaded only then) and as a terminal console otherwise.
// The game service and renderer both front ends share are built in src/main-game.ts.
import { createLogger, maskUrl } from './log.js';
import { runConsole } from './console/console.js';
import { consolePlay, loadConfigOrExplain } from './main-game.js';

export interface StartOptions {
  input?: NodeJS.ReadableStream;
  output?: NodeJS.WritableStream;
}

export async function start(options: StartOptions = {}): Promise<number> {
  const config = loadConfigOrExplain((line) => process.stderr.write(line + '\n'));
  if (!config) return 2;
  const log = createLogger(config.LOG_LEVEL, config.DISCORD_TOKEN ? 1 : 2);
  log.info({ store: maskUrl(config.STORE_URL), mode: config.DISCORD_TOKEN ? 'discord' : 'console' }, 'hexref starting');
  if (config.DISCORD_TOKEN) {
    const { startBot } = await import('./main-bot.js'); // discord.js is loaded only here
    await startBot(config, log, { healthFile: config.HEALTH_FILE });
    return new Promise<number>(() => {}); // runs until a signal stops the process
  }
  return runConsole({
    config,
    log,
    input: options.input ?? process.stdin,
    output: options.output ?? process.stdout,
    ...(await consolePlay(config, log)),
  });
}
