// npm run bench:roll — `/roll` in one channel: rolls per second through the channel dice
// (src/dice/channel.ts over the game store, src/app/dice-streams.ts), on the embedded file store and on
// Redis, each beside its floor measured in the same run: the raw append a roll cannot do without (a bare
// jsonl append with the store's fsync policy — append, datasync, close; a bare RPUSH of the roll's JSON).
// A roll appends its record to the stream's items and rewrites the stream's small head under
// compare-and-set, so its cost stays flat as the stream fills (the figure is also given for the last
// rolls of a full stream), and the store's appendRecord alone between the two. Uses REDIS_URL if set, else a private redis-server. Not a test: prints figures.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StoreDiceStreams } from '../src/app/dice-streams.js';
import { MAX_ROLLS_PER_STREAM, rollInChannel } from '../src/dice/channel.js';
import { FileStore } from '../src/store/file-store.js';
import { appendItemLines } from '../src/store/item-lines.js';
import { RedisStore } from '../src/store/redis-store.js';
import { DAY_MS, type GameStore } from '../src/store/types.js';
import { benchRedis, ms, stats } from './timing.js';

/** Rolls timed per store: a whole stream (the 501st roll reveals it and starts the next). */
const N = Number(process.env.BENCH_N ?? MAX_ROLLS_PER_STREAM);
const WARMUP = 20;
const TARGET = 200;

/** A roll's record as it is appended (the floor writes the same bytes). */
const SAMPLE = JSON.stringify({ n: 123, input: '2d6', text: '2d6: [3, 4] = 7', total: 7, dice: [3, 4], at: new Date().toISOString() });

interface Figure {
  perSecond: number;
  median: number;
  p99: number;
  /** Median of the last 50 rolls of the stream (a full stream costs what an empty one does). */
  lastMedian: number;
}

async function timeRolls(store: GameStore, channel: string): Promise<Figure> {
  const streams = new StoreDiceStreams(store);
  for (let i = 0; i < WARMUP; i++) await rollInChannel(streams, `${channel}w`, '2d6');
  const times: number[] = [];
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < N; i++) {
    const t = process.hrtime.bigint();
    await rollInChannel(streams, channel, '2d6');
    times.push(ms(t));
  }
  const total = ms(t0);
  const s = stats(times);
  return { perSecond: (N / total) * 1000, median: s.median, p99: s.p99, lastMedian: stats(times.slice(-50)).median };
}

/** N rolls sent at once (a busy channel): they queue, and each write appends the batch that waited. */
async function timeBurst(store: GameStore, channel: string): Promise<Figure> {
  const streams = new StoreDiceStreams(store);
  await rollInChannel(streams, channel, '2d6'); // the stream exists
  const times: number[] = [];
  const t0 = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: N }, async () => {
      await rollInChannel(streams, channel, '2d6');
      times.push(ms(t0));
    }),
  );
  const total = ms(t0);
  const s = stats(times);
  return { perSecond: (N / total) * 1000, median: s.median, p99: s.p99, lastMedian: stats(times.slice(-50)).median };
}

/** The store's own append (one item, a head like a stream's) with nothing of the dice around it. */
function timeStoreAppend(store: GameStore): Promise<Figure> {
  let v = 0;
  const head = { format: 'bench', seed: 'a'.repeat(64), commitment: 'b'.repeat(64), rolls: 0 };
  return timeFloor(async () => {
    v = (await store.appendRecord('bench', 'append', [JSON.parse(SAMPLE)], { ...head, rolls: v }, v, { ttlMs: DAY_MS })).version;
  });
}

async function timeFloor(write: () => Promise<unknown>): Promise<Figure> {
  for (let i = 0; i < WARMUP; i++) await write();
  const times: number[] = [];
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < N; i++) {
    const t = process.hrtime.bigint();
    await write();
    times.push(ms(t));
  }
  const total = ms(t0);
  const s = stats(times);
  return { perSecond: (N / total) * 1000, median: s.median, p99: s.p99, lastMedian: stats(times.slice(-50)).median };
}

function line(name: string, f: Figure): string {
  return `  ${name.padEnd(40)} ${f.perSecond.toFixed(0).padStart(6)} /s   median ${f.median.toFixed(2)} ms   p99 ${f.p99.toFixed(2)} ms   last 50 median ${f.lastMedian.toFixed(2)} ms`;
}

async function main(): Promise<void> {
  console.log(`bench:roll — ${N} rolls of 2d6 in one channel, one after another and all at once (target ≥ ${TARGET} rolls/s)`);
  const results: Array<{ store: string; roll: Figure; burst: Figure; append: Figure; floor: Figure }> = [];

  // The embedded file store (a temp folder on this machine's disk).
  const dir = mkdtempSync(join(tmpdir(), 'hexref-roll-bench-'));
  try {
    const file = await FileStore.open(join(dir, 'store'));
    const roll = await timeRolls(file, 'bench-file');
    const burst = await timeBurst(file, 'bench-file-burst');
    const append = await timeStoreAppend(file);
    await file.close();
    const target = join(dir, 'floor.jsonl');
    let v = 0;
    const floor = await timeFloor(() => appendItemLines(target, `${JSON.stringify({ v: ++v, items: [JSON.parse(SAMPLE)] })}\n`));
    results.push({ store: 'file', roll, burst, append, floor });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  // Redis.
  const { url, stop } = await benchRedis();
  try {
    const prefix = `bench-roll-${randomBytes(4).toString('hex')}:`;
    const redis = await RedisStore.open(url, { prefix });
    const roll = await timeRolls(redis, 'bench-redis');
    const burst = await timeBurst(redis, 'bench-redis-burst');
    const append = await timeStoreAppend(redis);
    const raw = redis.rawClient();
    const key = `${prefix}floor`;
    const floor = await timeFloor(() => raw.rPush(key, SAMPLE));
    await raw.del(key);
    await redis.close();
    results.push({ store: 'redis', roll, burst, append, floor });
  } finally {
    await stop();
  }

  for (const r of results) {
    console.log(`${r.store} store:`);
    console.log(line('rolls one after another', r.roll));
    console.log(line(`${N} rolls at once (latency from start)`, r.burst));
    console.log(line('the store’s appendRecord alone', r.append));
    console.log(line(r.store === 'file' ? 'floor: bare jsonl append + datasync' : 'floor: bare RPUSH', r.floor));
    console.log(
      `  one roll costs ${(r.roll.median / r.floor.median).toFixed(1)}× the floor (median); one after another ${r.roll.perSecond >= TARGET ? 'meets' : 'is BELOW'} the ${TARGET}/s target, at once ${r.burst.perSecond >= TARGET ? 'meets' : 'is BELOW'} it`,
    );
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
