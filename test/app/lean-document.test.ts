// The game document holds the state, not the game's past (issue 18): the record goes to the store's
// history as it is written (GameStore.history, appended in the same write), the state's log is a window
// (src/engine/log-window.ts), and undo is a checkpoint replayed (GameDoc.undo). Played here: the whole
// recorded Campaign (1,092 actions, 32 turns, every fight and decision kind) through the game service.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../src/data/load.js';
import type { GameRecord } from '../../src/engine/index.js';
import { DOC_FORMAT_1, type GameDoc, type RecordEntry } from '../../src/app/game-doc.js';
import { storedRecord } from '../../src/app/record-window.js';
import { withArmorReinforcements } from '../engine/helpers/campaign-bot.js';
import { SOLO, SOV, harness, ok, seatedGame } from './helpers.js';
import { createEngine, replayRecord, stateHash } from '../../src/engine/index.js';

describe('a lean game document (docs/game-record.md § Service)', () => {
  it(
    'stays under 64 KB all Campaign long while the store keeps the whole record, which exports and verifies',
    { timeout: 180_000 },
    async () => {
      const record = JSON.parse(readFileSync('test/fixtures/records/campaign-bot.json', 'utf8')) as GameRecord;
      const h = harness({ seed: record.seed!, ruleset: withArmorReinforcements(loadRuleset()) });
      // The record was made before 17.1-auto was off by default (its options name no key: it was on); a
      // game created now names the option, so it is created with the rule the record was played under.
      const options = { ...record.options, '17.1-auto': true };
      const c = ok(await h.service.createGame({ channelId: 'lean', host: SOLO, scenario: 'campaign', seatHostAs: 'both', options }));
      const ref = { gameId: c.gameId };
      ok(await h.service.setStanding(ref, SOLO, { empty: 'stop' })); // each recorded action applied as it is
      ok(await h.service.start(ref, SOLO));
      let biggest = 0;
      for (const [i, ra] of record.actions.entries()) {
        const r = await h.service.act(ref, SOLO, ra.action, { side: ra.side });
        if (!r.ok) throw new Error(`action ${i + 1} refused: ${r.error.message}`);
        if (i % 8 === 0 || i === record.actions.length - 1) {
          const doc = (await h.store.load(c.gameId))!.doc as GameDoc;
          biggest = Math.max(biggest, JSON.stringify(doc).length);
          expect(doc.recent.length).toBeLessThanOrEqual(200);
        }
      }
      expect(biggest).toBeLessThan(64 * 1024);
      const stored = (await h.store.load(c.gameId))!.doc as GameDoc;
      expect(stored.meta.status).toBe('finished');
      const whole = await storedRecord(h.store, c.gameId);
      expect(whole.map((e) => e.seq)).toEqual(record.actions.map((_, i) => i + 1));
      // Each entry's fields in the record's order: its base, then its kind and what goes with it (entryOf).
      expect(Object.keys(whole[0]!)).toEqual(['seq', 'v', 'id', 'user', 'at', 'kind', 'side', 'action', 'rolls']);
      expect(stored.entries).toBe(record.actions.length);
      const exported = ok(await h.service.exportRecord(ref)).record;
      expect(exported.actions.map((a) => a.action)).toEqual(record.actions.map((a) => a.action));
      // The same state as the record replayed by the engine under those options.
      const { final: _recorded, ...played } = record;
      const replayed = replayRecord(createEngine(withArmorReinforcements(loadRuleset())), { ...played, options });
      if (!replayed.ok) throw new Error(replayed.error.message);
      expect(exported.final?.stateHash).toBe(replayed.summary.stateHash);
      expect(ok(await h.service.verify(ref)).report.ok).toBe(true);
    },
  );

  it('undoes across a new Action Phase (the log trimmed inside the window) to the exact state', async () => {
    const h = harness();
    const ref = await seatedGame(h);
    const docNow = async () => (await h.store.load(ref.gameId))!.doc as GameDoc;
    const s0 = (await docNow()).state!;
    // Ending the Reset Phase begins the Action Phase and trims the log: the checkpoint keeps its own.
    ok(await h.service.act(ref, SOV, { type: 'endPhase', phase: 'reset' }));
    expect((await docNow()).undo!.checkpoint.log).toHaveLength(s0.log.length);
    const s1 = (await docNow()).state!;
    ok(await h.service.act(ref, SOV, { type: 'move', units: ['1/1/609'], to: 'K16' }));
    ok(await h.service.act(ref, SOV, { type: 'move', units: ['2/1/609'], to: 'L16' }));
    expect((await docNow()).undo!.steps.map((st) => st.action.type)).toEqual(['endPhase', 'move', 'move']);
    ok(await h.service.undo(ref, SOV));
    ok(await h.service.undo(ref, SOV));
    expect(stateHash((await docNow()).state!)).toBe(stateHash(s1));
    ok(await h.service.undo(ref, SOV));
    expect(stateHash((await docNow()).state!)).toBe(stateHash(s0));
    expect((await docNow()).undo).toBeNull();
  });

  it('reads a game saved with its whole record in the document (format 1), and moves that record to the history', async () => {
    const h = harness();
    const c = ok(await h.service.createGame({ channelId: 'old', host: SOLO, scenario: 'tutorial', seatHostAs: 'both' }));
    const ref = { gameId: c.gameId };
    ok(await h.service.setStanding(ref, SOLO, { empty: 'stop' }));
    ok(await h.service.start(ref, SOLO));
    ok(await h.service.note(ref, SOLO, 'one'));
    ok(await h.service.note(ref, SOLO, 'two'));
    // The same game as the earlier format kept it: record and undo snapshots inside, no history.
    const now = (await h.store.load(c.gameId))!;
    const doc = now.doc as GameDoc;
    const oldRecord: RecordEntry[] = doc.recent;
    const { entries: _n, recent: _r, undo: _u, ...rest } = doc;
    const old = { ...rest, format: DOC_FORMAT_1, record: oldRecord, undo: [] };
    await h.store.delete(c.gameId);
    await h.store.create(c.gameId, 'old', old, { guildId: null, users: [SOLO.userId] });
    expect(await h.store.history(c.gameId)).toEqual([]);
    // Read as it was, listed as before…
    expect(ok(await h.service.status(ref)).status.recordLength).toBe(2);
    expect(ok(await h.service.listGames({ userId: SOLO.userId })).games.map((g) => g.gameId)).toEqual([c.gameId]);
    expect(ok(await h.service.exportRecord(ref)).record.entries.map((e) => e.seq)).toEqual([1, 2]);
    // …and the next save carries the old record into the history ahead of its own entry.
    ok(await h.service.note(ref, SOLO, 'three'));
    const history = await storedRecord(h.store, c.gameId);
    expect(history.map((e) => (e.kind === 'note' ? e.text : e.kind))).toEqual(['one', 'two', 'three']);
    const upgraded = (await h.store.load(c.gameId))!.doc as GameDoc;
    expect(upgraded).toMatchObject({ format: 'hexref-game-doc/2', entries: 3, undo: null });
  });
});
