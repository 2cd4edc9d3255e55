// The pace of an asynchronous game (issue 17): when a waiting side is reminded, when the channel is
// told the game has stalled, and each side's time bank. Pure functions of the game document and a
// time; src/app/reminders.ts acts on them. docs/reminders.md describes the behaviour in players' terms.
import type { Side } from '../engine/types.js';
import type { GameMeta, Pace } from './game-doc.js';

export type { Pace } from './game-doc.js';

export const DEFAULT_PACE: Pace = { remindAfterH: 24, stallAfterD: 7, clockDays: null, clockForfeit: false };

/** The bounds `/game new` accepts (service-input.ts checks them). */
export const PACE_LIMITS = { remindAfterH: [0, 24 * 14], stallAfterD: [0, 90], clockDays: [1, 365] } as const;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The gap between reminders doubles from remindAfterH and stops growing at this many times it. */
const MAX_GAP_FACTOR = 4;

/**
 * A game's pace, each setting it leaves out the default's. Written out, not `{ ...DEFAULT_PACE, ...pace }`:
 * every command reads it several times (docs/architecture.md § Objects on the per-command path).
 */
export function paceOf(meta: Pick<GameMeta, 'pace'>): Pace {
  const p = meta.pace;
  return {
    remindAfterH: p?.remindAfterH ?? DEFAULT_PACE.remindAfterH,
    stallAfterD: p?.stallAfterD ?? DEFAULT_PACE.stallAfterD,
    clockDays: p?.clockDays ?? DEFAULT_PACE.clockDays,
    clockForfeit: p?.clockForfeit ?? DEFAULT_PACE.clockForfeit,
  };
}

/**
 * When reminder k (0, 1, 2…) of a wait that began at `since` is due: gaps of remindAfterH, doubling,
 * at most four times it (24 h, 48 h, 96 h, 96 h… by default: after 1, 3, 7, 11 days). null when off.
 */
export function reminderAt(since: number, pace: Pace, k: number): number | null {
  if (pace.remindAfterH <= 0) return null;
  const first = pace.remindAfterH * HOUR;
  let at = since;
  for (let i = 0; i <= k; i++) at += first * Math.min(2 ** i, MAX_GAP_FACTOR);
  return at;
}

/** How many reminders of the wait have fallen due by `now`. */
export function remindersDue(since: number, pace: Pace, now: number): number {
  let k = 0;
  for (let at = reminderAt(since, pace, 0); at !== null && at <= now; at = reminderAt(since, pace, ++k));
  return k;
}

/** When the channel is told the wait has stalled, or null when never. */
export function stallAt(since: number, pace: Pace): number | null {
  return pace.stallAfterD > 0 ? since + pace.stallAfterD * DAY : null;
}

/** What each side's clock has left at `now` (negative: over its bank), with the wait running; null without clocks. */
export function clockLeft(
  meta: Pick<GameMeta, 'pace' | 'clock'>,
  now: number,
  waiting: { side: Side | null; since: number | null } | null,
): Record<Side, number> | null {
  const pace = paceOf(meta);
  if (pace.clockDays === null) return null;
  const bank = pace.clockDays * DAY;
  const used = meta.clock?.used ?? { finnish: 0, soviet: 0 };
  const left: Record<Side, number> = { finnish: bank - used.finnish, soviet: bank - used.soviet };
  if (waiting?.side && waiting.since !== null) left[waiting.side] -= Math.max(0, now - Math.max(waiting.since, meta.clock?.chargedTo ?? 0));
  return left;
}

/**
 * A wait ended at `now`: charge its time to the side that waited. Time already charged (before an undo
 * brought an older wait back) is not charged twice.
 */
export function chargeClock(meta: GameMeta, waited: { side: Side | null; since: number | null } | null, now: number): void {
  if (paceOf(meta).clockDays === null || !waited?.side || waited.since === null) return;
  const clock = meta.clock ?? { used: { finnish: 0, soviet: 0 }, chargedTo: 0 };
  clock.used[waited.side] += Math.max(0, now - Math.max(waited.since, clock.chargedTo));
  clock.chargedTo = now;
  meta.clock = clock;
}

/** A duration in players' words: "3 d 4 h", "5 h 10 min", "40 min". */
export function durationWords(ms: number): string {
  const m = Math.round(Math.abs(ms) / 60_000);
  const d = Math.floor(m / 1440);
  const h = Math.floor((m % 1440) / 60);
  const min = m % 60;
  if (d) return h ? `${d} d ${h} h` : `${d} d`;
  if (h) return min ? `${h} h ${min} min` : `${h} h`;
  return `${min} min`;
}

/** The pace in force and the clocks, for the game's status. */
export function paceLines(view: { pace: Pace; clock: Record<Side, number> | null }): string[] {
  const { pace, clock } = view;
  const lines: string[] = [];
  if (clock) {
    const one = (side: Side, name: string) => `${name} ${durationWords(clock[side])} ${clock[side] < 0 ? 'over' : 'left'}`;
    lines.push(
      `Clocks: ${one('finnish', 'Finnish')}, ${one('soviet', 'Soviet')}.${pace.clockForfeit ? ' A side whose clock runs out loses.' : ''}`,
    );
  }
  const remind = pace.remindAfterH > 0 ? `Reminders after ${pace.remindAfterH} h (then less often)` : 'No reminders';
  const stall = pace.stallAfterD > 0 ? `stall notice after ${pace.stallAfterD} d` : 'no stall notice';
  lines.push(`${remind}; ${stall}.`);
  return lines;
}
