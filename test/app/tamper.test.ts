// Verification cannot be fooled (issue 45; docs/game-record.md § Verify). A whole Campaign, played by the
// random bot of test/engine/helpers/campaign-bot.ts with the shipped ruleset and then played again move
// by move through the game service by two seated players (a note and an undo among the moves), is
// exported; then the record is tampered with in each way below, and every way in must say NOT VERIFIED
// and name what differs:
// - the service: GameService.verify on a store holding the tampered game (what /game verify and the
//   console run). The service verifies what it holds, so its tampering is of the stored document and
//   history; where the export copies a stored field (entries, seats, result, seed…) that is the same
//   tampering (checked: the tampered store exports to the tampered file), and where the export derives a
//   field (`actions` from the entries, `final` from the state) it is the field it is derived from;
// - `hexref verify FILE`, run in-process on the tampered export;
// - scripts/verify-dice.ts FILE, run as a child process with plain node (no store, no Redis).
// The untampered Campaign is verified by all three.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitmentOf, createEngine, type GameRecord } from '../../src/engine/index.js';
import type { ExportedRecord, GameDoc, RecordEntry } from '../../src/app/game-doc.js';
import { MemoryStore } from '../../src/store/index.js';
import verifyCommand from '../../src/cli/commands/verify.js';
import { playBotGame } from '../engine/helpers/campaign-bot.js';
import { FIN, HOST, SOV, harness, ok, ruleset, seatedGame, type Harness } from './helpers.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'hexref-tamper-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Action = Extract<RecordEntry, { kind: 'action' }>;

interface Played {
  gameId: string;
  doc: GameDoc;
  history: RecordEntry[];
  record: ExportedRecord;
}

let played: Played;

/** The bot's Campaign through the service: Fredrik plays the Finns, Sasha the Soviets; a note and an undo on the way. */
async function playCampaign(): Promise<Played> {
  const bot = playBotGame(createEngine(ruleset()), { seed: 'tamper-campaign' }).record as GameRecord;
  expect(bot.final?.phase).toBe('gameOver');
  const h = harness({ seed: bot.seed! });
  const c = ok(await h.service.createGame({ channelId: 'tamper', host: HOST, scenario: 'campaign' }));
  const ref = { gameId: c.gameId };
  ok(await h.service.seat(ref, FIN, { side: 'finnish' }));
  ok(await h.service.seat(ref, SOV, { side: 'soviet' }));
  // Each recorded action applied as it is: nothing ends a phase for the players.
  for (const who of [FIN, SOV]) ok(await h.service.setStanding(ref, who, { empty: 'stop' }));
  ok(await h.service.start(ref, HOST));
  let undone = false;
  for (const [i, ra] of bot.actions.entries()) {
    const who = ra.side === 'finnish' ? FIN : SOV;
    if (i === 2) ok(await h.service.note(ref, FIN, 'good luck'));
    const r = await h.service.act(ref, who, ra.action, { side: ra.side });
    if (!r.ok) throw new Error(`action ${i + 1} refused: ${r.error.message}`);
    // The first move that can be taken back is, and then made again.
    if (!undone && ra.action.type === 'move' && (await h.service.undo(ref, who)).ok) {
      undone = true;
      ok(await h.service.act(ref, who, ra.action, { side: ra.side }));
    }
  }
  expect(undone).toBe(true);
  const stored = (await h.store.load(c.gameId))!;
  const doc = stored.doc as GameDoc;
  expect(doc.meta.status).toBe('finished');
  const history = (await h.store.history(c.gameId)) as RecordEntry[];
  const record = ok(await h.service.exportRecord(ref)).record;
  return { gameId: c.gameId, doc: structuredClone(doc), history: structuredClone(history), record };
}

/** A service over a fresh store holding the game as `doc` and `history` say (a tampered store). */
async function serviceHolding(gameId: string, doc: GameDoc, history: RecordEntry[]): Promise<Harness> {
  const h = harness({ store: new MemoryStore() });
  await h.store.create(gameId, doc.meta.channelId, doc, { guildId: null, users: [] });
  await h.store.save(gameId, doc, 1, { append: history, finishedAt: doc.meta.endedAt ?? Date.now() });
  return h;
}

function writeRecord(name: string, record: unknown): string {
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(record, null, 2));
  return file;
}

async function cli(file: string): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await verifyCommand.run([file], { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** scripts/verify-dice.ts as a player runs it: its own Node process, given only the files. */
function script(...files: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/verify-dice.ts', ...files], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

// ── finding things to tamper with ──

const actionEntries = (es: RecordEntry[]): Action[] => es.filter((e): e is Action => e.kind === 'action');
const firstRolling = (es: RecordEntry[]): Action => actionEntries(es).find((e) => e.rolls.length > 0)!;
/** The side's first move to a hex (not along a path) that was not undone. */
function firstMoveOf(es: RecordEntry[], side: 'finnish' | 'soviet'): Action {
  const undone = new Set(es.flatMap((e) => (e.kind === 'undo' ? [e.undoes] : [])));
  return actionEntries(es).find((e) => e.side === side && e.action.type === 'move' && e.action.to && !undone.has(e.seq))!;
}
const undoEntry = (es: RecordEntry[]) => es.find((e): e is Extract<RecordEntry, { kind: 'undo' }> => e.kind === 'undo')!;
/** A hex next to the move's destination that is not it (the move's `to`, tampered). */
const otherHex = (to: string | undefined): string => `${to![0]}${Number(to!.slice(1)) + 1}`;
/** The index in `actions` of an effective action entry (undone actions are not in the list). */
function actionIndexOf(p: Played, seq: number): number {
  const undone = new Set(p.history.flatMap((e) => (e.kind === 'undo' ? [e.undoes] : [])));
  return actionEntries(p.history)
    .filter((e) => !undone.has(e.seq))
    .findIndex((e) => e.seq === seq);
}

interface Tampering {
  name: string;
  /** The edit of what the service holds (its stored document and history). */
  store(doc: GameDoc, history: RecordEntry[]): void;
  /**
   * The edit of the exported file (what a player would change), when it is not simply the export of the
   * tampered store; `copied`: the export copies the field, so the tampered store must export exactly this.
   */
  file?(rec: ExportedRecord, p: Played): void;
  copied?: boolean;
  /** What every way in must name. */
  says: RegExp;
  /** What the service names when its tampering is of the field the file's is derived from. */
  serviceSays?: RegExp;
}

/** An edit of the record entries (the store's history): the file is the export of the tampered store. */
const entries = (name: string, edit: (es: RecordEntry[]) => void, says: RegExp): Tampering => ({
  name,
  store: (_doc, history) => edit(history),
  says,
});

const TAMPERINGS: Tampering[] = [
  entries(
    'a die of a roll changed',
    (es) => {
      const r = firstRolling(es).rolls[0]!;
      r.dice[0] = (r.dice[0]! % 6) + 1;
    },
    /roll #\d+: the seed gives [\d, ]+, the record says/,
  ),
  entries(
    'a roll marked forced',
    (es) => Object.assign(firstRolling(es).rolls[0]!, { forced: true }),
    /roll #\d+ is marked forced \(true\), but this game claims none/,
  ),
  entries(
    "a roll's purpose changed",
    (es) => {
      firstRolling(es).rolls[0]!.purpose = 'a lucky charm';
    },
    /roll #\d+: its `purpose` is "a lucky charm"/,
  ),
  entries('a roll left out', (es) => firstRolling(es).rolls.pop(), /roll\(s\) for this action, the record lists/),
  entries(
    "an entry's user changed to the other side's player",
    (es) => {
      firstMoveOf(es, 'soviet').user = FIN.userId;
    },
    /in the name of "fin", who does not sit on the soviet side/,
  ),
  entries(
    "an entry's side changed",
    (es) => {
      const e = actionEntries(es).find((x) => x.side === 'soviet' && x.action.type === 'endPhase')!;
      e.side = 'finnish';
    },
    /does not sit on the finnish side|replaying the action is refused/,
  ),
  entries(
    "an entry's move sent to another hex",
    (es) => {
      const e = firstMoveOf(es, 'finnish');
      if (e.action.type === 'move') e.action.to = otherHex(e.action.to);
    },
    /replaying the action is refused|differs|roll #|final state/,
  ),
  entries('an entry removed', (es) => es.splice(10, 1), /entries must be numbered 1, 2, 3…/),
  entries(
    'two entries swapped',
    (es) => {
      [es[20], es[21]] = [es[21]!, es[20]!];
    },
    /entries must be numbered 1, 2, 3…/,
  ),
  entries(
    "an entry given another's request id",
    (es) => {
      es[30]!.id = es[29]!.id;
    },
    /repeats the request id of entry #30/,
  ),
  entries(
    'an undo that undoes another action',
    (es) => {
      undoEntry(es).undoes -= 1;
    },
    /the entry undoes #\d+ .*but only #\d+ .*could be undone then|nothing could be undone then/,
  ),
  entries('the last entry removed', (es) => es.pop(), /ends without the game ending|`final\.\w+` says|final state hash/),
  entries(
    'an action added after the end',
    (es) => {
      const last = es.at(-1)!;
      es.push({ ...structuredClone(firstMoveOf(es, 'soviet')), seq: last.seq + 1, v: last.v, id: 'late' });
    },
    /an entry \(action\) after the game had ended/,
  ),
  {
    name: "a move's `to` changed in the actions list (what hexref replay replays)",
    file: (rec, p) => {
      const e = firstMoveOf(p.history, 'finnish');
      const a = rec.actions[actionIndexOf(p, e.seq)]!.action;
      if (a.type === 'move') a.to = otherHex(a.to);
    },
    // The list is derived from the entries: the service's counterpart is the entry's move.
    store: (_doc, history) => {
      const e = firstMoveOf(history, 'finnish');
      if (e.action.type === 'move') e.action.to = otherHex(e.action.to);
    },
    says: /action \d+: `to` differs from what was replayed/,
    serviceSays: /replaying the action is refused|differs|roll #|final state/,
  },
  {
    name: "an action's dice changed in the actions list",
    file: (rec, p) => {
      const i = actionIndexOf(p, firstRolling(p.history).seq);
      const d = rec.actions[i]!.dice!;
      d[0]![0] = (d[0]![0]! % 6) + 1;
    },
    store: (_doc, history) => {
      const r = firstRolling(history).rolls[0]!;
      r.dice[0] = (r.dice[0]! % 6) + 1;
    },
    says: /action \d+: `dice` differs from what was replayed/,
    serviceSays: /roll #\d+: the seed gives/,
  },
  {
    name: 'the final turn changed',
    file: (rec) => {
      rec.final!.turn -= 1;
    },
    // `final` is derived from the stored state.
    store: (doc) => {
      doc.state!.turn -= 1;
    },
    says: /`final\.turn` says \d+, the replay ends at \d+/,
    serviceSays: /final state hash/,
  },
  {
    name: 'the final state hash replaced',
    file: (rec) => {
      rec.final!.stateHash = commitmentOf('another state');
    },
    store: (doc) => {
      doc.state!.vp = { finnish: doc.state!.vp.finnish + 10, soviet: doc.state!.vp.soviet };
    },
    says: /the replayed final state differs from the recorded final state hash/,
  },
  {
    name: 'the VP of the end claimed otherwise',
    file: (rec) => {
      Object.assign(rec.final!, { vp: { finnish: 99, soviet: 0 } });
    },
    store: (doc) => {
      doc.state!.vp = { finnish: 99, soviet: 0 };
    },
    says: /`final\.vp` says \{"finnish":99,"soviet":0\}/,
    serviceSays: /final state hash/,
  },
  {
    name: 'the winner changed',
    file: (rec) => {
      rec.service.result!.winner = rec.service.result!.winner === 'soviet' ? 'finnish' : 'soviet';
    },
    store: (doc) => {
      doc.meta.result!.winner = doc.meta.result!.winner === 'soviet' ? 'finnish' : 'soviet';
    },
    copied: true,
    says: /`service\.result\.winner` says "\w+", but the game as replayed gives/,
  },
  {
    name: "the result's reason changed",
    file: (rec) => {
      rec.service.result!.reason = 'the Finns resigned';
    },
    store: (doc) => {
      doc.meta.result!.reason = 'the Finns resigned';
    },
    copied: true,
    says: /`service\.result\.reason` says "the Finns resigned"/,
  },
  {
    name: 'the status changed to aborted',
    file: (rec) => {
      rec.service.status = 'aborted';
    },
    store: (doc) => {
      doc.meta.status = 'aborted';
    },
    copied: true,
    says: /`service\.status` says "aborted", but the game as replayed gives "finished"/,
  },
  {
    name: 'the seats swapped',
    file: (rec) => {
      const s = rec.service.seats;
      [s.finnish, s.soviet] = [s.soviet, s.finnish];
    },
    store: (doc) => {
      const s = doc.meta.seats;
      [s.finnish, s.soviet] = [s.soviet, s.finnish];
    },
    copied: true,
    says: /who does not sit on the (finnish|soviet) side/,
  },
  {
    name: 'another seed revealed',
    file: (rec) => {
      rec.seed = 'f'.repeat(64);
    },
    store: (doc) => {
      doc.secret!.seed = 'f'.repeat(64);
    },
    copied: true,
    says: /SHA-256 of the revealed seed is [0-9a-f]{64}, but the published commitment is/,
  },
  {
    name: 'another seed with its own commitment',
    file: (rec) => {
      rec.seed = 'f'.repeat(64);
      rec.commitment = commitmentOf('f'.repeat(64));
    },
    store: (doc) => {
      doc.secret!.seed = 'f'.repeat(64);
      doc.meta.commitment = commitmentOf('f'.repeat(64));
    },
    copied: true,
    says: /roll #\d+: the seed gives/,
  },
  {
    name: 'a shortened game claimed (last turn 5)',
    file: (rec) => {
      rec.endTurn = 5;
    },
    store: (doc) => {
      doc.meta.endTurn = 5;
    },
    copied: true,
    says: /after the game had ended|replaying the action is refused/,
  },
];

describe('verification of everything a record claims (issue 45)', () => {
  beforeAll(async () => {
    played = await playCampaign();
  }, 240_000);

  it(
    'verifies the untampered finished Campaign by the service, hexref verify and the stand-alone script',
    { timeout: 120_000 },
    async () => {
      const p = played;
      expect(p.record.service.status).toBe('finished');
      expect(p.record.final!.turn).toBeGreaterThanOrEqual(2);
      expect(p.record.entries.some((e) => e.kind === 'undo')).toBe(true);
      expect(p.record.entries.some((e) => e.kind === 'note')).toBe(true);
      const h = await serviceHolding(p.gameId, structuredClone(p.doc), structuredClone(p.history));
      const svc = ok(await h.service.verify({ gameId: p.gameId })).report;
      expect(svc.mismatches).toEqual([]);
      expect(svc.ok).toBe(true);
      expect(svc.rolls).toBeGreaterThan(100);
      const file = writeRecord('clean', p.record);
      const c = await cli(file);
      expect(c).toMatchObject({ code: 0, err: '' });
      expect(c.out).toMatch(/Verified: .* all match, as do every entry .*\nVERIFIED$/);
      const s = await script(file);
      expect(s.err).toBe('');
      expect(s.code).toBe(0);
      expect(s.out).toBe(`${c.out}\n`);
    },
  );

  it(`catches ${TAMPERINGS.length} tamperings by all three ways in, each named`, { timeout: 600_000 }, async () => {
    expect(new Set(TAMPERINGS.map((t) => t.name)).size).toBeGreaterThanOrEqual(15);
    const p = played;
    const results = await Promise.all(
      TAMPERINGS.map(async (t, k) => {
        const doc = structuredClone(p.doc);
        const history = structuredClone(p.history);
        t.store(doc, history);
        const h = await serviceHolding(p.gameId, doc, history);
        const exported = ok(await h.service.exportRecord({ gameId: p.gameId })).record;
        let rec = exported;
        if (t.file) {
          rec = JSON.parse(JSON.stringify(p.record)) as ExportedRecord; // as a file: no shared objects
          t.file(rec, p);
          if (t.copied) expect(exported, t.name).toEqual(rec);
        }
        const svc = ok(await h.service.verify({ gameId: p.gameId })).report;
        const file = writeRecord(`tampered-${k}`, rec);
        return { t, svc, cli: await cli(file), file };
      }),
    );
    // One child for all the files (the script takes several; starting Node and tsx is most of its time):
    // each file's verdict under its name.
    const all = await script(...results.map((r) => r.file));
    expect(all.err).toBe('');
    expect(all.code).toBe(1);
    const sections = all.out.split(/^== /m).slice(1);
    expect(sections.map((x) => x.slice(0, x.indexOf('\n')))).toEqual(results.map((r) => r.file));
    for (const [i, r] of results.entries()) {
      const { t } = r;
      expect(r.svc.ok, `service: ${t.name}`).toBe(false);
      expect(r.svc.lines.join('\n'), `service: ${t.name}`).toMatch(t.serviceSays ?? t.says);
      expect(r.cli.code, `hexref verify: ${t.name}`).toBe(1);
      expect(r.cli.out, `hexref verify: ${t.name}`).toMatch(t.says);
      expect(r.cli.out, `hexref verify: ${t.name}`).toMatch(/NOT VERIFIED$/);
      const s = sections[i]!;
      expect(s, `script: ${t.name}`).toMatch(t.says);
      expect(s, `script: ${t.name}`).toMatch(/\nNOT VERIFIED\n$/);
    }
  });

  it('verifies games ended by a resignation and by an abort, a seat handed on, and names who is claimed to have ended them otherwise', async () => {
    for (const end of ['resign', 'abort'] as const) {
      const h = harness();
      const ref = await seatedGame(h);
      ok(await h.service.act(ref, SOV, { type: 'endPhase', phase: 'reset' }));
      // The host hands the Soviet side to another player mid-game: Sasha's move stays hers.
      ok(await h.service.seat(ref, HOST, { side: 'soviet', user: { userId: 'sub', name: 'Sub' } }));
      ok(await h.service.seat(ref, HOST, { side: 'soviet', user: SOV, leave: true }));
      if (end === 'resign') ok(await h.service.resign(ref, FIN));
      else ok(await h.service.abort(ref, HOST, 'the snow came early'));
      expect(ok(await h.service.verify(ref)).report.mismatches, end).toEqual([]);
      const rec = ok(await h.service.exportRecord(ref)).record;
      expect(await cli(writeRecord(`${end}-clean`, rec))).toMatchObject({ code: 0 });
      // Someone else named as the one who ended it: in the file, and in what the service holds.
      if (end === 'resign') {
        const resigned = structuredClone(rec);
        const e = resigned.entries.at(-1)!;
        e.user = 'stranger';
        const c = await cli(writeRecord('resign-stranger', resigned));
        expect(c.out).toMatch(
          /the finnish resignation is in the name of "stranger", who does not sit on the finnish side nor on the other/,
        );
      }
      rec.service.result!.by = SOV.userId;
      const c = await cli(writeRecord(`${end}-by`, rec));
      expect(c.code, end).toBe(1);
      expect(c.out, end).toMatch(/`service\.result\.by` says "sov", but the game as replayed gives "(fin|host)"/);
      const doc = structuredClone((await h.store.load(ref.gameId))!.doc as GameDoc);
      doc.meta.result!.by = SOV.userId;
      const history = (await h.store.history(ref.gameId)) as RecordEntry[];
      const held = await serviceHolding(ref.gameId, doc, history);
      expect(ok(await held.service.verify(ref)).report.lines[0], end).toMatch(/`service\.result\.by` says "sov"/);
    }
  });
});
