// The stored game document (one per game, kept by a GameStore with a version number).
// Format documented in docs/game-record.md § Service.
import type { GameRecord } from '../engine/record.js';
import type { Action, GameState, Side } from '../engine/types.js';

/** A seated player's standing answers to their side's decisions (src/app/standing.ts answers with them). */
export interface StandingAnswers {
  /** Defensive Support (10.3.2): `none` never declares it. */
  support?: 'none';
  /** Combat losses (8.5): `default-if-no-step` accepts the default when it costs no step (a retreat only). */
  losses?: 'default-if-no-step';
  /** Advance after combat (8.7): `default` advances as the engine proposes; `stay` declines when optional. */
  advance?: 'default' | 'stay';
  /** Phases with nothing to decide: they end by themselves unless a player of the side says `stop`. */
  empty?: 'stop';
  /** Friction Fire (optional 20.1): `pass` never fires on a moving enemy stack. */
  friction?: 'pass';
  /** Friction Fire on your stack (optional 20.1): `halt` halts where it was hit whenever it may. */
  frictionResult?: 'halt';
}

export const DOC_FORMAT = 'hexref-game-doc/2';
/** The format before the record moved to the store's history (src/app/doc-upgrade.ts reads it). */
export const DOC_FORMAT_1 = 'hexref-game-doc/1';
export const RECORD_FORMAT = 'hexref-service-record/1';

export const SIDES: readonly Side[] = ['finnish', 'soviet'];

/** How the game is kept moving: reminders, stall notice, clocks (src/app/pace.ts acts on it). */
export interface Pace {
  /** Hours a side waits before its first reminder; 0 switches reminders off. */
  remindAfterH: number;
  /** Days of waiting before the channel is told the game has stalled; 0 = never. */
  stallAfterD: number;
  /** Each side's time bank in days; null = no clocks. */
  clockDays: number | null;
  /** When a bank runs out: false = the channel is told and the host decides; true = that side loses on time. */
  clockForfeit: boolean;
}

export type GameStatus = 'lobby' | 'active' | 'finished' | 'aborted';

export interface GameMeta {
  gameId: string;
  channelId: string;
  guildId: string | null;
  ruleset: string;
  scenario: string;
  options: Record<string, boolean>;
  host: string;
  /** User ids per side. Several users may share a side; one user may hold both (solitaire). */
  seats: Record<Side, string[]>;
  /** Display names seen so far (for status lines); never used for permissions. */
  names: Record<string, string>;
  status: GameStatus;
  /** SHA-256 of the secret seed, published at start. */
  commitment: string | null;
  createdAt: number;
  startedAt: number | null;
  updatedAt: number;
  endedAt: number | null;
  /** When the current "who must act on what" began (for status and reminders). */
  waitingSince: number | null;
  result: { reason: string; winner: Side | null; by?: string } | null;
  /** Players' own set-up placements (unit id → hex, 1.2), chosen in the lobby; absent when none. */
  placements?: Record<string, string>;
  /** Seated players' standing answers to their side's decisions (src/app/standing.ts), by user id. */
  standing?: Record<string, StandingAnswers>;
  /**
   * The Victory Point bid (17.0.2), when the game was created with it: sealed bids by user id until both
   * are in; then the winner and the VPs the side they do not pick starts with. After a tie, `players` are
   * the two who bid (only they bid again) and `round` counts the rounds.
   */
  bidding?: { bids: Record<string, number>; winner?: string; vp?: number; round?: number; players?: string[] };
  /** A shortened game's last turn (GameState.endTurn), chosen at /game new; absent: the scenario's own. */
  endTurn?: number;
  /** Reminders, stall notice and clocks as chosen at /game new (src/app/pace.ts); absent: the defaults. */
  pace?: Pace;
  /** Time charged to each side's bank (ms) and up to when (src/app/pace.ts chargeClock); with clocks only. */
  clock?: { used: Record<Side, number>; chargedTo: number };
}

export interface RollRecord {
  n: number;
  dice: number[];
  purpose: string;
  rule: string;
}

export interface EntryBase {
  /** 1, 2, 3…: position in the record. */
  seq: number;
  /** The store version this entry was saved as (never decreasing along the record; entries saved together share it). */
  v: number;
  /** Caller's request id (idempotency; the race checks it). */
  id: string;
  user: string;
  at: number;
}

export type RecordEntry =
  | (EntryBase & { kind: 'action'; side: Side; action: Action; rolls: RollRecord[] })
  | (EntryBase & { kind: 'undo'; side: Side; undoes: number })
  | (EntryBase & { kind: 'note'; text: string })
  | (EntryBase & { kind: 'resign'; side: Side })
  | (EntryBase & { kind: 'timeout'; side: Side })
  | (EntryBase & { kind: 'abort'; reason: string });

/** What a record entry holds besides its base fields, by kind. */
export type EntryTail = RecordEntry extends infer E ? (E extends RecordEntry ? Omit<E, keyof EntryBase> : never) : never;

/**
 * The undo window (Rally the Troops style): one side's run of actions since its last roll or the last
 * hand-over. Kept as the state before the run and the run's actions: undoing replays the checkpoint
 * through all but the last (the engine is deterministic and nothing in the run rolled a die), so the
 * document holds one extra state however long the run.
 */
export interface UndoWindow {
  side: Side;
  /**
   * The state before the window's first action. Its log is left out while it is the first `logLength`
   * events of the current state's log, and kept when an action in the window trimmed the log
   * (src/app/undo-window.ts).
   */
  checkpoint: Omit<GameState, 'log'> & { log?: GameState['log'] };
  logLength: number;
  /** The window's actions in order; `waitingSince` is the meta's value before each. */
  steps: { seq: number; user: string; action: Action; waitingSince: number | null }[];
}

/**
 * How many of the latest record entries the document keeps (the rest is in the store's history, which
 * grows by appending): at least this many, and never fewer than the current and the previous phase's.
 */
export const RECENT_ENTRIES = 20;

export interface GameDoc {
  format: typeof DOC_FORMAT;
  meta: GameMeta;
  /** null until the game starts. */
  state: GameState | null;
  /** The number of record entries so far (the seq of the latest). */
  entries: number;
  /**
   * The latest record entries (RECENT_ENTRIES, and back to the end of the phase before last): for the
   * phase summary, "what happened since", and repeated requests. The whole record is the store's history
   * of the game (GameStore.history): each save appends the entries it adds.
   */
  recent: RecordEntry[];
  undo: UndoWindow | null;
  /** The secret dice seed (also inside state, where the engine keeps it). Never exported before the end. */
  secret: { seed: string } | null;
}

/**
 * An exported record: the engine's record format (docs/game-record.md: format 'hexref-record',
 * version 1; its `actions` are the effective actions — undone ones left out — with their dice, so the
 * engine's replayRecord / `hexref replay` accept it as is) plus `service` (game id, seats, status,
 * times, result) and `entries`, the full service record (who did what when, notes, undos, resignation). The seed is included only once the
 * game is over; the RNG state never.
 */
export interface ExportedRecord extends GameRecord {
  service: {
    format: typeof RECORD_FORMAT;
    gameId: string;
    status: GameStatus;
    seats: Record<Side, string[]>;
    startedAt: number | null;
    endedAt: number | null;
    result: GameMeta['result'];
  };
  /** The full service record: every entry, undone actions and undo entries included. */
  entries: RecordEntry[];
}
