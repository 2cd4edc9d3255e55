// npm run bench:throughput — real player commands through the game service on Redis, the way /play
// sends them (an action built inside `act` from its one read), open loop at RATE commands a second spread
// over GAMES active Campaign games for SECONDS, without maps. Prints commands/s achieved and latency
// (from each command's scheduled time, so queueing counts) beside the floor measured in the same run: a
// raw Redis GET+SET of the same game documents at the same rate.
//
// SHARDS=2 runs the same load split over two processes on one Redis (docs/storage.md § Throughput):
// this process creates the games, then each process plays its share (games by index modulo SHARDS).
// Env: RATE (default 200), GAMES (1000), SECONDS (20), SHARDS (1), REDIS_URL (else a private redis-server).
// Not a test: prints figures.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createClient } from '@redis/client';
import { openGameService } from '../src/app/wiring.js';
import type { ActionBuilder } from '../src/app/game-service.js';
import { defaultAction } from '../src/app/decision-answers.js';
import type { Phase } from '../src/engine/types.js';
import { benchRedis, stats } from './timing.js';

const RATE = Number(process.env.RATE ?? 200);
const GAMES = Number(process.env.GAMES ?? 1000);
const SECONDS = Number(process.env.SECONDS ?? 20);
const SHARDS = Number(process.env.SHARDS ?? 1);
const user = { userId: 'bench' };

/** What a player would send next: the default answer to a decision, a couple of moves, else end the phase. */
const nextCommand: ActionBuilder = (seen) => {
  const pending = seen.status.mustAct?.pending;
  if (pending) return { ok: true, action: defaultAction(pending) };
  if (seen.status.phase === 'action' && Math.random() < 0.5) {
    // Half the commands in an Action Phase move a unit (those that have moved are no longer listed).
    const mover = seen.legal.units.find((u) => u.kind === 'move' && u.reachable.length > 0);
    if (mover) return { ok: true, action: { type: 'move', units: mover.units, to: mover.reachable[0]!.hex } };
  }
  return { ok: true, action: { type: 'endPhase', phase: seen.status.phase as Phase } };
};

interface Figures {
  sent: number;
  done: number;
  failed: number;
  seconds: number;
  latency: number[];
}

/** Open loop: command i leaves at start + i/rate whatever the others are doing. */
async function openLoop(rate: number, seconds: number, one: (i: number) => Promise<boolean>): Promise<Figures> {
  const total = Math.round(rate * seconds);
  const latency: number[] = [];
  let done = 0;
  let failed = 0;
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    // From the scheduled time when the loop is late (queueing counts), from sending when it is early.
    const from = Math.min(due, performance.now());
    inFlight.push(
      one(i).then(
        (ok) => {
          latency.push(performance.now() - from);
          if (ok) done++;
          else failed++;
        },
        () => {
          failed++;
        },
      ),
    );
  }
  await Promise.all(inFlight);
  return { sent: total, done, failed, seconds: (performance.now() - start) / 1000, latency };
}

/** Play this process's share of the games at `rate` a second. */
async function play(url: string, ids: string[], rate: number): Promise<Figures> {
  const bundle = await openGameService({ storeUrl: url });
  let n = 0;
  const why = new Map<string, number>();
  const act = await openLoop(rate, SECONDS, async () => {
    const r = await bundle.service.act({ gameId: ids[n++ % ids.length]! }, user, nextCommand);
    if (!r.ok) why.set(r.error.code, (why.get(r.error.code) ?? 0) + 1);
    return r.ok;
  });
  if (why.size) console.log(`  refusals: ${[...why].map(([c, k]) => `${c} ×${k}`).join(', ')}`);
  await bundle.close();
  return act;
}

/** The floor: the same game documents read and written back raw (GET+SET, src/store/redis-store.ts keys), same rate. */
async function rawFloor(url: string, ids: string[], rate: number): Promise<Figures> {
  const client = createClient({ url });
  await client.connect();
  let k = 0;
  const raw = await openLoop(rate, SECONDS, async () => {
    const key = `hexref:game:${ids[k++ % ids.length]!}`;
    const got = await client.get(key);
    if (got === null) return false;
    await client.set(key, got);
    return true;
  });
  client.destroy();
  return raw;
}

function line(name: string, f: Figures): string {
  const s = stats(f.latency);
  return `${name.padEnd(34)} ${(f.done / f.seconds).toFixed(0).padStart(5)}/s done (${f.failed} failed)  p50 ${s.median.toFixed(1)} ms  p99 ${s.p99.toFixed(1)} ms`;
}

async function main(): Promise<void> {
  if (process.env.BENCH_SHARD) {
    // A shard: play the games given by the coordinator, report figures on the IPC channel.
    const { url, ids, rate } = JSON.parse(process.env.BENCH_SHARD) as { url: string; ids: string[]; rate: number };
    process.send!(await play(url, ids, rate));
    return;
  }
  const { url, stop: stopRedis } = await benchRedis();
  const setup = await openGameService({ storeUrl: url });
  const ids: string[] = [];
  const t0 = performance.now();
  for (let i = 0; i < GAMES; i++) {
    const c = await setup.service.createGame({
      channelId: `tp-${randomBytes(4).toString('hex')}`,
      host: user,
      scenario: 'campaign',
      seatHostAs: 'both',
    });
    if (!c.ok) throw new Error(c.error.message);
    const s = await setup.service.start({ gameId: c.gameId }, user);
    if (!s.ok) throw new Error(s.error.message);
    ids.push(c.gameId);
  }
  await setup.close();
  console.log(
    `throughput bench: ${GAMES} active Campaign games on ${url.replace(/\/\/[^@/]*@/, '//***@')} (set up in ${((performance.now() - t0) / 1000).toFixed(1)} s), open loop ${RATE}/s for ${SECONDS} s, ${SHARDS} process(es), no maps`,
  );
  if (SHARDS <= 1) {
    console.log(line('player commands (service.act)', await play(url, ids, RATE)));
  } else {
    const self = fileURLToPath(import.meta.url);
    const parts = await Promise.all(
      Array.from({ length: SHARDS }, (_, k) => {
        const share = ids.filter((_, i) => i % SHARDS === k);
        const child = fork(self, [], {
          execArgv: ['--import', 'tsx'],
          env: { ...process.env, BENCH_SHARD: JSON.stringify({ url, ids: share, rate: RATE / SHARDS }) },
        });
        return new Promise<Figures>((resolve, reject) => {
          child.once('message', (m) => resolve(m as Figures));
          child.once('error', reject);
        });
      }),
    );
    parts.forEach((p, k) => console.log(line(`shard ${k + 1} of ${SHARDS}`, p)));
    const all: Figures = {
      sent: parts.reduce((n, p) => n + p.sent, 0),
      done: parts.reduce((n, p) => n + p.done, 0),
      failed: parts.reduce((n, p) => n + p.failed, 0),
      seconds: Math.max(...parts.map((p) => p.seconds)),
      latency: parts.flatMap((p) => p.latency),
    };
    console.log(line('all shards together', all));
  }
  console.log(line('floor: raw GET+SET, same documents', await rawFloor(url, ids, RATE)));
  console.log(`targets (issue 18): ≥ 200 commands/s per 2-core process, p99 ≤ 100 ms`);
  await stopRedis();
}

await main();
