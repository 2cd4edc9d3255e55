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
  /** The clock of the in-process scheduler (tests move it); BullMQ always runs on the wall clock. */
  now?: () => number;
  /** BullMQ key prefix (tests: unique per run). */
  prefix?: string;
  onError?: (err: unknown, key: string) => void;
}

export function createScheduler(store: GameStore, storeUrl: string, options: SchedulerOptions = {}): Scheduler {
  const onError = options.onError ? { onError: options.onError } : {};
  // BullMQ's delays run on the wall clock (its timers and Redis): a moved clock is for the local one.
  if (store.kind === 'redis') return new BullScheduler(storeUrl, { ...onError, ...(options.prefix ? { prefix: options.prefix } : {}) });
  return new LocalScheduler(store, { ...onError, ...(options.now ? { now: options.now } : {}) });
}
