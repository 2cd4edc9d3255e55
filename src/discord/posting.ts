// Posting what changed: its lines, the map (the whole map with a phase summary at a phase end, a zoom
// otherwise), and one mention of the side that must act next with the controls it needs.
import type { AttachmentPayload, RepliableInteraction } from 'discord.js';
import type { GameRef, StatusView, ViewRequest } from '../app/game-service.js';
import { describeAction, sideName } from '../app/game-service.js';
import { actionArea } from '../app/play-area.js';
import { describeDecision } from '../app/decision-answers.js';
import type { GameEvent, Side } from '../engine/types.js';
import { respond } from './replies.js';
import { unwrap } from './refusal-hints.js';
import { statusOrNull } from './game-access.js';
import { controlsFor, sidePhaseWords } from './controls.js';
import type { BotContext } from './context.js';

/** Draw the view a result asked for. */
export async function drawView(
  ctx: BotContext,
  ref: GameRef,
  request: ViewRequest,
  whole: boolean,
  name = 'map.png',
): Promise<AttachmentPayload> {
  const v = unwrap(await ctx.game.service.mapView(ref, whole ? { ...request.options, focus: null } : request.options));
  const focus = request.options.focus;
  const png = await ctx.game.draw(v.view, whole || !focus ? { whole: true } : { center: focus.center, radius: focus.radius });
  return { attachment: png, name, description: request.caption };
}

/** Did this change end a phase (or a turn, or the game)? */
export function endsPhase(events: GameEvent[]): boolean {
  return events.some((e) => e.type === 'phase' || e.type === 'turn' || e.type === 'gameOver');
}

/** A short summary of the phase that just ended: the accepted actions since the previous phase end. */
export async function phaseSummary(ctx: BotContext, ref: GameRef): Promise<string[]> {
  const r = await ctx.game.service.exportRecord(ref);
  if (!r.ok) return [];
  const entries = r.record.entries;
  const undone = new Set(entries.flatMap((e) => (e.kind === 'undo' ? [e.undoes] : [])));
  const acts = entries.filter((e) => e.kind === 'action' && !undone.has(e.seq));
  const last = acts[acts.length - 1];
  if (!last || last.kind !== 'action') return [];
  let i = acts.length - 2;
  while (i >= 0) {
    const e = acts[i]!;
    if (e.kind === 'action' && e.action.type === 'endPhase') break;
    i--;
  }
  const phaseActs = acts.slice(i + 1, -1).filter((e) => e.kind === 'action');
  const ended = last.action.type === 'endPhase' ? last.action.phase : null;
  const head = `Summary of the ${sidePhaseWords(last.side, ended)}: ${phaseActs.length ? `${phaseActs.length} action(s)` : 'no actions'}.`;
  const shown = phaseActs.slice(-8).map((e) => (e.kind === 'action' ? `• #${e.seq} ${describeAction(e.action)}` : ''));
  if (phaseActs.length > 8) shown.unshift(`• … ${phaseActs.length - 8} earlier`);
  return [head, ...shown];
}

/** How to reach a game once it has left the channel. */
export function afterEnd(gameId: string): string {
  return `The channel is free for a new game. This one stays readable: \`/game export game:${gameId}\`, \`/game verify game:${gameId}\`.`;
}

/** The users to mention for a side: everyone seated on it. */
export function mentionsFor(status: StatusView, side: Side): string[] {
  return status.seats[side].slice();
}

/**
 * Answer a successful change: its lines, a map (the whole map with a summary at a phase end, the
 * zoom the service suggested otherwise), and, when the side to act changed or a decision appeared,
 * one mention of that side's players with the controls they need.
 */
export async function postChange(
  ix: RepliableInteraction,
  ctx: BotContext,
  result: { gameId: string; lines: string[]; events: GameEvent[]; views: ViewRequest[] },
  before: StatusView | null,
): Promise<void> {
  // By id: a game that just ended has already left its channel.
  const ref = { gameId: result.gameId };
  const phaseEnd = endsPhase(result.events);
  const lines = [...result.lines]; // the events in words come with them (src/app/narration.ts)
  if (phaseEnd) lines.push('', ...(await phaseSummary(ctx, ref)));
  if (result.events.some((e) => e.type === 'gameOver')) lines.push(afterEnd(result.gameId));
  const request = result.views[0];
  const after = await statusOrNull(ctx, ref);
  const pingNow = after !== null && needsPing(before, after);
  const components = after && !pingNow ? controlsFor(after) : [];
  if (phaseEnd) {
    // The text first, then the whole map in a follow-up (drawing it is the slow part).
    await respond(ix, { content: lines.join('\n'), components });
    if (request) {
      const caption =
        after?.turn && after.activeSide
          ? `Turn ${after.turn}: the ${sidePhaseWords(after.activeSide, after.phase)} begins.`
          : 'Final position.';
      const files = [await drawView(ctx, ref, request, true, 'phase-map.png')];
      // A zoom of where the phase's moves and attacks happened, beside the whole map (readable on a phone).
      const now = unwrap(await ctx.game.service.mapView(ref, {})).view;
      const area = actionArea(now);
      if (area) files.push({ attachment: await ctx.game.draw(now, area), name: 'action-area.png', description: `Around ${area.center}` });
      await respond(ix, { content: caption, files });
    }
  } else {
    const files = request ? [await drawView(ctx, ref, request, false)] : [];
    await respond(ix, { content: lines.join('\n'), files, components });
  }
  if (pingNow) await ping(ix, after);
}

/** The side to act changed, or a decision appeared: that side is mentioned (once, at the change). */
export function needsPing(before: StatusView | null, after: StatusView): boolean {
  const a = after.mustAct;
  if (!a?.side || after.status !== 'active') return false;
  const b = before?.status === 'active' ? before.mustAct : null;
  return !b || b.side !== a.side || (!!a.pending && !b.pending);
}

/** Mention the awaited side's players once, with what they must do and the controls for it. */
export async function ping(ix: RepliableInteraction, status: StatusView): Promise<void> {
  const side = status.mustAct!.side!;
  const users = mentionsFor(status, side);
  const who = users.map((u) => `<@${u}>`).join(' ');
  const pending = status.mustAct!.pending;
  const what = pending ? describeDecision(pending) : `the ${sidePhaseWords(null, status.phase)} (turn ${status.turn})`;
  await respond(ix, {
    content: `${who} ${sideName(side)} side to act: ${what}.`,
    mentionUsers: users,
    components: controlsFor(status),
  });
}
