// The scheduler of one process: wakes kept in a store record (so they survive a restart of the embedded
// store) and one timer for the earliest. Used with the embedded and in-memory stores, which a single
// process owns (the embedded store locks its directory), so there is no second process to share with.
import type { GameStore } from '../store/types.js';
import { checkWake, type Scheduler, type WakeHandler } from './types.js';

interface Wake {
  key: string;
  at: number;
  /** When to try it (at, or later after a failed try). */
  tryAt: number;
  tries: number;
}

interface WakeList {
  wakes: Wake[];
}

const NAMESPACE = 'schedule';
const KEY = 'wakes';
/** setTimeout's longest delay; a later wake re-arms when this one fires. */
const MAX_DELAY = 2 ** 31 - 1;

export interface LocalSchedulerOptions {
  now?: () => number;
  /** First retry delay after a handler throws (doubling, at most an hour). Default 30 s. */
  retryMs?: number;
  onError?: (err: unknown, key: string) => void;
}

export class LocalScheduler implements Scheduler {
  readonly kind = 'local' as const;
  private readonly now: () => number;
  private readonly retryMs: number;
  private readonly onError: (err: unknown, key: string) => void;
  private handler: WakeHandler | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly store: GameStore,
    options: LocalSchedulerOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.retryMs = options.retryMs ?? 30_000;
    this.onError = options.onError ?? (() => {});
  }

  async wakeAt(key: string, at: number): Promise<void> {
    checkWake(key, at);
    await this.update((list) => {
      if (!list.wakes.some((w) => w.key === key && w.at === at)) list.wakes.push({ key, at, tryAt: at, tries: 0 });
      return list;
    });
    await this.arm();
  }

  async start(handler: WakeHandler): Promise<void> {
    this.handler = handler;
    await this.poke();
  }

  poke(): Promise<void> {
    // One run at a time: a poke during a run runs again after it (it may have added wakes).
    this.running = this.running.then(() => this.runDue()).catch((err: unknown) => this.onError(err, '(scheduler)'));
    return this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /**
   * Drop every wake of `key` not yet run (a game that ended: its wakes would find nothing to say, and
   * the list would keep naming it until they fell due). Not part of the Scheduler interface (yet):
   * Reminders calls it where the scheduler has it.
   */
  async cancel(key: string): Promise<void> {
    checkWake(key, 0);
    const { list } = await this.read();
    if (!list.wakes.some((w) => w.key === key)) return;
    await this.update((l) => ({ wakes: l.wakes.filter((w) => w.key !== key) }));
    await this.arm();
  }

  /** What is scheduled (tests, `hexref doctor`). */
  async pending(): Promise<Array<{ key: string; at: number }>> {
    return (await this.read()).list.wakes.map(({ key, at }) => ({ key, at }));
  }

  private async read(): Promise<{ list: WakeList; version: number }> {
    const rec = await this.store.loadRecord(NAMESPACE, KEY);
    const wakes = (rec?.value as WakeList | undefined)?.wakes;
    return { list: { wakes: Array.isArray(wakes) ? wakes : [] }, version: rec?.version ?? 0 };
  }

  /** Read, change, save with the record's compare-and-set (retried on a conflict). */
  private async update(change: (list: WakeList) => WakeList): Promise<WakeList> {
    for (let attempt = 0; ; attempt++) {
      const { list, version } = await this.read();
      const next = change(list);
      try {
        await this.store.saveRecord(NAMESPACE, KEY, next, version);
        return next;
      } catch (err) {
        if (attempt >= 5 || (err as { code?: string }).code !== 'store/conflict') throw err;
      }
    }
  }

  private async runDue(): Promise<void> {
    if (this.closed || !this.handler) return;
    const now = this.now();
    const due = (await this.read()).list.wakes.filter((w) => w.tryAt <= now).sort((a, b) => a.tryAt - b.tryAt);
    for (const w of due) {
      if (this.closed) return;
      let failed = false;
      try {
        await this.handler(w.key, w.at);
      } catch (err) {
        failed = true;
        this.onError(err, w.key);
      }
      const same = (x: Wake) => x.key === w.key && x.at === w.at;
      await this.update((list) => ({
        wakes: failed
          ? list.wakes.map((x) =>
              same(x) ? { ...x, tries: x.tries + 1, tryAt: this.now() + Math.min(this.retryMs * 2 ** x.tries, 3_600_000) } : x,
            )
          : list.wakes.filter((x) => !same(x)),
      }));
    }
    await this.arm();
  }

  private async arm(): Promise<void> {
    if (this.closed || !this.handler) return;
    const { list } = await this.read();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!list.wakes.length) return;
    const next = Math.min(...list.wakes.map((w) => w.tryAt));
    const delay = Math.max(0, Math.min(next - this.now(), MAX_DELAY));
    this.timer = setTimeout(() => void this.poke(), delay);
    this.timer.unref();
  }
}
