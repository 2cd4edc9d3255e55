// Reachability checks for the configured store, used by `hexref doctor`.
import { accessSync, constants, mkdirSync } from 'node:fs';
import { createClient } from '@redis/client';
import { fileStoreDir } from './file-store.js';

export interface StoreCheck {
  ok: boolean;
  detail: string;
  fix?: string;
}

export function checkFileStore(url: string): StoreCheck {
  const dir = fileStoreDir(url);
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    return { ok: true, detail: `embedded store at ${dir} is writable` };
  } catch (err) {
    return {
      ok: false,
      detail: `embedded store at ${dir} is not writable (${(err as Error).message})`,
      fix: 'make the directory writable, or point STORE_URL at another file: path',
    };
  }
}

/** PING a Redis server with a short timeout. Never hangs. */
export async function pingRedis(url: string, timeoutMs = 1500): Promise<StoreCheck> {
  const client = createClient({
    url,
    socket: { connectTimeout: timeoutMs, reconnectStrategy: false },
  });
  client.on('error', () => {});
  try {
    await Promise.race([
      client.connect(),
      new Promise((_, reject) => setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs)),
    ]);
    const pong = await client.ping();
    const info = await client.info('server');
    const version = /redis_version:(\S+)/.exec(info)?.[1] ?? '?';
    return { ok: pong === 'PONG', detail: `Redis answered PING (version ${version})` };
  } catch (err) {
    return {
      ok: false,
      detail: `Redis at ${url.replace(/\/\/[^@/]*@/, '//***@')} is unreachable: ${(err as Error).message}`,
      fix: 'start redis-server (or check host, port and password in STORE_URL)',
    };
  } finally {
    try {
      client.destroy();
    } catch {
      /* already closed */
    }
  }
}
