// The embedded default store (STORE_URL=file:./var/store): plain files, no server, survives restarts.
// Single process: the directory is locked while a store has it open (dir-lock.ts).
//
// Layout (docs/storage.md § Embedded file store):
//   <dir>/LOCK                            who has the store open (token, pid, host, boot id, start time)
//   <dir>/games/<gameId>/<N>.json         version N of a game: line 1 header JSON {format, version,
//                                         channelId, finishedAt, expiresAt}; line 2 the game document;
//                                         line 3 (when the save appended any) the history items it added
//   <dir>/games/<gameId>/history.jsonl    the game's history: one line {"v":N,"items":[…]} per version
//                                         that appended items, added (fsynced) after the version is
//                                         committed; a line lost to a crash is recovered from line 3 of
//                                         its version file, which stays until two newer versions exist
//   <dir>/records/<ns>/<key>/<N>.json     version N of a record's head: line 1 {format, version, id, lineage,
//                                         expiresAt?}; line 2 the value; line 3 (appendRecord) the items it
//                                         added. An append creates it exclusively (the compare-and-set)
//                                         without fsync; saveRecord's is durable as a game's version
//   <dir>/records/<ns>/<key>/items.jsonl  the record's journal: per append one line {"v":N,"items":[…],
//                                         "head":…,"id":…,"expiresAt":…}, fdatasync'ed: the append's one
//                                         durable write. A read takes a newer head from its last line (a
//                                         version file a crash lost) and an empty or torn version file's
//                                         head from its line. An expired record's folder is removed when
//                                         read, at open and every 10 min
//   <dir>/quarantine/<name>.<time>        damaged files set aside at open (and why: problems())
// Each version is an immutable file created by an exclusive hard link of a complete, fsynced temp file
// (versioned-files.ts): the compare-and-set is the file system's, so even two processes that both
// believe they hold the lock cannot overwrite each other's versions. Opening the store reads only the
// newest header of each game to rebuild the channel index; a game whose files cannot be read is moved
// to quarantine/ and reported, and every other game stays available. Games written by the earlier
// layout (`games/<gameId>.json`) are moved into the new one at open.
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { DirLock } from './dir-lock.js';
import {
  appendItemLines,
  catchUp,
  dropLinesAfter,
  journalLine,
  lastItemLine,
  readItemLines,
  type BadLine,
  type ItemLine,
  type LineHead,
} from './item-lines.js';
import { RECORD_SWEEP_MS, toJson } from './memory-store.js';
import {
  DAY_MS,
  StoreError,
  isStoreError,
  checkId,
  checkVersion,
  checkIndex,
  checkUsers,
  checkAppend,
  checkItems,
  checkRange,
  recordExpiry,
  type GameIndex,
  type RecordOptions,
  type StoreLog,
  isValidId,
  type GameStore,
  type GameSummary,
  type SaveOptions,
  type SavedGame,
  type StoredGame,
  type StoredRecord,
  type StoreOptions,
  type StoreProblem,
} from './types.js';
import {
  Damaged,
  LINEAGE,
  commit,
  headerLine,
  newestIntact,
  latest,
  lineageAfter,
  newVersionId,
  prune,
  removeStaleTemps,
  unavailable,
  readVersion,
  versionFile,
} from './versioned-files.js';

/** The directory a `file:` STORE_URL points at (relative paths are relative to the working directory). */
export function fileStoreDir(url: string): string {
  return path.resolve(url.replace(/^file:(\/\/)?/, ''));
}

export const GAME_FORMAT = 'hexref-game/1';
export const RECORD_FORMAT = 'hexref-record/1';

interface Header {
  format: string;
  version: number;
  channelId: string;
  finishedAt: number | null;
  expiresAt: number | null;
  /** This version's random id, and the ids of the versions it was built on (versioned-files.ts). */
  id?: string;
  lineage?: string[];
  /** The per-player and per-server index (types.ts GameIndex); absent in files written before it. */
  guildId?: string | null;
  users?: string[];
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

function parseHeader(line: string): Header {
  let h: Partial<Header>;
  try {
    h = JSON.parse(line) as Partial<Header>;
  } catch {
    throw new Damaged('its header is not JSON');
  }
  if (h === null || typeof h !== 'object' || h.format !== GAME_FORMAT || !Number.isInteger(h.version) || typeof h.channelId !== 'string') {
    throw new Damaged(`it is not a ${GAME_FORMAT} file`);
  }
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  return {
    format: h.format,
    version: h.version!,
    channelId: h.channelId,
    finishedAt: num(h.finishedAt),
    expiresAt: num(h.expiresAt),
    ...(typeof h.id === 'string' ? { id: h.id } : {}),
    ...(Array.isArray(h.lineage) ? { lineage: h.lineage.filter((x): x is string => typeof x === 'string') } : {}),
    ...(typeof h.guildId === 'string' ? { guildId: h.guildId } : {}),
    ...(Array.isArray(h.users) ? { users: h.users.filter((x): x is string => typeof x === 'string') } : {}),
  };
}

/** Header, document and appended history items of a game version file's text. */
function parseGame(text: string): { header: Header; doc: unknown; items: unknown[] } {
  const nl = text.indexOf('\n');
  if (nl < 0) throw new Damaged(text.length ? 'it has no header line' : 'it is empty');
  const header = parseHeader(text.slice(0, nl));
  // JSON text has no raw line breaks, so the document is line 2 and the items (if any) line 3.
  const [docLine = '', itemsLine = ''] = text.slice(nl + 1).split('\n');
  try {
    const items: unknown = itemsLine ? JSON.parse(itemsLine) : [];
    if (!Array.isArray(items)) throw new Damaged('its history items are not a list');
    return { header, doc: JSON.parse(docLine), items };
  } catch (err) {
    if (err instanceof Damaged) throw err;
    throw new Damaged('its document is not JSON');
  }
}

/** A record's older versions are removed every this many appends (and at every saveRecord). */
const PRUNE_EVERY = 16;
const HISTORY_FILE = 'history.jsonl';
const ITEMS_FILE = 'items.jsonl';

export class FileStore implements GameStore {
  readonly kind = 'file' as const;
  private readonly gamesDir: string;
  private readonly recordsDir: string;
  private readonly quarantineDir: string;
  private readonly ttlMs: number;
  private readonly now: () => number;
  private readonly mutex = new KeyedMutex();
  /** Per game, the newest version whose items history.jsonl holds (known once read in this process). */
  private historyAt = new Map<string, number>();
  /** Newest header of every game, read at open and kept up to date: the channel index comes from it. */
  private headers = new Map<string, Header>();
  private channels = new Map<string, string>();
  /** Games set aside at open, by id: loading one answers store/corrupt instead of "no such game". */
  private quarantined = new Map<string, StoreProblem>();
  /** Games answered from an older version than their newest (set aside as damaged), until next saved. */
  private recovered = new Map<string, { lostVersions: number[]; version: number }>();
  private readonly found: StoreProblem[] = [];
  private closed = false;
  private lock: DirLock | undefined;
  private readonly log: StoreLog | undefined;
  /** Per record (`<ns>/<key>`), the newest version whose items items.jsonl holds (as historyAt). */
  private itemsAt = new Map<string, number>();
  /**
   * Per record, its head as this process last read or wrote it: the next write builds on it without
   * reading the folder again (the exclusive create of the next version file still refuses a write
   * another writer got to first, and a conflict is checked against the files before it is answered).
   */
  private heads = new Map<string, FileRecord>();
  private sweeper: NodeJS.Timeout | undefined;

  private constructor(
    readonly dir: string,
    options: StoreOptions,
  ) {
    this.gamesDir = path.join(dir, 'games');
    this.recordsDir = path.join(dir, 'records');
    this.quarantineDir = path.join(dir, 'quarantine');
    this.ttlMs = (options.finishedTtlDays ?? 90) * DAY_MS;
    this.now = options.now ?? Date.now;
    this.log = options.log;
  }

  static async open(dir: string, options: StoreOptions = {}): Promise<FileStore> {
    const store = new FileStore(path.resolve(dir), options);
    try {
      await mkdir(store.gamesDir, { recursive: true });
      await mkdir(store.recordsDir, { recursive: true });
    } catch (err) {
      throw unavailable(`creating ${store.dir}`, err);
    }
    store.lock = DirLock.acquire(store.dir);
    try {
      await store.scan(store.lock.takeover !== 'lease');
      await store.sweepRecords();
    } catch (err) {
      store.lock.release();
      throw err;
    }
    // Expired games and records are also dropped when next touched; this frees the ones nobody touches.
    store.sweeper = setInterval(() => {
      if (store.closed) return;
      store.sweep();
      store.sweepRecords().catch((err: unknown) => store.log?.warn({ err }, 'embedded store: sweeping expired records failed'));
    }, RECORD_SWEEP_MS);
    store.sweeper.unref();
    return store;
  }

  /** What opening the store found damaged and set aside (each with where it went and why). */
  problems(): StoreProblem[] {
    return this.found.slice();
  }

  private gameDir(gameId: string): string {
    return path.join(this.gamesDir, gameId);
  }

  /**
   * Move a damaged file or folder (`rel`, relative to the store) out of the way, log it and remember why.
   * `gameId`: the game it held, when it was the whole game (loading it then answers store/corrupt).
   */
  private async quarantine(rel: string, reason: string, game?: { id: string; whole: boolean }): Promise<void> {
    const stamp = new Date(this.now()).toISOString().replace(/[:.]/g, '-');
    const target = path.join(this.quarantineDir, `${rel.replace(/^games\//, '').replaceAll('/', '.')}.${stamp}`);
    const from = path.join(this.dir, rel);
    this.lock?.check(); // moving files is a write: only while the store is still this process's
    try {
      await mkdir(this.quarantineDir, { recursive: true });
      // Never over an earlier one of the same name and moment.
      const free = existsSync(target) ? `${target}.${newVersionId()}` : target;
      await rename(from, free);
      const problem: StoreProblem = { what: rel, reason, movedTo: free, ...(game ? { gameId: game.id } : {}) };
      this.found.push(problem);
      if (game?.whole) this.quarantined.set(game.id, problem);
      this.log?.warn({ ...problem }, 'embedded store: set a damaged file aside');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return; // removed meanwhile
      throw unavailable(`moving the damaged ${from} to quarantine`, err);
    }
  }

  private async scan(removeAllTemps: boolean): Promise<void> {
    let names: string[];
    try {
      names = await readdir(this.gamesDir);
    } catch (err) {
      throw unavailable(`reading ${this.gamesDir}`, err);
    }
    const legacy: string[] = [];
    for (const name of names) {
      const full = path.join(this.gamesDir, name);
      const st = await stat(full).catch(() => null);
      if (!st) continue;
      if (name.endsWith('.tmp')) {
        if (removeAllTemps || this.now() - st.mtimeMs > 60_000) await unlink(full).catch(() => {});
        continue;
      }
      if (!st.isDirectory()) {
        if (name.endsWith('.json') && isValidId(name.slice(0, -5))) legacy.push(name);
        else await this.quarantine(`games/${name}`, 'not a game of this store (a stray file)');
        continue;
      }
      if (!isValidId(name)) {
        await this.quarantine(`games/${name}`, 'not a game of this store (a folder with an invalid game id)');
        continue;
      }
      if (removeAllTemps) await this.removeTemps(full);
      else await removeStaleTemps(full, this.now());
      const v = await latest(full);
      if (v === 0) {
        const left = await readdir(full).catch(() => [] as string[]);
        if (left.length === 0) await rm(full, { recursive: true, force: true });
        else await this.quarantine(`games/${name}`, 'a game folder with no version file in it', { id: name, whole: true });
        continue;
      }
      // The newest version whose header reads (a damaged body is found, and set aside, when loaded).
      const current = await this.intact(name, 'header').catch((err: unknown) => {
        if (isStoreError(err, 'store/corrupt')) return null; // set aside whole, and reported
        throw err;
      });
      if (current) this.index(name, current.header);
    }
    for (const name of legacy) await this.migrate(name);
    this.sweep();
  }

  private async removeTemps(dir: string): Promise<void> {
    for (const n of await readdir(dir).catch(() => [] as string[])) {
      if (n.endsWith('.tmp')) await unlink(path.join(dir, n)).catch(() => {});
    }
  }

  /** A game file of the earlier layout (`games/<id>.json`) becomes `games/<id>/<version>.json`. */
  private async migrate(name: string): Promise<void> {
    const gameId = name.slice(0, -5);
    const file = path.join(this.gamesDir, name);
    let parsed: { header: Header; doc: unknown };
    try {
      parsed = parseGame(await readFile(file, 'utf8'));
    } catch (err) {
      if (err instanceof Damaged)
        return this.quarantine(
          `games/${name}`,
          `cannot be read: ${err.message}`,
          this.headers.has(gameId) ? undefined : { id: gameId, whole: true },
        );
      throw unavailable(`reading ${file}`, err);
    }
    const current = this.headers.get(gameId);
    if (!current || current.version < parsed.header.version) {
      const id = newVersionId();
      const text = `${JSON.stringify({ ...parsed.header, id, lineage: [] })}\n${JSON.stringify(parsed.doc)}\n`;
      if ((await commit(this.gameDir(gameId), parsed.header.version, text, id)) === 'unknown') {
        throw new StoreError('store/unavailable', `game ${gameId}: moving it into the new layout could not be confirmed`, { gameId });
      }
      this.index(gameId, parsed.header);
    }
    await unlink(file).catch(() => {});
  }

  private index(gameId: string, header: Header): void {
    const old = this.headers.get(gameId);
    if (old && this.channels.get(old.channelId) === gameId && (header.finishedAt !== null || old.channelId !== header.channelId)) {
      this.channels.delete(old.channelId);
    }
    this.headers.set(gameId, header);
    if (header.finishedAt === null) {
      // Never over another game's claim (an older version answered after a damaged newer one).
      const holder = this.channels.get(header.channelId);
      if (holder === undefined || holder === gameId || !this.headers.has(holder)) this.channels.set(header.channelId, gameId);
    }
  }

  private unindex(gameId: string): void {
    const h = this.headers.get(gameId);
    this.headers.delete(gameId);
    this.historyAt.delete(gameId);
    if (h && this.channels.get(h.channelId) === gameId) this.channels.delete(h.channelId);
  }

  private async readHeader(file: string): Promise<Header> {
    let line: string | null;
    try {
      line = await headerLine(file);
    } catch (err) {
      throw unavailable(`reading ${file}`, err);
    }
    if (line === null) throw new Damaged('it has no header line (empty or torn)');
    return parseHeader(line);
  }

  /** Drop finished games whose retention has run out. */
  private sweep(): void {
    const now = this.now();
    for (const [id, h] of this.headers) {
      if (h.expiresAt !== null && h.expiresAt <= now) {
        this.unindex(id);
        void rm(this.gameDir(id), { recursive: true, force: true }).catch(() => {});
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

  private ensureOpen(): void {
    if (this.closed) throw new StoreError('store/unavailable', `embedded store at ${this.dir} has been closed`);
  }

  /** Before a write: still open, and the lock still ours (another process may have taken it over). */
  private ensureWritable(): void {
    this.ensureOpen();
    this.lock!.check();
  }

  private corrupt(gameId: string, reason: string): StoreError {
    return new StoreError('store/corrupt', `game ${gameId}: ${reason}`, { gameId });
  }

  /**
   * One version of a game as `intact` checks it: its whole file (`full`) or its header line alone; null
   * when it is not there any more (removed by a newer write).
   */
  private async readGameVersion(dir: string, v: number, mode: 'full' | 'header'): Promise<{ header: Header; doc: unknown } | null> {
    let parsed: { header: Header; doc: unknown };
    if (mode === 'full') {
      const text = await readVersion(dir, v);
      if (text === null) return null;
      parsed = parseGame(text);
    } else {
      let line: string | null;
      try {
        line = await headerLine(versionFile(dir, v));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw unavailable(`reading ${versionFile(dir, v)}`, err);
      }
      if (line === null) throw new Damaged('it has no header line (empty or torn)');
      parsed = { header: parseHeader(line), doc: undefined };
    }
    if (parsed.header.version !== v) throw new Damaged(`its header says version ${parsed.header.version}, its name ${v}`);
    return parsed;
  }

  /**
   * The newest intact version of a game on disk (another process may have written since the index):
   * `full` reads and checks the whole file, `header` its header line. Newer versions that cannot be read
   * are set aside (quarantine/, logged, problems()), their history lines dropped, and the game's loads
   * carry `recovered` until it is next saved: one damaged file never blocks a game or its channel. Null
   * when the game has no version left; when none is intact, the whole game is set aside, its channel
   * freed, and store/corrupt thrown. Call under the game's mutex.
   */
  private async intact(gameId: string, mode: 'full' | 'header'): Promise<{ header: Header; doc: unknown } | null> {
    const dir = this.gameDir(gameId);
    const r = await newestIntact(dir, (v) => this.readGameVersion(dir, v, mode));
    if (r.versions.length === 0) return null;
    if (!r.found) {
      const top = r.damaged[0]!;
      const reason = `its newest version (${top.v}) cannot be read: ${top.reason}${r.damaged.length > 1 ? '; no older version is intact' : ''}`;
      await this.quarantine(`games/${gameId}`, reason, { id: gameId, whole: true });
      this.unindex(gameId);
      this.recovered.delete(gameId);
      throw this.corrupt(gameId, reason);
    }
    const at = r.found.v;
    if (r.damaged.length) {
      for (const d of r.damaged) {
        await this.quarantine(
          `games/${gameId}/${d.v}.json`,
          `version ${d.v} cannot be read: ${d.reason}; the game goes on from version ${at}`,
          {
            id: gameId,
            whole: false,
          },
        );
      }
      await dropLinesAfter(this.historyFile(gameId), at);
      this.historyAt.delete(gameId);
      const before = this.recovered.get(gameId)?.lostVersions ?? [];
      const lostVersions = [...new Set([...before, ...r.damaged.map((d) => d.v)])].filter((v) => v > at).sort((a, b) => a - b);
      this.recovered.set(gameId, { lostVersions, version: at });
      this.log?.warn({ gameId, lostVersions, version: at }, 'embedded store: a game goes on from an older version (newer ones damaged)');
    }
    return r.found.value;
  }

  /** A game set aside at open answers store/corrupt, saying why. */
  private refuseQuarantined(gameId: string): void {
    const q = this.quarantined.get(gameId);
    if (q) throw this.corrupt(gameId, `its files were damaged and moved to ${q.movedTo} (${q.reason})`);
  }

  private saved(h: Header, gameId?: string): SavedGame {
    const recovered = gameId === undefined ? undefined : this.recovered.get(gameId);
    return {
      version: h.version,
      channelId: h.channelId,
      finishedAt: h.finishedAt,
      expiresAt: h.expiresAt,
      ...(recovered ? { recovered: { lostVersions: [...recovered.lostVersions], version: recovered.version } } : {}),
    };
  }

  private stored(h: Header, doc: unknown, gameId?: string): StoredGame {
    return { doc, ...this.saved(h, gameId) };
  }

  async load(gameId: string): Promise<StoredGame | null> {
    this.ensureOpen();
    checkId('game id', gameId);
    return this.mutex.run(gameId, async () => {
      this.refuseQuarantined(gameId);
      if (!this.live(gameId)) return null;
      const current = await this.intact(gameId, 'full');
      if (!current) {
        this.unindex(gameId);
        return null;
      }
      this.index(gameId, current.header);
      return this.live(gameId) ? this.stored(current.header, current.doc, gameId) : null;
    });
  }

  async peek(gameId: string): Promise<SavedGame | null> {
    this.ensureOpen();
    checkId('game id', gameId);
    return this.mutex.run(gameId, async () => {
      this.refuseQuarantined(gameId);
      if (!this.live(gameId)) return null;
      // The version on disk (another writer may have saved since), and its header line alone.
      const current = await this.intact(gameId, 'header');
      if (!current) {
        this.unindex(gameId);
        return null;
      }
      this.index(gameId, current.header);
      return this.live(gameId) ? this.saved(current.header, gameId) : null;
    });
  }

  async create(gameId: string, channelId: string, doc: unknown, index?: GameIndex): Promise<StoredGame> {
    this.ensureWritable();
    checkId('game id', gameId);
    checkId('channel id', channelId);
    const { guildId, users } = checkIndex(index);
    const json = toJson(doc);
    // Lock the channel then the game: create is the only path taking both, always in this order.
    return this.mutex.run(`channel:${channelId}`, async () => {
      // A channel is never kept by a game that cannot be loaded: its holder is read (under its own lock,
      // taken and let go before the new game's) and, if no version of it is intact, set aside.
      const holder = this.channels.get(channelId);
      if (holder && holder !== gameId && this.live(holder)) {
        await this.mutex.run(holder, async () => {
          try {
            const current = await this.intact(holder, 'full');
            if (current) this.index(holder, current.header);
            else this.unindex(holder);
          } catch (err) {
            if (!isStoreError(err, 'store/corrupt')) throw err; // set aside whole: the channel is free
          }
        });
      }
      return this.mutex.run(gameId, async () => {
        if (this.live(gameId) || this.quarantined.has(gameId))
          throw new StoreError('store/exists', `game ${gameId} already exists`, { gameId });
        const holder = this.channels.get(channelId);
        if (holder && this.live(holder)) {
          throw new StoreError('store/channel-taken', `channel ${channelId} already has game ${holder}`, { channelId, gameId: holder });
        }
        const header: Header = {
          format: GAME_FORMAT,
          version: 1,
          channelId,
          finishedAt: null,
          expiresAt: null,
          id: newVersionId(),
          lineage: [],
          guildId,
          users,
        };
        const made = await commit(this.gameDir(gameId), 1, `${JSON.stringify(header)}\n${json}\n`, header.id!);
        if (made !== 'created') throw new StoreError('store/exists', `game ${gameId} already exists`, { gameId });
        this.index(gameId, header);
        return this.stored(header, JSON.parse(json));
      });
    });
  }

  async save(gameId: string, doc: unknown, expectedVersion: number, options: SaveOptions = {}): Promise<SavedGame> {
    this.ensureWritable();
    checkId('game id', gameId);
    checkVersion(expectedVersion);
    const users = options.users === undefined ? undefined : checkUsers(options.users);
    const json = toJson(doc);
    const items = checkAppend(options.append);
    const itemsJson = items.length ? `[${items.map(toJson).join(',')}]` : '';
    return this.mutex.run(gameId, async () => {
      if (!this.live(gameId)) throw new StoreError('store/not-found', `game ${gameId} does not exist`, { gameId });
      const dir = this.gameDir(gameId);
      const notFound = () => {
        this.unindex(gameId);
        return new StoreError('store/not-found', `game ${gameId} does not exist`, { gameId });
      };
      const conflict = (current: number) =>
        new StoreError('store/conflict', `game ${gameId} is at version ${current}, not ${expectedVersion}`, {
          gameId,
          expectedVersion,
          currentVersion: current,
        });
      // The version on disk, not the one remembered: another writer may have saved since.
      const v = await latest(dir);
      if (v === 0) throw notFound();
      let h =
        v === expectedVersion
          ? await this.readGameVersion(dir, v, 'header').then(
              (r) => r?.header,
              (err: unknown) => {
                if (err instanceof Damaged) return undefined;
                throw err;
              },
            )
          : undefined;
      if (!h) {
        // Another version on disk, or this one's header damaged: the newest intact one decides (a damaged
        // or stray newer file is set aside here rather than answered as a conflict forever).
        const current = await this.intact(gameId, 'header');
        if (!current) throw notFound();
        h = current.header;
        this.index(gameId, h);
        if (h.version !== expectedVersion) throw conflict(h.version);
      }
      const next: Header = {
        ...h,
        version: expectedVersion + 1,
        id: newVersionId(),
        lineage: lineageAfter(h),
        ...(users ? { users } : {}),
      };
      if (options.finishedAt !== undefined && h.finishedAt === null) {
        next.finishedAt = options.finishedAt;
        next.expiresAt = options.finishedAt + this.ttlMs;
      }
      // Bring the history up to the version saved on (a crash may have lost its line) before this one's.
      await this.catchUpHistory(gameId, expectedVersion);
      const made = await commit(dir, next.version, `${JSON.stringify(next)}\n${json}\n${itemsJson ? `${itemsJson}\n` : ''}`, next.id!);
      if (made === 'lost') throw conflict(await latest(dir));
      if (made === 'unknown') throw unconfirmed(`game ${gameId}`);
      this.index(gameId, next);
      if (itemsJson) await appendItemLines(this.historyFile(gameId), `{"v":${next.version},"items":${itemsJson}}\n`);
      this.historyAt.set(gameId, next.version);
      this.recovered.delete(gameId); // the players have moved on from the version recovered
      await prune(dir, expectedVersion - 1);
      return this.saved(next);
    });
  }

  private historyFile(gameId: string): string {
    return path.join(this.gameDir(gameId), HISTORY_FILE);
  }

  /** The lines of a game's history or a record's items; a line that cannot be read is skipped and reported. */
  private async readLines(file: string, what: string, gameId?: string): Promise<ItemLine[]> {
    const { lines, bad } = await readItemLines(file);
    for (const b of bad) this.badLine(file, what, b, gameId);
    return lines;
  }

  /** Report a line of a history or items file that cannot be read (once per line and process). */
  private badLine(file: string, what: string, b: BadLine, gameId?: string): void {
    this.report({
      what: `${path.relative(this.dir, file)}:${b.line}`,
      reason: `line ${b.line} of ${what} cannot be read (${b.reason}): skipped`,
      movedTo: '',
      ...(gameId ? { gameId } : {}),
    });
  }

  /** Damage worked around without moving anything: reported once (problems(), the log). */
  private report(problem: StoreProblem): void {
    if (this.found.some((p) => p.what === problem.what && p.reason === problem.reason)) return;
    this.found.push(problem);
    this.log?.warn({ ...problem }, 'embedded store: worked around a damaged file');
  }

  /**
   * Make sure history.jsonl holds the items of every version up to `upTo`: lines lost to a crash between
   * a version's commit and its history line are taken from that version file's line 3 (the last two
   * versions are always on disk, and this runs before every save).
   */
  private async catchUpHistory(gameId: string, upTo: number): Promise<ItemLine[] | null> {
    if (this.historyAt.get(gameId) === upTo) return null;
    const file = this.historyFile(gameId);
    const lines = await catchUp(
      this.gameDir(gameId),
      file,
      await this.readLines(file, `the history of game ${gameId}`, gameId),
      upTo,
      (text, v) => {
        try {
          return parseGame(text).items;
        } catch (err) {
          if (!(err instanceof Damaged)) throw err;
          // An older version damaged: the history goes on without its items (reported), saves go on.
          this.report({
            what: `games/${gameId}/${v}.json`,
            reason: `version ${v} cannot be read (${err.message}): the history items it added are missing`,
            movedTo: '',
            gameId,
          });
          return [];
        }
      },
    );
    this.historyAt.set(gameId, upTo);
    return lines;
  }

  async history(gameId: string): Promise<unknown[] | null> {
    this.ensureOpen();
    checkId('game id', gameId);
    return this.mutex.run(gameId, async () => {
      this.refuseQuarantined(gameId);
      if (!this.live(gameId)) return null;
      const current = await this.intact(gameId, 'header');
      if (!current) return null;
      const v = current.header.version;
      this.historyAt.delete(gameId); // read the file afresh
      const lines = (await this.catchUpHistory(gameId, v)) ?? [];
      return lines.filter((l) => l.v <= v).flatMap((l) => l.items);
    });
  }

  async gameInChannel(channelId: string): Promise<string | null> {
    this.ensureOpen();
    checkId('channel id', channelId);
    const holder = this.channels.get(channelId);
    return holder && this.live(holder) ? holder : null;
  }

  async list(): Promise<GameSummary[]> {
    return this.summaries(() => true);
  }

  async gamesOf(userId: string): Promise<GameSummary[]> {
    checkId('user id', userId);
    return this.summaries((h) => (h.users ?? []).includes(userId));
  }

  async gamesIn(guildId: string): Promise<GameSummary[]> {
    checkId('guild id', guildId);
    return this.summaries((h) => h.guildId === guildId);
  }

  private summaries(keep: (h: Header) => boolean): GameSummary[] {
    this.ensureOpen();
    this.sweep();
    return [...this.headers]
      .filter(([, h]) => keep(h))
      .map(([gameId, h]) => ({ gameId, channelId: h.channelId, version: h.version, finishedAt: h.finishedAt, expiresAt: h.expiresAt }))
      .sort((a, b) => a.gameId.localeCompare(b.gameId));
  }

  async delete(gameId: string): Promise<boolean> {
    this.ensureWritable();
    checkId('game id', gameId);
    return this.mutex.run(gameId, async () => {
      // A game set aside whole (nothing of it could be read) is deleted too: its id is free again (its
      // files stay in quarantine/ for the operator).
      const wasSetAside = this.quarantined.delete(gameId);
      this.recovered.delete(gameId);
      if (!this.headers.has(gameId)) return wasSetAside;
      try {
        await rm(this.gameDir(gameId), { recursive: true, force: true });
      } catch (err) {
        throw unavailable(`deleting game ${gameId}`, err);
      }
      this.unindex(gameId);
      return true;
    });
  }

  private recordDir(namespace: string, key: string): string {
    return path.join(this.recordsDir, namespace, key);
  }

  /**
   * The newest version of a record, or null (none, or expired: then its folder is removed). A record of
   * the earlier layout (`<key>.json`) is moved in first. Call under the record's mutex.
   */
  private async readRecord(namespace: string, key: string): Promise<FileRecord | null> {
    const rec = await this.readRecordFiles(namespace, key);
    if (rec) this.heads.set(`${namespace}/${key}`, rec);
    else this.heads.delete(`${namespace}/${key}`);
    return rec;
  }

  private async readRecordFiles(namespace: string, key: string): Promise<FileRecord | null> {
    const dir = this.recordDir(namespace, key);
    const what = `record ${namespace}/${key}`;
    const file = this.itemsFile(namespace, key);
    const r = await newestIntact(dir, async (v) => {
      const text = await readVersion(dir, v);
      if (text === null) return null;
      let rec: FileRecord;
      try {
        rec = parseRecord(text, what);
      } catch (err) {
        // appendRecord writes its version file without fsync (the journal line is the durable copy): one
        // a crash left empty or torn is read from its journal line. Complete lines that cannot be read
        // are damage.
        const torn = text === '' || !text.endsWith('\n') || text.includes('\0');
        const lines = torn ? await this.readLines(file, `the items of ${what}`) : [];
        const line = lines.find((l) => l.v === v);
        if (line?.head) {
          const fromJournal = journalRecord(line, line.head, null, lines);
          await this.rewriteVersion(dir, fromJournal);
          return fromJournal;
        }
        throw new Damaged((err as Error).message);
      }
      if (rec.version !== v) throw new Damaged(`its header says version ${rec.version}, its name ${v}`);
      return rec;
    });
    // The journal's last line may carry a newer head than any version file (a crash lost its file).
    const tail = await lastItemLine(file);
    const newer = async (below: FileRecord | null): Promise<FileRecord | null> => {
      if (!tail?.head || tail.v <= (below?.version ?? 0)) return below;
      // Its version file is written again, durably, so that the next version's gap check finds it.
      const rec = journalRecord(tail, tail.head, below, await this.readLines(file, `the items of ${what}`));
      await this.rewriteVersion(dir, rec);
      return rec;
    };
    if (r.versions.length === 0) {
      const fromJournal = await newer(null);
      if (!fromJournal) return this.migrateRecord(namespace, key);
      return this.unexpired(namespace, key, fromJournal);
    }
    const rel = path.relative(this.dir, dir);
    if (!r.found) {
      // Nothing of it can be read: set aside, and the record starts afresh (a channel's dice never stop).
      await this.quarantine(rel, `no version of ${what} can be read (newest ${r.damaged[0]!.v}: ${r.damaged[0]!.reason})`);
      this.itemsAt.delete(`${namespace}/${key}`);
      return null;
    }
    let rec = r.found.value;
    if (r.damaged.length) {
      for (const d of r.damaged)
        await this.quarantine(
          `${rel}/${d.v}.json`,
          `version ${d.v} of ${what} cannot be read: ${d.reason}; it goes on from version ${rec.version}`,
        );
      await dropLinesAfter(file, rec.version);
      this.itemsAt.delete(`${namespace}/${key}`);
    } else rec = (await newer(rec))!;
    return this.unexpired(namespace, key, rec);
  }

  /**
   * Write again, durably, a record's version file that a crash left empty or torn (its head read from
   * its journal line): a newer version's gap check reads its header.
   */
  private async rewriteVersion(dir: string, rec: FileRecord): Promise<void> {
    const { version, id = newVersionId(), lineage = [], expiresAt } = rec;
    const header = { format: RECORD_FORMAT, version, id, lineage, ...(expiresAt === null ? {} : { expiresAt }) };
    try {
      await unlink(versionFile(dir, version));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw unavailable(`repairing ${versionFile(dir, version)}`, err);
    }
    await commit(dir, version, `${JSON.stringify(header)}\n${toJson(rec.value)}\n`, id);
  }

  /** The record, or null when it has expired (its folder is then removed). */
  private async unexpired(namespace: string, key: string, rec: FileRecord): Promise<FileRecord | null> {
    if (rec.expiresAt !== null && rec.expiresAt <= this.now()) {
      await this.removeRecord(namespace, key);
      return null;
    }
    return rec;
  }

  /** Remove a record's folder (head versions and items) and any file of the earlier layout. */
  private async removeRecord(namespace: string, key: string): Promise<void> {
    this.itemsAt.delete(`${namespace}/${key}`);
    this.heads.delete(`${namespace}/${key}`);
    try {
      await rm(this.recordDir(namespace, key), { recursive: true, force: true });
      await rm(path.join(this.recordsDir, namespace, `${key}.json`), { force: true });
    } catch (err) {
      throw unavailable(`removing record ${namespace}/${key}`, err);
    }
  }

  /** Remove every expired record (at open and every RECORD_SWEEP_MS): a header line read per record. */
  private async sweepRecords(): Promise<void> {
    const now = this.now();
    for (const ns of await readdir(this.recordsDir).catch(() => [] as string[])) {
      if (!isValidId(ns)) continue;
      for (const key of await readdir(path.join(this.recordsDir, ns)).catch(() => [] as string[])) {
        if (this.closed) return; // removing is a write: never once the store (and its lock) is let go
        if (!isValidId(key) || key.endsWith('.json')) continue;
        const dir = this.recordDir(ns, key);
        const v = await latest(dir).catch(() => 0);
        if (v === 0) continue;
        const line = await headerLine(versionFile(dir, v)).catch(() => null);
        let expiresAt: unknown = null;
        try {
          expiresAt = (JSON.parse(line ?? 'null') as { expiresAt?: unknown } | null)?.expiresAt;
        } catch {
          continue; // damaged: answered when read
        }
        if (typeof expiresAt === 'number' && expiresAt <= now) {
          await this.mutex.run(`record:${ns}/${key}`, async () => {
            // Read again under the lock: a write may have renewed it meanwhile.
            if (!this.closed) await this.readRecord(ns, key).catch(() => null);
          });
        }
      }
    }
  }

  private async migrateRecord(namespace: string, key: string): Promise<FileRecord | null> {
    const file = path.join(this.recordsDir, namespace, `${key}.json`);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EISDIR') return null;
      throw unavailable(`reading ${file}`, err);
    }
    const r = parseRecord(text, `record ${namespace}/${key}`);
    const id = newVersionId();
    const nl = text.indexOf('\n');
    if (
      (await commit(
        this.recordDir(namespace, key),
        r.version,
        `${JSON.stringify({ format: RECORD_FORMAT, version: r.version, id, lineage: [] })}${text.slice(nl)}`,
        id,
      )) === 'unknown'
    ) {
      throw unconfirmed(`record ${namespace}/${key}`);
    }
    await unlink(file).catch(() => {});
    return r;
  }

  private checkRecordIds(namespace: string, key: string): string {
    checkId('namespace', namespace);
    checkId('key', key);
    return `record:${namespace}/${key}`;
  }

  async loadRecord(namespace: string, key: string): Promise<StoredRecord | null> {
    this.ensureOpen();
    const lock = this.checkRecordIds(namespace, key);
    return this.mutex.run(lock, async () => {
      const r = await this.readRecord(namespace, key);
      return r ? { value: r.value, version: r.version } : null;
    });
  }

  async saveRecord(
    namespace: string,
    key: string,
    value: unknown,
    expectedVersion: number,
    options?: RecordOptions,
  ): Promise<StoredRecord> {
    return this.writeRecord(namespace, key, [], value, expectedVersion, options);
  }

  async appendRecord(
    namespace: string,
    key: string,
    items: unknown[],
    head: unknown,
    expectedVersion: number,
    options?: RecordOptions,
  ): Promise<StoredRecord> {
    return this.writeRecord(namespace, key, checkItems(items), head, expectedVersion, options);
  }

  private itemsFile(namespace: string, key: string): string {
    return path.join(this.recordDir(namespace, key), ITEMS_FILE);
  }

  /** As catchUpHistory, for a record's items.jsonl. Call under the record's mutex. */
  private async catchUpItems(namespace: string, key: string, upTo: number): Promise<ItemLine[] | null> {
    const k = `${namespace}/${key}`;
    if (this.itemsAt.get(k) === upTo) return null;
    const file = this.itemsFile(namespace, key);
    const lines = await catchUp(
      this.recordDir(namespace, key),
      file,
      await this.readLines(file, `the items of record ${k}`),
      upTo,
      (text) => {
        return parseRecord(text, `record ${k}`).items;
      },
    );
    this.itemsAt.set(k, upTo);
    return lines;
  }

  private async writeRecord(
    namespace: string,
    key: string,
    items: unknown[],
    value: unknown,
    expectedVersion: number,
    options: RecordOptions | undefined,
  ): Promise<StoredRecord> {
    this.ensureWritable();
    const lock = this.checkRecordIds(namespace, key);
    checkVersion(expectedVersion, 0);
    const expiresAt = recordExpiry(options, this.now());
    const json = toJson(value);
    const itemsJson = items.length ? `[${items.map(toJson).join(',')}]` : '';
    return this.mutex.run(lock, async () => {
      const dir = this.recordDir(namespace, key);
      const k = `${namespace}/${key}`;
      const known = this.heads.get(k);
      let rec = known && (known.expiresAt === null || known.expiresAt > this.now()) ? known : await this.readRecord(namespace, key);
      if (rec === known && rec?.version !== expectedVersion) rec = await this.readRecord(namespace, key);
      const current = rec?.version ?? 0;
      const before = lineageAfter(rec);
      const conflict = (at: number) =>
        new StoreError('store/conflict', `record ${namespace}/${key} is at version ${at}, not ${expectedVersion}`, {
          namespace,
          key,
          expectedVersion,
          currentVersion: at,
        });
      if (current !== expectedVersion) throw conflict(current);
      // Bring the items up to the version written on (a crash may have lost its line) before this one's.
      if (current) await this.catchUpItems(namespace, key, current);
      const version = current + 1;
      const id = newVersionId();
      const header = { format: RECORD_FORMAT, version, id, lineage: before, ...(expiresAt === null ? {} : { expiresAt }) };
      // An append's version file is the compare-and-set and the head's fast copy, written without fsync;
      // its journal line (items and head together, one fdatasync) is what makes it durable. A head
      // alone (saveRecord) is a durable version file, as before.
      const made = await commit(dir, version, `${JSON.stringify(header)}\n${json}\n${itemsJson ? `${itemsJson}\n` : ''}`, id, {
        durable: !itemsJson,
      });
      if (made !== 'created') this.heads.delete(k);
      if (made === 'lost') throw conflict(await latest(dir));
      if (made === 'unknown') throw unconfirmed(`record ${namespace}/${key}`);
      this.heads.set(k, { value: JSON.parse(json), version, expiresAt, items: [], id, lineage: before });
      if (itemsJson) await appendItemLines(this.itemsFile(namespace, key), journalLine(version, itemsJson, json, id, expiresAt));
      this.itemsAt.set(`${namespace}/${key}`, version);
      // Old versions go every PRUNE_EVERY appends (a removal is one more metadata write per roll).
      if (!itemsJson || version % PRUNE_EVERY === 0) await prune(dir, current - 1);
      return { value: JSON.parse(json), version };
    });
  }

  async readRecordItems(namespace: string, key: string, from?: number, count?: number): Promise<unknown[]> {
    this.ensureOpen();
    const lock = this.checkRecordIds(namespace, key);
    const range = checkRange(from, count);
    return this.mutex.run(lock, async () => {
      const r = await this.readRecord(namespace, key);
      if (!r) return [];
      this.itemsAt.delete(`${namespace}/${key}`); // read the file afresh
      const lines = (await this.catchUpItems(namespace, key, r.version)) ?? [];
      const all = lines.filter((l) => l.v <= r.version).flatMap((l) => l.items);
      return all.slice(range.from, range.count === undefined ? undefined : range.from + range.count);
    });
  }

  async deleteRecord(namespace: string, key: string): Promise<boolean> {
    this.ensureWritable();
    const lock = this.checkRecordIds(namespace, key);
    return this.mutex.run(lock, async () => {
      const had = (await this.readRecord(namespace, key).catch(() => true)) !== null;
      await this.removeRecord(namespace, key);
      return had;
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.sweeper);
    this.lock?.release();
  }
}

/** A write whose outcome cannot be known (versioned-files.ts `commit`): never reported as done or lost. */
function unconfirmed(what: string): StoreError {
  return new StoreError(
    'store/unavailable',
    `${what}: the write could not be confirmed (another process wrote several versions meanwhile)`,
  );
}

interface FileRecord extends StoredRecord {
  expiresAt: number | null;
  /** The items this version appended (its line 3). */
  items: unknown[];
  /** Its version's id and lineage (a successor's lineage is built on them: lineageAfter). */
  id?: string;
  lineage?: string[];
}

/**
 * A record's head read from its journal line (`line`, version v) whose version file is missing or torn,
 * built on `below` (the newest intact version file's record, or null). Its lineage: the ids of the
 * journal's lines before it down to `below`, then below's (a version without a journal line, a
 * saveRecord's, counts as '': it cannot be named).
 */
function journalRecord(line: ItemLine, head: LineHead, below: FileRecord | null, lines: ItemLine[]): FileRecord {
  const ids = new Map(lines.flatMap((l) => (l.head ? [[l.v, l.head.id] as const] : [])));
  const lineage: string[] = [];
  for (let u = line.v - 1; u >= 1 && lineage.length < LINEAGE; u--) {
    if (below && u === below.version) {
      lineage.push(...lineageAfter(below));
      break;
    }
    lineage.push(ids.get(u) ?? '');
  }
  lineage.length = Math.min(lineage.length, LINEAGE);
  return { value: head.value, version: line.v, expiresAt: head.expiresAt, items: line.items, id: head.id, lineage };
}

/** A record version file: line 1 the header {format, version, expiresAt?}; line 2 the value; line 3 the items it appended. */
function parseRecord(text: string, what: string): FileRecord {
  try {
    const [head = '', valueLine = '', itemsLine = ''] = text.split('\n');
    const h = JSON.parse(head) as { format?: string; version?: number; expiresAt?: unknown; id?: unknown; lineage?: unknown };
    if (h.format !== RECORD_FORMAT || !Number.isInteger(h.version)) throw new Error('bad header');
    const items: unknown = itemsLine ? JSON.parse(itemsLine) : [];
    if (!Array.isArray(items)) throw new Error('its items are not a list');
    return {
      value: JSON.parse(valueLine),
      version: h.version!,
      expiresAt: typeof h.expiresAt === 'number' ? h.expiresAt : null,
      items,
      ...(typeof h.id === 'string' ? { id: h.id } : {}),
      ...(Array.isArray(h.lineage) ? { lineage: h.lineage.filter((x): x is string => typeof x === 'string') } : {}),
    };
  } catch (err) {
    throw new StoreError('store/corrupt', `${what}: ${(err as Error).message}`, {}, { cause: err });
  }
}
