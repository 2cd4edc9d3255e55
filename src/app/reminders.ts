// Reminders, stall notices, clock notices and vacations (issue 17; docs/reminders.md). The bot speaks
// unprompted here: a scheduler (src/schedule/) wakes a game when its next notice is due; `wake` reads
// what is due from the game (src/app/pace.ts) and from the game's nudge record, says it through a
// Notifier (the Discord front end implements it), records it, and schedules the next wake.
//
// Once and only once: the nudge record is saved with the store's compare-and-set after a notice is
// sent, and every notice carries a nonce derived from what it announces, which Discord uses to drop a
// repeat of the same message (enforce_nonce). Two processes waking the same game, or a process that
// died between sending and saving, send one message. A notice that cannot be sent (no permission, DMs
// closed) is not recorded as sent: it is tried again later, and the host is told once.
import { createHash } from 'node:crypto';
import type { Side } from '../engine/types.js';
import type { Scheduler } from '../schedule/types.js';
import { DAY_MS, isStoreError, isValidId, type GameStore } from '../store/types.js';
import { SIDES } from './game-doc.js';
import { sideName, type GameService, type StatusView } from './game-service.js';
import { durationWords, paceOf, reminderAt, remindersDue, stallAt } from './pace.js';
import { describeDecision } from './decision-answers.js';
import { sidePhaseWords } from './phase-summary.js';

export type NoticeKind = 'reminder' | 'stall' | 'clock' | 'away' | 'permission';

export interface Notice {
  kind: NoticeKind;
  gameId: string;
  channelId: string;
  text: string;
  /** Users mentioned (and pinged) in the channel, before the text (the text names no one to ping). */
  mention: string[];
  /** At most 25 characters: the same notice sent twice carries the same nonce. */
  nonce: string;
  /** Offer the reminder's own buttons (snooze this turn, DMs instead). */
  controls: boolean;
  /** The game's version when the notice was made (its buttons carry it). */
  version: number;
}

/** How a notice went: `denied` = the bot may not post there (or the user's DMs are closed). */
export type Delivery = 'ok' | 'denied' | 'gone';

export interface Notifier {
  post(notice: Notice): Promise<Delivery>;
  dm(userId: string, notice: Notice): Promise<Delivery>;
}

/** A player's own settings, for all their games. */
export interface PlayerPrefs {
  /** Reminders by direct message instead of a mention in the game's channel. */
  dm: boolean;
  /** Away until this epoch ms: no reminders to them until then. */
  awayUntil: number | null;
}

/** What has been said about a game's current wait (store record `nudge/<gameId>`). */
interface Nudge {
  /** The wait this is about: `<side>@<since>`; a new wait starts a fresh count. */
  wait: string;
  sent: number;
  stallTold: boolean;
  /** Users who snoozed reminders, with the game turn they snoozed. */
  snoozed: Record<string, number>;
  /** Sides whose clock ran out and were announced (for the whole game). */
  clockTold: Side[];
  /** The host has been told that the bot may not post in the channel (reset once a post goes through). */
  warned: boolean;
  /** Earliest retry of a notice that could not be sent. */
  retryAt: number | null;
  /** The game's channel is gone (Discord: unknown channel): the host was told, and nothing more is sent for this wait. */
  gone?: boolean;
  /** Epoch ms of the record's last write (its expiry is counted from there). */
  savedAt?: number;
}

const NUDGE = 'nudge';
const PLAYER = 'player';
/**
 * Retention (docs/retention.md). A game's nudge record is deleted when the game ends; failing that (the
 * store was down then) it goes NUDGE_IDLE_DAYS after its last write, which an active game renews.
 */
export const NUDGE_IDLE_DAYS = 180;
/**
 * A player's preferences go PLAYER_IDLE_DAYS after they were last changed or used for a reminder (and
 * not before a vacation they set ends); `/game forget` deletes them at once (Reminders.forgetPlayer).
 */
export const PLAYER_IDLE_DAYS = 365;
/** A notice that could not be sent is tried again after this long. */
export const RETRY_MS = 3_600_000;

export interface RemindersDeps {
  store: GameStore;
  service: GameService;
  scheduler: Scheduler;
  notifier: Notifier;
  now: () => number;
  onError?: (err: unknown, what: string) => void;
  /**
   * Where failures that are retried (arming a game's wake; the scheduler's wakes, when the composition
   * root routes them here too) are counted, so an outage is not a log line per retry. Reminders tells it
   * when an arming or a wake works again. Absent: one made from onError (repeats said in `what`).
   */
  failures?: FailureLog;
  /** Days a nudge record outlives its last write (default NUDGE_IDLE_DAYS; tests shorten it). */
  nudgeIdleDays?: number;
  /** Days a player's preferences outlive their last change or use (default PLAYER_IDLE_DAYS). */
  playerIdleDays?: number;
}

/** What a FailureLog says: each call is one log line. */
export interface FailureReport {
  /** A failure worth a line: the first of a run, or the first after `everyMs`; `repeats` failed unlogged since the last line. */
  failed(err: unknown, what: string, repeats: number): void;
  /** Something worked again after `failures` failures, the first of them `downMs` ago. */
  recovered(failures: number, downMs: number): void;
}

/** A logger such as pino's (the composition root's); src/app knows none by name. */
export interface LineLogger {
  warn(fields: object, msg: string): void;
  info(fields: object, msg: string): void;
}

/** A failure that is retried gets a log line at most this often while it keeps failing. */
export const FAILURE_LOG_EVERY_MS = 60_000;

/**
 * Failures that repeat while something is down (a Redis outage fails every wake, every retry and every
 * reconnection), logged without a line per try: the first failure, then at most one line per `everyMs`
 * with how many failed since the line before, and one line when something works again (`ok`).
 */
export class FailureLog {
  private since: number | null = null;
  private lastLine = 0;
  private unlogged = 0;
  private count = 0;
  private readonly everyMs: number;
  private readonly now: () => number;

  constructor(
    private readonly report: FailureReport,
    options: { everyMs?: number; now?: () => number } = {},
  ) {
    this.everyMs = options.everyMs ?? FAILURE_LOG_EVERY_MS;
    this.now = options.now ?? Date.now;
  }

  /** Lines for a logger: warnings while failing, an info line on recovery. `what` names what is retried. */
  static lines(log: LineLogger, what: string, options: { everyMs?: number; now?: () => number } = {}): FailureLog {
    return new FailureLog(
      {
        failed: (err, key, repeats) =>
          log.warn(
            { err, key, ...(repeats ? { repeats } : {}) },
            repeats
              ? `${what} failed again (${repeats} more since the last line; retried, at most one line a minute)`
              : `${what} failed (it is retried)`,
          ),
        recovered: (failures, downMs) => log.info({ failures, downMs }, `${what} works again (after ${failures} failures)`),
      },
      options,
    );
  }

  /** Whether failures are being counted (something failed and nothing has worked since). */
  get failing(): boolean {
    return this.since !== null;
  }

  failed(err: unknown, what: string): void {
    const now = this.now();
    this.count++;
    if (this.since === null) {
      this.since = this.lastLine = now;
      this.report.failed(err, what, 0);
    } else if (now - this.lastLine >= this.everyMs) {
      this.lastLine = now;
      this.report.failed(err, what, this.unlogged);
      this.unlogged = 0;
    } else this.unlogged++;
  }

  ok(): void {
    if (this.since === null) return;
    const [failures, downMs] = [this.count, this.now() - this.since];
    this.since = null;
    this.count = this.unlogged = 0;
    this.report.recovered(failures, downMs);
  }
}

/** What the game waits for, in words: the decision, or the phase. */
export function waitWords(status: StatusView): string {
  const pending = status.mustAct?.pending;
  return pending ? describeDecision(pending) : `the ${sidePhaseWords(null, status.phase)}, turn ${status.turn ?? '?'}`;
}

function nonce(...parts: Array<string | number>): string {
  return `n${createHash('sha256').update(parts.join('|')).digest('base64url').slice(0, 23)}`;
}

export class Reminders {
  private readonly inFlight = new Set<Promise<void>>();
  /** Retried failures (arming, wakes), counted so that an outage is a few lines, not one per retry. */
  readonly failures: FailureLog;

  constructor(private readonly deps: RemindersDeps) {
    this.failures =
      deps.failures ??
      new FailureLog(
        {
          failed: (err, what, repeats) =>
            deps.onError?.(err, repeats ? `${what} (and ${repeats} more failures since the last report)` : what),
          recovered: () => {},
        },
        { now: deps.now },
      );
    // Every accepted change may start a new wait: arm its wake, without holding up the player's reply.
    deps.service.onSaved((status) => {
      const p = this.changed(status.gameId, status)
        .then(
          () => this.failures.ok(),
          (err: unknown) => this.failures.failed(err, `arming ${status.gameId}`),
        )
        .finally(() => this.inFlight.delete(p));
      this.inFlight.add(p);
    });
  }

  /** Wait for the wakes being armed after recent changes (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }

  private get now(): number {
    return this.deps.now();
  }

  // ───────────────────────────── records ─────────────────────────────

  private idleMs(kind: 'nudge' | 'player'): number {
    return Math.round(
      (kind === 'nudge' ? (this.deps.nudgeIdleDays ?? NUDGE_IDLE_DAYS) : (this.deps.playerIdleDays ?? PLAYER_IDLE_DAYS)) * DAY_MS,
    );
  }

  private static prefsOf(value: unknown): PlayerPrefs & { savedAt?: number } {
    const v = (value as (Partial<PlayerPrefs> & { savedAt?: number }) | undefined) ?? {};
    return { dm: v.dm ?? false, awayUntil: v.awayUntil ?? null, ...(v.savedAt === undefined ? {} : { savedAt: v.savedAt }) };
  }

  /**
   * A player's settings. Read for a reminder, preferences written more than half their idle time ago
   * are written again (so a player who is still reminded keeps them).
   */
  async prefs(userId: string, renew = false): Promise<PlayerPrefs> {
    const rec = isValidId(userId) ? await this.deps.store.loadRecord(PLAYER, userId) : null;
    const { savedAt, ...prefs } = Reminders.prefsOf(rec?.value);
    if (renew && rec && (savedAt ?? 0) + this.idleMs('player') / 2 <= this.now) {
      await this.savePrefs(userId, prefs, rec.version).catch((err: unknown) => {
        if (!isStoreError(err, 'store/conflict')) throw err; // changed meanwhile: renewed anyway
      });
    }
    return prefs;
  }

  private async savePrefs(userId: string, prefs: PlayerPrefs, version: number): Promise<void> {
    const now = this.now;
    // Not before a vacation ends: the player's away time is theirs to keep.
    const ttlMs = this.idleMs('player') + Math.max(0, (prefs.awayUntil ?? 0) - now);
    await this.deps.store.saveRecord(PLAYER, userId, { ...prefs, savedAt: now }, version, { ttlMs });
  }

  private async updatePrefs(userId: string, change: (p: PlayerPrefs) => PlayerPrefs): Promise<PlayerPrefs> {
    for (let attempt = 0; ; attempt++) {
      const rec = await this.deps.store.loadRecord(PLAYER, userId);
      const { savedAt: _, ...prefs } = Reminders.prefsOf(rec?.value);
      const next = change(prefs);
      try {
        await this.savePrefs(userId, next, rec?.version ?? 0);
        return next;
      } catch (err) {
        if (attempt >= 4 || !isStoreError(err, 'store/conflict')) throw err;
      }
    }
  }

  /** `/game forget`: delete the player's own preferences (DMs, vacation) now. True if there were any. */
  async forgetPlayer(userId: string): Promise<boolean> {
    if (!isValidId(userId)) return false;
    return this.deps.store.deleteRecord(PLAYER, userId);
  }

  /** Save a game's nudge record over `version`, its expiry renewed. */
  private async saveNudge(gameId: string, n: Nudge, version: number): Promise<void> {
    await this.deps.store.saveRecord(NUDGE, gameId, { ...n, savedAt: this.now }, version, { ttlMs: this.idleMs('nudge') });
  }

  private static fresh(wait: string, old: Nudge | null): Nudge {
    return { wait, sent: 0, stallTold: false, snoozed: {}, clockTold: old?.clockTold ?? [], warned: old?.warned ?? false, retryAt: null };
  }

  private async loadNudge(gameId: string): Promise<{ nudge: Nudge | null; version: number }> {
    const rec = await this.deps.store.loadRecord(NUDGE, gameId);
    return { nudge: (rec?.value as Nudge | undefined) ?? null, version: rec?.version ?? 0 };
  }

  // ───────────────────────────── scheduling ─────────────────────────────

  /**
   * A game changed (or the bot started): make sure its next notice has a wake. `saved` is the game as
   * just saved (the service hands it over, so this costs no second load of the game).
   */
  async changed(gameId: string, saved?: StatusView): Promise<void> {
    let status = saved;
    if (!status) {
      const st = await this.deps.service.status({ gameId });
      if (!st.ok) return;
      status = st.status;
    }
    if (status.status === 'finished' || status.status === 'aborted') {
      await this.gameOver(gameId);
      return;
    }
    if (status.status !== 'active') return;
    const { nudge, version } = await this.loadNudge(gameId);
    if (nudge && (nudge.savedAt ?? 0) + this.idleMs('nudge') / 2 <= this.now) {
      await this.saveNudge(gameId, nudge, version).catch((err: unknown) => {
        if (!isStoreError(err, 'store/conflict')) throw err; // written meanwhile: renewed anyway
      });
    }
    const waitNow = `${status.mustAct?.side}@${status.mustAct?.since}`;
    if (nudge?.gone && nudge.wait === waitNow) return;
    const next = await this.nextWake(status, nudge);
    if (next !== null) await this.deps.scheduler.wakeAt(gameId, next);
  }

  /**
   * Nothing more is said about a game that is over: its nudge record goes with it, and so do its wakes
   * where the scheduler can drop them (the in-process one; BullMQ's run, find the game over, and end).
   */
  private async gameOver(gameId: string): Promise<void> {
    await this.deps.store.deleteRecord(NUDGE, gameId);
    const scheduler = this.deps.scheduler as Scheduler & { cancel?: (key: string) => Promise<void> };
    await scheduler.cancel?.(gameId);
  }

  /** At start: every active game gets its wake (a wake lost to an outage is made again here). */
  async resumeAll(): Promise<number> {
    let n = 0;
    for (const g of await this.deps.store.list()) {
      if (g.finishedAt !== null) {
        // A nudge record its game's end could not delete (the store was down then) goes now.
        await this.deps.store.deleteRecord(NUDGE, g.gameId).catch((err: unknown) => this.failures.failed(err, `forgetting ${g.gameId}`));
        continue;
      }
      try {
        await this.changed(g.gameId);
        this.failures.ok();
        n++;
      } catch (err) {
        this.failures.failed(err, `re-arming ${g.gameId}`);
      }
    }
    return n;
  }

  /** When the game next needs a word: the next reminder, the stall notice, the clock running out, a retry. */
  private async nextWake(status: StatusView, nudge: Nudge | null): Promise<number | null> {
    const side = status.mustAct?.side;
    const since = status.mustAct?.since;
    if (!side || since === null || since === undefined) return null;
    const wait = `${side}@${since}`;
    const n = nudge && nudge.wait === wait ? nudge : Reminders.fresh(wait, nudge);
    const pace = status.pace;
    let reminder = reminderAt(since, pace, n.sent);
    // A reminder held back because every player of the side is away comes when the first is back.
    const away = reminder === null ? null : await this.awayUntil(status.seats[side]);
    if (reminder !== null && away !== null) reminder = Math.max(reminder, away);
    const times: Array<number | null> = [reminder, n.stallTold ? null : stallAt(since, pace), n.retryAt];
    const left = status.clock?.[side];
    if (left !== undefined && !n.clockTold.includes(side)) times.push(this.now + Math.max(0, left));
    // While a notice waits for a retry, nothing comes before the retry.
    const at = times.filter((t): t is number => t !== null).map((t) => Math.max(t, n.retryAt ?? 0));
    return at.length ? Math.min(...at) : null;
  }

  /** When the first of these users is back, if all of them are away now; null otherwise. */
  private async awayUntil(users: string[]): Promise<number | null> {
    if (!users.length) return null;
    const until: number[] = [];
    for (const u of users) {
      const p = await this.prefs(u);
      if (!p.awayUntil || p.awayUntil <= this.now) return null;
      until.push(p.awayUntil);
    }
    return Math.min(...until);
  }

  // ───────────────────────────── the wake ─────────────────────────────

  /**
   * The scheduler's handler: say what is due for the game, record it, schedule the next wake. A wake
   * for time `at` counts as at least `at` (a process whose clock runs a little behind the one that
   * scheduled it would otherwise find nothing due, and re-arm the very job it is running).
   */
  async wake(gameId: string, at = 0): Promise<void> {
    // A failure goes back to the scheduler, which retries the wake and reports it (into `failures`
    // when the composition root routes its errors there); a wake that works ends a run of failures.
    await this.wakeOnce(gameId, at);
    this.failures.ok();
  }

  private async wakeOnce(gameId: string, at: number): Promise<void> {
    for (let attempt = 0; attempt < 4; attempt++) {
      const st = await this.deps.service.status({ gameId });
      if (st.ok && (st.status.status === 'finished' || st.status.status === 'aborted')) {
        await this.deps.store.deleteRecord(NUDGE, gameId); // in case its end could not
        return;
      }
      if (!st.ok || st.status.status !== 'active') return;
      const status = st.status;
      const side = status.mustAct?.side;
      const since = status.mustAct?.since;
      if (!side || since === null || since === undefined) return;
      const { nudge: old, version } = await this.loadNudge(gameId);
      const wait = `${side}@${since}`;
      const n: Nudge = old && old.wait === wait ? structuredClone(old) : Reminders.fresh(wait, old);
      const now = Math.max(this.now, at);
      if (n.retryAt !== null && n.retryAt > now) {
        await this.schedule(gameId, status, n, now);
        return;
      }
      n.retryAt = null;
      const pace = paceOf({ pace: status.pace });
      const due = remindersDue(since, pace, now);
      const base = { gameId, channelId: status.channelId, version: status.version };
      // A notice that could not be sent: 'denied' (no permission: retried hourly) or 'gone' (the channel is deleted).
      let blocked: Exclude<Delivery, 'ok'> | null = null;

      // The clock ran out (told once per side per game; with forfeit on, the game ends).
      const left = status.clock?.[side];
      if (left !== undefined && left <= 0 && !n.clockTold.includes(side)) {
        const forfeit = status.pace.clockForfeit;
        const text = forfeit
          ? `⏱️ The ${sideName(side)} side's clock has run out: as the host chose at the start, it loses on time.`
          : `⏱️ The ${sideName(side)} side's clock has run out (${durationWords(-left)} over). The host decides: play on, hand the seat to someone else (\`/game seat\`), or \`/game abort\`.`;
        const sent = await this.deps.notifier.post({
          ...base,
          kind: 'clock',
          text,
          mention: [status.host, ...status.seats[side]],
          nonce: nonce(gameId, 'clock', side),
          controls: false,
        });
        if (sent === 'ok') {
          n.clockTold.push(side);
          if (forfeit) {
            const r = await this.deps.service.timeOut({ gameId }, side);
            if (!r.ok) this.deps.onError?.(new Error(r.error.message), `time-out ${gameId}`);
          }
        } else blocked = sent;
      }

      // The stall notice: the channel and the host hear that the game has waited too long.
      const stall = stallAt(since, pace);
      if (!blocked && stall !== null && now >= stall && !n.stallTold) {
        const text = `⏳ This game has waited ${durationWords(now - since)} for the ${sideName(side)} side (${waitWords(status)}). The host can hand the seat to someone else (\`/game seat\`) or \`/game abort\` the game.`;
        const sent = await this.deps.notifier.post({
          ...base,
          kind: 'stall',
          text,
          mention: [status.host, ...status.seats[side]],
          nonce: nonce(gameId, 'stall', wait),
          controls: false,
        });
        if (sent === 'ok') n.stallTold = true;
        else blocked = sent;
      }

      // The reminder: the waiting side's players, minus those away or who snoozed this turn.
      if (!blocked && due > n.sent) {
        const outcome = await this.remind(status, side, since, n, due, now);
        if (outcome === 'denied' || outcome === 'gone') blocked = outcome;
        else if (outcome === 'sent' || outcome === 'nobody') n.sent = due;
      }

      if (blocked === 'gone') {
        // Deleted channels do not come back: tell the host once, and say nothing more for this wait.
        if (!n.gone) await this.tellHost(status, 'gone');
        n.gone = true;
      } else if (blocked) {
        n.retryAt = now + RETRY_MS;
        if (!n.warned) n.warned = (await this.tellHost(status, 'denied')) === 'ok';
      } else n.warned = false;

      try {
        await this.saveNudge(gameId, n, version);
      } catch (err) {
        if (isStoreError(err, 'store/conflict')) continue; // another process spoke first: look again
        throw err;
      }
      await this.schedule(gameId, status, n, now);
      return;
    }
  }

  private async schedule(gameId: string, status: StatusView, n: Nudge, now: number): Promise<void> {
    if (n.gone) return;
    const next = await this.nextWake(status, n);
    // After a wake, whatever was due has been said or waits for its retry: the next wake is later.
    // (A wake at or before now would be the same job as the one running, and be dropped with it.)
    if (next !== null) await this.deps.scheduler.wakeAt(gameId, next > now ? next : now + RETRY_MS);
  }

  /** 'sent'; 'nobody' to remind (all away or snoozed: 'away' keeps it for their return); 'denied'. */
  private async remind(
    status: StatusView,
    side: Side,
    since: number,
    n: Nudge,
    k: number,
    now: number,
  ): Promise<'sent' | 'nobody' | 'away' | 'denied' | 'gone'> {
    const turn = status.turn ?? 0;
    const inChannel: string[] = [];
    const byDm: string[] = [];
    let away = 0;
    for (const u of status.seats[side]) {
      if (n.snoozed[u] === turn) continue;
      const p = await this.prefs(u, true);
      if (p.awayUntil && p.awayUntil > now) {
        away++;
        continue;
      }
      (p.dm ? byDm : inChannel).push(u);
    }
    if (!inChannel.length && !byDm.length) return away ? 'away' : 'nobody';
    const what = waitWords(status);
    const text = `🔔 Reminder${k > 1 ? ` #${k}` : ''}: the game has waited ${durationWords(now - since)} for the ${sideName(side)} side (${what}). \`/play\`, or the buttons on the game's last message, move it on.`;
    const notice = (mention: string[]): Notice => ({
      kind: 'reminder',
      gameId: status.gameId,
      channelId: status.channelId,
      version: status.version,
      text,
      mention,
      nonce: nonce(status.gameId, 'remind', `${side}@${since}`, k, mention.join(',')),
      controls: true,
    });
    for (const u of byDm) {
      // DMs closed: the reminder goes to the channel after all.
      if ((await this.deps.notifier.dm(u, notice([u]))) !== 'ok') inChannel.push(u);
    }
    if (inChannel.length) {
      const r = await this.deps.notifier.post(notice(inChannel));
      if (r !== 'ok') return r;
    }
    return 'sent';
  }

  /**
   * The bot may not post in the game's channel (`denied`: the notice is kept and retried) or the channel is
   * gone: the host hears it by DM, once.
   */
  private async tellHost(status: StatusView, why: 'denied' | 'gone'): Promise<Delivery> {
    const text =
      why === 'gone'
        ? `The channel of game ${status.gameId} no longer exists, so its reminders stop. The game stays readable: \`/game export game:${status.gameId}\`.`
        : `I cannot post in <#${status.channelId}> (game ${status.gameId}): I need the View Channel and Send Messages permissions there. The reminders wait and are tried again every hour.`;
    return this.deps.notifier.dm(status.host, {
      kind: 'permission',
      gameId: status.gameId,
      channelId: status.channelId,
      version: status.version,
      text,
      mention: [],
      nonce: nonce(status.gameId, why, status.version),
      controls: false,
    });
  }

  // ───────────────────────────── players' choices ─────────────────────────────

  /** Snooze: no more reminders to this player for the rest of the current game turn. */
  async snooze(gameId: string, userId: string): Promise<{ ok: true; turn: number } | { ok: false; message: string }> {
    const st = await this.deps.service.status({ gameId });
    if (!st.ok) return { ok: false, message: st.error.message };
    const status = st.status;
    if (status.status !== 'active') return { ok: false, message: 'This game is not being played: there is nothing to snooze.' };
    if (!SIDES.some((s) => status.seats[s].includes(userId)))
      return { ok: false, message: 'Only a seated player can snooze their reminders.' };
    const side = status.mustAct?.side;
    const since = status.mustAct?.since;
    const wait = `${side}@${since}`;
    const turn = status.turn ?? 0;
    for (let attempt = 0; ; attempt++) {
      const { nudge, version } = await this.loadNudge(gameId);
      const n: Nudge = nudge && nudge.wait === wait ? structuredClone(nudge) : Reminders.fresh(wait, nudge);
      n.snoozed[userId] = turn;
      try {
        await this.saveNudge(gameId, n, version);
        return { ok: true, turn };
      } catch (err) {
        if (attempt >= 4 || !isStoreError(err, 'store/conflict')) throw err;
      }
    }
  }

  /** Reminders by DM (true) or in the game's channel (false), for all the player's games. */
  async setDm(userId: string, dm: boolean): Promise<PlayerPrefs> {
    return this.updatePrefs(userId, (p) => ({ ...p, dm }));
  }

  /**
   * A player is away until `until` (null: back now). Reminders to them pause; the other players of each
   * active game they sit in are told in its channel. Returns the games told.
   */
  async away(userId: string, until: number | null): Promise<string[]> {
    await this.updatePrefs(userId, (p) => ({ ...p, awayUntil: until }));
    const told: string[] = [];
    for (const g of await this.deps.store.gamesOf(userId)) {
      if (g.finishedAt !== null) continue;
      const st = await this.deps.service.status({ gameId: g.gameId });
      if (!st.ok || st.status.status !== 'active') continue;
      const mine = SIDES.filter((s) => st.status.seats[s].includes(userId));
      if (!mine.length) continue;
      const others = SIDES.filter((s) => !mine.includes(s))
        .flatMap((s) => st.status.seats[s])
        .filter((u) => u !== userId);
      const text =
        until === null
          ? `🏠 <@${userId}> is back: reminders to them resume.`
          : `🧳 <@${userId}> is away until <t:${Math.floor(until / 1000)}:F>: reminders to them pause until then.`;
      const r = await this.deps.notifier.post({
        kind: 'away',
        gameId: g.gameId,
        channelId: st.status.channelId,
        version: st.status.version,
        text,
        mention: others,
        nonce: nonce(g.gameId, 'away', userId, until ?? 'back'),
        controls: false,
      });
      if (r === 'ok') told.push(g.gameId);
      await this.changed(g.gameId, st.status); // the next wake may move (a vacation ends)
    }
    return told;
  }
}
