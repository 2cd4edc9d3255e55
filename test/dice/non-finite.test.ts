// A roll whose total is not a finite number (1d6/0) is refused and changes nothing; a channel stream
// saved before that refusal existed (it holds such a roll with a null total) loads, rolls on and verifies.
import { describe, expect, it } from 'vitest';
import {
  DiceStreamDamaged,
  MAX_ROLLS_PER_STREAM,
  replaceDamagedStream,
  rollInChannel,
  rotateStream,
  streamKey,
  streamStatus,
} from '../../src/dice/channel.js';
import { DiceInputError, parseRoll, rollSpec } from '../../src/dice/notation.js';
import { MemoryDiceStreamStore } from '../../src/dice/store.js';
import { rollEngine } from '../../src/dice/stream.js';
import { verifyStream } from '../../src/dice/verify.js';

const SEED = 'b'.repeat(64);

describe('non-finite dice totals', () => {
  it('refuses 1d6/0 (Infinity), 1d6-1d6/0 (-Infinity) and 2d6*3/0 when they are parsed', () => {
    for (const input of ['1d6/0', '1d6-1d6/0', '2d6*3/0']) {
      expect(() => parseRoll(input), input).toThrow(DiceInputError);
      expect(() => parseRoll(input), input).toThrow(/no finite total/);
    }
    expect(() => parseRoll('1d6/0*0')).not.toThrow(); // 0 is a number
  });

  it('refuses a total that only some dice make infinite, at roll time, and saves nothing', async () => {
    // 1d6/(1d6-3): finite in the dry run, infinite when the second die shows 3.
    const spec = parseRoll('1d6/(1d6-3)');
    let n = 1;
    while (Number.isFinite(rollSpec(spec, rollEngine(SEED, n), { allowNonFinite: true }).total)) n++;
    expect(() => rollSpec(spec, rollEngine(SEED, n))).toThrow(DiceInputError);

    const store = new MemoryDiceStreamStore();
    await rollInChannel(store, 'c1', '2d6');
    const before = JSON.stringify(await streamStatus(store, 'c1'));
    await expect(rollInChannel(store, 'c1', '1d6/0')).rejects.toThrow(DiceInputError);
    expect(JSON.stringify(await streamStatus(store, 'c1'))).toBe(before);
    expect((await rollInChannel(store, 'c1', '1d6')).roll.n).toBe(2);
  });

  it('a stream that already holds an Infinity saved as null loads, rolls on and verifies', async () => {
    const store = new MemoryDiceStreamStore();
    await rollInChannel(store, 'c1', '2d6');
    // What the bot saved before the fix: roll #2 of '1d6/0', its Infinity written by JSON as null.
    const key = streamKey('c1', (await streamStatus(store, 'c1'))!.commitment);
    const head = (await store.load(key))!;
    const seed = (head.value as { seed: string }).seed;
    const bad = rollSpec(parseRoll('1d6/0', { allowNonFinite: true }), rollEngine(seed, 2), { allowNonFinite: true });
    const saved = JSON.parse(JSON.stringify({ n: 2, input: '1d6/0', text: bad.text, total: bad.total, dice: bad.dice })) as unknown;
    await store.append(key, [saved], { ...(head.value as object), rolls: 2 }, head.version);
    expect((await streamStatus(store, 'c1'))!.rolls[1]!.total).toBeNull();

    const next = await rollInChannel(store, 'c1', '1d6');
    expect(next.roll.n).toBe(3);
    expect((await streamStatus(store, 'c1'))!.rolls).toHaveLength(3);
    const { revealed } = await rotateStream(store, 'c1');
    const report = verifyStream(revealed.seed, revealed.commitment, revealed.rolls);
    expect(report).toMatchObject({ ok: true, checked: 3 });
    // A null total where the seed gives a finite one is still a mismatch.
    const forged = revealed.rolls.map((r) => (r.n === 1 ? { ...r, total: null } : r));
    expect(verifyStream(revealed.seed, revealed.commitment, forged).ok).toBe(false);
  });
});

describe('channel streams stay bounded and never stay broken', () => {
  it('reveals a full stream and starts a new one on the next roll (MAX_ROLLS_PER_STREAM)', async () => {
    const store = new MemoryDiceStreamStore();
    let first = '';
    for (let i = 0; i < MAX_ROLLS_PER_STREAM; i++) first = (await rollInChannel(store, 'c1', '1d6')).commitment;
    const next = await rollInChannel(store, 'c1', '1d6');
    expect(next.roll.n).toBe(1);
    expect(next.newStream).toBe(true);
    expect(next.commitment).not.toBe(first);
    expect(next.revealed?.commitment).toBe(first);
    expect(next.revealed?.rolls).toHaveLength(MAX_ROLLS_PER_STREAM);
    expect(verifyStream(next.revealed!.seed, first, next.revealed!.rolls).ok).toBe(true);
    expect((await streamStatus(store, 'c1'))!.revealed.map((r) => r.commitment)).toEqual([first]);
  });

  it('a stream that cannot be read is a clear DiceStreamDamaged, and replacing it lets the channel roll again', async () => {
    const store = new MemoryDiceStreamStore();
    await store.save('c1', { format: 'hexref-dice-stream/1', channel: 'c1', rolls: 'junk' }, 0);
    await expect(rollInChannel(store, 'c1', '2d6')).rejects.toBeInstanceOf(DiceStreamDamaged);
    await expect(rotateStream(store, 'c1')).rejects.toBeInstanceOf(DiceStreamDamaged);
    const { nextCommitment } = await replaceDamagedStream(store, 'c1');
    const r = await rollInChannel(store, 'c1', '2d6');
    expect(r).toMatchObject({ commitment: nextCommitment, roll: { n: 1 } });
    await expect(replaceDamagedStream(store, 'c1')).rejects.toThrow(/readable/);
  });
});
