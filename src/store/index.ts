// createStore(url): the GameStore a STORE_URL selects (config.ts validates the URL).
//   memory:            in-memory (tests, throw-away sessions)
//   file:./var/store   embedded default: files under that directory, survives restarts, single process
//   redis://host:port  Redis through Keyv, shared by any number of processes
// The Redis store (with Keyv and the Redis client) is loaded only for a redis:// URL, so the embedded
// default never loads them (src/store/redis-store.ts; tests import RedisStore from there).
// No error from here shows a URL's credentials (src/store/redact.ts).
import { FileStore, fileStoreDir } from './file-store.js';
import { MemoryStore } from './memory-store.js';
import { redactUrl, Scrubber } from './redact.js';
import type { RedisStoreOptions } from './redis-store.js';
import { StoreError, type GameStore } from './types.js';

export * from './types.js';
export { MemoryStore } from './memory-store.js';
export { FileStore } from './file-store.js';
export { redactUrl } from './redact.js';

export async function createStore(url: string, options: RedisStoreOptions = {}): Promise<GameStore> {
  if (url.startsWith('memory:')) return new MemoryStore(options);
  if (url.startsWith('file:')) return FileStore.open(fileStoreDir(url), options);
  if (/^rediss?:\/\//.test(url)) {
    try {
      return await (await import('./redis-store.js')).RedisStore.open(url, options);
    } catch (err) {
      if (err instanceof StoreError) throw err; // already scrubbed
      throw new StoreError(
        'store/unavailable',
        `Redis at ${redactUrl(url)} cannot be opened: ${new Scrubber(url).text(String((err as Error).message))}`,
      );
    }
  }
  throw new StoreError('store/invalid', `unknown store URL '${redactUrl(url)}': use memory:, file:<dir> or redis://host:port`, {
    url: redactUrl(url),
  });
}
