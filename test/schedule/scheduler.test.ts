// The scheduler behind reminders (src/schedule/): the in-process one on the embedded and in-memory
// stores, and BullMQ on a real Redis, with two schedulers sharing one queue, a restart between
// scheduling and firing, and a Redis outage across the due time.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { BullScheduler, LocalScheduler, ScheduleError } from '../../src/schedule/index.js';
import { FileStore, MemoryStore } from '../../src/store/index.js';
import { startPrivateRedis } from '../../scripts/private-redis.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(test: () => boolean, what: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

describe('in-process scheduler (embedded and in-memory stores)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('wakes each key at its time on a controllable clock, once for a repeated schedule', async () => {
    let now = 1_000_000;
    const s = new LocalScheduler(new MemoryStore(), { now: () => now });
    const fired: string[] = [];
    await s.start(async (key, at) => {
      fired.push(`${key}@${at}`);
    });
    await s.wakeAt('g-a', now + 60_000);
    await s.wakeAt('g-a', now + 60_000); // the same wake
    await s.wakeAt('g-b', now + 120_000);
    await s.poke();
    expect(fired).toEqual([]);
    now += 60_000;
    await s.poke();
    expect(fired).toEqual(['g-a@1060000']);
    now += 3_600_000;
    await s.poke();
    await s.poke();
    expect(fired).toEqual(['g-a@1060000', 'g-b@1120000']);
    expect(await s.pending()).toEqual([]);
    await s.close();
  });

  it('retries a wake whose handler failed, later, until it succeeds', async () => {
    let now = 0;
    const s = new LocalScheduler(new MemoryStore(), { now: () => now, retryMs: 1000 });
    let calls = 0;
    await s.start(async () => {
      calls++;
      if (calls < 3) throw new Error('Discord is down');
    });
    await s.wakeAt('g-a', 10);
    now = 10;
    await s.poke();
    expect(calls).toBe(1);
    await s.poke(); // not yet: the retry waits retryMs
    expect(calls).toBe(1);
    now += 1000;
    await s.poke();
    now += 2000;
    await s.poke();
    expect(calls).toBe(3);
    expect(await s.pending()).toEqual([]);
    await s.close();
  });

  it('keeps its wakes across a restart of the embedded store, and runs those that fell due meanwhile', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hexref-sched-'));
    dirs.push(dir);
    let now = 5000;
    let store = await FileStore.open(dir);
    const a = new LocalScheduler(store, { now: () => now });
    await a.start(async () => {});
    await a.wakeAt('g-a', 9000);
    await a.close();
    await store.close();
    now = 20_000; // the bot was down past the due time
    store = await FileStore.open(dir);
    const b = new LocalScheduler(store, { now: () => now });
    const fired: string[] = [];
    await b.start(async (key) => {
      fired.push(key);
    });
    expect(fired).toEqual(['g-a']);
    await b.close();
    await store.close();
  });

  it('refuses a key that is not an id, or a time that is not epoch ms, and schedules nothing', async () => {
    const s = new LocalScheduler(new MemoryStore());
    await expect(s.wakeAt('../etc', 5)).rejects.toBeInstanceOf(ScheduleError);
    await expect(s.wakeAt('g-a', Number.NaN)).rejects.toBeInstanceOf(ScheduleError);
    expect(await s.pending()).toEqual([]);
    await s.close();
  });
});

describe('BullMQ scheduler on a real Redis', () => {
  const open: BullScheduler[] = [];
  const bull = (url: string, prefix: string) => {
    const s = new BullScheduler(url, { prefix });
    open.push(s);
    return s;
  };
  afterEach(async () => {
    for (const s of open.splice(0).reverse()) await s.close();
  });

  it('two processes on one queue run each wake exactly once, however often each schedules it', async () => {
    const url = inject('redisUrl');
    const prefix = `t-${randomBytes(4).toString('hex')}`;
    const a = bull(url, prefix);
    const b = bull(url, prefix);
    const runs: string[] = [];
    const handler = (who: string) => async (key: string) => {
      runs.push(`${key}:${who}`);
      await sleep(20);
    };
    await a.start(handler('a'));
    await b.start(handler('b'));
    const at = Date.now() + 400;
    const keys = Array.from({ length: 20 }, (_, i) => `g-${i}`);
    // Both processes re-arm every game (as each does at start): 40 schedules, 20 wakes.
    await Promise.all(keys.flatMap((k) => [a.wakeAt(k, at), b.wakeAt(k, at)]));
    await until(() => runs.length >= 20, 'twenty wakes');
    await sleep(500);
    expect(runs).toHaveLength(20);
    expect(new Set(runs.map((r) => r.split(':')[0]))).toEqual(new Set(keys));
    await a.obliterate();
  });

  it('a wake scheduled before a restart runs once in the process that comes up after it', async () => {
    const url = inject('redisUrl');
    const prefix = `t-${randomBytes(4).toString('hex')}`;
    const before = bull(url, prefix);
    await before.wakeAt('g-restart', Date.now() + 300);
    await before.close();
    open.splice(open.indexOf(before), 1);
    await sleep(500); // due while no process runs
    const after = bull(url, prefix);
    const runs: string[] = [];
    await after.start(async (key) => {
      runs.push(key);
    });
    await until(() => runs.length > 0, 'the wake after the restart');
    await sleep(300);
    expect(runs).toEqual(['g-restart']);
    await after.obliterate();
  });

  it('a wake that falls due during a Redis outage runs once when Redis is back', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hexref-sched-aof-'));
    let redis = await startPrivateRedis({ appendOnly: true, dir });
    const { port } = redis;
    try {
      const s = bull(redis.url, 'outage');
      const runs: string[] = [];
      await s.start(async (key) => {
        runs.push(key);
      });
      await s.wakeAt('g-outage', Date.now() + 700);
      await redis.kill();
      await sleep(1500);
      expect(runs).toEqual([]);
      redis = await startPrivateRedis({ appendOnly: true, dir, port });
      await until(() => runs.length > 0, 'the wake after the outage', 20_000);
      await sleep(300);
      expect(runs).toEqual(['g-outage']);
    } finally {
      for (const s of open.splice(0)) await s.close();
      await redis.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 40_000);
});
