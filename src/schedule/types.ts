// The scheduler: wake a key (a game id) at a time, whichever bot process is up, surviving restarts.
// Two implementations behind this one interface (docs/architecture.md § Scheduling): BullMQ delayed
// jobs when the store is Redis (several processes share one queue and each wake runs once), and a
// timer in the process backed by a store record on the embedded and in-memory stores.
//
// A wake carries no work of its own: its handler reads what is due from the stores and acts under
// their compare-and-set, so a wake that ran twice would still act once. Wakes for the same key at
// the same time are one wake; a handler that throws is retried later.

export type WakeHandler = (key: string, at: number) => Promise<void>;

export interface Scheduler {
  readonly kind: 'local' | 'bullmq';
  /** Wake `key` at epoch ms `at` (at once when `at` is past). The same key and time twice is one wake. */
  wakeAt(key: string, at: number): Promise<void>;
  /** Deliver wakes to `handler` from now on (those that fell due while no process ran come first). */
  start(handler: WakeHandler): Promise<void>;
  /** Run what is due now and wait for it (a controllable clock moved forward, in tests and tools). */
  poke(): Promise<void>;
  /** Stop delivering; wakes not yet run stay scheduled for the next process. */
  close(): Promise<void>;
}

export class ScheduleError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ScheduleError';
  }
}

/** Keys become job ids and record entries: keep them tame. */
export function checkWake(key: string, at: number): void {
  if (typeof key !== 'string' || !/^[A-Za-z0-9_.-]{1,100}$/.test(key))
    throw new ScheduleError(`wake key '${String(key)}' is not a valid id`);
  if (!Number.isSafeInteger(at) || at < 0) throw new ScheduleError(`wake time ${String(at)} is not an epoch ms`);
}
