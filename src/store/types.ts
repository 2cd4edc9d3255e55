// The GameStore contract (DESIGN.md § Storage). Every implementation (memory, embedded file, Redis)
// passes the same contract suite: test/store/contract.ts.
//
// A store keeps one JSON document per game with a version number. The store does not interpret the
// document; it only knows the few envelope fields it needs (channel, finished or not).
//
// Versions: `create` stores version 1. `save(id, doc, expected)` succeeds only when the stored version
// is `expected`, and stores `expected + 1` (compare-and-set: first writer wins; a stale writer gets a
// StoreError with code 'store/conflict' and the version it lost to). Versions are therefore strictly
// sequential and every accepted write is kept exactly once.
//
// Player and server index: a game may name its server and its players (create's `index`, save's
// `users`); `gamesOf(user)` and `gamesIn(guild)` list them, kept in the same atomic write as the game
// (/game list). Finished games stay listed until they expire.
//
// History: besides its document, a game has a history that only grows: `save`'s `append` items are
// added to it in the same atomic write as the document (a save that fails appends nothing), and
// `history(gameId)` reads them back in order. The document stays small while the history holds what
// the game has been (the service appends its record entries). It goes when the game goes.
//
// Records: beside the games, small versioned records by namespace and key (reminders' nudges, player
// preferences, channel dice streams): a head value under the same compare-and-set, a list that only
// grows beside it (appendRecord adds items and sets the head in one atomic write), and an optional
// expiry set by each write (ttlMs: the head and the items go together). deleteRecord removes both.
//
// Channel index: at most one game per channel. `create` claims the channel atomically with the game
// (a second create in the same channel fails with 'store/channel-taken'). Saving a game as finished
// releases its channel and starts its retention clock (finished-game TTL, default 90 days). Active
// games never expire.

/** Stable, namespaced error codes for storage trouble. Never swallowed: callers show them. */
export type StoreErrorCode =
  | 'store/unavailable' // the backend cannot be reached or answered with an error
  | 'store/conflict' // compare-and-set lost: someone saved a newer version first
  | 'store/exists' // create: a game with this id already exists
  | 'store/channel-taken' // create: the channel already has an active game
  | 'store/not-found' // save/delete of a game that does not exist (or has expired)
  | 'store/corrupt' // a stored document could not be parsed
  | 'store/locked' // embedded store: another process holds the directory
  | 'store/invalid'; // bad arguments (empty id, version < 1, document not JSON-serialisable)

export class StoreError extends Error {
  constructor(
    readonly code: StoreErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StoreError';
  }
}

export function isStoreError(err: unknown, code?: StoreErrorCode): err is StoreError {
  return err instanceof StoreError && (code === undefined || err.code === code);
}

/** What a save answers: the new version and the envelope (not the document: the caller has it). */
export type SavedGame = Omit<StoredGame, 'doc'>;

/** A stored game: the document and its version. */
export interface StoredGame {
  doc: unknown;
  version: number;
  channelId: string;
  /** Epoch ms when the game was saved as finished; null while active. */
  finishedAt: number | null;
  /** Epoch ms after which a finished game may be dropped; null = never (active games). */
  expiresAt: number | null;
  /**
   * Present when the newest versions of the game were found damaged and set aside (the embedded store):
   * `version` is the intact one answered instead, `lostVersions` the ones that could not be read. Kept
   * on every load and peek until the game is next saved, so the service can tell the players once.
   */
  recovered?: { lostVersions: number[]; version: number };
}

export interface GameSummary {
  gameId: string;
  channelId: string;
  version: number;
  finishedAt: number | null;
  expiresAt: number | null;
}

/** Whom a game belongs to, for the per-player and per-server lists. */
export interface GameIndex {
  guildId: string | null;
  /** The players (and host) of the game: at most MAX_INDEX_USERS ids. */
  users: string[];
}

export const MAX_INDEX_USERS = 50;

/**
 * A value its owner has already written as JSON text (valid JSON, e.g. made by JSON.stringify): the
 * stores write the text as it is instead of serialising the value again. A caller that saves the same
 * large parts many times (the game service: src/app/doc-json.ts) writes each part once, and may give the
 * text in pieces (their concatenation is the text; none ends inside a surrogate pair), which the Redis
 * store writes as bytes piece by piece. Anything that serialises one with JSON.stringify by mistake still
 * gets the value (toJSON parses the text).
 */
export class JsonText {
  private joined: string | undefined;
  /** The text in the pieces its writer made it in (their concatenation is the text). */
  readonly pieces: readonly string[];
  constructor(json: string | readonly string[]) {
    if (typeof json === 'string') [this.pieces, this.joined] = [[json], json];
    else this.pieces = json;
  }
  get json(): string {
    return (this.joined ??= this.pieces.join(''));
  }
  toJSON(): unknown {
    return JSON.parse(this.json) as unknown;
  }
}

export interface SaveOptions {
  /** Replace the game's indexed players (absent: unchanged). */
  users?: string[];
  /**
   * Mark the game finished at this epoch ms: releases the channel index (if it still points here)
   * and sets expiresAt = finishedAt + finished-game TTL. Once finished, a game stays finished.
   */
  finishedAt?: number;
  /** Items (JSON values or JsonText) to add to the game's history, in order, with this version (none when absent). */
  append?: unknown[];
}

/** A small versioned key/value record (e.g. a channel's free-standing dice stream). */
export interface StoredRecord {
  value: unknown;
  version: number;
}

export interface RecordOptions {
  /** The record (head and items) expires this many ms after this write; absent: it never expires. */
  ttlMs?: number;
}

/** Checked record options: the epoch ms the record expires at, or null (store/invalid for a bad ttlMs). */
export function recordExpiry(options: RecordOptions | undefined, now: number): number | null {
  const ttl = options?.ttlMs;
  if (ttl === undefined) return null;
  if (!Number.isInteger(ttl) || ttl < 1)
    throw new StoreError('store/invalid', `ttlMs must be a whole number of ms ≥ 1, got ${String(ttl)}`);
  return now + ttl;
}

/** The items an appendRecord adds, checked (a list). */
export function checkItems(items: unknown): unknown[] {
  if (!Array.isArray(items)) throw new StoreError('store/invalid', 'items must be a list');
  return items;
}

/** readRecordItems' range, checked: from ≥ 0, count ≥ 0 (absent: all). */
export function checkRange(from: number | undefined, count: number | undefined): { from: number; count: number | undefined } {
  const f = from ?? 0;
  if (!Number.isInteger(f) || f < 0) throw new StoreError('store/invalid', `from must be an integer ≥ 0, got ${String(from)}`);
  if (count !== undefined && (!Number.isInteger(count) || count < 0))
    throw new StoreError('store/invalid', `count must be an integer ≥ 0, got ${String(count)}`);
  return { from: f, count };
}

/** Something a store found damaged and set aside (the embedded store at open). For the operator's log. */
export interface StoreProblem {
  /** What was damaged, relative to the store (e.g. `games/g-1a2b.json`). */
  what: string;
  reason: string;
  /** Where it was moved (a path: for the operator, never for players). */
  movedTo: string;
  /** The game it held, when that is known (loading it answers store/corrupt). */
  gameId?: string;
}

export interface GameStore {
  readonly kind: 'memory' | 'file' | 'redis';

  /** What the store found damaged and set aside (each one also answers store/corrupt when loaded). */
  problems(): StoreProblem[];

  /** The game and its version, or null if there is none (or it has expired). */
  load(gameId: string): Promise<StoredGame | null>;

  /**
   * The game's version and header without its document (a small read: the service checks a document it
   * kept from its own last save against it), or null as `load` would answer.
   */
  peek(gameId: string): Promise<SavedGame | null>;

  /** Store a new game at version 1 and claim its channel. Fails 'store/exists' / 'store/channel-taken'. */
  create(gameId: string, channelId: string, doc: unknown, index?: GameIndex): Promise<StoredGame>;

  /**
   * Compare-and-set: store `doc` as version expectedVersion + 1 if the stored version is expectedVersion.
   * Fails 'store/conflict' (details.currentVersion) or 'store/not-found'.
   */
  save(gameId: string, doc: unknown, expectedVersion: number, options?: SaveOptions): Promise<SavedGame>;

  /** Every item ever appended to the game's history, in order; null if there is no such game. */
  history(gameId: string): Promise<unknown[] | null>;

  /** The active game in a channel, if any. */
  gameInChannel(channelId: string): Promise<string | null>;

  /** Every stored game that has not expired (active and finished). */
  list(): Promise<GameSummary[]>;

  /** The games (not expired) whose index names this user, by game id. */
  gamesOf(userId: string): Promise<GameSummary[]>;

  /** The games (not expired) created in this server, by game id. */
  gamesIn(guildId: string): Promise<GameSummary[]>;

  /** Remove a game (and its channel claim). True if it existed. */
  delete(gameId: string): Promise<boolean>;

  /**
   * Versioned records in a namespace (reminders' nudges, player preferences, channel dice streams…):
   * a head value under compare-and-set (expectedVersion 0 = create) and, beside it, a list that only
   * grows (appendRecord). Null once the record has expired or was deleted.
   */
  loadRecord(namespace: string, key: string): Promise<StoredRecord | null>;
  /**
   * Compare-and-set of the head alone (the record's items stay). Every write of a record sets its
   * expiry: `ttlMs` from now for the head and the items, or none when absent.
   */
  saveRecord(namespace: string, key: string, value: unknown, expectedVersion: number, options?: RecordOptions): Promise<StoredRecord>;
  /**
   * Append `items` to the record's list and set its head to `head`, in one atomic write, only if the
   * head's version is `expectedVersion` (0 = create); a write that loses appends nothing
   * ('store/conflict', details.currentVersion). Sets the expiry as saveRecord does.
   */
  appendRecord(
    namespace: string,
    key: string,
    items: unknown[],
    head: unknown,
    expectedVersion: number,
    options?: RecordOptions,
  ): Promise<StoredRecord>;
  /** The record's items from index `from` (default 0), at most `count` of them (default all); [] when none. */
  readRecordItems(namespace: string, key: string, from?: number, count?: number): Promise<unknown[]>;
  /** Remove a record's head and items. True if it existed. */
  deleteRecord(namespace: string, key: string): Promise<boolean>;

  /** Release connections / locks. The store is unusable afterwards. */
  close(): Promise<void>;
}

export interface StoreOptions {
  /** Retention of finished games in days (config FINISHED_GAME_TTL_DAYS, default 90). */
  finishedTtlDays?: number;
  /** Clock for expiry checks in the memory and file stores (Redis expires keys itself). */
  now?: () => number;
  /**
   * Where the store reports damage it worked around (a pino logger fits): the embedded store's
   * quarantined versions and skipped lines. For the operator: these name files, never shown to players.
   */
  log?: StoreLog;
}

/** The part of a pino logger the stores use. */
export interface StoreLog {
  warn(obj: object, msg: string): void;
}

export const DAY_MS = 86_400_000;

/** Ids become file names and Redis key parts: keep them tame (1–100 of A–Z a–z 0–9 _ . -, not led by a dot). */
export function isValidId(id: unknown): id is string {
  return typeof id === 'string' && /^[A-Za-z0-9_.-]{1,100}$/.test(id) && !id.startsWith('.');
}

export function checkId(what: string, id: string): void {
  if (!isValidId(id)) {
    throw new StoreError('store/invalid', `${what} '${String(id)}' is not a valid id (letters, digits, _ . -; 1–100 chars)`, { what, id });
  }
}

/** The index's user list, checked (ids, at most MAX_INDEX_USERS, no repeats kept). */
export function checkUsers(users: unknown): string[] {
  if (!Array.isArray(users) || users.length > MAX_INDEX_USERS) {
    throw new StoreError('store/invalid', `users must be a list of at most ${MAX_INDEX_USERS} ids`);
  }
  for (const u of users) checkId('user id', u as string);
  return [...new Set(users as string[])].sort();
}

/** The items a save appends to the history, checked (a list; absent: none). */
export function checkAppend(append: unknown[] | undefined): unknown[] {
  if (append === undefined) return [];
  if (!Array.isArray(append)) throw new StoreError('store/invalid', 'append must be a list of history items');
  return append;
}

export function checkIndex(index: GameIndex | undefined): GameIndex {
  if (index === undefined) return { guildId: null, users: [] };
  if (index.guildId !== null) checkId('guild id', index.guildId);
  return { guildId: index.guildId, users: checkUsers(index.users) };
}

export function checkVersion(v: number, min = 1): void {
  if (!Number.isInteger(v) || v < min) {
    throw new StoreError('store/invalid', `expected version must be an integer ≥ ${min}, got ${String(v)}`, { version: v });
  }
}
