// The holes a hostile test run found, closed, with the real bot against the fake Discord: controls of
// one game used in another channel, live controls and exports outside the game's channel, options that
// do not match the bot, a division by zero in /roll, revealing /roll's seed, storage trouble.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freePort, startPrivateRedis } from '../../scripts/private-redis.js';
import { parseConfig } from '../../src/config.js';
import { verifyStream } from '../../src/dice/verify.js';
import { RevealedStreamSchema } from '../../src/dice/stream.js';
import { createLogger } from '../../src/log.js';
import { startBot, type RunningBot } from '../../src/main-bot.js';
import { FakeDiscord, fakeUser, type ApiMessage, type BotReply } from '../support/fake-discord.js';
import { textOf } from '../support/bot-harness.js';

function customIds(message: ApiMessage | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const row of message?.components ?? []) for (const c of row.components) out[c.label ?? c.placeholder ?? c.custom_id] = c.custom_id;
  return out;
}

describe('Discord hardening (the hostile run’s holes)', () => {
  let fake: FakeDiscord;
  let bot: RunningBot;
  const alice = fakeUser('alice'); // host, Finnish
  const boris = fakeUser('boris'); // Soviet
  const carol = fakeUser('carol'); // not seated

  async function boot(storeUrl = 'memory:') {
    const config = parseConfig({ DISCORD_TOKEN: 'fake.token.for-tests-0000', STORE_URL: storeUrl, LOG_LEVEL: 'silent' });
    bot = await startBot(config, createLogger('silent'), {
      rest: { api: fake.api },
      handleSignals: false,
      renderProcesses: 0,
      newSeed: () => 'hardening-seed',
    });
  }

  beforeEach(async () => {
    fake = await new FakeDiscord().start();
  });

  afterEach(async () => {
    await bot?.stop();
    await fake?.close();
  });

  const slash = (user: typeof alice, path: string, options: Record<string, string | number | boolean> = {}, channelId?: string) =>
    fake.settle(fake.command(user, path, options, channelId ? { channelId } : {}), bot.router);
  const click = (user: typeof alice, message: ApiMessage, customId: string) => fake.settle(fake.click(user, message, customId), bot.router);

  async function startedGame(): Promise<{ gameId: string; ping: BotReply }> {
    const r = await slash(alice, 'game new', { scenario: 'tutorial', side: 'finnish' });
    const gameId = /New game (g-[0-9a-f]+)/.exec(r[0]!.content)![1]!;
    await slash(boris, 'game join', { side: 'soviet' });
    await slash(boris, 'game standing', { empty: 'stop' }); // the reset phase waits for its button
    const s = await slash(alice, 'game start');
    return { gameId, ping: s[1]! };
  }

  it(
    'refuses a button of game A clicked in channel B, posts no live controls outside the game’s channel, exports only in it',
    { timeout: 60_000 },
    async () => {
      await boot();
      const { gameId, ping } = await startedGame();
      const end = Object.entries(customIds(ping.message)).find(([l]) => l.startsWith('End Soviet reset'))![1];
      // The same message, as if its button were used in the other channel (copied, or a forged click).
      const elsewhere = { ...ping.message!, channel_id: fake.otherChannelId };
      let r = await click(boris, elsewhere, end);
      expect(r[0]!.ephemeral).toBe(true);
      expect(r[0]!.content).toMatch(new RegExp(`Game ${gameId} is played in another channel`));
      r = await slash(carol, 'game status', { game: gameId }, fake.otherChannelId);
      expect(r[0]!.ephemeral).toBe(false);
      expect(r[0]!.components).toEqual([]);
      expect(textOf(r[0])).toContain(`<#${fake.channelId}>`);
      // Nothing changed: the game still waits for the Soviet reset, and the button works at home.
      r = await click(boris, ping.message!, end);
      expect(r[0]!.ephemeral).toBe(false);
      expect(r[0]!.content).toMatch(/end the reset phase/);
      r = await slash(carol, 'game status', { game: gameId });
      expect(r[0]!.components.length).toBeGreaterThan(0); // at home the controls are there
      r = await slash(alice, 'game export', { game: gameId }, fake.otherChannelId);
      expect(r[0]!.ephemeral).toBe(true);
      expect(r[0]!.content).toMatch(/export its record in its own channel/);
      expect(r[0]!.files).toEqual([]);
      r = await slash(carol, 'game export', { game: gameId });
      expect(r[0]!.files).toEqual([]);
    },
  );

  it(
    'options that do not match the bot get a clear refusal, never "Something went wrong"; nothing is created',
    { timeout: 60_000 },
    async () => {
      await boot();
      const cases: [string, Record<string, string | number | boolean>, RegExp][] = [
        ['game new', { scenario: 5 }, /option scenario of \/game new should be a text, not a whole number/],
        ['game new', {}, /\/game new needs the option scenario/],
        ['game frobnicate', {}, /\/game has no subcommand 'frobnicate'/],
        ['game new', { scenario: 'tutorial', side: 'martian' }, /'martian' is not a choice for side in \/game new/],
        ['game new', { scenario: 'tutorial', colour: 'red' }, /\/game new has no option 'colour'/],
        ['roll', { dice: true }, /option dice of \/roll should be a text, not a true\/false/],
        ['game', {}, /\/game needs a subcommand/],
      ];
      for (const [path, options, message] of cases) {
        const r = await slash(alice, path, options);
        expect(r[0]!.ephemeral, path).toBe(true);
        expect(r[0]!.content).toMatch(message);
        expect(r[0]!.content).toMatch(/How to fix: .*npm run deploy-commands/);
        expect(r[0]!.content).not.toMatch(/Something went wrong/);
      }
      expect((await bot.ctx.game.service.status({ channelId: fake.channelId })).ok).toBe(false);
    },
  );

  it('an invalid game id reads as no such game', { timeout: 30_000 }, async () => {
    await boot();
    const r = await slash(carol, 'game status', { game: 'g 1/../x' });
    expect(r[0]!.ephemeral).toBe(true);
    expect(r[0]!.content).toMatch(/There is no game 'g 1\/\.\.\/x'/);
    expect(r[0]!.content).not.toMatch(/Storage/);
  });

  it(
    '/roll dice:1d6/0 is refused and saves nothing; dice:reveal posts the seed and a file that verifies',
    { timeout: 30_000 },
    async () => {
      await boot();
      let r = await slash(carol, 'roll', { dice: '2d6' });
      const commitment = /Commitment \(SHA-256 of its secret seed\): `([0-9a-f]{64})`/.exec(r[0]!.content)![1]!;
      r = await slash(carol, 'roll', { dice: '1d6/0' });
      expect(r[0]!.ephemeral).toBe(true);
      expect(r[0]!.content).toMatch(/no finite total/);
      expect(r[0]!.content).not.toMatch(/Infinity/);
      r = await slash(boris, 'roll', { dice: 'DR', why: 'morale' });
      expect(r[0]!.content).toMatch(/Roll #2 for/);
      r = await slash(carol, 'roll', { dice: 'reveal' });
      expect(r[0]!.ephemeral).toBe(false);
      expect(r[0]!.content).toMatch(/revealed this channel's dice stream/);
      expect(r[0]!.content).toContain(commitment);
      const file = r[0]!.files[0]!;
      expect(file.name).toMatch(/^dice-\d+-[0-9a-f]{12}\.json$/);
      const revealed = RevealedStreamSchema.parse(JSON.parse(file.data.toString('utf8')));
      expect(r[0]!.content).toContain(revealed.seed);
      expect(revealed.rolls.map((x) => x.n)).toEqual([1, 2]);
      expect(verifyStream(revealed.seed, commitment, revealed.rolls).ok).toBe(true);
      const next = /New stream for the next rolls: commitment `([0-9a-f]{64})`/.exec(r[0]!.content)![1]!;
      r = await slash(carol, 'roll', { dice: '1d6' });
      expect(r[0]!.content).toMatch(/Roll #1 for/);
      expect(r[0]!.content).toContain(next);
      r = await slash(carol, 'roll', { dice: 'reveal' }, fake.otherChannelId);
      expect(r[0]!.ephemeral).toBe(true);
      expect(r[0]!.content).toMatch(/no dice stream yet/);
    },
  );

  it('with Redis down players read "cannot be reached" and an id, never the host or port', { timeout: 60_000 }, async () => {
    const port = await freePort();
    const redis = await startPrivateRedis({ port });
    try {
      await boot(redis.url);
      await startedGame();
      await redis.stop();
      for (const [path, options] of [
        ['game status', {}],
        ['play end', {}],
        ['roll', { dice: '2d6' }],
      ] as const) {
        const r = await slash(boris, path, options);
        expect(r[0]!.ephemeral, path).toBe(true);
        expect(r[0]!.content).toMatch(/Storage problem .*cannot be .*\(error id [0-9a-f]{8}\)/);
        expect(r[0]!.content).not.toContain(String(port));
        expect(r[0]!.content).not.toMatch(/127\.0\.0\.1|redis:/);
      }
    } finally {
      await bot?.stop();
      bot = undefined as unknown as RunningBot;
      await redis.stop();
    }
  });
});
