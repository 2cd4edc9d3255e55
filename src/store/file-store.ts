// The embedded default store (STORE_URL=file:./var/store): plain files, no server, survives restarts.
// Single process: the directory is locked (LOCK file holding the owner's pid) while a store has it open.
//
// Format (docs/storage.md):
//   <dir>/LOCK                         pid of the process that has the store open
//   <dir>/games/<gameId>.json          line 1: header JSON {format, version, channelId, finishedAt, expiresAt}
//                                      line 2: the game document JSON
//   <dir>/records/<ns>/<key>.json      line 1: header JSON {format, version}; line 2: the value JSON
// Every write goes to a temp file in the same directory, is fsynced, then renamed over the old file
// (rename is atomic on POSIX), and the directory is fsynced: a crash leaves the old or the new version,
// never a torn one. The header is a line of its own so opening the store reads only headers to
// rebuild the channel index (the game files are the only source of truth; no second index to drift).
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fsyncSync, openSync, readSync, unlinkSync, writeSync } from 'node:fs';
import { mkdir, open, readFile, readdir, rename, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { toJson } from './memory-store.js';
import {
  DAY_MS, StoreError, checkId, checkVersion,
  type GameStore, type GameSummary, type SaveOptions, type StoredGame, type StoredRecord, type StoreOptions,
} from './types.js';

export const GAME_FORMAT = 'hexref-game/1';
export const RECORD_FORMAT = 'hexref-record/1';

interface Header {
  format: string;
  version: number;
  channelId: string;
  finishedAt: number | null;
  expiresAt: number | null;
}

function unavailable(what: string, err: unknown): StoreError {
  const e = err as NodeJS.ErrnoException;
  return new StoreError('store/unavailable', `embedded store: ${what} failed (${e.code ?? ''} ${e.message})`, { errno: e.code }, { cause: err });
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Serialise async critical sections per key (compare-and-set within one process). */
class KeyedMutex {
  private tails = new Map<string, Promise<void>>();
  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((r) => (release = r));
    const tail = prev.then(() => mine);
    this.tails.set(key, tail);
    await prev;
    try {
      return await fn();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}

export class FileStore implements GameStore {
  readonly kind = 'file' as const;
  private readonly gamesDir: string;
  private readonly recordsDir: string;
  private readonly lockPath: string;
  private readonly ttlMs: number;
  private readonly now: () => number;
  private readonly mutex = new KeyedMutex();
  /** Headers of every game file, read at open: the channel index is derived from these. */
  private headers = new Map<string, Header>();
  private channels = new Map<string, string>();
  private closed = false;

  private constructor(readonly dir: string, options: StoreOptions) {
    this.gamesDir = path.join(dir, 'games');
    this.recordsDir = path.join(dir, 'records');
    this.lockPath = path.join(dir, 'LOCK');
    this.ttlMs = (options.finishedTtlDays ?? 90) * DAY_MS;
    this.now = options.now ?? Date.now;
  }

  static async open(dir: string, options: StoreOptions = {}): Promise<FileStore> {
    const store = new FileStore(path.resolve(dir), options);
    try {
      await mkdir(store.gamesDir, { recursive: true });
      await mkdir(store.recordsDir, { recursive: true });
    } catch (err) {
      throw unavailable(`creating ${store.dir}`, err);
    }
    store.takeLock();
    try {
      await store.scan();
    } catch (err) {
      store.releaseLock();
      throw err;
    }
    return store;
  }

  private takeLock(): void {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = openSync(this.lockPath, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, 0o644);
        writeSync(fd, `${process.pid}\n`);
        fsyncSync(fd);
        closeSync(fd);
        return;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw unavailable(`locking ${this.lockPath}`, err);
      }
      let owner = NaN;
      try {
        const buf = Buffer.alloc(32);
        const fd = openSync(this.lockPath, 'r');
        const n = readSync(fd, buf, 0, 32, 0);
        closeSync(fd);
        owner = Number.parseInt(buf.subarray(0, n).toString('utf8'), 10);
      } catch {
        /* vanished or unreadable: treat as stale */
      }
      if (Number.isInteger(owner) && pidAlive(owner)) {
        throw new StoreError(
          'store/locked',
          `embedded store at ${this.dir} is in use by process ${owner}` +
            (owner === process.pid ? ' (this process: close the other store first)' : '') +
            '. The embedded store is single-process: stop the other process, or use STORE_URL=redis://… to share games between processes.',
          { dir: this.dir, pid: owner },
        );
      }
      try {
        unlinkSyncQuiet(this.lockPath); // stale lock from a crashed process
      } catch (err) {
        throw unavailable(`removing stale lock ${this.lockPath}`, err);
      }
    }
    throw new StoreError('store/locked', `could not lock ${this.dir}`, { dir: this.dir });
  }

  private releaseLock(): void {
    try {
      unlinkSyncQuiet(this.lockPath);
    } catch {
      /* best effort on close */
    }
  }

  private async scan(): Promise<void> {
    let names: string[];
    try {
      names = await readdir(this.gamesDir);
    } catch (err) {
      throw unavailable(`reading ${this.gamesDir}`, err);
    }
    for (const name of names) {
      if (name.endsWith('.tmp')) {
        await unlink(path.join(this.gamesDir, name)).catch(() => {}); // left by a crash mid-write
        continue;
      }
      if (!name.endsWith('.json')) continue;
      const gameId = name.slice(0, -5);
      const header = await this.readHeader(path.join(this.gamesDir, name));
      this.headers.set(gameId, header);
      if (header.finishedAt === null) this.channels.set(header.channelId, gameId);
    }
    this.sweep();
  }

  private async readHeader(file: string): Promise<Header> {
    let fh;
    try {
      fh = await open(file, 'r');
      const buf = Buffer.alloc(4096);
      const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
      const text = buf.subarray(0, bytesRead).toString('utf8');
      const nl = text.indexOf('\n');
      if (nl < 0) throw new StoreError('store/corrupt', `${file}: no header line`, { file });
      return parseHeader(file, text.slice(0, nl));
    } catch (err) {
      if (err instanceof StoreError) throw err;
      throw unavailable(`reading ${file}`, err);
    } finally {
      await fh?.close();
    }
  }

  /** Drop finished games whose retention has run out. */
  private sweep(): void {
    const now = this.now();
    for (const [id, h] of this.headers) {
      if (h.expiresAt !== null && h.expiresAt <= now) {
        this.headers.delete(id);
        if (this.channels.get(h.channelId) === id) this.channels.delete(h.channelId);
        void rm(this.gameFile(id), { force: true }).catch(() => {});
      }
    }
  }

  private live(gameId: string): Header | undefined {
    const h = this.headers.get(gameId);
    if (h && h.expiresAt !== null && h.expiresAt <= this.now()) {
      this.sweep();
      return undefined;
    }
    return h;
  }

  private gameFile(gameId: string): string {
    return path.join(this.gamesDir, `${gameId}.json`);
  }

  private ensureOpen(): void {
    if (this.closed) throw new StoreError('store/unavailable', `embedded store at ${this.dir} has been closed`);
  }

  private async writeAtomic(file: string, content: string): Promise<void> {
    const dir = path.dirname(file);
    const tmp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
    try {
      await mkdir(dir, { recursive: true });
      const fh = await open(tmp, 'w', 0o644);
      try {
        await fh.writeFile(content, 'utf8');
        await fh.sync();
      } finally {
        await fh.close();
      }
      await rename(tmp, file);
      const dh = await open(dir, 'r');
      try {
        await dh.sync();
      } finally {
        await dh.close();
      }
    } catch (err) {
      await unlink(tmp).catch(() => {});
      throw unavailable(`writing ${file}`, err);
    }
  }

  private async readGame(gameId: string, header: Header): Promise<StoredGame> {
    const file = this.gameFile(gameId);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (err) {
      throw unavailable(`reading ${file}`, err);
    }
    const nl = text.indexOf('\n');
    let doc: unknown;
    try {
      const h = parseHeader(file, text.slice(0, nl));
      if (h.version !== header.version) throw new Error(`header version ${h.version} differs from index ${header.version}`);
      doc = JSON.parse(text.slice(nl + 1));
    } catch (err) {
      if (err instanceof StoreError) throw err;
      throw new StoreError('store/corrupt', `${file}: ${(err as Error).message}`, { file }, { cause: err });
    }
    return { doc, version: header.version, channelId: header.channelId, finishedAt: header.finishedAt, expiresAt: header.expiresAt };
  }

  async load(gameId: string): Promise<StoredGame | null> {
    this.ensureOpen();
    checkId('game id', gameId);
    return this.mutex.run(gameId, async () => {
      const h = this.live(gameId);
      return h ? this.readGame(gameId, h) : null;
    });
  }

  async create(gameId: string, channelId: string, doc: unknown): Promise<StoredGame> {
    this.ensureOpen();
    checkId('game id', gameId);
    checkId('channel id', channelId);
    const json = toJson(doc);
    // Lock the channel then the game: create is the only path taking both, always in this order.
    return this.mutex.run(`channel:${channelId}`, () =>
      this.mutex.run(gameId, async () => {
        if (this.live(gameId)) throw new StoreError('store/exists', `game ${gameId} already exists`, { gameId });
        const holder = this.channels.get(channelId);
        if (holder && this.live(holder)) {
          throw new StoreError('store/channel-taken', `channel ${channelId} already has game ${holder}`, { channelId, gameId: holder });
        }
        const header: Header = { format: GAME_FORMAT, version: 1, channelId, finishedAt: null, expiresAt: null };
        await this.writeAtomic(this.gameFile(gameId), `${JSON.stringify(header)}\n${json}\n`);
        this.headers.set(gameId, header);
        this.channels.set(channelId, gameId);
        return { doc: JSON.parse(json), version: 1, channelId, finishedAt: null, expiresAt: null };
      }),
    );
  }

  async save(gameId: string, doc: unknown, expectedVersion: number, options: SaveOptions = {}): Promise<StoredGame> {
    this.ensureOpen();
    checkId('game id', gameId);
    checkVersion(expectedVersion);
    const json = toJson(doc);
    return this.mutex.run(gameId, async () => {
      const h = this.live(gameId);
      if (!h) throw new StoreError('store/not-found', `game ${gameId} does not exist`, { gameId });
      if (h.version !== expectedVersion) {
        throw new StoreError('store/conflict', `game ${gameId} is at version ${h.version}, not ${expectedVersion}`, {
          gameId, expectedVersion, currentVersion: h.version,
        });
      }
      const next: Header = { ...h, version: expectedVersion + 1 };
      if (options.finishedAt !== undefined && h.finishedAt === null) {
        next.finishedAt = options.finishedAt;
        next.expiresAt = options.finishedAt + this.ttlMs;
      }
      await this.writeAtomic(this.gameFile(gameId), `${JSON.stringify(next)}\n${json}\n`);
      this.headers.set(gameId, next);
      if (next.finishedAt !== null && this.channels.get(next.channelId) === gameId) this.channels.delete(next.channelId);
      return { doc: JSON.parse(json), version: next.version, channelId: next.channelId, finishedAt: next.finishedAt, expiresAt: next.expiresAt };
    });
  }

  async gameInChannel(channelId: string): Promise<string | null> {
    this.ensureOpen();
    checkId('channel id', channelId);
    const holder = this.channels.get(channelId);
    return holder && this.live(holder) ? holder : null;
  }

  async list(): Promise<GameSummary[]> {
    this.ensureOpen();
    this.sweep();
    return [...this.headers]
      .map(([gameId, h]) => ({ gameId, channelId: h.channelId, version: h.version, finishedAt: h.finishedAt, expiresAt: h.expiresAt }))
      .sort((a, b) => a.gameId.localeCompare(b.gameId));
  }

  async delete(gameId: string): Promise<boolean> {
    this.ensureOpen();
    checkId('game id', gameId);
    return this.mutex.run(gameId, async () => {
      const h = this.headers.get(gameId);
      if (!h) return false;
      try {
        await rm(this.gameFile(gameId), { force: true });
      } catch (err) {
        throw unavailable(`deleting game ${gameId}`, err);
      }
      this.headers.delete(gameId);
      if (this.channels.get(h.channelId) === gameId) this.channels.delete(h.channelId);
      return true;
    });
  }

  private recordFile(namespace: string, key: string): string {
    return path.join(this.recordsDir, namespace, `${key}.json`);
  }

  private async readRecord(file: string): Promise<StoredRecord | null> {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw unavailable(`reading ${file}`, err);
    }
    try {
      const nl = text.indexOf('\n');
      const h = JSON.parse(text.slice(0, nl)) as { format?: string; version?: number };
      if (h.format !== RECORD_FORMAT || !Number.isInteger(h.version)) throw new Error('bad header');
      return { value: JSON.parse(text.slice(nl + 1)), version: h.version! };
    } catch (err) {
      throw new StoreError('store/corrupt', `${file}: ${(err as Error).message}`, { file }, { cause: err });
    }
  }

  async loadRecord(namespace: string, key: string): Promise<StoredRecord | null> {
    this.ensureOpen();
    checkId('namespace', namespace);
    checkId('key', key);
    return this.mutex.run(`record:${namespace}/${key}`, () => this.readRecord(this.recordFile(namespace, key)));
  }

  async saveRecord(namespace: string, key: string, value: unknown, expectedVersion: number): Promise<StoredRecord> {
    this.ensureOpen();
    checkId('namespace', namespace);
    checkId('key', key);
    checkVersion(expectedVersion, 0);
    const json = toJson(value);
    return this.mutex.run(`record:${namespace}/${key}`, async () => {
      const file = this.recordFile(namespace, key);
      const current = (await this.readRecord(file))?.version ?? 0;
      if (current !== expectedVersion) {
        throw new StoreError('store/conflict', `record ${namespace}/${key} is at version ${current}, not ${expectedVersion}`, {
          namespace, key, expectedVersion, currentVersion: current,
        });
      }
      const version = current + 1;
      await this.writeAtomic(file, `${JSON.stringify({ format: RECORD_FORMAT, version })}\n${json}\n`);
      return { value: JSON.parse(json), version };
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.releaseLock();
  }
}

function parseHeader(file: string, line: string): Header {
  let h: Partial<Header>;
  try {
    h = JSON.parse(line) as Partial<Header>;
  } catch (err) {
    throw new StoreError('store/corrupt', `${file}: header is not JSON`, { file }, { cause: err });
  }
  if (h.format !== GAME_FORMAT || !Number.isInteger(h.version) || typeof h.channelId !== 'string') {
    throw new StoreError('store/corrupt', `${file}: not a ${GAME_FORMAT} file`, { file });
  }
  return { format: h.format, version: h.version!, channelId: h.channelId, finishedAt: h.finishedAt ?? null, expiresAt: h.expiresAt ?? null };
}

function unlinkSyncQuiet(file: string): void {
  try {
    unlinkSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}
