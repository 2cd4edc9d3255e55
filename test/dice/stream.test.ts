import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appendFileSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import {
  DiceStreamDamaged,
  MAX_ROLLS_PER_STREAM,
  openStream,
  replaceDamagedStream,
  rollInChannel,
  rotateStream,
  streamKey,
  streamStatus,
} from '../../src/dice/channel.js';
import { DiceInputError, parseRoll, rollSpec } from '../../src/dice/notation.js';
import { FileDiceStreamStore, MemoryDiceStreamStore } from '../../src/dice/store.js';
import { STREAM_FORMAT, commitmentFor, rollEngine, startStream } from '../../src/dice/stream.js';
import { verifyStream } from '../../src/dice/verify.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('committed dice stream', () => {
  it('commits to the seed with SHA-256 (hex of the seed string, as sha256sum prints it)', () => {
    // printf %s abc | sha256sum
    expect(commitmentFor('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const s = startStream('c1');
    expect(s.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(s.commitment).toBe(commitmentFor(s.seed));
  });

  it('numbers every roll, and after rotation the revealed stream verifies', async () => {
    const store = new MemoryDiceStreamStore();
    const opened = await openStream(store, 'table-1');
    expect(opened.newStream).toBe(true);
    const inputs = ['2d6', 'DR', 'dr', '4+', 'rw:crt', '4d6kh3', '10d6>=5'];
    for (const [i, input] of inputs.entries()) {
      const r = await rollInChannel(store, 'table-1', input);
      expect(r.roll.n).toBe(i + 1);
      expect(r.commitment).toBe(opened.commitment);
      expect(r.newStream).toBe(false);
    }
    const status = await streamStatus(store, 'table-1');
    expect(status!.rolls.map((r) => r.n)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(JSON.stringify(status)).not.toMatch(/"seed"/); // no seed while in use

    const { revealed, nextCommitment } = await rotateStream(store, 'table-1');
    expect(revealed.commitment).toBe(opened.commitment);
    expect(nextCommitment).not.toBe(opened.commitment);
    const report = verifyStream(revealed.seed, revealed.commitment, revealed.rolls);
    expect(report).toMatchObject({ ok: true, commitmentOk: true, checked: 7, missing: [], duplicates: [] });

    // the next stream starts again at roll 1 under the new commitment
    const next = await rollInChannel(store, 'table-1', '2d6');
    expect(next.roll.n).toBe(1);
    expect(next.commitment).toBe(nextCommitment);
  });

  it('detects a tampered roll, a wrong seed and a hidden roll', async () => {
    const store = new MemoryDiceStreamStore();
    for (const input of ['2d6', '2d6', '2d6', '2d6']) await rollInChannel(store, 'c', input);
    const { revealed } = await rotateStream(store, 'c');

    const tampered = structuredClone(revealed.rolls);
    const third = tampered[2]!;
    third.dice = [6, 6];
    third.total = 12;
    third.text = '2d6: [6, 6] = 12';
    if (JSON.stringify(revealed.rolls[2]) === JSON.stringify(third)) third.dice = [1, 1]; // it really was 6+6
    const r1 = verifyStream(revealed.seed, revealed.commitment, tampered);
    expect(r1.ok).toBe(false);
    expect(r1.firstMismatch?.n).toBe(3);
    expect(r1.checked).toBe(2);

    const r2 = verifyStream('0'.repeat(64), revealed.commitment, revealed.rolls);
    expect(r2.commitmentOk).toBe(false);
    expect(r2.ok).toBe(false);

    const r3 = verifyStream(
      revealed.seed,
      revealed.commitment,
      revealed.rolls.filter((r) => r.n !== 2),
    );
    expect(r3).toMatchObject({ ok: false, missing: [2] });
  });

  it('bad input changes nothing: no roll number is used', async () => {
    const store = new MemoryDiceStreamStore();
    await rollInChannel(store, 'c', '2d6');
    await expect(rollInChannel(store, 'c', '0d6')).rejects.toThrow(/at least one die/);
    expect((await rollInChannel(store, 'c', '1d6')).roll.n).toBe(2);
    await expect(rollInChannel(store, '../etc', '1d6')).rejects.toThrow(/not valid/);
    await expect(rotateStream(store, 'never-used')).rejects.toThrow(/nothing to reveal/);
  });

  it('concurrent rolls in one channel each get their own number and are all kept', async () => {
    const store = new MemoryDiceStreamStore();
    const results = await Promise.all(Array.from({ length: 20 }, () => rollInChannel(store, 'busy', 'DR')));
    expect(results.map((r) => r.roll.n).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const { revealed } = await rotateStream(store, 'busy');
    expect(revealed.rolls).toHaveLength(20);
    expect(verifyStream(revealed.seed, revealed.commitment, revealed.rolls).ok).toBe(true);
  });

  it('the file store keeps a channel stream across instances (./var/dice for the CLI)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hexref-dice-'));
    dirs.push(dir);
    const a = await rollInChannel(new FileDiceStreamStore(dir), 'chan', 'DR');
    const b = await rollInChannel(new FileDiceStreamStore(dir), 'chan', 'DR');
    expect([a.roll.n, b.roll.n]).toEqual([1, 2]);
    expect(b.commitment).toBe(a.commitment);
    const { revealed } = await rotateStream(new FileDiceStreamStore(dir), 'chan');
    expect(verifyStream(revealed.seed, revealed.commitment, revealed.rolls).ok).toBe(true);
  });
});

/** A memory store that counts what each write carries (the store itself, not a stand-in). */
class CountingDiceStore extends MemoryDiceStreamStore {
  writes: Array<{ key: string; items: number; bytes: number }> = [];
  override async append(key: string, items: unknown[], value: unknown, expected: number): Promise<number> {
    this.writes.push({ key, items: items.length, bytes: JSON.stringify(value).length + JSON.stringify(items).length });
    return super.append(key, items, value, expected);
  }
  override async save(key: string, value: unknown, expected: number): Promise<number> {
    this.writes.push({ key, items: 0, bytes: JSON.stringify(value).length });
    return super.save(key, value, expected);
  }
}

/** A channel record of the layout before streams were appended to: one value with every roll. */
function legacyChannel(channel: string, rolls: number, seed = 'c'.repeat(64)) {
  const made = Array.from({ length: rolls }, (_, i) => {
    const o = rollSpec(parseRoll('2d6'), rollEngine(seed, i + 1));
    return { n: i + 1, input: o.input, text: o.text, total: o.total, dice: o.dice, at: '2026-11-01T00:00:00.000Z' };
  });
  const oldSeed = 'd'.repeat(64);
  const oldRoll = rollSpec(parseRoll('1d6'), rollEngine(oldSeed, 1));
  return {
    format: STREAM_FORMAT,
    channel,
    seed,
    commitment: commitmentFor(seed),
    startedAt: '2026-11-01T00:00:00.000Z',
    version: 7,
    rolls: made,
    revealed: [
      {
        format: STREAM_FORMAT,
        channel,
        seed: oldSeed,
        commitment: commitmentFor(oldSeed),
        rolls: [{ n: 1, input: '1d6', text: oldRoll.text, total: oldRoll.total, dice: oldRoll.dice }],
        revealedAt: '2026-10-31T00:00:00.000Z',
      },
    ],
  };
}

describe('channel streams are appended to, not rewritten', () => {
  it('a roll appends one record and rewrites only the small head, however full the stream is', async () => {
    const store = new CountingDiceStore();
    for (let i = 0; i < MAX_ROLLS_PER_STREAM; i++) await rollInChannel(store, 'c1', '4d6kh3');
    const rollWrites = store.writes.filter((w) => w.key !== 'c1').slice(1); // after the first (the stream's creation)
    expect(rollWrites).toHaveLength(MAX_ROLLS_PER_STREAM - 1);
    expect(rollWrites.every((w) => w.items === 1)).toBe(true);
    // The last roll writes what the second did: the head and one roll, never the stream so far.
    expect(Math.max(...rollWrites.map((w) => w.bytes))).toBeLessThan(700);
    const status = await streamStatus(store, 'c1');
    expect(status!.rolls.map((r) => r.n)).toEqual(Array.from({ length: MAX_ROLLS_PER_STREAM }, (_, i) => i + 1));
  });

  it('the revealed stream is read from the appended rolls and verifies', async () => {
    const store = new MemoryDiceStreamStore();
    const first = await rollInChannel(store, 'c1', '2d6');
    for (let i = 0; i < 9; i++) await rollInChannel(store, 'c1', i % 2 ? 'DR' : 'rw:crt');
    const key = streamKey('c1', first.commitment);
    expect(await store.items(key)).toHaveLength(10);
    expect(await store.items(key, 8)).toHaveLength(2);
    const { revealed } = await rotateStream(store, 'c1');
    expect(revealed.rolls).toEqual(await store.items(key));
    expect(verifyStream(revealed.seed, revealed.commitment, revealed.rolls)).toMatchObject({ ok: true, checked: 10 });
    // The revealed stream's head says so: no roll is appended to it after its seed is out.
    expect((await store.load(key))!.value).toMatchObject({ revealedAt: revealed.revealedAt, rolls: 10 });
    expect((await streamStatus(store, 'c1'))!.revealed.map((r) => r.commitment)).toEqual([first.commitment]);
  });

  it('rolls that arrive together share one write, each with its own number', async () => {
    const store = new CountingDiceStore();
    await rollInChannel(store, 'c1', '2d6');
    store.writes = [];
    const rolls = await Promise.all(Array.from({ length: 40 }, () => rollInChannel(store, 'c1', '2d6')));
    expect(rolls.map((r) => r.roll.n).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 2));
    expect(store.writes.length).toBeLessThan(5);
    expect(store.writes.reduce((n, w) => n + w.items, 0)).toBe(40);
  });

  it('a roll that cannot be made in a batch fails alone and uses no number', async () => {
    // 1d6/(1d6-3) is infinite when the second die shows 3: find roll numbers where it is and is not.
    const store = new MemoryDiceStreamStore();
    const opened = await openStream(store, 'c1');
    const head = (await store.load(streamKey('c1', opened.commitment)))!.value as { seed: string };
    const spec = parseRoll('1d6/(1d6-3)');
    const finite = (n: number) => Number.isFinite(rollSpec(spec, rollEngine(head.seed, n), { allowNonFinite: true }).total);
    let n = 1;
    while (finite(n)) n++;
    // Rolls 1..n-1 of this input are fine, roll n is not: send n of them at once, then one more 2d6.
    const sent = Array.from({ length: n }, () => rollInChannel(store, 'c1', '1d6/(1d6-3)'));
    const settled = await Promise.allSettled([...sent, rollInChannel(store, 'c1', '2d6')]);
    const failed = settled.filter((r) => r.status === 'rejected');
    expect(failed).toHaveLength(1);
    expect((failed[0] as PromiseRejectedResult).reason).toBeInstanceOf(DiceInputError);
    const numbers = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value.roll.n] : []));
    expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    const { revealed } = await rotateStream(store, 'c1');
    expect(verifyStream(revealed.seed, revealed.commitment, revealed.rolls)).toMatchObject({ ok: true, checked: n, missing: [] });
  });

  it('a channel of the earlier layout (every roll in one value) rolls on, numbering and commitment kept', async () => {
    const store = new MemoryDiceStreamStore();
    const old = legacyChannel('c1', 3);
    // A roll saved before non-finite totals were refused: its Infinity was written by JSON as null.
    const bad = rollSpec(parseRoll('1d6/0', { allowNonFinite: true }), rollEngine(old.seed, 4), { allowNonFinite: true });
    old.rolls.push({
      n: 4,
      input: '1d6/0',
      text: bad.text,
      total: JSON.parse(JSON.stringify(bad.total)) as number,
      dice: bad.dice,
      at: old.startedAt,
    });
    await store.save('c1', JSON.parse(JSON.stringify(old)), 0);
    const next = await rollInChannel(store, 'c1', '2d6');
    expect(next).toMatchObject({ commitment: old.commitment, newStream: false, roll: { n: 5 } });
    const status = await streamStatus(store, 'c1');
    expect(status!.rolls.map((r) => r.n)).toEqual([1, 2, 3, 4, 5]);
    expect(status!.revealed.map((r) => r.commitment)).toEqual([old.revealed[0]!.commitment]);
    expect(verifyStream(status!.revealed[0]!.seed, status!.revealed[0]!.commitment, status!.revealed[0]!.rolls).ok).toBe(true);
    const { revealed } = await rotateStream(store, 'c1');
    expect(verifyStream(revealed.seed, revealed.commitment, revealed.rolls)).toMatchObject({ ok: true, checked: 5 });
  });

  it('a damaged channel record or stream head is a clear DiceStreamDamaged; replacing it lets the channel roll again', async () => {
    for (const damage of ['channel', 'head', 'roll'] as const) {
      const store = new MemoryDiceStreamStore();
      const first = await rollInChannel(store, 'c1', '2d6');
      const key = streamKey('c1', first.commitment);
      if (damage === 'channel') await store.save('c1', { format: STREAM_FORMAT, channel: 'c1', rolls: 'junk' }, 1);
      if (damage === 'head') await store.save(key, { rolls: -1 }, 1);
      if (damage === 'roll') await store.append(key, [{ n: 'two' }], { ...((await store.load(key))!.value as object), rolls: 2 }, 1);
      const broken = damage === 'roll' ? streamStatus(store, 'c1') : rollInChannel(store, 'c1', '2d6');
      await expect(broken, damage).rejects.toBeInstanceOf(DiceStreamDamaged);
      await expect(broken, damage).rejects.toThrow(/cannot be read/);
      await expect(rotateStream(store, 'c1'), damage).rejects.toBeInstanceOf(DiceStreamDamaged);
      const { nextCommitment } = await replaceDamagedStream(store, 'c1');
      expect(await rollInChannel(store, 'c1', '2d6'), damage).toMatchObject({ commitment: nextCommitment, roll: { n: 1 } });
      await expect(replaceDamagedStream(store, 'c1'), damage).rejects.toThrow(/readable/);
    }
  });

  it('the CLI file store appends lines, skips a torn last line, and moves a channel of the earlier layout over', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hexref-dice-'));
    dirs.push(dir);
    const store = new FileDiceStreamStore(dir);
    const a = await rollInChannel(store, 'chan', 'DR');
    await rollInChannel(store, 'chan', 'DR');
    const file = join(dir, `${streamKey('chan', a.commitment)}.jsonl`);
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(2);
    appendFileSync(file, '{"v":3,"value":{"torn'); // a crash in the middle of a write
    const c = await rollInChannel(new FileDiceStreamStore(dir), 'chan', 'DR');
    expect(c.roll.n).toBe(3);
    const { revealed } = await rotateStream(new FileDiceStreamStore(dir), 'chan');
    expect(verifyStream(revealed.seed, revealed.commitment, revealed.rolls)).toMatchObject({ ok: true, checked: 3 });

    const old = legacyChannel('older', 2);
    writeFileSync(join(dir, 'older.json'), JSON.stringify(old, null, 1));
    const d = await rollInChannel(new FileDiceStreamStore(dir), 'older', '2d6');
    expect(d).toMatchObject({ commitment: old.commitment, roll: { n: 3 } });
    expect(readdirSync(dir)).not.toContain('older.json');
    expect((await streamStatus(new FileDiceStreamStore(dir), 'older'))!.revealed).toHaveLength(1);
  });
});
