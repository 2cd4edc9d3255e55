// The scheduler on Redis: BullMQ delayed jobs (README § Design notes says why BullMQ). Every bot
// process runs a Worker on the same queue; BullMQ's job lock gives each job to one of them, and a job
// whose process died is taken up again by another (stalled-job recovery). The job id names the key and
// the time, so the same wake scheduled by two processes (each re-arms every active game at start) is
// one job. Completed job ids are kept a week, so a wake that already ran is not added again.
import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { checkWake, type Scheduler, type WakeHandler } from './types.js';

export interface BullSchedulerOptions {
  /** Key prefix of the queue (tests use a unique one per run). Default 'hexref-bull'. */
  prefix?: string;
  now?: () => number;
  /** Jobs handled at once by this process. Default 4. */
  concurrency?: number;
  onError?: (err: unknown, key: string) => void;
}

const QUEUE = 'wakes';
const WEEK_S = 7 * 24 * 3600;

interface WakeJob {
  key: string;
  at: number;
}

export class BullScheduler implements Scheduler {
  readonly kind = 'bullmq' as const;
  private readonly queue: Queue<WakeJob>;
  private worker: Worker<WakeJob> | undefined;
  private readonly connections: Redis[] = [];
  private readonly now: () => number;
  private readonly prefix: string;

  constructor(
    private readonly url: string,
    private readonly options: BullSchedulerOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.prefix = options.prefix ?? 'hexref-bull';
    this.queue = new Queue<WakeJob>(QUEUE, { connection: this.connection(false), prefix: this.prefix });
    this.queue.on('error', (err) => options.onError?.(err, '(queue)'));
  }

  /** One ioredis connection per BullMQ part: the worker's blocks, the queue's must fail fast. */
  private connection(worker: boolean): ConnectionOptions {
    const c = new Redis(this.url, {
      maxRetriesPerRequest: worker ? null : 1,
      enableOfflineQueue: worker,
      retryStrategy: (n) => Math.min(n * 200, 2000),
    });
    c.on('error', () => {}); // reported through the queue and worker 'error' events
    this.connections.push(c);
    return c;
  }

  async wakeAt(key: string, at: number): Promise<void> {
    checkWake(key, at);
    await this.queue.add(
      'wake',
      { key, at },
      {
        jobId: `${key}_${at}`,
        delay: Math.max(0, at - this.now()),
        attempts: 10,
        backoff: { type: 'exponential', delay: 5000 },
        removeOnComplete: { age: WEEK_S },
        removeOnFail: { age: 4 * WEEK_S },
      },
    );
  }

  async start(handler: WakeHandler): Promise<void> {
    this.worker = new Worker<WakeJob>(QUEUE, (job) => handler(job.data.key, job.data.at), {
      connection: this.connection(true),
      prefix: this.prefix,
      concurrency: this.options.concurrency ?? 4,
    });
    this.worker.on('error', (err) => this.options.onError?.(err, '(worker)'));
    this.worker.on('failed', (job, err) => this.options.onError?.(err, job?.data.key ?? '(unknown)'));
    await this.worker.waitUntilReady();
  }

  /** Delayed jobs run on BullMQ's own timers, by the Redis clock: nothing to poke. */
  async poke(): Promise<void> {}

  /** Jobs not yet run (tests, `hexref doctor`). */
  async pending(): Promise<Array<{ key: string; at: number }>> {
    const jobs = await this.queue.getJobs(['delayed', 'waiting', 'active', 'prioritized']);
    return jobs.map((j) => ({ key: j.data.key, at: j.data.at }));
  }

  /** Stop: a job in hand may finish for a moment; with Redis unreachable, do not wait for it. */
  async close(): Promise<void> {
    const within = (p: Promise<unknown>, ms: number) =>
      Promise.race([p.catch(() => undefined), new Promise((r) => setTimeout(r, ms).unref())]);
    await within(this.worker?.close() ?? Promise.resolve(), 3000);
    await within(this.queue.close(), 1000);
    for (const c of this.connections) c.disconnect();
  }

  /** Remove the queue's keys (tests with a unique prefix). */
  async obliterate(): Promise<void> {
    await this.queue.obliterate({ force: true });
  }
}
