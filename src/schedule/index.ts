// createScheduler: the scheduler that goes with a store (types.ts): BullMQ on the store's Redis, a
// timer in the process backed by a store record otherwise.
import type { GameStore } from '../store/types.js';
import { BullScheduler } from './bullmq-scheduler.js';
import { LocalScheduler } from './local-scheduler.js';
import type { Scheduler } from './types.js';

export * from './types.js';
export { LocalScheduler } from './local-scheduler.js';
export { BullScheduler } from './bullmq-scheduler.js';

export interface SchedulerOptions {
  now?: () => number;
  /** BullMQ key prefix (tests: unique per run). */
  prefix?: string;
  onError?: (err: unknown, key: string) => void;
}

export function createScheduler(store: GameStore, storeUrl: string, options: SchedulerOptions = {}): Scheduler {
  const common = { ...(options.now ? { now: options.now } : {}), ...(options.onError ? { onError: options.onError } : {}) };
  if (store.kind === 'redis') return new BullScheduler(storeUrl, { ...common, ...(options.prefix ? { prefix: options.prefix } : {}) });
  return new LocalScheduler(store, common);
}
