// The GameStore contract: every implementation runs this same suite (memory, file, Redis).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, JsonText, StoreError, type GameStore } from '../../src/store/index.js';

export interface ContractHarness {
  /** A fresh, empty store with finished-game retention `ttlDays` (default 90). */
  open(ttlDays?: number): Promise<GameStore>;
  /** Remove whatever open() created (after the store is closed). */
  cleanup?(): Promise<void>;
}

async function rejection(p: Promise<unknown>): Promise<StoreError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(StoreError);
    return err as StoreError;
  }
  throw new Error('expected the call to fail, it succeeded');
}

const doc = (n: number, extra: Record<string, unknown> = {}) => ({ n, units: [{ id: 'u1', hex: 'M16' }], log: ['a', 'b'], ...extra });

export function storeContract(name: string, harness: ContractHarness): void {
  describe(`GameStore contract: ${name}`, () => {
    let store: GameStore;
    beforeEach(async () => {
      store = await harness.open();
    });
    afterEach(async () => {
      await store.close();
      await harness.cleanup?.();
    });

    it('answers null for a game that does not exist', async () => {
      expect(await store.load('nope')).toBeNull();
      expect(await store.gameInChannel('c1')).toBeNull();
      expect(await store.list()).toEqual([]);
    });

    it('creates a game at version 1 and claims its channel', async () => {
      const created = await store.create('g1', 'c1', doc(1));
      expect(created).toMatchObject({ version: 1, channelId: 'c1', finishedAt: null, expiresAt: null, doc: doc(1) });
      const loaded = await store.load('g1');
      expect(loaded).toEqual(created);
      expect(await store.gameInChannel('c1')).toBe('g1');
    });

    it('refuses a second game with the same id (store/exists) and changes nothing', async () => {
      await store.create('g1', 'c1', doc(1));
      const err = await rejection(store.create('g1', 'c2', doc(2)));
      expect(err.code).toBe('store/exists');
      expect((await store.load('g1'))?.doc).toEqual(doc(1));
      expect(await store.gameInChannel('c2')).toBeNull();
    });

    it('refuses a second game in the same channel (store/channel-taken) naming the holder', async () => {
      await store.create('g1', 'c1', doc(1));
      const err = await rejection(store.create('g2', 'c1', doc(2)));
      expect(err.code).toBe('store/channel-taken');
      expect(err.details.gameId).toBe('g1');
      expect(await store.load('g2')).toBeNull();
    });

    it('lets exactly one of many simultaneous creates in one channel win', async () => {
      const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => store.create(`g${i}`, 'c1', doc(i))));
      const ok = results.filter((r) => r.status === 'fulfilled');
      expect(ok).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect((r.reason as StoreError).code).toBe('store/channel-taken');
      expect((await store.list()).length).toBe(1);
    });

    it('saves with the expected version and bumps it by one', async () => {
      await store.create('g1', 'c1', doc(1));
      const s2 = await store.save('g1', doc(2), 1);
      expect(s2.version).toBe(2);
      const s3 = await store.save('g1', doc(3), 2);
      expect(s3.version).toBe(3);
      expect(await store.load('g1')).toMatchObject({ version: 3, doc: doc(3), channelId: 'c1' });
    });

    it('rejects a stale save with store/conflict, the current version, and no change', async () => {
      await store.create('g1', 'c1', doc(1));
      await store.save('g1', doc(2), 1);
      const err = await rejection(store.save('g1', doc(99), 1));
      expect(err.code).toBe('store/conflict');
      expect(err.details.currentVersion).toBe(2);
      expect(await store.load('g1')).toMatchObject({ version: 2, doc: doc(2) });
    });

    it('first writer wins when many save the same version at once', async () => {
      await store.create('g1', 'c1', doc(0));
      const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => store.save('g1', doc(i + 1), 1)));
      const ok = results.filter((r): r is PromiseFulfilledResult<Awaited<ReturnType<GameStore['save']>>> => r.status === 'fulfilled');
      expect(ok).toHaveLength(1);
      const conflicts = results.filter((r) => r.status === 'rejected' && (r.reason as StoreError).code === 'store/conflict');
      expect(conflicts).toHaveLength(19);
      const loaded = await store.load('g1');
      expect(loaded?.version).toBe(2);
      expect(loaded?.doc).toEqual(doc(results.findIndex((r) => r.status === 'fulfilled') + 1));
    });

    it('keeps versions strictly sequential under retrying writers (no lost update)', async () => {
      await store.create('g1', 'c1', { items: [] as number[] });
      const writer = async (w: number) => {
        for (let i = 0; i < 15; i++) {
          for (;;) {
            const cur = (await store.load('g1'))!;
            const d = cur.doc as { items: number[] };
            try {
              await store.save('g1', { items: [...d.items, w * 100 + i] }, cur.version);
              break;
            } catch (err) {
              if ((err as StoreError).code !== 'store/conflict') throw err;
            }
          }
        }
      };
      await Promise.all([writer(1), writer(2), writer(3)]);
      const final = (await store.load('g1'))!;
      expect(final.version).toBe(1 + 45);
      expect((final.doc as { items: number[] }).items).toHaveLength(45);
    });

    it('answers store/not-found when saving a game that does not exist', async () => {
      const err = await rejection(store.save('ghost', doc(1), 1));
      expect(err.code).toBe('store/not-found');
    });

    it('keeps stored documents apart from the caller’s objects', async () => {
      const d = doc(1);
      await store.create('g1', 'c1', d);
      d.units[0]!.hex = 'A1';
      const loaded = await store.load('g1');
      expect((loaded!.doc as ReturnType<typeof doc>).units[0]!.hex).toBe('M16');
      (loaded!.doc as ReturnType<typeof doc>).units[0]!.hex = 'B2';
      expect(((await store.load('g1'))!.doc as ReturnType<typeof doc>).units[0]!.hex).toBe('M16');
    });

    it('round-trips awkward JSON: colon-led strings, unicode, nested arrays, numbers', async () => {
      const awkward = {
        s: ':base64:AAAA',
        t: '::x',
        u: 'Tolvajärvi — “Hotel” 🎲',
        n: [0, -1, 1.5, 1e21, 12345678901234],
        z: null,
        deep: [[[{ a: [] }]]],
      };
      await store.create('g1', 'c1', awkward);
      expect((await store.load('g1'))!.doc).toEqual(awkward);
      await store.save('g1', { ...awkward, v: 2 }, 1);
      expect((await store.load('g1'))!.doc).toEqual({ ...awkward, v: 2 });
    });

    it('refuses bad ids and versions with store/invalid', async () => {
      expect((await rejection(store.create('bad id', 'c1', doc(1)))).code).toBe('store/invalid');
      expect((await rejection(store.create('g1', '../c', doc(1)))).code).toBe('store/invalid');
      expect((await rejection(store.load(''))).code).toBe('store/invalid');
      await store.create('g1', 'c1', doc(1));
      expect((await rejection(store.save('g1', doc(2), 0))).code).toBe('store/invalid');
      expect((await rejection(store.save('g1', doc(2), 1.5))).code).toBe('store/invalid');
      const cyclic: Record<string, unknown> = {};
      cyclic.self = cyclic;
      expect((await rejection(store.save('g1', cyclic, 1))).code).toBe('store/invalid');
      expect((await store.load('g1'))!.version).toBe(1);
    });

    it("peeks at a game's version and header without its document, as load would answer", async () => {
      expect(await store.peek('g1')).toBeNull();
      await store.create('g1', 'c1', doc(1));
      expect(await store.peek('g1')).toEqual({ version: 1, channelId: 'c1', finishedAt: null, expiresAt: null });
      await store.save('g1', doc(2, { note: '"version":99' }), 1);
      const { doc: _d, ...header } = (await store.load('g1'))!;
      expect(await store.peek('g1')).toEqual(header);
      const finishedAt = Date.now();
      await store.save('g1', doc(3), 2, { finishedAt });
      expect(await store.peek('g1')).toEqual({ version: 3, channelId: 'c1', finishedAt, expiresAt: finishedAt + 90 * DAY_MS });
      await store.delete('g1');
      expect(await store.peek('g1')).toBeNull();
      expect((await rejection(store.peek('bad id!'))).code).toBe('store/invalid');
    });

    it('never expires an active game', async () => {
      await store.create('g1', 'c1', doc(1));
      await store.save('g1', doc(2), 1);
      const g = await store.load('g1');
      expect(g).toMatchObject({ finishedAt: null, expiresAt: null });
    });

    it('finishing a game frees its channel and keeps the game for the retention period', async () => {
      await store.create('g1', 'c1', doc(1));
      const finishedAt = Date.now();
      const s = await store.save('g1', doc(2), 1, { finishedAt });
      expect(s).toMatchObject({ version: 2, finishedAt, expiresAt: finishedAt + 90 * DAY_MS });
      expect(await store.gameInChannel('c1')).toBeNull();
      // still readable (export, verify) …
      expect(await store.load('g1')).toMatchObject({ version: 2, finishedAt, expiresAt: finishedAt + 90 * DAY_MS });
      // … and a new game may start in the channel
      await store.create('g2', 'c1', doc(3));
      expect(await store.gameInChannel('c1')).toBe('g2');
      // finishing is sticky: a later finishedAt does not move the clock
      const s3 = await store.save('g1', doc(4), 2, { finishedAt: finishedAt + 5000 });
      expect(s3.finishedAt).toBe(finishedAt);
      expect(await store.gameInChannel('c1')).toBe('g2');
    });

    it('drops a finished game once its retention has run out', async () => {
      await store.close();
      store = await harness.open(1);
      await store.create('old', 'c1', doc(1));
      await store.create('live', 'c2', doc(1));
      const finishedAt = Date.now() - DAY_MS + 300; // expires in 300 ms
      await store.save('old', doc(2), 1, { finishedAt });
      expect(await store.load('old')).not.toBeNull();
      await new Promise((r) => setTimeout(r, 600));
      expect(await store.peek('old')).toBeNull();
      expect(await store.load('old')).toBeNull();
      expect((await store.list()).map((g) => g.gameId)).toEqual(['live']);
      expect(await store.load('live')).not.toBeNull();
    });

    it('lists active and finished games with their versions', async () => {
      await store.create('a', 'c1', doc(1));
      await store.create('b', 'c2', doc(1));
      await store.save('b', doc(2), 1);
      const t = Date.now();
      await store.save('b', doc(3), 2, { finishedAt: t });
      expect(await store.list()).toEqual([
        { gameId: 'a', channelId: 'c1', version: 1, finishedAt: null, expiresAt: null },
        { gameId: 'b', channelId: 'c2', version: 3, finishedAt: t, expiresAt: t + 90 * DAY_MS },
      ]);
    });

    it('indexes games by player and by server, in the same write as the game', async () => {
      await store.create('a', 'c1', doc(1), { guildId: 'guild1', users: ['u1', 'u2'] });
      await store.create('b', 'c2', doc(1), { guildId: 'guild2', users: ['u2'] });
      await store.create('c', 'c3', doc(1)); // no index: listed nowhere but list()
      const ids = (xs: { gameId: string }[]) => xs.map((g) => g.gameId);
      expect(ids(await store.gamesOf('u1'))).toEqual(['a']);
      expect(ids(await store.gamesOf('u2'))).toEqual(['a', 'b']);
      expect(ids(await store.gamesIn('guild1'))).toEqual(['a']);
      expect(await store.gamesOf('nobody')).toEqual([]);
      // a save that changes the players moves the game between the lists; one without users keeps them
      await store.save('a', doc(2), 1, { users: ['u3'] });
      await store.save('a', doc(3), 2);
      expect(ids(await store.gamesOf('u1'))).toEqual([]);
      expect((await store.gamesOf('u3'))[0]).toMatchObject({ gameId: 'a', version: 3, channelId: 'c1' });
      // a save that loses its compare-and-set changes no list
      await rejection(store.save('b', doc(9), 7, { users: ['u9'] }));
      expect(await store.gamesOf('u9')).toEqual([]);
      expect(ids(await store.gamesOf('u2'))).toEqual(['b']);
      // finished games stay listed (marked by finishedAt) until they expire; deleted ones leave
      const t = Date.now();
      await store.save('b', doc(2), 1, { finishedAt: t });
      expect((await store.gamesOf('u2'))[0]).toMatchObject({ gameId: 'b', finishedAt: t });
      await store.delete('b');
      expect(await store.gamesOf('u2')).toEqual([]);
      expect(await store.gamesIn('guild2')).toEqual([]);
      // bad ids are refused and store nothing
      expect((await rejection(store.create('d', 'c4', doc(1), { guildId: 'g', users: ['no spaces'] }))).code).toBe('store/invalid');
      expect(await store.load('d')).toBeNull();
      expect((await rejection(store.gamesOf('../x'))).code).toBe('store/invalid');
    });

    it('appends history items in the same write as a save, and reads them back in order', async () => {
      await store.create('g1', 'c1', doc(1));
      expect(await store.history('g1')).toEqual([]);
      await store.save('g1', doc(2), 1, { append: [{ seq: 1 }, { seq: 2, text: 'é ✓ "quoted"\nline' }] });
      await store.save('g1', doc(3), 2); // appends nothing
      await store.save('g1', doc(4), 3, { append: [{ seq: 3 }] });
      expect(await store.history('g1')).toEqual([{ seq: 1 }, { seq: 2, text: 'é ✓ "quoted"\nline' }, { seq: 3 }]);
      expect(await store.history('ghost')).toBeNull();
    });

    it('writes a document or history item given as JSON text (JsonText) as that text', async () => {
      await store.create('g1', 'c1', new JsonText(JSON.stringify(doc(1))));
      expect((await store.load('g1'))!.doc).toEqual(doc(1));
      await store.save('g1', new JsonText(JSON.stringify(doc(2, { s: 'é "q"' }))), 1, {
        append: [new JsonText('{"seq":1}'), { seq: 2 }],
      });
      expect((await store.load('g1'))!.doc).toEqual(doc(2, { s: 'é "q"' }));
      expect(await store.history('g1')).toEqual([{ seq: 1 }, { seq: 2 }]);
      // In pieces (src/app/doc-json.ts writes a document so), two-byte and astral characters among them.
      const text = JSON.stringify(doc(3, { s: '−1 → K16 😀' }));
      await store.save('g1', new JsonText([text.slice(0, 9), text.slice(9, 20), text.slice(20)]), 2);
      expect((await store.load('g1'))!.doc).toEqual(doc(3, { s: '−1 → K16 😀' }));
    });

    it('a save that loses the compare-and-set appends nothing to the history', async () => {
      await store.create('g1', 'c1', doc(1));
      await store.save('g1', doc(2), 1, { append: ['first'] });
      expect((await rejection(store.save('g1', doc(9), 1, { append: ['stale'] }))).code).toBe('store/conflict');
      const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => store.save('g1', doc(3), 2, { append: [`w${i}`] })));
      const won = results.findIndex((r) => r.status === 'fulfilled');
      expect(await store.history('g1')).toEqual(['first', `w${won}`]);
      expect((await rejection(store.save('g1', doc(4), 3, { append: 'x' as unknown as unknown[] }))).code).toBe('store/invalid');
      expect(await store.history('g1')).toEqual(['first', `w${won}`]);
    });

    it('a finished game keeps its history for the retention period; deleting a game deletes it', async () => {
      await store.create('g1', 'c1', doc(1));
      await store.save('g1', doc(2), 1, { append: [1, 2], finishedAt: Date.now() });
      expect(await store.history('g1')).toEqual([1, 2]);
      expect(await store.delete('g1')).toBe(true);
      expect(await store.history('g1')).toBeNull();
      await store.create('g1', 'c1', doc(1));
      expect(await store.history('g1')).toEqual([]); // a new game of the same id starts afresh
    });

    it('deletes a game and its channel claim', async () => {
      await store.create('g1', 'c1', doc(1));
      expect(await store.delete('g1')).toBe(true);
      expect(await store.load('g1')).toBeNull();
      expect(await store.gameInChannel('c1')).toBeNull();
      expect(await store.list()).toEqual([]);
      expect(await store.delete('g1')).toBe(false);
      await store.create('g1', 'c1', doc(2));
      expect((await store.load('g1'))!.version).toBe(1);
    });

    it('keeps versioned records (channel dice streams) with the same compare-and-set', async () => {
      expect(await store.loadRecord('dice', 'c1')).toBeNull();
      expect(await store.saveRecord('dice', 'c1', { counter: 0 }, 0)).toEqual({ value: { counter: 0 }, version: 1 });
      const err = await rejection(store.saveRecord('dice', 'c1', { counter: 9 }, 0));
      expect(err.code).toBe('store/conflict');
      expect(err.details.currentVersion).toBe(1);
      await store.saveRecord('dice', 'c1', { counter: 1 }, 1);
      expect(await store.loadRecord('dice', 'c1')).toEqual({ value: { counter: 1 }, version: 2 });
      expect(await store.loadRecord('dice', 'c2')).toBeNull();
      const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => store.saveRecord('dice', 'c1', { counter: 10 + i }, 2)));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect((await store.loadRecord('dice', 'c1'))!.version).toBe(3);
    });

    it('appends items beside a record and sets its head in one compare-and-set', async () => {
      expect(await store.readRecordItems('dice', 'c1')).toEqual([]);
      expect(await store.appendRecord('dice', 'c1', [{ n: 1 }, { n: 2 }], { next: 3 }, 0)).toEqual({ value: { next: 3 }, version: 1 });
      expect(await store.appendRecord('dice', 'c1', [{ n: 3, s: 'é "q"\nx' }], { next: 4 }, 1)).toEqual({ value: { next: 4 }, version: 2 });
      expect(await store.loadRecord('dice', 'c1')).toEqual({ value: { next: 4 }, version: 2 });
      expect(await store.readRecordItems('dice', 'c1')).toEqual([{ n: 1 }, { n: 2 }, { n: 3, s: 'é "q"\nx' }]);
      // A stale append changes nothing: no items, no head.
      const err = await rejection(store.appendRecord('dice', 'c1', [{ n: 99 }], { next: 99 }, 1));
      expect(err.code).toBe('store/conflict');
      expect(err.details.currentVersion).toBe(2);
      expect(await store.readRecordItems('dice', 'c1')).toHaveLength(3);
      expect((await store.loadRecord('dice', 'c1'))!.value).toEqual({ next: 4 });
      // Ranges: from an index, at most count.
      expect(await store.readRecordItems('dice', 'c1', 1)).toEqual([{ n: 2 }, { n: 3, s: 'é "q"\nx' }]);
      expect(await store.readRecordItems('dice', 'c1', 0, 2)).toEqual([{ n: 1 }, { n: 2 }]);
      expect(await store.readRecordItems('dice', 'c1', 2, 5)).toEqual([{ n: 3, s: 'é "q"\nx' }]);
      expect(await store.readRecordItems('dice', 'c1', 3)).toEqual([]);
      expect(await store.readRecordItems('dice', 'c1', 0, 0)).toEqual([]);
      // saveRecord moves the head alone; the items stay. An empty append moves the head too.
      await store.saveRecord('dice', 'c1', { next: 5 }, 2);
      await store.appendRecord('dice', 'c1', [], { next: 6 }, 3);
      expect(await store.loadRecord('dice', 'c1')).toEqual({ value: { next: 6 }, version: 4 });
      expect(await store.readRecordItems('dice', 'c1')).toHaveLength(3);
      // Items given as JSON text are written as that text.
      await store.appendRecord('dice', 'c1', [new JsonText('{"n":4}')], new JsonText('{"next":7}'), 4);
      expect((await store.readRecordItems('dice', 'c1', 3))[0]).toEqual({ n: 4 });
      expect((await store.loadRecord('dice', 'c1'))!.value).toEqual({ next: 7 });
      expect(await store.readRecordItems('dice', 'c2')).toEqual([]);
    });

    it('lets exactly one of many simultaneous appends on one head win, and keeps every winner once', async () => {
      await store.appendRecord('dice', 'c1', ['a'], { at: 1 }, 0);
      const results = await Promise.allSettled(
        Array.from({ length: 8 }, (_, i) => store.appendRecord('dice', 'c1', [`w${i}`], { at: 2 }, 1)),
      );
      const won = results.findIndex((r) => r.status === 'fulfilled');
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect((r.reason as StoreError).code).toBe('store/conflict');
      expect(await store.readRecordItems('dice', 'c1')).toEqual(['a', `w${won}`]);
      // Retrying writers: every append lands exactly once, in version order.
      const writer = async (w: number) => {
        for (let i = 0; i < 10; i++) {
          for (;;) {
            const v = (await store.loadRecord('dice', 'c1'))!.version;
            try {
              await store.appendRecord('dice', 'c1', [`${w}:${i}`], { at: v + 1 }, v);
              break;
            } catch (err) {
              if ((err as StoreError).code !== 'store/conflict') throw err;
            }
          }
        }
      };
      await Promise.all([writer(1), writer(2), writer(3)]);
      const items = (await store.readRecordItems('dice', 'c1')) as string[];
      expect(items).toHaveLength(32);
      expect(new Set(items).size).toBe(32);
      for (const w of [1, 2, 3])
        expect(items.filter((x) => x.startsWith(`${w}:`))).toEqual(Array.from({ length: 10 }, (_, i) => `${w}:${i}`));
      expect(await store.loadRecord('dice', 'c1')).toEqual({ value: { at: 32 }, version: 32 });
    });

    it('deletes a record with its items; a new one starts afresh', async () => {
      expect(await store.deleteRecord('dice', 'c1')).toBe(false);
      await store.appendRecord('dice', 'c1', [1, 2], { h: 1 }, 0);
      await store.saveRecord('nudge', 'c1', { other: true }, 0);
      expect(await store.deleteRecord('dice', 'c1')).toBe(true);
      expect(await store.loadRecord('dice', 'c1')).toBeNull();
      expect(await store.readRecordItems('dice', 'c1')).toEqual([]);
      expect(await store.deleteRecord('dice', 'c1')).toBe(false);
      expect((await rejection(store.saveRecord('dice', 'c1', { h: 2 }, 1))).code).toBe('store/conflict');
      expect(await store.appendRecord('dice', 'c1', [3], { h: 2 }, 0)).toEqual({ value: { h: 2 }, version: 1 });
      expect(await store.readRecordItems('dice', 'c1')).toEqual([3]);
      // another namespace's record of the same key is untouched
      expect(await store.loadRecord('nudge', 'c1')).toEqual({ value: { other: true }, version: 1 });
      await store.saveRecord('plain', 'k', 1, 0);
      expect(await store.deleteRecord('plain', 'k')).toBe(true);
      expect(await store.loadRecord('plain', 'k')).toBeNull();
    });

    it('expires a record (head and items) ttlMs after its last write, and a write without ttlMs keeps it', async () => {
      await store.saveRecord('nudge', 'g1', { n: 1 }, 0, { ttlMs: 300 });
      await store.appendRecord('dice', 'c1', ['a', 'b'], { h: 1 }, 0, { ttlMs: 300 });
      await store.appendRecord('dice', 'keep', ['x'], { h: 1 }, 0, { ttlMs: 300 });
      await store.appendRecord('dice', 'keep', ['y'], { h: 2 }, 1); // no expiry any more
      // Each write sets the expiry afresh: longer, then shorter.
      await store.saveRecord('pref', 'u1', { renewed: 0 }, 0, { ttlMs: 300 });
      await store.saveRecord('pref', 'u1', { renewed: 1 }, 1, { ttlMs: 60_000 });
      await store.saveRecord('pref', 'u2', { renewed: 0 }, 0, { ttlMs: 60_000 });
      await store.saveRecord('pref', 'u2', { renewed: 1 }, 1, { ttlMs: 300 });
      expect(await store.loadRecord('nudge', 'g1')).toEqual({ value: { n: 1 }, version: 1 });
      await new Promise((r) => setTimeout(r, 450));
      expect(await store.loadRecord('pref', 'u2')).toBeNull();
      expect(await store.loadRecord('nudge', 'g1')).toBeNull();
      expect(await store.loadRecord('dice', 'c1')).toBeNull();
      expect(await store.readRecordItems('dice', 'c1')).toEqual([]);
      expect(await store.loadRecord('pref', 'u1')).toEqual({ value: { renewed: 1 }, version: 2 });
      expect(await store.loadRecord('dice', 'keep')).toEqual({ value: { h: 2 }, version: 2 });
      expect(await store.readRecordItems('dice', 'keep')).toEqual(['x', 'y']);
      // An expired record is gone: it is created again at version 1, with no items of its past.
      expect(await store.deleteRecord('nudge', 'g1')).toBe(false);
      expect(await store.appendRecord('dice', 'c1', ['c'], { h: 9 }, 0)).toEqual({ value: { h: 9 }, version: 1 });
      expect(await store.readRecordItems('dice', 'c1')).toEqual(['c']);
    });

    it('refuses bad record arguments with store/invalid and writes nothing', async () => {
      expect((await rejection(store.appendRecord('dice', 'c1', 'x' as unknown as unknown[], {}, 0))).code).toBe('store/invalid');
      expect((await rejection(store.appendRecord('dice', 'bad key', [1], {}, 0))).code).toBe('store/invalid');
      expect((await rejection(store.appendRecord('dice', 'c1', [1], {}, -1))).code).toBe('store/invalid');
      expect((await rejection(store.saveRecord('dice', 'c1', {}, 0, { ttlMs: 0 }))).code).toBe('store/invalid');
      expect((await rejection(store.appendRecord('dice', 'c1', [1], {}, 0, { ttlMs: 1.5 }))).code).toBe('store/invalid');
      const cyclic: Record<string, unknown> = {};
      cyclic.self = cyclic;
      expect((await rejection(store.appendRecord('dice', 'c1', [cyclic], {}, 0))).code).toBe('store/invalid');
      expect((await rejection(store.readRecordItems('dice', 'c1', -1))).code).toBe('store/invalid');
      expect((await rejection(store.readRecordItems('dice', 'c1', 0, 1.5))).code).toBe('store/invalid');
      expect((await rejection(store.deleteRecord('../x', 'c1'))).code).toBe('store/invalid');
      expect(await store.loadRecord('dice', 'c1')).toBeNull();
    });

    it('fails loudly (store/unavailable) once closed', async () => {
      await store.create('g1', 'c1', doc(1));
      await store.close();
      expect((await rejection(store.load('g1'))).code).toBe('store/unavailable');
      expect((await rejection(store.save('g1', doc(2), 1))).code).toBe('store/unavailable');
      store = await harness.open(); // for afterEach
    });
  });
}
