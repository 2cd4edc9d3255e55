// What the game service takes and answers (src/app/game-service.ts): who acts and reads, which game,
// a change's result, what it is built from, and the status and list views the front ends show. Plain
// types without Discord, kept apart from the service's workings; game-service.ts re-exports them.
import type { Action, GameEvent, LegalActions, MapViewOptions, PendingDecision, Side } from '../engine/types.js';
import type { StoreError, GameStore } from '../store/types.js';
import type { RefusalCode } from './refusal-codes.js';
import type { EngineApi, EngineHelpers } from './engine-port.js';
import type { ScenarioBrief } from './briefing.js';
import type { GameMeta } from './game-doc.js';
import type { Pace } from './pace.js';

export interface Actor {
  userId: string;
  name?: string;
  /** The front end's word that this user may manage the channel (Discord: Manage Channels). */
  canManageChannel?: boolean;
}

/**
 * Which game: by id, or the active game of a channel. By id with a `channelId` too: that game, and only
 * if it lives in that channel (a button of one game clicked in another channel is refused). A channel's
 * with `latest`: its active game, or else the game played there last, finished or not (a game's readers
 * after its end: status, export, verify), found among the games of the server `guildId` names (of every
 * server without one).
 */
export type GameRef = { gameId: string; channelId?: string } | { channelId: string; latest?: boolean; guildId?: string | null };

/**
 * Who reads a game, and from where: the front end's word (Discord: the interaction's user, channel and
 * server). A game is never read from another server than its own (status, map, export, verify, lists:
 * mayRead); a record of a game still in play has stricter readers (mayExport). Without a viewer the
 * caller is the operator (the console, the reminders, the bot's own posts).
 */
export interface Viewer {
  actor: Actor;
  channelId?: string;
  guildId?: string | null;
}

export interface Refusal {
  /** One of src/app/refusal-codes.ts. */
  code: RefusalCode;
  message: string;
  rule?: string;
}

/** A map view the front end should draw after this result (engine.toMapView options + a caption). */
export interface ViewRequest {
  caption: string;
  options: MapViewOptions;
}

export interface Done {
  ok: true;
  gameId: string;
  version: number;
  lines: string[];
  events: GameEvent[];
  views: ViewRequest[];
  /** Before a change: the game as the change found it (same load). */
  before?: StatusView;
  /** After a change: the game as it now stands, from the document just saved (no second load). */
  after?: StatusView;
  /** At a phase end: what was done in the phase that ended (src/app/phase-summary.ts). */
  summary?: string[];
  /** After a change to a started game: the map as saved, in the given view (no second load). */
  mapView?: (options: MapViewOptions) => unknown;
  /** Abort's last resort for a damaged game: it was removed from the store (nothing left to export or verify). */
  removed?: true;
}

export type Result<T = object> = (Done & T) | { ok: false; error: Refusal };

/** What a front end builds a player's action from: the acting side, its legal actions and the status, from the act's own read. */
export interface ActSeen {
  /** Computed on first use (cached per game version). */
  readonly legal: LegalActions;
  side: Side;
  status: StatusView;
}

/** Builds the action inside `act`, from the same read as the change (one read per command), or says why not. */
export type ActionBuilder = (seen: ActSeen) => { ok: true; action: Action } | { ok: false; error: Refusal };

export interface ServiceDeps {
  store: GameStore;
  engine: EngineApi;
  helpers: EngineHelpers;
  /** The scenarios as far as the service needs them: ids and names, and for the briefing their turns, objectives and rules. */
  ruleset: { id: string; scenarios: readonly ScenarioBrief[] };
  /** Epoch ms. The service never reads the system clock itself. */
  clock: () => number;
  /** Secret dice seed for a new game (default: 32 random bytes from node:crypto, hex). */
  newSeed?: () => string;
  /** New game ids (default 'g-' + 10 random hex digits). */
  newGameId?: () => string;
  /** Most undo steps kept per side's run of actions (default 30). */
  maxUndo?: number;
  /** How many saved documents to keep for the next change of their game (src/app/doc-cache.ts; default 64, 0: none). */
  keepDocs?: number;
  /** Freeze each kept document's state, so a change to a state the engine was given fails (tests). */
  freezeKept?: boolean;
  /** Told about every compare-and-set conflict (metrics, the race tool). */
  onConflict?: (gameId: string, attempt: number) => void;
  /**
   * Told about every storage failure with its full detail (hosts, paths) and the short id the player
   * sees: the detail goes to the operator's log, never to players.
   */
  onStoreFailure?: (err: StoreError, context: { doing: string; errorId: string; gameId?: string }) => void;
}

export const sideName = (s: Side): string => (s === 'finnish' ? 'Finnish' : 'Soviet');
/** A refusal as the service answers one. */
export const refuse = (code: RefusalCode, message: string, rule?: string): { ok: false; error: Refusal } => ({
  ok: false,
  error: rule ? { code, message, rule } : { code, message },
});

/** One line of /game list. */
export interface GameListing {
  gameId: string;
  channelId: string;
  guildId: string | null;
  scenario: string;
  status: GameMeta['status'];
  turn: number | null;
  mustAct: { side: Side | null; since: number | null } | null;
  /** The sides the listing user holds (empty for a host who does not play, or a server's list). */
  sides: Side[];
  yourTurn: boolean;
  clock: Record<Side, number> | null;
}

export interface StatusView {
  gameId: string;
  /** The channel the game is played in (its controls work only there). */
  channelId: string;
  version: number;
  status: GameMeta['status'];
  scenario: string;
  turn: number | null;
  phase: string | null;
  activeSide: Side | null;
  mustAct: { side: Side | null; what: string; pending: PendingDecision | null; since: number | null } | null;
  seats: Record<Side, string[]>;
  host: string;
  commitment: string | null;
  /** The dice seed once the game is over (finished or aborted: it is revealed then); null before. */
  seed: string | null;
  undoable: { side: Side; steps: number } | null;
  vp: Record<Side, number> | null;
  result: GameMeta['result'];
  recordLength: number;
  /** Reminders, stall notice and clocks in force (src/app/pace.ts). */
  pace: Pace;
  /** Each side's time left (ms, negative when over), with the current wait counted; null without clocks. */
  clock: Record<Side, number> | null;
}
