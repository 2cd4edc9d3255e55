import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { storeContract } from './contract.js';
import { RedisStore } from '../../src/store/redis-store.js';

const url = inject('redisUrl');
let prefix = '';
storeContract('redis (real server, through Keyv)', {
  open: async (ttlDays) => {
    prefix ||= `test:${randomBytes(6).toString('hex')}:`;
    return RedisStore.open(url, { prefix, finishedTtlDays: ttlDays });
  },
  cleanup: async () => {
    prefix = '';
  },
});
