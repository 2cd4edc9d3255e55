// The embedded store after the hostile run: a stale lock never blocks a restart (reused pids, PID 1
// again), a live owner is still respected, one damaged file never makes every game unavailable, the
// compare-and-set checks the files (not a version kept in memory), and close() never removes another
// process's lock.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCK_FORMAT, LEASE_MS, processStart } from '../../src/store/dir-lock.js';
import { FileStore, type StoreError } from '../../src/store/index.js';

const run = promisify(execFile);
const dirs: string[] = [];
const children: ChildProcess[] = [];
const tmp = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'hexref-harden-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const bootId = () => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
function writeLock(dir: string, fields: Record<string, unknown>, ageMs = 0): void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'LOCK');
  writeFileSync(
    file,
    typeof fields.raw === 'string'
      ? fields.raw
      : JSON.stringify({
          format: LOCK_FORMAT,
          token: 'someone-else',
          hostname: os.hostname(),
          bootId: bootId(),
          createdAt: new Date().toISOString(),
          ...fields,
        }),
  );
  const t = new Date(Date.now() - ageMs);
  utimesSync(file, t, t);
}
const rejection = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as StoreError,
  );

/** A process that stays alive (a pid that is not the lock's owner). */
async function liveProcess(): Promise<ChildProcess> {
  const c = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(c);
  await new Promise((r) => setTimeout(r, 100));
  return c;
}

describe('embedded store lock', () => {
  it('takes over a lock of the earlier format whose pid is alive but was reused (started after the lock)', async () => {
    const dir = tmp();
    writeLock(dir, { raw: '12345\n' }, 5_000);
    const reused = await liveProcess(); // started after the lock was written: not its owner
    writeLock(dir, { raw: `${reused.pid}\n` }, 5_000);
    const store = await FileStore.open(dir);
    await store.close();
  });

  it('takes over its own pid’s lock left by an earlier process (PID 1 again after a container restart)', async () => {
    const dir = tmp();
    writeLock(dir, { raw: `${process.pid}\n` });
    await (await FileStore.open(dir)).close();
    writeLock(dir, { pid: process.pid, procStart: processStart(process.pid) });
    const store = await FileStore.open(dir);
    await store.close();
  });

  it('takes over a lock whose live pid started at another time than its owner (a reused pid)', async () => {
    const dir = tmp();
    const other = await liveProcess();
    writeLock(dir, { pid: other.pid, procStart: '1' });
    await (await FileStore.open(dir)).close();
  });

  it('respects a live owner: another process with the store open, or a fresh lease from another host', async () => {
    const dir = tmp();
    const holder = spawn(process.execPath, ['--import', 'tsx', 'test/store/fixtures/hold-store.ts', dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(holder);
    await new Promise<void>((resolve) => holder.stdout!.once('data', () => resolve()));
    const err = await rejection(FileStore.open(dir));
    expect(err?.code).toBe('store/locked');
    expect(err?.message).toMatch(new RegExp(`process ${holder.pid} on ${os.hostname()}`));
    holder.kill('SIGKILL');
    await new Promise((r) => holder.once('exit', r));
    await (await FileStore.open(dir)).close(); // its owner is dead: taken over at once

    writeLock(dir, { pid: 4242, hostname: 'another-container', bootId: 'x' });
    expect((await rejection(FileStore.open(dir)))?.code).toBe('store/locked');
    writeLock(dir, { pid: 4242, hostname: 'another-container', bootId: 'x' }, LEASE_MS + 5_000);
    await (await FileStore.open(dir)).close(); // its lease ran out
  });

  it('close() never removes another process’s lock, and a store whose lock was taken over stops writing', async () => {
    const dir = tmp();
    const a = await FileStore.open(dir);
    await a.create('g1', 'c1', { n: 1 });
    writeLock(dir, { pid: 4242, hostname: 'another-container', bootId: 'x' }); // someone took it over
    const err = await rejection(a.save('g1', { n: 2 }, 1));
    expect(err?.code).toBe('store/locked');
    await a.close();
    expect(JSON.parse(readFileSync(path.join(dir, 'LOCK'), 'utf8')).token).toBe('someone-else');
  });
});

describe('embedded store with damaged files', () => {
  it('sets each damaged file aside, reports it, and keeps every other game available', async () => {
    const dir = tmp();
    const a = await FileStore.open(dir);
    await a.create('good', 'c1', { n: 1 });
    await a.save('good', { n: 2 }, 1);
    await a.create('broken', 'c2', { n: 1 });
    await a.close();
    const games = path.join(dir, 'games');
    writeFileSync(path.join(games, 'broken', '1.json'), Buffer.alloc(512)); // zero-filled
    writeFileSync(path.join(games, 'empty.json'), ''); // earlier layout, empty
    writeFileSync(path.join(games, 'header.json'), '{"format":"something-else"}\n{}\n');
    writeFileSync(path.join(games, 'notes.json'), '{"todo":"buy milk"}');
    writeFileSync(path.join(games, 'README.txt'), 'hello');
    mkdirSync(path.join(games, 'x.json')); // a directory named like a file
    writeFileSync(path.join(games, 'x.json', 'junk'), 'junk');

    const b = await FileStore.open(dir);
    try {
      expect(await b.load('good')).toMatchObject({ version: 2, doc: { n: 2 } });
      expect(await b.gameInChannel('c1')).toBe('good');
      expect((await b.list()).map((g) => g.gameId)).toEqual(['good']);
      const problems = b.problems();
      expect(problems.map((p) => p.what).sort()).toEqual([
        'games/README.txt',
        'games/broken',
        'games/empty.json',
        'games/header.json',
        'games/notes.json',
        'games/x.json',
      ]);
      for (const p of problems) expect(existsSync(p.movedTo)).toBe(true);
      expect(problems.find((p) => p.what === 'games/broken')!.reason).toMatch(/cannot be read/);
      expect((await rejection(b.load('broken')))?.code).toBe('store/corrupt');
      expect((await rejection(b.load('empty')))?.code).toBe('store/corrupt');
      // A new game may use the channel the broken game held; the broken id stays taken.
      await b.create('fresh', 'c2', { n: 1 });
      expect((await rejection(b.create('broken', 'c3', {})))?.code).toBe('store/exists');
    } finally {
      await b.close();
    }
  });

  it('moves games of the earlier layout (games/<id>.json) into the new one', async () => {
    const dir = tmp();
    mkdirSync(path.join(dir, 'games'), { recursive: true });
    writeFileSync(
      path.join(dir, 'games', 'old.json'),
      `${JSON.stringify({ format: 'hexref-game/1', version: 7, channelId: 'c1', finishedAt: null, expiresAt: null })}\n{"n":7}\n`,
    );
    mkdirSync(path.join(dir, 'records', 'dice'), { recursive: true });
    writeFileSync(
      path.join(dir, 'records', 'dice', 'c1.json'),
      `${JSON.stringify({ format: 'hexref-record/1', version: 3 })}\n{"counter":3}\n`,
    );
    const s = await FileStore.open(dir);
    try {
      expect(await s.load('old')).toMatchObject({ version: 7, doc: { n: 7 }, channelId: 'c1' });
      expect((await s.save('old', { n: 8 }, 7)).version).toBe(8);
      expect(await s.loadRecord('dice', 'c1')).toEqual({ value: { counter: 3 }, version: 3 });
      expect((await s.saveRecord('dice', 'c1', { counter: 4 }, 3)).version).toBe(4);
      expect(existsSync(path.join(dir, 'games', 'old.json'))).toBe(false);
      expect(s.problems()).toEqual([]);
    } finally {
      await s.close();
    }
  });
});

describe('embedded store compare-and-set checks the files', () => {
  it('refuses a save over a version another writer put on disk (no in-memory version trusted)', async () => {
    const dir = tmp();
    const a = await FileStore.open(dir);
    try {
      await a.create('g1', 'c1', { n: 1 });
      // Another process that also believes it holds the store writes version 2 behind a's back.
      const header = { format: 'hexref-game/1', version: 2, channelId: 'c1', finishedAt: null, expiresAt: null };
      writeFileSync(path.join(dir, 'games', 'g1', '2.json'), `${JSON.stringify(header)}\n{"n":"theirs"}\n`);
      const err = await rejection(a.save('g1', { n: 'mine' }, 1));
      expect(err?.code).toBe('store/conflict');
      expect(err?.details.currentVersion).toBe(2);
      expect(await a.load('g1')).toMatchObject({ version: 2, doc: { n: 'theirs' } });
      expect((await a.save('g1', { n: 3 }, 2)).version).toBe(3);
    } finally {
      await a.close();
    }
  });

  it('two processes racing on one game folder never create the same version twice', async () => {
    const dir = path.join(tmp(), 'g1');
    const racers = ['a', 'b'].map((who) => run(process.execPath, ['--import', 'tsx', 'test/store/fixtures/cas-racer.ts', dir, '150', who]));
    const results = (await Promise.all(racers)).map((r) => JSON.parse(r.stdout) as { mine: number[]; conflicts: number });
    const all = results.flatMap((r) => r.mine).sort((x, y) => x - y);
    expect(all).toEqual(Array.from({ length: 300 }, (_, i) => i + 1)); // every version once: no lost update
    const last = JSON.parse(readFileSync(path.join(dir, '300.json'), 'utf8').split('\n')[0]!) as { value: number };
    expect(last.value).toBe(300);
  }, 60_000);
});
