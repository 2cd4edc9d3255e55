// Posting what changed: its lines, the map (at a phase end a summary and up to three zooms of where things
// happened, phone first; a zoom otherwise), and one mention of the side that must act next with the
// controls it needs. A map that cannot be drawn never hides the change: the words say it is saved.
import type { AttachmentPayload, RepliableInteraction } from 'discord.js';
import type { Done, GameRef, StatusView, ViewRequest } from '../app/game-service.js';
import { endsPhase, phaseStartCaption, sidePhaseWords } from '../app/phase-summary.js';
import { turnAreas } from '../app/play-area.js';
import { describeDecision } from '../app/decision-answers.js';
import type { Side } from '../engine/types.js';
import { sideLabel } from '../engine/labels.js';
import { respond } from './replies.js';
import { RenderBusyError, RenderFailedError } from '../render-busy.js';
import { unwrap } from './refusal-hints.js';
import { statusOrNull } from './game-access.js';
import { controlsFor } from './controls.js';
import { combatEmbeds, decisionEmbed, gameOverEmbed, summaryEmbed } from './embeds.js';
import type { BotContext } from './context.js';

/** The map as a change saved it, or (for a plain look) as the store has it now. */
type ViewSource = Pick<Done, 'mapView'> | GameRef;

/** Draw the view a result asked for: from the change's own saved state when it has one (no load). */
export async function drawView(
  ctx: BotContext,
  source: ViewSource,
  request: ViewRequest,
  whole: boolean,
  name = 'map',
): Promise<AttachmentPayload> {
  const options = whole ? { ...request.options, focus: null } : request.options;
  const view =
    'mapView' in source && source.mapView
      ? source.mapView(options)
      : unwrap(await ctx.game.service.mapView(source as GameRef, options)).view;
  const focus = request.options.focus;
  const png = await ctx.game.draw(view, whole || !focus ? { whole: true } : { center: focus.center, radius: focus.radius });
  return { attachment: png, name: `${name}.${ctx.game.pictureExt}`, description: request.caption };
}

const BUSY_LINE = '(The maps are busy being drawn for other games: `/map` shows this position in a moment.)';
const FAILED_LINE = '(The map could not be drawn; the move stands: `/map` tries again.)';

/**
 * The pictures, or the line to post instead when they cannot be had: the map painters are overloaded,
 * or a painter died or hung on them (src/render-pool.ts). Either way the change itself is saved and posted.
 */
async function pictures<T>(draw: () => Promise<T>): Promise<{ files: T } | { instead: string }> {
  try {
    return { files: await draw() };
  } catch (err) {
    if (err instanceof RenderBusyError) return { instead: BUSY_LINE };
    if (err instanceof RenderFailedError) return { instead: FAILED_LINE };
    throw err;
  }
}

/** What a turn post's caption adds: where the rest of the map is. */
const WHOLE_MAP_HINT = 'The whole map: `/map whole`.';

/** How to reach a game once it has left the channel. */
export function afterEnd(gameId: string): string {
  return `The channel is free for a new game. This one stays readable: \`/game export game:${gameId}\`, \`/game verify game:${gameId}\`.`;
}

/** The users to mention for a side: everyone seated on it. */
export function mentionsFor(status: StatusView, side: Side): string[] {
  return status.seats[side].slice();
}

/**
 * Answer a successful change: its lines, a map (at a phase end a summary, then up to three zooms of
 * where its moves, fights and fire happened; the zoom the service suggested otherwise), and, when the
 * side to act changed or a decision appeared, one mention of that side's players with the controls.
 */
export async function postChange(
  ix: RepliableInteraction,
  ctx: BotContext,
  result: Done,
  before: StatusView | null = result.before ?? null,
): Promise<void> {
  // By id: a game that just ended has already left its channel.
  const ref = { gameId: result.gameId };
  const phaseEnd = endsPhase(result.events);
  // The events in words come with them (src/app/narration.ts); each Combat is an embed of its own.
  const fights = combatEmbeds(result.events, result.lines, result.after ?? null);
  const lines = [...fights.lines];
  const embeds = fights.embeds;
  // A phase's summary is an embed in the colour of the side whose phase ended, its footer saying what now.
  if (phaseEnd && result.summary?.length) embeds.push(summaryEmbed(result.summary, before?.activeSide ?? null, result.after ?? null));
  if (result.events.some((e) => e.type === 'gameOver')) lines.push(afterEnd(result.gameId));
  const request = result.views[0];
  // The service hands back the game as saved; only a result without it costs a second load.
  const after = result.after ?? (await statusOrNull(ctx, ref));
  // Game over leads (respond keeps the first ten embeds): result, VP by objective and source, the seed.
  if (after && result.events.some((e) => e.type === 'gameOver')) embeds.unshift(gameOverEmbed(after, result.events));
  const pingNow = after !== null && needsPing(before, after);
  const components = after && !pingNow ? controlsFor(after) : [];
  const source: ViewSource = result.mapView ? result : ref;
  if (phaseEnd) {
    // The text first, then the pictures in a follow-up (drawing them is the slow part). Phone first: up
    // to three zooms of where the phase's moves, fights and fire happened (src/app/play-area.ts), each
    // small enough to read a counter on a phone; the whole map on request (/map whole); a phase in
    // which nothing moved or fought posts no picture.
    await live(ctx, result.gameId, ix, await respond(ix, { content: lines.join('\n'), embeds, components }), components);
    const turnEnd = result.events.some((e) => e.type === 'turn' || e.type === 'gameOver');
    const caption = phaseStartCaption(after);
    const got = await pictures(() => turnPost(ctx, source, ref, turnEnd));
    const text = turnEnd ? `${caption} ${WHOLE_MAP_HINT}` : caption;
    if ('instead' in got) await respond(ix, { content: `${text}\n${got.instead}` });
    else if (got.files.length) await respond(ix, { content: text, files: got.files });
  } else {
    const got = request ? await pictures(async () => [await drawView(ctx, source, request, false)]) : { files: [] };
    const files = 'files' in got ? got.files : [];
    const id = await respond(ix, { content: [...lines, ...('instead' in got ? [got.instead] : [])].join('\n'), files, embeds, components });
    await live(ctx, result.gameId, ix, id, components);
  }
  if (pingNow) await ping(ix, after, ctx);
  if (after?.status !== 'active') ctx.live.forget(result.gameId);
}

/**
 * The pictures of a phase end: a zoom of each area where things happened since the Action Phase began
 * (turnAreas, at most three), drawn in the order chosen, named `action-area`, `action-area-2`, …; at a
 * game turn's end with nothing new to show (a new Action Phase has just begun), the front line.
 */
async function turnPost(ctx: BotContext, source: ViewSource, ref: GameRef, turnEnd: boolean): Promise<AttachmentPayload[]> {
  const now = 'mapView' in source && source.mapView ? source.mapView({}) : unwrap(await ctx.game.service.mapView(ref, {})).view;
  const out: AttachmentPayload[] = [];
  for (const [i, area] of turnAreas(now, { frontLine: turnEnd }).entries())
    out.push({
      attachment: await ctx.game.draw(now, area),
      name: `action-area${i ? `-${i + 1}` : ''}.${ctx.game.pictureExt}`,
      description: `Around ${area.center}`,
    });
  return out;
}

/** The side to act changed, or a decision appeared: that side is mentioned (once, at the change). */
export function needsPing(before: StatusView | null, after: StatusView): boolean {
  const a = after.mustAct;
  if (!a?.side || after.status !== 'active') return false;
  const b = before?.status === 'active' ? before.mustAct : null;
  return !b || b.side !== a.side || (!!a.pending && !b.pending);
}

/** Mention the awaited side's players once, with what they must do and the controls for it. */
export async function ping(ix: RepliableInteraction, status: StatusView, ctx?: BotContext): Promise<void> {
  const side = status.mustAct!.side!;
  const users = mentionsFor(status, side);
  const who = users.map((u) => `<@${u}>`).join(' ');
  const pending = status.mustAct!.pending;
  const what = pending ? describeDecision(pending) : `the ${sidePhaseWords(null, status.phase)} (turn ${status.turn})`;
  const components = controlsFor(status);
  const id = await respond(ix, {
    content: `${who} ${sideLabel(side)} side to act: ${what}.`,
    mentionUsers: users,
    components,
    ...(pending ? { embeds: [decisionEmbed(status, pending)] } : {}),
  });
  if (ctx) await live(ctx, status.gameId, ix, id, components);
}

/** A public message now carries the game's controls: the previous one drops its own (live-controls.ts). */
export async function live(
  ctx: BotContext,
  gameId: string,
  ix: RepliableInteraction,
  messageId: string | undefined,
  components: unknown[],
): Promise<void> {
  if (messageId && components.length) await ctx.live.posted(gameId, ix, messageId);
}
