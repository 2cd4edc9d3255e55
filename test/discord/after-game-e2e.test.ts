// After the game (issue 46), with the real discord.js client against the fake Discord: /game status,
// /game export and /game verify without `game:` read the channel's latest game, finished or not (the
// channel is released when its game ends, so "the channel's game" alone would be none), and a new game
// in the channel becomes the one they read.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { controlId, startBotHarness, textOf, type BotHarness } from '../support/bot-harness.js';
import { fakeUser, type FakeUser } from '../support/fake-discord.js';

describe("Discord end to end: a channel's latest game after its end (issue 46)", () => {
  let h: BotHarness;
  const alice = fakeUser('alice'); // host, Finnish
  const boris = fakeUser('boris'); // Soviet
  const carol = fakeUser('carol'); // not seated

  beforeEach(async () => {
    h = await startBotHarness();
  });

  afterEach(async () => {
    await h?.stop();
  });

  async function startedGame(): Promise<string> {
    const r = await h.slash(alice, 'game new', { scenario: 'tutorial', side: 'finnish' });
    const gameId = /New game (g-[0-9a-f]+)/.exec(r[0]!.content)![1]!;
    await h.slash(boris, 'game join', { side: 'soviet' });
    await h.slash(alice, 'game start');
    return gameId;
  }

  async function resign(user: FakeUser): Promise<void> {
    const r = await h.slash(user, 'game resign');
    const done = await h.click(user, r[0]!.message!, controlId(r[0]!.message, 'Resign'));
    expect(done[0]!.content).toMatch(/resigned/);
  }

  it('/game status in the channel: the game that just ended there, with its result', { timeout: 60_000 }, async () => {
    const gameId = await startedGame();
    await resign(boris);
    for (const user of [alice, carol]) {
      const r = await h.slash(user, 'game status');
      expect(r[0]!.ephemeral).toBe(false);
      const text = textOf(r[0]);
      expect(text).toContain(`Game ${gameId}`);
      expect(text).toMatch(/finished/);
      expect(text).toMatch(/Result: Finnish win \(Soviet resigned\)/);
      expect(r[0]!.components).toEqual([]); // no live controls for a game over
    }
  });

  it(
    '/game export in the channel: the ended game’s record, its seed included, to its host and anyone in the server',
    { timeout: 60_000 },
    async () => {
      const gameId = await startedGame();
      await resign(boris);
      for (const user of [alice, carol]) {
        const r = await h.slash(user, 'game export');
        expect(r[0]!.files.map((f) => f.name)).toEqual([`${gameId}-record.json`]);
        expect(r[0]!.content).toMatch(/The seed is included/);
      }
    },
  );

  it('/game verify in the channel: the ended game, finished or aborted', { timeout: 60_000 }, async () => {
    await startedGame();
    await resign(alice);
    let r = await h.slash(carol, 'game verify');
    expect(r[0]!.ephemeral).toBe(false);
    expect(r[0]!.content).toMatch(/verified/i);
    // An aborted game is the latest one too.
    const gameId = await startedGame();
    const ask = await h.slash(alice, 'game abort', { reason: 'testing' });
    await h.click(alice, ask[0]!.message!, controlId(ask[0]!.message, 'Abort the game'));
    r = await h.slash(alice, 'game verify');
    expect(r[0]!.content).toMatch(/verified/i);
    r = await h.slash(alice, 'game status');
    expect(textOf(r[0])).toContain(`Game ${gameId}`);
    expect(textOf(r[0])).toMatch(/aborted/);
  });

  it('the latest game is the one read: a new game in the channel, then its end', { timeout: 60_000 }, async () => {
    const first = await startedGame();
    await resign(boris);
    const second = await startedGame();
    // While it runs, it is the channel's game (export: its players; verify: not before the end).
    let r = await h.slash(alice, 'game status');
    expect(textOf(r[0])).toContain(`Game ${second}`);
    r = await h.slash(alice, 'game export');
    expect(r[0]!.files.map((f) => f.name)).toEqual([`${second}-record.json`]);
    r = await h.slash(carol, 'game verify');
    expect(r[0]!.content).toMatch(/The seed is revealed only when the game ends/);
    await resign(alice);
    r = await h.slash(carol, 'game status');
    expect(textOf(r[0])).toContain(`Game ${second}`);
    expect(textOf(r[0])).toMatch(/Soviet win/);
    // The first stays readable by its id.
    r = await h.slash(carol, 'game status', { game: first });
    expect(textOf(r[0])).toContain(`Game ${first}`);
  });

  it('a channel that never had a game says so', { timeout: 60_000 }, async () => {
    for (const path of ['game status', 'game export', 'game verify']) {
      const r = await h.slash(carol, path);
      expect(r[0]!.ephemeral).toBe(true);
      expect(r[0]!.content).toMatch(/There is no active game in this channel, nor one played here before/);
    }
  });
});
