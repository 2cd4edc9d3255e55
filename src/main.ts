// Composition root: reads the configuration, builds the parts and starts the bot, connected to
// Discord when DISCORD_TOKEN is set and as a terminal console otherwise.
import { ConfigError, loadConfig, type Config } from './config.js';
import { createLogger, maskUrl } from './log.js';
import { runConsole } from './console/console.js';
import { connectDiscord } from './discord/client.js';
import { Router } from './discord/router.js';
import { loadRuleLibrary } from './rules/load.js';
import { commands, componentHandlers, type BotContext } from '../commands/index.js';
import type { Client } from 'discord.js';
import type { Logger } from './log.js';

export interface StartOptions {
  input?: NodeJS.ReadableStream;
  output?: NodeJS.WritableStream;
}

/** Load and validate config; on a bad variable print one message naming it and its fix. */
export function loadConfigOrExplain(err: (line: string) => void): Config | null {
  try {
    return loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      err(e.message);
      return null;
    }
    throw e;
  }
}

export async function start(options: StartOptions = {}): Promise<number> {
  const config = loadConfigOrExplain((line) => process.stderr.write(line + '\n'));
  if (!config) return 2;
  const log = createLogger(config.LOG_LEVEL, config.DISCORD_TOKEN ? 1 : 2);
  log.info({ store: maskUrl(config.STORE_URL), mode: config.DISCORD_TOKEN ? 'discord' : 'console' }, 'hexref starting');
  if (config.DISCORD_TOKEN) {
    await startBot(config, log);
    return new Promise<number>(() => {}); // runs until a signal stops the process
  }
  return runConsole({ config, log, input: options.input ?? process.stdin, output: options.output ?? process.stdout });
}

export interface BotOptions {
  /** Another Discord API base (the offline fake in tests). */
  rest?: { api: string; timeout?: number };
  handleSignals?: boolean;
}

export interface RunningBot {
  client: Client;
  router: Router<BotContext>;
  ctx: BotContext;
}

/** Build the bot's parts (rules, service, renderer), route interactions to the slash commands, log in. */
export async function startBot(config: Config, log: Logger, options: BotOptions = {}): Promise<RunningBot> {
  const ctx: BotContext = { log, rules: loadRuleLibrary() };
  const router = new Router(commands, componentHandlers, ctx, log);
  const client = await connectDiscord(config, log, options.rest, { router, handleSignals: options.handleSignals ?? true });
  return { client, router, ctx };
}
