// Reminders, stall notices, clocks and vacations (src/app/reminders.ts, src/app/pace.ts) on the real
// service, store and in-process scheduler, with a hand-driven clock. The notifier here records what the
// bot would say (the Discord one is driven end to end in test/discord/reminders-e2e.test.ts).
import { describe, expect, it } from 'vitest';
import { Reminders, type Delivery, type Notice, type Notifier } from '../../src/app/reminders.js';
import { chargeClock, clockLeft, reminderAt, remindersDue, DEFAULT_PACE, type Pace } from '../../src/app/pace.js';
import { LocalScheduler } from '../../src/schedule/index.js';
import type { GameMeta } from '../../src/app/game-doc.js';
import { FIN, HOST, SOV, harness, ok, type Harness } from './helpers.js';

const H = 3_600_000;
const D = 24 * H;

class RecordingNotifier implements Notifier {
  posts: Notice[] = [];
  dms: Array<{ userId: string; notice: Notice }> = [];
  denyChannel = false;
  channelGone = false;
  closedDms = new Set<string>();
  async post(n: Notice): Promise<Delivery> {
    if (this.channelGone) return 'gone';
    if (this.denyChannel) return 'denied';
    this.posts.push(n);
    return 'ok';
  }
  async dm(userId: string, n: Notice): Promise<Delivery> {
    if (this.closedDms.has(userId)) return 'denied';
    this.dms.push({ userId, notice: n });
    return 'ok';
  }
}

interface Rig {
  h: Harness;
  notifier: RecordingNotifier;
  reminders: Reminders;
  scheduler: LocalScheduler;
  gameId: string;
  /** Move the clock and let the scheduler run what fell due. */
  advance(ms: number): Promise<void>;
}

let chan = 0;
async function rig(pace: Partial<Pace> = {}): Promise<Rig> {
  const h = harness();
  const notifier = new RecordingNotifier();
  const scheduler = new LocalScheduler(h.store, { now: () => h.clock.now });
  const reminders = new Reminders({ store: h.store, service: h.service, scheduler, notifier, now: () => h.clock.now });
  await scheduler.start((key, at) => reminders.wake(key, at));
  const created = ok(await h.service.createGame({ channelId: `rc${++chan}`, guildId: 'guild1', host: HOST, scenario: 'tutorial', pace }));
  const ref = { gameId: created.gameId };
  ok(await h.service.seat(ref, FIN, { side: 'finnish' }));
  ok(await h.service.seat(ref, SOV, { side: 'soviet' }));
  ok(await h.service.start(ref, HOST));
  await reminders.settled();
  return {
    h,
    notifier,
    reminders,
    scheduler,
    gameId: created.gameId,
    async advance(ms) {
      h.clock.tick(ms);
      await scheduler.poke();
      await reminders.settled();
    },
  };
}

describe('pace: reminder times and clocks', () => {
  it('backs off: 24 h, then 48 h, then 96 h gaps, never longer', () => {
    const at = (k: number) => (reminderAt(0, DEFAULT_PACE, k)! / H).toString();
    expect([0, 1, 2, 3, 4].map(at)).toEqual(['24', '72', '168', '264', '360']);
    expect(remindersDue(0, DEFAULT_PACE, 71 * H)).toBe(1);
    expect(remindersDue(0, DEFAULT_PACE, 72 * H)).toBe(2);
    expect(reminderAt(0, { ...DEFAULT_PACE, remindAfterH: 0 }, 0)).toBeNull();
  });

  it('charges a wait to the side that waited, once, even when an undo brings an older wait back', () => {
    const meta = { pace: { ...DEFAULT_PACE, clockDays: 2 } } as GameMeta;
    chargeClock(meta, { side: 'soviet', since: 0 }, 5 * H);
    expect(clockLeft(meta, 5 * H, null)).toEqual({ finnish: 2 * D, soviet: 2 * D - 5 * H });
    // an undo restores the Soviet wait that began at 0: only the time since the last charge counts
    expect(clockLeft(meta, 6 * H, { side: 'soviet', since: 0 })!.soviet).toBe(2 * D - 6 * H);
    chargeClock(meta, { side: 'soviet', since: 0 }, 6 * H);
    expect(meta.clock!.used.soviet).toBe(6 * H);
  });
});

describe('reminders (issue 17)', () => {
  it('pings the waiting side after 24 h, then backs off, and a move starts a fresh count', async () => {
    const r = await rig();
    await r.advance(23 * H);
    expect(r.notifier.posts).toEqual([]);
    await r.advance(1 * H);
    expect(r.notifier.posts).toHaveLength(1);
    expect(r.notifier.posts[0]).toMatchObject({ kind: 'reminder', mention: [SOV.userId], controls: true });
    expect(r.notifier.posts[0]!.text).toMatch(/waited 1 d for the Soviet side \(the action phase, turn 2\)/);
    await r.advance(47 * H);
    expect(r.notifier.posts).toHaveLength(1);
    await r.advance(1 * H);
    expect(r.notifier.posts).toHaveLength(2);
    expect(r.notifier.posts[1]!.text).toMatch(/^🔔 Reminder #2/);
    // the Soviet player moves on: the count starts again from the new wait
    ok(await r.h.service.act({ gameId: r.gameId }, SOV, { type: 'endPhase', phase: 'action' }));
    await r.reminders.settled();
    await r.advance(23 * H);
    expect(r.notifier.posts).toHaveLength(2);
    await r.advance(1 * H);
    expect(r.notifier.posts).toHaveLength(3);
    expect(r.notifier.posts[2]!.text).not.toMatch(/#2/);
  });

  it('a wake that runs twice (two processes) sends the reminder once', async () => {
    const r = await rig();
    r.h.clock.tick(24 * H);
    await Promise.all([r.reminders.wake(r.gameId), r.reminders.wake(r.gameId)]);
    await r.reminders.wake(r.gameId);
    const nonces = new Set(r.notifier.posts.map((p) => p.nonce));
    expect(nonces.size).toBe(1); // what both sent is the same message: Discord keeps one (enforce_nonce)
    const rec = await r.h.store.loadRecord('nudge', r.gameId);
    expect((rec!.value as { sent: number }).sent).toBe(1);
  });

  it('snooze: no more reminders to that player for the rest of the game turn', async () => {
    const r = await rig();
    await r.advance(24 * H);
    expect(r.notifier.posts).toHaveLength(1);
    expect(await r.reminders.snooze(r.gameId, SOV.userId)).toEqual({ ok: true, turn: 2 });
    await r.advance(10 * D);
    expect(r.notifier.posts.filter((p) => p.kind === 'reminder')).toHaveLength(1);
    expect(await r.reminders.snooze(r.gameId, 'spec')).toMatchObject({ ok: false });
  });

  it('DMs instead of the channel, when the player chose so; back to the channel when DMs are closed', async () => {
    const r = await rig();
    await r.reminders.setDm(SOV.userId, true);
    await r.advance(24 * H);
    expect(r.notifier.posts).toEqual([]);
    expect(r.notifier.dms.map((d) => d.userId)).toEqual([SOV.userId]);
    r.notifier.closedDms.add(SOV.userId);
    await r.advance(48 * H);
    expect(r.notifier.posts.map((p) => p.mention)).toEqual([[SOV.userId]]);
  });

  it('vacation: reminders pause until the date, the other side is told, and resume after', async () => {
    const r = await rig();
    const told = await r.reminders.away(SOV.userId, r.h.clock.now + 3 * D);
    expect(told).toEqual([r.gameId]);
    expect(r.notifier.posts[0]).toMatchObject({ kind: 'away', mention: [FIN.userId] });
    await r.advance(2 * D);
    expect(r.notifier.posts.filter((p) => p.kind === 'reminder')).toEqual([]);
    await r.advance(1 * D);
    expect(r.notifier.posts.filter((p) => p.kind === 'reminder')).toHaveLength(1);
  });

  it('after 7 days the channel is told the game has stalled, with the host mentioned, once', async () => {
    const r = await rig();
    await r.advance(7 * D);
    await r.advance(7 * D);
    const stalls = r.notifier.posts.filter((p) => p.kind === 'stall');
    expect(stalls).toHaveLength(1);
    expect(stalls[0]!.mention).toContain(HOST.userId);
    expect(stalls[0]!.text).toMatch(/waited 7 d for the Soviet side.*\/game seat.*\/game abort/);
  });

  it('reminders and stall notices can be switched off at /game new', async () => {
    const r = await rig({ remindAfterH: 0, stallAfterD: 0 });
    await r.advance(30 * D);
    expect(r.notifier.posts).toEqual([]);
  });

  it('no permission to post: the host is told once by DM, and the reminder is kept and sent later', async () => {
    const r = await rig();
    r.notifier.denyChannel = true;
    await r.advance(24 * H);
    await r.advance(1 * H);
    await r.advance(1 * H);
    expect(r.notifier.dms.filter((d) => d.notice.kind === 'permission').map((d) => d.userId)).toEqual([HOST.userId]);
    r.notifier.denyChannel = false;
    await r.advance(1 * H);
    expect(r.notifier.posts.filter((p) => p.kind === 'reminder')).toHaveLength(1);
  });

  it('a deleted channel: the host is told once, and no more wakes come for that wait', async () => {
    const r = await rig();
    r.notifier.channelGone = true;
    await r.advance(24 * H);
    await r.advance(10 * D);
    const told = r.notifier.dms.filter((d) => d.notice.kind === 'permission');
    expect(told.map((d) => d.userId)).toEqual([HOST.userId]);
    expect(told[0]!.notice.text).toMatch(/no longer exists, so its reminders stop/);
    expect(await r.scheduler.pending()).toEqual([]);
  });

  it('clocks: the waiting side is charged; when its bank runs out the channel is told and the host decides', async () => {
    const r = await rig({ clockDays: 2, remindAfterH: 0, stallAfterD: 0 });
    const ref = { gameId: r.gameId };
    await r.advance(10 * H);
    ok(await r.h.service.act(ref, SOV, { type: 'endPhase', phase: 'action' }));
    await r.reminders.settled();
    const st = ok(await r.h.service.status(ref)).status;
    expect(st.clock).toEqual({ finnish: 2 * D, soviet: 2 * D - 10 * H });
    await r.advance(2 * D);
    const clock = r.notifier.posts.filter((p) => p.kind === 'clock');
    expect(clock).toHaveLength(1);
    expect(clock[0]!.text).toMatch(/clock has run out.*host decides/);
    expect(ok(await r.h.service.status(ref)).status.status).toBe('active'); // no forfeit unless chosen
  });

  it('clocks with forfeit chosen: the side whose bank runs out loses on time', async () => {
    const r = await rig({ clockDays: 1, clockForfeit: true, remindAfterH: 0 });
    const ref = { gameId: r.gameId };
    // not yet out: refused, nothing changes
    expect(await r.h.service.timeOut(ref, 'soviet')).toMatchObject({ ok: false, error: { code: 'game/clock-running' } });
    await r.advance(1 * D);
    const st = ok(await r.h.service.status(ref)).status;
    expect(st.status).toBe('finished');
    expect(st.result).toMatchObject({ winner: 'finnish', reason: 'Soviet ran out of time' });
  });

  it('lists a player’s games with whose turn it is, and a server’s games', async () => {
    const r = await rig();
    const mine = ok(await r.h.service.listGames({ userId: SOV.userId }));
    expect(mine.games).toMatchObject([{ gameId: r.gameId, yourTurn: true, sides: ['soviet'] }]);
    const theirs = ok(await r.h.service.listGames({ userId: FIN.userId }));
    expect(theirs.games[0]!.yourTurn).toBe(false);
    expect(ok(await r.h.service.listGames({ guildId: 'guild1' })).games.map((g) => g.gameId)).toEqual([r.gameId]);
    expect(ok(await r.h.service.listGames({ userId: SOV.userId, guildId: 'other' })).games).toEqual([]);
    expect(await r.h.service.listGames({ userId: SOV.userId, extra: 1 } as never)).toMatchObject({ ok: false });
  });
});
