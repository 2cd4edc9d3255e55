// /roll shows dice in Discord words: a dropped die is struck through, success marks are not italics.
import { describe, expect, it } from 'vitest';
import { diceTextForDiscord } from '../../commands/roll.js';
import { rollInChannel } from '../../src/dice/channel.js';
import { MemoryDiceStreamStore } from '../../src/dice/store.js';

describe('/roll text for Discord', () => {
  it('strikes a dropped die through instead of suffixing it with d (4d6kh3)', async () => {
    expect(diceTextForDiscord('4d6kh3: [6, 2d, 4, 2] = 12')).toBe('4d6kh3: [6, ~~2~~, 4, 2] = 12');
    const r = await rollInChannel(new MemoryDiceStreamStore(), 'c', '4d6kh3');
    const shown = diceTextForDiscord(r.roll.text);
    expect(shown).toMatch(/^4d6kh3: \[.*~~\d~~.*\] = \d+$/);
    expect(shown.replace(/^4d6kh3/, '')).not.toMatch(/\dd\b/);
  });

  it('escapes success marks so Discord does not italicise them, and leaves other rolls alone', () => {
    expect(diceTextForDiscord('10d6>=5: [3, 5*, 6*] = 2')).toBe('10d6>=5: [3, 5\\*, 6\\*] = 2');
    expect(diceTextForDiscord('2d6: [4, 5] = 9')).toBe('2d6: [4, 5] = 9');
    expect(diceTextForDiscord('DR 6 (white 4, coloured 2)')).toBe('DR 6 (white 4, coloured 2)');
  });
});
