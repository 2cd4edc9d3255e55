// Redis store details beyond the contract: Keyv compatibility, expiry in Redis, loud failures.
import { randomBytes } from 'node:crypto';
import { createKeyv } from '@keyv/redis';
import { createClient } from '@redis/client';
import { inject, describe, expect, it } from 'vitest';
import { freePort, startPrivateRedis } from '../../scripts/private-redis.js';
import { DAY_MS, StoreError, createStore } from '../../src/store/index.js';
import { RedisStore } from '../../src/store/redis-store.js';

const url = inject('redisUrl');
const prefix = () => `t:${randomBytes(5).toString('hex')}:`;

describe('Redis store', () => {
  it('stores values in Keyv format: a Keyv client with JSON serialisation reads the game and channel', async () => {
    const p = prefix();
    const store = await RedisStore.open(url, { prefix: p });
    await store.create('g1', 'c1', { hello: ':colon', n: 1 });
    await store.save('g1', { hello: ':colon', n: 2 }, 1);
    const keyv = createKeyv(url);
    keyv.serialize = (d) => JSON.stringify(d);
    keyv.deserialize = ((d: string) => JSON.parse(d) as unknown) as typeof keyv.deserialize;
    keyv.on('error', () => {});
    try {
      expect(await keyv.get(`${p}game:g1`)).toEqual({
        version: 2,
        channelId: 'c1',
        finishedAt: null,
        expiresAt: null,
        doc: { hello: ':colon', n: 2 },
      });
      expect(await keyv.get(`${p}channel:c1`)).toBe('g1');
    } finally {
      await keyv.disconnect();
      await store.close();
    }
  });

  it('gives active games no Redis expiry and finished games an expiry at finishedAt + TTL', async () => {
    const p = prefix();
    const store = await RedisStore.open(url, { prefix: p, finishedTtlDays: 90 });
    const raw = createClient({ url });
    await raw.connect();
    try {
      await store.create('g1', 'c1', { a: 1 });
      await store.save('g1', { a: 2 }, 1);
      expect(await raw.pTTL(`${p}game:g1`)).toBe(-1);
      const t = Date.now();
      await store.save('g1', { a: 3 }, 2, { finishedAt: t });
      expect(await raw.pExpireTime(`${p}game:g1`)).toBe(t + 90 * DAY_MS);
      expect(await raw.exists(`${p}channel:c1`)).toBe(0);
      // A finished game saved again keeps its expiry (the quick staged save is for active games only).
      await store.save('g1', { a: 4 }, 3, { append: [{ seq: 4 }] });
      expect(await raw.pExpireTime(`${p}game:g1`)).toBe(t + 90 * DAY_MS);
      expect(await raw.pExpireTime(`${p}history:g1`)).toBe(t + 90 * DAY_MS);
      expect((await store.load('g1'))?.doc).toEqual({ a: 4 });
    } finally {
      raw.destroy();
      await store.close();
    }
  });

  it('fails fast with store/unavailable when nothing listens (no hang)', async () => {
    const port = await freePort();
    const t0 = Date.now();
    const err = await createStore(`redis://127.0.0.1:${port}`, { connectTimeoutMs: 500 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreError);
    expect((err as StoreError).code).toBe('store/unavailable');
    expect((err as StoreError).message).toMatch(/unreachable/);
    expect(Date.now() - t0).toBeLessThan(3000);
  });

  it('reports store/unavailable while Redis is down, and works again once it is back', async () => {
    const port = await freePort();
    let redis = await startPrivateRedis({ port });
    const errors: Error[] = [];
    const store = await RedisStore.open(redis.url, { prefix: 'down:', opTimeoutMs: 1500, onError: (e) => errors.push(e) });
    try {
      await store.create('g1', 'c1', { a: 1 });
      await redis.stop();
      const t0 = Date.now();
      const err = await store.save('g1', { a: 2 }, 1).catch((e: unknown) => e);
      expect((err as StoreError).code).toBe('store/unavailable');
      expect(Date.now() - t0).toBeLessThan(2500);
      const err2 = await store.load('g1').catch((e: unknown) => e);
      expect((err2 as StoreError).code).toBe('store/unavailable');
      expect(errors.length).toBeGreaterThan(0); // the error listener saw it too
      redis = await startPrivateRedis({ port }); // empty (no persistence): the store reconnects by itself
      let ok = false;
      for (let i = 0; i < 40 && !ok; i++) {
        await new Promise((r) => setTimeout(r, 100));
        ok = await store.load('g1').then(
          () => true,
          () => false,
        );
      }
      expect(ok).toBe(true);
    } finally {
      await store.close();
      await redis.stop();
    }
  });

  it('reports an outage once and its end once, however many errors the client sees meanwhile', async () => {
    const port = await freePort();
    let redis = await startPrivateRedis({ port });
    const events: string[] = [];
    const store = await RedisStore.open(redis.url, {
      prefix: 'once:',
      opTimeoutMs: 500,
      onError: () => events.push('down'),
      onRecover: () => events.push('up'),
    });
    try {
      await store.create('g1', 'c1', { a: 1 });
      await redis.stop();
      // The client retries in the background; players keep trying meanwhile.
      for (let i = 0; i < 12; i++) {
        await store.load('g1').catch(() => undefined);
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(events).toEqual(['down']);
      redis = await startPrivateRedis({ port });
      for (let i = 0; i < 60 && !events.includes('up'); i++) await new Promise((r) => setTimeout(r, 100));
      expect(events).toEqual(['down', 'up']);
      await redis.stop();
      for (let i = 0; i < 30 && events.length < 3; i++) await new Promise((r) => setTimeout(r, 100));
      expect(events).toEqual(['down', 'up', 'down']);
    } finally {
      await store.close();
      await redis.stop();
    }
  });

  describe('staged saves (the envelope SET beside a small script, one round trip)', () => {
    const rawClient = (at: string) => createClient({ url: at });
    type Raw = ReturnType<typeof rawClient>;
    const calls = async (raw: Raw, command: string) => {
      const m = new RegExp(`cmdstat_${command}:calls=(\\d+)`).exec(await raw.info('commandstats'));
      return m ? Number(m[1]) : 0;
    };
    const renames = (raw: Raw) => calls(raw, 'rename');
    const stageKeys = (raw: Raw, p: string) => raw.keys(`${p}stage:*`);
    /** A store on `at` with prefix `p` and a raw client beside it, closed afterwards. */
    const withStore = async (at: string, p: string, fn: (store: RedisStore, raw: Raw) => Promise<void>) => {
      const store = await RedisStore.open(at, { prefix: p });
      const raw = rawClient(at);
      await raw.connect();
      try {
        await fn(store, raw);
      } finally {
        raw.destroy();
        await store.close();
      }
    };

    it('a save of the version the store last saw is staged and renamed over the game, no stage left', async () => {
      // A Redis of its own: the RENAMEs are counted.
      const redis = await startPrivateRedis({ port: await freePort() });
      try {
        await withStore(redis.url, 'st:', async (store, raw) => {
          await store.create('g1', 'c1', { n: 1 });
          await store.save('g1', { n: 2 }, 1, { append: [{ seq: 1 }] });
          await store.save('g1', { n: 3, s: 'Tolvajärvi −1' }, 2, { append: [{ seq: 2 }] });
          expect(await renames(raw)).toBe(2);
          // One script a save: the quick one (an active game, its players the same).
          expect(await calls(raw, 'evalsha')).toBe(3); // create's, then one for each save
          expect(await stageKeys(raw, 'st:')).toEqual([]);
          expect(await raw.pTTL('st:game:g1')).toBe(-1); // the stage's expiry did not come with it
          const other = await RedisStore.open(redis.url, { prefix: 'st:' });
          expect(await other.load('g1')).toMatchObject({ version: 3, channelId: 'c1', doc: { n: 3, s: 'Tolvajärvi −1' } });
          expect(await other.history('g1')).toEqual([{ seq: 1 }, { seq: 2 }]);
          await other.close();
        });
      } finally {
        await redis.stop();
      }
    });

    it('a save that changes the players is staged with the full script, which keeps the index', async () => {
      const p = prefix();
      await withStore(url, p, async (store, raw) => {
        await store.create('g1', 'c1', { n: 1 }, { guildId: null, users: ['u1'] });
        await store.save('g1', { n: 2 }, 1, { users: ['u1', 'u2'], append: [{ seq: 1 }] });
        expect((await store.gamesOf('u2')).map((g) => g.gameId)).toEqual(['g1']);
        expect(await store.history('g1')).toEqual([{ seq: 1 }]);
        expect(await raw.pTTL(`${p}game:g1`)).toBe(-1);
        expect(await stageKeys(raw, p)).toEqual([]);
      });
    });

    it('a staged save that lost the race is a conflict and removes its stage', async () => {
      const p = prefix();
      const a = await RedisStore.open(url, { prefix: p });
      const b = await RedisStore.open(url, { prefix: p });
      const raw = rawClient(url);
      await raw.connect();
      try {
        await a.create('g1', 'c1', { n: 1 });
        await b.save('g1', { by: 'b' }, 1);
        const err = await a.save('g1', { by: 'a' }, 1).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(StoreError);
        expect((err as StoreError).code).toBe('store/conflict');
        expect(await stageKeys(raw, p)).toEqual([]);
        expect((await a.save('g1', { by: 'a' }, 2)).version).toBe(3);
        expect((await b.load('g1'))?.doc).toEqual({ by: 'a' });
      } finally {
        raw.destroy();
        await a.close();
        await b.close();
      }
    });

    it('a stage expires by itself (a writer that stopped between the SET and the script leaves nothing for long)', async () => {
      const p = prefix();
      await withStore(url, p, async (store, raw) => {
        await store.create('g1', 'c1', { n: 1 });
        // The client's scripts fail (as if the writer stopped): the SET goes through, the save does not.
        const client = store.rawClient();
        const evalSha = client.evalSha.bind(client);
        const evalSrc = client.eval.bind(client);
        const stop = () => Promise.reject(new Error('stopped'));
        Object.assign(client, { evalSha: stop, eval: stop });
        await expect(store.save('g1', { n: 2 }, 1)).rejects.toThrow(StoreError);
        Object.assign(client, { evalSha, eval: evalSrc });
        const [stage] = await stageKeys(raw, p);
        expect(stage).toBeDefined();
        const ttl = await raw.pTTL(stage!);
        expect(ttl).toBeGreaterThan(50_000);
        expect(ttl).toBeLessThanOrEqual(60_000);
        expect((await store.save('g1', { n: 2 }, 1)).version).toBe(2); // the next save is not held up by it
        await raw.del(stage!);
      });
    });

    it('a stage written with another header than the stored one is dropped and the save written as usual', async () => {
      const p = prefix();
      await withStore(url, p, async (store, raw) => {
        await store.create('g1', 'c1', { n: 1 });
        // The stored header changes under the store without a new version (only a hand-made value can).
        const v = (await raw.get(`${p}game:g1`))!;
        await raw.set(`${p}game:g1`, v.replace('"channelId":"c1"', '"channelId":"c9"'));
        const saved = await store.save('g1', { n: 2 }, 1);
        expect(saved).toMatchObject({ version: 2, channelId: 'c9' });
        expect(await stageKeys(raw, p)).toEqual([]);
        expect(await store.load('g1')).toMatchObject({ version: 2, channelId: 'c9', doc: { n: 2 } });
      });
    });
  });
});
