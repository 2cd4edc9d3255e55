// Overload is polite (issue 45): a burst of interactions through the real bot against the fake Discord.
// Every interaction is acknowledged, none gets the generic error, the polite "busy, nothing changed"
// answer comes only from a full work queue, and every accepted action is in its game. Acknowledgements
// never wait behind the client-side REST limiter (src/discord/client.ts): while Discord rate-limits every
// other route, the callbacks still go out.
// The figures (300 at once, acknowledgement percentiles) are bench/burst.bench.ts's; this asserts behaviour.
import { afterEach, describe, expect, it } from 'vitest';
import { Routes } from 'discord.js';
import { WorkQueue } from '../../src/discord/work-queue.js';
import { startBotHarness, textOf, type BotHarness } from '../support/bot-harness.js';
import { fakeUser, snowflake, type FakeUser, type Interaction } from '../support/fake-discord.js';

const GENERIC = /Something went wrong/;
const BUSY = /The referee is busy with other games right now; nothing was changed/;

describe('Discord end to end: a burst of interactions (issue 45)', () => {
  let h: BotHarness;
  afterEach(async () => {
    await h?.stop();
  });

  /** `games` started tutorial games, each with its own player and channel. */
  async function games(n: number): Promise<{ user: FakeUser; channelId: string; gameId: string }[]> {
    const out = Array.from({ length: n }, (_, i) => ({ user: fakeUser(`burst${i}`), channelId: snowflake(), gameId: '' }));
    for (const g of out) {
      await h.fake.settle(
        h.fake.command(g.user, 'game new', { scenario: 'tutorial', side: 'both' }, { channelId: g.channelId }),
        h.bot.router,
      );
      await h.fake.settle(h.fake.command(g.user, 'game start', {}, { channelId: g.channelId }), h.bot.router);
      g.gameId = (await h.bot.store.gameInChannel(g.channelId))!;
    }
    return out;
  }

  // Read from the store: a game the burst finished has left its channel.
  const version = async (gameId: string) => (await h.bot.store.peek(gameId))!.version;

  /** `count` × `/play end` at once, round-robin over the games; what each interaction got. */
  /** `count` × `/play end` at once; `held` runs once every one is acknowledged, before the bot is drained. */
  async function burst(list: { user: FakeUser; channelId: string; gameId: string }[], count: number, held?: () => Promise<void>) {
    const before = await Promise.all(list.map((g) => version(g.gameId)));
    const sent: { ix: Interaction; game: number }[] = [];
    for (let k = 0; k < count; k++) {
      const g = list[k % list.length]!;
      sent.push({ ix: h.fake.command(g.user, 'play end', {}, { channelId: g.channelId }), game: k % list.length });
    }
    await Promise.all(sent.map((s) => s.ix.callback()));
    await held?.();
    await h.bot.router.drain();
    const after = await Promise.all(list.map((g) => version(g.gameId)));
    const answers = sent.map((s) => ({
      game: s.game,
      acked: s.ix.requests.some((r) => r.path.endsWith('/callback')),
      text: h.fake
        .repliesFor(s.ix.token)
        .map((r) => textOf(r))
        .join('\n'),
    }));
    const accepted = list.map((_, i) => answers.filter((a) => a.game === i && a.text !== '' && !a.text.includes('⛔')).length);
    return { answers, accepted, grew: list.map((_, i) => after[i]! - before[i]!) };
  }

  it(
    'acknowledges 60 at once with a queue that holds them all: no error, no busy, nothing accepted lost',
    { timeout: 120_000 },
    async () => {
      h = await startBotHarness();
      const list = await games(3);
      h.bot.ctx.work = new WorkQueue(4, 60);
      const r = await burst(list, 60);
      expect(r.answers.every((a) => a.acked)).toBe(true);
      expect(r.answers.filter((a) => GENERIC.test(a.text))).toEqual([]);
      expect(r.answers.filter((a) => BUSY.test(a.text))).toEqual([]);
      expect(r.answers.every((a) => a.text !== '')).toBe(true); // everyone was answered
      expect(r.accepted.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      expect(r.grew).toEqual(r.accepted); // each accepted action is one saved version of its game, no more, no less
    },
  );

  it('past a full queue the rest get the polite busy answer and nothing changes for them', { timeout: 120_000 }, async () => {
    h = await startBotHarness();
    const list = await games(3);
    const work = new WorkQueue(1, 10);
    h.bot.ctx.work = work;
    // Another game's work holds the only slot: ten commands may wait for it, the other fifty may not.
    let open!: () => void;
    const holding = work.run(() => new Promise<void>((r) => (open = r)));
    const r = await burst(list, 60, async () => {
      await h.fake.until(
        () => work.load.waiting === 10 && h.fake.requests.filter((q) => BUSY.test(JSON.stringify(q.body ?? ''))).length === 50,
        'fifty busy answers',
      );
      open();
      await holding;
    });
    expect(r.answers.every((a) => a.acked)).toBe(true);
    expect(r.answers.filter((a) => GENERIC.test(a.text))).toEqual([]);
    expect(r.answers.filter((a) => BUSY.test(a.text))).toHaveLength(60 - work.maxWaiting);
    expect(r.answers.every((a) => a.text !== '')).toBe(true);
    expect(r.accepted.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(r.grew).toEqual(r.accepted); // the busy ones changed nothing; the accepted ones are all saved
    expect(work.load).toEqual({ running: 0, waiting: 0 });
  });

  it(
    'sends the acknowledgement while Discord rate-limits every other route (the callback skips the limiter)',
    { timeout: 60_000 },
    async () => {
      h = await startBotHarness();
      const [g] = await games(1);
      // A channel post meets Discord's global rate limit: the client-side limiter holds every route after it.
      h.fake.globalLimitUntil = Date.now() + 1500;
      const post = h.bot.client.rest.post(Routes.channelMessages(g!.channelId), { body: { content: 'held by the limiter' } });
      await h.fake.until(() => h.fake.channelPosts(g!.channelId).length > 0, 'the rate-limited post');
      const ix = h.fake.command(g!.user, 'play end', {}, { channelId: g!.channelId });
      const cb = await ix.callback();
      expect(cb.at).toBeLessThan(h.fake.globalLimitUntil); // acknowledged inside the limit's window
      await post;
      await h.bot.router.drain();
      const replies = h.fake.repliesFor(ix.token);
      expect(replies.length).toBeGreaterThan(0);
      expect(replies.map((r) => textOf(r)).join('\n')).not.toMatch(GENERIC);
      // The edit of the deferred reply (another route) waited for the limit to pass.
      expect(replies.at(-1)!.raw.at).toBeGreaterThanOrEqual(h.fake.globalLimitUntil);
    },
  );
});
