// The game service: every game operation, with permissions, persistence and undo, and no Discord types.
// Front ends (Discord commands, the console, the race tool) call it and format its plain results.
//
// Every change is load → check → apply → save(expectedVersion). On a version conflict (someone else
// saved first) the operation is re-read and re-applied once on the new state, then reported.
// Store failures come back as `store/…` refusals and the change is not reported as done.
import { whatLabel } from '../engine/labels.js';
import { otherSide } from '../engine/units.js';
import { firstGameOptions, newGameOptions, ruleOptionsProblem } from '../engine/options.js';
import { randomBytes } from 'node:crypto';
import { describeAction } from './describe-action.js';
import { actingSide } from './acting-side.js';
import type { RefusalCode } from './refusal-codes.js';
import { RULE_CODES, type RuleCode } from '../engine/codes.js';
import { phaseSummary, endsPhase, sidePhaseWords } from './phase-summary.js';
import { eventLines, gameOverWords, rollLine } from './narration.js';
import type { Action, AssaultAction, CombatAction, GameEvent, GameState, MapViewOptions, Side } from '../engine/types.js';
import { StoreError, isStoreError, isValidId, type GameStore, type SaveOptions, type StoredGame } from '../store/types.js';
import {
  ActOptsSchema,
  ActorSchema,
  CreateSchema,
  LIMITS,
  RequestOptsSchema,
  SeatSchema,
  SideOptsSchema,
  SideSchema,
  ListSchema,
  PathRequestSchema,
  PlaceSchema,
  checkAction,
  checkInput,
  cleanName,
} from './service-input.js';
import type { EngineApi, EngineHelpers, WhoMustAct } from './engine-port.js';
import type { OddsPreview } from '../engine/combat/preview.js';
import type { FreeSetup } from '../engine/setup.js';
import { describeStanding, standingAnswer, StandingSchema, type StandingAnswers } from './standing.js';

/** At most this many decisions answered in a row by standing answers after one action. */
/** Most follow-ups (standing answers, empty phases) after one change: a night turn's empty phases fit. */
const MAX_FOLLOW_UPS = 24;
import { DOC_FORMAT, SIDES, type ExportedRecord, type GameDoc, type GameMeta, type RecordEntry, type RollRecord } from './game-doc.js';
import { upgradeDoc } from './doc-upgrade.js';
import { addEntry, entryOf, nextSeq, storedRecord, trimRecent } from './record-window.js';
import { checkpointState, noteUndoStep } from './undo-window.js';
import { docJson, entryJson } from './doc-json.js';
import { verifyRecord, type VerifyReport } from './verify.js';
import { chargeClock, clockLeft, DEFAULT_PACE, paceLines, paceOf, type Pace } from './pace.js';
import { briefingLines, briefingSections, type BriefingSections } from './briefing.js';
import { DocCache, type KeptDoc } from './doc-cache.js';
import { newEntryId } from './entry-id.js';
import {
  refuse,
  sideName,
  type Actor,
  type ActionBuilder,
  type GameListing,
  type GameRef,
  type Refusal,
  type Result,
  type ServiceDeps,
  type StatusView,
  type ViewRequest,
  type Viewer,
} from './service-types.js';
import { exportDoc, setupOf } from './game-export.js';
import { undoViews, viewsFor } from './change-views.js';

export { LIMITS } from './service-input.js';
export type {
  Actor,
  GameRef,
  Viewer,
  Refusal,
  ViewRequest,
  Done,
  Result,
  ActSeen,
  ActionBuilder,
  ServiceDeps,
  GameListing,
  StatusView,
} from './service-types.js';
export { sideName } from './service-types.js';
export { exportDoc } from './game-export.js';

/**
 * What the referee does next on a player's behalf, once a change is saved: a standing answer to the
 * decision it left (src/app/standing.ts), or the end of a phase in which that side has nothing to decide.
 */
interface FollowUp {
  kind: 'standing' | 'empty';
  userId: string;
  name: string;
  side: Side;
  action: Action;
  why: string;
}

/** What a mutation step returns: the new document, what to tell the players, and what the call adds (typed). */
interface Change<X extends object = object> {
  doc: GameDoc;
  lines: string[];
  events?: GameEvent[];
  views?: ViewRequest[];
  /** Epoch ms if this change ends the game (frees the channel, starts retention). */
  finishedAt?: number;
  /** The phase summary to show (default: of the last phase the change ended). */
  summary?: string[];
  extra?: X;
}

/** One record entry applied to a document (act and its follow-ups). */
interface Entry {
  seq: number;
  lines: string[];
  events: GameEvent[];
  views: ViewRequest[];
  finishedAt?: number;
  next: FollowUp | null;
}
type Step<X extends object = object> = (
  doc: GameDoc,
  version: number,
) => Change<X> | { ok: false; error: Refusal } | Promise<Change<X> | { ok: false; error: Refusal }>;

/** The engine's refusal of a set-up it was given (an `input/…` code of src/engine/codes.ts), or null. */
function setupInputError(err: unknown): { code: RuleCode; rule?: string; message: string } | null {
  const e = err as { code?: unknown; rule?: unknown; message?: unknown };
  if (typeof e?.code !== 'string' || !e.code.startsWith('input/') || !(RULE_CODES as readonly string[]).includes(e.code)) return null;
  return { code: e.code as RuleCode, message: String(e.message), ...(typeof e.rule === 'string' ? { rule: e.rule } : {}) };
}

/** One record entry in player words (a stale click says what happened since). */
function entryWords(e: RecordEntry, name: (userId: string) => string): string {
  switch (e.kind) {
    case 'action':
      return `${sideName(e.side)} (${name(e.user)}): ${describeAction(e.action)}`;
    case 'undo':
      return `${sideName(e.side)} (${name(e.user)}) undid #${e.undoes}`;
    case 'note':
      return `a note by ${name(e.user)}`;
    case 'resign':
      return `the ${sideName(e.side)} side resigned`;
    case 'timeout':
      return `the ${sideName(e.side)} side ran out of time`;
    case 'abort':
      return 'the game was aborted';
  }
}

function isWaitLine(line: string): boolean {
  return line.startsWith('Waiting for the ');
}

function isRefusal(x: unknown): x is { ok: false; error: Refusal } {
  return typeof x === 'object' && x !== null && (x as { ok?: unknown }).ok === false;
}

/**
 * A kept document as loadDoc answers a game (src/app/doc-cache.ts). Its header written out, not as
 * `{ ...saved, doc }` (see entryOf, src/app/record-window.ts).
 */
/**
 * What the players are told when the store found the game's newest saved versions damaged and went on
 * from the newest intact one (GameStore `recovered`; docs/storage.md): with the next change (the save
 * after which the store forgets it), and by status until then.
 */
export function recoveredLine(r: NonNullable<StoredGame['recovered']>): string {
  const lost = r.lostVersions.length;
  return `⚠️ The game's latest saved ${lost === 1 ? 'change was' : `${lost} changes were`} damaged on disk and could not be read: the game goes on from the last intact save (version ${r.version}). Check the record (\`/game status\`) and make the lost move again if it is missing.`;
}

function loadedFrom(kept: KeptDoc): { id: string; stored: StoredGame; doc: GameDoc; carried: RecordEntry[] } {
  const { version, channelId, finishedAt, expiresAt } = kept.saved;
  return { id: kept.gameId, stored: { doc: kept.doc, version, channelId, finishedAt, expiresAt }, doc: kept.doc, carried: [] };
}

/** Who finds a game in their `/game list`: its host and everyone seated (the store's player index). */
export function indexedUsers(doc: GameDoc): string[] {
  return [...new Set([doc.meta.host, ...doc.meta.seats.finnish, ...doc.meta.seats.soviet])].sort();
}

export class GameService {
  private readonly store: GameStore;
  private readonly engine: EngineApi;
  private readonly helpers: EngineHelpers;
  private readonly clock: () => number;
  private readonly newSeed: () => string;
  private readonly newGameId: () => string;
  private readonly maxUndo: number;
  private readonly ruleset: ServiceDeps['ruleset'];
  private readonly onConflict: (gameId: string, attempt: number) => void;
  private readonly onStoreFailure: NonNullable<ServiceDeps['onStoreFailure']>;
  private readonly savedListeners: Array<(status: StatusView) => void> = [];
  /**
   * The legal actions of the last few (game, version, side): a version is one state, so they cannot go
   * stale; /play's autocomplete asks for the same ones at every keystroke. Callers must not change them.
   */
  private readonly legalCache = new Map<string, ReturnType<EngineApi['legalActions']>>();
  /** The documents saved last, for the next change of the same game (src/app/doc-cache.ts). */
  private readonly kept: DocCache;
  private readonly freezeKept: boolean;

  constructor(deps: ServiceDeps) {
    this.store = deps.store;
    this.engine = deps.engine;
    this.helpers = deps.helpers;
    this.clock = deps.clock;
    this.ruleset = deps.ruleset;
    this.newSeed = deps.newSeed ?? (() => randomBytes(32).toString('hex'));
    this.newGameId = deps.newGameId ?? (() => `g-${randomBytes(5).toString('hex')}`);
    this.maxUndo = deps.maxUndo ?? 30;
    this.onConflict = deps.onConflict ?? (() => {});
    this.onStoreFailure = deps.onStoreFailure ?? (() => {});
    this.freezeKept = deps.freezeKept ?? false;
    this.kept = new DocCache(deps.keepDocs ?? 64, this.freezeKept);
  }

  /** Call `fn` with the game as saved after every accepted change (the reminders re-arm on it). */
  onSaved(fn: (status: StatusView) => void): void {
    this.savedListeners.push(fn);
  }

  // ───────────────────────────── plumbing ─────────────────────────────

  /**
   * A storage failure as players read it: what happened in plain words and an id to quote, never the
   * store's own message (it names hosts, ports and file paths). The detail goes to onStoreFailure.
   */
  private storeRefusal(err: StoreError, doing: string, gameId?: string): { ok: false; error: Refusal } {
    const errorId = randomBytes(4).toString('hex');
    this.onStoreFailure(err, { doing, errorId, ...(gameId ? { gameId } : {}) });
    const what: Record<string, string> = {
      'store/unavailable': 'the game store cannot be reached right now',
      'store/corrupt': 'the saved game could not be read (the operator has been told)',
      'store/locked': 'the game store is held by another bot process',
      'store/invalid': 'the request did not fit the game store',
    };
    const lost = err.code === 'store/unavailable' || err.code === 'store/corrupt' || err.code === 'store/locked';
    return refuse(
      err.code,
      `Storage problem while ${doing}: ${what[err.code] ?? err.code} (error id ${errorId}).` +
        (lost ? ' The change was not confirmed; check the game status before trying again.' : ''),
    );
  }

  private async resolve(ref: GameRef): Promise<string | { ok: false; error: Refusal }> {
    if ('gameId' in ref) {
      if (typeof ref.gameId !== 'string' || !isValidId(ref.gameId)) {
        return refuse('game/not-found', `There is no game '${String(ref.gameId).slice(0, 40)}': game ids look like g-1a2b3c4d5e.`);
      }
      return ref.gameId;
    }
    if (typeof ref.channelId !== 'string' || !isValidId(ref.channelId))
      return refuse('game/none-in-channel', 'There is no active game in this channel. Create one first.');
    const id = (await this.store.gameInChannel(ref.channelId)) ?? (ref.latest ? await this.latestIn(ref.channelId, ref.guildId) : null);
    if (id) return id;
    return ref.latest
      ? refuse(
          'game/none-in-channel',
          'There is no active game in this channel, nor one played here before (or its retention period has ended). Create one first.',
        )
      : refuse('game/none-in-channel', 'There is no active game in this channel. Create one first.');
  }

  /**
   * The game played last in a channel once none is active there: the store releases a channel when its
   * game ends, so it is found among the games the store still lists (the server's, else every game),
   * the one finished last. Null when the channel has none.
   */
  private async latestIn(channelId: string, guildId: string | null | undefined): Promise<string | null> {
    const games = guildId && isValidId(guildId) ? await this.store.gamesIn(guildId) : await this.store.list();
    let last: { gameId: string; at: number } | null = null;
    for (const g of games) {
      if (g.channelId !== channelId) continue;
      const at = g.finishedAt ?? Number.MAX_SAFE_INTEGER; // an active game (a race with its start) is the latest
      if (!last || at > last.at || (at === last.at && g.gameId > last.gameId)) last = { gameId: g.gameId, at };
    }
    return last?.gameId ?? null;
  }

  private async loadDoc(
    ref: GameRef,
  ): Promise<{ id: string; stored: StoredGame; doc: GameDoc; carried: RecordEntry[] } | { ok: false; error: Refusal }> {
    let id: string | undefined;
    try {
      const resolved = await this.resolve(ref);
      if (typeof resolved !== 'string') return resolved;
      id = resolved;
      const stored = await this.store.load(id);
      if (!stored) return refuse('game/not-found', `There is no game ${id} (or its retention period has ended).`);
      const loaded = upgradeDoc(stored.doc);
      if (!loaded)
        return this.storeRefusal(new StoreError('store/corrupt', `game ${id} is not a ${DOC_FORMAT} document`), 'loading the game', id);
      const { doc, carried } = loaded;
      if ('gameId' in ref && ref.channelId !== undefined && doc.meta.channelId !== ref.channelId) {
        return refuse('game/other-channel', `Game ${id} is played in another channel; its controls work only there.`);
      }
      return { id, stored, doc, carried };
    } catch (err) {
      if (isStoreError(err)) return this.storeRefusal(err, 'loading the game', id);
      throw err;
    }
  }

  /**
   * The kept document for `ref` (src/app/doc-cache.ts), handed out (`take`) or only looked at, when `ref`
   * may use it: a game id asked for in another channel is refused from the stored document, as ever.
   */
  private keptFor(ref: GameRef, how: 'take' | 'look'): KeptDoc | undefined {
    if (!('gameId' in ref) && typeof ref.channelId !== 'string') return undefined;
    const kept = how === 'take' ? this.kept.take(ref) : this.kept.look(ref);
    if (kept && 'gameId' in ref && ref.channelId !== undefined && ref.channelId !== kept.saved.channelId) return undefined;
    return kept;
  }

  /**
   * The document this service saved last for the game, if it kept it: a change starts from it without
   * reading the store, and the save's compare-and-set tells whether it was still the stored version.
   */
  private takeKept(ref: GameRef): Awaited<ReturnType<GameService['loadDoc']>> | null {
    const kept = this.keptFor(ref, 'take');
    return kept ? loadedFrom(kept) : null;
  }

  /**
   * The game for a reader that only looks and uses it at once (status, legal actions, previews, map
   * views): the kept document when a peek shows it is still the stored version (a small read instead of
   * reading and parsing the whole document), else the stored one. Nothing may change what it returns.
   */
  private async readDoc(ref: GameRef): Promise<Awaited<ReturnType<GameService['loadDoc']>>> {
    const kept = this.keptFor(ref, 'look');
    if (kept) {
      try {
        const now = await this.store.peek(kept.gameId);
        // Still kept as that version after the peek: no change of this game was made or is in flight.
        if (now && now.version === kept.saved.version && now.finishedAt === null && !now.recovered && this.kept.look(ref) === kept)
          return loadedFrom(kept);
      } catch (err) {
        if (!isStoreError(err)) throw err; // the read below reports a store failure
      }
    }
    return this.loadDoc(ref);
  }

  /** Whether the store still holds `version` of the game (a refusal from a kept document stands only then). */
  private async stillStored(id: string, version: number): Promise<boolean> {
    try {
      const now = await this.store.peek(id);
      return now !== null && now.version === version && now.finishedAt === null;
    } catch (err) {
      if (isStoreError(err)) return false; // read the game again; that read reports the failure
      throw err;
    }
  }

  /**
   * load → step → save(version); on a conflict re-read and re-run the step once, then report. A change
   * may start from the document kept from this service's last save without a read: its refusals are
   * given only once a peek shows that version is still stored, and a save it loses (another process
   * saved since) is not a conflict: the change is run again on the stored document.
   */
  private async mutate<X extends object = object>(
    ref: GameRef,
    doing: string,
    step: Step<X>,
    basedOnVersion?: number,
  ): Promise<Result<{ extra?: X }>> {
    let kept = this.takeKept(ref);
    for (let attempt = 0; ; attempt++) {
      const fromKept = kept !== null;
      const loaded = kept ?? (await this.loadDoc(ref));
      kept = null;
      if ('ok' in loaded) return loaded;
      const { id, stored, doc, carried } = loaded;
      /** A refusal, or from a kept document no longer stored: the change again on the stored one. */
      const refusal = async (r: { ok: false; error: Refusal }) => (fromKept && !(await this.stillStored(id, stored.version)) ? null : r);
      if (basedOnVersion !== undefined && basedOnVersion !== stored.version) {
        // In words, what happened since and what the game waits for now (never version numbers).
        const since = doc.recent.filter((e) => e.v > basedOnVersion);
        const told = since.slice(-3).map((e) => `#${e.seq} ${entryWords(e, (u) => this.label(doc, u))}`);
        const r = await refusal(
          refuse(
            'game/stale',
            `The game has moved on since that message: ${since.length > 3 ? `… ${since.length - 3} earlier; ` : ''}${told.join('; ') || 'it changed'}. ${this.waitLine(doc, this.who(doc))}`,
          ),
        );
        if (r) return r;
        attempt--;
        continue;
      }
      const before = this.statusView(doc, id, stored.version);
      const usersBefore = indexedUsers(doc).join(' ');
      const entriesBefore = doc.entries;
      const stateBefore = doc.state;
      const made = step(doc, stored.version);
      const change = made instanceof Promise ? await made : made; // no await (a microtask's turn) for a plain step
      if (isRefusal(change)) {
        const r = await refusal(change);
        if (r) return r;
        attempt--;
        continue;
      }
      change.doc.meta.updatedAt = this.clock();
      // A wait ended (a new one began, or the game did): its time goes on the waiting side's clock.
      const waitNow = change.doc.meta.status === 'active' ? change.doc.meta.waitingSince : null;
      if (before.mustAct && (waitNow !== before.mustAct.since || this.who(change.doc)?.side !== before.mustAct.side))
        chargeClock(change.doc.meta, before.mustAct, change.doc.meta.updatedAt);
      // The entries this change added go to the store's history in the same write; the document keeps
      // the latest (src/app/record-window.ts).
      const added = [...carried, ...change.doc.recent.filter((e) => e.seq > entriesBefore)];
      const summary = change.summary ?? (endsPhase(change.events ?? []) ? phaseSummary(change.doc.recent) : undefined);
      trimRecent(change.doc);
      try {
        const users = indexedUsers(change.doc);
        // As JSON text whose unchanged parts are written once (src/app/doc-json.ts).
        const options: SaveOptions = {};
        if (change.finishedAt !== undefined) options.finishedAt = change.finishedAt;
        if (users.join(' ') !== usersBefore) options.users = users;
        if (added.length) options.append = added.map((e) => entryJson(e, this.freezeKept));
        const saved = await this.store.save(id, docJson(change.doc, this.freezeKept, stateBefore), stored.version, options);
        const savedState = change.doc.state;
        const after = this.statusView(change.doc, id, saved.version);
        this.kept.put(id, change.doc, saved);
        for (const fn of this.savedListeners) fn(after);
        return {
          ok: true,
          gameId: id,
          version: saved.version,
          lines: stored.recovered ? [recoveredLine(stored.recovered), ...change.lines] : change.lines,
          events: change.events ?? [],
          views: change.views ?? [],
          before,
          after,
          ...(summary ? { summary } : {}),
          ...(savedState ? { mapView: (options: MapViewOptions) => this.engine.toMapView(savedState, options) } : {}),
          ...(change.extra ? { extra: change.extra } : {}),
        };
      } catch (err) {
        // The kept document was not the stored one any more (or the game is gone): read it and go again.
        if (fromKept && (isStoreError(err, 'store/conflict') || isStoreError(err, 'store/not-found'))) {
          attempt--;
          continue;
        }
        if (isStoreError(err, 'store/conflict')) this.onConflict(id, attempt);
        if (isStoreError(err, 'store/conflict') && attempt === 0) continue;
        if (isStoreError(err, 'store/conflict')) {
          return refuse('store/conflict', `The game changed twice while ${doing}; nothing was applied. Look at the status and try again.`);
        }
        if (isStoreError(err)) return this.storeRefusal(err, doing, id);
        throw err;
      }
    }
  }

  private nextEntryBase(doc: GameDoc, version: number, actor: Actor, requestId: string | undefined) {
    return {
      seq: nextSeq(doc),
      v: version + 1,
      id: requestId ?? newEntryId(),
      user: actor.userId,
      at: this.clock(),
    };
  }

  /** Keep a display name (clipped), and forget names of users who hold no seat once there are many. */
  private remember(doc: GameDoc, actor: Actor): void {
    if (!actor.name) return;
    const names = doc.meta.names;
    names[actor.userId] = cleanName(actor.name);
    const keep = new Set([doc.meta.host, actor.userId, ...doc.meta.seats.finnish, ...doc.meta.seats.soviet]);
    const others = Object.keys(names).filter((u) => !keep.has(u));
    for (const u of others.slice(0, Math.max(0, others.length - LIMITS.names))) delete names[u];
  }

  private who(doc: GameDoc): WhoMustAct | null {
    return doc.state ? this.engine.whoMustAct(doc.state) : null;
  }

  private label(doc: GameDoc, userId: string): string {
    return doc.meta.names[userId] ?? userId;
  }

  /**
   * The one rule of where a game may be read (docs/discord.md § Who may read what): in its own server
   * only. Its seats, names, VPs and channel are that server's business; a game of no server (the
   * console's), or a reader with no word on where they are (the operator), is not held to it. A reader
   * from a direct message (guildId null) is in no server, so not in the game's.
   */
  private mayRead(
    doc: GameDoc,
    viewer: Pick<Viewer, 'guildId'> | undefined,
    there = 'it can be read there only',
  ): { ok: false; error: Refusal } | null {
    const home = doc.meta.guildId;
    if (!home || viewer?.guildId === undefined || viewer.guildId === home) return null;
    return refuse('perm/other-server', `Game ${doc.meta.gameId} was played in another server; ${there}.`);
  }

  /** A viewer as given, checked (its actor as every actor is). */
  private badViewer(viewer: Viewer | undefined): { ok: false; error: Refusal } | null {
    return viewer ? checkInput(ActorSchema, viewer.actor, 'player') : null;
  }

  private sidesOf(doc: GameDoc, userId: string): Side[] {
    return SIDES.filter((s) => doc.meta.seats[s].includes(userId));
  }

  /** Pick and check the side a user acts for. */
  private actingSide(doc: GameDoc, actor: Actor, requested: Side | undefined, forTurn: boolean): Side | { ok: false; error: Refusal } {
    const held = this.sidesOf(doc, actor.userId);
    if (held.length === 0) {
      return refuse('perm/not-seated', `You are not seated in this game, so you can only watch. ${this.seatHint(doc)}`);
    }
    if (requested && !held.includes(requested)) {
      return refuse('perm/wrong-side', `You sit on the ${held.map(sideName).join(' and ')} side, not the ${sideName(requested)} side.`);
    }
    // One policy for the acting side, for acting and for reading alike (src/app/acting-side.ts).
    const who = doc.state ? this.who(doc) : null;
    const side = actingSide(doc.meta.seats, actor.userId, who?.side, requested)!;
    if (forTurn && who && who.side && who.side !== side) {
      const holders = doc.meta.seats[who.side].map((u) => this.label(doc, u)).join(', ') || 'nobody yet';
      return refuse(
        'perm/not-your-turn',
        `It is the ${sideName(who.side)} side's turn (${whatLabel(who.what)}); you act for the ${sideName(side)} side. Waiting for ${holders}.`,
      );
    }
    return side;
  }

  private seatHint(doc: GameDoc): string {
    return doc.meta.status === 'lobby'
      ? 'Take a seat with join (Finnish or Soviet) before the game starts.'
      : 'The host can give you a seat.';
  }

  private mustBeStatus(doc: GameDoc, ...allowed: GameMeta['status'][]): { ok: false; error: Refusal } | null {
    if (allowed.includes(doc.meta.status)) return null;
    const s = doc.meta.status;
    if (s === 'lobby') return refuse('game/not-started', 'The game has not started yet. The host starts it once both sides have a seat.');
    if (s === 'finished' || s === 'aborted') return refuse('game/over', `The game is over (${s}). Export or verify it instead.`);
    return refuse('game/already-started', 'The game has already started.');
  }

  private isOver(state: GameState): boolean {
    return state.result !== null || state.phase === 'gameOver';
  }

  /** Reveal lines and bookkeeping for the end of a game. */
  private finish(doc: GameDoc, status: 'finished' | 'aborted', result: GameMeta['result'], now: number): string[] {
    doc.meta.status = status;
    doc.meta.endedAt = now;
    doc.meta.result = result;
    doc.meta.waitingSince = null;
    doc.undo = null;
    const lines: string[] = [];
    if (result) {
      lines.push(gameOverWords(result));
    }
    if (doc.secret) {
      lines.push(`Dice seed revealed: ${doc.secret.seed}`);
      lines.push(`Check it: SHA-256 of the seed must equal the commitment ${doc.meta.commitment}. Use verify to recompute every roll.`);
    }
    return lines;
  }

  // ───────────────────────────── games and seats ─────────────────────────────

  async createGame(input: {
    channelId: string;
    guildId?: string | null;
    host: Actor;
    scenario: string;
    options?: Record<string, boolean>;
    seatHostAs?: Side | 'both';
    pace?: Partial<Pace>;
    /** End the game after this turn: a shortened game (our own derived set-up, scored at its end, 17.0). */
    endTurn?: number;
    /** Sides by the Victory Point bid (17.0.2). */
    bidding?: boolean;
    /** Leave out what the Getting Started card leaves out of a first game (src/engine/options.ts). */
    firstGame?: boolean;
  }): Promise<Result<{ briefing?: { lines: string[]; sections: BriefingSections } }>> {
    const bad = checkInput(CreateSchema, input, 'new game');
    if (bad) return bad;
    const scenario = this.ruleset.scenarios.find((s) => s.id === input.scenario);
    if (!scenario) {
      return refuse(
        'input/unknown-scenario',
        `There is no scenario '${input.scenario.slice(0, 60)}'. Choose one of: ${this.ruleset.scenarios.map((s) => s.id).join(', ')}.`,
      );
    }
    const optionProblem = ruleOptionsProblem(input.options ?? {});
    if (optionProblem) return refuse('input/option', optionProblem);
    // The first-game preset leaves the Getting Started card's rules out; a rule named in `options` wins.
    // …and an option whose default changed is written out, so the game keeps today's default (17.1-auto).
    const options = newGameOptions({ ...(input.firstGame ? firstGameOptions() : {}), ...(input.options ?? {}) });
    if (input.bidding && input.seatHostAs)
      return refuse('game/bidding', 'With the Victory Point bid the sides are decided by the bid: leave out the side.', '17.0.2');
    if (input.endTurn !== undefined) {
      // The engine knows the scenario's turns: a trial set-up says whether this end is one of them.
      try {
        this.engine.setup(scenario.id, { seed: 'length-check', endTurn: input.endTurn });
      } catch (err) {
        const e = setupInputError(err);
        if (e) return refuse(e.code, `Not that length: ${e.message}.`, e.rule);
        throw err;
      }
    }
    const now = this.clock();
    const gameId = this.newGameId();
    const seats: Record<Side, string[]> = { finnish: [], soviet: [] };
    for (const s of input.seatHostAs === 'both' ? SIDES : input.seatHostAs ? [input.seatHostAs] : []) seats[s].push(input.host.userId);
    const doc: GameDoc = {
      format: DOC_FORMAT,
      meta: {
        gameId,
        channelId: input.channelId,
        guildId: input.guildId ?? null,
        ruleset: this.ruleset.id,
        scenario: scenario.id,
        options,
        host: input.host.userId,
        seats,
        names: {},
        status: 'lobby',
        commitment: null,
        createdAt: now,
        startedAt: null,
        updatedAt: now,
        endedAt: null,
        waitingSince: null,
        result: null,
        ...(input.pace && Object.keys(input.pace).length ? { pace: { ...DEFAULT_PACE, ...input.pace } } : {}),
        ...(input.endTurn !== undefined ? { endTurn: input.endTurn } : {}),
        ...(input.bidding ? { bidding: { bids: {} } } : {}),
      },
      state: null,
      entries: 0,
      recent: [],
      undo: null,
      secret: null,
    };
    this.remember(doc, input.host);
    try {
      const saved = await this.store.create(gameId, input.channelId, doc, { guildId: doc.meta.guildId, users: indexedUsers(doc) });
      // The briefing two ways: as lines (the console, and `lines`) and in headed sections (an embed).
      const game = { endTurn: input.endTurn, options: doc.meta.options };
      const briefing = { lines: briefingLines(scenario, game), sections: briefingSections(scenario, game) };
      return {
        ok: true,
        gameId,
        version: saved.version,
        events: [],
        views: [],
        lines: [
          `New game ${gameId}: ${scenario.name}. Host: ${this.label(doc, input.host.userId)}.`,
          ...briefing.lines,
          'Players: take a seat (Finnish or Soviet). The host starts the game when both sides are seated.',
        ],
        briefing,
      };
    } catch (err) {
      if (isStoreError(err, 'store/channel-taken')) {
        return refuse(
          'game/channel-taken',
          `This channel already has a game (${String(err.details.gameId)}). Finish or abort it first, or use another channel.`,
        );
      }
      if (isStoreError(err)) return this.storeRefusal(err, 'creating the game');
      throw err;
    }
  }

  /**
   * Take, give or leave a seat. A user seats themself before the start; the host may seat or unseat
   * anyone at any time before the end. One user may hold both sides (solitaire).
   */
  async seat(ref: GameRef, actor: Actor, input: { side: Side; user?: Actor; leave?: boolean; requestId?: string }): Promise<Result> {
    if (!SIDES.includes(input.side))
      return refuse('input/side', `Unknown side '${String(input.side).slice(0, 40)}': use finnish or soviet.`);
    const bad = checkInput(ActorSchema, actor, 'player') ?? checkInput(SeatSchema, input, 'seat request');
    if (bad) return bad;
    return this.mutate(ref, 'changing seats', (doc) => {
      const bad = this.mustBeStatus(doc, 'lobby', 'active');
      if (bad) return bad;
      const target = input.user ?? actor;
      const isHost = actor.userId === doc.meta.host;
      if (target.userId !== actor.userId && !isHost) {
        return refuse('perm/not-host', 'Only the host can seat or unseat other players.');
      }
      if (doc.meta.status !== 'lobby' && !isHost) {
        return refuse('perm/not-host', 'The game has started: only the host can change seats now.');
      }
      // With the Victory Point bid (17.0.2), the bid decides the sides: its winner picks, the other
      // bidder gets the other side at once.
      const bidding = doc.meta.bidding;
      if (bidding && doc.meta.status === 'lobby' && !input.leave) {
        if (bidding.winner === undefined)
          return refuse('game/bidding', 'The sides are decided by the Victory Point bid: both players bid first.', '17.0.2');
        if (target.userId !== bidding.winner)
          return refuse('game/bidding', `${this.label(doc, bidding.winner)} won the bid and picks a side first.`, '17.0.2');
        if (SIDES.some((x) => doc.meta.seats[x].length))
          return refuse('input/already-seated', 'The sides are already taken after the bid.');
        const loser = Object.keys(bidding.bids).find((u) => u !== target.userId)!;
        const other = otherSide(input.side);
        doc.meta.seats[input.side].push(target.userId);
        doc.meta.seats[other].push(loser);
        this.remember(doc, actor);
        return {
          doc,
          lines: [
            `Seated: ${this.label(doc, target.userId)} on the ${sideName(input.side)} side, ${this.label(doc, loser)} on the ${sideName(other)} side, which starts with ${bidding.vp} VP (17.0.2).`,
          ],
        };
      }
      this.remember(doc, actor);
      this.remember(doc, target);
      const seats = doc.meta.seats[input.side];
      const name = this.label(doc, target.userId);
      if (input.leave) {
        if (!seats.includes(target.userId)) return refuse('input/not-seated', `${name} does not sit on the ${sideName(input.side)} side.`);
        doc.meta.seats[input.side] = seats.filter((u) => u !== target.userId);
        return { doc, lines: [`${name} left the ${sideName(input.side)} side.`] };
      }
      if (seats.includes(target.userId))
        return refuse('input/already-seated', `Already seated: ${name} on the ${sideName(input.side)} side.`);
      seats.push(target.userId);
      const both = this.sidesOf(doc, target.userId).length === 2 ? ' (holds both sides: solitaire)' : '';
      return { doc, lines: [`Seated: ${name} on the ${sideName(input.side)} side${both}.`] };
    });
  }

  /** Host only: set up the scenario with a fresh secret seed and publish its commitment. */
  async start(ref: GameRef, actor: Actor): Promise<Result<{ commitment: string }>> {
    const bad = checkInput(ActorSchema, actor, 'player');
    if (bad) return bad;
    const r = await this.mutate(ref, 'starting the game', (doc, version) => {
      const bad = this.mustBeStatus(doc, 'lobby');
      if (bad) return bad;
      if (actor.userId !== doc.meta.host) return refuse('perm/not-host', 'Only the host can start the game.');
      const empty = SIDES.filter((s) => doc.meta.seats[s].length === 0);
      if (empty.length) return refuse('game/seats-empty', `Nobody sits on the ${empty.map(sideName).join(' or ')} side yet.`);
      const seed = this.newSeed();
      let state: GameState;
      try {
        state = this.engine.setup(doc.meta.scenario, { seed, ...setupOf(doc) });
      } catch (err) {
        const e = setupInputError(err);
        if (e) return refuse(e.code, `The scenario could not be set up: ${e.message}`, e.rule);
        throw err;
      }
      const commitment = this.helpers.commitmentOf(seed);
      const now = this.clock();
      doc.state = state;
      doc.secret = { seed };
      doc.meta.status = 'active';
      doc.meta.commitment = commitment;
      doc.meta.startedAt = now;
      doc.meta.waitingSince = now;
      const who = this.engine.whoMustAct(state);
      const change: Change<{ commitment: string }> = {
        doc,
        events: state.log.slice(),
        views: [{ caption: 'Starting positions', options: {} }],
        extra: { commitment },
        lines: [
          `The game has started: ${this.scenarioName(doc)}, turn ${state.turn}.`,
          `Dice commitment (SHA-256 of the secret seed): ${commitment}`,
          'Every roll is numbered and derived from that seed; the seed is revealed when the game ends.',
          this.waitLine(doc, who),
        ],
      };
      // The first phase may have nothing to decide: treat the start as a phase beginning.
      this.followUps(doc, version, change, this.followUpOf(doc, [{ type: 'phase' } as GameEvent]));
      return change;
    });
    if (!r.ok) return r;
    const { extra, ...rest } = r;
    return { ...rest, commitment: extra!.commitment };
  }

  /** Where the Victory Point bid stands (17.0.2), in words; null without one. Bids stay sealed until both are in. */
  private bidLine(doc: GameDoc): string | null {
    const b = doc.meta.bidding;
    if (!b) return null;
    if (b.winner === undefined) {
      const n = Object.keys(b.bids).length;
      return `Victory Point bid (17.0.2): ${n === 0 ? 'no bids yet' : n === 1 ? `one sealed bid in (${this.label(doc, Object.keys(b.bids)[0]!)})` : 'revealing'}: \`/game bid vp:<n>\`.`;
    }
    const picked = SIDES.find((x) => doc.meta.seats[x].includes(b.winner!));
    return `Victory Point bid (17.0.2): ${this.label(doc, b.winner)} won with ${b.vp} VP${picked ? `; the ${sideName(otherSide(picked))} side starts with ${b.vp} VP` : ' and picks a side'}.`;
  }

  private placementsOf(doc: GameDoc): { placements?: Record<string, string> } {
    return doc.meta.placements && Object.keys(doc.meta.placements).length ? { placements: { ...doc.meta.placements } } : {};
  }

  /**
   * Before the start: choose where one of your side's free set-up units goes (1.2), or give it back to
   * the engine's placement (`hex: null`). Checked at once against the area, lakes and stacking (6.0)
   * with every placement made so far, so the start cannot fail on it.
   */
  async place(ref: GameRef, actor: Actor, input: { unit: string; hex: string | null; requestId?: string }): Promise<Result> {
    const bad = checkInput(ActorSchema, actor, 'player') ?? checkInput(PlaceSchema, input, 'placement');
    if (bad) return bad;
    return this.mutate(ref, 'placing a unit', (doc) => {
      const bad = this.mustBeStatus(doc, 'lobby');
      if (bad) return refuse('game/started', 'Set-up is over: units are placed before the game starts (1.2).', '1.2');
      const free = this.engine.freeSetup(doc.meta.scenario);
      const f = free.find((x) => x.unit.toLowerCase() === input.unit.trim().toLowerCase());
      if (!f)
        return refuse(
          'input/placement',
          free.length
            ? `${input.unit} is not a unit you may place; free set-up units: ${free.map((x) => x.unit).join(', ')}.`
            : 'Every unit of this scenario has a fixed set-up hex: there is nothing to place.',
          '1.2',
        );
      const held = this.sidesOf(doc, actor.userId);
      if (!held.includes(f.side))
        return refuse('perm/wrong-side', `${f.unit} is a ${sideName(f.side)} unit: its owner places it (1.2).`, '1.2');
      const placements = { ...(doc.meta.placements ?? {}) };
      if (input.hex === null) delete placements[f.unit];
      else placements[f.unit] = input.hex;
      try {
        this.engine.setup(doc.meta.scenario, { seed: 'placement-check', options: doc.meta.options, placements });
      } catch (err) {
        const e = setupInputError(err);
        if (e) return refuse(e.code, `Not there: ${e.message}.`, e.rule ?? '1.2');
        throw err;
      }
      this.remember(doc, actor);
      doc.meta.placements = placements;
      const where = `within ${f.distance} of ${f.center}`;
      return {
        doc,
        lines: [
          input.hex === null
            ? `${f.unit} goes back to the engine's placement (${where}, 1.2).`
            : `${f.unit} will set up in ${input.hex} (${where}, 1.2).`,
        ],
      };
    });
  }

  /**
   * A seated player's standing answers (src/app/standing.ts): which of their side's decisions the service
   * answers for them. `ask` clears one. Seated players only; the other players are told in the reply.
   */
  async setStanding(ref: GameRef, actor: Actor, input: Partial<Record<keyof StandingAnswers, string>>): Promise<Result> {
    const bad = checkInput(ActorSchema, actor, 'player') ?? checkInput(StandingSchema, input, 'standing answers');
    if (bad) return bad;
    return this.mutate(ref, 'saving your standing answers', (doc) => {
      const bad = this.mustBeStatus(doc, 'lobby', 'active');
      if (bad) return bad;
      if (this.sidesOf(doc, actor.userId).length === 0)
        return refuse('perm/not-seated', `Only seated players have standing answers. ${this.seatHint(doc)}`);
      this.remember(doc, actor);
      const all = { ...(doc.meta.standing ?? {}) };
      const mine: StandingAnswers = { ...(all[actor.userId] ?? {}) };
      for (const [k, v] of Object.entries(input) as [keyof StandingAnswers, string][]) {
        if (v === 'ask') delete mine[k];
        else (mine as Record<string, string>)[k] = v;
      }
      if (Object.keys(mine).length) all[actor.userId] = mine;
      else delete all[actor.userId];
      doc.meta.standing = all;
      return { doc, lines: [`Standing answers of ${this.label(doc, actor.userId)}: ${describeStanding(mine)}.`] };
    });
  }

  /** The free set-up units of the channel's game (1.2) and the placements chosen so far (for menus). */
  async freeSetup(ref: GameRef): Promise<Result<{ free: FreeSetup[]; placements: Record<string, string> }>> {
    const loaded = await this.loadDoc(ref);
    if ('ok' in loaded) return loaded;
    const { doc, stored, id } = loaded;
    return {
      ok: true,
      gameId: id,
      version: stored.version,
      lines: this.setupLines(doc),
      events: [],
      views: [],
      free: doc.meta.status === 'lobby' ? this.engine.freeSetup(doc.meta.scenario) : [],
      placements: { ...(doc.meta.placements ?? {}) },
    };
  }

  /** Lines describing the free set-up (1.2): each unit, its area, and where it goes now (chosen or the engine's). */
  private setupLines(doc: GameDoc): string[] {
    const free = this.engine.freeSetup(doc.meta.scenario);
    if (!free.length) return [];
    let where: Record<string, string | null> = {};
    try {
      const st = this.engine.setup(doc.meta.scenario, { seed: 'placement-check', options: doc.meta.options, ...this.placementsOf(doc) });
      where = Object.fromEntries(free.map((f) => [f.unit, st.units[f.unit]?.hex ?? null]));
    } catch {
      // A placement made invalid since (none is expected: each is checked when made).
    }
    const chosen = doc.meta.placements ?? {};
    return [
      'Free set-up (1.2): each side places these units itself before the start (or leaves them to the engine).',
      ...free.map(
        (f) =>
          `• ${sideName(f.side)} ${f.unit}: within ${f.distance} of ${f.center} → ${where[f.unit] ?? '?'}${chosen[f.unit] ? ' (chosen)' : ' (engine)'}`,
      ),
    ];
  }

  private scenarioName(doc: GameDoc): string {
    return this.ruleset.scenarios.find((s) => s.id === doc.meta.scenario)?.name ?? doc.meta.scenario;
  }

  private waitLine(doc: GameDoc, who: WhoMustAct | null): string {
    if (!who || !who.side) return who?.what ? `Now: ${who.what}.` : 'Nobody needs to act.';
    const holders = doc.meta.seats[who.side].map((u) => this.label(doc, u)).join(', ') || 'nobody seated';
    return `Waiting for the ${sideName(who.side)} side (${holders}): ${whatLabel(who.what)}.`;
  }

  // ───────────────────────────── play ─────────────────────────────

  /**
   * Apply one engine action for the actor's side. `basedOnVersion` (from a button's custom id) refuses
   * stale clicks; `requestId` makes a retried request harmless (answered from the record).
   */
  /**
   * Apply a player's action: one read and one write. `action` may be a builder, called with the acting
   * side's legal actions and the status from that same read (the front end's command arguments turned
   * into an action without a read of its own). What the referee does next for a player goes into the same
   * write, each as its own record entry in a seated player's name, until a person is needed: standing
   * answers (src/app/standing.ts), and the end of each phase in which the side to act has nothing to
   * decide (one line each, no map).
   */
  async act(
    ref: GameRef,
    actor: Actor,
    given: Action | ActionBuilder,
    opts: { side?: Side; basedOnVersion?: number; requestId?: string } = {},
  ): Promise<Result<{ seq?: number; duplicate?: boolean }>> {
    const bad =
      checkInput(ActorSchema, actor, 'player') ??
      checkInput(ActOptsSchema, opts, 'request') ??
      (typeof given === 'function' ? null : checkAction(given));
    if (bad) return bad;
    const r = await this.mutate(
      ref,
      'applying your action',
      (doc, version) => {
        if (opts.requestId) {
          const prev = doc.recent.find((e) => e.id === opts.requestId);
          if (prev) return refuse('game/duplicate', `That request was already applied as record entry #${prev.seq}.`);
        }
        const bad = this.mustBeStatus(doc, 'active');
        if (bad) return bad;
        let action: Action;
        let requested = opts.side;
        if (typeof given === 'function') {
          // The builder sees what `legal` would show this player, from this same read.
          const seenSide = this.actingSide(doc, actor, opts.side, false);
          if (typeof seenSide !== 'string') return seenSide;
          // Legal actions only when the builder asks (ending a phase or answering a decision needs none).
          const legalOf = () => this.cachedLegal(doc.meta.gameId, version, doc.state!, seenSide);
          const built = given({
            get legal() {
              return legalOf();
            },
            side: seenSide,
            status: this.statusView(doc, doc.meta.gameId, version),
          });
          if (!built.ok) return { ok: false as const, error: built.error };
          const badAction = checkAction(built.action);
          if (badAction) return badAction;
          action = built.action;
          requested = seenSide;
        } else action = given;
        const side = this.actingSide(doc, actor, requested, true);
        if (typeof side !== 'string') return side;
        const first = this.applyEntry(doc, version, actor, side, action, opts.requestId);
        if ('ok' in first) return first;
        const change: Change<{ seq: number }> = {
          doc,
          lines: first.lines,
          events: [...first.events],
          views: [...first.views],
          ...(first.finishedAt !== undefined ? { finishedAt: first.finishedAt } : {}),
          // The phase the player ended, not one a follow-up ended after it.
          ...(endsPhase(first.events) ? { summary: phaseSummary(doc.recent) } : {}),
          extra: { seq: first.seq },
        };
        this.followUps(doc, version, change, first.next);
        return change;
      },
      opts.basedOnVersion,
    );
    if (!r.ok) return r;
    const { extra, ...rest } = r;
    return Object.assign(rest, { seq: extra!.seq }); // not { ...rest, seq }: see entryOf (record-window.ts)
  }

  /**
   * The follow-ups of a change, applied to the same document (one write): each its own record entry in a
   * seated player's name, until a person is needed or the engine refuses one.
   */
  private followUps(doc: GameDoc, version: number, change: Change, next: FollowUp | null): void {
    change.events ??= [];
    change.views ??= [];
    for (let i = 0; i < MAX_FOLLOW_UPS && next; i++) {
      const f = next;
      const by = { userId: f.userId, name: f.name };
      const fSide = this.actingSide(doc, by, f.side, true);
      if (typeof fSide !== 'string') break;
      const e = this.applyEntry(doc, version, by, fSide, f.action, undefined);
      if ('ok' in e) break; // the engine refused it: the player is asked as usual
      const [head, ...rest] = e.lines; // head: the record line "#n Side (name): …"
      const said =
        f.kind === 'standing'
          ? [head!, `(${f.name}'s standing answer: ${f.why}; \`standing\` changes it.)`, ...rest]
          : [`#${e.seq} ${f.why} (the standing answer \`empty: stop\` keeps such phases for you to end).`, ...rest];
      // Only the newest "Waiting for …" line stands.
      const kept = change.lines.length && isWaitLine(change.lines[change.lines.length - 1]!) ? change.lines.slice(0, -1) : change.lines;
      change.lines = [...kept, ...said];
      change.events.push(...e.events);
      // The summary shown is of the first phase the change ended (the player's own when it ended one).
      if (!change.summary && endsPhase(e.events)) change.summary = phaseSummary(doc.recent);
      if (f.kind === 'standing') change.views.push(...e.views); // an empty phase posts no map
      if (e.finishedAt !== undefined) change.finishedAt = e.finishedAt;
      next = e.next;
    }
  }

  /** The follow-up a document calls for: a standing answer to its decision, or ending an empty phase. */
  private followUpOf(doc: GameDoc, events: readonly GameEvent[]): FollowUp | null {
    const state = doc.state;
    if (!state || doc.meta.status !== 'active') return null;
    const who = this.engine.whoMustAct(state);
    if (who.pending) {
      const s = standingAnswer(doc.meta, who.pending);
      return s && { kind: 'standing', ...s, side: who.pending.side, name: this.label(doc, s.userId) };
    }
    // Only as a phase begins: mid-phase the player ends it (and keeps the undo of their last step).
    if (!endsPhase(events) || state.phase === 'gameOver' || !who.side) return null;
    const seats = doc.meta.seats[who.side];
    if (!seats.length || seats.some((u) => doc.meta.standing?.[u]?.empty === 'stop')) return null;
    if (this.engine.hasChoices(state, who.side)) return null;
    return {
      kind: 'empty',
      userId: seats[0]!,
      name: this.label(doc, seats[0]!),
      side: who.side,
      action: { type: 'endPhase', phase: state.phase },
      why: `Nothing to decide in the ${sidePhaseWords(who.side, state.phase)}: it ended by itself`,
    };
  }

  /** One record entry on the document: the engine applies the action for `side`; nothing changes on a refusal. */
  private applyEntry(
    doc: GameDoc,
    version: number,
    actor: Actor,
    side: Side,
    action: Action,
    requestId: string | undefined,
  ): Entry | { ok: false; error: Refusal } {
    const state = doc.state!;
    const before = this.engine.whoMustAct(state);
    const applied = this.engine.apply(state, side, action);
    if (!applied.ok) return { ok: false as const, error: applied.violation };
    this.remember(doc, actor);
    const now = this.clock();
    const base = this.nextEntryBase(doc, version, actor, requestId);
    const rolls: RollRecord[] = applied.events
      .filter((e): e is Extract<GameEvent, { type: 'roll' }> => e.type === 'roll')
      .map((e) => ({ n: e.n, dice: e.dice.slice(), purpose: e.purpose, rule: e.rule }));
    addEntry(doc, entryOf(base, { kind: 'action', side, action, rolls }));
    doc.state = applied.state;
    const after = this.engine.whoMustAct(applied.state);
    // Undo window (Rally the Troops style): cleared by any roll and by a hand-over to the other side.
    if (rolls.length > 0 || after.side !== side) doc.undo = null;
    else {
      const step = { seq: base.seq, user: actor.userId, action, waitingSince: doc.meta.waitingSince };
      const apply = (s: GameState, sd: Side, a: Action) => this.engine.apply(s, sd, a);
      noteUndoStep(doc, apply, side, state, applied.state, applied.events.length, step, this.maxUndo);
    }
    if (before.side !== after.side || before.what !== after.what) doc.meta.waitingSince = now;
    const lines = [`#${base.seq} ${sideName(side)} (${this.label(doc, actor.userId)}): ${describeAction(action)}.`];
    for (const roll of rolls) lines.push(rollLine(roll));
    lines.push(...eventLines(applied.events)); // every event in words (src/app/narration.ts)
    const entry: Entry = { seq: base.seq, lines, events: applied.events, views: viewsFor(action, applied.events), next: null };
    if (this.isOver(applied.state)) {
      const res = applied.state.result ?? { reason: 'the last turn has been played', winner: null };
      entry.lines.push(...this.finish(doc, 'finished', res, now));
      entry.finishedAt = now;
    } else {
      entry.lines.push(this.waitLine(doc, after));
      // What the referee does next for a player, from this document (see act).
      entry.next = this.followUpOf(doc, applied.events);
    }
    return entry;
  }

  /** A table-talk note kept in the record (seated players and the host). Changes no game state. */
  async note(ref: GameRef, actor: Actor, text: string, opts: { requestId?: string } = {}): Promise<Result<{ seq?: number }>> {
    const bad = checkInput(ActorSchema, actor, 'player') ?? checkInput(RequestOptsSchema, opts, 'request');
    if (bad) return bad;
    if (typeof text !== 'string') return refuse('input/invalid', 'A note is text.');
    const clean = text.trim();
    if (!clean) return refuse('input/empty-note', 'The note is empty.');
    if (clean.length > LIMITS.note)
      return refuse('input/note-too-long', `Notes are limited to ${LIMITS.note} characters (this one has ${clean.length}).`);
    const r = await this.mutate(ref, 'saving your note', (doc, version) => {
      if (opts.requestId && doc.recent.some((e) => e.id === opts.requestId)) {
        return refuse('game/duplicate', 'That note was already saved.');
      }
      const bad = this.mustBeStatus(doc, 'lobby', 'active');
      if (bad) return bad;
      if (this.sidesOf(doc, actor.userId).length === 0 && actor.userId !== doc.meta.host) {
        return refuse('perm/not-seated', 'Only seated players and the host can add notes to the record; spectators can read.');
      }
      this.remember(doc, actor);
      const base = this.nextEntryBase(doc, version, actor, opts.requestId);
      addEntry(doc, entryOf(base, { kind: 'note', text: clean }));
      return { doc, lines: [`#${base.seq} note by ${this.label(doc, actor.userId)}: ${clean}`], extra: { seq: base.seq } };
    });
    if (!r.ok) return r;
    const { extra, ...rest } = r;
    return Object.assign(rest, { seq: extra?.seq as number });
  }

  /**
   * Undo the last action, if the actor's side made it and nothing has been rolled or handed over since
   * (the undo window). One step per call.
   */
  async undo(ref: GameRef, actor: Actor, opts: { side?: Side; requestId?: string; basedOnVersion?: number } = {}): Promise<Result> {
    const bad = checkInput(ActorSchema, actor, 'player') ?? checkInput(SideOptsSchema, opts, 'request');
    if (bad) return bad;
    return this.mutate(
      ref,
      'undoing',
      (doc, version) => {
        const bad = this.mustBeStatus(doc, 'active');
        if (bad) return bad;
        const held = this.sidesOf(doc, actor.userId);
        if (held.length === 0) return refuse('perm/not-seated', 'You are not seated in this game, so you cannot undo.');
        const window = doc.undo;
        const top = window?.steps[window.steps.length - 1];
        if (!window || !top) {
          return refuse(
            'undo/nothing',
            'Nothing to undo: undo reaches back only over your own side’s actions since its last dice roll or the last hand-over to the other side.',
          );
        }
        const side = window.side;
        if (!held.includes(side) || (opts.side && opts.side !== side)) {
          return refuse('perm/not-your-undo', `The last undoable action was the ${sideName(side)} side's; only that side may undo it.`);
        }
        // The state before the last step: the checkpoint replayed through the steps before it (no dice in the window).
        window.steps.pop();
        let restored: GameState = checkpointState(window, doc.state!);
        for (const step of window.steps) {
          const r = this.engine.apply(restored, side, step.action);
          if (!r.ok) throw new Error(`undo replay refused #${step.seq}: ${r.violation.message}`);
          restored = r.state;
        }
        if (!window.steps.length) doc.undo = null;
        doc.state = restored;
        doc.meta.waitingSince = top.waitingSince;
        this.remember(doc, actor);
        const base = this.nextEntryBase(doc, version, actor, opts.requestId);
        addEntry(doc, entryOf(base, { kind: 'undo', side, undoes: top.seq }));
        const what = describeAction(top.action);
        return {
          doc,
          lines: [
            `#${base.seq} ${this.label(doc, actor.userId)} undid #${top.seq} (${what}).`,
            doc.undo ? `${doc.undo.steps.length} more step(s) can be undone.` : 'Nothing further can be undone.',
            this.waitLine(doc, this.engine.whoMustAct(restored)),
          ],
          // A zoom where the undone action happened, not the whole map again (issue 16); none if it named no unit.
          views: undoViews(top.action, restored),
        };
      },
      opts.basedOnVersion,
    );
  }

  async resign(ref: GameRef, actor: Actor, opts: { side?: Side; requestId?: string; basedOnVersion?: number } = {}): Promise<Result> {
    const bad = checkInput(ActorSchema, actor, 'player') ?? checkInput(SideOptsSchema, opts, 'request');
    if (bad) return bad;
    return this.mutate(
      ref,
      'resigning',
      (doc, version) => {
        const side = this.resigningSide(doc, actor, opts.side);
        if (typeof side !== 'string') return side;
        const now = this.clock();
        this.remember(doc, actor);
        const base = this.nextEntryBase(doc, version, actor, opts.requestId);
        addEntry(doc, entryOf(base, { kind: 'resign', side }));
        const lines = [`#${base.seq} ${this.label(doc, actor.userId)} resigned for the ${sideName(side)} side.`];
        lines.push(
          ...this.finish(doc, 'finished', { reason: `${sideName(side)} resigned`, winner: otherSide(side), by: actor.userId }, now),
        );
        return { doc, lines, finishedAt: now };
      },
      opts.basedOnVersion,
    );
  }

  /**
   * The Victory Point bid (17.0.2), in the lobby of a game created with bidding: each of two players
   * bids VPs in secret (a bidder may change their bid until the other's is in). With both in, they are
   * revealed: the higher bidder picks a side and the other side starts with that many VPs; a tie
   * clears both bids for a new round (our default: the rule gives no tie-break; docs/rulings.md).
   */
  async bid(ref: GameRef, actor: Actor, vp: number, opts: { requestId?: string } = {}): Promise<Result> {
    const bad = checkInput(ActorSchema, actor, 'player') ?? checkInput(RequestOptsSchema, opts, 'request');
    if (bad) return bad;
    if (!Number.isInteger(vp) || vp < 0 || vp > BID_MAX)
      return refuse('input/bid', `A bid is a whole number of VPs from 0 to ${BID_MAX}.`, '17.0.2');
    return this.mutate(ref, 'bidding', (doc) => {
      const bad = this.mustBeStatus(doc, 'lobby');
      if (bad) return bad;
      const bidding = doc.meta.bidding;
      if (!bidding) return refuse('game/no-bidding', 'This game was created without the Victory Point bid: take a seat instead.', '17.0.2');
      if (bidding.winner !== undefined) return refuse('game/bidding', 'The bid is over: its winner picks a side now.', '17.0.2');
      const bidders = bidding.players ?? Object.keys(bidding.bids);
      if (!bidders.includes(actor.userId) && (bidding.players || bidders.length >= 2))
        return refuse('game/bidding', 'Two players are bidding already.', '17.0.2');
      this.remember(doc, actor);
      bidding.bids[actor.userId] = vp;
      const name = this.label(doc, actor.userId);
      const all = Object.entries(bidding.bids);
      if (all.length < 2) return { doc, lines: [`${name} has placed a sealed bid (17.0.2). Waiting for the other player's bid.`] };
      const [[a, av], [b, bv]] = all as [[string, number], [string, number]];
      const shown = `${this.label(doc, a)} bid ${av} VP, ${this.label(doc, b)} bid ${bv} VP`;
      if (av === bv) {
        bidding.players = [a, b]; // the same two bid again
        bidding.bids = {};
        bidding.round = (bidding.round ?? 1) + 1;
        return { doc, lines: [`Bids revealed: ${shown}. A tie: both bid again (round ${bidding.round}).`] };
      }
      const [winner, high] = av > bv ? [a, av] : [b, bv];
      bidding.winner = winner;
      bidding.vp = high;
      return {
        doc,
        lines: [
          `Bids revealed: ${shown}. ${this.label(doc, winner)} picks a side (\`/game join\`); the other side starts with ${high} VP (17.0.2).`,
        ],
      };
    });
  }

  /**
   * A side's time bank ran out while the game waited on it, and the host chose at /game new that this
   * loses the game (src/app/pace.ts). Called by the reminders when the clock's wake comes; refused when
   * the clock no longer says so (the side moved meanwhile) or the game has no such rule.
   */
  async timeOut(ref: GameRef, side: Side): Promise<Result> {
    const bad = checkInput(SideSchema, side, 'side');
    if (bad) return bad;
    return this.mutate(ref, 'ending the game on time', (doc, version) => {
      const bad = this.mustBeStatus(doc, 'active');
      if (bad) return bad;
      const now = this.clock();
      const who = this.who(doc);
      const left = clockLeft(doc.meta, now, who ? { side: who.side, since: doc.meta.waitingSince } : null);
      if (!paceOf(doc.meta).clockForfeit || !left || who?.side !== side || left[side] > 0) {
        return refuse('game/clock-running', `The ${sideName(side)} side's clock has not run out while the game waits on it.`);
      }
      const base = this.nextEntryBase(doc, version, { userId: 'clock' }, undefined);
      addEntry(doc, entryOf(base, { kind: 'timeout', side }));
      const lines = [`#${base.seq} The ${sideName(side)} side's clock ran out.`];
      lines.push(...this.finish(doc, 'finished', { reason: `${sideName(side)} ran out of time`, winner: otherSide(side) }, now));
      return { doc, lines, finishedAt: now };
    });
  }

  /**
   * The games a user plays in or hosts (across servers, or in one), or a server's games (for its
   * moderators): each with whose turn it is and since when. Active and lobby games only, most waiting first.
   */
  async listGames(query: { userId: string; guildId?: string } | { guildId: string }): Promise<Result<{ games: GameListing[] }>> {
    const bad = checkInput(ListSchema, query, 'list');
    if (bad) return bad;
    try {
      const found = 'userId' in query ? await this.store.gamesOf(query.userId) : await this.store.gamesIn(query.guildId);
      const games: GameListing[] = [];
      for (const g of found.filter((x) => x.finishedAt === null).slice(0, LIST_MAX)) {
        const stored = await this.store.load(g.gameId);
        const doc = stored ? upgradeDoc(stored.doc)?.doc : undefined;
        if (!stored || !doc) continue;
        // A server's list holds its own games only (the one rule, mayRead; a game of no server is in none).
        if (query.guildId !== undefined && (!doc.meta.guildId || this.mayRead(doc, { guildId: query.guildId }))) continue;
        const view = this.statusView(doc, g.gameId, stored.version);
        const mine = 'userId' in query ? SIDES.filter((s) => doc.meta.seats[s].includes(query.userId)) : [];
        games.push({
          gameId: g.gameId,
          channelId: doc.meta.channelId,
          guildId: doc.meta.guildId,
          scenario: doc.meta.scenario,
          status: doc.meta.status,
          turn: view.turn,
          mustAct: view.mustAct ? { side: view.mustAct.side, since: view.mustAct.since } : null,
          sides: mine,
          yourTurn: !!view.mustAct?.side && mine.includes(view.mustAct.side),
          clock: view.clock,
        });
      }
      const waited = (x: GameListing) => x.mustAct?.since ?? Number.MAX_SAFE_INTEGER;
      games.sort((a, b) => Number(b.yourTurn) - Number(a.yourTurn) || waited(a) - waited(b));
      return { ok: true, gameId: '', version: 0, lines: [], events: [], views: [], games };
    } catch (err) {
      if (isStoreError(err)) return this.storeRefusal(err, 'listing games');
      throw err;
    }
  }

  /** Host, or a user allowed to manage the channel (flag from the front end): stop the game without result. */
  async abort(ref: GameRef, actor: Actor, reason = 'aborted', opts: { requestId?: string } = {}): Promise<Result> {
    const bad = checkInput(ActorSchema, actor, 'player') ?? checkInput(RequestOptsSchema, opts, 'request');
    if (bad) return bad;
    if (typeof reason !== 'string') return refuse('input/invalid', 'The reason is text.');
    reason = reason.trim() || 'no reason given';
    if (reason.length > LIMITS.reason)
      return refuse('input/reason-too-long', `The reason is limited to ${LIMITS.reason} characters (this one has ${reason.length}).`);
    let r: Result;
    try {
      r = await this.mutate(ref, 'aborting', (doc, version) => {
        const bad = this.abortRefusal(doc, actor);
        if (bad) return bad;
        const now = this.clock();
        this.remember(doc, actor);
        const base = this.nextEntryBase(doc, version, actor, opts.requestId);
        addEntry(doc, entryOf(base, { kind: 'abort', reason }));
        const lines = [`#${base.seq} ${this.label(doc, actor.userId)} aborted the game (${reason}).`];
        lines.push(...this.finish(doc, 'aborted', { reason: `aborted: ${reason}`, winner: null, by: actor.userId }, now));
        return { doc, lines, finishedAt: now };
      });
    } catch (err) {
      // A document damaged past what loading checks (the engine or a helper threw on it).
      r = this.storeRefusal(
        new StoreError('store/corrupt', `aborting: ${(err as Error)?.message ?? String(err)}`, {}, { cause: err }),
        'aborting',
        'gameId' in ref ? ref.gameId : undefined,
      );
    }
    return r.ok || !BROKEN.has(r.error.code) ? r : this.freeChannel(ref, actor, r);
  }

  /** Why this actor may not resign now (the checks of resign), or the side that resigns. */
  private resigningSide(doc: GameDoc, actor: Actor, side: Side | undefined): Side | { ok: false; error: Refusal } {
    const bad = this.mustBeStatus(doc, 'active');
    if (bad) return bad;
    const held = this.sidesOf(doc, actor.userId);
    if (held.length === 0) return refuse('perm/not-seated', 'Only a seated player can resign for their side.');
    if (side && !held.includes(side)) return refuse('perm/wrong-side', `You do not sit on the ${sideName(side)} side.`);
    if (!side && held.length > 1) return refuse('input/side', 'You hold both sides: say which side resigns.');
    return side ?? held[0]!;
  }

  /** Why this actor may not abort the game now (the checks of abort), or null. */
  private abortRefusal(doc: GameDoc, actor: Actor): { ok: false; error: Refusal } | null {
    const bad = this.mustBeStatus(doc, 'lobby', 'active');
    if (bad) return bad;
    if (actor.userId !== doc.meta.host && !actor.canManageChannel)
      return refuse('perm/not-host', 'Only the host or someone who can manage this channel can abort the game.');
    return null;
  }

  /**
   * Before a front end asks "are you sure?" about resigning or aborting: whether this actor may, by the
   * very checks resign and abort make (a stranger is refused before any question), and the status to ask
   * on. `status` null: the game cannot be read, and this actor may abort it, which frees its channel
   * without asking (there is nothing left to play).
   */
  async mayEnd(
    ref: GameRef,
    actor: Actor,
    what: 'resign' | 'abort',
    opts: { side?: Side } = {},
  ): Promise<Result<{ status: StatusView | null }>> {
    const bad = checkInput(ActorSchema, actor, 'player') ?? checkInput(SideOptsSchema, opts, 'request');
    if (bad) return bad;
    let loaded: Awaited<ReturnType<GameService['readDoc']>>;
    let refusal: { ok: false; error: Refusal } | null = null;
    try {
      loaded = await this.readDoc(ref);
      if (!('ok' in loaded)) {
        const { doc, stored, id } = loaded;
        const check = what === 'resign' ? this.resigningSide(doc, actor, opts.side) : this.abortRefusal(doc, actor);
        if (check !== null && typeof check !== 'string') return check;
        return {
          ok: true,
          gameId: id,
          version: stored.version,
          lines: [],
          events: [],
          views: [],
          status: this.statusView(doc, id, stored.version),
        };
      }
      refusal = loaded;
    } catch (err) {
      refusal = this.storeRefusal(
        new StoreError('store/corrupt', `reading: ${(err as Error)?.message ?? String(err)}`, {}, { cause: err }),
        'reading the game',
      );
    }
    if (what === 'resign' || !BROKEN.has(refusal.error.code)) return refusal;
    const id = await this.brokenGameId(ref);
    if (!id || !(await this.mayFree(id, actor))) return refusal;
    return { ok: true, gameId: id, version: 0, lines: [], events: [], views: [], status: null };
  }

  /**
   * The id of the game a ref names, for a game that cannot be read (null if even that fails). By id with
   * a channel: only if it is that channel's game (a damaged game still holds its channel).
   */
  private async brokenGameId(ref: GameRef): Promise<string | null> {
    try {
      const id = await this.resolve(ref);
      if (typeof id !== 'string') return null;
      if ('gameId' in ref && ref.channelId !== undefined && (await this.store.gameInChannel(ref.channelId)) !== id) return null;
      return id;
    } catch (err) {
      if (isStoreError(err)) return null;
      throw err;
    }
  }

  /**
   * Whether the actor may free the channel of a game that cannot be read or saved: one who can manage
   * the channel; its host, when the document is readable that far; else (the host cannot be told then)
   * someone the store's player index names for it (its host and seated players).
   */
  private async mayFree(gameId: string, actor: Actor): Promise<boolean> {
    if (actor.canManageChannel) return true;
    try {
      const stored = await this.store.load(gameId);
      const host = (upgradeDoc(stored?.doc)?.doc as Partial<GameDoc> | undefined)?.meta?.host;
      if (typeof host === 'string') return host === actor.userId;
    } catch {
      // unreadable: the index decides
    }
    try {
      return (await this.store.gamesOf(actor.userId)).some((g) => g.gameId === gameId);
    } catch (err) {
      if (isStoreError(err)) return false;
      throw err;
    }
  }

  /**
   * The last resort of abort for a game that cannot be read or saved (a damaged document): the game is
   * removed through the store, which frees its channel (issue 45: no channel is ever blocked for good).
   * Its record and seed go with it; the players are told so. `failure` is answered when that is not
   * allowed or the store cannot do it either.
   */
  private async freeChannel(ref: GameRef, actor: Actor, failure: { ok: false; error: Refusal }): Promise<Result> {
    const id = await this.brokenGameId(ref);
    if (!id || !(await this.mayFree(id, actor))) return failure;
    this.kept.drop(id);
    try {
      if (!(await this.store.delete(id))) return failure; // nothing there to remove
    } catch (err) {
      if (isStoreError(err)) return this.storeRefusal(err, 'freeing the channel', id);
      throw err;
    }
    return {
      ok: true,
      gameId: id,
      version: 0,
      events: [],
      views: [],
      removed: true,
      lines: [
        `Game ${id} could not be read or saved, so it could not be aborted as usual: it was removed, and this channel is free for a new game.`,
        'Its record and dice seed could not be kept. The operator has been told.',
      ],
    };
  }

  /**
   * End a game the engine has declared over (normally done automatically by the last action) and reveal
   * the seed. A game still in play is ended by resign or abort instead.
   */
  async end(ref: GameRef, actor: Actor): Promise<Result<{ seed?: string }>> {
    const bad = checkInput(ActorSchema, actor, 'player');
    if (bad) return bad;
    const loaded = await this.loadDoc(ref);
    if ('ok' in loaded) return loaded;
    if (loaded.doc.meta.status === 'finished' || loaded.doc.meta.status === 'aborted') {
      const d = loaded.doc;
      return {
        ok: true,
        gameId: loaded.id,
        version: loaded.stored.version,
        events: [],
        views: [],
        seed: d.secret?.seed,
        lines: [
          `The game is already over (${d.meta.status}).`,
          ...(d.secret ? [`Dice seed: ${d.secret.seed}`, `Commitment: ${d.meta.commitment}`] : []),
        ],
      };
    }
    const r = await this.mutate(ref, 'ending the game', (doc) => {
      const bad = this.mustBeStatus(doc, 'active');
      if (bad) return bad;
      if (actor.userId !== doc.meta.host && this.sidesOf(doc, actor.userId).length === 0) {
        return refuse('perm/not-seated', 'Only the host or a seated player can end the game.');
      }
      if (!this.isOver(doc.state!)) {
        return refuse('game/not-over', 'The game is still in play. A side can resign, or the host can abort it.');
      }
      const now = this.clock();
      const lines = this.finish(doc, 'finished', doc.state!.result ?? { reason: 'the last turn has been played', winner: null }, now);
      return { doc, lines, finishedAt: now, extra: { seed: doc.secret?.seed } };
    });
    if (!r.ok) return r;
    const { extra, ...rest } = r;
    return { ...rest, seed: extra?.seed as string };
  }

  // ───────────────────────────── reading (anyone, spectators included) ─────────────────────────────

  /** The game's status in lines and as a view. Anyone may read it, from the game's own server (mayRead). */
  async status(ref: GameRef, viewer?: Viewer): Promise<Result<{ status: StatusView }>> {
    const bad = this.badViewer(viewer);
    if (bad) return bad;
    const loaded = await this.readDoc(ref);
    if ('ok' in loaded) return loaded;
    const { doc, stored, id } = loaded;
    const elsewhere = this.mayRead(doc, viewer, 'its status can be read there');
    if (elsewhere) return elsewhere;
    const st = doc.state;
    const who = this.who(doc);
    const view = this.statusView(doc, id, stored.version);
    const seatLine = SIDES.map((s) => `${sideName(s)}: ${doc.meta.seats[s].map((u) => this.label(doc, u)).join(', ') || '(empty)'}`).join(
      ' · ',
    );
    const lines = [`Game ${id} · ${this.scenarioName(doc)} · ${doc.meta.status}`, `Seats: ${seatLine}`];
    if (stored.recovered) lines.push(recoveredLine(stored.recovered));
    if (st)
      lines.push(`Turn ${st.turn}: the ${sidePhaseWords(st.activeSide, st.phase)}. VP: Finnish ${st.vp.finnish}, Soviet ${st.vp.soviet}.`);
    if (doc.meta.status === 'lobby') lines.push(...this.setupLines(doc));
    if (view.mustAct) {
      lines.push(this.waitLine(doc, who));
      if (view.mustAct.since !== null) lines.push(`Waiting since ${new Date(view.mustAct.since).toISOString()}.`);
    }
    const bidLine = this.bidLine(doc);
    if (bidLine) lines.push(bidLine);
    if (doc.meta.endTurn !== undefined)
      lines.push(`Length: a shortened game that ends after turn ${doc.meta.endTurn}, scored then as at a scenario's end (17.0).`);
    const brief = this.ruleset.scenarios.find((x) => x.id === doc.meta.scenario);
    if (brief && doc.meta.status !== 'finished' && doc.meta.status !== 'aborted')
      lines.push(...briefingLines(brief, { endTurn: doc.meta.endTurn, options: doc.state?.options ?? doc.meta.options }).slice(1));
    if (doc.meta.status === 'active' || doc.meta.status === 'lobby') lines.push(...paceLines(view));
    // The dice commitment is shown at the start and by `verify` (and is in the record), not in every status.
    if (doc.meta.result)
      lines.push(
        `Result: ${doc.meta.result.winner ? `${sideName(doc.meta.result.winner)} win` : 'no winner'} (${doc.meta.result.reason}).`,
      );
    return {
      ok: true,
      gameId: id,
      version: stored.version,
      lines,
      events: [],
      views: st ? [{ caption: 'Current position', options: {} }] : [],
      status: view,
    };
  }

  private cachedLegal(gameId: string, version: number, state: GameState, side: Side): ReturnType<EngineApi['legalActions']> {
    const key = `${gameId}:${version}:${side}`;
    const hit = this.legalCache.get(key);
    if (hit) {
      // Most recently used last (a Map keeps insertion order).
      this.legalCache.delete(key);
      this.legalCache.set(key, hit);
      return hit;
    }
    const legal = this.engine.legalActions(state, side);
    this.legalCache.set(key, legal);
    if (this.legalCache.size > LEGAL_CACHE_MAX) this.legalCache.delete(this.legalCache.keys().next().value!);
    return legal;
  }

  /** The game as the front ends show it: who acts on what, seats, undo, result (no load: from the doc). */
  private statusView(doc: GameDoc, id: string, version: number): StatusView {
    const st = doc.state;
    const who = this.who(doc);
    return {
      gameId: id,
      channelId: doc.meta.channelId,
      version,
      status: doc.meta.status,
      scenario: doc.meta.scenario,
      turn: st?.turn ?? null,
      phase: st?.phase ?? null,
      activeSide: st?.activeSide ?? null,
      mustAct:
        who && doc.meta.status === 'active'
          ? { side: who.side, what: who.what, pending: who.pending ?? null, since: doc.meta.waitingSince }
          : null,
      seats: { finnish: doc.meta.seats.finnish.slice(), soviet: doc.meta.seats.soviet.slice() },
      host: doc.meta.host,
      commitment: doc.meta.commitment,
      seed: (doc.meta.status === 'finished' || doc.meta.status === 'aborted') && doc.secret ? doc.secret.seed : null,
      undoable: doc.undo?.steps.length ? { side: doc.undo.side, steps: doc.undo.steps.length } : null,
      vp: st?.vp ?? null,
      result: doc.meta.result,
      recordLength: doc.entries,
      pace: paceOf(doc.meta),
      clock: clockLeft(
        doc.meta,
        this.clock(),
        doc.meta.status === 'active' && who ? { side: who.side, since: doc.meta.waitingSince } : null,
      ),
    };
  }

  /** The legal actions for a side (the UI builds buttons and autocomplete from this). Seated players only. */
  async legal(
    ref: GameRef,
    actor: Actor,
    side?: Side,
  ): Promise<Result<{ legal: ReturnType<EngineApi['legalActions']>; side: Side; status: StatusView }>> {
    const badInput = checkInput(ActorSchema, actor, 'player') ?? checkInput(SideSchema.optional(), side, 'side');
    if (badInput) return badInput;
    const loaded = await this.readDoc(ref);
    if ('ok' in loaded) return loaded;
    const { doc, stored, id } = loaded;
    const bad = this.mustBeStatus(doc, 'active');
    if (bad) return bad;
    const s = this.actingSide(doc, actor, side, false);
    if (typeof s !== 'string') return s;
    return {
      ok: true,
      gameId: id,
      version: stored.version,
      lines: [],
      events: [],
      views: [],
      legal: this.cachedLegal(id, stored.version, doc.state!, s),
      side: s,
      status: this.statusView(doc, id, stored.version),
    };
  }

  /**
   * Hexes open for the next step of a retreat or advance path the deciding player is building (the
   * engine's retreat priorities, 8.5.2, or the advance rules, 8.7.1). Anyone may ask; it changes nothing.
   */
  async decisionHexes(ref: GameRef, req: { units: string[]; path: string[]; final?: boolean }): Promise<Result<{ hexes: string[] }>> {
    const badInput = checkInput(PathRequestSchema, req, 'path request');
    if (badInput) return badInput;
    const loaded = await this.readDoc(ref);
    if ('ok' in loaded) return loaded;
    const { doc, stored, id } = loaded;
    const bad = this.mustBeStatus(doc, 'active');
    if (bad) return bad;
    return {
      ok: true,
      gameId: id,
      version: stored.version,
      lines: [],
      events: [],
      views: [],
      hexes: this.engine.decisionHexes(doc.state!, req),
    };
  }

  /**
   * The odds of a Combat or Assault a seated player is about to declare (8.2–8.4), after the declaration
   * checks apply makes, so a refusal comes before the preview. Rolls nothing, changes nothing.
   */
  async preview(ref: GameRef, actor: Actor, action: CombatAction | AssaultAction, side?: Side): Promise<Result<{ preview: OddsPreview }>> {
    const badInput = checkInput(ActorSchema, actor, 'player') ?? checkAction(action) ?? checkInput(SideSchema.optional(), side, 'side');
    if (badInput) return badInput;
    if (action.type !== 'combat' && action.type !== 'assault')
      return refuse('input/action', 'Only a Combat or an Assault has odds to preview.');
    const loaded = await this.readDoc(ref);
    if ('ok' in loaded) return loaded;
    const { doc, stored, id } = loaded;
    const bad = this.mustBeStatus(doc, 'active');
    if (bad) return bad;
    const s = this.actingSide(doc, actor, side, true);
    if (typeof s !== 'string') return s;
    const p = this.engine.previewAction(doc.state!, s, action);
    if (!p.ok) return { ok: false, error: p.violation };
    return { ok: true, gameId: id, version: stored.version, lines: p.preview.lines, events: [], views: [], preview: p.preview };
  }

  /** A map view of the current state for the renderer. Anyone may look, from the game's own server (mayRead). */
  async mapView(ref: GameRef, options: MapViewOptions = {}, viewer?: Viewer): Promise<Result<{ view: unknown }>> {
    const bad = this.badViewer(viewer);
    if (bad) return bad;
    const loaded = await this.readDoc(ref);
    if ('ok' in loaded) return loaded;
    const { doc, stored, id } = loaded;
    const elsewhere = this.mayRead(doc, viewer, 'its map can be seen there');
    if (elsewhere) return elsewhere;
    if (!doc.state) return refuse('game/not-started', 'The game has not started: there is no map to show yet.');
    return {
      ok: true,
      gameId: id,
      version: stored.version,
      lines: [],
      events: [],
      views: [],
      view: this.engine.toMapView(doc.state, options),
    };
  }

  /**
   * The record so far. The seed is included only once the game is over; RNG state never.
   * Who may export (docs/discord.md § Who may read what), when the front end names a viewer:
   * - a game not over (lobby, active): its host and seated players, in its own channel; the record
   *   names the players and shows the game as it stands, so spectators and other servers get nothing;
   * - a game over (finished, aborted): anyone in the server the game was played in (the record is the
   *   public proof of the dice), never from another server.
   * Without a viewer the caller is the operator (the console, the bot's own phase summaries).
   */
  async exportRecord(ref: GameRef, viewer?: Viewer): Promise<Result<{ record: ExportedRecord }>> {
    const bad = this.badViewer(viewer);
    if (bad) return bad;
    const loaded = await this.loadDoc(ref);
    if ('ok' in loaded) return loaded;
    const { doc, stored, id } = loaded;
    if (viewer) {
      const denied = this.mayExport(doc, viewer);
      if (denied) return denied;
    }
    const entries = await this.wholeRecord(loaded);
    if ('ok' in entries) return entries;
    const record = exportDoc(doc, entries, this.helpers);
    return {
      ok: true,
      gameId: id,
      version: stored.version,
      events: [],
      views: [],
      record,
      lines: [
        `Record of game ${id}: ${record.entries.length} entries, ${record.actions.length} effective actions.`,
        record.seed
          ? 'The seed is included: anyone can verify every roll.'
          : 'The seed stays secret until the game ends; the commitment is included.',
      ],
    };
  }

  private mayExport(doc: GameDoc, viewer: Viewer): { ok: false; error: Refusal } | null {
    const m = doc.meta;
    const elsewhere = this.mayRead(doc, viewer, 'its record can be exported there');
    if (m.status === 'finished' || m.status === 'aborted') return elsewhere;
    const involved = viewer.actor.userId === m.host || this.sidesOf(doc, viewer.actor.userId).length > 0;
    if (!involved) {
      return refuse(
        'perm/export-players-only',
        `Game ${m.gameId} is still being played: only its host and seated players can export its record until it ends.`,
      );
    }
    if (elsewhere) return elsewhere;
    if (viewer.channelId !== undefined && viewer.channelId !== m.channelId) {
      return refuse('perm/export-in-channel', `Game ${m.gameId} is still being played: export its record in its own channel.`);
    }
    return null;
  }

  /**
   * Every record entry of a game: the store's history (a second read, for export and verify only), or
   * the record a format-1 document carried itself (src/app/doc-upgrade.ts).
   */
  private async wholeRecord(loaded: { id: string; carried: RecordEntry[] }): Promise<RecordEntry[] | { ok: false; error: Refusal }> {
    if (loaded.carried.length) return loaded.carried;
    try {
      return await storedRecord(this.store, loaded.id);
    } catch (err) {
      if (isStoreError(err)) return this.storeRefusal(err, 'reading the record', loaded.id);
      throw err;
    }
  }

  /** Recompute every roll from the revealed seed and the record; report the first mismatch. Not from another server (mayRead). */
  async verify(ref: GameRef, viewer?: Viewer): Promise<Result<{ report: VerifyReport }>> {
    const bad = this.badViewer(viewer);
    if (bad) return bad;
    const loaded = await this.loadDoc(ref);
    if ('ok' in loaded) return loaded;
    const { doc, stored, id } = loaded;
    const elsewhere = this.mayRead(doc, viewer, 'it can be verified there');
    if (elsewhere) return elsewhere;
    if (!doc.secret || (doc.meta.status !== 'finished' && doc.meta.status !== 'aborted')) {
      return refuse('verify/seed-secret', 'The seed is revealed only when the game ends; verification is possible then.');
    }
    const entries = await this.wholeRecord(loaded);
    if ('ok' in entries) return entries;
    const report = verifyRecord(this.engine, this.helpers, exportDoc(doc, entries, this.helpers));
    return { ok: true, gameId: id, version: stored.version, events: [], views: [], lines: report.lines, report };
  }
}

/**
 * Refusals of abort that mean the game itself is damaged (it cannot be read or saved), not that the
 * abort is wrong: abort then frees the channel by removing the game (GameService.freeChannel).
 */
const BROKEN: ReadonlySet<RefusalCode> = new Set<RefusalCode>(['store/corrupt', 'store/invalid', 'game/not-found']);

/** Games listed at most (a list of more would not fit one Discord message anyway). */
export const LIST_MAX = 50;

/** Legal-action listings kept (src/app/game-service.ts legal): a few games' current versions, both sides. */
const LEGAL_CACHE_MAX = 32;

/** The highest Victory Point bid taken (17.0.2; the Playbook suggests 5–30 for the Campaign). */
export const BID_MAX = 99;
