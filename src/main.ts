// Composition root: reads the configuration and starts hexref, connected to Discord when
// DISCORD_TOKEN is set (src/main-bot.ts, loaded only then) and as a terminal console otherwise.
// The game service and renderer both front ends share are built in src/main-game.ts.
import { createLogger, maskUrl } from './log.js';
import { Scrubber } from './store/redact.js';
import { runConsole } from './console/console.js';
import { consolePlay, loadConfigOrExplain } from './main-game.js';

export interface StartOptions {
  input?: NodeJS.ReadableStream;
  output?: NodeJS.WritableStream;
}

export async function start(options: StartOptions = {}): Promise<number> {
  const config = loadConfigOrExplain((line) => process.stderr.write(line + '\n'));
  if (!config) return 2;
  // The store URL's secrets go as the stores scrub them (src/store/redact.ts), the token as well.
  const storeSecrets = new Scrubber(config.STORE_URL);
  const scrub = (text: string): string => {
    let out = storeSecrets.text(text).replace(/([a-z][a-z0-9+.-]*:\/\/)[^@/\s]*@/gi, '$1***@');
    if (config.DISCORD_TOKEN) out = out.split(config.DISCORD_TOKEN).join('[redacted]');
    return out;
  };
  // Node's own report of an uncaught error prints its message, which may quote a URL with its password.
  process.once('uncaughtException', (err) => {
    process.stderr.write(`hexref stopped on an unexpected error: ${scrub(err.stack ?? String(err))}\n`);
    process.exit(1);
  });
  process.once('unhandledRejection', (err) => {
    process.stderr.write(
      `hexref stopped on an unexpected error: ${scrub(err instanceof Error ? (err.stack ?? err.message) : String(err))}\n`,
    );
    process.exit(1);
  });
  const log = createLogger(config.LOG_LEVEL, config.DISCORD_TOKEN ? 1 : 2);
  log.info({ store: maskUrl(config.STORE_URL), mode: config.DISCORD_TOKEN ? 'discord' : 'console' }, 'hexref starting');
  if (config.DISCORD_TOKEN) {
    const { startBot } = await import('./main-bot.js'); // discord.js is loaded only here
    try {
      await startBot(config, log, { healthFile: config.HEALTH_FILE });
    } catch (err) {
      // One line that says what to check (src/discord/client.ts names the network or DISCORD_TOKEN).
      const line = `hexref could not start: ${scrub(err instanceof Error ? err.message : String(err))}`;
      log.fatal(line);
      process.stderr.write(line + '\n');
      return 1;
    }
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
