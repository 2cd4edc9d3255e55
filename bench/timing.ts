// Shared by the benches that time async round trips: percentiles of samples, ms since a hrtime mark, and
// the Redis a bench runs on.
import { randomBytes } from 'node:crypto';
import type { GameService } from '../src/app/game-service.js';
import { startPrivateRedis } from '../scripts/private-redis.js';

export function stats(samples: number[]): { median: number; p99: number; mean: number } {
  const s = samples.slice().sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return { median: q(0.5), p99: q(0.99), mean: s.reduce((a, b) => a + b, 0) / s.length };
}

/** The mean of paired differences and its standard error (the A/B benches). */
export function meanWithError(xs: number[]): { mean: number; se: number } {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return { mean, se: Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (xs.length - 1) / xs.length) };
}

/** Milliseconds since `t0` (process.hrtime.bigint()). */
export const ms = (t0: bigint): number => Number(process.hrtime.bigint() - t0) / 1e6;

/** REDIS_URL when set, else a private redis-server for the run (stopped by `stop`). */
export async function benchRedis(): Promise<{ url: string; stop: () => Promise<void> }> {
  const given = process.env.REDIS_URL;
  if (given) return { url: given, stop: async () => undefined };
  const redis = await startPrivateRedis();
  return { url: redis.url, stop: () => redis.stop() };
}

/**
 * A Campaign game for the recorded game's commands (test/fixtures/records/campaign-bot.json): `user` in
 * both seats, started, empty phases left to the commands' own ends of phase (one act, one save).
 */
export async function recordedCampaignGame(service: GameService, user: { userId: string }): Promise<string> {
  const c = await service.createGame({
    channelId: `bench-${randomBytes(4).toString('hex')}`,
    host: user,
    scenario: 'campaign',
    seatHostAs: 'both',
  });
  if (!c.ok) throw new Error(c.error.message);
  const ref = { gameId: c.gameId };
  await service.setStanding(ref, user, { empty: 'stop' });
  await service.start(ref, user);
  return c.gameId;
}

/** The floor of one moment: a raw GET of the stored value at `key` and a SET of it to `scratch`, timed (ms). */
export async function rawGetSet(
  raw: { get(key: string): Promise<unknown>; set(key: string, value: string): Promise<unknown> },
  key: string,
  scratch: string,
): Promise<number> {
  const t0 = process.hrtime.bigint();
  const got = await raw.get(key);
  await raw.set(scratch, got as string);
  return ms(t0);
}
