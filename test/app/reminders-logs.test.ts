// A Redis outage fails every wake, every retry and every reconnection of the reminders' scheduler. The
// log gets the first failure, then at most a line a minute with how many failed since, and a line when
// it works again (FailureLog, src/app/reminders.ts) — not a line per retry.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GameService } from '../../src/app/game-service.js';
import { FailureLog, Reminders, type Delivery, type LineLogger, type Notifier } from '../../src/app/reminders.js';
import { engineHelpers } from '../../src/app/wiring.js';
import { createEngine } from '../../src/engine/index.js';
import { BullScheduler } from '../../src/schedule/index.js';
import { RedisStore } from '../../src/store/redis-store.js';
import { startPrivateRedis } from '../../scripts/private-redis.js';
import { FIN, HOST, SOV, ok, ruleset } from './helpers.js';

class Lines implements LineLogger {
  lines: Array<{ level: 'warn' | 'info'; fields: Record<string, unknown>; msg: string }> = [];
  warn(fields: object, msg: string): void {
    this.lines.push({ level: 'warn', fields: fields as Record<string, unknown>, msg });
  }
  info(fields: object, msg: string): void {
    this.lines.push({ level: 'info', fields: fields as Record<string, unknown>, msg });
  }
}

const quiet: Notifier = {
  post: async (): Promise<Delivery> => 'ok',
  dm: async (): Promise<Delivery> => 'ok',
};

describe('retried failures are logged throttled', () => {
  it('a hundred failures in 18 s are one line; a minute on, one line with the count; one line on recovery', () => {
    let now = 0;
    const log = new Lines();
    const failures = FailureLog.lines(log, 'a reminder wake', { now: () => now });
    for (let i = 0; i < 100; i++) {
      failures.failed(new Error('connect ECONNREFUSED'), '(worker)');
      now += 180;
    }
    expect(log.lines.map((l) => l.msg)).toEqual(['a reminder wake failed (it is retried)']);
    expect(failures.failing).toBe(true);
    now = 60_000;
    failures.failed(new Error('connect ECONNREFUSED'), 'g-1');
    expect(log.lines).toHaveLength(2);
    expect(log.lines[1]).toMatchObject({ level: 'warn', fields: { key: 'g-1', repeats: 99 } });
    expect(log.lines[1]!.msg).toMatch(/failed again \(99 more since the last line/);
    failures.failed(new Error('still down'), 'g-1'); // within the minute: counted, not logged
    now = 65_000;
    failures.ok();
    expect(log.lines).toHaveLength(3);
    expect(log.lines[2]).toMatchObject({ level: 'info', fields: { failures: 102, downMs: 65_000 } });
    expect(log.lines[2]!.msg).toBe('a reminder wake works again (after 102 failures)');
    failures.ok(); // nothing was failing: nothing to say
    failures.failed(new Error('down again'), 'g-2'); // a new run starts with its own first line
    expect(log.lines.map((l) => l.level)).toEqual(['warn', 'warn', 'info', 'warn']);
    expect(log.lines[3]!.fields).not.toHaveProperty('repeats');
  });

  it('with a shorter interval, a line per interval with that interval’s count', async () => {
    const errors: string[] = [];
    let now = 0;
    const failures = new FailureLog(
      {
        failed: (_err, what, repeats) => errors.push(`${what}${repeats ? ` +${repeats}` : ''}`),
        recovered: () => errors.push('recovered'),
      },
      { now: () => now, everyMs: 1000 },
    );
    for (let i = 0; i < 30; i++) {
      failures.failed(new Error('x'), 'arming g');
      now += 100;
    }
    failures.ok();
    expect(errors).toEqual(['arming g', 'arming g +9', 'arming g +9', 'recovered']);
  });

  it('a Redis outage under the scheduler and reminders: one line while down, one when back', { timeout: 60_000 }, async () => {
    const redis = await startPrivateRedis();
    let back: Awaited<ReturnType<typeof startPrivateRedis>> | undefined;
    const prefix = `outage-${randomBytes(4).toString('hex')}`;
    const log = new Lines();
    const failures = FailureLog.lines(log, 'a reminder wake');
    const store = await RedisStore.open(redis.url, { prefix: `${prefix}:` });
    const rs = ruleset();
    const service = new GameService({
      store,
      engine: createEngine(rs),
      helpers: engineHelpers,
      ruleset: { id: rs.id, scenarios: rs.scenarios.map((s) => ({ id: s.id, name: s.name })) },
      clock: Date.now,
    });
    // As the composition root wires it: the scheduler's errors and the reminders' own go to one FailureLog.
    const scheduler = new BullScheduler(redis.url, { prefix: `${prefix}-bull`, onError: (err, key) => failures.failed(err, key) });
    const reminders = new Reminders({ store, service, scheduler, notifier: quiet, now: Date.now, failures });
    try {
      await scheduler.start((key, at) => reminders.wake(key, at));
      await redis.kill();
      const deadline = Date.now() + 6000;
      // BullMQ reconnects every 0.2–2 s, each try an error: many failures, one line.
      while (Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(log.lines.filter((l) => l.level === 'warn')).toHaveLength(1);
      expect(log.lines[0]!.msg).toBe('a reminder wake failed (it is retried)');

      back = await startPrivateRedis({ port: redis.port });
      // Back up: the next game started arms its wake, which works, and the log says so once.
      let started = false;
      for (const end = Date.now() + 20_000; !started && Date.now() < end;) {
        try {
          const g = ok(await service.createGame({ channelId: `ch${randomBytes(4).toString('hex')}`, host: HOST, scenario: 'tutorial' }));
          ok(await service.seat({ gameId: g.gameId }, FIN, { side: 'finnish' }));
          ok(await service.seat({ gameId: g.gameId }, SOV, { side: 'soviet' }));
          ok(await service.start({ gameId: g.gameId }, HOST));
          await reminders.settled();
          started = !failures.failing;
        } catch {
          /* the store's client is still reconnecting */
        }
        if (!started) await new Promise((r) => setTimeout(r, 300));
      }
      expect(started).toBe(true);
      // A reconnection may flap once on a loaded machine (fail, work, fail, work): still a few lines, not one a retry.
      const info = log.lines.filter((l) => l.level === 'info');
      expect(info.length).toBeGreaterThanOrEqual(1);
      expect(info[0]!.msg).toMatch(/^a reminder wake works again \(after \d+ failures\)$/);
      expect(Number(info[0]!.fields.failures)).toBeGreaterThan(1);
      expect(log.lines.length).toBeLessThanOrEqual(4);
    } finally {
      await reminders.settled();
      await scheduler.close();
      await store.close();
      await back?.stop();
      await redis.stop();
    }
  });
});
