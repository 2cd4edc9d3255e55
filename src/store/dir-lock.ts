// The embedded store's directory lock: one process at a time (docs/storage.md § Embedded file store).
//
// LOCK holds who owns the directory: a random token, the pid, the host name, the kernel's boot id and
// the process's start time (from /proc), written once with O_EXCL; the owner refreshes the file's
// mtime every 10 s (a lease). A lock is stale, and is taken over, when
// - on this host and boot: its pid is dead, or is alive but started at another time (a reused pid), or
//   is this very process without this process holding it (PID 1 again after a container restart);
//   a lock of the earlier format (just a pid) is stale when that pid's process started after it;
// - on another host (another container sharing the volume) or where /proc cannot tell: its lease has
//   not been refreshed for 30 s.
// Taking over is serialised by LOCK.break (O_EXCL), so two processes never both break the same lock.
// The owner re-reads LOCK before every write and stops writing if another process took it over, and
// close() removes LOCK only while it still holds this process's token.
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fsyncSync, openSync, readFileSync, statSync, unlinkSync, utimesSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StoreError } from './types.js';

export const LOCK_FORMAT = 'hexref-lock/1';
/** A lock whose owner cannot be checked through /proc is stale once its mtime is this old. */
export const LEASE_MS = 30_000;
const REFRESH_MS = 10_000;
/** A LOCK.break left by a process that died while taking over is ignored after this long. */
const BREAK_STALE_MS = 10_000;

export interface LockInfo {
  format: typeof LOCK_FORMAT;
  token: string;
  pid: number;
  hostname: string;
  bootId: string | null;
  /** Start time of the owning process in clock ticks since boot (/proc/<pid>/stat field 22). */
  procStart: string | null;
  createdAt: string;
}

/** Locks held by stores open in this process, by directory: a second open here is refused. */
const held = new Map<string, string>();

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

const bootId = (): string | null => readText('/proc/sys/kernel/random/boot_id')?.trim() || null;

/** When a process started (clock ticks since boot), or null where /proc cannot tell. */
export function processStart(pid: number): string | null {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return null;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null; // field 22; the fields after "(comm)" start at field 3
}

/** When a process started, in epoch ms (boot time + its start in 100 Hz ticks), or null. */
function processStartedAt(pid: number): number | null {
  const ticks = Number(processStart(pid));
  const btime = /^btime (\d+)$/m.exec(readText('/proc/stat') ?? '')?.[1];
  return Number.isFinite(ticks) && btime ? Number(btime) * 1000 + ticks * 10 : null;
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function unavailable(what: string, err: unknown): StoreError {
  const e = err as NodeJS.ErrnoException;
  return new StoreError(
    'store/unavailable',
    `embedded store: ${what} failed (${e.code ?? ''} ${e.message})`,
    { errno: e.code },
    { cause: err },
  );
}

function unlinkQuiet(file: string): void {
  try {
    unlinkSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

export class DirLock {
  readonly file: string;
  private readonly breakFile: string;
  private readonly token = randomBytes(16).toString('hex');
  private timer: NodeJS.Timeout | undefined;
  private lost = false;
  /**
   * How the lock was had: free, taken over from an owner known to be dead (this machine), or taken
   * over because its lease ran out (an owner elsewhere, which might still be finishing a write).
   */
  takeover: 'none' | 'dead-owner' | 'lease' = 'none';

  private constructor(readonly dir: string) {
    this.file = path.join(dir, 'LOCK');
    this.breakFile = path.join(dir, 'LOCK.break');
  }

  /** Take the directory's lock, taking over a stale one. Throws store/locked while a live process holds it. */
  static acquire(dir: string): DirLock {
    const lock = new DirLock(dir);
    lock.take();
    held.set(dir, lock.token);
    lock.timer = setInterval(() => lock.refresh(), REFRESH_MS);
    lock.timer.unref();
    return lock;
  }

  private info(): LockInfo {
    return {
      format: LOCK_FORMAT,
      token: this.token,
      pid: process.pid,
      hostname: os.hostname(),
      bootId: bootId(),
      procStart: processStart(process.pid),
      createdAt: new Date().toISOString(),
    };
  }

  private take(): void {
    for (let attempt = 0; attempt < 4; attempt++) {
      try {
        const fd = openSync(this.file, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, 0o644);
        try {
          writeSync(fd, JSON.stringify(this.info()) + '\n');
          fsyncSync(fd);
        } finally {
          closeSync(fd);
        }
        return;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw unavailable(`locking ${this.file}`, err);
      }
      const raw = readText(this.file);
      if (raw === null) continue; // released meanwhile: try again
      const verdict = this.judge(raw);
      if (verdict.live) {
        throw new StoreError(
          'store/locked',
          `embedded store at ${this.dir} is in use by ${verdict.owner}. The embedded store is single-process: stop the other process, ` +
            'or use STORE_URL=redis://… to share games between processes.',
          { dir: this.dir, owner: verdict.owner },
        );
      }
      this.takeover = verdict.byLease ? 'lease' : 'dead-owner';
      this.breakStale(raw);
    }
    throw new StoreError('store/locked', `could not lock ${this.dir}: its LOCK keeps changing`, { dir: this.dir });
  }

  /** Whether the lock in `raw` belongs to a process that is still alive, and who that is. */
  private judge(raw: string): { live: boolean; owner: string; byLease?: boolean } {
    let mtime = Date.now();
    try {
      mtime = statSync(this.file).mtimeMs;
    } catch {
      /* vanished: judged by its content */
    }
    const leaseOver = Date.now() - mtime > LEASE_MS;
    let info: Partial<LockInfo> | null = null;
    try {
      info = JSON.parse(raw) as Partial<LockInfo>;
    } catch {
      info = null;
    }
    if (!info || info.format !== LOCK_FORMAT || !Number.isInteger(info.pid)) {
      // Written by an older hexref: just a pid. A live process that started after the lock was written
      // is not its owner (the pid was reused), nor is this process.
      const pid = Number.parseInt(raw, 10);
      const started = Number.isInteger(pid) ? processStartedAt(pid) : null;
      const reused = started !== null && started > mtime + 1000;
      const live = Number.isInteger(pid) && pid !== process.pid && pidAlive(pid) && !reused;
      return { live, owner: `process ${pid}` };
    }
    const pid = info.pid!;
    const owner = `process ${pid} on ${info.hostname ?? 'an unknown host'}`;
    if (held.get(this.dir) === info.token) return { live: true, owner: `${owner} (this process: close the other store first)` };
    const sameMachine = info.hostname === os.hostname() && (info.bootId ?? null) === bootId() && info.bootId !== null;
    if (sameMachine) {
      if (pid === process.pid) return { live: false, owner }; // an earlier process that had our pid
      if (!pidAlive(pid)) return { live: false, owner };
      const start = processStart(pid);
      if (start !== null && info.procStart) return { live: start === info.procStart, owner };
    }
    return { live: !leaseOver, byLease: true, owner: `${owner}, refreshed ${Math.round((Date.now() - mtime) / 1000)} s ago` };
  }

  /** Remove a stale LOCK, unless another process replaced it meanwhile. Serialised by LOCK.break. */
  private breakStale(raw: string): void {
    try {
      closeSync(openSync(this.breakFile, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, 0o644));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw unavailable(`locking ${this.breakFile}`, err);
      let age = 0;
      try {
        age = Date.now() - statSync(this.breakFile).mtimeMs;
      } catch {
        return; // gone: the caller tries again
      }
      if (age > BREAK_STALE_MS) unlinkQuiet(this.breakFile);
      else
        throw new StoreError('store/locked', `another process is taking over the lock of ${this.dir}; try again in a moment`, {
          dir: this.dir,
        });
      return;
    }
    try {
      if (readText(this.file) === raw) unlinkQuiet(this.file);
    } finally {
      unlinkQuiet(this.breakFile);
    }
  }

  /** True while LOCK still holds this process's token. */
  private stillMine(): boolean {
    const raw = readText(this.file);
    try {
      return raw !== null && (JSON.parse(raw) as LockInfo).token === this.token;
    } catch {
      return false;
    }
  }

  private refresh(): void {
    if (this.lost) return;
    if (!this.stillMine()) {
      this.lost = true;
      return;
    }
    try {
      const now = new Date();
      utimesSync(this.file, now, now);
    } catch {
      /* next refresh tries again; a write checks the lock itself */
    }
  }

  /** Throws store/locked when another process has taken the lock over (then this store must not write). */
  check(): void {
    if (!this.lost && this.stillMine()) return;
    this.lost = true;
    throw new StoreError(
      'store/locked',
      `embedded store at ${this.dir}: another process has taken over its lock; this process stops writing to it`,
      { dir: this.dir },
    );
  }

  /** Stop refreshing and remove LOCK if it is still this process's (never another process's lock). */
  release(): void {
    clearInterval(this.timer);
    if (held.get(this.dir) === this.token) held.delete(this.dir);
    try {
      if (this.stillMine()) unlinkQuiet(this.file);
    } catch {
      /* best effort on close */
    }
  }
}
