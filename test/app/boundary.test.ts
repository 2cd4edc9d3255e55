// The game service's boundary: whatever a front end sends is checked before it touches a game, a
// refusal changes nothing, players never read hosts, ports or file paths, and the record stays bounded.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, startPrivateRedis } from '../../scripts/private-redis.js';
import type { GameDoc } from '../../src/app/game-doc.js';
import { LIMITS, type Actor } from '../../src/app/game-service.js';
import type { Action } from '../../src/engine/types.js';
import { FileStore, type StoreError } from '../../src/store/index.js';
import { RedisStore } from '../../src/store/redis-store.js';
import { FIN, HOST, SOV, SPECTATOR, harness, ok, refusal, seatedGame } from './helpers.js';

type H = ReturnType<typeof harness>;
const snapshot = async (h: H, gameId: string) => JSON.stringify(await h.store.load(gameId));

describe('game service boundary: bad input is refused and changes nothing', () => {
  it('refuses /game new side:martian and unknown fields cleanly (no TypeError), storing nothing', async () => {
    const h = harness();
    const martian = await h.service.createGame({ channelId: 'c1', host: HOST, scenario: 'tutorial', seatHostAs: 'martian' as 'both' });
    expect(refusal(martian)).toBe('input/invalid');
    expect(!martian.ok && martian.error.message).toMatch(/seatHostAs/);
    const extra = await h.service.createGame({ channelId: 'c1', host: { ...HOST, admin: true } as Actor, scenario: 'tutorial' });
    expect(refusal(extra)).toBe('input/invalid');
    expect(!extra.ok && extra.error.message).toMatch(/unknown field\(s\) admin/);
    expect(refusal(await h.service.createGame({ channelId: '../etc', host: HOST, scenario: 'tutorial' }))).toBe('input/invalid');
    expect(refusal(await h.service.createGame({ channelId: 'c1', host: HOST, scenario: 'x'.repeat(6000) }))).toBe('input/invalid');
    expect(await h.store.list()).toEqual([]);
  });

  it('an invalid game id is "no such game", not a storage problem', async () => {
    const h = harness();
    for (const gameId of ['g 1/../x', '', '.hidden', 'x'.repeat(300)]) {
      const r = await h.service.status({ gameId });
      expect(refusal(r)).toBe('game/not-found');
      expect(!r.ok && r.error.message).toMatch(/There is no game/);
      expect(!r.ok && r.error.message).not.toMatch(/Storage/);
    }
    expect(refusal(await h.service.exportRecord({ gameId: 'nope' }))).toBe('game/not-found');
  });

  it('refuses a game named by id from another channel (a button of game A clicked in channel B)', async () => {
    const h = harness();
    const ref = await seatedGame(h);
    const home = (await h.store.load(ref.gameId))!.channelId;
    await h.service.act(ref, SOV, { type: 'endPhase', phase: 'reset' });
    const before = await snapshot(h, ref.gameId);
    const r = await h.service.act({ gameId: ref.gameId, channelId: 'elsewhere' }, SOV, { type: 'endPhase', phase: 'action' });
    expect(refusal(r)).toBe('game/other-channel');
    expect(await snapshot(h, ref.gameId)).toBe(before);
    ok(await h.service.act({ gameId: ref.gameId, channelId: home }, SOV, { type: 'endPhase', phase: 'action' }));
  });

  it('bounds what the record keeps: abort reasons, actions, names, request ids; unknown fields refused', async () => {
    const h = harness();
    const ref = await seatedGame(h);
    const before = await snapshot(h, ref.gameId);
    expect(refusal(await h.service.abort(ref, HOST, 'x'.repeat(LIMITS.reason + 1)))).toBe('input/reason-too-long');
    const junk = { type: 'endPhase', phase: 'reset', junk: 'x'.repeat(6000) } as unknown as Action;
    expect(refusal(await h.service.act(ref, SOV, junk))).toBe('input/action-too-large');
    expect(refusal(await h.service.act(ref, SOV, 'endPhase' as unknown as Action))).toBe('input/action');
    expect(refusal(await h.service.act(ref, SOV, { type: 'endPhase', phase: 'reset' }, { requestId: 'r'.repeat(500) }))).toBe(
      'input/invalid',
    );
    expect(refusal(await h.service.act(ref, SOV, { type: 'endPhase', phase: 'reset' }, { sneaky: 1 } as object))).toBe('input/invalid');
    expect(
      refusal(await h.service.act(ref, { userId: 'sov', name: 'S', role: 'admin' } as Actor, { type: 'endPhase', phase: 'reset' })),
    ).toBe('input/invalid');
    expect(refusal(await h.service.note(ref, FIN, 'n'.repeat(LIMITS.note + 1)))).toBe('input/note-too-long');
    expect(await snapshot(h, ref.gameId)).toBe(before);

    // A 6,000-character display name is kept clipped; names of unseated users are kept only up to a bound.
    ok(await h.service.act(ref, { userId: 'sov', name: 'S'.repeat(6000) }, { type: 'endPhase', phase: 'reset' }));
    let doc = (await h.store.load(ref.gameId))!.doc as GameDoc;
    expect(doc.meta.names.sov!.length).toBe(LIMITS.name);
    for (let i = 0; i < LIMITS.names + 30; i++)
      await h.service.seat(ref, { userId: `walker${i}`, name: `Walker ${i}` }, { side: 'finnish' });
    doc = (await h.store.load(ref.gameId))!.doc as GameDoc;
    expect(Object.keys(doc.meta.names).length).toBeLessThanOrEqual(LIMITS.names + 4);
    // A long abort reason at the limit is kept whole; the abort entry and the result carry it.
    const reason = 'r'.repeat(LIMITS.reason);
    ok(await h.service.abort(ref, HOST, reason));
    doc = (await h.store.load(ref.gameId))!.doc as GameDoc;
    expect(doc.recent.at(-1)).toMatchObject({ kind: 'abort', reason });
    expect((await h.store.history(ref.gameId))?.at(-1)).toMatchObject({ kind: 'abort', reason });
  });
});

describe('who may export a record', () => {
  async function guildGame(h: H) {
    const g = ok(await h.service.createGame({ channelId: 'home', guildId: 'guild1', host: HOST, scenario: 'tutorial' }));
    const ref = { gameId: g.gameId };
    ok(await h.service.seat(ref, FIN, { side: 'finnish' }));
    ok(await h.service.seat(ref, SOV, { side: 'soviet' }));
    ok(await h.service.start(ref, HOST));
    return ref;
  }

  it('an active game: only its host and seated players, in its own channel', async () => {
    const h = harness();
    const ref = await guildGame(h);
    expect(refusal(await h.service.exportRecord(ref, { actor: SPECTATOR, channelId: 'home', guildId: 'guild1' }))).toBe(
      'perm/export-players-only',
    );
    expect(refusal(await h.service.exportRecord(ref, { actor: FIN, channelId: 'other', guildId: 'guild1' }))).toBe(
      'perm/export-in-channel',
    );
    expect(refusal(await h.service.exportRecord(ref, { actor: SPECTATOR, channelId: 'x', guildId: 'guild2' }))).toBe(
      'perm/export-players-only',
    );
    ok(await h.service.exportRecord(ref, { actor: FIN, channelId: 'home', guildId: 'guild1' }));
    ok(await h.service.exportRecord(ref, { actor: HOST, channelId: 'home', guildId: 'guild1' }));
    ok(await h.service.exportRecord(ref)); // the operator (console, the bot's own summaries)
  });

  it('a finished game: anyone in its server, nobody from another server', async () => {
    const h = harness();
    const ref = await guildGame(h);
    ok(await h.service.resign(ref, FIN));
    const r = ok(await h.service.exportRecord(ref, { actor: SPECTATOR, channelId: 'anywhere', guildId: 'guild1' }));
    expect(r.record.seed).toBeTruthy();
    expect(refusal(await h.service.exportRecord(ref, { actor: SPECTATOR, channelId: 'c9', guildId: 'guild2' }))).toBe('perm/other-server');
  });
});

describe('storage trouble: players read what happened and an id, never hosts, ports or paths', () => {
  it('Redis down: the refusal names no host or port; the operator hook gets the detail and the same id', async () => {
    const port = await freePort();
    const redis = await startPrivateRedis({ port });
    const store = await RedisStore.open(redis.url, { prefix: 'boundary:', opTimeoutMs: 800, connectTimeoutMs: 300 });
    const seen: { err: StoreError; errorId: string }[] = [];
    const h = harness({ store, onStoreFailure: (err, c) => seen.push({ err, errorId: c.errorId }) });
    try {
      const ref = await seatedGame(h);
      await redis.stop();
      const r = await h.service.act(ref, SOV, { type: 'endPhase', phase: 'reset' });
      expect(refusal(r)).toBe('store/unavailable');
      const msg = !r.ok ? r.error.message : '';
      // The change started from the document kept from the last save, so the write is what failed.
      expect(msg).toMatch(
        /Storage problem while applying your action: the game store cannot be reached right now \(error id [0-9a-f]{8}\)/,
      );
      expect(msg).not.toContain(String(port));
      expect(msg).not.toMatch(/127\.0\.0\.1|redis:\/\//);
      expect(seen.at(-1)!.err.message).toContain(String(port));
      expect(msg).toContain(seen.at(-1)!.errorId);
    } finally {
      await store.close();
    }
  });

  it('a damaged game file: the refusal names no path', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hexref-boundary-'));
    try {
      let store = await FileStore.open(dir);
      let h = harness({ store });
      const ref = await seatedGame(h);
      await store.close();
      const files = (await import('node:fs'))
        .readdirSync(path.join(dir, 'games'), { recursive: true })
        .map(String)
        .filter((f) => f.endsWith('.json'));
      for (const f of files) writeFileSync(path.join(dir, 'games', f), '{"format":"hexref-game/1","version":1,"channelId":"x"}\n{not json');
      store = await FileStore.open(dir);
      h = harness({ store });
      const r = await h.service.status(ref);
      expect(refusal(r)).toBe('store/corrupt');
      expect(!r.ok && r.error.message).not.toContain(dir);
      expect(!r.ok && r.error.message).not.toMatch(/\.json|\//);
      await store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
