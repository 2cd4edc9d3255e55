// In-memory GameStore (tests, `memory:` STORE_URL). Documents are kept as JSON text so a caller can
// never mutate a stored version by accident, and so the store behaves like the persistent ones.
import {
  DAY_MS,
  StoreError,
  JsonText,
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
  type GameStore,
  type GameSummary,
  type SaveOptions,
  type SavedGame,
  type StoredGame,
  type StoredRecord,
  type StoreOptions,
  type StoreProblem,
} from './types.js';

interface MemoryRecord {
  json: string;
  version: number;
  /** The record's list (appendRecord), one JSON text per item. */
  items: string[];
  expiresAt: number | null;
}

/** How often the memory and file stores drop expired records nobody has touched. */
export const RECORD_SWEEP_MS = 10 * 60_000;

interface Entry {
  json: string;
  version: number;
  channelId: string;
  finishedAt: number | null;
  expiresAt: number | null;
  guildId: string | null;
  users: string[];
  /** The game's history, one JSON text per item. */
  history: string[];
}

/** A value as JSON text (a JsonText as it is); store/invalid if it cannot be. */
export function toJson(doc: unknown): string {
  if (doc instanceof JsonText) return doc.json;
  let json: string | undefined;
  try {
    json = JSON.stringify(doc);
  } catch (err) {
    throw new StoreError('store/invalid', `document is not JSON-serialisable: ${(err as Error).message}`, {}, { cause: err });
  }
  if (json === undefined) throw new StoreError('store/invalid', 'document is not JSON-serialisable (undefined)');
  return json;
}

export class MemoryStore implements GameStore {
  readonly kind = 'memory' as const;
  private games = new Map<string, Entry>();
  private channels = new Map<string, string>();
  private records = new Map<string, MemoryRecord>();
  private readonly sweeper: NodeJS.Timeout;
  private closed = false;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: StoreOptions = {}) {
    this.ttlMs = (options.finishedTtlDays ?? 90) * DAY_MS;
    this.now = options.now ?? Date.now;
    // Expired records are also dropped when next touched; the sweep frees the ones nobody touches.
    this.sweeper = setInterval(() => this.sweepRecords(), RECORD_SWEEP_MS);
    this.sweeper.unref();
  }

  private open(): void {
    if (this.closed) throw new StoreError('store/unavailable', 'the in-memory store has been closed');
  }

  private live(gameId: string): Entry | undefined {
    const e = this.games.get(gameId);
    if (e && e.expiresAt !== null && e.expiresAt <= this.now()) {
      this.games.delete(gameId);
      if (this.channels.get(e.channelId) === gameId) this.channels.delete(e.channelId);
      return undefined;
    }
    return e;
  }

  private out(e: Entry): StoredGame {
    return { doc: JSON.parse(e.json), version: e.version, channelId: e.channelId, finishedAt: e.finishedAt, expiresAt: e.expiresAt };
  }

  problems(): StoreProblem[] {
    return [];
  }

  async load(gameId: string): Promise<StoredGame | null> {
    this.open();
    checkId('game id', gameId);
    const e = this.live(gameId);
    return e ? this.out(e) : null;
  }

  async peek(gameId: string): Promise<SavedGame | null> {
    this.open();
    checkId('game id', gameId);
    const e = this.live(gameId);
    return e ? { version: e.version, channelId: e.channelId, finishedAt: e.finishedAt, expiresAt: e.expiresAt } : null;
  }

  async create(gameId: string, channelId: string, doc: unknown, index?: GameIndex): Promise<StoredGame> {
    this.open();
    checkId('game id', gameId);
    checkId('channel id', channelId);
    const { guildId, users } = checkIndex(index);
    const json = toJson(doc);
    if (this.live(gameId)) throw new StoreError('store/exists', `game ${gameId} already exists`, { gameId });
    const holder = this.channels.get(channelId);
    if (holder && this.live(holder)) {
      throw new StoreError('store/channel-taken', `channel ${channelId} already has game ${holder}`, { channelId, gameId: holder });
    }
    const e: Entry = { json, version: 1, channelId, finishedAt: null, expiresAt: null, guildId, users, history: [] };
    this.games.set(gameId, e);
    this.channels.set(channelId, gameId);
    return this.out(e);
  }

  async save(gameId: string, doc: unknown, expectedVersion: number, options: SaveOptions = {}): Promise<SavedGame> {
    this.open();
    checkId('game id', gameId);
    checkVersion(expectedVersion);
    const users = options.users === undefined ? undefined : checkUsers(options.users);
    const json = toJson(doc);
    const appended = checkAppend(options.append).map(toJson);
    const e = this.live(gameId);
    if (!e) throw new StoreError('store/not-found', `game ${gameId} does not exist`, { gameId });
    if (e.version !== expectedVersion) {
      throw new StoreError('store/conflict', `game ${gameId} is at version ${e.version}, not ${expectedVersion}`, {
        gameId,
        expectedVersion,
        currentVersion: e.version,
      });
    }
    let { finishedAt, expiresAt } = e;
    if (options.finishedAt !== undefined && finishedAt === null) {
      finishedAt = options.finishedAt;
      expiresAt = finishedAt + this.ttlMs;
      if (this.channels.get(e.channelId) === gameId) this.channels.delete(e.channelId);
    }
    const next: Entry = {
      json,
      version: expectedVersion + 1,
      channelId: e.channelId,
      finishedAt,
      expiresAt,
      guildId: e.guildId,
      users: users ?? e.users,
      history: appended.length ? [...e.history, ...appended] : e.history,
    };
    this.games.set(gameId, next);
    return { version: next.version, channelId: next.channelId, finishedAt: next.finishedAt, expiresAt: next.expiresAt };
  }

  async history(gameId: string): Promise<unknown[] | null> {
    this.open();
    checkId('game id', gameId);
    const e = this.live(gameId);
    return e ? e.history.map((j) => JSON.parse(j) as unknown) : null;
  }

  async gameInChannel(channelId: string): Promise<string | null> {
    this.open();
    checkId('channel id', channelId);
    const holder = this.channels.get(channelId);
    if (!holder) return null;
    return this.live(holder) ? holder : null;
  }

  async list(): Promise<GameSummary[]> {
    return this.summaries(() => true);
  }

  async gamesOf(userId: string): Promise<GameSummary[]> {
    checkId('user id', userId);
    return this.summaries((e) => e.users.includes(userId));
  }

  async gamesIn(guildId: string): Promise<GameSummary[]> {
    checkId('guild id', guildId);
    return this.summaries((e) => e.guildId === guildId);
  }

  private summaries(keep: (e: Entry) => boolean): GameSummary[] {
    this.open();
    const out: GameSummary[] = [];
    for (const id of [...this.games.keys()]) {
      const e = this.live(id);
      if (e && keep(e))
        out.push({ gameId: id, channelId: e.channelId, version: e.version, finishedAt: e.finishedAt, expiresAt: e.expiresAt });
    }
    return out.sort((a, b) => a.gameId.localeCompare(b.gameId));
  }

  async delete(gameId: string): Promise<boolean> {
    this.open();
    checkId('game id', gameId);
    const e = this.games.get(gameId);
    if (!e) return false;
    this.games.delete(gameId);
    if (this.channels.get(e.channelId) === gameId) this.channels.delete(e.channelId);
    return true;
  }

  /** A record that has not expired (an expired one is dropped). */
  private liveRecord(k: string): MemoryRecord | undefined {
    const r = this.records.get(k);
    if (r && r.expiresAt !== null && r.expiresAt <= this.now()) {
      this.records.delete(k);
      return undefined;
    }
    return r;
  }

  private sweepRecords(): void {
    for (const k of [...this.records.keys()]) this.liveRecord(k);
  }

  private recordKey(namespace: string, key: string): string {
    checkId('namespace', namespace);
    checkId('key', key);
    return `${namespace}/${key}`;
  }

  async loadRecord(namespace: string, key: string): Promise<StoredRecord | null> {
    this.open();
    const r = this.liveRecord(this.recordKey(namespace, key));
    return r ? { value: JSON.parse(r.json), version: r.version } : null;
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

  private async writeRecord(
    namespace: string,
    key: string,
    items: unknown[],
    value: unknown,
    expectedVersion: number,
    options: RecordOptions | undefined,
  ): Promise<StoredRecord> {
    this.open();
    const k = this.recordKey(namespace, key);
    checkVersion(expectedVersion, 0);
    const expiresAt = recordExpiry(options, this.now());
    const json = toJson(value);
    const added = items.map(toJson);
    const r = this.liveRecord(k);
    const current = r?.version ?? 0;
    if (current !== expectedVersion) {
      throw new StoreError('store/conflict', `record ${k} is at version ${current}, not ${expectedVersion}`, {
        namespace,
        key,
        expectedVersion,
        currentVersion: current,
      });
    }
    this.records.set(k, {
      json,
      version: current + 1,
      items: added.length ? [...(r?.items ?? []), ...added] : (r?.items ?? []),
      expiresAt,
    });
    return { value: JSON.parse(json), version: current + 1 };
  }

  async readRecordItems(namespace: string, key: string, from?: number, count?: number): Promise<unknown[]> {
    this.open();
    const k = this.recordKey(namespace, key);
    const range = checkRange(from, count);
    const items = this.liveRecord(k)?.items ?? [];
    const end = range.count === undefined ? undefined : range.from + range.count;
    return items.slice(range.from, end).map((j) => JSON.parse(j) as unknown);
  }

  async deleteRecord(namespace: string, key: string): Promise<boolean> {
    this.open();
    const k = this.recordKey(namespace, key);
    const had = this.liveRecord(k) !== undefined;
    this.records.delete(k);
    return had;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweeper);
  }
}
