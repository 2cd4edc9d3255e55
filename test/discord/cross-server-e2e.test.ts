// Who may see what (issue 45), with the real discord.js client against the fake Discord: a game is read
// only from its own server (status, verify, export, list and map refuse another server's game the one
// way: the service's mayRead), strangers are refused /game abort and /game resign before any question,
// and /game new from a direct message is refused by the handler as well as by the command's contexts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { controlId, startBotHarness, textOf, type BotHarness } from '../support/bot-harness.js';
import { fakeUser, Interaction, MODERATOR_PERMISSIONS, snowflake, type BotReply, type FakeUser } from '../support/fake-discord.js';

describe('Discord end to end: a game is read only from its own server (issue 45)', () => {
  let h: BotHarness;
  const alice = fakeUser('alice'); // host, Finnish
  const boris = fakeUser('boris'); // Soviet
  const carol = fakeUser('carol'); // not seated
  const mod = fakeUser('mod', MODERATOR_PERMISSIONS); // may manage channels
  let home: string;
  /** A server the game was not played in, and one of its channels. */
  const away = snowflake();
  const awayChannel = snowflake();

  beforeEach(async () => {
    h = await startBotHarness();
    home = h.fake.guildId;
  });

  afterEach(async () => {
    await h?.stop();
  });

  /**
   * Run a command as if it came from another server: the fake has one server, so its id is swapped for
   * the command (an interaction names its server; discord.js and the bot read it from there).
   */
  async function fromServer(guildId: string, run: () => Promise<BotReply[]>): Promise<BotReply[]> {
    const fake = h.fake as unknown as { guildId: string };
    fake.guildId = guildId;
    try {
      return await run();
    } finally {
      fake.guildId = home;
    }
  }
  const slashAway = (user: FakeUser, path: string, options: Record<string, string | number | boolean> = {}, channelId = awayChannel) =>
    fromServer(away, () => h.fake.settle(h.fake.command(user, path, options, { channelId }), h.bot.router));

  async function startedGame(): Promise<string> {
    const r = await h.slash(alice, 'game new', { scenario: 'tutorial', side: 'finnish' });
    const gameId = /New game (g-[0-9a-f]+)/.exec(r[0]!.content)![1]!;
    await h.slash(boris, 'game join', { side: 'soviet' });
    await h.slash(alice, 'game start');
    return gameId;
  }

  const refusedElsewhere = (r: BotReply[], gameId: string) => {
    expect(r[0]!.ephemeral).toBe(true);
    expect(textOf(r[0])).toContain(`Game ${gameId} was played in another server`);
    // Nothing of the game shows: no seats, names, VPs, channel or file.
    expect(textOf(r[0])).not.toMatch(/alice|boris|VP|<#/);
    expect(r[0]!.files).toEqual([]);
    expect(r).toHaveLength(1);
  };

  it('/game status game: of another server is refused; at home anyone reads it', { timeout: 60_000 }, async () => {
    const gameId = await startedGame();
    refusedElsewhere(await slashAway(carol, 'game status', { game: gameId }), gameId);
    refusedElsewhere(await slashAway(alice, 'game status', { game: gameId }), gameId); // its own host too
    const r = await h.slash(carol, 'game status', { game: gameId });
    expect(textOf(r[0])).toContain(gameId);
    expect(textOf(r[0])).toMatch(/alice/);
  });

  it('/game verify game: of another server is refused, before and after the end', { timeout: 60_000 }, async () => {
    const gameId = await startedGame();
    refusedElsewhere(await slashAway(carol, 'game verify', { game: gameId }), gameId);
    await h.slash(alice, 'game resign').then((r) => h.click(alice, r[0]!.message!, controlId(r[0]!.message, 'Resign')));
    refusedElsewhere(await slashAway(carol, 'game verify', { game: gameId }), gameId);
    const r = await h.slash(carol, 'game verify', { game: gameId });
    expect(r[0]!.ephemeral).toBe(false);
    expect(r[0]!.content).toMatch(/verified/i);
  });

  it('/game export game: of another server is refused, its host included, before and after the end', { timeout: 60_000 }, async () => {
    const gameId = await startedGame();
    refusedElsewhere(await slashAway(alice, 'game export', { game: gameId }), gameId);
    await h.slash(alice, 'game resign').then((r) => h.click(alice, r[0]!.message!, controlId(r[0]!.message, 'Resign')));
    refusedElsewhere(await slashAway(carol, 'game export', { game: gameId }), gameId);
    refusedElsewhere(await slashAway(alice, 'game export', { game: gameId }), gameId);
    const r = await h.slash(carol, 'game export', { game: gameId });
    expect(r[0]!.files.map((f) => f.name)).toEqual([`${gameId}-record.json`]);
  });

  it('/map of a channel whose game belongs to another server is refused', { timeout: 60_000 }, async () => {
    const gameId = await startedGame();
    // An interaction that names another server than the game's (Discord would not send one; a forged one might).
    for (const [sub, options] of [
      ['whole', {}],
      ['zoom', { center: 'M16' }],
      ['reach', { unit: 'nope' }],
    ] as const) {
      const r = await slashAway(carol, `map ${sub}`, options, h.fake.channelId);
      refusedElsewhere(r, gameId);
    }
    const r = await h.slash(carol, 'map whole');
    expect(r[0]!.files).toHaveLength(1);
  });

  it(
    '/game list: another server lists none of this server’s games; “mine on every server” is the player’s own',
    { timeout: 60_000 },
    async () => {
      const gameId = await startedGame();
      let r = await slashAway(alice, 'game list');
      expect(r[0]!.content).not.toContain(gameId);
      expect(r[0]!.content).toMatch(/no active games here/);
      r = await slashAway(mod, 'game list', { scope: 'server' });
      expect(r[0]!.content).toMatch(/No active games on this server/);
      // Her own games, everywhere, to her alone (ephemeral): the one list that crosses servers.
      r = await slashAway(alice, 'game list', { scope: 'mine' });
      expect(r[0]!.ephemeral).toBe(true);
      expect(r[0]!.content).toContain(gameId);
      r = await h.slash(mod, 'game list', { scope: 'server' });
      expect(r[0]!.content).toContain(gameId);
    },
  );
});

describe('Discord end to end: strangers are refused before any question (issue 45)', () => {
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

  const noQuestion = (r: BotReply[], message: RegExp) => {
    expect(r).toHaveLength(1);
    expect(r[0]!.ephemeral).toBe(true);
    expect(r[0]!.content).toMatch(message);
    expect(r[0]!.components).toEqual([]);
  };

  it('/game abort and /game resign by those who may not: refused at once, no Abort/Resign button', { timeout: 60_000 }, async () => {
    await h.slash(alice, 'game new', { scenario: 'tutorial', side: 'finnish' });
    await h.slash(boris, 'game join', { side: 'soviet' });
    await h.slash(alice, 'game start');
    noQuestion(await h.slash(carol, 'game abort'), /Only the host or someone who can manage this channel can abort/);
    noQuestion(await h.slash(boris, 'game abort'), /Only the host or someone who can manage this channel can abort/);
    noQuestion(await h.slash(carol, 'game resign'), /Only a seated player can resign/);
    noQuestion(await h.slash(boris, 'game resign', { side: 'finnish' }), /You do not sit on the Finnish side/);
    // Those who may are asked, as before.
    for (const [user, path, label] of [
      [alice, 'game abort', 'Abort the game'],
      [mod, 'game abort', 'Abort the game'],
      [boris, 'game resign', 'Resign'],
    ] as const) {
      const r = await h.slash(user, path);
      expect(r[0]!.ephemeral).toBe(true);
      expect(controlId(r[0]!.message, label)).toBeTruthy();
    }
    expect(textOf((await h.slash(carol, 'game status'))[0])).toMatch(/active/);
  });

  it('/game new from a direct message is refused by the handler, and creates nothing', { timeout: 60_000 }, async () => {
    const r = await h.fake.settle(dmCommand(h, carol, 'game new', { scenario: 'tutorial' }), h.bot.router);
    expect(r).toHaveLength(1);
    expect(r[0]!.content).toMatch(/Games are played in server channels, not in direct messages/);
    expect(await h.bot.store.gamesOf(carol.id)).toEqual([]);
    expect(await h.bot.store.list()).toEqual([]);
  });
});

/**
 * A slash command sent from a direct message with the bot (no server, no member: the user alone), as
 * Discord would send one if the command were offered there. The fake makes server interactions only.
 */
function dmCommand(h: BotHarness, user: FakeUser, path: string, options: Record<string, string>): Interaction {
  const [name, sub] = path.split(' ');
  const id = snowflake();
  const token = `tok-${id}`;
  const channelId = snowflake();
  const who = { id: user.id, username: user.username, discriminator: '0', global_name: user.username, avatar: null };
  h.fake.dispatch('INTERACTION_CREATE', {
    id,
    token,
    application_id: h.fake.appId,
    type: 2,
    version: 1,
    channel_id: channelId,
    channel: { id: channelId, type: 1, recipients: [who] },
    user: who,
    app_permissions: MODERATOR_PERMISSIONS,
    locale: 'en-GB',
    entitlements: [],
    authorizing_integration_owners: { '1': user.id },
    context: 1,
    attachment_size_limit: 10 * 1024 * 1024,
    data: {
      id: snowflake(),
      name,
      type: 1,
      options: [{ name: sub, type: 1, options: Object.entries(options).map(([n, value]) => ({ name: n, type: 3, value })) }],
    },
  });
  return new Interaction(h.fake, id, token);
}
