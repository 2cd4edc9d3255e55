// Channel dice streams kept in the game store (so they are shared by every process on Redis and
// survive restarts with the embedded store), through the store's versioned records.
// src/dice serialises rolls per channel inside one process; across processes this adapter adds the
// store's compare-and-set: `set` saves only over the version its `get` read, so two processes rolling
// in one channel at once can never hand out the same roll number — the later one fails loudly with
// StoreError 'store/conflict' (nothing saved) and the player rolls again.
import type { DiceStreamStore } from '../dice/store.js';
import type { GameStore } from '../store/types.js';

export const DICE_NAMESPACE = 'dice';

export class StoreDiceStreams implements DiceStreamStore {
  /** Version read by the last get() per channel (0 = none stored). */
  private readonly seen = new Map<string, number>();

  constructor(private readonly store: GameStore) {}

  async get(channelId: string): Promise<unknown> {
    const r = await this.store.loadRecord(DICE_NAMESPACE, channelId);
    this.seen.set(channelId, r?.version ?? 0);
    return r?.value;
  }

  async set(channelId: string, value: unknown): Promise<void> {
    let expected = this.seen.get(channelId);
    if (expected === undefined) expected = (await this.store.loadRecord(DICE_NAMESPACE, channelId))?.version ?? 0;
    const saved = await this.store.saveRecord(DICE_NAMESPACE, channelId, value, expected);
    this.seen.set(channelId, saved.version);
  }
}
