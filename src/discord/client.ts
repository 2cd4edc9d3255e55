// The discord.js client: logs in with DISCORD_TOKEN, waits until it is ready, and hands every
// interaction to the router. `rest.api` points it at another API base (the offline fake in tests).
// Acknowledgements never wait behind the client-side REST limiter: @discordjs/rest sends every
// POST /interactions/{id}/{token}/callback through its BurstHandler, outside the per-route queues and the
// global 50/s budget (as Discord exempts interaction endpoints from the global limit), so follow-ups and
// channel posts held by a rate limit do not hold an acknowledgement (test/discord/burst-e2e.test.ts).
// A login that fails is one line naming what to check (connectProblem), never the token.
import { Client, DiscordAPIError, Events, GatewayIntentBits, type Interaction } from 'discord.js';
import type { Logger } from '../log.js';

export interface DiscordConfig {
  DISCORD_TOKEN?: string | undefined;
  /** This process's shard of the bot's gateway connections (README § Running several processes). */
  DISCORD_SHARD?: { id: number; count: number } | undefined;
}

export interface InteractionSink {
  handle(ix: Interaction): Promise<void>;
  drain?(): Promise<void>;
}

export interface ConnectOptions {
  /** Where interactions go; without one the client only connects (useful for a smoke test). */
  router?: InteractionSink;
  /** Stop cleanly on SIGINT/SIGTERM (default true; tests pass false). */
  handleSignals?: boolean;
  /** Called on a signal after the client is gone (release the store…). */
  onStop?: () => Promise<void>;
}

export async function connectDiscord(
  config: DiscordConfig,
  log: Logger,
  rest?: { api: string; timeout?: number },
  options: ConnectOptions = {},
): Promise<Client> {
  const shard = config.DISCORD_SHARD;
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    ...(shard ? { shards: [shard.id], shardCount: shard.count } : {}),
    ...(rest ? { rest: { ...rest, retries: 0 } } : {}),
  });
  const ready = new Promise<void>((resolve) => {
    client.once(Events.ClientReady, (c) => {
      log.info(
        { user: c.user.tag, guilds: c.guilds.cache.size, ...(shard ? { shard: `${shard.id}/${shard.count}` } : {}) },
        'connected to Discord',
      );
      resolve();
    });
  });
  const router = options.router;
  if (router) {
    client.on(Events.InteractionCreate, (ix) => void router.handle(ix));
  }
  client.on(Events.Error, (err) => log.error({ err }, 'discord client error'));
  let stop: (() => Promise<void>) | undefined;
  if (options.handleSignals !== false) {
    stop = async () => {
      log.info('shutting down');
      await router?.drain?.();
      await client.destroy();
      await options.onStop?.().catch((err: unknown) => log.error({ err }, 'error while stopping'));
      process.exit(0);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  }
  try {
    await client.login(config.DISCORD_TOKEN);
    await ready;
  } catch (err) {
    if (stop) for (const signal of ['SIGINT', 'SIGTERM'] as const) process.off(signal, stop);
    await client.destroy().catch(() => undefined);
    throw new DiscordConnectError(connectProblem(err), { cause: err });
  }
  return client;
}

/** The bot could not log in to Discord; the message is one line for the operator (no token, no stack). */
export class DiscordConnectError extends Error {
  override name = 'DiscordConnectError';
}

/** Network failures as Node and undici name them (on the error or a cause of it). */
const NETWORK_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_HEADERS_TIMEOUT',
]);

/** Why the login failed, in a line that says what to check: the network, or DISCORD_TOKEN. */
export function connectProblem(err: unknown): string {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) {
      const host = (e as { hostname?: unknown }).hostname;
      return `Discord could not be reached (${code}${typeof host === 'string' ? ` for ${host}` : ''}): check this machine's network, DNS and firewall (DISCORD_TOKEN was not checked yet).`;
    }
    if (e.name === 'AbortError' || e.name === 'TimeoutError')
      return "Discord did not answer in time: check this machine's network and firewall (DISCORD_TOKEN was not checked yet).";
    if ((e instanceof DiscordAPIError && e.status === 401) || code === 'TokenInvalid')
      return 'Discord refused DISCORD_TOKEN (401 Unauthorized): copy a fresh bot token from the developer portal (Bot → Reset Token).';
    if (code === 'DisallowedIntents')
      return 'Discord refused the gateway intents the bot asks for: check the bot’s Privileged Gateway Intents in the developer portal.';
  }
  return `Could not connect to Discord (${err instanceof Error ? err.name : 'error'}): check the network and DISCORD_TOKEN.`;
}
