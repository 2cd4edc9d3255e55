// Maps drawn and encoded in a small pool of child processes (node-canvas is not safe in worker threads),
// so a render never blocks the bot's event loop. Children start on the first map, take one job at a time,
// and are replaced after a number of jobs or when their memory passes a bound (the renderer keeps canvas
// and terrain caches), after a crash, or when a job overruns its deadline. Jobs beyond the queue's limit
// are refused at once with RenderBusyError, so overload gets a polite "busy" instead of a collapse; a map
// whose child died, hung past its deadline or failed to draw is refused with RenderFailedError, so the
// front end can say the map could not be drawn (the change it was for is saved) instead of a generic error.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from './log.js';
import { RenderBusyError, RenderFailedError } from './render-busy.js';

export { RenderBusyError, RenderFailedError } from './render-busy.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const EXT = path.extname(fileURLToPath(import.meta.url));
const WORKER = path.resolve(here, `render-worker${EXT}`);

export interface RenderPoolOptions {
  /** Child processes (at least 1). */
  processes: number;
  /** Most maps waiting for a child; more are refused with RenderBusyError (default 16). */
  maxQueue?: number;
  /** A job that takes longer has its child killed and fails (default 20 s). */
  jobTimeoutMs?: number;
  /** A child is replaced after this many maps (default 200)… */
  maxJobsPerChild?: number;
  /** …or once its resident memory passes this many bytes (default 400 MiB). */
  maxRssBytes?: number;
  log?: Logger;
}

export interface RenderPool {
  draw(view: unknown, options?: Record<string, unknown>): Promise<Buffer>;
  /** Children running, maps in progress and waiting, children replaced so far. */
  stats(): { children: number; busy: number; waiting: number; replaced: number };
  /** The process ids of the children running now (health checks, and tests that kill one). */
  pids(): number[];
  close(): Promise<void>;
}

interface Job {
  view: unknown;
  options: Record<string, unknown>;
  resolve(png: Buffer): void;
  reject(err: Error): void;
}

interface Child {
  proc: ChildProcess;
  job: (Job & { id: number; timer: NodeJS.Timeout }) | null;
  jobs: number;
  retiring: boolean;
}

type Reply = { id: number; ok: true; png: Uint8Array; rss: number } | { id: number; ok: false; error: string; rss: number };

export function createRenderPool(opts: RenderPoolOptions): RenderPool {
  const size = Math.max(1, Math.floor(opts.processes));
  const maxQueue = opts.maxQueue ?? 16;
  const timeoutMs = opts.jobTimeoutMs ?? 20_000;
  const maxJobs = opts.maxJobsPerChild ?? 200;
  const maxRss = opts.maxRssBytes ?? 400 * 1024 * 1024;
  const children = new Set<Child>();
  const queue: Job[] = [];
  let nextId = 1;
  let replaced = 0;
  let closed = false;

  function spawn(): Child {
    const proc = fork(WORKER, [], {
      execArgv: EXT === '.ts' ? ['--import', 'tsx'] : [],
      serialization: 'advanced', // PNG bytes cross as a typed array, not JSON
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      env: { ...process.env, LOG_LEVEL: 'silent' },
    });
    const child: Child = { proc, job: null, jobs: 0, retiring: false };
    children.add(child);
    proc.on('message', (m: Reply) => finish(child, m));
    proc.once('exit', (code, signal) => {
      children.delete(child);
      const job = child.job;
      child.job = null;
      if (job) {
        clearTimeout(job.timer);
        job.reject(new RenderFailedError('stopped', `the map painter stopped (${signal ?? `exit ${code}`})`));
      }
      if (!child.retiring && !closed) opts.log?.warn({ code, signal }, 'render process stopped; the next map starts another');
      pump();
    });
    return child;
  }

  /** Replace a child: asked to stop, or (`SIGKILL`) made to, for a hung one that would not hear the ask. */
  function retire(child: Child, signal: NodeJS.Signals = 'SIGTERM'): void {
    child.retiring = true;
    replaced++;
    children.delete(child);
    child.proc.kill(signal);
  }

  function finish(child: Child, m: Reply): void {
    const job = child.job;
    if (!job || job.id !== m.id) return;
    clearTimeout(job.timer);
    child.job = null;
    child.jobs++;
    if (m.ok) job.resolve(Buffer.from(m.png.buffer, m.png.byteOffset, m.png.byteLength));
    else job.reject(new RenderFailedError('error', m.error));
    // Bounded memory: a child that has drawn many maps, or grown past the bound, is replaced.
    if (child.jobs >= maxJobs || m.rss > maxRss) retire(child);
    pump();
  }

  function pump(): void {
    while (queue.length && !closed) {
      const idle = [...children].find((c) => !c.job && !c.retiring) ?? (children.size < size ? spawn() : undefined);
      if (!idle) return;
      const child = idle;
      const job = queue.shift()!;
      const id = nextId++;
      const timer = setTimeout(() => {
        opts.log?.warn({ timeoutMs }, 'a map took too long; its render process is replaced');
        child.job = null;
        retire(child, 'SIGKILL');
        job.reject(new RenderFailedError('timeout', `the map took longer than ${timeoutMs} ms`));
        pump();
      }, timeoutMs);
      child.job = { ...job, id, timer };
      child.proc.send({ id, view: job.view, options: job.options });
    }
  }

  return {
    draw(view, options = {}) {
      if (closed) return Promise.reject(new Error('the render pool is closed'));
      if (queue.length >= maxQueue) return Promise.reject(new RenderBusyError(queue.length));
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ view, options, resolve, reject });
        pump();
      });
    },
    stats() {
      return { children: children.size, busy: [...children].filter((c) => c.job).length, waiting: queue.length, replaced };
    },
    pids() {
      return [...children].flatMap((c) => (c.proc.pid === undefined ? [] : [c.proc.pid]));
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('the render pool is closed'));
      const exits = [...children].map(
        (c) => new Promise<void>((resolve) => (c.proc.exitCode !== null ? resolve() : c.proc.once('exit', () => resolve()))),
      );
      for (const c of children) {
        c.retiring = true;
        c.proc.kill();
      }
      await Promise.all(exits);
    },
  };
}
