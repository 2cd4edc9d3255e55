// The document as JSON text with its unchanged parts written once (src/app/doc-json.ts; issue 18): the
// same value JSON.stringify gives, before and after the changes a save makes, and the remembered parts
// frozen under the test suite so a later change to one would fail loudly.
import { describe, expect, it, vi } from 'vitest';
import type { GameDoc } from '../../src/app/game-doc.js';
import { readFileSync } from 'node:fs';
import { docJson, entryJson } from '../../src/app/doc-json.js';
import { loadRuleset } from '../../src/data/load.js';
import { createEngine, type GameRecord } from '../../src/engine/index.js';
import { setupOptionsOf } from '../../src/engine/record.js';
import { withArmorReinforcements } from '../engine/helpers/campaign-bot.js';
import { addEntry, nextSeq } from '../../src/app/record-window.js';
import { noteUndoStep } from '../../src/app/undo-window.js';
import type { Action, GameState, Side } from '../../src/engine/index.js';
import { JsonText } from '../../src/store/index.js';
import { Utf8Buffers } from '../../src/store/utf8-buffers.js';
import { HOST, SOV, harness, ok, seatedGame } from './helpers.js';

const MOVES: Action[] = [
  { type: 'move', units: ['1/1/609'], to: 'K16' },
  { type: 'move', units: ['2/1/609'], to: 'L16' },
];

async function gameWithUndo() {
  const h = harness();
  const ref = await seatedGame(h);
  ok(await h.service.act(ref, SOV, { type: 'endPhase', phase: 'reset' }));
  ok(await h.service.act(ref, SOV, MOVES[0]!)); // an undo window with its checkpoint
  const doc = (await h.store.load(ref.gameId))!.doc as GameDoc;
  return { h, ref, doc };
}

/** The second Soviet move on the document, as the service notes it in the undo window (at most `max` steps). */
function secondMove(h: ReturnType<typeof harness>, doc: GameDoc, seq: number, max = 30) {
  const before = doc.state!;
  const r = h.engine.apply(before, 'soviet', MOVES[1]!);
  if (!r.ok) throw new Error(r.violation.message);
  const apply = (s: GameState, side: Side, a: Action) => h.engine.apply(s, side, a);
  doc.state = r.state;
  const step = { seq, user: SOV.userId, action: MOVES[1]!, waitingSince: null };
  noteUndoStep(doc, apply, 'soviet', before, r.state, r.events.length, step, max);
  return { before, apply };
}

describe('docJson: the document as JSON text, unchanged parts written once', () => {
  it('is the text JSON.stringify writes, an undo window and record entries included', async () => {
    const { doc } = await gameWithUndo();
    expect(doc.undo?.checkpoint).toBeTruthy();
    expect(doc.recent.length).toBeGreaterThan(1);
    expect(docJson(doc).json).toBe(JSON.stringify(doc));
    expect(docJson({ ...doc, undo: null }).json).toBe(JSON.stringify({ ...doc, undo: null }));
  });

  it('writes numbers, booleans and null as JSON.stringify does (written without it), non-finite numbers as null', async () => {
    const { doc } = await gameWithUndo();
    const odd = { ...doc.state!, a: NaN, b: -0, c: Infinity, d: 1e21, e: 0.1, f: true, g: false, h: null, i: 'a\u2013"b"', j: undefined };
    const withOdd = { ...doc, state: odd } as unknown as GameDoc;
    expect(docJson(withOdd).json).toBe(JSON.stringify(withOdd));
  });

  it('stays so through the changes a save makes: a new state, a new entry, another step in the window', async () => {
    const { h, doc } = await gameWithUndo();
    const first = docJson(doc, true).json; // remembers the checkpoint and the entries
    const seq = nextSeq(doc);
    addEntry(doc, { seq, v: 9, id: 'e', user: SOV.userId, at: 1, kind: 'action', side: 'soviet', action: MOVES[1]!, rolls: [] });
    const checkpoint = doc.undo!.checkpoint;
    secondMove(h, doc, seq);
    expect(doc.undo!.checkpoint).toBe(checkpoint); // the same checkpoint: its text is reused
    const second = docJson(doc, true).json;
    expect(second).not.toBe(first);
    expect(second).toBe(JSON.stringify(doc));
  });

  it('writes the recent entries, changed in place, from their text before: some cut from the front, some added', async () => {
    const { doc } = await gameWithUndo();
    const entry = (seq: number) =>
      ({ seq, v: 9, id: `e${seq}`, user: SOV.userId, at: seq, kind: 'note', text: `note ${seq} “quoted”` }) as const;
    for (let i = 0; i < 6; i++) addEntry(doc, entry(nextSeq(doc)));
    expect(docJson(doc, true).json).toBe(JSON.stringify(doc));
    const spy = vi.spyOn(JSON, 'stringify');
    try {
      doc.recent.splice(0, 3); // as trimRecent cuts them
      addEntry(doc, entry(nextSeq(doc)));
      addEntry(doc, entry(nextSeq(doc)));
      const text = docJson(doc, true).json;
      // Of the entries, only the two new ones were written.
      expect(spy.mock.calls.filter(([v]) => doc.recent.includes(v as never)).length).toBe(2);
      expect(text).toBe(JSON.stringify(doc));
      doc.recent.splice(1, 1); // one taken from the middle: the rest still as before
      expect(docJson(doc, true).json).toBe(JSON.stringify(doc));
      doc.recent.length = 0;
      expect(docJson(doc, true).json).toBe(JSON.stringify(doc));
    } finally {
      spy.mockRestore();
    }
  });

  it('writes a new window whose checkpoint is the state it last wrote: the same text, that state frozen', async () => {
    const { h, doc } = await gameWithUndo();
    doc.undo = null; // the window closed (a roll or a hand-over)
    docJson(doc, true); // writes the state, and remembers its text without the log
    expect(Object.isFrozen(doc.state)).toBe(true);
    const { apply } = secondMove(h, doc, 99);
    expect(doc.undo!.checkpoint).not.toHaveProperty('log'); // the log is the current one's first events
    expect(docJson(doc, true).json).toBe(JSON.stringify(doc));
    // A checkpoint moved on past the window's length is a state never written: written as usual.
    const now = doc.state!;
    noteUndoStep(doc, apply, 'soviet', now, now, 0, { seq: 100, user: SOV.userId, action: MOVES[1]!, waitingSince: null }, 1);
    expect(docJson(doc).json).toBe(JSON.stringify(doc));
  });

  it('writes a checkpoint that keeps its own log (the log trimmed as an Action Phase began) from its parts', async () => {
    const { h, doc } = await gameWithUndo();
    doc.undo = null; // the window closed (a roll or a hand-over)
    docJson(doc, true); // writes the state: its text without the log, and each event of its log, remembered
    const before = doc.state!;
    const r = h.engine.apply(before, 'soviet', MOVES[1]!);
    if (!r.ok) throw new Error(r.violation.message);
    // As when this action began an Action Phase: the log it leaves is trimmed (src/engine/log-window.ts).
    const after = { ...r.state, log: r.state.log.slice(-1) };
    const apply = (st: GameState, side: Side, a: Action) => h.engine.apply(st, side, a);
    const step = (seq: number) => ({ seq, user: SOV.userId, action: MOVES[1]!, waitingSince: null });
    noteUndoStep(doc, apply, 'soviet', before, after, r.events.length, step(98), 30);
    doc.state = after;
    const own = doc.undo!.checkpoint;
    expect(own.log).toEqual(before.log);
    expect(Object.keys(own).at(-1)).toBe('log');
    const spy = vi.spyOn(JSON, 'stringify');
    try {
      expect(docJson(doc, true, before).json).toBe(JSON.stringify(doc));
      // Made from the state's text and its log's events, each known: none of them written whole again.
      expect(spy.mock.calls.filter(([v]) => v === own || v === before || before.log.includes(v as never))).toEqual([]);
    } finally {
      spy.mockRestore();
    }
    // Moved on past the window's length, the checkpoint keeps its own log: a state never written, as usual.
    noteUndoStep(doc, apply, 'soviet', after, after, 0, step(99), 1);
    expect(doc.undo!.checkpoint.log).toBeDefined();
    expect(docJson(doc, true).json).toBe(JSON.stringify(doc));
  });

  it('freezes what it remembers when asked (the test suite), so changing it later throws', async () => {
    const { doc } = await gameWithUndo();
    docJson(doc, true);
    expect(Object.isFrozen(doc.undo!.checkpoint)).toBe(true);
    expect(Object.isFrozen(doc.recent[0])).toBe(true);
    expect(Object.isFrozen(doc.state!.control.hexes)).toBe(true); // shared by the next state until control changes
    expect(doc.state!.log.length).toBeGreaterThan(0);
    expect(doc.state!.log.every((e) => Object.isFrozen(e))).toBe(true); // shared by the states that follow
    expect(() => {
      (doc.recent[0] as { user: string }).user = HOST.userId;
    }).toThrow(TypeError);
  });

  it('writes a history entry once, the same text the recent entries reuse', async () => {
    const { doc } = await gameWithUndo();
    const e = doc.recent[doc.recent.length - 1]!;
    const t = entryJson(e);
    expect(t).toBeInstanceOf(JsonText);
    expect(t.json).toBe(JSON.stringify(e));
    expect(docJson(doc).json).toContain(t.json);
  });

  it('writes every state of the recorded Campaign as JSON.stringify does, given the state written before', () => {
    const record = JSON.parse(readFileSync('test/fixtures/records/campaign-bot.json', 'utf8')) as GameRecord;
    const engine = createEngine(withArmorReinforcements(loadRuleset()));
    const doc = { state: engine.setup('campaign', setupOptionsOf(record, record.seed!)) } as unknown as GameDoc;
    docJson(doc);
    const utf8 = new Utf8Buffers();
    for (const [i, ra] of record.actions.entries()) {
      const before = doc.state!;
      const r = engine.apply(before, ra.side, ra.action);
      if (!r.ok) throw new Error(`action ${i + 1}: ${r.violation.message}`);
      doc.state = r.state;
      const text = docJson(doc, true, before);
      expect(text.json, `after action ${i + 1}`).toBe(JSON.stringify(doc));
      // Its pieces as the Redis store writes them: the same bytes.
      const { bytes, buffer } = utf8.write('', text.pieces, '');
      expect(bytes.equals(Buffer.from(text.json)), `bytes after action ${i + 1}`).toBe(true);
      utf8.release(buffer);
    }
  });

  it('writes again only the units the action changed (a new object), not those it shares with the state before', async () => {
    const { h, doc } = await gameWithUndo();
    const before = doc.state!;
    docJson(doc, true);
    const r = h.engine.apply(before, 'soviet', MOVES[1]!);
    if (!r.ok) throw new Error(r.violation.message);
    doc.state = r.state;
    const unitsWritten: string[] = [];
    const spy = vi.spyOn(JSON, 'stringify');
    try {
      docJson(doc, true, before);
      for (const [v] of spy.mock.calls) {
        const keys = v !== null && typeof v === 'object' ? Object.keys(v) : [];
        if (keys.length === 1 && keys[0]! in r.state.units) unitsWritten.push(keys[0]!);
      }
    } finally {
      spy.mockRestore();
    }
    expect(unitsWritten).toEqual(['2/1/609']);
    expect(docJson(doc, true, before).json).toBe(JSON.stringify(doc));
  });

  it('writes units added, taken away or in another order than the state before as JSON.stringify does', async () => {
    const { doc } = await gameWithUndo();
    const before = doc.state!;
    docJson(doc, false, before);
    const [first, second, ...rest] = Object.entries(before.units);
    const variants: GameState['units'][] = [
      Object.fromEntries(rest), // two taken away
      Object.fromEntries([first!, second!, ...rest, ['X/new', { ...second![1], id: 'X/new' }]]), // one added
      Object.fromEntries([second!, first!, ...rest]), // two swapped
      Object.fromEntries([first!, ['X/new', { ...second![1], id: 'X/new' }], ...rest]), // one put in another's place
      Object.fromEntries([first!, [second![0], { ...second![1], hex: 'Z99' }], ...rest]), // one changed in place
    ];
    for (const units of variants) {
      const next = { ...doc, state: { ...before, units } };
      expect(docJson(next, false, before).json).toBe(JSON.stringify(next));
      // And from it to the state before again.
      expect(docJson(doc, false, next.state).json).toBe(JSON.stringify(doc));
    }
  });

  it('writes a map of controlled hexes an action changed from the text of the map before, not key by key (7.3)', () => {
    const record = JSON.parse(readFileSync('test/fixtures/records/campaign-bot.json', 'utf8')) as GameRecord;
    const engine = createEngine(withArmorReinforcements(loadRuleset()));
    const doc = { state: engine.setup('campaign', setupOptionsOf(record, record.seed!)) } as unknown as GameDoc;
    docJson(doc);
    let added = 0;
    let deleted = 0;
    for (const [i, ra] of record.actions.entries()) {
      const before = doc.state!;
      const r = engine.apply(before, ra.side, ra.action);
      if (!r.ok) throw new Error(`action ${i + 1}: ${r.violation.message}`);
      doc.state = r.state;
      const hexes = r.state.control.hexes;
      const spy = vi.spyOn(JSON, 'stringify');
      let text: string;
      try {
        text = docJson(doc, true, before).json;
        expect(
          spy.mock.calls.filter(([v]) => v === hexes),
          `after action ${i + 1}`,
        ).toEqual([]);
      } finally {
        spy.mockRestore();
      }
      expect(text, `after action ${i + 1}`).toBe(JSON.stringify(doc));
      if (hexes !== before.control.hexes) {
        added += Object.keys(hexes).filter((h) => !(h in before.control.hexes)).length;
        deleted += Object.keys(before.control.hexes).filter((h) => !(h in hexes)).length;
      }
      if (added >= 20 && deleted >= 20) break;
    }
    // Both kinds of change were written: hexes taken and hexes given back to the base side.
    expect([added >= 20, deleted >= 20]).toEqual([true, true]);
  });

  it('writes text that looks like the slots its large parts are written through as JSON.stringify does', async () => {
    const { doc } = await gameWithUndo();
    // A slot is a string with a control character and this process's random number: text of a player's
    // (a name, a reason) cannot be one.
    const lookalike = '\u0001units \u0001:log "log":"\u0001:log" \\u0001';
    const odd = {
      ...doc,
      meta: { ...doc.meta, result: { reason: lookalike, winner: null } },
      state: { ...doc.state!, log: [...doc.state!.log, lookalike] }, // a log with text in it: written as it is
    } as unknown as GameDoc;
    expect(docJson(odd).json).toBe(JSON.stringify(odd));
    const { log: _log, ...noLog } = doc.state!;
    const partial = {
      ...doc,
      state: { ...noLog, control: { ...doc.state!.control, hexes: null } },
      recent: undefined,
    } as unknown as GameDoc;
    expect(docJson(partial).json).toBe(JSON.stringify(partial));
  });

  it('JsonText read by JSON.stringify by mistake still gives the value', () => {
    expect(JSON.stringify({ a: new JsonText('{"b":[1,2]}') })).toBe('{"a":{"b":[1,2]}}');
  });
});
