// Shared by the benches that time async round trips: percentiles of samples, ms since a hrtime mark, and
// the Redis a bench runs on.
import { startPrivateRedis } from '../scripts/private-redis.js';

export function stats(samples: number[]): { median: number; p99: number; mean: number } {
  const s = samples.slice().sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return { median: q(0.5), p99: q(0.99), mean: s.reduce((a, b) => a + b, 0) / s.length };
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
