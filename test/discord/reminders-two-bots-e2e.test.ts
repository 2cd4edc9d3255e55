// Two bot processes on one Redis, both connected to one (fake) Discord, as a bot run in several
// processes is (issue 17): the real discord.js clients, services, BullMQ workers and reminders. Each
// game's reminder shows exactly once, whichever process's worker takes the wake, and a process that
// stops before the reminder falls due leaves it to the other.
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.js';
import { createLogger } from '../../src/log.js';
import { startBot, type RunningBot } from '../../src/main-bot.js';
import { FakeDiscord } from '../support/fake-discord.js';
import { startPrivateRedis, type PrivateRedis } from '../../scripts/private-redis.js';

const H = 3_600_000;

describe('Discord end to end: two bot processes on one Redis (issue 17)', () => {
  let fake: FakeDiscord | undefined;
  let redis: PrivateRedis | undefined;
  const bots: RunningBot[] = [];
  // The game clock: a day behind the wall clock less 2.5 s while the games are set up, so their first
  // reminders fall due 2.5 s later by the wall clock BullMQ's delays run on.
  let offset = 0;
  const clock = () => Date.now() + offset;

  afterEach(async () => {
    for (const b of bots.splice(0)) await b.stop();
    await fake?.close();
    await redis?.stop();
  });

  async function bot(): Promise<RunningBot> {
    const config = parseConfig({ DISCORD_TOKEN: 'fake.token.for-tests-0000', STORE_URL: redis!.url, LOG_LEVEL: 'silent' });
    const b = await startBot(config, createLogger('silent'), { rest: { api: fake!.api }, handleSignals: false, renderProcesses: 0, clock });
    bots.push(b);
    return b;
  }

  /** Started games in their own channels, set up through one bot's service (as its commands would). */
  async function games(b: RunningBot, n: number): Promise<string[]> {
    const channels: string[] = [];
    const svc = b.ctx.game.service;
    for (let i = 0; i < n; i++) {
      const channelId = `7000000000000000${String(i).padStart(2, '0')}`;
      const g = await svc.createGame({ channelId, guildId: fake!.guildId, host: { userId: '600000000000000001' }, scenario: 'tutorial' });
      if (!g.ok) throw new Error(g.error.message);
      for (const [userId, side] of [
        ['600000000000000002', 'finnish'],
        ['600000000000000003', 'soviet'],
      ] as const)
        if (!(await svc.seat({ gameId: g.gameId }, { userId }, { side })).ok) throw new Error('seat');
      if (!(await svc.start({ gameId: g.gameId }, { userId: '600000000000000001' })).ok) throw new Error('start');
      channels.push(channelId);
    }
    await b.ctx.reminders.settled();
    return channels;
  }

  async function until(test: () => boolean, ms = 15_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!test() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  }

  const reminders = (channel: string) => fake!.messagesIn(channel).filter((m) => m.content.includes('🔔 Reminder'));

  it('each game’s reminder shows once, though both processes armed it', { timeout: 60_000 }, async () => {
    redis = await startPrivateRedis();
    fake = await new FakeDiscord().start();
    offset = -24 * H + 2500;
    const a = await bot();
    const b = await bot();
    const channels = await games(a, 4);
    offset = 0;
    expect(await b.ctx.reminders.resumeAll()).toBe(4); // as process b does at its start
    await until(() => channels.every((c) => reminders(c).length > 0));
    await new Promise((r) => setTimeout(r, 1000));
    for (const c of channels) {
      expect(reminders(c), c).toHaveLength(1);
      expect(reminders(c)[0]!.content).toMatch(/^<@600000000000000003> 🔔 Reminder: the game has waited 1 d for the Soviet side/);
    }
    expect(fake.schemaErrors).toEqual([]);
  });

  it('a process stopped before the reminders fall due loses none of them', { timeout: 60_000 }, async () => {
    redis = await startPrivateRedis();
    fake = await new FakeDiscord().start();
    offset = -24 * H + 2500;
    const a = await bot();
    const b = await bot();
    const channels = await games(a, 3);
    offset = 0;
    await a.stop();
    bots.splice(bots.indexOf(a), 1);
    await until(() => channels.every((c) => reminders(c).length > 0));
    await new Promise((r) => setTimeout(r, 500));
    for (const c of channels) expect(reminders(c), c).toHaveLength(1);
    expect(b).toBeDefined();
  });
});
