// npm run bench:reminders — what the reminders cost on Redis (issue 17), each beside its floor measured
// in the same run:
//   arm: the work every accepted change adds in the background (read the nudge record, BullMQ add of the
//        next wake), beside a raw Redis GET+SET round trip;
//   wake: a due wake handled end to end (status read, nudge record, the notice, the record saved, the next
//        wake added; the notice goes to a notifier that only counts), beside the same GET+SET floor;
//   schedule→run: from wakeAt(now) to the handler running in a BullMQ worker, beside a raw Redis PING.
// Uses REDIS_URL if set, else starts a private redis-server for the run. Not a test: prints figures.
import { randomBytes } from 'node:crypto';
import { createClient } from '@redis/client';
import { openGameService } from '../src/app/wiring.js';
import { Reminders, type Delivery, type Notifier } from '../src/app/reminders.js';
import { BullScheduler } from '../src/schedule/index.js';
import { benchRedis, ms, stats } from './timing.js';

const N = Number(process.env.BENCH_N ?? 200);
const H = 3_600_000;

const line = (name: string, xs: number[], floorName: string, floor: number[]) => {
  const a = stats(xs);
  const f = stats(floor);
  console.log(
    `${name.padEnd(16)} median ${a.median.toFixed(3)} ms, p99 ${a.p99.toFixed(3)} ms   |  floor (${floorName}) median ${f.median.toFixed(3)} ms, p99 ${f.p99.toFixed(3)} ms   ratio ${(a.median / f.median).toFixed(1)}`,
  );
};

class Counting implements Notifier {
  sent = 0;
  async post(): Promise<Delivery> {
    this.sent++;
    return 'ok';
  }
  async dm(): Promise<Delivery> {
    this.sent++;
    return 'ok';
  }
}

async function main(): Promise<void> {
  const { url, stop: stopRedis } = await benchRedis();
  let now = Date.now();
  const bundle = await openGameService({ storeUrl: url, clock: () => now });
  const { service, store } = bundle;
  const prefix = `bench-${randomBytes(3).toString('hex')}`;
  const scheduler = new BullScheduler(url, { prefix });
  const notifier = new Counting();
  const reminders = new Reminders({ store, service, scheduler, notifier, now: () => now });
  const raw = createClient({ url });
  await raw.connect();

  // Games in their first wait, one per sample.
  const games: string[] = [];
  for (let i = 0; i < N; i++) {
    const c = await service.createGame({
      channelId: `b${randomBytes(5).toString('hex')}`,
      host: { userId: 'h' },
      scenario: 'tutorial',
      seatHostAs: 'both',
    });
    if (!c.ok) throw new Error(c.error.message);
    const s = await service.start({ gameId: c.gameId }, { userId: 'h' });
    if (!s.ok) throw new Error(s.error.message);
    games.push(c.gameId);
  }
  await reminders.settled();
  const doc = JSON.stringify((await store.load(games[0]!))!.doc);

  const floor: number[] = [];
  for (let i = 0; i < N; i++) {
    const t = process.hrtime.bigint();
    await raw.get(`${prefix}:floor`);
    await raw.set(`${prefix}:floor`, doc);
    floor.push(ms(t));
  }
  const arm: number[] = [];
  for (const g of games) {
    const st = await service.status({ gameId: g });
    if (!st.ok) throw new Error(st.error.message);
    const t = process.hrtime.bigint();
    await reminders.changed(g, st.status);
    arm.push(ms(t));
  }
  now += 25 * H; // every game's first reminder is due
  const wake: number[] = [];
  for (const g of games) {
    const t = process.hrtime.bigint();
    await reminders.wake(g, now);
    wake.push(ms(t));
  }
  if (notifier.sent !== N) throw new Error(`expected ${N} reminders, sent ${notifier.sent}`);

  // Schedule → run through a BullMQ worker (wall clock).
  const ping: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t = process.hrtime.bigint();
    await raw.ping();
    ping.push(ms(t));
  }
  const latency: number[] = [];
  const worker = new BullScheduler(url, { prefix: `${prefix}-run` });
  let resolveRun: (() => void) | null = null;
  await worker.start(async () => {
    resolveRun?.();
  });
  for (let i = 0; i < 50; i++) {
    const ran = new Promise<void>((r) => (resolveRun = r));
    const t = process.hrtime.bigint();
    await worker.wakeAt(`run-${i}`, Date.now());
    await ran;
    latency.push(ms(t));
  }

  console.log(`reminders bench: ${N} games on Redis (BullMQ), medians and p99`);
  line('arm (per change)', arm, 'GET+SET', floor);
  line('wake (reminder)', wake, 'GET+SET', floor);
  line('schedule→run', latency, 'PING', ping);

  await worker.obliterate();
  await worker.close();
  await scheduler.obliterate();
  await scheduler.close();
  await raw.quit();
  await bundle.close();
  await stopRedis();
}

await main();
