// Verify a finished game's record: everything it claims is checked against a replay from its revealed
// seed (docs/game-record.md § Verify). The seed must hash to the commitment; the record entries are
// replayed in order from the scenario set-up (undos step back, as the service's undo does), and every
// roll, every entry's side, user and action, the `actions` list `hexref replay` replays, the final state
// (hash, turn, phase, VP), the status and the result are compared with what the replay gives. No roll
// may be marked forced: a game played through the service takes every die from its seed.
//
// One verifier for every way in: GameService.verify (/game verify, the console), `hexref verify FILE`
// and scripts/verify-dice.ts, the last two through verifyExportFile. Pure apart from the engine it is
// given: no store, no network, no clock.
import type { Action, GameEvent, GameState, Side } from '../engine/types.js';
import type { EngineApi, EngineHelpers } from './engine-port.js';
import type { ExportedRecord, RecordEntry } from './game-doc.js';
import { canonicalJson } from '../engine/hash.js';
import { setupOptionsOf } from '../engine/record.js';

export type MismatchKind =
  | 'malformed'
  | 'commitment'
  | 'sequence'
  | 'illegal'
  | 'roll'
  | 'roll-count'
  | 'forced'
  | 'user'
  | 'undo'
  | 'after-end'
  | 'actions'
  | 'final-state'
  | 'final'
  | 'result';

export interface Mismatch {
  /** Record entry where replay and record part ways (0 = before any entry or not one entry's). */
  seq: number;
  kind: MismatchKind;
  /** Roll number, for roll mismatches. */
  roll?: number;
  /** The record's field that differs, when one does (`to`, `final.turn`, `service.result.winner`…). */
  field?: string;
  expected?: unknown;
  recorded?: unknown;
  message: string;
}

export interface VerifyReport {
  ok: boolean;
  /** Effective actions replayed (undone ones not counted). */
  actions: number;
  /** Rolls recomputed from the seed and found as recorded. */
  rolls: number;
  /** The first mismatch (null when verified). */
  mismatch: Mismatch | null;
  /** Every mismatch found, in record order (at most MAX_MISMATCHES; the replay stops at a refused action). */
  mismatches: Mismatch[];
  /** For people: the verdict first, then each further mismatch. */
  lines: string[];
}

/** Mismatches listed at most: past the first few a tampered record only repeats itself. */
export const MAX_MISMATCHES = 12;

type RollEvent = Extract<GameEvent, { type: 'roll' }>;

const SIDE_SET: ReadonlySet<unknown> = new Set<Side>(['finnish', 'soviet']);
const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const same = (a: unknown, b: unknown): boolean => canonicalJson(a ?? null) === canonicalJson(b ?? null);
/** A value as the record writes it, cut short: a line names what differs, the file has the rest. */
function show(x: unknown): string {
  const t = x === undefined ? 'nothing' : JSON.stringify(x);
  return t.length > 80 ? `${t.slice(0, 79)}…` : t;
}

/**
 * What is wrong with the shape of a would-be record (null: it is one), so a file that is not a record
 * gets one clear sentence instead of a crash. The values inside are checked by the replay.
 */
export function recordShapeProblem(raw: unknown): string | null {
  if (!isObj(raw) || raw.format !== 'hexref-record') return 'it is not a hexref game record (format "hexref-record")';
  if (raw.version !== 1) return `it is a record of version ${show(raw.version)}; this hexref reads version 1`;
  for (const k of ['ruleset', 'scenario', 'commitment'] as const)
    if (typeof raw[k] !== 'string') return `its \`${k}\` is missing or not text`;
  if (raw.seed !== null && typeof raw.seed !== 'string') return 'its `seed` is neither text nor null';
  if (raw.options !== undefined && !isObj(raw.options)) return 'its `options` is not an object';
  if (!Array.isArray(raw.actions) || !raw.actions.every((a) => isObj(a) && SIDE_SET.has(a.side) && isObj(a.action)))
    return 'its `actions` is not a list of { side, action }';
  if (raw.entries !== undefined) {
    if (!Array.isArray(raw.entries) || !raw.entries.every((e) => isObj(e) && typeof e.kind === 'string'))
      return 'its `entries` is not a list of record entries';
    if (!isObj(raw.service) || !isObj(raw.service.seats)) return 'it has `entries` but no `service` with the seats';
  }
  if (raw.final !== undefined && !isObj(raw.final)) return 'its `final` is not an object';
  return null;
}

/** The first field (key path) where two actions differ, e.g. `to` or `units.1`. */
function differingField(a: unknown, b: unknown, at = ''): string {
  if (isObj(a) && isObj(b)) {
    for (const k of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort())
      if (!same(a[k], b[k])) return differingField(a[k], b[k], at ? `${at}.${k}` : k);
  } else if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    for (let i = 0; i < a.length; i++) if (!same(a[i], b[i])) return differingField(a[i], b[i], at ? `${at}.${i}` : String(i));
  }
  return at || '(the whole action)';
}

/** An effective (not undone) action as the replay reached it. */
interface Replayed {
  seq: number;
  side: Side;
  action: Action;
  dice: number[][];
}

/** The end the record's entries give: the engine's own, or a resignation, a timeout or an abort. */
interface Ending {
  seq: number;
  status: 'finished' | 'aborted';
  winner: Side | null;
  by?: string;
  /** Checked only where the record itself says it (the engine's result, an abort's reason). */
  reason?: string;
}

/**
 * Verify an exported record (the service's export, or a plain engine record without `entries`, whose
 * actions and dice are then all there is to check). Never throws: a malformed record is a mismatch.
 */
export function verifyRecord(engine: EngineApi, helpers: EngineHelpers, record: ExportedRecord): VerifyReport {
  const found: Mismatch[] = [];
  const counts = { actions: 0, rolls: 0 };
  try {
    check(engine, helpers, record, found, counts);
  } catch (err) {
    found.push({ seq: 0, kind: 'malformed', message: `the record cannot be read as a game: ${(err as Error).message}` });
  }
  return report(found, counts, record);
}

function report(found: Mismatch[], counts: { actions: number; rolls: number }, record: ExportedRecord): VerifyReport {
  const mismatches = found.slice(0, MAX_MISMATCHES);
  if (mismatches.length) {
    const [m, ...more] = mismatches;
    const lines = [`Verification FAILED at record entry #${m!.seq}: ${m!.message}`];
    for (const x of more) lines.push(`Also at record entry #${x.seq}: ${x.message}`);
    if (found.length > mismatches.length) lines.push(`…and ${found.length - mismatches.length} more mismatch(es).`);
    return { ok: false, ...counts, mismatch: m!, mismatches, lines };
  }
  const withEntries = Array.isArray(record.entries);
  return {
    ok: true,
    ...counts,
    mismatch: null,
    mismatches: [],
    lines: [
      `Verified: the seed matches the commitment ${record.commitment.slice(0, 16)}…; ${counts.actions} action(s) replayed, ${counts.rolls} roll(s) recomputed, all match` +
        (withEntries
          ? ', as do every entry (side, player, action, rolls), the actions list, the final state (hash, turn, phase) and the result.'
          : record.final
            ? ', and the final state is identical.'
            : '.'),
    ],
  };
}

function check(
  engine: EngineApi,
  helpers: EngineHelpers,
  record: ExportedRecord,
  found: Mismatch[],
  counts: { actions: number; rolls: number },
): void {
  const shape = recordShapeProblem(record);
  if (shape) {
    found.push({ seq: 0, kind: 'malformed', message: `${shape}.` });
    return;
  }
  if (!record.seed) {
    found.push({ seq: 0, kind: 'commitment', message: 'the record has no seed: it is revealed only when the game ends' });
    return;
  }
  const commitment = helpers.commitmentOf(record.seed);
  if (commitment !== record.commitment) {
    found.push({
      seq: 0,
      kind: 'commitment',
      field: 'seed',
      expected: commitment,
      recorded: record.commitment,
      message: `SHA-256 of the revealed seed is ${commitment}, but the published commitment is ${String(record.commitment)}`,
    });
    return;
  }
  const service = Array.isArray(record.entries) ? record.service : null;
  // A plain engine record has no entries: its actions stand in for them (no players, no rolls' numbers).
  const entries: RecordEntry[] = service
    ? record.entries
    : record.actions.map((a, i) => ({
        seq: i + 1,
        v: 1,
        id: '',
        user: '',
        at: 0,
        kind: 'action',
        side: a.side,
        action: a.action,
        rolls: [],
      }));
  if (service && !checkSequence(entries, found)) return;

  // Seats as they are at the end: the host may change them during a game, and those changes are not
  // entries, so a player missing from them may have been replaced. An entry is refused when its player
  // sits on the other side only (no one plays for the side they do not hold), and a resignation (the end,
  // after which seats no longer change) when its player does not sit on that side.
  const seats = service?.seats;
  const sits = (side: Side, user: unknown): boolean => Array.isArray(seats?.[side]) && seats[side].includes(user as string);
  const userProblem = (e: RecordEntry & { side: Side }, strict: boolean): string | null => {
    if (!seats || sits(e.side, e.user)) return null;
    const other: Side = e.side === 'finnish' ? 'soviet' : 'finnish';
    if (sits(other, e.user)) return `but on the ${other} side`;
    return strict ? 'nor on the other' : null;
  };
  const userMismatch = (e: RecordEntry & { side: Side }, what: string, strict = false): Mismatch | null => {
    const why = userProblem(e, strict);
    return why === null
      ? null
      : {
          seq: e.seq,
          kind: 'user',
          field: 'user',
          recorded: e.user,
          message: `${what} is in the name of ${show(e.user)}, who does not sit on the ${e.side} side ${why} (seats: ${show(seats?.[e.side])})`,
        };
  };
  const noteUser = (m: Mismatch | null): void => {
    if (m) found.push(m);
  };

  let state: GameState = engine.setup(record.scenario, setupOptionsOf(record, record.seed));
  const effective: Replayed[] = [];
  // The undo window (docs/game-record.md § Undo): the side's actions since its last roll or hand-over.
  let window = null as { side: Side; steps: { seq: number; before: GameState }[] } | null;
  let ending: Ending | null = null;
  const over = (s: GameState): boolean => s.result !== null || s.phase === 'gameOver';

  for (const e of entries) {
    if (e.kind === 'note') continue; // table talk: changes nothing (its author is the host or a player)
    if (ending) {
      found.push({ seq: e.seq, kind: 'after-end', message: `an entry (${e.kind}) after the game had ended (at entry #${ending.seq})` });
      return;
    }
    if (!SIDE_SET.has((e as { side?: unknown }).side) && e.kind !== 'abort') {
      found.push({
        seq: e.seq,
        kind: 'malformed',
        field: 'side',
        message: `the ${e.kind} entry names no side (${show((e as { side?: unknown }).side)})`,
      });
      return;
    }
    if (e.kind === 'action') {
      noteUser(userMismatch(e, `the ${e.side} ${String(e.action?.type)} action`));
      const res = engine.apply(state, e.side, e.action);
      if (!res.ok) {
        found.push({
          seq: e.seq,
          kind: 'illegal',
          message: `replaying the action is refused: ${res.violation.code} (${res.violation.rule}) ${res.violation.message}`,
        });
        return;
      }
      const rolls = res.events.filter((x): x is RollEvent => x.type === 'roll');
      if (service) checkRolls(e.seq, rolls, e.rolls, found, counts);
      else counts.rolls += rolls.length;
      const handOver = engine.whoMustAct(res.state).side !== e.side;
      if (rolls.length || handOver) window = null;
      else {
        if (window?.side !== e.side) window = { side: e.side, steps: [] };
        window.steps.push({ seq: e.seq, before: state });
      }
      effective.push({ seq: e.seq, side: e.side, action: e.action, dice: rolls.map((r) => r.dice) });
      state = res.state;
      if (over(state))
        ending = {
          seq: e.seq,
          status: 'finished',
          winner: state.result?.winner ?? null,
          ...(state.result ? { reason: state.result.reason } : {}),
        };
    } else if (e.kind === 'undo') {
      noteUser(userMismatch(e, `the ${e.side} undo`));
      const top = window?.steps.at(-1);
      if (!window || !top || top.seq !== e.undoes || window.side !== e.side) {
        found.push({
          seq: e.seq,
          kind: 'undo',
          field: 'undoes',
          recorded: e.undoes,
          expected: top?.seq ?? null,
          message: top
            ? `the entry undoes #${show(e.undoes)} for the ${e.side} side, but only #${top.seq} (${window!.side}) could be undone then`
            : `the entry undoes #${show(e.undoes)}, but nothing could be undone then (undo stops at a roll and at a hand-over)`,
        });
        return;
      }
      window.steps.pop();
      state = top.before;
      if (effective.at(-1)?.seq === top.seq) effective.pop();
    } else if (e.kind === 'resign') {
      noteUser(userMismatch(e, `the ${e.side} resignation`, true));
      ending = { seq: e.seq, status: 'finished', winner: e.side === 'finnish' ? 'soviet' : 'finnish', by: e.user };
    } else if (e.kind === 'timeout') {
      if (e.user !== 'clock')
        found.push({
          seq: e.seq,
          kind: 'user',
          field: 'user',
          recorded: e.user,
          message: `a timeout is the clock's, not ${show(e.user)}'s`,
        });
      ending = { seq: e.seq, status: 'finished', winner: e.side === 'finnish' ? 'soviet' : 'finnish' };
    } else if (e.kind === 'abort') {
      ending = { seq: e.seq, status: 'aborted', winner: null, by: e.user, reason: `aborted: ${e.reason}` };
    } else {
      const odd = e as { seq: number; kind: unknown };
      found.push({ seq: odd.seq, kind: 'malformed', field: 'kind', message: `the entry is of an unknown kind ${show(odd.kind)}` });
      return;
    }
  }
  counts.actions = effective.length;
  const last = entries.at(-1)?.seq ?? 0;
  checkFinal(helpers, record, state, last, found);
  if (service) checkResult(record, ending, last, found);
  checkActions(record, effective, found);
}

/** Entries numbered 1, 2, 3… with store versions that never go back (entries saved together share one). */
function checkSequence(entries: readonly RecordEntry[], found: Mismatch[]): boolean {
  let lastV = 0;
  const ids = new Map<unknown, number>();
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    if (e.seq !== i + 1 || !(e.v >= Math.max(lastV, 1))) {
      found.push({
        seq: e.seq,
        kind: 'sequence',
        message: `entries must be numbered 1, 2, 3… with versions that never go back; entry ${i + 1} says #${e.seq} (version ${e.v} after ${lastV})`,
      });
      return false;
    }
    lastV = e.v;
    // A repeated request id is refused (game/duplicate), so no two entries share one.
    const twin = ids.get(e.id);
    if (twin !== undefined) {
      found.push({ seq: e.seq, kind: 'sequence', field: 'id', message: `the entry repeats the request id of entry #${twin}` });
      return false;
    }
    ids.set(e.id, e.seq);
  }
  return true;
}

/** An action entry's rolls against the replay's: number, dice, purpose and rule each; none forced. */
function checkRolls(seq: number, replayed: readonly RollEvent[], recorded: unknown, found: Mismatch[], counts: { rolls: number }): void {
  const list = Array.isArray(recorded) ? (recorded as unknown[]) : [];
  if (!Array.isArray(recorded) || replayed.length !== list.length) {
    found.push({
      seq,
      kind: 'roll-count',
      field: 'rolls',
      expected: replayed.length,
      recorded: Array.isArray(recorded) ? list.length : recorded,
      message: `the seed gives ${replayed.length} roll(s) for this action, the record lists ${Array.isArray(recorded) ? list.length : show(recorded)}`,
    });
  }
  for (let k = 0; k < Math.min(replayed.length, list.length); k++) {
    const before = found.length;
    const want = replayed[k]!;
    const got = (isObj(list[k]) ? list[k] : {}) as Record<string, unknown>;
    const dice = Array.isArray(got.dice) ? got.dice : [];
    if (want.n !== got.n || !same(want.dice, got.dice)) {
      found.push({
        seq,
        kind: 'roll',
        roll: want.n,
        field: 'dice',
        expected: want.dice,
        recorded: got.dice,
        message: `roll #${want.n}: the seed gives ${want.dice.join(', ')}, the record says ${dice.join(', ')} (roll #${show(got.n)})`,
      });
      continue;
    }
    if ((got.forced !== undefined && got.forced !== false) || want.forced) {
      found.push({
        seq,
        kind: 'forced',
        roll: want.n,
        field: 'forced',
        recorded: got.forced,
        message: `roll #${want.n} is marked forced (${show(got.forced)}), but this game claims none: every die comes from its seed`,
      });
      continue;
    }
    for (const f of ['purpose', 'rule'] as const) {
      if (got[f] !== want[f]) {
        found.push({
          seq,
          kind: 'roll',
          roll: want.n,
          field: f,
          expected: want[f],
          recorded: got[f],
          message: `roll #${want.n}: its \`${f}\` is ${show(got[f])}, the replay's ${show(want[f])}`,
        });
      }
    }
    if (found.length === before) counts.rolls++;
  }
}

/** The record's `final` against the replayed end: state hash, turn, phase (and VP, where a record states them). */
function checkFinal(helpers: EngineHelpers, record: ExportedRecord, state: GameState, last: number, found: Mismatch[]): void {
  const final = record.final as (ExportedRecord['final'] & { vp?: unknown }) | undefined;
  if (!final) {
    // An engine record may stop anywhere; a service export of a game over always states its end.
    if (Array.isArray(record.entries) && record.entries.some((e) => e.kind === 'action'))
      found.push({ seq: last, kind: 'final', field: 'final', message: 'the record states no final state, which an ended game always has' });
    return;
  }
  const h = helpers.stateHash(state);
  if (h !== final.stateHash) {
    found.push({
      seq: last,
      kind: 'final-state',
      field: 'final.stateHash',
      expected: h,
      recorded: final.stateHash,
      message: 'the replayed final state differs from the recorded final state hash',
    });
  }
  const fields: [string, unknown, unknown][] = [
    ['turn', state.turn, final.turn],
    ['phase', state.phase, final.phase],
  ];
  if (final.vp !== undefined) fields.push(['vp', state.vp, final.vp]);
  for (const [f, want, got] of fields) {
    if (!same(want, got))
      found.push({
        seq: last,
        kind: 'final',
        field: `final.${f}`,
        expected: want,
        recorded: got,
        message: `\`final.${f}\` says ${show(got)}, the replay ends at ${show(want)}`,
      });
  }
}

/** The service's status and result against the end the entries and the replay give. */
function checkResult(record: ExportedRecord, ending: Ending | null, last: number, found: Mismatch[]): void {
  const s = record.service;
  if (!ending) {
    found.push({
      seq: last,
      kind: 'result',
      field: 'service.status',
      recorded: s.status,
      message: `the record ends without the game ending (no game over, resignation, timeout or abort), yet says it is ${show(s.status)}`,
    });
    return;
  }
  const r = isObj(s.result) ? s.result : null;
  const fields: [string, unknown, unknown][] = [
    ['status', ending.status, s.status],
    ['result.winner', ending.winner, r?.winner],
  ];
  if (ending.by !== undefined) fields.push(['result.by', ending.by, r?.by]);
  if (ending.reason !== undefined) fields.push(['result.reason', ending.reason, r?.reason]);
  for (const [f, want, got] of fields) {
    if (!same(want, got))
      found.push({
        seq: ending.seq,
        kind: 'result',
        field: `service.${f}`,
        expected: want,
        recorded: got,
        message: `\`service.${f}\` says ${show(got)}, but the game as replayed gives ${show(want)}`,
      });
  }
}

/** The `actions` list (what `hexref replay` replays) against the effective actions the entries replayed to. */
function checkActions(record: ExportedRecord, effective: readonly Replayed[], found: Mismatch[]): void {
  const list = record.actions;
  for (let i = 0; i < Math.max(list.length, effective.length); i++) {
    const got = list[i];
    const want = effective[i];
    if (!got || !want) {
      found.push({
        seq: want?.seq ?? 0,
        kind: 'actions',
        field: 'actions',
        expected: effective.length,
        recorded: list.length,
        message: `the \`actions\` list has ${list.length} action(s), the replay ${effective.length}`,
      });
      return;
    }
    const n = `action ${i + 1}`;
    if (got.side !== want.side)
      found.push({
        seq: want.seq,
        kind: 'actions',
        field: 'side',
        expected: want.side,
        recorded: got.side,
        message: `${n}: \`side\` differs from what was replayed (${show(got.side)}, not ${show(want.side)})`,
      });
    if (!same(got.action, want.action)) {
      const f = differingField(got.action, want.action);
      found.push({
        seq: want.seq,
        kind: 'actions',
        field: f,
        message: `${n}: \`${f}\` differs from what was replayed (${show(pick(got.action, f))}, not ${show(pick(want.action, f))})`,
      });
    }
    // A service export lists dice with every action that rolled; an engine record may leave them out.
    const dice = got.dice ?? (Array.isArray(record.entries) ? [] : want.dice);
    if (!same(dice, want.dice))
      found.push({
        seq: want.seq,
        kind: 'actions',
        field: 'dice',
        expected: want.dice,
        recorded: got.dice,
        message: `${n}: \`dice\` differs from what was replayed (${show(got.dice)}, not ${show(want.dice)})`,
      });
  }
}

function pick(x: unknown, path: string): unknown {
  if (path === '(the whole action)') return x;
  let v = x;
  for (const k of path.split('.')) v = isObj(v) || Array.isArray(v) ? (v as Record<string, unknown>)[k] : undefined;
  return v;
}

/** What verifying a file gave: the exit code (0 verified, 1 not, 2 not a record / unreadable) and its lines. */
export interface FileVerdict {
  code: 0 | 1 | 2;
  out: string[];
  err: string[];
}

/**
 * Verify the text of an exported record file, for `hexref verify` and scripts/verify-dice.ts (one place,
 * so both say the same). `engineFor` gives the engine of the record's ruleset, or why there is none.
 */
export function verifyExportText(
  text: string,
  name: string,
  engineFor: (ruleset: string) => { engine: EngineApi; helpers: EngineHelpers } | string,
): FileVerdict {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return { code: 2, out: [], err: [`${name} is not JSON (${(err as Error).message}).`] };
  }
  const shape = recordShapeProblem(raw);
  if (shape) return { code: 2, out: [], err: [`${name} cannot be verified: ${shape}.`] };
  const record = raw as ExportedRecord;
  const out = [
    `game ${record.service?.gameId ?? '(engine record)'} (${record.scenario}), commitment ${record.commitment}`,
    `${Array.isArray(record.entries) ? record.entries.length : record.actions.length} record entries`,
  ];
  if (!record.seed) {
    out.push('seed: not revealed yet (a game record carries its seed once the game is over)', 'NOT VERIFIED');
    return { code: 1, out, err: [] };
  }
  const wiring = engineFor(record.ruleset);
  if (typeof wiring === 'string') return { code: 2, out, err: [wiring] };
  const report = verifyRecord(wiring.engine, wiring.helpers, record);
  out.push(...report.lines, report.ok ? 'VERIFIED' : 'NOT VERIFIED');
  return { code: report.ok ? 0 : 1, out, err: [] };
}
