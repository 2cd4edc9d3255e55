// Retention (docs/retention.md): a finished game leaves nothing behind once its retention has run out —
// not its document, history or indexes (the store's finished-game TTL), not its reminders' nudge record
// (deleted when the game ends), and the records around it expire after their idle time: the channel's
// dice streams and the players' preferences. On Redis (real expiry, short retention) and on the
// embedded file store (its clock moved on). `/game forget` deletes a player's preferences at once.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { StoreDiceStreams } from '../../src/app/dice-streams.js';
import { GameService } from '../../src/app/game-service.js';
import { Reminders, type Delivery, type Notice, type Notifier } from '../../src/app/reminders.js';
import { engineHelpers } from '../../src/app/wiring.js';
import { rollInChannel } from '../../src/dice/channel.js';
import { createEngine } from '../../src/engine/index.js';
import { LocalScheduler } from '../../src/schedule/index.js';
import { DAY_MS, MemoryStore, type GameStore } from '../../src/store/index.js';
import { FileStore } from '../../src/store/file-store.js';
import { RedisStore } from '../../src/store/redis-store.js';
import { FIN, HOST, SOV, ok, ruleset } from './helpers.js';

const H = 3_600_000;
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

class Recorder implements Notifier {
  sent: Notice[] = [];
  async post(n: Notice): Promise<Delivery> {
    this.sent.push(n);
    return 'ok';
  }
  async dm(_user: string, n: Notice): Promise<Delivery> {
    this.sent.push(n);
    return 'ok';
  }
}

interface Rig {
  store: GameStore;
  /** Where the game's traces could be: every Redis key or file of the store, with its content. */
  traces(): Promise<Array<{ name: string; text: string }>>;
  /** Let `ms` pass (real time on Redis, the store's clock on the file store). */
  pass(ms: number): Promise<void>;
  clock: () => number;
  /** Make the clock read `ms` earlier than now until `pass` (a game whose wait began long ago). */
  back(ms: number): void;
  close(): Promise<void>;
}

/** The retention the rigs run with (finished games and every idle record alike). */
const RETENTION_MS = 3000;
const days = RETENTION_MS / DAY_MS;

async function redisRig(): Promise<Rig> {
  const prefix = `ret-${randomBytes(4).toString('hex')}:`;
  const store = await RedisStore.open(inject('redisUrl'), { prefix, finishedTtlDays: days });
  let offset = 0;
  const raw = store.rawClient();
  return {
    store,
    clock: () => Date.now() + offset,
    back: (ms) => void (offset = -ms),
    async pass(ms) {
      offset = 0;
      await new Promise((r) => setTimeout(r, ms));
    },
    async traces() {
      const keys = await raw.keys(`${prefix}*`);
      return Promise.all(
        keys.map(async (k) => {
          const type = await raw.type(k);
          const text =
            type === 'string'
              ? ((await raw.get(k)) ?? '')
              : type === 'list'
                ? (await raw.lRange(k, 0, -1)).join('\n')
                : JSON.stringify(await raw.sendCommand(['DUMP', k]));
          return { name: k.slice(prefix.length), text };
        }),
      );
    },
    close: () => store.close(),
  };
}

async function fileRig(): Promise<Rig> {
  const dir = mkdtempSync(join(tmpdir(), 'hexref-retention-'));
  dirs.push(dir);
  let now = Date.parse('2026-12-01T12:00:00Z');
  let offset = 0;
  const clock = () => now + offset;
  let store: GameStore = await FileStore.open(dir, { finishedTtlDays: days, now: clock });
  const walk = (d: string): string[] =>
    readdirSync(d).flatMap((f) => (statSync(join(d, f)).isDirectory() ? walk(join(d, f)) : [join(d, f)]));
  return {
    get store() {
      return store;
    },
    clock,
    back: (ms) => void (offset = -ms),
    async pass(ms) {
      offset = 0;
      now += ms;
      // Reopened as after a restart: the embedded store drops what has expired at open.
      await store.close();
      store = await FileStore.open(dir, { finishedTtlDays: days, now: clock });
    },
    async traces() {
      // A record's superseded versions (the store keeps the newest three: versioned-files.ts) go with
      // its next writes: only each record's newest version is what it holds.
      const files = walk(dir).filter((f) => !/\.lock|lock$/.test(f));
      const newest = new Map<string, number>();
      for (const f of files) {
        const m = /^(.*)\/(\d+)\.json$/.exec(f);
        if (m) newest.set(m[1]!, Math.max(newest.get(m[1]!) ?? 0, Number(m[2])));
      }
      return files
        .filter((f) => {
          const m = /^(.*)\/(\d+)\.json$/.exec(f);
          return !m || newest.get(m[1]!) === Number(m[2]);
        })
        .map((f) => ({ name: f.slice(dir.length + 1), text: readFileSync(f, 'utf8') }));
    },
    close: () => store.close(),
  };
}

describe('a finished game leaves nothing behind after its retention', () => {
  for (const [name, make] of [
    ['Redis', redisRig],
    ['the embedded file store', fileRig],
  ] as const) {
    it(`on ${name}: game, history, nudge, dice streams and preferences all go`, { timeout: 30_000 }, async () => {
      const rig = await make();
      const rs = ruleset();
      const notifier = new Recorder();
      // The service and reminders read the store through the rig (the file rig reopens it).
      const store = new Proxy({} as GameStore, {
        get: (_t, p) => {
          const s = rig.store as unknown as Record<PropertyKey, unknown>;
          const v = s[p];
          return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(s) : v;
        },
      });
      const service = new GameService({
        store,
        engine: createEngine(rs),
        helpers: engineHelpers,
        ruleset: { id: rs.id, scenarios: rs.scenarios.map((s) => ({ id: s.id, name: s.name })) },
        clock: rig.clock,
      });
      const scheduler = new LocalScheduler(store, { now: rig.clock });
      const reminders = new Reminders({ store, service, scheduler, notifier, now: rig.clock, nudgeIdleDays: days, playerIdleDays: days });
      const dice = new StoreDiceStreams(store, { idleDays: days });
      try {
        await scheduler.start((key, at) => reminders.wake(key, at));
        const channelId = `ret${randomBytes(4).toString('hex')}`;
        rig.back(25 * H); // the game waited a day for its first move: a reminder is due
        const g = ok(await service.createGame({ channelId, guildId: 'guild1', host: HOST, scenario: 'tutorial' }));
        ok(await service.seat({ gameId: g.gameId }, FIN, { side: 'finnish' }));
        ok(await service.seat({ gameId: g.gameId }, SOV, { side: 'soviet' }));
        ok(await service.start({ gameId: g.gameId }, HOST));
        await reminders.settled();
        await rig.pass(0);
        await scheduler.poke();
        expect(notifier.sent.some((n) => n.kind === 'reminder' && n.gameId === g.gameId)).toBe(true);
        await reminders.setDm(FIN.userId, true);
        await reminders.away(SOV.userId, rig.clock() + 1000);
        await rollInChannel(dice, channelId, '2d6');
        await rollInChannel(dice, channelId, 'DR');

        const marks = [g.gameId, channelId, `player`, FIN.userId, SOV.userId];
        const before = await rig.traces();
        for (const m of [g.gameId, channelId])
          expect(
            before.some((t) => t.name.includes(m)),
            m,
          ).toBe(true);
        expect(await store.loadRecord('nudge', g.gameId)).not.toBeNull();
        expect(await store.loadRecord('player', FIN.userId)).not.toBeNull();

        ok(await service.abort({ gameId: g.gameId }, HOST, 'retention test'));
        await reminders.settled();
        expect(await store.loadRecord('nudge', g.gameId)).toBeNull(); // gone with the game's end

        await rig.pass(RETENTION_MS + 1500);
        await scheduler.poke(); // wakes still due for the game run, find it gone, and are dropped
        expect(await service.status({ gameId: g.gameId })).toMatchObject({ ok: false });
        // The Redis store prunes the ids of expired games from its lists when they are read (players
        // listing their games, the bot's start-up); the embedded store rebuilds its index at open.
        expect(await store.list()).toEqual([]);
        for (const u of [HOST, FIN, SOV]) expect(await store.gamesOf(u.userId)).toEqual([]);
        expect(await store.gamesIn('guild1')).toEqual([]);
        const left = (await rig.traces()).filter((t) => marks.some((m) => t.name.includes(m) || (m !== 'player' && t.text.includes(m))));
        expect(left.map((t) => t.name)).toEqual([]);
      } finally {
        await reminders.settled();
        await scheduler.close();
        await rig.close();
      }
    });
  }
});

describe('/game forget: a player deletes their own preferences', () => {
  it('forgetPlayer deletes the preference record; reminders then use the defaults', async () => {
    const store = new MemoryStore();
    const rs = ruleset();
    const service = new GameService({
      store,
      engine: createEngine(rs),
      helpers: engineHelpers,
      ruleset: { id: rs.id, scenarios: rs.scenarios.map((s) => ({ id: s.id, name: s.name })) },
      clock: Date.now,
    });
    const scheduler = new LocalScheduler(store);
    const reminders = new Reminders({ store, service, scheduler, notifier: new Recorder(), now: Date.now });
    await reminders.setDm(FIN.userId, true);
    await reminders.away(FIN.userId, Date.now() + 3 * DAY_MS);
    expect(await reminders.prefs(FIN.userId)).toMatchObject({ dm: true });
    expect(await reminders.forgetPlayer(FIN.userId)).toBe(true);
    expect(await store.loadRecord('player', FIN.userId)).toBeNull();
    expect(await reminders.prefs(FIN.userId)).toEqual({ dm: false, awayUntil: null });
    expect(await reminders.forgetPlayer(FIN.userId)).toBe(false); // nothing left to forget
    expect(await reminders.forgetPlayer('../x')).toBe(false); // not an id: nothing touched
    await scheduler.close();
  });

  it('preferences are kept for their idle time after the last change, and not before a vacation ends', async () => {
    const rs = ruleset();
    let now = Date.parse('2026-12-01T00:00:00Z');
    const clock = () => now;
    const s2 = new MemoryStore({ now: clock });
    const service = new GameService({
      store: s2,
      engine: createEngine(rs),
      helpers: engineHelpers,
      ruleset: { id: rs.id, scenarios: rs.scenarios.map((s) => ({ id: s.id, name: s.name })) },
      clock,
    });
    const reminders = new Reminders({
      store: s2,
      service,
      scheduler: new LocalScheduler(s2, { now: clock }),
      notifier: new Recorder(),
      now: clock,
      playerIdleDays: 10,
    });
    await reminders.setDm(FIN.userId, true);
    await reminders.away(SOV.userId, now + 30 * DAY_MS);
    now += 11 * DAY_MS;
    expect(await reminders.prefs(FIN.userId)).toEqual({ dm: false, awayUntil: null }); // idle for 11 days: gone
    expect(await reminders.prefs(SOV.userId)).toMatchObject({ awayUntil: Date.parse('2026-12-31T00:00:00Z') }); // still away
    now += 30 * DAY_MS;
    expect(await reminders.prefs(SOV.userId)).toEqual({ dm: false, awayUntil: null });
  });
});
