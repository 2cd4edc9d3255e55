// The bot's game work queue (issue 18): a concurrency limit, FIFO turns, a polite refusal when too many
// wait (nothing changes), and through the real bot: a full queue answers /play with the retry message.
import { afterEach, describe, expect, it } from 'vitest';
import { BusyError, WorkQueue } from '../../src/discord/work-queue.js';
import { startBotHarness, textOf, type BotHarness } from '../support/bot-harness.js';
import { fakeUser } from '../support/fake-discord.js';

const gate = () => {
  let open!: () => void;
  const shut = new Promise<void>((r) => (open = r));
  return { shut, open };
};

describe('WorkQueue', () => {
  it('runs at most `limit` jobs at once, the rest in arrival order', async () => {
    const q = new WorkQueue(2, 10);
    const g = gate();
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const jobs = Array.from({ length: 6 }, (_, i) =>
      q.run(async () => {
        running++;
        peak = Math.max(peak, running);
        order.push(i);
        if (i < 2) await g.shut;
        running--;
        return i;
      }),
    );
    await new Promise((r) => setTimeout(r, 10));
    expect(q.load).toEqual({ running: 2, waiting: 4 });
    g.open();
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    expect(q.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses at once when `maxWaiting` jobs wait already, and a failed job frees its slot', async () => {
    const q = new WorkQueue(1, 1);
    const g = gate();
    const first = q.run(() => g.shut);
    const second = q.run(async () => 'second');
    await expect(q.run(async () => 'third')).rejects.toBeInstanceOf(BusyError);
    g.open();
    await first;
    expect(await second).toBe('second');
    await expect(q.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await q.run(async () => 'after')).toBe('after');
    expect(q.load).toEqual({ running: 0, waiting: 0 });
  });

  it('needs at least one slot', () => {
    expect(() => new WorkQueue(0, 1)).toThrow(RangeError);
  });
});

describe('Discord end to end: a full work queue (issue 18)', () => {
  let h: BotHarness;
  afterEach(async () => {
    await h?.stop();
  });

  it('answers /play with the retry message and changes nothing; the next try works', { timeout: 60_000 }, async () => {
    h = await startBotHarness();
    const alice = fakeUser('alice');
    await h.slash(alice, 'game new', { scenario: 'tutorial', side: 'both' });
    await h.slash(alice, 'game start');
    const before = await h.bot.ctx.game.service.status({ channelId: h.fake.channelId });
    h.bot.ctx.work = new WorkQueue(1, 0);
    const g = gate();
    const holding = h.bot.ctx.work.run(() => g.shut); // another game's work holds the only slot
    let r = await h.slash(alice, 'play end');
    expect(r[0]!.ephemeral).toBe(true);
    expect(textOf(r[0])).toMatch(/The referee is busy with other games right now; nothing was changed/);
    const same = await h.bot.ctx.game.service.status({ channelId: h.fake.channelId });
    expect(same.ok && before.ok && same.version).toBe(before.ok && before.version);
    g.open();
    await holding;
    r = await h.slash(alice, 'play end');
    expect(textOf(r[0])).not.toMatch(/busy/);
    const after = await h.bot.ctx.game.service.status({ channelId: h.fake.channelId });
    expect(after.ok && after.version).toBeGreaterThan(before.ok ? before.version : 0);
  });
});
