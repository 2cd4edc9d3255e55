// No channel is ever blocked for good (issue 45): abort by the game's host or a channel manager frees the
// channel even when the game cannot be read or saved, on every store there is (memory, embedded file,
// Redis); strangers still may not, and the stores' own API does it (the game is removed).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { FileStore, MemoryStore, type GameStore } from '../../src/store/index.js';
import { RedisStore } from '../../src/store/redis-store.js';
import type { GameDoc } from '../../src/app/game-doc.js';
import { FIN, HOST, MANAGER, SOV, SPECTATOR, harness, ok, refusal, type Harness } from './helpers.js';
import { damageGame } from '../support/store-damage.js';

const opened: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of opened.splice(0)) await close();
});

let seq = 0;
const stores: Record<string, () => Promise<{ store: GameStore; dir?: string }>> = {
  memory: async () => ({ store: new MemoryStore() }),
  file: async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'hexref-abort-'));
    const store = await FileStore.open(dir);
    opened.push(async () => {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    });
    return { store, dir };
  },
  redis: async () => {
    const store = await RedisStore.open(inject('redisUrl'), { prefix: `abort-frees-${process.pid}-${++seq}:` });
    opened.push(() => store.close());
    return { store };
  },
};

/** A started tutorial game of Hanna's (host), Fredrik and Sasha in its own channel of server g1. */
async function started(h: Harness, channelId: string): Promise<string> {
  const g = ok(await h.service.createGame({ channelId, guildId: 'g1', host: HOST, scenario: 'tutorial' }));
  ok(await h.service.seat({ gameId: g.gameId }, FIN, { side: 'finnish' }));
  ok(await h.service.seat({ gameId: g.gameId }, SOV, { side: 'soviet' }));
  ok(await h.service.start({ gameId: g.gameId }, HOST));
  return g.gameId;
}

/** Overwrite the stored document through the store's own compare-and-set (what a damaged write leaves). */
async function overwrite(store: GameStore, gameId: string, doc: unknown): Promise<void> {
  const now = (await store.load(gameId))!;
  await store.save(gameId, doc, now.version);
}

/** The channel is free: no game holds it, and a new one can be created there. */
async function expectFree(h: Harness, channelId: string): Promise<void> {
  expect(await h.store.gameInChannel(channelId)).toBeNull();
  ok(await h.service.createGame({ channelId, guildId: 'g1', host: SPECTATOR, scenario: 'tutorial' }));
}

describe('abort frees the channel of a game that cannot be read or saved (issue 45)', () => {
  for (const [kind, open] of Object.entries(stores)) {
    it(`${kind} store: a document the service cannot read; its host frees the channel, a stranger cannot`, async () => {
      const { store } = await open();
      const h = harness({ store });
      const channelId = `c-${kind}-unreadable`;
      const gameId = await started(h, channelId);
      await overwrite(store, gameId, { not: 'a game' });
      const ref = { channelId };
      expect(refusal(await h.service.status(ref))).toBe('store/corrupt');
      // A stranger: refused, before any question and on the abort itself; the channel stays held.
      expect(refusal(await h.service.mayEnd(ref, SPECTATOR, 'abort'))).toBe('store/corrupt');
      expect(refusal(await h.service.abort(ref, SPECTATOR, 'mine now'))).toBe('store/corrupt');
      expect(await store.gameInChannel(channelId)).toBe(gameId);
      // Its host: no question to ask (status null), and the abort frees the channel.
      const asked = ok(await h.service.mayEnd(ref, HOST, 'abort'));
      expect(asked.status).toBeNull();
      expect(asked.gameId).toBe(gameId);
      const r = ok(await h.service.abort(ref, HOST, 'the file is broken'));
      expect(r.removed).toBe(true);
      expect(r.lines.join('\n')).toMatch(/this channel is free for a new game/);
      expect(r.lines.join('\n')).not.toMatch(/\/|\\|redis|\.json/i); // no paths or hosts
      await expectFree(h, channelId);
    });

    it(`${kind} store: a document that breaks the abort itself (cannot be saved); a channel manager frees it`, async () => {
      const { store } = await open();
      const h = harness({ store });
      const channelId = `c-${kind}-unsaveable`;
      const gameId = await started(h, channelId);
      const doc = structuredClone((await store.load(gameId))!.doc) as GameDoc;
      (doc.meta as unknown as { seats: null }).seats = null; // readable as far as its host, not further
      await overwrite(store, gameId, doc);
      const ref = { channelId };
      // A seated player is not its host: the host can still be read, so the index does not decide.
      expect(refusal(await h.service.abort(ref, FIN, 'x'))).toBe('store/corrupt');
      expect(await store.gameInChannel(channelId)).toBe(gameId);
      const r = ok(await h.service.abort(ref, MANAGER, 'stuck'));
      expect(r.removed).toBe(true);
      await expectFree(h, channelId);
      expect(await store.load(gameId)).toBeNull();
    });

    it(`${kind} store: a healthy game is aborted as ever (record kept, seed revealed), never removed`, async () => {
      const { store } = await open();
      const h = harness({ store });
      const channelId = `c-${kind}-healthy`;
      const gameId = await started(h, channelId);
      const r = ok(await h.service.abort({ channelId }, HOST, 'done'));
      expect(r.removed).toBeUndefined();
      expect(r.lines.join('\n')).toMatch(/Dice seed revealed/);
      expect((await store.load(gameId))?.finishedAt).not.toBeNull();
      await expectFree(h, channelId);
    });
  }

  it('file store: a damaged newest version falls back to the intact one; the players are told once (issue 45)', async () => {
    const { store, dir } = await stores.file!();
    // Every command reads the store (as after a restart): nothing kept from the last save hides the damage.
    const h = harness({ store, keepDocs: 0 });
    const channelId = 'c-file-disk';
    const gameId = await started(h, channelId);
    const before = (await store.load(gameId))!.version;
    const phase = async () => ok(await h.service.status({ channelId })).status.phase as 'reset';
    const who = async () => (ok(await h.service.status({ channelId })).status.mustAct!.side === 'soviet' ? SOV : FIN);
    ok(await h.service.act({ channelId }, await who(), { type: 'endPhase', phase: await phase() }));
    // The newest version's body is garbage: the store goes on from the one before (damageGame answers it).
    const intact = damageGame(dir!, gameId, 'garbage-body')!;
    expect(intact).toBe(before);
    // Status reads the intact version and says what was lost, until the next change.
    const st = ok(await h.service.status({ channelId }));
    expect(st.status.version).toBe(intact);
    expect(st.lines.join('\n')).toMatch(/latest saved change was damaged on disk .*\(version \d+\)/);
    const next = ok(await h.service.act({ channelId }, await who(), { type: 'endPhase', phase: await phase() }));
    expect(next.lines[0]).toMatch(/^⚠️ The game's latest saved change was damaged/);
    // Told once: the save made the store forget it.
    expect(ok(await h.service.status({ channelId })).lines.join('\n')).not.toMatch(/damaged on disk/);
    const later = ok(await h.service.act({ channelId }, await who(), { type: 'endPhase', phase: await phase() }));
    expect(later.lines.join('\n')).not.toMatch(/damaged on disk/);
  });

  it('file store: every version damaged on disk; the game is set aside and the channel is free', async () => {
    const { store, dir } = await stores.file!();
    const h = harness({ store, keepDocs: 0 });
    const channelId = 'c-file-all';
    const gameId = await started(h, channelId);
    damageGame(dir!, gameId, 'every-version-damaged');
    // Nothing of it can be read: the first read says so, and the store sets the game aside, which frees
    // the channel at once (an abort by its host would too: the memory and Redis cases above).
    expect(refusal(await h.service.status({ channelId }))).toBe('store/corrupt');
    expect(refusal(await h.service.status({ channelId }))).toBe('game/none-in-channel');
    await expectFree(h, channelId);
  });

  it('by id from another channel (a forged button): a damaged game is not freed from there', async () => {
    const h = harness();
    const gameId = await started(h, 'c-home');
    await overwrite(h.store, gameId, { not: 'a game' });
    expect(refusal(await h.service.abort({ gameId, channelId: 'c-elsewhere' }, MANAGER))).toBe('store/corrupt');
    expect(await h.store.gameInChannel('c-home')).toBe(gameId);
    expect(ok(await h.service.abort({ gameId, channelId: 'c-home' }, MANAGER)).removed).toBe(true);
  });

  it('resign of a damaged game is refused as before: only abort frees a channel', async () => {
    const h = harness();
    const gameId = await started(h, 'c-resign');
    await overwrite(h.store, gameId, { not: 'a game' });
    expect(refusal(await h.service.mayEnd({ channelId: 'c-resign' }, FIN, 'resign'))).toBe('store/corrupt');
    expect(refusal(await h.service.resign({ channelId: 'c-resign' }, FIN))).toBe('store/corrupt');
    expect(await h.store.gameInChannel('c-resign')).toBe(gameId);
  });
});
