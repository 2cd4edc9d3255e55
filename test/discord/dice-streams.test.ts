// /roll's channel streams live as versioned records in the game store (shared by every bot process).
import { describe, expect, it } from 'vitest';
import { createChannelDice, storeDiceStreams } from '../../src/main-bot.js';
import { rollInChannel } from '../../src/dice/channel.js';
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

  it('two processes rolling on one channel at once cannot both keep roll #n: the second fails loudly', async () => {
    const store = new MemoryStore();
    await createChannelDice(storeDiceStreams(store)).roll('c1', '2d6'); // the stream exists
    const p1 = storeDiceStreams(store);
    const p2 = storeDiceStreams(store);
    // Both load the stream (version 1) before either saves.
    await p1.get('c1');
    const state2 = await p2.get('c1');
    await rollInChannel(p1, 'c1', '2d6');
    await expect(p2.set('c1', state2)).rejects.toThrow();
    const kept = (await store.loadRecord('dice', 'c1'))!.value as { rolls: unknown[] };
    expect(kept.rolls).toHaveLength(2);
  });
});
