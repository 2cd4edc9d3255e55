// /roll's channel streams live as versioned records in the game store (shared by every bot process).
import { describe, expect, it } from 'vitest';
import { createChannelDice, storeDiceStreams } from '../../src/main-bot.js';
import { streamKey } from '../../src/dice/channel.js';
import { MemoryStore } from '../../src/store/index.js';

describe('channel dice in the game store', () => {
  it('numbers rolls in one committed stream per channel', async () => {
    const dice = createChannelDice(storeDiceStreams(new MemoryStore()));
    const a = await dice.roll('c1', '2d6');
    const b = await dice.roll('c1', 'DR');
    const other = await dice.roll('c2', '2d6');
    expect([a.n, b.n, other.n]).toEqual([1, 2, 1]);
    expect(a.newStream).toBe(true);
    expect(b.newStream).toBe(false);
    expect(b.commitment).toBe(a.commitment);
    expect(other.commitment).not.toBe(a.commitment);
  });

  it('two processes rolling on one channel at once cannot both keep roll #n: each roll gets its own number', async () => {
    const store = new MemoryStore();
    await createChannelDice(storeDiceStreams(store)).roll('c1', '2d6'); // the stream exists
    const p1 = createChannelDice(storeDiceStreams(store));
    const p2 = createChannelDice(storeDiceStreams(store));
    const rolls = await Promise.all([p1.roll('c1', '2d6'), p2.roll('c1', '2d6'), p1.roll('c1', 'DR'), p2.roll('c1', 'DR')]);
    expect(rolls.map((r) => r.n).sort()).toEqual([2, 3, 4, 5]);
    const kept = await store.readRecordItems('dice', streamKey('c1', rolls[0]!.commitment));
    expect(kept).toHaveLength(5);
  });
});
