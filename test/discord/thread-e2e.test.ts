// End to end (issue 16): `/game new thread:true` opens a thread under the channel and the game lives
// there: its Join buttons seat two players, the start and the moves happen in the thread, and the
// parent channel stays free. A channel where the bot may not open threads gets a refusal naming the
// permission, and no game.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { controlId, startBotHarness, textOf, type BotHarness } from '../support/bot-harness.js';
import { fakeUser } from '../support/fake-discord.js';

describe('Discord end to end: a thread per game', () => {
  let h: BotHarness;
  const alice = fakeUser('alice');
  const boris = fakeUser('boris');
  beforeEach(async () => {
    h = await startBotHarness();
  });
  afterEach(async () => {
    await h?.stop();
  });

  /** Run a slash command in a channel (the thread) and wait for the bot's answers. */
  async function slashIn(
    channelId: string,
    user: ReturnType<typeof fakeUser>,
    path: string,
    options: Record<string, string | boolean> = {},
  ) {
    return h.fake.settle(h.fake.command(user, path, options, { channelId }), h.bot.router);
  }

  it('opens a thread for the game; seats, start and play happen there; the channel stays free', { timeout: 60_000 }, async () => {
    const r = await h.slash(alice, 'game new', { scenario: 'tutorial', thread: true });
    const [threadId, thread] = [...h.fake.threads][0]!;
    expect(thread).toEqual({ parent: h.fake.channelId, name: 'Hevossalmi Crossing (hexref tutorial) · alice' });
    expect(r[0]!.content).toMatch(new RegExp(`It is played in its own thread: <#${threadId}>`));
    expect(r[0]!.components).toEqual([]);
    const [first] = h.fake.messagesIn(threadId);
    expect(first!.content).toMatch(/^New game g-[0-9a-f]+: Hevossalmi Crossing/);
    // The briefing is a compact embed beside the seats' line (issue 46).
    expect(first!.content).not.toMatch(/Briefing:/);
    const briefing = first!.embeds[0]!;
    expect(briefing.title).toMatch(/Hevossalmi Crossing/);
    expect(briefing.fields.map((f: { name: string }) => f.name).join(' | ')).toMatch(/Length.*Victory.*Objectives/);
    // The Join buttons in the thread seat the players.
    expect((await h.click(alice, first!, controlId(first!, 'Join the Finnish side')))[0]!.content).toMatch(
      /Seated: alice on the Finnish side/,
    );
    expect((await h.click(boris, first!, controlId(first!, 'Join the Soviet side')))[0]!.content).toMatch(
      /Seated: boris on the Soviet side/,
    );
    expect((await slashIn(threadId, alice, 'game start'))[0]!.content).toMatch(/The game has started/);
    const status = await slashIn(threadId, boris, 'game status');
    expect(textOf(status[0])).toMatch(/Waiting for the Soviet side \(boris\)/);
    // The parent channel has no game: a new one may start there.
    const here = await h.slash(boris, 'game status');
    expect(here[0]!.content).toMatch(/There is no active game in this channel/);
    expect(h.fake.schemaErrors).toEqual([]);
  });

  it('without the permission to open threads: a refusal naming it, and no game', { timeout: 60_000 }, async () => {
    h.fake.noThreads.add(h.fake.channelId);
    const r = await h.slash(alice, 'game new', { scenario: 'tutorial', thread: true });
    expect(r[0]!.ephemeral).toBe(true);
    expect(r[0]!.content).toMatch(/I cannot open a thread in this channel \(I need the Create Public Threads/);
    expect((await h.slash(alice, 'game status'))[0]!.content).toMatch(/There is no active game in this channel/);
  });
});
