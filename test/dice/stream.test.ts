import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStream, rollInChannel, rotateStream, streamStatus } from '../../src/dice/channel.js';
import { FileDiceStreamStore, MemoryDiceStreamStore } from '../../src/dice/store.js';
import { commitmentFor, startStream } from '../../src/dice/stream.js';
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
