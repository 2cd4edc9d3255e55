import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { storeContract } from './contract.js';
import { FileStore } from '../../src/store/index.js';

let dir: string | undefined;
storeContract('file (embedded)', {
  open: async (ttlDays) => {
    dir ??= mkdtempSync(path.join(os.tmpdir(), 'hexref-filestore-'));
    return FileStore.open(dir, { finishedTtlDays: ttlDays });
  },
  cleanup: async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  },
});

// The embedded store's history is a file appended after each version is committed: a crash between the
// two loses the line, which the version file itself still carries (its line 3).
describe('file store history after a crash', () => {
  it('recovers a history line lost between commit and append, and cuts a torn one', async () => {
    const d = mkdtempSync(path.join(os.tmpdir(), 'hexref-history-'));
    try {
      let store = await FileStore.open(d);
      await store.create('g1', 'c1', { n: 1 });
      await store.save('g1', { n: 2 }, 1, { append: ['a'] });
      await store.save('g1', { n: 3 }, 2, { append: ['b', 'c'] });
      await store.close();
      const file = path.join(d, 'games', 'g1', 'history.jsonl');
      const lines = readFileSync(file, 'utf8').split('\n');
      // The last line never written (a crash after the commit), and half of a later append.
      writeFileSync(file, `${lines[0]}\n{"v":4,"it`);
      store = await FileStore.open(d);
      expect(await store.history('g1')).toEqual(['a', 'b', 'c']);
      await store.save('g1', { n: 4 }, 3, { append: ['d'] });
      expect(await store.history('g1')).toEqual(['a', 'b', 'c', 'd']);
      expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(3);
      await store.close();
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });
});

// A record's items are a journal: one line per append carrying its items and the head it set.
describe('file store record items', () => {
  it('keep across a restart, recover a line lost between commit and append, and skip a bad line', async () => {
    const d = mkdtempSync(path.join(os.tmpdir(), 'hexref-items-'));
    try {
      let store = await FileStore.open(d);
      await store.appendRecord('dice', 'c1', ['a'], { h: 1 }, 0);
      await store.appendRecord('dice', 'c1', ['b', 'c'], { h: 2 }, 1);
      await store.close();
      const file = path.join(d, 'records', 'dice', 'c1', 'items.jsonl');
      const lines = readFileSync(file, 'utf8').split('\n');
      writeFileSync(file, `${lines[0]}\n{"v":3,"it`); // the last line lost, half of another torn
      store = await FileStore.open(d);
      expect(await store.readRecordItems('dice', 'c1')).toEqual(['a', 'b', 'c']);
      await store.appendRecord('dice', 'c1', ['d'], { h: 3 }, 2);
      expect(await store.readRecordItems('dice', 'c1')).toEqual(['a', 'b', 'c', 'd']);
      expect(await store.loadRecord('dice', 'c1')).toEqual({ value: { h: 3 }, version: 3 });
      // A damaged line is skipped and reported; writing goes on.
      writeFileSync(file, `not json\n${readFileSync(file, 'utf8')}`);
      expect(await store.readRecordItems('dice', 'c1')).toEqual(['a', 'b', 'c', 'd']);
      expect(store.problems().map((p) => p.what)).toEqual(['records/dice/c1/items.jsonl:1']);
      await store.appendRecord('dice', 'c1', ['e'], { h: 4 }, 3);
      expect(await store.readRecordItems('dice', 'c1', 4)).toEqual(['e']);
      await store.close();
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });

  it('removes expired records when the store opens', async () => {
    const d = mkdtempSync(path.join(os.tmpdir(), 'hexref-items-'));
    let t = 1_000_000;
    try {
      let store = await FileStore.open(d, { now: () => t });
      await store.appendRecord('dice', 'old', ['a'], { h: 1 }, 0, { ttlMs: 1000 });
      await store.saveRecord('dice', 'kept', { h: 1 }, 0);
      await store.close();
      t += 1001;
      store = await FileStore.open(d, { now: () => t });
      expect(existsSync(path.join(d, 'records', 'dice', 'old'))).toBe(false);
      expect(await store.loadRecord('dice', 'kept')).toEqual({ value: { h: 1 }, version: 1 });
      await store.close();
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });

  // An append's durable copy is its journal line (items and head, one fdatasync); its version file is
  // written without fsync, so a crash may leave that file empty or lose it.
  it('reads the head from the journal when a crash left the version file empty or lost it', async () => {
    const d = mkdtempSync(path.join(os.tmpdir(), 'hexref-items-'));
    try {
      let store = await FileStore.open(d);
      await store.appendRecord('dice', 'c1', ['a'], { h: 1 }, 0);
      await store.appendRecord('dice', 'c1', ['b'], { h: 2 }, 1);
      await store.appendRecord('dice', 'c1', ['c'], { h: 3 }, 2);
      await store.close();
      const rec = path.join(d, 'records', 'dice', 'c1');
      writeFileSync(path.join(rec, '3.json'), ''); // its data never reached the disk
      store = await FileStore.open(d);
      expect(await store.loadRecord('dice', 'c1')).toEqual({ value: { h: 3 }, version: 3 });
      expect(await store.readRecordItems('dice', 'c1')).toEqual(['a', 'b', 'c']);
      await store.appendRecord('dice', 'c1', ['d'], { h: 4 }, 3);
      await store.close();
      unlinkSync(path.join(rec, '4.json')); // its directory entry never reached the disk
      store = await FileStore.open(d);
      expect(await store.loadRecord('dice', 'c1')).toEqual({ value: { h: 4 }, version: 4 });
      // The compare-and-set holds on a head read from the journal: a loser writes nothing.
      const journal = readFileSync(path.join(rec, 'items.jsonl'), 'utf8');
      await expect(store.appendRecord('dice', 'c1', ['x'], { h: 0 }, 3)).rejects.toMatchObject({
        code: 'store/conflict',
        details: { currentVersion: 4 },
      });
      expect(readFileSync(path.join(rec, 'items.jsonl'), 'utf8')).toBe(journal);
      await store.appendRecord('dice', 'c1', ['e'], { h: 5 }, 4);
      await store.close();
      // A crash while appending: the torn last line is ignored, the head is the last intact line's.
      appendFileSync(path.join(rec, 'items.jsonl'), '{"v":6,"items":["f"],"head":{"h"');
      store = await FileStore.open(d);
      expect(await store.loadRecord('dice', 'c1')).toEqual({ value: { h: 5 }, version: 5 });
      expect(await store.readRecordItems('dice', 'c1')).toEqual(['a', 'b', 'c', 'd', 'e']);
      expect(store.problems()).toEqual([]);
      await store.close();
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });

  it('goes on from the journal when a crash lost several version files', async () => {
    const d = mkdtempSync(path.join(os.tmpdir(), 'hexref-items-'));
    const rec = path.join(d, 'records', 'dice', 'c1');
    try {
      let store = await FileStore.open(d);
      for (let v = 0; v < 5; v++) await store.appendRecord('dice', 'c1', [`r${v + 1}`], { h: v + 1 }, v);
      await store.close();
      for (const v of [3, 4, 5]) unlinkSync(path.join(rec, `${v}.json`));
      store = await FileStore.open(d);
      expect(await store.loadRecord('dice', 'c1')).toEqual({ value: { h: 5 }, version: 5 });
      await store.appendRecord('dice', 'c1', ['r6'], { h: 6 }, 5);
      await store.close();
      unlinkSync(path.join(rec, '6.json'));
      store = await FileStore.open(d);
      // Version 5, written again from the journal, names version 2 in its lineage across the gap.
      expect(await store.loadRecord('dice', 'c1')).toEqual({ value: { h: 6 }, version: 6 });
      expect(await store.readRecordItems('dice', 'c1')).toEqual(['r1', 'r2', 'r3', 'r4', 'r5', 'r6']);
      expect(store.problems()).toEqual([]);
      await store.close();
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });

  it('honours the expiry a head read from the journal carries', async () => {
    const d = mkdtempSync(path.join(os.tmpdir(), 'hexref-items-'));
    let t = 1_000_000;
    try {
      let store = await FileStore.open(d, { now: () => t });
      await store.appendRecord('dice', 'c1', ['a'], { h: 1 }, 0);
      await store.appendRecord('dice', 'c1', ['b'], { h: 2 }, 1, { ttlMs: 1000 });
      await store.close();
      unlinkSync(path.join(d, 'records', 'dice', 'c1', '2.json'));
      store = await FileStore.open(d, { now: () => t });
      expect(await store.loadRecord('dice', 'c1')).toEqual({ value: { h: 2 }, version: 2 });
      t += 1001;
      expect(await store.loadRecord('dice', 'c1')).toBeNull();
      expect(await store.readRecordItems('dice', 'c1')).toEqual([]);
      await store.close();
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });
});
