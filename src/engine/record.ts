/**
 * Game records (docs/game-record.md): scenario, options, dice commitment, the ordered actions by
 * side, and the seed once revealed. A record replays to the identical state.
 */
import type { Ruleset, Side } from './ruleset.js';
import type { Action, ApplyResult, GameEvent, GameState, RuleViolation } from './types.js';
import type { SetupOptions } from './setup.js';
import { canonicalJson, commitmentOf, sha256Hex } from './hash.js';
import { checkForcedDice } from './dice.js';
import { whoMustAct } from './sequence.js';

export interface RecordedAction {
  side: Side;
  action: Action;
  /** Dice this action rolled, if any (checked on replay when the seed is known). */
  dice?: number[][];
}

export interface GameRecord {
  format: 'hexref-record';
  version: 1;
  ruleset: string;
  scenario: string;
  options: Record<string, boolean>;
  /** Players' own setup placements (unit id → hex, 1.2), if any. */
  placements?: Record<string, string>;
  /** A shortened game's last turn (GameState.endTurn), if any. */
  endTurn?: number;
  /** VPs a side started with (the Victory Point bid, 17.0.2), if any. */
  startVp?: Partial<Record<Side, number>>;
  /** SHA-256 hex of the seed (commitmentOf). */
  commitment: string;
  /** The seed, once revealed (game over); null before. */
  seed: string | null;
  actions: RecordedAction[];
  /** What the replay should reach (checked when present). */
  final?: { turn: number; phase: string; stateHash: string; vp?: Record<Side, number> };
  title?: string;
  notes?: string;
}

export interface ReplaySummary {
  scenario: string;
  actions: number;
  turn: number;
  phase: string;
  activeSide: Side;
  toAct: { side: Side; what: string };
  rolls: number;
  units: Record<string, string>;
  stateHash: string;
  expectedHash: string | null;
  matches: boolean | null;
}

export type ReplayResult =
  | { ok: true; state: GameState; summary: ReplaySummary }
  | { ok: false; error: { index: number | null; code: string; message: string; violation?: RuleViolation } };

const err = (index: number | null, code: string, message: string, violation?: RuleViolation): ReplayResult => ({
  ok: false,
  error: violation ? { index, code, message, violation } : { index, code, message },
});

/** A new, empty record for a game just set up (the seed stays out until the game is over). */
export function newRecord(state: GameState, placements?: Record<string, string>): GameRecord {
  return {
    ...(placements && Object.keys(placements).length ? { placements: { ...placements } } : {}),
    format: 'hexref-record',
    version: 1,
    ruleset: state.ruleset,
    scenario: state.scenario,
    options: { ...state.options },
    commitment: state.commitment,
    seed: null,
    actions: [],
  };
}

/**
 * The record with one more accepted action (and the dice it rolled, from its roll events). Once the
 * game is over the seed is revealed and the final state is noted.
 */
export function recordAction(record: GameRecord, side: Side, action: Action, events: readonly GameEvent[], after: GameState): GameRecord {
  const dice = events.flatMap((e) => (e.type === 'roll' ? [e.dice] : []));
  const entry: RecordedAction = dice.length ? { side, action, dice } : { side, action };
  const next: GameRecord = { ...record, actions: [...record.actions, entry] };
  if (after.phase === 'gameOver') {
    next.seed = after.seed;
    next.final = { turn: after.turn, phase: after.phase, stateHash: sha256Hex(canonicalJson(after)) };
  }
  return next;
}

/** Placeholder seed when a record's seed is not yet revealed (only forced dice may then be used). */
const UNREVEALED = 'hexref:unrevealed-seed';

/**
 * The part of the public Engine (index.ts) a replay needs. Declared here, not imported from index.ts,
 * so the record module stays below the engine's entry point (no import cycle).
 */
export interface ReplayEngine {
  readonly ruleset: Ruleset;
  setup(scenarioId: string, opts: SetupOptions): GameState;
  apply(state: GameState, side: Side, action: Action, opts?: { forcedDice?: number[] }): ApplyResult;
}

/** The set-up a record describes (options, placements, a shortened end, the bid's VPs), with `seed`. */
export function setupOptionsOf(record: GameRecord, seed: string): SetupOptions {
  return {
    seed,
    options: record.options ?? {},
    ...(record.placements ? { placements: record.placements } : {}),
    ...(record.endTurn !== undefined ? { endTurn: record.endTurn } : {}),
    ...(record.startVp ? { startVp: record.startVp } : {}),
  };
}

export function replayRecord(engine: ReplayEngine, record: GameRecord, opts: { dice?: number[] } = {}): ReplayResult {
  if (!record || record.format !== 'hexref-record' || record.version !== 1)
    return err(null, 'input/record', 'not a hexref-record version 1');
  if (record.ruleset !== engine.ruleset.id)
    return err(null, 'input/record', `record is for ruleset ${record.ruleset}, engine has ${engine.ruleset.id}`);
  if (!Array.isArray(record.actions)) return err(null, 'input/record', 'record.actions must be a list');
  const forced = [...(opts.dice ?? [])];
  const bad = checkForcedDice(forced);
  if (bad) return err(null, 'input/dice', bad);
  if (record.seed !== null && commitmentOf(record.seed) !== record.commitment) {
    return err(null, 'input/commitment-mismatch', 'the revealed seed does not match the commitment');
  }
  let state: GameState;
  try {
    state = engine.setup(record.scenario, setupOptionsOf(record, record.seed ?? UNREVEALED));
  } catch (e) {
    return err(null, 'input/setup', (e as Error).message);
  }
  if (record.seed === null) state = { ...state, commitment: record.commitment };
  for (let i = 0; i < record.actions.length; i++) {
    const ra = record.actions[i]!;
    const res = engine.apply(state, ra.side, ra.action, { forcedDice: forced });
    if (!res.ok)
      return err(i, res.violation.code, `action ${i + 1} (${ra.side} ${ra.action?.type}): ${res.violation.message}`, res.violation);
    const rolls = res.events.filter((e) => e.type === 'roll');
    let used = 0;
    for (const r of rolls) {
      const n = r.dice.length;
      if (!r.forced && record.seed === null)
        return err(i, 'input/seed-unrevealed', `action ${i + 1} rolls dice but the seed is not revealed; pass --dice`);
      if (r.forced) used += n;
    }
    forced.splice(0, used);
    if (ra.dice && record.seed !== null && !opts.dice) {
      const got = rolls.map((r) => r.dice);
      if (canonicalJson(got) !== canonicalJson(ra.dice))
        return err(i, 'replay/dice-mismatch', `action ${i + 1} rolled ${JSON.stringify(got)}, the record says ${JSON.stringify(ra.dice)}`);
    }
    state = res.state;
  }
  const units: Record<string, string> = {};
  for (const id of Object.keys(state.units).sort()) {
    const u = state.units[id]!;
    units[id] = u.location === 'map' ? u.hex! : u.location === 'pending' ? `pending:${u.entryTurn ?? 'variable'}` : u.location;
  }
  const hash = sha256Hex(canonicalJson(state));
  const who = whoMustAct(state);
  const expected = record.final?.stateHash ?? null;
  return {
    ok: true,
    state,
    summary: {
      scenario: state.scenario,
      actions: record.actions.length,
      turn: state.turn,
      phase: state.phase,
      activeSide: state.activeSide,
      toAct: { side: who.side, what: who.what },
      rolls: state.rollCount,
      units,
      stateHash: hash,
      expectedHash: expected,
      matches: expected === null ? null : expected === hash,
    },
  };
}
