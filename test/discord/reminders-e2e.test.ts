// End to end with the real discord.js client against the fake Discord (issue 17): reminders posted
// unprompted on a controllable clock, their Snooze and DM buttons, the stall notice, a channel the bot
// may not post in, vacations, and /game list across channels and servers.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buttonLabels, controlId, startBotHarness, textOf, type BotHarness } from '../support/bot-harness.js';
import { fakeUser, type ApiMessage } from '../support/fake-discord.js';

const H = 3_600_000;
const D = 24 * H;

describe('Discord end to end: reminders, vacations and game lists (issue 17)', () => {
  let h: BotHarness;
  let now: number;
  const host = fakeUser('hanna');
  const fin = fakeUser('fredrik');
  const sov = fakeUser('sasha');
  const mod = fakeUser('moira', String(1 << 5)); // Manage Server

  /** Move the bot's clock and let what fell due run. */
  async function advance(ms: number): Promise<void> {
    now += ms;
    await h.bot.scheduler.poke();
    await h.bot.ctx.reminders.settled();
  }

  /** Messages the bot posted unprompted in a channel (not replies to an interaction). */
  const posts = (channelId = h.fake.channelId): ApiMessage[] => h.fake.messagesIn(channelId);

  async function gameId(): Promise<string> {
    const st = await h.bot.ctx.game.service.status({ channelId: h.fake.channelId });
    if (!st.ok) throw new Error(st.error.message);
    return st.status.gameId;
  }

  async function startGame(options: Record<string, string | number | boolean> = {}): Promise<void> {
    await h.slash(host, 'game new', { scenario: 'tutorial', ...options });
    await h.slash(fin, 'game join', { side: 'finnish' });
    await h.slash(sov, 'game join', { side: 'soviet' });
    await h.slash(host, 'game start');
    await h.bot.ctx.reminders.settled();
  }

  beforeEach(async () => {
    now = Date.UTC(2026, 10, 28, 12);
    h = await startBotHarness({ clock: () => now });
  });
  afterEach(async () => {
    await h?.stop();
  });

  it('reminds the waiting side after 24 h with Snooze and DM buttons; a snooze holds for the turn', { timeout: 60_000 }, async () => {
    await startGame();
    await advance(23 * H);
    expect(posts()).toEqual([]);
    await advance(1 * H);
    const [reminder] = posts();
    expect(reminder!.content).toMatch(new RegExp(`^<@${sov.id}> 🔔 Reminder: the game has waited 1 d for the Soviet side`));
    expect(buttonLabels(reminder!)).toEqual(['Snooze this turn', 'Remind me by DM']);
    const sent = h.fake.channelPosts().at(-1)!.body;
    expect(sent).toMatchObject({ enforce_nonce: true, allowed_mentions: { parse: [], users: [sov.id] } });
    // the same notice sent again (another process, a retry) is the same message: Discord keeps one
    await h.bot.ctx.game.service.note({ channelId: h.fake.channelId }, { userId: fin.id }, 'still here'); // does not start a new wait
    await h.bot.ctx.reminders.wake(await gameId());
    expect(h.fake.channelPosts().length).toBeGreaterThanOrEqual(1);
    expect(posts()).toHaveLength(1);

    const snoozed = await h.click(sov, reminder!, controlId(reminder!, 'Snooze this turn'));
    expect(snoozed[0]).toMatchObject({ ephemeral: true });
    expect(snoozed[0]!.content).toMatch(/Snoozed: no more reminders to you in this game until turn 2 ends/);
    const stranger = await h.click(fakeUser('sam'), reminder!, controlId(reminder!, 'Snooze this turn'));
    expect(stranger[0]!.content).toMatch(/Only a seated player can snooze their reminders/);
    await advance(5 * D);
    expect(posts().filter((m) => m.content.includes('Reminder'))).toHaveLength(1);
    // the stall notice still comes, to the channel, with the host mentioned
    await advance(1 * D);
    const stall = posts().find((m) => m.content.includes('⏳'));
    expect(stall!.content).toMatch(new RegExp(`<@${host.id}>.*waited 7 d for the Soviet side.*/game seat.*/game abort`));
  });

  it('"Remind me by DM" sends the next reminders by direct message, with a way back', { timeout: 60_000 }, async () => {
    await startGame();
    await advance(24 * H);
    const [reminder] = posts();
    const r = await h.click(sov, reminder!, controlId(reminder!, 'Remind me by DM'));
    expect(r[0]!.content).toMatch(/by direct message/);
    await advance(48 * H);
    const dm = h.fake.dmChannels.get(sov.id)!;
    const inDm = h.fake.messagesIn(dm);
    expect(inDm).toHaveLength(1);
    expect(inDm[0]!.content).toMatch(/^🔔 Reminder #2/);
    expect(buttonLabels(inDm[0]!)).toEqual(['Snooze this turn', 'Remind me in the channel']);
    expect(posts().filter((m) => m.content.includes('Reminder'))).toHaveLength(1);
  });

  it(
    'a channel the bot may not post in: the host is told once by DM, and the reminder comes once it can',
    { timeout: 60_000 },
    async () => {
      await startGame();
      h.fake.deniedChannels.add(h.fake.channelId);
      await advance(24 * H);
      await advance(1 * H);
      await advance(1 * H);
      const hostDm = h.fake.dmChannels.get(host.id)!;
      const told = h.fake.messagesIn(hostDm);
      expect(told).toHaveLength(1);
      expect(told[0]!.content).toMatch(
        /I cannot post in <#\d+> \(game g-[0-9a-f]+\): I need the View Channel and Send Messages permissions/,
      );
      h.fake.deniedChannels.delete(h.fake.channelId);
      await advance(1 * H);
      expect(posts().filter((m) => m.content.includes('Reminder'))).toHaveLength(1);
    },
  );

  it('/game away pauses reminders to a player, tells the opponents, and refuses a bad date', { timeout: 60_000 }, async () => {
    await startGame();
    const bad = await h.slash(sov, 'game away', { until: '2026-02-30' });
    expect(bad[0]).toMatchObject({ ephemeral: true });
    expect(bad[0]!.content).toMatch(/is not a date/);
    const away = await h.slash(sov, 'game away', { until: '3' });
    expect(away[0]!.content).toMatch(/Away until <t:\d+:F>: reminders to you pause until then\. Your opponents were told in 1 game/);
    expect(posts()[0]!.content).toMatch(new RegExp(`^<@${fin.id}> 🧳 <@${sov.id}> is away until`));
    await advance(2 * D);
    expect(posts().filter((m) => m.content.includes('Reminder'))).toEqual([]);
    await advance(1 * D);
    expect(posts().filter((m) => m.content.includes('Reminder'))).toHaveLength(1);
  });

  it('/game forget deletes a player’s own reminder settings, and says so when there are none (issue 45)', { timeout: 60_000 }, async () => {
    await startGame();
    await h.slash(sov, 'game remind', { via: 'dm' });
    await h.slash(sov, 'game away', { until: '3' });
    expect(await h.bot.store.loadRecord('player', sov.id)).not.toBeNull();
    const gone = await h.slash(sov, 'game forget');
    expect(gone[0]).toMatchObject({ ephemeral: true });
    expect(gone[0]!.content).toMatch(/^Deleted your reminder settings/);
    expect(await h.bot.store.loadRecord('player', sov.id)).toBeNull();
    const again = await h.slash(sov, 'game forget');
    expect(again[0]!.content).toMatch(/nothing to delete/);
    // The other player's settings are untouched.
    expect((await h.slash(fin, 'game forget'))[0]!.content).toMatch(/nothing to delete/);
  });

  it('/game list: a player’s games here and on every server, and a moderator’s view of the server', { timeout: 60_000 }, async () => {
    await startGame();
    // a second game of Sasha's on another server, made through the service as that server's bot would
    const other = await h.bot.ctx.game.service.createGame({
      channelId: '900000000000000001',
      guildId: '900000000000000002',
      host: { userId: sov.id, name: 'sasha' },
      scenario: 'tutorial',
      seatHostAs: 'finnish',
    });
    expect(other.ok).toBe(true);
    now += 5 * H;
    const here = await h.slash(sov, 'game list');
    expect(here[0]).toMatchObject({ ephemeral: true });
    expect(here[0]!.content).toMatch(
      /^Your games \(1\):\n⏰ https:\/\/discord\.com\/channels\/\d+\/\d+ tutorial, turn 2: \*\*your turn\*\* for 5 h · you play Soviet/,
    );
    const everywhere = await h.slash(sov, 'game list', { scope: 'mine' });
    expect(everywhere[0]!.content).toMatch(
      /^Your games \(2\):\n⏰ .*\n• https:\/\/discord\.com\/channels\/900000000000000002\/900000000000000001 tutorial: in the lobby/,
    );
    const theirs = await h.slash(fin, 'game list');
    expect(theirs[0]!.content).toMatch(/• .* waiting for the Soviet side for 5 h · you play Finnish/);
    const refused = await h.slash(fin, 'game list', { scope: 'server' });
    expect(refused[0]!.content).toMatch(/Only the server's moderators/);
    const server = await h.slash(mod, 'game list', { scope: 'server' });
    expect(server[0]!.content).toMatch(/^Active games on this server \(1\):\n• .* waiting for the Soviet side for 5 h/);
  });

  it('/game new takes the pace options and /game status shows the clocks', { timeout: 60_000 }, async () => {
    await startGame({ remind_after: 12, stall_after: 3, clock: 5 });
    now += 6 * H;
    const st = await h.slash(fin, 'game status');
    expect(textOf(st[0])).toMatch(/Clocks: Finnish 5 d left, Soviet 4 d 18 h left\./);
    expect(textOf(st[0])).toMatch(/Reminders after 12 h \(then less often\); stall notice after 3 d\./);
    await advance(6 * H);
    expect(posts().filter((m) => m.content.includes('Reminder'))).toHaveLength(1);
  });
});
