// Reminders with several bot processes on one Redis (issue 17): each process has its own store
// connection, game service, BullMQ scheduler and reminders, as separate bot processes would; what they
// send goes to one Discord, which keeps one message per nonce (enforce_nonce). Each reminder shows
// exactly once, and a process stopped before the reminder falls due loses none to the one that remains.
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { GameService } from '../../src/app/game-service.js';
import { Reminders, type Delivery, type Notice, type Notifier } from '../../src/app/reminders.js';
import { engineHelpers } from '../../src/app/wiring.js';
import { createEngine } from '../../src/engine/index.js';
import { BullScheduler } from '../../src/schedule/index.js';
import { RedisStore } from '../../src/store/redis-store.js';
import { FIN, HOST, SOV, ok, ruleset } from './helpers.js';

const H = 3_600_000;

/** One Discord for every process: it records each send, and keeps one message per nonce. */
class SharedDiscord implements Notifier {
  sends: Notice[] = [];
  messages = new Map<string, Notice>();
  async post(n: Notice): Promise<Delivery> {
    this.sends.push(n);
    if (!this.messages.has(n.nonce)) this.messages.set(n.nonce, n);
    return 'ok';
  }
  async dm(_user: string, n: Notice): Promise<Delivery> {
    return this.post(n);
  }
}

/**
 * One reminder message per game. Two wakes of one game (an older wait's, and the current one's) may run
 * at once in two processes and both send before one of them wins the nudge record's compare-and-set:
 * what they send is the same notice with the same nonce, which Discord shows once.
 */
function expectOneMessageEach(discord: SharedDiscord, ids: string[]): void {
  expect([...discord.messages.values()].map((n) => n.gameId).sort()).toEqual([...ids].sort());
  for (const id of ids) expect(new Set(discord.sends.filter((n) => n.gameId === id).map((n) => n.nonce)).size).toBe(1);
  expect([...discord.messages.values()].every((n) => n.kind === 'reminder')).toBe(true);
}

interface Proc {
  reminders: Reminders;
  service: GameService;
  close(): Promise<void>;
}

describe('reminders with two bot processes on one Redis (BullMQ)', () => {
  const procs: Proc[] = [];
  afterEach(async () => {
    for (const p of procs.splice(0)) await p.close();
  });

  async function proc(discord: SharedDiscord, prefix: string, clock: () => number): Promise<Proc> {
    const url = inject('redisUrl');
    const rs = ruleset();
    const store = await RedisStore.open(url, { prefix: `${prefix}:` });
    const service = new GameService({
      store,
      engine: createEngine(rs),
      helpers: engineHelpers,
      ruleset: { id: rs.id, scenarios: rs.scenarios.map((s) => ({ id: s.id, name: s.name })) },
      clock,
    });
    const scheduler = new BullScheduler(url, { prefix: `${prefix}-bull` });
    const reminders = new Reminders({ store, service, scheduler, notifier: discord, now: clock });
    await scheduler.start((key, at) => reminders.wake(key, at));
    const p: Proc = {
      reminders,
      service,
      async close() {
        await reminders.settled();
        await scheduler.close();
        await store.close();
      },
    };
    procs.push(p);
    return p;
  }

  /** Games whose waits began 24 h minus `dueInMs` ago, by the clock both processes share. */
  async function games(p: Proc, n: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const g = ok(await p.service.createGame({ channelId: `ch${randomBytes(4).toString('hex')}`, host: HOST, scenario: 'tutorial' }));
      ok(await p.service.seat({ gameId: g.gameId }, FIN, { side: 'finnish' }));
      ok(await p.service.seat({ gameId: g.gameId }, SOV, { side: 'soviet' }));
      ok(await p.service.start({ gameId: g.gameId }, HOST));
      ids.push(g.gameId);
    }
    await p.reminders.settled();
    return ids;
  }

  it('each reminder shows once, whichever process wakes, though both arm every game', { timeout: 30_000 }, async () => {
    const prefix = `rr-${randomBytes(4).toString('hex')}`;
    const discord = new SharedDiscord();
    // The games began (by the game clock) a day ago less 1.5 s: their first reminders fall due in 1.5 s.
    let offset = -24 * H + 1500;
    const clock = () => Date.now() + offset;
    const a = await proc(discord, prefix, clock);
    const b = await proc(discord, prefix, clock);
    const ids = await games(a, 6);
    offset = 0; // from here the game clock is the wall clock BullMQ runs on
    expect(await b.reminders.resumeAll()).toBe(6); // process b starts and arms every game too
    const deadline = Date.now() + 15_000;
    while (discord.sends.length < 6 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 1000));
    expectOneMessageEach(discord, ids);
  });

  it('a process stopped before the reminder is due loses none: the other one sends it, once', { timeout: 30_000 }, async () => {
    const prefix = `rr-${randomBytes(4).toString('hex')}`;
    const discord = new SharedDiscord();
    let offset = -24 * H + 1500;
    const clock = () => Date.now() + offset;
    const a = await proc(discord, prefix, clock);
    const ids = await games(a, 3);
    offset = 0;
    await a.close();
    procs.splice(procs.indexOf(a), 1);
    const b = await proc(discord, prefix, clock);
    await new Promise((r) => setTimeout(r, 2500));
    expectOneMessageEach(discord, ids);
    expect(b).toBeDefined();
  });
});
