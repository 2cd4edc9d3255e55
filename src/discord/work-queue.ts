// The bot's game work, queued with a concurrency limit (issue 18): every interaction is acknowledged at
// once (commands defer before they ask for a slot), then waits here for its turn to read, apply and save.
// Each job starts after a yield to the event loop and, when the queue has an Acknowledgements gate,
// once no interaction callback is on its way to Discord (issue 45): under a burst, a game's work takes the
// thread only after every interaction that has arrived is acknowledged, so each one is within Discord's
// 3 s. Past `maxWaiting` a job is refused with BusyError: the player is told to retry and nothing
// changes, instead of the process collapsing.
import { Refusal } from './replies.js';

/**
 * The interaction callbacks (acknowledgements) in flight, counted by the client's REST (client.ts).
 * Game work waits for them: a callback needs a few turns of the event loop (connect, write, read) that
 * a game's engine work would otherwise take, one job after another, while the 3 s run out.
 */
export class Acknowledgements {
  private inFlight = 0;
  private waiters: (() => void)[] = [];

  constructor(
    /** The longest a job waits for them (a Discord that does not answer must not stall every game). */
    readonly maxWaitMs = 1000,
  ) {}

  get pending(): number {
    return this.inFlight;
  }

  /** Count `request` (an acknowledgement being sent) until it settles. */
  track<T>(request: Promise<T>): Promise<T> {
    this.inFlight++;
    const done = () => {
      if (--this.inFlight === 0) for (const w of this.waiters.splice(0)) w();
    };
    request.then(done, done);
    return request;
  }

  /** Resolves once no acknowledgement is in flight, or after maxWaitMs. */
  settled(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(finish, this.maxWaitMs);
      function finish() {
        clearTimeout(timer);
        resolve();
      }
      this.waiters.push(finish);
    });
  }
}

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
    /** Acknowledgements on their way to Discord, which go before each job (none: only the yield). */
    readonly acknowledgements?: Acknowledgements,
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
      await this.acknowledgements?.settled();
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
