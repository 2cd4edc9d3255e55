// The store's part of a roll in one channel (issue 45: "dice streams append, not rewrite"): appendRecord
// of one roll item and a small head, one after another in one channel, on the embedded store and on
// Redis, each beside its floor measured in the same run: the raw durable append the store's append
// stands on (a line appended to a file and fdatasync'ed; an RPUSH on the same Redis).
// The embedded store's append is that one fdatasync of its journal line plus the exclusive create (no
// fsync) of the head's version file (docs/storage.md § Embedded file store, Records).
// Run: node --import tsx bench/roll-floor.bench.ts [appends]   (REDIS_URL, else a private redis-server)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FileStore } from '../src/store/file-store.js';
import { RedisStore } from '../src/store/redis-store.js';
import type { GameStore } from '../src/store/types.js';
import { benchRedis, ms, stats } from './timing.js';

const N = Number(process.argv[2] ?? 400);
const roll = (i: number) => ({ n: i, notation: '2d6+1', rolls: [3, 5], total: 9, user: '123456789012345678', at: 1_765_000_000_000 + i });

/** Appends a second and the median / p99 of one append (ms), for `step` run N times one after another. */
async function measure(step: (i: number) => Promise<unknown>): Promise<{ perSec: number; median: number; p99: number }> {
  for (let i = 0; i < 20; i++) await step(-1 - i); // warm up
  const samples: number[] = [];
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < N; i++) {
    const t = process.hrtime.bigint();
    await step(i);
    samples.push(ms(t));
  }
  const total = ms(t0);
  const s = stats(samples);
  return { perSec: (N / total) * 1000, median: s.median, p99: s.p99 };
}

async function appends(store: GameStore, key: string): Promise<ReturnType<typeof measure>> {
  let version = 0;
  return measure(async (i) => {
    const r = await store.appendRecord('dice', key, [roll(i)], { next: version + 1, stream: 'bench' }, version, { ttlMs: 3_600_000 });
    version = r.version;
  });
}

const fmt = (x: { perSec: number; median: number; p99: number }) =>
  `${x.perSec.toFixed(0).padStart(6)}/s  median ${x.median.toFixed(2)} ms  p99 ${x.p99.toFixed(2)} ms`;

const dir = mkdtempSync(path.join(os.tmpdir(), 'hexref-roll-floor-'));
const redis = await benchRedis();
try {
  // Embedded store, and its floor: one line appended and fdatasync'ed per roll.
  const file = await FileStore.open(path.join(dir, 'store'));
  const fileStore = await appends(file, 'c-file');
  await file.close();
  const fh = await open(path.join(dir, 'raw.jsonl'), 'a');
  const fileFloor = await measure(async (i) => {
    await fh.write(`${JSON.stringify({ v: i, items: [roll(i)] })}\n`);
    await fh.datasync();
  });
  await fh.close();

  // Redis, and its floor: an RPUSH of the same item.
  const prefix = `bench:${randomBytes(4).toString('hex')}:`;
  const store = await RedisStore.open(redis.url, { prefix });
  const redisStore = await appends(store, 'c-redis');
  const raw = store.rawClient();
  const redisFloor = await measure((i) => raw.rPush(`${prefix}raw`, JSON.stringify(roll(i))));
  const keys = await raw.keys(`${prefix}*`);
  if (keys.length) await raw.del(keys);
  await store.close();

  console.log(`appendRecord, one roll at a time in one channel (${N} appends; a 1 h expiry on each)`);
  console.log(`  embedded store  ${fmt(fileStore)}`);
  console.log(`    floor: append + fdatasync  ${fmt(fileFloor)}`);
  console.log(`  Redis           ${fmt(redisStore)}`);
  console.log(`    floor: RPUSH              ${fmt(redisFloor)}`);
} finally {
  await redis.stop();
  rmSync(dir, { recursive: true, force: true });
}
