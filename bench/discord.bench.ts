// npm run bench:discord — GAMES Campaign games played at once through the real bot: discord.js against
// the local fake Discord (test/support/fake-discord.ts), the embedded store, maps drawn by the render
// pool (one child process, as RENDER_PROCESSES defaults) and posted as JPEG as in production. In every
// round each game's player sends `/play end` at the same moment; the bench prints the time to the first
// acknowledgement (the interaction callback), to the last reply, and the event-loop delay, beside their
// floors in the same run: one game alone (the same commands, nothing else in flight) and the idle loop.
// The acknowledgement is timed twice: when the bot writes it to the network (undici's diagnostics channel
// `undici:client:sendHeaders`: what Discord would receive, less the network) and when the fake Discord,
// which runs in this same process, reads it (that also waits for the bot's other work on the shared event
// loop, which a real Discord on its own machine does not).
// Env: GAMES (default 8), ROUNDS (default 12), WORK_CONCURRENCY (default: the bot's, 4). Not a test: prints figures.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { subscribe } from 'node:diagnostics_channel';
import { startBotHarness } from '../test/support/bot-harness.js';
import { fakeUser } from '../test/support/fake-discord.js';
import { stats } from './timing.js';
import { WorkQueue } from '../src/discord/work-queue.js';

const GAMES = Number(process.env.GAMES ?? 8);
const ROUNDS = Number(process.env.ROUNDS ?? 12);

const h = await startBotHarness({ renderProcesses: 1, pictureFormat: 'jpeg' });
if (process.env.WORK_CONCURRENCY) h.bot.ctx.work = new WorkQueue(Number(process.env.WORK_CONCURRENCY), 64);
const players = Array.from({ length: GAMES + 1 }, (_, i) => fakeUser(`player${i}`));
const channels = Array.from({ length: GAMES + 1 }, (_, i) => `${9_100_000_000_000_000 + i}`);
const slash = (i: number, path: string, options: Record<string, string | boolean> = {}) =>
  h.fake.settle(h.fake.command(players[i]!, path, options, { channelId: channels[i]! }), h.bot.router);
for (let i = 0; i <= GAMES; i++) {
  await slash(i, 'game new', { scenario: 'campaign', side: 'both' });
  await slash(i, 'game start');
}

// Interaction token → when the bot wrote the headers of its callback (the acknowledgement) to the socket.
const written = new Map<string, number>();
subscribe('undici:client:sendHeaders', (m) => {
  const path = (m as { request?: { path?: string } }).request?.path ?? '';
  const token = /^\/api\/v\d+\/interactions\/\d+\/([^/]+)\/callback/.exec(path)?.[1];
  if (token && !written.has(token)) written.set(token, Date.now());
});

interface Round {
  /** Sent → the bot wrote its acknowledgement. */
  sent: number[];
  /** Sent → the fake Discord (same process) read it. */
  ack: number[];
  done: number[];
  loopP99: number;
  loopMax: number;
}

/** `/play end` in each of these games at once, ROUNDS times: ack and final-reply times per command. */
async function run(games: number[]): Promise<Round> {
  const sentAcks: number[] = [];
  const ack: number[] = [];
  const done: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  for (let r = 0; r < ROUNDS; r++) {
    const sent = games.map((i) => ({ at: Date.now(), ix: h.fake.command(players[i]!, 'play end', {}, { channelId: channels[i]! }) }));
    await Promise.all(sent.map((s) => s.ix.callback()));
    await h.bot.router.drain();
    for (const s of sent) {
      const reqs = h.fake.requestsFor(s.ix.token);
      const cb = reqs.find((q) => q.path.endsWith('/callback'))!;
      ack.push(cb.at - s.at);
      const w = written.get(s.ix.token);
      if (w === undefined) throw new Error('the acknowledgement was not seen leaving the bot (undici diagnostics channel)');
      sentAcks.push(w - s.at);
      done.push(Math.max(...reqs.map((q) => q.at)) - s.at);
    }
  }
  loop.disable();
  return { sent: sentAcks, ack, done, loopP99: loop.percentile(99) / 1e6, loopMax: loop.max / 1e6 };
}

const idle = monitorEventLoopDelay({ resolution: 5 });
idle.enable();
await new Promise((r) => setTimeout(r, 500));
idle.disable();
const alone = await run([GAMES]); // the extra game, by itself
const busy = await run(Array.from({ length: GAMES }, (_, i) => i));
await h.stop();

const f = (xs: number[]) => {
  const s = stats(xs);
  return `p50 ${s.median.toFixed(0).padStart(5)} ms  p99 ${s.p99.toFixed(0).padStart(5)} ms`;
};
console.log(`Discord bench: ${GAMES} Campaign games at once × ${ROUNDS} rounds of /play end (JPEG maps, render pool of 1)`);
console.log(
  `first acknowledgement   ${GAMES} games: ${f(busy.sent)}   | floor, 1 game: ${f(alone.sent)}   (target p99 ≤ 50 ms; written by the bot)`,
);
console.log(
  `  read by the fake Discord in this process: ${f(busy.ack)}   | 1 game: ${f(alone.ack)}   (waits for the bot's work on the shared loop)`,
);
console.log(`final reply             ${GAMES} games: ${f(busy.done)}   | floor, 1 game: ${f(alone.done)}   (target p99 ≤ 1,500 ms)`);
console.log(
  `event-loop delay        ${GAMES} games: p99 ${busy.loopP99.toFixed(1)} ms, max ${busy.loopMax.toFixed(0)} ms | 1 game: p99 ${alone.loopP99.toFixed(1)} ms | idle: p99 ${(idle.percentile(99) / 1e6).toFixed(1)} ms   (target p99 ≤ 50 ms)`,
);
