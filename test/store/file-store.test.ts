import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
