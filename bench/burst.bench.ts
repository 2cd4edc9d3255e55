// npm run bench:burst — INTERACTIONS slash commands at the same moment against the real bot (discord.js,
// router, work queue, game service, in-memory store, render pool of one as in production):
// `/play end` spread over GAMES Campaign games, all dispatched by the fake Discord in one go.
// The fake Discord (test/support/fake-discord.ts) runs in a worker thread of its own, as Discord runs on
// its own machines: an acknowledgement is timed from the dispatch of INTERACTION_CREATE to the moment the
// fake reads the interaction callback, without waiting for the bot's game work on the bot's event loop.
// Prints: generic errors (target 0), interactions acknowledged (target all), acknowledgement p50/p99
// (target p99 ≤ 3 s, Discord's window) beside its floor (one interaction alone, the same command), the
// answers by kind (accepted, polite busy, other refusals), accepted actions lost (target 0: each game's
// version grew by exactly its accepted answers) and RSS before/after.
// Env: INTERACTIONS (default 300), GAMES (default 10), FLOOR_RUNS (default 20). Not a test: prints figures.
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import type { Interaction } from 'discord.js';
import { FakeDiscord, fakeUser, snowflake, type FakeUser } from '../test/support/fake-discord.js';
import { textOf } from '../test/support/bot-harness.js';
import { stats } from './timing.js';

/** One interaction as the fake saw it: when it was dispatched, when its callback was read, its answers. */
interface Seen {
  token: string;
  dispatched: number;
  acked: number | null;
  answers: string[];
}

/** A slash command to send: who, `name sub`, its options, where. */
interface Command {
  user: FakeUser;
  path: string;
  options?: Record<string, string | boolean>;
  channelId: string;
}

type Request = { op: 'burst'; list: Command[] } | { op: 'seen'; tokens: string[] } | { op: 'close' };

// ───────────────────────── the fake Discord's thread ─────────────────────────
if (!isMainThread) {
  const fake = await new FakeDiscord().start();
  const port = parentPort!;
  const dispatched = new Map<string, number>();
  port.on('message', (m: { id: number; req: Request }) => {
    const answer = (value: unknown) => port.postMessage({ id: m.id, value });
    const r = m.req;
    if (r.op === 'burst') {
      // Every INTERACTION_CREATE of the burst is written to the gateway in one synchronous loop.
      const tokens = r.list.map(({ user, path, options, channelId }) => {
        const ix = fake.command(user, path, options ?? {}, { channelId });
        dispatched.set(ix.token, Date.now());
        return ix.token;
      });
      answer(tokens);
    } else if (r.op === 'seen') {
      answer(
        r.tokens.map((token): Seen => {
          const cb = fake.requestsFor(token).find((q) => q.path.endsWith('/callback'));
          return {
            token,
            dispatched: dispatched.get(token)!,
            acked: cb?.at ?? null,
            answers: fake.repliesFor(token).map((x) => textOf(x)),
          };
        }),
      );
    } else if (r.op === 'close') {
      void fake.close().then(
        () => answer(null),
        (e: unknown) => answer(String(e)),
      );
    }
  });
  port.postMessage({ id: 0, value: { api: fake.api } });
} else {
  await main();
}

async function main(): Promise<void> {
  const N = Number(process.env.INTERACTIONS ?? 300);
  const GAMES = Number(process.env.GAMES ?? 10);
  const FLOOR_RUNS = Number(process.env.FLOOR_RUNS ?? 20);
  const [{ parseConfig }, { createLogger }, { startBot }] = await Promise.all([
    import('../src/config.js'),
    import('../src/log.js'),
    import('../src/main-bot.js'),
  ]);

  // This same file is the worker's code, run through tsx (registered in the worker's own thread).
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const self = JSON.stringify(import.meta.url);
  const worker = new Worker(`import(${tsx}).then((t) => { t.register(); return import(${self}); })`, { eval: true });
  let next = 1;
  const pending = new Map<number, (v: unknown) => void>();
  const started = new Promise<{ api: string }>((resolve) => pending.set(0, resolve as (v: unknown) => void));
  worker.on('message', (m: { id: number; value: unknown }) => {
    pending.get(m.id)?.(m.value);
    pending.delete(m.id);
  });
  const ask = <T>(req: Request) =>
    new Promise<T>((resolve) => {
      const id = next++;
      pending.set(id, resolve as (v: unknown) => void);
      worker.postMessage({ id, req });
    });
  const { api } = await started;

  const config = parseConfig({ DISCORD_TOKEN: 'fake.token.for-bench-000', STORE_URL: 'memory:', LOG_LEVEL: 'silent' });
  const bot = await startBot(config, createLogger('silent'), {
    renderProcesses: 1,
    pictureFormat: 'jpeg',
    rest: { api },
    handleSignals: false,
  });
  // Interaction token → received by the bot; lets the bench wait until the bot has handled what it sent.
  const received = new Set<string>();
  let onReceived = () => {};
  bot.client.on('interactionCreate', (ix: Interaction) => {
    received.add(ix.token);
    onReceived();
  });
  /** Send these commands at once and wait until the bot has received and finished every one. */
  const burst = async (list: Command[]): Promise<Seen[]> => {
    const tokens = await ask<string[]>({ op: 'burst', list });
    while (!tokens.every((t) => received.has(t))) await new Promise<void>((r) => (onReceived = r));
    await bot.router.drain();
    return ask<Seen[]>({ op: 'seen', tokens });
  };

  const players = Array.from({ length: GAMES + 1 }, (_, i) => fakeUser(`player${i}`));
  const channels = Array.from({ length: GAMES + 1 }, () => snowflake());
  for (let i = 0; i <= GAMES; i++) {
    await burst([{ user: players[i]!, path: 'game new', options: { scenario: 'campaign', side: 'both' }, channelId: channels[i]! }]);
    await burst([{ user: players[i]!, path: 'game start', channelId: channels[i]! }]);
  }
  const service = bot.ctx.game.service;
  const version = async (i: number) => {
    const s = await service.status({ channelId: channels[i]! });
    return s.ok ? s.version : -1;
  };

  // Floor: the same command in a game of its own, one at a time.
  const floor: Seen[] = [];
  for (let k = 0; k < FLOOR_RUNS; k++)
    floor.push(...(await burst([{ user: players[GAMES]!, path: 'play end', channelId: channels[GAMES]! }])));

  const before = await Promise.all(players.slice(0, GAMES).map((_, i) => version(i)));
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const list = Array.from({ length: N }, (_, k) => ({ user: players[k % GAMES]!, path: 'play end', channelId: channels[k % GAMES]! }));
  const t0 = Date.now();
  const seen = await burst(list);
  const wall = Date.now() - t0;
  const rssAfter = process.memoryUsage().rss;
  const after = await Promise.all(players.slice(0, GAMES).map((_, i) => version(i)));

  const kind = (s: Seen) => {
    const t = s.answers.join('\n');
    if (/Something went wrong/.test(t)) return 'generic';
    if (/The referee is busy/.test(t)) return 'busy';
    if (/⛔/.test(t)) return 'refused';
    return s.answers.length ? 'accepted' : 'silent';
  };
  const count = (k: string) => seen.filter((s) => kind(s) === k).length;
  const accepted = Array.from({ length: GAMES }, () => 0);
  seen.forEach((s, k) => {
    if (kind(s) === 'accepted') accepted[k % GAMES]!++;
  });
  const lost = accepted.reduce((sum, a, i) => sum + Math.max(0, a - (after[i]! - before[i]!)), 0);
  const extra = accepted.reduce((sum, a, i) => sum + Math.max(0, after[i]! - before[i]! - a), 0);
  const acks = seen.filter((s) => s.acked !== null).map((s) => s.acked! - s.dispatched);
  const floorAcks = floor.map((s) => s.acked! - s.dispatched);

  await bot.stop();
  const closed = await ask<string | null>({ op: 'close' });
  await worker.terminate();

  function f(xs: number[]): string {
    const s = stats(xs);
    return `p50 ${s.median.toFixed(0).padStart(5)} ms  p99 ${s.p99.toFixed(0).padStart(5)} ms`;
  }
  const mb = (b: number) => `${(b / 2 ** 20).toFixed(0)} MiB`;
  console.log(
    `Burst bench: ${N} × /play end at once over ${GAMES} Campaign games (work queue ${config.WORK_CONCURRENCY} at once, ${config.WORK_QUEUE} waiting; fake Discord in its own thread)`,
  );
  console.log(`generic errors          ${count('generic')}   (target 0)`);
  console.log(`acknowledged            ${acks.length} of ${N}   (target all)`);
  console.log(`acknowledgement         ${N} at once: ${f(acks)}   | floor, 1 alone: ${f(floorAcks)}   (target p99 ≤ 3,000 ms)`);
  console.log(
    `answers                 accepted ${count('accepted')}, busy (polite, nothing changed) ${count('busy')}, other refusals ${count('refused')}, none ${count('silent')}; all answered after ${wall} ms`,
  );
  console.log(`accepted but lost       ${lost}   (target 0; versions beyond the accepted answers: ${extra})`);
  console.log(`RSS                     before ${mb(rssBefore)}, after ${mb(rssAfter)}`);
  if (closed) console.log(`fake Discord: ${closed}`);
}
