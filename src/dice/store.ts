// Where channel dice streams live between rolls. The interface is deliberately tiny (JSON in, JSON
// out, by channel id) so the game store can back it later; the file store is for the CLI.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface DiceStreamStore {
  /** The stored JSON value for this channel, or undefined when there is none. */
  get(channelId: string): Promise<unknown>;
  set(channelId: string, value: unknown): Promise<void>;
}

const CHANNEL_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function checkChannelId(channelId: string): string {
  if (!CHANNEL_ID.test(channelId)) {
    throw new Error(`Channel id '${channelId}' is not valid: use 1-64 letters, digits, '-' or '_'.`);
  }
  return channelId;
}

/** One JSON file per channel under a folder (default ./var/dice). Single-process use. */
export class FileDiceStreamStore implements DiceStreamStore {
  readonly dir: string;
  constructor(dir = 'var/dice') {
    this.dir = resolve(dir);
  }

  private file(channelId: string): string {
    return join(this.dir, `${checkChannelId(channelId)}.json`);
  }

  async get(channelId: string): Promise<unknown> {
    let text: string;
    try {
      text = readFileSync(this.file(channelId), 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
    return JSON.parse(text);
  }

  async set(channelId: string, value: unknown): Promise<void> {
    mkdirSync(this.dir, { recursive: true });
    const file = this.file(channelId);
    writeFileSync(file + '.tmp', JSON.stringify(value, null, 1));
    renameSync(file + '.tmp', file);
  }
}

/** In-process store (tests, and a console session that needs nothing on disk). */
export class MemoryDiceStreamStore implements DiceStreamStore {
  private readonly map = new Map<string, string>();
  async get(channelId: string): Promise<unknown> {
    const v = this.map.get(checkChannelId(channelId));
    return v === undefined ? undefined : JSON.parse(v);
  }
  async set(channelId: string, value: unknown): Promise<void> {
    this.map.set(checkChannelId(channelId), JSON.stringify(value));
  }
}
