// The game service with the real engine, real ruleset and real stores (memory here; Redis below).
import { defaultAction } from '../../src/app/decision-answers.js';
import { describe, expect, it } from 'vitest';
import { startPrivateRedis } from '../../scripts/private-redis.js';
import type { Action } from '../../src/engine/types.js';
import type { GameDoc, RecordEntry } from '../../src/app/game-doc.js';
import { storedRecord } from '../../src/app/record-window.js';
import { RedisStore } from '../../src/store/redis-store.js';
import { commitmentOf as engineCommit, stateHash } from '../../src/engine/index.js';
import { FIN, HOST, MANAGER, SOLO, SOV, SPECTATOR, harness, ok, refusal, seatedGame } from './helpers.js';

const MOVE_609: Action = { type: 'move', units: ['1/1/609'], to: 'K16' };

/** The stored document, its version, and the whole record (the store's history of the game). */
async function docOf(h: ReturnType<typeof harness>, gameId: string): Promise<{ doc: GameDoc; version: number; record: RecordEntry[] }> {
  const s = (await h.store.load(gameId))!;
  return { doc: s.doc as GameDoc, version: s.version, record: await storedRecord(h.store, gameId) };
}

describe('game service: creating, seating, starting', () => {
  it('creates one game per channel; a second gets a clear refusal and changes nothing', async () => {
    const h = harness();
    const a = ok(await h.service.createGame({ channelId: 'c1', host: HOST, scenario: 'tutorial' }));
    expect(a.lines[0]).toMatch(/New game g-[0-9a-f]+: Hevossalmi Crossing/);
    const b = await h.service.createGame({ channelId: 'c1', host: FIN, scenario: 'campaign' });
    expect(refusal(b)).toBe('game/channel-taken');
    expect(!b.ok && b.error.message).toContain(a.gameId);
    expect((await h.store.list()).length).toBe(1);
    expect(refusal(await h.service.createGame({ channelId: 'c2', host: HOST, scenario: 'nope' }))).toBe('input/unknown-scenario');
    expect(refusal(await h.service.createGame({ channelId: 'c2', host: HOST, scenario: 'tutorial', options: { fog: true } }))).toBe(
      'input/option',
    );
    expect((await h.store.list()).length).toBe(1);
  });

  it('seats several users per side, lets one user hold both sides, and refuses doubles', async () => {
    const h = harness();
    const g = ok(await h.service.createGame({ channelId: 'c1', host: HOST, scenario: 'tutorial', seatHostAs: 'both' }));
    const ref = { gameId: g.gameId };
    ok(await h.service.seat(ref, FIN, { side: 'finnish' }));
    ok(await h.service.seat(ref, SPECTATOR, { side: 'finnish' }));
    expect(refusal(await h.service.seat(ref, FIN, { side: 'finnish' }))).toBe('input/already-seated');
    ok(await h.service.seat(ref, SPECTATOR, { side: 'finnish', leave: true }));
    const st = ok(await h.service.status(ref)).status;
    expect(st.seats).toEqual({ finnish: ['host', 'fin'], soviet: ['host'] });
  });

  it('start publishes the SHA-256 commitment of a secret seed and says who must act', async () => {
    const h = harness({ seed: 'known-seed-for-test' });
    const ref = await seatedGame(h, { lobby: true });
    const r = ok(await h.service.start(ref, HOST));
    expect(r.commitment).toBe(engineCommit('known-seed-for-test'));
    expect(r.lines.join('\n')).toContain(r.commitment!);
    expect(r.lines.join('\n')).not.toContain('known-seed-for-test');
    expect(r.lines.at(-1)).toBe('Waiting for the Soviet side (Sasha): Reset Phase.');
    const { doc } = await docOf(h, ref.gameId);
    expect(doc.secret).toEqual({ seed: 'known-seed-for-test' });
    expect(doc.meta.status).toBe('active');
  });

  it('draws a fresh 256-bit seed per game from node:crypto by default', async () => {
    const h = harness();
    const a = await seatedGame(h);
    const b = await seatedGame(h);
    const sa = (await docOf(h, a.gameId)).doc.secret!.seed;
    const sb = (await docOf(h, b.gameId)).doc.secret!.seed;
    expect(sa).toMatch(/^[0-9a-f]{64}$/);
    expect(sa).not.toBe(sb);
  });
});

describe('game service: permissions matrix', () => {
  type Case = [name: string, run: (h: ReturnType<typeof harness>, ref: { gameId: string }) => Promise<{ ok: boolean }>, expected: string];
  const lobby: Case[] = [
    ['a seated player cannot start', (h, r) => h.service.start(r, FIN), 'perm/not-host'],
    ['a spectator cannot start', (h, r) => h.service.start(r, SPECTATOR), 'perm/not-host'],
    ['the host starts', (h, r) => h.service.start(r, HOST), 'ok'],
    ['a player cannot seat someone else', (h, r) => h.service.seat(r, FIN, { side: 'soviet', user: SPECTATOR }), 'perm/not-host'],
    ['the host seats someone else', (h, r) => h.service.seat(r, HOST, { side: 'soviet', user: SPECTATOR }), 'ok'],
    ['anyone takes a seat before the start', (h, r) => h.service.seat(r, SPECTATOR, { side: 'soviet' }), 'ok'],
    ['nobody acts before the start', (h, r) => h.service.act(r, SOV, { type: 'endPhase', phase: 'reset' }), 'game/not-started'],
    ['a player cannot abort', (h, r) => h.service.abort(r, FIN), 'perm/not-host'],
    ['a spectator cannot abort', (h, r) => h.service.abort(r, SPECTATOR), 'perm/not-host'],
    ['a channel manager aborts', (h, r) => h.service.abort(r, MANAGER), 'ok'],
    ['the host aborts', (h, r) => h.service.abort(r, HOST), 'ok'],
  ];
  const active: Case[] = [
    ['a spectator cannot act', (h, r) => h.service.act(r, SPECTATOR, { type: 'endPhase', phase: 'reset' }), 'perm/not-seated'],
    ['the unseated host cannot act', (h, r) => h.service.act(r, HOST, { type: 'endPhase', phase: 'reset' }), 'perm/not-seated'],
    ['the other side cannot act out of turn', (h, r) => h.service.act(r, FIN, { type: 'endPhase', phase: 'reset' }), 'perm/not-your-turn'],
    [
      'a player cannot act for a side they do not hold',
      (h, r) => h.service.act(r, SOV, { type: 'endPhase', phase: 'reset' }, { side: 'finnish' }),
      'perm/wrong-side',
    ],
    ['the side to act acts', (h, r) => h.service.act(r, SOV, { type: 'endPhase', phase: 'reset' }), 'ok'],
    [
      'a rule violation comes back with its code',
      (h, r) => h.service.act(r, SOV, { type: 'endPhase', phase: 'combat' }),
      'rule/wrong-phase',
    ],
    ['a spectator cannot take a seat after the start', (h, r) => h.service.seat(r, SPECTATOR, { side: 'soviet' }), 'perm/not-host'],
    ['the host can still seat a substitute', (h, r) => h.service.seat(r, HOST, { side: 'soviet', user: SPECTATOR }), 'ok'],
    ['a spectator cannot write in the record', (h, r) => h.service.note(r, SPECTATOR, 'hello'), 'perm/not-seated'],
    ['a player writes a note', (h, r) => h.service.note(r, FIN, 'good luck'), 'ok'],
    ['the host writes a note', (h, r) => h.service.note(r, HOST, 'welcome'), 'ok'],
    ['a spectator cannot undo', (h, r) => h.service.undo(r, SPECTATOR), 'perm/not-seated'],
    ['a spectator cannot resign', (h, r) => h.service.resign(r, SPECTATOR), 'perm/not-seated'],
    ['a player cannot resign for the other side', (h, r) => h.service.resign(r, SOV, { side: 'finnish' }), 'perm/wrong-side'],
    ['a player resigns', (h, r) => h.service.resign(r, FIN), 'ok'],
    ['a spectator reads the status', (h, r) => h.service.status(r), 'ok'],
    ['a spectator exports the record', (h, r) => h.service.exportRecord(r), 'ok'],
    ['a spectator looks at the map', (h, r) => h.service.mapView(r), 'ok'],
    ['a spectator gets no legal-action menu', (h, r) => h.service.legal(r, SPECTATOR), 'perm/not-seated'],
    ['a player cannot end a game still in play', (h, r) => h.service.end(r, FIN), 'game/not-over'],
    ['a spectator cannot abort', (h, r) => h.service.abort(r, SPECTATOR), 'perm/not-host'],
    ['a channel manager aborts', (h, r) => h.service.abort(r, MANAGER), 'ok'],
  ];
  for (const [name, run, expected] of lobby) {
    it(`lobby: ${name} (${expected})`, async () => {
      const h = harness();
      const ref = await seatedGame(h, { lobby: true });
      const before = await h.store.load(ref.gameId);
      const r = await run(h, ref);
      expect(r.ok ? 'ok' : refusal(r)).toBe(expected);
      if (!r.ok) {
        expect((r as unknown as { error: { message: string } }).error.message.length).toBeGreaterThan(10);
        expect(await h.store.load(ref.gameId)).toEqual(before); // a refusal changes nothing
      }
    });
  }
  for (const [name, run, expected] of active) {
    it(`in play: ${name} (${expected})`, async () => {
      const h = harness();
      const ref = await seatedGame(h);
      const before = await h.store.load(ref.gameId);
      const r = await run(h, ref);
      expect(r.ok ? 'ok' : refusal(r)).toBe(expected);
      if (!r.ok) {
        expect((r as unknown as { error: { message: string } }).error.message.length).toBeGreaterThan(10);
        expect(await h.store.load(ref.gameId)).toEqual(before);
      }
    });
  }

  it('a refusal for the wrong side says whose turn it is and why', async () => {
    const h = harness();
    const ref = await seatedGame(h);
    const r = await h.service.act(ref, FIN, { type: 'endPhase', phase: 'reset' });
    expect(!r.ok && r.error.message).toBe("It is the Soviet side's turn (Reset Phase); you act for the Finnish side. Waiting for Sasha.");
  });

  it('one user holding both sides plays solitaire: the side to act is picked for them', async () => {
    const h = harness();
    const g = ok(await h.service.createGame({ channelId: 'solo', host: SOLO, scenario: 'tutorial', seatHostAs: 'both' }));
    const ref = { gameId: g.gameId };
    // The Soviet reset phase has nothing to decide: it ends by itself (3.0), as does the Finnish one later.
    const started = ok(await h.service.start(ref, SOLO));
    expect(started.lines).toContain(
      '#1 Nothing to decide in the Soviet reset phase: it ended by itself (the standing answer `empty: stop` keeps such phases for you to end).',
    );
    for (const phase of ['action', 'combat'] as const) {
      const r = ok(await h.service.act(ref, SOLO, { type: 'endPhase', phase }));
      expect(r.lines[0]).toMatch(/(Soviet|Finnish) \(Solveig\): end the/);
    }
    const st = ok(await h.service.status(ref)).status;
    expect(st.mustAct).toMatchObject({ side: 'finnish', what: 'action' });
    expect(refusal(await h.service.resign(ref, SOLO))).toBe('input/side');
    ok(await h.service.resign(ref, SOLO, { side: 'soviet' }));
  });
});

describe('game service: acting, status, conflicts', () => {
  it('act = load → apply → save with the version; the record keeps side, user, seq and version', async () => {
    const h = harness();
    const ref = await seatedGame(h);
    const v0 = (await docOf(h, ref.gameId)).version;
    h.clock.tick(5 * 60_000);
    const r = ok(await h.service.act(ref, SOV, { type: 'endPhase', phase: 'reset' }));
    expect(r.version).toBe(v0 + 1);
    expect(r.seq).toBe(1);
    const m = ok(await h.service.act(ref, SOV, MOVE_609));
    expect(m.lines[0]).toBe('#2 Soviet (Sasha): move 1/1/609 to K16.');
    expect(m.views[0]!.options.focus).toEqual({ center: 'K16', radius: 4 });
    expect(m.events.some((e) => e.type === 'moved')).toBe(true);
    const { doc, version, record } = await docOf(h, ref.gameId);
    expect(version).toBe(v0 + 2);
    expect(record.map((e) => [e.seq, e.v, e.kind, e.user, 'side' in e ? e.side : null])).toEqual([
      [1, v0 + 1, 'action', 'sov', 'soviet'],
      [2, v0 + 2, 'action', 'sov', 'soviet'],
    ]);
    expect(doc.state!.units['1/1/609']!.hex).toBe('K16');
  });

  it('status tells turn, phase, who must act on what, and since when', async () => {
    const h = harness();
    const ref = await seatedGame(h);
    const startedAt = h.clock.now;
    h.clock.tick(3_600_000);
    let st = ok(await h.service.status(ref));
    expect(st.status).toMatchObject({
      status: 'active',
      turn: 2,
      phase: 'reset',
      mustAct: { side: 'soviet', what: 'reset', since: startedAt },
    });
    expect(st.lines).toContain('Waiting for the Soviet side (Sasha): Reset Phase.');
    // Player words for the phase; the dice commitment is not repeated in every status (issue 16): it is
    // shown at the start and by verify.
    expect(st.lines).toContain('Turn 2: the Soviet reset phase. VP: Finnish 0, Soviet 0.');
    expect(st.lines.some((l) => /commit/i.test(l))).toBe(false);
    expect(st.lines).toContain(`Waiting since ${new Date(startedAt).toISOString()}.`);
    const t = h.clock.tick();
    ok(await h.service.act(ref, SOV, { type: 'endPhase', phase: 'reset' }));
    h.clock.tick();
    st = ok(await h.service.status(ref));
    expect(st.status.mustAct).toMatchObject({ side: 'soviet', what: 'action', since: t });
    // a note changes nothing about who must act
    ok(await h.service.note(ref, FIN, 'take your time'));
    expect(ok(await h.service.status(ref)).status.mustAct!.since).toBe(t);
  });

  it('on a version conflict it re-reads and re-applies once (both notes land)', async () => {
    const h = harness({ keepDocs: 0 }); // both read the store (a kept document is test/app/doc-cache.test.ts)
    const ref = await seatedGame(h);
    const [a, b] = await Promise.all([h.service.note(ref, FIN, 'one'), h.service.note(ref, SOV, 'two')]);
    expect(a.ok && b.ok).toBe(true);
    expect(h.conflicts).toBe(1);
    const { record } = await docOf(h, ref.gameId);
    expect(record.map((e) => (e.kind === 'note' ? e.text : e.kind)).sort()).toEqual(['one', 'two']);
  });

  it('a re-applied action that is no longer legal on the new state is reported, not forced through', async () => {
    const h = harness();
    const ref = await seatedGame(h);
    const [a, b] = await Promise.all([
      h.service.act(ref, SOV, { type: 'endPhase', phase: 'reset' }),
      h.service.act(ref, SOV, { type: 'endPhase', phase: 'reset' }),
    ]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    expect(refusal(a.ok ? b : a)).toBe('rule/wrong-phase');
    expect((await docOf(h, ref.gameId)).record).toHaveLength(1);
  });

  it('after a second conflict it gives up with store/conflict and applies nothing', async () => {
    const h = harness({ keepDocs: 0 });
    const ref = await seatedGame(h);
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => h.service.note(ref, FIN, `n${i}`)));
    const okCount = results.filter((r) => r.ok).length;
    const gaveUp = results.filter((r) => !r.ok);
    expect(gaveUp.length).toBeGreaterThan(0);
    for (const r of gaveUp) expect(refusal(r)).toBe('store/conflict');
    const { record } = await docOf(h, ref.gameId);
    expect(record).toHaveLength(okCount);
  });

  it('refuses a stale click (action based on an older version) and a repeated request id', async () => {
    const h = harness();
    const ref = await seatedGame(h);
    const v = (await docOf(h, ref.gameId)).version;
    ok(await h.service.act(ref, SOV, { type: 'endPhase', phase: 'reset' }, { basedOnVersion: v, requestId: 'click-1' }));
    const stale = await h.service.act(ref, SOV, { type: 'endPhase', phase: 'action' }, { basedOnVersion: v });
    expect(refusal(stale)).toBe('game/stale');
    // In words: what happened since that message and what the game waits for now; no version numbers.
    expect(!stale.ok && stale.error.message).toBe(
      'The game has moved on since that message: #1 Soviet (Sasha): end the reset phase. Waiting for the Soviet side (Sasha): Action Phase.',
    );
    expect(refusal(await h.service.act(ref, SOV, { type: 'endPhase', phase: 'action' }, { requestId: 'click-1' }))).toBe('game/duplicate');
    expect((await docOf(h, ref.gameId)).record).toHaveLength(1);
  });

  it('a finished game frees its channel for the next game', async () => {
    const h = harness();
    const ref = await seatedGame(h);
    const channelId = (await docOf(h, ref.gameId)).doc.meta.channelId;
    ok(await h.service.resign(ref, SOV));
    expect(await h.store.gameInChannel(channelId)).toBeNull();
    ok(await h.service.createGame({ channelId, host: FIN, scenario: 'tutorial' }));
    expect(refusal(await h.service.act(ref, FIN, { type: 'endPhase', phase: 'reset' }))).toBe('game/over');
  });

  it('plays the tutorial to its end; the end reveals the seed and keeps the game for retention', async () => {
    const h = harness({ seed: 'tutorial-seed' });
    const g = ok(await h.service.createGame({ channelId: 'full', host: SOLO, scenario: 'tutorial', seatHostAs: 'both' }));
    const ref = { gameId: g.gameId };
    ok(await h.service.start(ref, SOLO));
    let last;
    for (let i = 0; i < 200; i++) {
      const st = ok(await h.service.status(ref)).status;
      if (st.status !== 'active') break;
      // Decisions (Sub-Zero losses, 16.3) take their default; otherwise the phase ends.
      const p = st.mustAct?.pending;
      last = ok(await h.service.act(ref, SOLO, p ? defaultAction(p) : { type: 'endPhase', phase: st.phase as 'reset' }));
    }
    expect(last!.lines.join('\n')).toContain('Dice seed revealed: tutorial-seed');
    const stored = (await h.store.load(ref.gameId))!;
    expect((stored.doc as GameDoc).meta.status).toBe('finished');
    expect(stored.finishedAt).toBe(h.clock.now);
    expect(stored.expiresAt).toBe(h.clock.now + 90 * 86_400_000);
    const end = ok(await h.service.end(ref, SOLO));
    expect(end.seed).toBe('tutorial-seed');
    expect(ok(await h.service.verify(ref)).report.ok).toBe(true);
  });
});

describe('game service: undo (Rally the Troops style)', () => {
  it('undoes the side’s own actions one by one back to the hand-over, restoring the exact state', async () => {
    const h = harness();
    const ref = await seatedGame(h);
    const s0 = (await docOf(h, ref.gameId)).doc.state!;
    ok(await h.service.act(ref, SOV, { type: 'endPhase', phase: 'reset' }));
    const s1 = (await docOf(h, ref.gameId)).doc.state!;
    ok(await h.service.act(ref, SOV, MOVE_609));
    expect(ok(await h.service.status(ref)).status.undoable).toEqual({ side: 'soviet', steps: 2 });
    const u1 = ok(await h.service.undo(ref, SOV));
    expect(u1.lines[0]).toBe('#3 Sasha undid #2 (move 1/1/609 to K16).');
    // A zoom where the unit stands again, not the whole map (issue 16).
    expect(u1.views).toEqual([{ caption: 'After undo', options: { highlight: ['M16'], focus: { center: 'M16', radius: 4 } } }]);
    expect(stateHash((await docOf(h, ref.gameId)).doc.state!)).toBe(stateHash(s1));
    ok(await h.service.undo(ref, SOV));
    expect(stateHash((await docOf(h, ref.gameId)).doc.state!)).toBe(stateHash(s0));
    expect(refusal(await h.service.undo(ref, SOV))).toBe('undo/nothing');
    // the record keeps what happened, undos included
    const { record } = await docOf(h, ref.gameId);
    expect(record.map((e) => (e.kind === 'undo' ? `undo ${e.undoes}` : e.kind))).toEqual(['action', 'action', 'undo 2', 'undo 1']);
  });

  it('only the side that acted may undo', async () => {
    const h = harness();
    const ref = await seatedGame(h);
    ok(await h.service.act(ref, SOV, { type: 'endPhase', phase: 'reset' }));
    ok(await h.service.act(ref, SOV, MOVE_609));
    const r = await h.service.undo(ref, FIN);
    expect(refusal(r)).toBe('perm/not-your-undo');
    expect(!r.ok && r.error.message).toContain("Soviet side's");
  });

  it('never undoes past a hand-over to the other side', async () => {
    const h = harness();
    const ref = await seatedGame(h);
    for (const phase of ['reset', 'action', 'combat'] as const) ok(await h.service.act(ref, SOV, { type: 'endPhase', phase }));
    expect(ok(await h.service.status(ref)).status.mustAct!.side).toBe('finnish');
    expect(refusal(await h.service.undo(ref, SOV))).toBe('undo/nothing');
    expect(refusal(await h.service.undo(ref, FIN))).toBe('undo/nothing');
  });

  it('never undoes past a dice roll (a combat)', async () => {
    const h = harness({ seed: 'x' });
    const ref = await seatedGame(h);
    ok(await h.service.act(ref, SOV, { type: 'endPhase', phase: 'reset' }));
    ok(await h.service.act(ref, SOV, MOVE_609));
    ok(await h.service.act(ref, SOV, { type: 'endPhase', phase: 'action' }));
    expect(ok(await h.service.status(ref)).status.undoable).toEqual({ side: 'soviet', steps: 3 });
    const c = ok(await h.service.act(ref, SOV, { type: 'combat', attackers: ['1/1/609'], target: 'J16' }));
    expect(c.lines[0]).toBe('#4 Soviet (Sasha): attack J16 with 1/1/609.');
    expect(c.lines.some((l) => l.startsWith('Roll #'))).toBe(false);
    // The Finns first declare defensive Support (10.3.2); they decline (the decision's default) and the CRT is rolled.
    const d = await declineDefensiveSupport(h, ref);
    expect(d.lines.slice(0, 2)).toEqual(['#5 Finnish (Fredrik): decline Defensive Support.', 'Roll #1: 2, 2 (Combat on J16 at 1:4, 8.4).']);
    expect(ok(await h.service.status(ref)).status.undoable).toBeNull();
    expect(refusal(await h.service.undo(ref, SOV))).toBe('undo/nothing');
    const r = await h.service.undo(ref, FIN);
    expect(refusal(r)).toBe('undo/nothing');
    expect(!r.ok && r.error.message).toMatch(/last dice roll/);
  });
});

/** Answer the pending defensive Support decision (10.3.2) with its own default (no Support). */
async function declineDefensiveSupport(h: ReturnType<typeof harness>, ref: Awaited<ReturnType<typeof seatedGame>>) {
  const p = ok(await h.service.status(ref)).status.mustAct?.pending as { type: string; default: { units: string[] } } | null | undefined;
  if (p?.type !== 'defensiveSupport') throw new Error(`expected a defensiveSupport decision, got ${p?.type}`);
  expect(p).toMatchObject({ side: 'finnish', default: { units: [] } });
  return ok(await h.service.act(ref, FIN, { type: 'support', ...p.default }));
}

describe('game service: export, end, verify', () => {
  async function playedGame() {
    const h = harness({ seed: 'x' });
    const ref = await seatedGame(h);
    ok(await h.service.act(ref, SOV, { type: 'endPhase', phase: 'reset' }));
    ok(await h.service.act(ref, SOV, MOVE_609));
    ok(await h.service.act(ref, SOV, { type: 'endPhase', phase: 'action' }));
    ok(await h.service.act(ref, SOV, { type: 'combat', attackers: ['1/1/609'], target: 'J16' }));
    await declineDefensiveSupport(h, ref);
    ok(await h.service.note(ref, FIN, 'ouch'));
    return { h, ref };
  }

  it('exports the record so far without the seed or the RNG state while the game runs', async () => {
    const { h, ref } = await playedGame();
    const ex = ok(await h.service.exportRecord(ref)).record;
    expect(ex.seed).toBeNull();
    expect(ex.final).toBeUndefined();
    expect(ex.commitment).toBe(engineCommit('x'));
    const text = JSON.stringify(ex);
    expect(text).not.toMatch(/"seed":"x"/);
    expect(text).not.toContain('"rng"');
    expect(ex.actions.map((a) => a.action.type)).toEqual(['endPhase', 'move', 'endPhase', 'combat', 'support']);
    expect(ex.actions[3]!.dice).toBeUndefined();
    expect(ex.actions[4]!.dice).toEqual([[2, 2]]);
    expect(ex.entries.map((e) => e.kind)).toEqual(['action', 'action', 'action', 'action', 'action', 'note']);
    expect(refusal(await h.service.verify(ref))).toBe('verify/seed-secret');
  });

  it('after the end the export carries the seed; verify recomputes every roll and the final state', async () => {
    const { h, ref } = await playedGame();
    ok(await h.service.abort(ref, HOST, 'test over'));
    const ex = ok(await h.service.exportRecord(ref)).record;
    expect(ex.seed).toBe('x');
    expect(ex.final?.stateHash).toMatch(/^[0-9a-f]{64}$/);
    const v = ok(await h.service.verify(ref));
    expect(v.report).toMatchObject({ ok: true, actions: 5, rolls: 1, mismatch: null });
    expect(v.lines[0]).toMatch(/^Verified: the seed matches the commitment/);
  });

  it("the export is a record the engine's own replay accepts", async () => {
    const { h, ref } = await playedGame();
    ok(await h.service.resign(ref, SOV));
    const ex = ok(await h.service.exportRecord(ref)).record;
    const { replayRecord } = await import('../../src/engine/index.js');
    const r = replayRecord(h.engine, ex);
    expect(r.ok && r.summary.matches).toBe(true);
  });

  it('verify catches a tampered roll, a tampered action, a swapped seed and a removed entry', async () => {
    const { h, ref } = await playedGame();
    ok(await h.service.resign(ref, SOV));
    const clean = ok(await h.service.exportRecord(ref)).record;
    const { verifyRecord } = await import('../../src/app/verify.js');
    const { engineHelpers } = await import('../../src/app/wiring.js');
    expect(verifyRecord(h.engine, engineHelpers, clean).ok).toBe(true);

    const rolled = structuredClone(clean);
    // The CRT roll is in the Finnish answer to the defensive Support decision (10.3.2).
    const combat = rolled.entries.find((e) => e.kind === 'action' && e.action.type === 'support')!;
    if (combat.kind === 'action') combat.rolls[0]!.dice = [6, 6];
    const r1 = verifyRecord(h.engine, engineHelpers, rolled);
    expect(r1.mismatch).toMatchObject({ seq: 5, kind: 'roll', roll: 1, expected: [2, 2], recorded: [6, 6] });
    expect(r1.lines[0]).toBe('Verification FAILED at record entry #5: roll #1: the seed gives 2, 2, the record says 6, 6 (roll #1)');

    const moved = structuredClone(clean);
    const mv = moved.entries[1]!;
    if (mv.kind === 'action' && mv.action.type === 'move') mv.action.to = 'L16';
    const r2 = verifyRecord(h.engine, engineHelpers, moved);
    expect(r2.ok).toBe(false);
    expect(['illegal', 'final-state', 'roll']).toContain(r2.mismatch!.kind);

    const seed = structuredClone(clean);
    seed.seed = 'y';
    expect(verifyRecord(h.engine, engineHelpers, seed).mismatch!.kind).toBe('commitment');

    const cut = structuredClone(clean);
    cut.entries.splice(1, 1);
    expect(verifyRecord(h.engine, engineHelpers, cut).mismatch!.kind).toBe('sequence');
  });
});

describe('game service: storage failures are loud', () => {
  it('reports store/unavailable when Redis is down, and says the change was not confirmed', async () => {
    const redis = await startPrivateRedis();
    const store = await RedisStore.open(redis.url, { prefix: 'svc:', opTimeoutMs: 1000 });
    try {
      const h = harness({ store });
      const ref = await seatedGame(h);
      await redis.stop();
      const r = await h.service.act(ref, SOV, { type: 'endPhase', phase: 'reset' });
      expect(refusal(r)).toBe('store/unavailable');
      expect(!r.ok && r.error.message).toMatch(/Storage problem while (loading the game|applying your action).*not confirmed/s);
      expect(refusal(await h.service.status(ref))).toBe('store/unavailable');
    } finally {
      await store.close();
      await redis.stop();
    }
  });
});

describe('games of any length (issue 15; 3.0, 17.0)', () => {
  it('a game created to end after turn 5 starts as such, says so in its status, and exports its length', async () => {
    const h = harness();
    const created = ok(await h.service.createGame({ channelId: 'len1', host: HOST, scenario: 'campaign', seatHostAs: 'both', endTurn: 5 }));
    const ref = { gameId: created.gameId };
    ok(await h.service.start(ref, HOST));
    const st = ok(await h.service.status(ref));
    expect(st.lines).toContain("Length: a shortened game that ends after turn 5, scored then as at a scenario's end (17.0).");
    const rec = ok(await h.service.exportRecord(ref)).record;
    expect(rec.endTurn).toBe(5);
  });

  it('refuses a length the scenario does not have, and creates nothing', async () => {
    const h = harness();
    const r = await h.service.createGame({ channelId: 'len2', host: HOST, scenario: 'campaign', endTurn: 40 });
    expect(refusal(r)).toBe('input/turn');
    expect(r.ok ? '' : r.error.message).toMatch(/Not that length: a shortened game of The Campaign ends after a turn from 1 to 32, not 40/);
    expect(await h.store.gameInChannel('len2')).toBeNull();
  });
});

describe('the scenario briefing (issue 15)', () => {
  it('says at /game new and in the status what the players play for: length, objectives, victory, rules', async () => {
    const h = harness();
    const created = ok(
      await h.service.createGame({ channelId: 'brief1', host: HOST, scenario: 'campaign', seatHostAs: 'both', endTurn: 12 }),
    );
    const brief = created.lines.join('\n');
    expect(brief).toMatch(
      /Briefing: The Campaign, shortened to end after turn 12 \(the scenario runs turns 1–32\): our own shorter game, not one of the Playbook's scenarios\./,
    );
    expect(brief).toMatch(/Objectives, scored after the last turn \(17\.0\): The Hotel \(M16\) 15 VP; The Gravel Pits \(L16\) 10 VP;/);
    expect(brief).toMatch(/Kotisaari island \([^)]*\) 5 VP for some, 10 for all/);
    expect(brief).toMatch(/Tolvajärvi village \([^)]*\) 5 VP a hex, at most 40/);
    expect(brief).toMatch(/Victory: the side with more VP wins; equal VP is a draw/);
    expect(brief).toMatch(
      /Special rules: Soviet armor commitment \(12\.1\.4\), the Finnish Provisional Company \(12\.8\), the change of Finnish operational stance \(17\.1; our reading, `rules:17\.1:off` leaves it out\), Soviet morale collapse \(17\.0\.4; our default trigger, `rules:17\.0\.4:off` leaves it out\), the Soviet artillery park \(12\.4\.3\), the Finnish artillery park \(12\.4\.4\), no set-up on a frozen lake\./,
    );
    expect(brief).toMatch(/Optional rules in force: none\./);
    ok(await h.service.start({ gameId: created.gameId }, HOST));
    const st = ok(await h.service.status({ gameId: created.gameId })).lines.join('\n');
    expect(st).toMatch(/Objectives, scored after the last turn/);
    expect(st).toMatch(/Length: a shortened game that ends after turn 12/);
  });

  it('the tutorial: its own victory rule', async () => {
    const h = harness();
    const created = ok(await h.service.createGame({ channelId: 'brief2', host: HOST, scenario: 'tutorial' }));
    expect(created.lines.join('\n')).toMatch(/Victory: the Soviet side wins with 25 VP or more, otherwise the Finnish side/);
  });
});

describe('the Victory Point bid (17.0.2, issue 15)', () => {
  async function biddingGame(h: ReturnType<typeof harness>) {
    const created = ok(
      await h.service.createGame({ channelId: `bid${Math.random()}`.replace('.', ''), host: HOST, scenario: 'campaign', bidding: true }),
    );
    return { gameId: created.gameId };
  }

  it('17.0.2: sealed bids; the higher bidder picks a side, the other side starts with the bid in VP', async () => {
    const h = harness();
    const ref = await biddingGame(h);
    // Sides wait for the bid.
    expect(refusal(await h.service.seat(ref, FIN, { side: 'finnish' }))).toBe('game/bidding');
    let r = ok(await h.service.bid(ref, FIN, 12));
    expect(r.lines).toEqual(["Fredrik has placed a sealed bid (17.0.2). Waiting for the other player's bid."]);
    // Sealed: the status says a bid is in, never its value.
    let st = ok(await h.service.status(ref)).lines.join('\n');
    const bidLine = st.split('\n').find((l) => l.startsWith('Victory Point bid'))!;
    expect(bidLine).toMatch(/^Victory Point bid \(17\.0\.2\): one sealed bid in \(Fredrik\)/);
    expect(bidLine.replace('17.0.2', '')).not.toMatch(/\d/);
    r = ok(await h.service.bid(ref, SOV, 7));
    expect(r.lines[0]).toBe(
      'Bids revealed: Fredrik bid 12 VP, Sasha bid 7 VP. Fredrik picks a side (`/game join`); the other side starts with 12 VP (17.0.2).',
    );
    // The loser may not pick; the winner picks and both are seated.
    expect(refusal(await h.service.seat(ref, SOV, { side: 'soviet' }))).toBe('game/bidding');
    r = ok(await h.service.seat(ref, FIN, { side: 'soviet' }));
    expect(r.lines[0]).toBe('Seated: Fredrik on the Soviet side, Sasha on the Finnish side, which starts with 12 VP (17.0.2).');
    ok(await h.service.start(ref, HOST));
    st = ok(await h.service.status(ref)).lines.join('\n');
    expect(st).toMatch(/Victory Point bid \(17\.0\.2\): Fredrik won with 12 VP; the Finnish side starts with 12 VP\./);
    expect(st).toMatch(/VP: Finnish 12, Soviet 0/);
    // The record carries it, and verify replays to the same state.
    const rec = ok(await h.service.exportRecord(ref)).record;
    expect(rec.startVp).toEqual({ finnish: 12 });
  });

  it('a tie clears the bids for another round; bad bids and a third bidder are refused', async () => {
    const h = harness();
    const ref = await biddingGame(h);
    expect(refusal(await h.service.bid(ref, FIN, -1))).toBe('input/bid');
    expect(refusal(await h.service.bid(ref, FIN, 2.5))).toBe('input/bid');
    ok(await h.service.bid(ref, FIN, 5));
    const tie = ok(await h.service.bid(ref, SOV, 5));
    expect(tie.lines[0]).toBe('Bids revealed: Fredrik bid 5 VP, Sasha bid 5 VP. A tie: both bid again (round 2).');
    ok(await h.service.bid(ref, FIN, 6));
    ok(await h.service.bid(ref, FIN, 8)); // a bidder may change a bid until the other is in
    expect(refusal(await h.service.bid(ref, SPECTATOR, 9))).toBe('game/bidding');
    const end = ok(await h.service.bid(ref, SOV, 3));
    expect(end.lines[0]).toMatch(/^Bids revealed: Fredrik bid 8 VP, Sasha bid 3 VP\. Fredrik picks a side/);
    expect(refusal(await h.service.bid(ref, SOV, 30))).toBe('game/bidding');
  });

  it('a game without the bid refuses one, and the bid refuses a side chosen at /game new', async () => {
    const h = harness();
    const ref = await seatedGame(h, { lobby: true });
    expect(refusal(await h.service.bid(ref, FIN, 5))).toBe('game/no-bidding');
    expect(
      refusal(await h.service.createGame({ channelId: 'bidx', host: HOST, scenario: 'campaign', bidding: true, seatHostAs: 'soviet' })),
    ).toBe('game/bidding');
  });
});

describe('legal actions per version (issue 18)', () => {
  it('the same version answers the same listing (cached); a change answers the new state’s', async () => {
    const h = harness();
    const ref = await seatedGame(h);
    const a = ok(await h.service.legal(ref, SOV));
    const b = ok(await h.service.legal(ref, SOV));
    expect(b.legal).toBe(a.legal); // one computation for the version
    expect(a.legal.phase).toBe('reset');
    ok(await h.service.act(ref, SOV, { type: 'endPhase', phase: 'reset' }));
    const c = ok(await h.service.legal(ref, SOV));
    expect(c.legal).not.toBe(a.legal);
    expect(c.legal.phase).toBe('action');
    expect(c.version).toBe(a.version + 1);
  });
});

describe('game service: who reads a game from where, and a channel’s latest game (issues 45, 46)', () => {
  async function inServer(h: ReturnType<typeof harness>, channelId: string) {
    const g = ok(await h.service.createGame({ channelId, guildId: 'guild1', host: HOST, scenario: 'tutorial' }));
    const ref = { gameId: g.gameId };
    ok(await h.service.seat(ref, FIN, { side: 'finnish' }));
    ok(await h.service.seat(ref, SOV, { side: 'soviet' }));
    ok(await h.service.start(ref, HOST));
    return ref;
  }

  it('status, map view, verify and export refuse a reader from another server, the same way; home and the operator read', async () => {
    const h = harness();
    const ref = await inServer(h, 'home1');
    const away = { actor: FIN, channelId: 'elsewhere', guildId: 'guild2' };
    const home = { actor: SPECTATOR, channelId: 'other', guildId: 'guild1' };
    expect(refusal(await h.service.status(ref, away))).toBe('perm/other-server');
    expect(refusal(await h.service.mapView(ref, {}, away))).toBe('perm/other-server');
    expect(refusal(await h.service.verify(ref, away))).toBe('perm/other-server');
    expect(refusal(await h.service.exportRecord(ref, away))).toBe('perm/other-server');
    // From a direct message (no server) it is not the game's server either.
    expect(refusal(await h.service.status(ref, { ...away, guildId: null }))).toBe('perm/other-server');
    ok(await h.service.status(ref, home));
    ok(await h.service.mapView(ref, {}, home));
    ok(await h.service.status(ref)); // the operator (console, reminders)
    // A server's list, and a player's list in a server, hold that server's games only.
    expect(ok(await h.service.listGames({ guildId: 'guild2' })).games).toEqual([]);
    expect(ok(await h.service.listGames({ userId: HOST.userId, guildId: 'guild2' })).games).toEqual([]);
    expect(ok(await h.service.listGames({ guildId: 'guild1' })).games.map((g) => g.gameId)).toEqual([ref.gameId]);
    ok(await h.service.resign(ref, SOV));
    expect(refusal(await h.service.verify(ref, away))).toBe('perm/other-server');
    expect(refusal(await h.service.exportRecord(ref, away))).toBe('perm/other-server');
    ok(await h.service.verify(ref, home));
  });

  it('a channel ref with `latest`: the active game, else the one finished there last (with or without its server)', async () => {
    const h = harness();
    expect(refusal(await h.service.status({ channelId: 'home2', latest: true, guildId: 'guild1' }))).toBe('game/none-in-channel');
    const first = await inServer(h, 'home2');
    ok(await h.service.resign(first, SOV));
    expect(refusal(await h.service.status({ channelId: 'home2' }))).toBe('game/none-in-channel');
    for (const guildId of ['guild1', undefined])
      expect(ok(await h.service.status({ channelId: 'home2', latest: true, guildId })).gameId).toBe(first.gameId);
    h.clock.tick();
    const second = await inServer(h, 'home2');
    expect(ok(await h.service.exportRecord({ channelId: 'home2', latest: true, guildId: 'guild1' })).gameId).toBe(second.gameId);
    h.clock.tick();
    ok(await h.service.abort(second, HOST, 'done'));
    expect(ok(await h.service.verify({ channelId: 'home2', latest: true, guildId: 'guild1' })).gameId).toBe(second.gameId);
    // Another channel's games are not this channel's.
    expect(refusal(await h.service.status({ channelId: 'home3', latest: true, guildId: 'guild1' }))).toBe('game/none-in-channel');
  });
});
