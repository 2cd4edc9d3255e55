import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { storeContract } from './contract.js';
import { FileStore } from '../../src/store/index.js';

let dir: string | undefined;
storeContract('file (embedded)', {
  open: async (ttlDays) => {
    dir ??= mkdtempSync(path.join(os.tmpdir(), 'hexref-filestore-'));
    return FileStore.open(dir, { finishedTtlDays: ttlDays });
  },
  cleanup: async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  },
});

// The embedded store's history is a file appended after each version is committed: a crash between the
// two loses the line, which the version file itself still carries (its line 3).
describe('file store history after a crash', () => {
  it('recovers a history line lost between commit and append, and cuts a torn one', async () => {
    const d = mkdtempSync(path.join(os.tmpdir(), 'hexref-history-'));
    try {
      let store = await FileStore.open(d);
      await store.create('g1', 'c1', { n: 1 });
      await store.save('g1', { n: 2 }, 1, { append: ['a'] });
      await store.save('g1', { n: 3 }, 2, { append: ['b', 'c'] });
      await store.close();
      const file = path.join(d, 'games', 'g1', 'history.jsonl');
      const lines = readFileSync(file, 'utf8').split('\n');
      // The last line never written (a crash after the commit), and half of a later append.
      writeFileSync(file, `${lines[0]}\n{"v":4,"it`);
      store = await FileStore.open(d);
      expect(await store.history('g1')).toEqual(['a', 'b', 'c']);
      await store.save('g1', { n: 4 }, 3, { append: ['d'] });
      expect(await store.history('g1')).toEqual(['a', 'b', 'c', 'd']);
      expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(3);
      await store.close();
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });
});
