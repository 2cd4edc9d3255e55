// Overload is polite (issue 45): a burst of interactions through the real bot against the fake Discord.
// Every interaction is acknowledged, none gets the generic error, the polite "busy, nothing changed"
// answer comes only from a full work queue, and every accepted action is in its game. Acknowledgements
// go before game work (the Acknowledgements gate of src/discord/work-queue.ts) and never wait behind the
// REST limiter: while Discord rate-limits every other route, the callbacks still go out.
// The figures (300 at once, acknowledgement percentiles) are bench/burst.bench.ts's; this asserts behaviour.
import { afterEach, describe, expect, it } from 'vitest';
import { Routes } from 'discord.js';
import { Acknowledgements, WorkQueue } from '../../src/discord/work-queue.js';
import { startBotHarness, textOf, type BotHarness } from '../support/bot-harness.js';
import { fakeUser, snowflake, type FakeUser, type Interaction } from '../support/fake-discord.js';

const GENERIC = /Something went wrong/;
const BUSY = /The referee is busy with other games right now; nothing was changed/;

describe('Acknowledgements (the gate game work waits at)', () => {
  it('is settled when nothing is in flight, and once every tracked callback has settled', async () => {
    const acks = new Acknowledgements();
    await acks.settled();
    let answer!: () => void;
    let fail!: (e: Error) => void;
    const one = acks.track(new Promise<void>((r) => (answer = r)));
    const two = acks.track(new Promise<void>((_, r) => (fail = r))).catch(() => 'failed');
    let settled = false;
    const waiting = acks.settled().then(() => (settled = true));
    answer();
    await one;
    await new Promise((r) => setImmediate(r));
    expect(settled).toBe(false);
    expect(acks.pending).toBe(1);
    fail(new Error('no answer'));
    expect(await two).toBe('failed');
    await waiting;
    expect(acks.pending).toBe(0);
  });

  it('lets work go after maxWaitMs when a callback never settles (a silent Discord stalls no game)', async () => {
    const acks = new Acknowledgements(20);
    void acks.track(new Promise<void>(() => {}));
    const q = new WorkQueue(1, 1, acks);
    expect(await q.run(async () => 'ran')).toBe('ran');
  });
});

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
  async function burst(list: { user: FakeUser; channelId: string; gameId: string }[], count: number) {
    const before = await Promise.all(list.map((g) => version(g.gameId)));
    const sent: { ix: Interaction; game: number }[] = [];
    for (let k = 0; k < count; k++) {
      const g = list[k % list.length]!;
      sent.push({ ix: h.fake.command(g.user, 'play end', {}, { channelId: g.channelId }), game: k % list.length });
    }
    await Promise.all(sent.map((s) => s.ix.callback()));
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
      h.bot.ctx.work = new WorkQueue(4, 60, h.bot.ctx.work.acknowledgements);
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
    const work = new WorkQueue(1, 4, h.bot.ctx.work.acknowledgements);
    h.bot.ctx.work = work;
    const r = await burst(list, 60);
    expect(r.answers.every((a) => a.acked)).toBe(true);
    expect(r.answers.filter((a) => GENERIC.test(a.text))).toEqual([]);
    const busy = r.answers.filter((a) => BUSY.test(a.text));
    expect(busy.length).toBeGreaterThan(0);
    // The queue took at least as many as it holds (one running, four waiting) before it refused any.
    expect(r.answers.length - busy.length).toBeGreaterThanOrEqual(work.limit + work.maxWaiting);
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
