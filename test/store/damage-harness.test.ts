// No channel is ever poisoned (issue 45): the embedded store with one game's files damaged in every way
// test/support/store-damage.ts knows, found at open (damaged while the bot was down) or while the store
// is open. Every other game keeps working, and the damaged game's channel too: its game goes on from the
// newest intact version (or, when nothing of it can be read, is set aside and the channel freed), saves,
// aborts (a finishing save) and deletes work, and a new game can be created in the channel afterwards.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileStore, StoreError, type StoreLog } from '../../src/store/index.js';
import { BOGUS_STEP, DAMAGES, damageGame, damageRecord, gameFolder, type DamageKind } from '../support/store-damage.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A logger that keeps what it is told (the store's warnings for the operator). */
function keepLog(): StoreLog & { lines: { obj: object; msg: string }[] } {
  const lines: { obj: object; msg: string }[] = [];
  return { lines, warn: (obj, msg) => lines.push({ obj, msg }) };
}

const VICTIM_SAVES = 6; // versions 1..7; the newest three (5, 6, 7) stay on disk
const doc = (game: string, n: number) => ({ game, n, units: [{ id: 'u1', hex: `M${n}` }] });
/** The history a game has at version v: save k (making version k) appended `${game}:${k}`. */
const historyAt = (game: string, v: number) => Array.from({ length: v - 1 }, (_, i) => `${game}:${i + 2}`);

async function build(dir: string, log: StoreLog): Promise<FileStore> {
  const store = await FileStore.open(dir, { log });
  const play = async (game: string, channel: string, saves: number) => {
    await store.create(game, channel, doc(game, 1), { guildId: 'guild1', users: ['u1', 'u2'] });
    for (let k = 2; k <= saves + 1; k++) await store.save(game, doc(game, k), k - 1, { append: [`${game}:${k}`] });
  };
  await play('victim', 'cv', VICTIM_SAVES);
  await play('other1', 'c1', 3);
  await play('other2', 'c2', 2);
  await store.save('other2', doc('other2', 4), 3, { append: ['other2:4'], finishedAt: Date.now() }); // finished
  await store.appendRecord('dice', 'cv', ['r1', 'r2'], { next: 3 }, 0);
  return store;
}

async function failure(p: Promise<unknown>): Promise<StoreError | null> {
  try {
    await p;
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(StoreError);
    return err as StoreError;
  }
}

/** Every game but the damaged one, as it was built, still loads, lists, saves and keeps its history. */
async function othersWork(store: FileStore, saved: { other1: number }): Promise<void> {
  expect(await store.load('other1')).toMatchObject({ version: saved.other1, doc: doc('other1', saved.other1), channelId: 'c1' });
  expect(await store.history('other1')).toEqual(historyAt('other1', saved.other1));
  expect(await store.gameInChannel('c1')).toBe('other1');
  expect(await store.load('other2')).toMatchObject({ version: 4, finishedAt: expect.any(Number) as number });
  expect(await store.gameInChannel('c2')).toBeNull();
  expect((await store.gamesOf('u1')).map((g) => g.gameId)).toEqual(expect.arrayContaining(['other1', 'other2']));
  expect((await store.loadRecord('dice', 'cv'))?.version).toBe(1);
}

async function check(kind: DamageKind, outcome: 'fallback' | 'unloadable' | 'history', when: 'at rest' | 'while open'): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hexref-damage-'));
  dirs.push(dir);
  const log = keepLog();
  let store = await build(dir, log);
  const newest = VICTIM_SAVES + 1;
  if (when === 'at rest') await store.close();
  const goesOnFrom = damageGame(dir, 'victim', kind);
  if (when === 'at rest') store = await FileStore.open(dir, { log });
  const saved = { other1: 4 };
  try {
    // The other games first, before anything touches the damaged one.
    await othersWork(store, saved);

    if (outcome === 'unloadable') {
      // Nothing of the game can be read: it never holds its channel (a new game there is created even
      // before anything read it), and it answers store/corrupt (or no game).
      await store.create('fresh', 'cv', doc('fresh', 1));
      expect(await store.gameInChannel('cv')).toBe('fresh');
      const err = await failure(store.load('victim'));
      if (err) expect(err.code).toBe('store/corrupt');
      expect(await store.gameInChannel('cv')).toBe('fresh');
      expect((await store.list()).map((g) => g.gameId)).not.toContain('victim');
      await store.delete('victim'); // frees the id (true when it was set aside whole)
      expect((await store.create('victim', 'c9', doc('victim', 1))).version).toBe(1);
      expect(await store.history('victim')).toEqual([]);
    } else {
      const at = goesOnFrom!;
      const loaded = await store.load('victim');
      expect(loaded).toMatchObject({ version: at, doc: doc('victim', at), channelId: 'cv', finishedAt: null });
      if (outcome === 'fallback') {
        const lost = kind.startsWith('bogus-higher') ? [newest + BOGUS_STEP] : [newest];
        expect(loaded!.recovered).toEqual({ lostVersions: lost, version: at });
        expect((await store.peek('victim'))!.recovered).toEqual({ lostVersions: lost, version: at });
        // Set aside (out of the game's folder, into quarantine/), reported and logged.
        const problem = store.problems().find((p) => p.gameId === 'victim');
        expect(problem).toBeDefined();
        expect(existsSync(problem!.movedTo)).toBe(true);
        expect(readdirSync(gameFolder(dir, 'victim'))).not.toContain(`${lost[0]}.json`);
        expect(log.lines.some((l) => (l.obj as { gameId?: string }).gameId === 'victim')).toBe(true);
      } else expect(loaded!.recovered).toBeUndefined();
      // Its history is what the version answered had, never what a lost version added.
      expect(await store.history('victim')).toEqual(historyAt('victim', at));
      // A damaged history line is skipped and reported (when read), never a reason to refuse.
      if (outcome === 'history') expect(store.problems().some((p) => p.what.startsWith('games/victim/history.jsonl:'))).toBe(true);
      expect(await store.gameInChannel('cv')).toBe('victim');
      // It saves on, and the history goes on from there.
      expect((await store.save('victim', doc('victim', at + 1), at, { append: [`victim:${at + 1}`] })).version).toBe(at + 1);
      expect((await store.load('victim'))!.recovered).toBeUndefined(); // told once: gone after the next save
      expect(await store.history('victim')).toEqual(historyAt('victim', at + 1));
      // A stale writer still loses the compare-and-set.
      expect((await failure(store.save('victim', doc('victim', 99), at)))?.code).toBe('store/conflict');
      // Abort (a finishing save) frees the channel; a new game is created there, deleted, created again.
      await store.save('victim', doc('victim', at + 2), at + 1, { finishedAt: Date.now() });
      expect(await store.gameInChannel('cv')).toBeNull();
      await store.create('next', 'cv', doc('next', 1));
      expect(await store.delete('next')).toBe(true);
      await store.create('next2', 'cv', doc('next2', 1));
      expect(await store.gameInChannel('cv')).toBe('next2');
      expect(await store.delete('victim')).toBe(true);
      expect(await store.load('victim')).toBeNull();
    }

    // The other games are untouched by all of it, and save on.
    await othersWork(store, saved);
    await store.save('other1', doc('other1', 5), 4, { append: ['other1:5'] });
    saved.other1 = 5;

    // And after a restart everything still reads as left, with nothing new to report.
    await store.close();
    store = await FileStore.open(dir, { log });
    await othersWork(store, saved);
    expect(await store.gameInChannel('cv')).toBe(outcome === 'unloadable' ? 'fresh' : 'next2');
    expect(store.problems().filter((p) => p.movedTo !== '')).toEqual([]);
  } finally {
    await store.close();
  }
}

describe('damaged embedded store: no channel is ever poisoned', () => {
  for (const { kind, outcome, what } of DAMAGES) {
    for (const when of ['at rest', 'while open'] as const) {
      it(`${kind} (${what}), ${when}: the other games and the channel keep working`, () => check(kind, outcome, when));
    }
  }

  it('a second damaged version below the newest is passed over too, and both are reported', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hexref-damage-'));
    dirs.push(dir);
    const store = await build(dir, keepLog());
    await store.close();
    damageGame(dir, 'victim', 'garbage-body'); // 7
    damageGame(dir, 'victim', 'bogus-higher-garbage'); // 12 (named above the damaged 7)
    const again = await FileStore.open(dir);
    try {
      expect(await again.load('victim')).toMatchObject({ version: 6, recovered: { lostVersions: [7, 12], version: 6 } });
      expect(
        again
          .problems()
          .filter((p) => p.gameId === 'victim')
          .map((p) => p.what),
      ).toEqual(expect.arrayContaining(['games/victim/12.json', 'games/victim/7.json']));
    } finally {
      await again.close();
    }
  });

  it('a game whose channel another game has taken meanwhile never takes it back when it goes back to an older version', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hexref-damage-'));
    dirs.push(dir);
    const store = await build(dir, keepLog());
    try {
      await store.save('victim', doc('victim', 8), 7, { finishedAt: Date.now() }); // aborted: channel free
      await store.create('successor', 'cv', doc('successor', 1));
      damageGame(dir, 'victim', 'garbage-body'); // the finishing version lost: the game is active again at 7
      expect(await store.load('victim')).toMatchObject({ version: 7, finishedAt: null });
      expect(await store.gameInChannel('cv')).toBe('successor');
    } finally {
      await store.close();
    }
  });

  it('a record (a channel’s dice) with its newest version damaged goes on from the one before', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hexref-damage-'));
    dirs.push(dir);
    const store = await build(dir, keepLog());
    try {
      await store.appendRecord('dice', 'cv', ['r3'], { next: 4 }, 1);
      await store.appendRecord('dice', 'cv', ['r4'], { next: 5 }, 2);
      expect(damageRecord(dir, 'dice', 'cv')).toBe(2);
      expect(await store.loadRecord('dice', 'cv')).toEqual({ value: { next: 4 }, version: 2 });
      expect(await store.readRecordItems('dice', 'cv')).toEqual(['r1', 'r2', 'r3']);
      await store.appendRecord('dice', 'cv', ['r4 again'], { next: 5 }, 2);
      expect(await store.readRecordItems('dice', 'cv')).toEqual(['r1', 'r2', 'r3', 'r4 again']);
      expect(store.problems().some((p) => p.what === 'records/dice/cv/3.json')).toBe(true);
      expect(await store.deleteRecord('dice', 'cv')).toBe(true);
      expect(await store.readRecordItems('dice', 'cv')).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
