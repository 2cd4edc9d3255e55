// The bot as two Discord shards: two processes, each with its own gateway connection (DISCORD_SHARD 0/2
// and 1/2), on one Redis (README § Running several processes). The real discord.js clients identify
// with their shard, the fake Discord routes a server's interactions to the shard that holds it (Discord's
// rule: (server id >> 22) % shard count), exactly one process answers, and both see the same games.
import { afterEach, describe, expect, it } from 'vitest';
import { Events } from 'discord.js';
import { ConfigError, parseConfig } from '../../src/config.js';
import { createLogger } from '../../src/log.js';
import { startBot, type RunningBot } from '../../src/main-bot.js';
import { FakeDiscord, fakeUser } from '../support/fake-discord.js';
import { startPrivateRedis, type PrivateRedis } from '../../scripts/private-redis.js';

const alice = fakeUser('alice');

describe('Discord end to end: the bot as two shards on one Redis (issue 18)', () => {
  let fake: FakeDiscord | undefined;
  let redis: PrivateRedis | undefined;
  const bots: RunningBot[] = [];

  afterEach(async () => {
    for (const b of bots.splice(0)) await b.stop();
    await fake?.close();
    await redis?.stop();
  });

  async function shard(id: number): Promise<{ bot: RunningBot; seen: string[] }> {
    const config = parseConfig({
      DISCORD_TOKEN: 'fake.token.for-tests-0000',
      STORE_URL: redis!.url,
      LOG_LEVEL: 'silent',
      DISCORD_SHARD: `${id}/2`,
    });
    const bot = await startBot(config, createLogger('silent'), { rest: { api: fake!.api }, handleSignals: false, renderProcesses: 0 });
    bots.push(bot);
    const seen: string[] = [];
    bot.client.on(Events.InteractionCreate, (ix) => seen.push(ix.id));
    return { bot, seen };
  }

  it('each shard identifies as itself; the server’s shard alone answers; both see its games', { timeout: 60_000 }, async () => {
    redis = await startPrivateRedis();
    fake = await new FakeDiscord().start();
    const zero = await shard(0);
    const one = await shard(1);
    expect([...fake.identified].sort()).toEqual([
      [0, 2],
      [1, 2],
    ]);
    const home = fake.shardFor(fake.guildId, 2) === 0 ? zero : one;
    const away = home === zero ? one : zero;
    expect(home.bot.client.guilds.cache.has(fake.guildId)).toBe(true);
    expect(away.bot.client.guilds.cache.has(fake.guildId)).toBe(false);

    const ix = fake.command(alice, 'game new', { scenario: 'tutorial', side: 'finnish' });
    await ix.callback();
    await Promise.all(bots.map((b) => b.router.drain()));
    expect(home.seen).toEqual([ix.id]);
    expect(away.seen).toEqual([]);
    const replies = fake.repliesFor(ix.token);
    expect(replies.map((r) => r.content).join('\n')).toMatch(/New game/i);
    // The other process reads the same game from Redis (its reminders and maps work for any server).
    const status = await away.bot.ctx.game.service.status({ channelId: fake.channelId });
    expect(status.ok && status.status.status).toBe('lobby');
    expect(fake.schemaErrors).toEqual([]);
  });

  it('refuses a shard setting without a shared store, or naming a shard past the count', () => {
    const bad = (env: Record<string, string>) => {
      try {
        parseConfig(env);
      } catch (err) {
        return err instanceof ConfigError ? err.variable : 'other';
      }
      return null;
    };
    expect(bad({ DISCORD_SHARD: '1/2', STORE_URL: 'file:./var/store' })).toBe('DISCORD_SHARD');
    expect(bad({ DISCORD_SHARD: '2/2', STORE_URL: 'redis://127.0.0.1:6379' })).toBe('DISCORD_SHARD');
    expect(bad({ DISCORD_SHARD: 'two', STORE_URL: 'redis://127.0.0.1:6379' })).toBe('DISCORD_SHARD');
    expect(bad({ DISCORD_SHARD: '0/1', STORE_URL: 'file:./var/store' })).toBeNull();
  });
});
