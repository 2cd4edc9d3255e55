// The discord.js client: logs in with DISCORD_TOKEN and reports readiness.
import { Client, Events, GatewayIntentBits } from 'discord.js';
import type { Logger } from '../log.js';

export interface DiscordConfig {
  DISCORD_TOKEN?: string | undefined;
}

export async function connectDiscord(config: DiscordConfig, log: Logger, rest?: { api: string }): Promise<Client> {
  const client = new Client({ intents: [GatewayIntentBits.Guilds], ...(rest ? { rest: { ...rest, retries: 0 } } : {}) });
  client.once(Events.ClientReady, (c) => log.info({ user: c.user.tag, guilds: c.guilds.cache.size }, 'connected to Discord'));
  const stop = async () => {
    log.info('shutting down');
    await client.destroy();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await client.login(config.DISCORD_TOKEN);
  return client;
}
