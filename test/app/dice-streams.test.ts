// Channel dice streams in the game store: shared across processes (here: two adapters on one Redis,
// as two bot processes would have), numbered rolls never handed out twice.
import { randomBytes } from 'node:crypto';
import { inject, describe, expect, it } from 'vitest';
import { StoreDiceStreams } from '../../src/app/dice-streams.js';
import { rollInChannel, streamStatus } from '../../src/dice/channel.js';
import { StoreError } from '../../src/store/index.js';
import { RedisStore } from '../../src/store/redis-store.js';

describe('channel dice streams in the game store', () => {
  it('a second process sees the first one’s stream and continues its numbering', async () => {
    const prefix = `dice:${randomBytes(4).toString('hex')}:`;
    const a = await RedisStore.open(inject('redisUrl'), { prefix });
    const b = await RedisStore.open(inject('redisUrl'), { prefix });
    try {
      const pa = new StoreDiceStreams(a);
      const pb = new StoreDiceStreams(b);
      const r1 = await rollInChannel(pa, 'chan1', '2d6');
      const r2 = await rollInChannel(pb, 'chan1', '2d6');
      const r3 = await rollInChannel(pa, 'chan1', '1d6');
      expect([r1.roll.n, r2.roll.n, r3.roll.n]).toEqual([1, 2, 3]);
      expect(r2.commitment).toBe(r1.commitment);
      expect((await streamStatus(pb, 'chan1'))!.rolls.map((r) => r.n)).toEqual([1, 2, 3]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('two processes rolling at the same moment never get the same roll number; the loser fails loudly', async () => {
    const prefix = `dice:${randomBytes(4).toString('hex')}:`;
    const stores = await Promise.all([0, 1].map(() => RedisStore.open(inject('redisUrl'), { prefix })));
    try {
      const procs = stores.map((s) => new StoreDiceStreams(s));
      await rollInChannel(procs[0]!, 'chan1', '1d6');
      const numbers: number[] = [];
      let conflicts = 0;
      for (let round = 0; round < 10; round++) {
        const results = await Promise.allSettled(procs.map((p) => rollInChannel(p, 'chan1', '2d6')));
        for (const r of results) {
          if (r.status === 'fulfilled') numbers.push(r.value.roll.n);
          else {
            expect(r.reason).toBeInstanceOf(StoreError);
            expect((r.reason as StoreError).code).toBe('store/conflict');
            conflicts++;
          }
        }
      }
      expect(new Set(numbers).size).toBe(numbers.length); // no number handed out twice
      const stored = (await streamStatus(procs[0]!, 'chan1'))!.rolls.map((r) => r.n);
      expect(stored).toEqual(Array.from({ length: stored.length }, (_, i) => i + 1));
      expect(stored.length).toBe(1 + numbers.length);
      expect(conflicts + numbers.length).toBe(20);
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  });
});
