// Vitest global setup: give the suite a real Redis.
// If REDIS_URL is set, use it. Otherwise start a private redis-server on a free port, with no
// persistence, in a temp dir, and stop it after the run. Tests read the URL from process.env.REDIS_URL
// (inherited by the forked test processes) or `inject('redisUrl')`.
import { startPrivateRedis, type PrivateRedis } from '../../scripts/private-redis.js';

let redis: PrivateRedis | undefined;

export default async function setup({ provide }: { provide: (key: string, value: unknown) => void }) {
  let url = process.env.REDIS_URL;
  if (!url) {
    redis = await startPrivateRedis();
    url = redis.url;
    process.env.REDIS_URL = url;
  }
  provide('redisUrl', url);
  return async () => {
    if (redis) await redis.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
  }
}
