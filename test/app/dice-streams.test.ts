// Channel dice streams in the game store: shared across processes (here: two adapters on one Redis,
// as two bot processes would have), numbered rolls never handed out twice, each roll appended to the
// stream record's items (a Redis list; items.jsonl on the embedded store) beside a small head.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, inject, describe, expect, it } from 'vitest';
import { DICE_IDLE_DAYS, DICE_NAMESPACE, StoreDiceStreams } from '../../src/app/dice-streams.js';
import { rollInChannel, rotateStream, streamKey, streamStatus } from '../../src/dice/channel.js';
import { parseRoll, rollSpec } from '../../src/dice/notation.js';
import { STREAM_FORMAT, commitmentFor, rollEngine } from '../../src/dice/stream.js';
import { verifyStream } from '../../src/dice/verify.js';
import { DAY_MS, type GameStore } from '../../src/store/index.js';
import { FileStore } from '../../src/store/file-store.js';
import { RedisStore } from '../../src/store/redis-store.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const prefix = () => `dice:${randomBytes(4).toString('hex')}:`;

const stores: Array<[string, () => Promise<GameStore>]> = [
  ['Redis', () => RedisStore.open(inject('redisUrl'), { prefix: prefix() })],
  [
    'the embedded file store',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'hexref-dice-store-'));
      dirs.push(dir);
      return FileStore.open(dir);
    },
  ],
];

describe('channel dice streams in the game store', () => {
  it('a second process sees the first one’s stream and continues its numbering', async () => {
    const p = prefix();
    const a = await RedisStore.open(inject('redisUrl'), { prefix: p });
    const b = await RedisStore.open(inject('redisUrl'), { prefix: p });
    try {
      const pa = new StoreDiceStreams(a);
      const pb = new StoreDiceStreams(b);
      const r1 = await rollInChannel(pa, 'chan1', '2d6');
      const r2 = await rollInChannel(pb, 'chan1', '2d6');
      const r3 = await rollInChannel(pa, 'chan1', '1d6');
      expect([r1.roll.n, r2.roll.n, r3.roll.n]).toEqual([1, 2, 3]);
      expect(r2.commitment).toBe(r1.commitment);
      expect((await streamStatus(pb, 'chan1'))!.rolls.map((r) => r.n)).toEqual([1, 2, 3]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('two processes rolling at the same moment never get the same roll number; a lost compare-and-set rolls again', async () => {
    const p = prefix();
    const both = await Promise.all([0, 1].map(() => RedisStore.open(inject('redisUrl'), { prefix: p })));
    try {
      const procs = both.map((s) => new StoreDiceStreams(s));
      await rollInChannel(procs[0]!, 'chan1', '1d6');
      const numbers: number[] = [];
      for (let round = 0; round < 10; round++) {
        const results = await Promise.all(
          procs.flatMap((proc) => [rollInChannel(proc, 'chan1', '2d6'), rollInChannel(proc, 'chan1', 'DR')]),
        );
        numbers.push(...results.map((r) => r.roll.n));
      }
      expect(new Set(numbers).size).toBe(numbers.length); // no number handed out twice
      const stored = (await streamStatus(procs[0]!, 'chan1'))!.rolls.map((r) => r.n);
      expect(stored).toEqual(Array.from({ length: 41 }, (_, i) => i + 1));
      expect(numbers.sort((x, y) => x - y)).toEqual(stored.slice(1));
      const { revealed } = await rotateStream(procs[1]!, 'chan1');
      expect(verifyStream(revealed.seed, revealed.commitment, revealed.rolls)).toMatchObject({ ok: true, checked: 41 });
    } finally {
      await Promise.all(both.map((s) => s.close()));
    }
  });

  for (const [name, open] of stores) {
    it(`on ${name}: each roll is an item of the stream record; the revealed stream is read from them and verifies`, async () => {
      const store = await open();
      try {
        const streams = new StoreDiceStreams(store);
        const first = await rollInChannel(streams, 'chan', '2d6');
        for (let i = 0; i < 29; i++) await rollInChannel(streams, 'chan', i % 3 ? 'rw:crt' : '4d6kh3');
        const key = streamKey('chan', first.commitment);
        const items = await store.readRecordItems(DICE_NAMESPACE, key);
        expect(items.map((r) => (r as { n: number }).n)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
        const head = await store.loadRecord(DICE_NAMESPACE, key);
        expect(head!.value).toMatchObject({ commitment: first.commitment, rolls: 30 });
        expect(JSON.stringify(head!.value).length).toBeLessThan(400); // the head, not the rolls
        const { revealed, nextCommitment } = await rotateStream(streams, 'chan');
        expect(revealed.rolls).toEqual(items);
        expect(verifyStream(revealed.seed, revealed.commitment, revealed.rolls)).toMatchObject({ ok: true, checked: 30 });
        const next = await rollInChannel(streams, 'chan', '2d6');
        expect(next).toMatchObject({ commitment: nextCommitment, roll: { n: 1 }, newStream: false });
        expect((await streamStatus(streams, 'chan'))!.revealed.map((r) => r.commitment)).toEqual([first.commitment]);
      } finally {
        await store.close();
      }
    });

    it(`on ${name}: a channel saved in the earlier layout (every roll in one record) rolls on where it was`, async () => {
      const store = await open();
      try {
        const seed = 'e'.repeat(64);
        const rolls = [1, 2].map((n) => {
          const o = rollSpec(parseRoll('2d6'), rollEngine(seed, n));
          return { n, input: o.input, text: o.text, total: o.total, dice: o.dice };
        });
        const old = {
          format: STREAM_FORMAT,
          channel: 'old',
          seed,
          commitment: commitmentFor(seed),
          startedAt: '2026-11-01T00:00:00.000Z',
          version: 2,
          rolls,
          revealed: [],
        };
        await store.saveRecord(DICE_NAMESPACE, 'old', old, 0);
        const streams = new StoreDiceStreams(store);
        expect(await rollInChannel(streams, 'old', '2d6')).toMatchObject({ commitment: old.commitment, roll: { n: 3 } });
        const { revealed } = await rotateStream(streams, 'old');
        expect(verifyStream(revealed.seed, revealed.commitment, revealed.rolls)).toMatchObject({ ok: true, checked: 3 });
      } finally {
        await store.close();
      }
    });
  }

  it(`every dice record on Redis expires ${DICE_IDLE_DAYS} days after its last write`, async () => {
    const store = await RedisStore.open(inject('redisUrl'), { prefix: prefix() });
    try {
      const streams = new StoreDiceStreams(store);
      const r = await rollInChannel(streams, 'chan', '2d6');
      const raw = store.rawClient();
      const keys = (await raw.keys(`*dice:*`)).filter((k) => k.includes(':chan'));
      expect(keys.length).toBeGreaterThanOrEqual(3); // the channel's head, the stream's head, the stream's list
      for (const k of keys) {
        const ttl = await raw.pTTL(k);
        expect(ttl, k).toBeGreaterThan((DICE_IDLE_DAYS - 1) * DAY_MS);
        expect(ttl, k).toBeLessThanOrEqual(DICE_IDLE_DAYS * DAY_MS);
      }
      expect(keys.some((k) => k.endsWith(streamKey('chan', r.commitment)))).toBe(true);
    } finally {
      await store.close();
    }
  });
});
