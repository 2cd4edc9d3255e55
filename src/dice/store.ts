// Where channel dice streams live between rolls: versioned records by key (a channel id, or a stream
// key `<channel>.<commitment prefix>`), each a small JSON value under compare-and-set plus a list of
// items that only grows (a stream's rolls). A roll appends one item and rewrites only the small head
// (src/dice/channel.ts), never the stream. The game store backs it in the bot (src/app/dice-streams.ts);
// the file store here is for the CLI, the memory one for tests and the console.
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface DiceRecord {
  value: unknown;
  version: number;
}

export interface DiceStreamStore {
  /** The record's value and version, or null when there is none. */
  load(key: string): Promise<DiceRecord | null>;
  /**
   * Compare-and-set: store `value` as version expectedVersion + 1 if the record is at expectedVersion
   * (0 = create); its items stay. A record at another version fails with code 'store/conflict' or
   * 'dice/conflict' (isDiceConflict), nothing written. Returns the new version.
   */
  save(key: string, value: unknown, expectedVersion: number): Promise<number>;
  /** Append items and set the value in one write, under the same compare-and-set as save. */
  append(key: string, items: unknown[], value: unknown, expectedVersion: number): Promise<number>;
  /** The record's items in order (from `from`, at most `count`); [] when there is no record. */
  items(key: string, from?: number, count?: number): Promise<unknown[]>;
  /** Remove the record and its items. True if it existed. */
  remove(key: string): Promise<boolean>;
  /**
   * Records not written for this long may be dropped by the store (undefined: kept until removed).
   * The channel's record is rewritten well within it while the channel rolls.
   */
  readonly idleMs?: number;
}

/** A compare-and-set lost to another writer (the game store's StoreError 'store/conflict', or ours). */
export function isDiceConflict(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'store/conflict' || code === 'dice/conflict';
}

export class DiceConflict extends Error {
  readonly code = 'dice/conflict';
  override name = 'DiceConflict';
  constructor(key: string, expected: number, actual: number) {
    super(`dice record ${key} is at version ${actual}, not ${expected}`);
  }
}

const CHANNEL_ID = /^[A-Za-z0-9_-]{1,64}$/;
const RECORD_KEY = /^[A-Za-z0-9_-]{1,64}(\.[0-9a-f]{1,32})?$/;

export function checkChannelId(channelId: string): string {
  if (!CHANNEL_ID.test(channelId)) {
    throw new Error(`Channel id '${channelId}' is not valid: use 1-64 letters, digits, '-' or '_'.`);
  }
  return channelId;
}

function checkKey(key: string): string {
  if (!RECORD_KEY.test(key)) throw new Error(`Dice record key '${key}' is not valid.`);
  return key;
}

function slice(items: unknown[], from = 0, count?: number): unknown[] {
  return items.slice(from, count === undefined ? undefined : from + count);
}

/**
 * One file per record under a folder (default ./var/dice), for the CLI (one process at a time): a
 * jsonl file `<key>.jsonl` of lines `{v, value, items}`, appended to; the record is the last line's
 * version and value and every line's items. A torn last line (a crash mid-write) is ignored. A channel
 * file of the earlier layout (`<channel>.json`, one JSON value) reads as version 1 and is replaced by
 * the first write.
 */
export class FileDiceStreamStore implements DiceStreamStore {
  readonly dir: string;
  constructor(dir = 'var/dice') {
    this.dir = resolve(dir);
  }

  private file(key: string): string {
    return join(this.dir, `${checkKey(key)}.jsonl`);
  }

  private read(key: string): { version: number; value: unknown; items: unknown[]; torn: number | null } | null {
    let text: string;
    try {
      text = readFileSync(this.file(key), 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      try {
        const value = JSON.parse(readFileSync(join(this.dir, `${key}.json`), 'utf8')) as unknown;
        return { version: 1, value, items: [], torn: null };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    }
    const end = text.lastIndexOf('\n') + 1; // a torn last line (a crash mid-write) was never acknowledged
    const torn = end < text.length ? Buffer.byteLength(text.slice(0, end)) : null;
    let rec: { version: number; value: unknown; items: unknown[]; torn: number | null } | null = null;
    for (const line of text.slice(0, end).split('\n')) {
      if (!line) continue;
      const l = JSON.parse(line) as { v: number; value: unknown; items: unknown[] };
      rec = { version: l.v, value: l.value, items: rec ? rec.items.concat(l.items) : l.items, torn };
    }
    return rec;
  }

  private write(key: string, items: unknown[], value: unknown, expected: number): number {
    const rec = this.read(key);
    const current = rec?.version ?? 0;
    if (current !== expected) throw new DiceConflict(key, expected, current);
    mkdirSync(this.dir, { recursive: true });
    const line = `${JSON.stringify({ v: expected + 1, value, items })}\n`;
    const file = this.file(key);
    if (expected === 0 || !existsSync(file)) {
      writeFileSync(`${file}.tmp`, line);
      renameSync(`${file}.tmp`, file);
      rmSync(join(this.dir, `${key}.json`), { force: true });
    } else {
      if (rec?.torn != null) truncateSync(file, rec.torn);
      appendFileSync(file, line);
    }
    return expected + 1;
  }

  async load(key: string): Promise<DiceRecord | null> {
    const r = this.read(key);
    return r && { value: r.value, version: r.version };
  }

  async save(key: string, value: unknown, expectedVersion: number): Promise<number> {
    return this.write(key, [], value, expectedVersion);
  }

  async append(key: string, items: unknown[], value: unknown, expectedVersion: number): Promise<number> {
    return this.write(key, items, value, expectedVersion);
  }

  async items(key: string, from?: number, count?: number): Promise<unknown[]> {
    return slice(this.read(key)?.items ?? [], from, count);
  }

  async remove(key: string): Promise<boolean> {
    const had = this.read(key) !== null;
    rmSync(this.file(key), { force: true });
    rmSync(join(this.dir, `${key}.json`), { force: true });
    return had;
  }
}

/** In-process store (tests, and a console session that needs nothing on disk). */
export class MemoryDiceStreamStore implements DiceStreamStore {
  private readonly map = new Map<string, { version: number; value: string; items: string[] }>();

  async load(key: string): Promise<DiceRecord | null> {
    const r = this.map.get(checkKey(key));
    return r ? { value: JSON.parse(r.value) as unknown, version: r.version } : null;
  }

  async save(key: string, value: unknown, expectedVersion: number): Promise<number> {
    return this.append(key, [], value, expectedVersion);
  }

  async append(key: string, items: unknown[], value: unknown, expectedVersion: number): Promise<number> {
    const r = this.map.get(checkKey(key));
    const current = r?.version ?? 0;
    if (current !== expectedVersion) throw new DiceConflict(key, expectedVersion, current);
    const next = { version: current + 1, value: JSON.stringify(value), items: r?.items ?? [] };
    for (const i of items) next.items.push(JSON.stringify(i));
    this.map.set(key, next);
    return next.version;
  }

  async items(key: string, from?: number, count?: number): Promise<unknown[]> {
    return slice(this.map.get(checkKey(key))?.items ?? [], from, count).map((i) => JSON.parse(i as string) as unknown);
  }

  async remove(key: string): Promise<boolean> {
    return this.map.delete(checkKey(key));
  }
}
