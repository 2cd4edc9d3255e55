// The document a service saved last is kept for the next change of that game, which starts from it
// without reading the store: the save's compare-and-set tells whether it was still the stored version,
// and a refusal stands only once a peek shows it was (src/app/doc-cache.ts; issue 18). Two services on
// one store stand for two processes on one Redis.
import { describe, expect, it } from 'vitest';
import type { Action } from '../../src/engine/types.js';
import { DocCache } from '../../src/app/doc-cache.js';
import type { GameDoc } from '../../src/app/game-doc.js';
import { CountingStore, FIN, SOV, harness, ok, refusal, seatedGame } from './helpers.js';

const MOVE_609: Action = { type: 'move', units: ['1/1/609'], to: 'K16' };
const reset: Action = { type: 'endPhase', phase: 'reset' };

describe('kept documents (issue 18)', () => {
  it('the next change of a game starts from the document saved last: no read', async () => {
    const store = new CountingStore();
    const h = harness({ store });
    const ref = await seatedGame(h);
    ok(await h.service.act(ref, SOV, reset));
    store.reset();
    const r = ok(await h.service.act(ref, SOV, MOVE_609));
    expect([store.peeks, store.loads]).toEqual([0, 0]);
    // What was saved is what the store holds, to the byte.
    const stored = (await store.load(ref.gameId))!;
    expect(stored.version).toBe(r.version);
    expect((stored.doc as GameDoc).state!.units['1/1/609']!.hex).toBe('K16');
  });

  it('by channel too: the kept game is the channel’s active game while the store says so', async () => {
    const store = new CountingStore();
    const h = harness({ store });
    const ref = await seatedGame(h);
    const channelId = ok(await h.service.status(ref)).status.channelId;
    ok(await h.service.act({ channelId }, SOV, reset));
    store.reset();
    ok(await h.service.act({ channelId }, SOV, MOVE_609));
    expect([store.peeks, store.loads]).toEqual([0, 0]);
  });

  it('another process saved since: the kept document is dropped and the stored one is used', async () => {
    const store = new CountingStore();
    const a = harness({ store });
    const b = harness({ store });
    const ref = await seatedGame(a);
    ok(await a.service.act(ref, SOV, reset)); // a keeps version n
    ok(await b.service.act(ref, SOV, MOVE_609)); // b saves n + 1
    store.reset();
    // a's next change builds on b's move, not on its own kept document (no conflict, nothing lost).
    const r = ok(await a.service.act(ref, SOV, { type: 'endPhase', phase: 'action' }));
    expect([store.peeks, store.loads]).toEqual([0, 1]); // the save lost, then one read
    expect(a.conflicts).toBe(0); // a kept document out of date is not a conflict
    const doc = (await store.load(ref.gameId))!.doc as GameDoc;
    expect(doc.state!.units['1/1/609']!.hex).toBe('K16');
    expect(doc.recent.map((e) => e.seq)).toEqual([...doc.recent.keys()].map((i) => i + 1));
    expect(r.lines[0]).toMatch(/^#3 Soviet/);
  });

  it('an action refused on a kept document out of date is judged again on the stored one', async () => {
    const store = new CountingStore();
    const a = harness({ store });
    const b = harness({ store });
    const ref = await seatedGame(a);
    ok(await a.service.act(ref, SOV, reset)); // a keeps the Soviet Action Phase
    // Elsewhere the Soviet player ends the Action Phase.
    ok(await b.service.act(ref, SOV, { type: 'endPhase', phase: 'action' }));
    const st = ok(await b.service.status(ref)).status;
    const who = st.mustAct!.side === 'soviet' ? SOV : FIN;
    store.reset();
    // Ending the phase the game is now in: wrong on a's kept document, right on the stored one.
    const r = ok(await a.service.act(ref, who, { type: 'endPhase', phase: st.phase as 'action' }));
    expect([store.peeks, store.loads]).toEqual([1, 1]); // the refusal was checked, the game read
    expect(r.version).toBe(st.version + 1);
    expect(a.conflicts).toBe(0);
  });

  it('a button made from a newer version than the kept one is not stale', async () => {
    const store = new CountingStore();
    const a = harness({ store });
    const b = harness({ store });
    const ref = await seatedGame(a);
    ok(await a.service.act(ref, SOV, reset));
    const moved = ok(await b.service.act(ref, SOV, MOVE_609)); // b's reply carries buttons of this version
    const r = ok(await a.service.act(ref, SOV, { type: 'endPhase', phase: 'action' }, { basedOnVersion: moved.version }));
    expect(r.version).toBe(moved.version + 1);
  });

  it('a refusal on a kept document that is still stored: one peek, and the refusal stands', async () => {
    const store = new CountingStore();
    const h = harness({ store });
    const ref = await seatedGame(h);
    ok(await h.service.act(ref, SOV, reset));
    const before = (await store.load(ref.gameId))!;
    store.reset();
    expect(refusal(await h.service.act(ref, FIN, MOVE_609))).toMatch(/^(perm|rule)\//);
    expect([store.peeks, store.loads]).toEqual([1, 0]);
    expect(await store.load(ref.gameId)).toEqual(before);
  });

  it('a game deleted meanwhile is not found, whatever was kept', async () => {
    const store = new CountingStore();
    const h = harness({ store });
    const ref = await seatedGame(h);
    ok(await h.service.act(ref, SOV, reset));
    await store.delete(ref.gameId);
    expect(refusal(await h.service.act(ref, SOV, MOVE_609))).toBe('game/not-found');
  });

  it('readers (status, legal actions, previews, map views) use the kept document after a peek: no read', async () => {
    const store = new CountingStore();
    const h = harness({ store });
    const ref = await seatedGame(h);
    const moved = ok(await h.service.act(ref, SOV, reset));
    store.reset();
    expect(ok(await h.service.status(ref)).version).toBe(moved.version);
    const legal = ok(await h.service.legal(ref, SOV));
    expect(legal.status.version).toBe(moved.version);
    ok(await h.service.mapView(ref));
    expect([store.peeks, store.loads]).toEqual([3, 0]);
    // What they read from the kept document is what a fresh service reads from the store.
    const fresh = harness({ store });
    expect(ok(await h.service.status(ref)).lines).toEqual(ok(await fresh.service.status(ref)).lines);
    expect(legal.legal).toEqual(ok(await fresh.service.legal(ref, SOV)).legal);
  });

  it('a reader reads the store when another process saved since, or while a change of the game is in flight', async () => {
    const store = new CountingStore();
    const a = harness({ store });
    const b = harness({ store });
    const ref = await seatedGame(a);
    ok(await a.service.act(ref, SOV, reset)); // a keeps version n
    const moved = ok(await b.service.act(ref, SOV, MOVE_609)); // b saves n + 1
    store.reset();
    const seen = ok(await a.service.status(ref));
    expect(seen.version).toBe(moved.version);
    expect([store.peeks, store.loads]).toEqual([1, 1]);

    // A change in flight has taken the kept document (and changed it): a status meanwhile shows the stored
    // game, never the change before it is saved.
    ok(await a.service.act(ref, SOV, { type: 'move', units: ['2/1/609'], to: 'L16' })); // a keeps n + 2
    const before = ok(await a.service.status(ref));
    let release!: () => void;
    store.gate = new Promise<void>((r) => (release = r)); // the next save waits
    // The status looks at the kept document first and waits for its peek; the change takes it meanwhile.
    const looking = a.service.status(ref);
    const pending = a.service.act(ref, SOV, { type: 'endPhase', phase: 'action' });
    const during = ok(await looking);
    expect(during.version).toBe(before.version);
    expect(during.status.phase).toBe(before.status.phase);
    expect(ok(await a.service.status(ref)).status.phase).toBe(before.status.phase); // asked after the change began
    release();
    expect(ok(await pending).version).toBe(before.version + 1);
    expect(ok(await a.service.status(ref)).version).toBe(before.version + 1);
  });

  it('keeps at most its limit, the least recently saved going first; finished games are not kept', () => {
    const cache = new DocCache(2);
    const doc = (id: string) => ({ meta: { gameId: id } }) as unknown as GameDoc;
    const header = (channelId: string, finishedAt: number | null = null) => ({ version: 2, channelId, finishedAt, expiresAt: null });
    cache.put('g1', doc('g1'), header('c1'));
    cache.put('g2', doc('g2'), header('c2'));
    cache.put('g3', doc('g3'), header('c3'));
    expect(cache.size).toBe(2);
    expect(cache.take({ gameId: 'g1' })).toBeUndefined();
    expect(cache.take({ channelId: 'c3' })?.gameId).toBe('g3');
    expect(cache.take({ gameId: 'g3' })).toBeUndefined(); // handed out once
    expect(cache.look({ gameId: 'g2' })?.gameId).toBe('g2');
    expect(cache.look({ channelId: 'c2' })?.gameId).toBe('g2'); // a look hands nothing out
    expect(cache.take({ gameId: 'g2' })?.gameId).toBe('g2');
    cache.put('g4', doc('g4'), header('c4', Date.now()));
    expect(cache.take({ gameId: 'g4' })).toBeUndefined();
    expect(new DocCache(0).size).toBe(0);
  });

  it('freezes kept states when asked, so code that changes a state it was given fails', () => {
    const cache = new DocCache(4, true);
    const d = { meta: {}, state: { units: { a: { hex: 'K16' } } } } as unknown as GameDoc;
    cache.put('g1', d, { version: 1, channelId: 'c1', finishedAt: null, expiresAt: null });
    expect(() => {
      (d.state!.units as Record<string, { hex: string }>)['a']!.hex = 'K17';
    }).toThrow(TypeError);
  });
});
