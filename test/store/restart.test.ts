// Restart survival: the embedded store after a crashed process, and Redis with AOF after a restart.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { startPrivateRedis } from '../../scripts/private-redis.js';
import { FileStore, StoreError } from '../../src/store/index.js';
import { RedisStore } from '../../src/store/redis-store.js';

const run = promisify(execFile);
const dirs: string[] = [];
const tmp = (name: string) => {
  const d = mkdtempSync(path.join(os.tmpdir(), name));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('embedded store survives a restart', () => {
  it('keeps every saved version after the writing process is killed, and takes over its stale lock', async () => {
    const dir = tmp('hexref-restart-');
    const child = run(process.execPath, ['--import', 'tsx', 'test/store/fixtures/file-store-writer.ts', dir, '25']);
    const err = await child.then(
      () => null,
      (e: { signal?: string; stdout?: string }) => e,
    );
    expect(err?.signal).toBe('SIGKILL');
    expect(err?.stdout).toContain('saved 26');
    // a temp file left by a crash mid-write is ignored and cleaned up
    writeFileSync(path.join(dir, 'games', 'g1', '.27.999.abcd.tmp'), '{"torn');
    const store = await FileStore.open(dir);
    try {
      const g = await store.load('g1');
      expect(g?.version).toBe(26);
      expect((g?.doc as { moves: number[] }).moves).toHaveLength(25);
      expect(await store.gameInChannel('c1')).toBe('g1');
      expect(await store.loadRecord('dice', 'c1')).toEqual({ value: { counter: 7 }, version: 1 });
      expect(readdirSync(path.join(dir, 'games'))).toEqual(['g1']);
      expect(readdirSync(path.join(dir, 'games', 'g1')).sort()).toEqual(['24.json', '25.json', '26.json']); // older versions pruned
      expect((await store.save('g1', { moves: [] }, 26)).version).toBe(27);
    } finally {
      await store.close();
    }
  });

  it('is single-process: a second open of the same directory fails with store/locked', async () => {
    const dir = tmp('hexref-lock-');
    const a = await FileStore.open(dir);
    try {
      const err = await FileStore.open(dir).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(StoreError);
      expect((err as StoreError).code).toBe('store/locked');
      expect((err as StoreError).message).toMatch(/single-process/);
    } finally {
      await a.close();
    }
    const b = await FileStore.open(dir); // released on close
    await b.close();
  });

  it('reports a corrupt game file as store/corrupt instead of guessing', async () => {
    const dir = tmp('hexref-corrupt-');
    const a = await FileStore.open(dir);
    await a.create('g1', 'c1', { x: 1 });
    await a.close();
    writeFileSync(path.join(dir, 'games', 'g1', '1.json'), 'not json at all\n');
    const b = await FileStore.open(dir);
    try {
      const err = await b.load('g1').catch((e: unknown) => e);
      expect((err as StoreError).code).toBe('store/corrupt');
    } finally {
      await b.close();
    }
  });
});

describe('Redis store survives a Redis restart with AOF', () => {
  it('reads back every version after redis-server is stopped and started on the same directory', async () => {
    const dir = tmp('hexref-aof-');
    let redis = await startPrivateRedis({ appendOnly: true, dir });
    let store = await RedisStore.open(redis.url, { prefix: 'aof:' });
    await store.create('g1', 'c1', { moves: [] });
    const moves: number[] = [];
    let version = 1;
    for (let i = 0; i < 30; i++) {
      moves.push(i);
      version = (await store.save('g1', { moves }, version)).version;
    }
    await store.saveRecord('dice', 'c1', { counter: 3 }, 0);
    await store.close();
    await redis.stop();
    redis = await startPrivateRedis({ appendOnly: true, dir });
    try {
      store = await RedisStore.open(redis.url, { prefix: 'aof:' });
      const g = await store.load('g1');
      expect(g?.version).toBe(31);
      expect((g?.doc as { moves: number[] }).moves).toEqual(moves);
      expect(await store.gameInChannel('c1')).toBe('g1');
      expect(await store.loadRecord('dice', 'c1')).toEqual({ value: { counter: 3 }, version: 1 });
      await store.close();
    } finally {
      await redis.stop();
    }
  });
});
