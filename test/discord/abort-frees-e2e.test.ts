// No channel is ever blocked for good (issue 45), with the real discord.js client against the fake
// Discord: /game abort of a game whose stored document cannot be read frees the channel at once for its
// host or a channel manager (there is nothing left to ask about), and never for anyone else.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBotHarness, type BotHarness } from '../support/bot-harness.js';
import { fakeUser, MODERATOR_PERMISSIONS } from '../support/fake-discord.js';

describe('Discord end to end: /game abort frees the channel of a damaged game (issue 45)', () => {
  let h: BotHarness;
  const alice = fakeUser('alice'); // host, Finnish
  const boris = fakeUser('boris'); // Soviet
  const carol = fakeUser('carol'); // not seated
  const mod = fakeUser('mod', MODERATOR_PERMISSIONS);

  beforeEach(async () => {
    h = await startBotHarness();
  });

  afterEach(async () => {
    await h?.stop();
  });

  /** A started game whose stored document is then overwritten with one the bot cannot read. */
  async function damagedGame(): Promise<string> {
    const r = await h.slash(alice, 'game new', { scenario: 'tutorial', side: 'finnish' });
    const gameId = /New game (g-[0-9a-f]+)/.exec(r[0]!.content)![1]!;
    await h.slash(boris, 'game join', { side: 'soviet' });
    await h.slash(alice, 'game start');
    const now = (await h.bot.store.load(gameId))!;
    await h.bot.store.save(gameId, { damaged: true }, now.version);
    return gameId;
  }

  for (const [who, user] of [
    ['its host', alice],
    ['a channel manager', mod],
  ] as const) {
    it(`${who}: freed at once and said so in the channel; a new game can start there`, { timeout: 60_000 }, async () => {
      const gameId = await damagedGame();
      let r = await h.slash(carol, 'game new', { scenario: 'tutorial' });
      expect(r[0]!.content).toMatch(/This channel already has a game/);
      // A stranger: refused, nothing freed.
      r = await h.slash(carol, 'game abort');
      expect(r).toHaveLength(1);
      expect(r[0]!.ephemeral).toBe(true);
      expect(r[0]!.content).toMatch(/Storage problem/);
      expect(await h.bot.store.gameInChannel(h.fake.channelId)).toBe(gameId);

      r = await h.slash(user, 'game abort', { reason: 'broken' });
      expect(r).toHaveLength(1);
      expect(r[0]!.ephemeral).toBe(true);
      expect(r[0]!.components).toEqual([]); // no question
      expect(r[0]!.content).toContain(`Game ${gameId} could not be read or saved`);
      // The channel reads it too, in a post of its own.
      const posted = h.fake.messagesIn(h.fake.channelId).map((m) => m.content);
      expect(posted.some((c) => c.includes(`Game ${gameId} could not be read or saved`) && /this channel is free/.test(c))).toBe(true);
      expect(await h.bot.store.gameInChannel(h.fake.channelId)).toBeNull();
      r = await h.slash(carol, 'game new', { scenario: 'tutorial' });
      expect(r[0]!.content).toMatch(/New game g-/);
    });
  }
});
