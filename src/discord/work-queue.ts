// The bot's game work, queued with a concurrency limit (issue 18): every interaction is acknowledged at
// once (commands defer before they ask for a slot), then waits here for its turn to read, apply and save.
// Each job starts after a yield to the event loop, so interactions that arrived meanwhile are
// acknowledged before another game's work takes the thread. Past `maxWaiting` a job is refused with
// BusyError: the player is told to retry and nothing changes, instead of the process collapsing.
import { Refusal } from './replies.js';

/** The queue is full: nothing was done. */
export class BusyError extends Error {
  override name = 'BusyError';
  constructor() {
    super('The referee is busy with other games right now; nothing was changed. Try again in a few seconds.');
  }
}

export class WorkQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    /** Jobs at once (each is mostly one store read, the engine and one store write). */
    readonly limit: number,
    /** Jobs that may wait for a slot before new ones are refused. */
    readonly maxWaiting: number,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('a work queue runs at least one job at a time');
    if (!Number.isInteger(maxWaiting) || maxWaiting < 0) throw new RangeError('maxWaiting is a whole number');
  }

  /** Jobs running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Run `job` when a slot is free; BusyError at once when too many wait already. */
  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) {
      if (this.waiting.length >= this.maxWaiting) throw new BusyError();
      await new Promise<void>((resolve) => this.waiting.push(resolve)); // the slot is handed over on release
    } else this.running++;
    try {
      await new Promise<void>((resolve) => setImmediate(resolve));
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/** Run a game job on the bot's queue; a full queue becomes the player's polite refusal (nothing changed). */
export async function queued<T>(work: WorkQueue, job: () => Promise<T>): Promise<T> {
  try {
    return await work.run(job);
  } catch (err) {
    if (err instanceof BusyError) throw new Refusal(err.message, undefined, 'the game is as it was; send the same command again.');
    throw err;
  }
}
