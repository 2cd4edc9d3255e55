// Channel dice streams kept in the game store (so they are shared by every process on Redis and
// survive restarts with the embedded store), as the store's versioned records with items: a roll
// appends its record to the stream's items (a Redis list; a jsonl file on the embedded store) and
// rewrites the stream's small head, under the record's compare-and-set, so two processes rolling in
// one channel at once can never hand out the same roll number (src/dice/channel.ts).
//
// Retention (docs/retention.md): every write gives the record DICE_IDLE_DAYS more; a channel that has not
// rolled for that long loses its dice records, a revealed stream goes that long after its reveal.
import type { DiceRecord, DiceStreamStore } from '../dice/store.js';
import { DAY_MS, type GameStore } from '../store/types.js';

export const DICE_NAMESPACE = 'dice';
/** How long a channel's dice records outlive its last roll (or a revealed stream its reveal). */
export const DICE_IDLE_DAYS = 90;

export class StoreDiceStreams implements DiceStreamStore {
  readonly idleMs: number;

  constructor(
    private readonly store: GameStore,
    options: { idleDays?: number } = {},
  ) {
    this.idleMs = Math.round((options.idleDays ?? DICE_IDLE_DAYS) * DAY_MS);
  }

  async load(key: string): Promise<DiceRecord | null> {
    return this.store.loadRecord(DICE_NAMESPACE, key);
  }

  async save(key: string, value: unknown, expectedVersion: number): Promise<number> {
    return (await this.store.saveRecord(DICE_NAMESPACE, key, value, expectedVersion, { ttlMs: this.idleMs })).version;
  }

  async append(key: string, items: unknown[], value: unknown, expectedVersion: number): Promise<number> {
    return (await this.store.appendRecord(DICE_NAMESPACE, key, items, value, expectedVersion, { ttlMs: this.idleMs })).version;
  }

  items(key: string, from?: number, count?: number): Promise<unknown[]> {
    return this.store.readRecordItems(DICE_NAMESPACE, key, from, count);
  }

  remove(key: string): Promise<boolean> {
    return this.store.deleteRecord(DICE_NAMESPACE, key);
  }
}
