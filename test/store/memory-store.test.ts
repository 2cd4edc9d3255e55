import { storeContract } from './contract.js';
import { MemoryStore } from '../../src/store/index.js';

storeContract('memory', { open: async (ttlDays) => new MemoryStore({ finishedTtlDays: ttlDays }) });
