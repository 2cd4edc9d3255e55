// Shared plumbing of the game commands: who is acting, which game, turning service refusals into
// ephemeral answers, posting results (with the map after each phase and a summary), pinging the side
// that must act next, and the buttons/selects for the next step. No rules here: everything legal
// comes from the service (and through it, the engine).
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  PermissionFlagsBits,
  type AttachmentPayload,
  type AutocompleteInteraction,
  type BaseInteraction,
  type ChatInputCommandInteraction,
  type MessageActionRowComponentBuilder,
  type RepliableInteraction,
} from 'discord.js';
import type { Actor, GameRef, Result, StatusView, ViewRequest } from '../src/app/game-service.js';
import { describeAction, sideName } from '../src/app/game-service.js';
import { combatEventLines } from '../src/app/combat-text.js';
import { actionArea } from '../src/app/play-area.js';
import type { GameEvent, LegalActions, Side } from '../src/engine/types.js';
import { normaliseHexInput } from '../src/app/hex-input.js';
import { phaseLabel } from '../src/engine/labels.js';
import { encodeCustomId } from '../src/discord/custom-id.js';
import { decisionControls } from '../src/discord/decision-controls.js';
import { describeDecision } from '../src/app/decision-answers.js';
import { Refusal, respond } from '../src/discord/replies.js';
import type { BotContext } from './context.js';

type Row = ActionRowBuilder<MessageActionRowComponentBuilder>;

/** The acting user, with the channel-manage permission the service needs for abort. */
export function actorOf(ix: BaseInteraction): Actor {
  return {
    userId: ix.user.id,
    name: ix.user.globalName ?? ix.user.username,
    canManageChannel: ix.memberPermissions?.has(PermissionFlagsBits.ManageChannels) ?? false,
  };
}

/** One game per channel: the game is the channel's. */
export function refOf(ix: BaseInteraction): GameRef {
  return { channelId: ix.channelId ?? 'dm' };
}

/** What to suggest for each kind of service refusal. */
function fixFor(code: string): string | undefined {
  if (code === 'game/none-in-channel') return 'start one with `/game new`.';
  if (code === 'game/channel-taken') return 'finish or `/game abort` the current game, or use another channel.';
  if (code === 'perm/not-seated') return 'take a seat with `/game join` before the start, or ask the host to `/game seat` you.';
  if (code === 'perm/not-your-turn')
    return 'wait for the ping: the bot mentions your side when it must act. `/game status` shows who is awaited.';
  if (code === 'perm/wrong-side') return 'act only for the side you sit on (see `/game status`).';
  if (code === 'perm/not-host') return 'ask the host (shown in `/game status`).';
  if (code === 'game/stale') return 'use the newest message, or `/game status` for fresh buttons.';
  if (code === 'game/not-started') return 'the host starts it with `/game start` once both sides are seated.';
  if (code.startsWith('store/')) return 'try again in a moment; `/game status` shows what was saved.';
  if (code === 'rule/wrong-phase')
    return 'finish this phase with `/play end` (or wait for your phase); `/game status` shows the phase and who must act.';
  if (code === 'rule/assault-after-move')
    return '`/game undo` takes the move back (if no die was rolled since); then `/play assault` with `path:` listing the hexes to move through, so the move and the Assault are one action.';
  if (code === 'rule/already-acted') return 'pick another unit; `/game undo` takes your last action back if no die was rolled since.';
  if (code === 'rule/not-your-turn')
    return 'wait for the ping: the bot mentions your side when it must act. `/game status` shows who is awaited.';
  if (code === 'rule/pending-decision')
    return 'answer the decision first with the buttons on the message that asked for it (or `/game status`).';
  if (code === 'rule/game-over')
    return 'the game has ended: `/game export` and `/game verify` take `game:<id>`; `/game new` starts another.';
  if (code === 'rule/not-yet') return 'this action has no control yet: play on without it.';
  if (code.startsWith('rule/')) return 'pick from the autocomplete list: it offers only legal choices.';
  if (code === 'input/bad-hex') return 'give a hex such as M16 (any case, spaces allowed), or pick one from the list.';
  if (code === 'input/unknown-unit') return 'pick a unit from the autocomplete list (ids in any case, e.g. `mtr/609`).';
  if (code === 'input/not-your-unit') return "name one of your own side's units: the autocomplete list offers only those.";
  if (code.startsWith('input/')) return 'pick from the autocomplete list: it offers only what you can do now.';
  return undefined;
}

/** The successful result, or throw a Refusal carrying the rule section and a fix. */
export function unwrap<T>(r: Result<T>): Extract<Result<T>, { ok: true }> {
  if (r.ok) return r as Extract<Result<T>, { ok: true }>;
  throw new Refusal(r.error.message, r.error.rule, fixFor(r.error.code), r.error.code);
}

/** The game's status, or null when the channel has no game. */
export async function statusOrNull(ctx: BotContext, ref: GameRef): Promise<StatusView | null> {
  const r = await ctx.game.service.status(ref);
  return r.ok ? r.status : null;
}

/** A hex option in printed form, or a refusal saying how to write one (any case, spaces allowed). */
export function hexOption(ix: ChatInputCommandInteraction, name: string): string {
  const typed = ix.options.getString(name, true);
  const hex = normaliseHexInput(typed);
  if (!hex)
    throw new Refusal(
      `'${typed}' is not a hex id.`,
      '2.3',
      'give a hex such as M16 (any case, spaces allowed), or pick one from the list.',
    );
  return hex;
}

/** An optional list of hexes ("N19 N20", "n19,n20") in printed form; a refusal names the first bad one. */
export function hexPathOption(ix: ChatInputCommandInteraction, name: string): string[] {
  const typed = ix.options.getString(name) ?? '';
  const words = typed.split(/[\s,;>→-]+/).filter(Boolean);
  return words.map((w) => {
    const hex = normaliseHexInput(w);
    if (!hex)
      throw new Refusal(`'${w}' in ${name} is not a hex id.`, '2.3', 'list hexes such as "N19 N20", separated by spaces or commas.');
    return hex;
  });
}

/** The legal actions of the user's side now (the awaited side when they hold both); refuses non-players. */
export async function legalNow(ctx: BotContext, ix: BaseInteraction, status?: StatusView | null): Promise<LegalActions> {
  const ref = refOf(ix);
  const st = status === undefined ? await statusOrNull(ctx, ref) : status;
  return unwrap(await ctx.game.service.legal(ref, actorOf(ix), sideFor(st, ix.user.id))).legal;
}

/** For autocomplete: the legal actions, or null after showing the reason (no game, not seated) as the only entry. */
export async function legalOrExplain(ctx: BotContext, ix: AutocompleteInteraction): Promise<LegalActions | null> {
  try {
    return await legalNow(ctx, ix);
  } catch (e) {
    if (!(e instanceof Refusal)) throw e;
    await ix.respond([{ name: e.message.slice(0, 100), value: '-' }]);
    return null;
  }
}

/** The side a user acts for now: the awaited side when they hold it (solitaire holds both). */
export function sideFor(status: StatusView | null, userId: string): Side | undefined {
  if (!status) return undefined;
  const held = (['finnish', 'soviet'] as const).filter((s) => status.seats[s].includes(userId));
  if (held.length === 1) return held[0];
  const awaited = status.mustAct?.side;
  if (awaited && held.includes(awaited)) return awaited;
  return held[0];
}

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

/** One line per combat-related event worth reading (src/app/combat-text.ts, shared with the console). */
export function eventLines(events: GameEvent[]): string[] {
  return combatEventLines(events);
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

/**
 * Player words for a phase, never the engine's name: "Soviet action phase", and the "Sub-Zero Loss Phase"
 * without a side (it belongs to both, 3.0 V). Words from src/engine/labels.ts.
 */
export function sidePhaseWords(side: Side | null | undefined, phase: string | null | undefined): string {
  if (!phase) return side ? `${sideName(side)} phase` : 'phase';
  if (phase === 'subZero' || phase === 'gameOver') return phaseLabel(phase);
  return `${side ? sideName(side) + ' ' : ''}${phaseLabel(phase)
    .replace(/ Phase$/, '')
    .toLowerCase()} phase`;
}

/** Buttons for the next step: end the current phase, undo, the map; plus pending decisions. */
export function controlsFor(status: StatusView): Row[] {
  const rows: Row[] = [];
  if (status.status !== 'active' || !status.mustAct) return rows;
  const pending = status.mustAct.pending;
  if (pending) rows.push(...decisionControls({ gameId: status.gameId, version: status.version }, pending));
  const buttons: ButtonBuilder[] = [];
  if (!pending && status.phase && status.phase !== 'gameOver') {
    buttons.push(
      new ButtonBuilder()
        .setCustomId(encodeCustomId({ kind: 'end', gameId: status.gameId, version: status.version, payload: status.phase }))
        .setLabel(`End ${sidePhaseWords(status.mustAct.side, status.phase)}`)
        .setStyle(ButtonStyle.Primary),
    );
  }
  if (status.undoable) {
    buttons.push(
      new ButtonBuilder()
        .setCustomId(encodeCustomId({ kind: 'undo', gameId: status.gameId, version: status.version, payload: status.undoable.side }))
        .setLabel(`Undo (${sideName(status.undoable.side)})`)
        .setStyle(ButtonStyle.Secondary),
    );
  }
  buttons.push(
    new ButtonBuilder()
      .setCustomId(encodeCustomId({ kind: 'map', gameId: status.gameId, version: status.version, payload: '' }))
      .setLabel('Map')
      .setStyle(ButtonStyle.Secondary),
  );
  rows.push(new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(...buttons));
  return rows;
}

/** How to reach a game once it has left the channel. */
/** What a confirmation asks about: resigning a side or aborting the game (both end it for good). */
export type ConfirmKind = 'resign' | 'abort';

/**
 * The two buttons under a confirmation: the irreversible step (red) and Cancel. Built at the game's
 * version, so a confirmation left lying while the game moves on is refused as stale.
 */
export function confirmControls(status: StatusView, kind: ConfirmKind, arg: string, label: string): ActionRowBuilder<ButtonBuilder>[] {
  const id = (payload: string) => encodeCustomId({ kind: 'confirm', gameId: status.gameId, version: status.version, payload });
  return [
    new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder()
        .setCustomId(id(`${kind}:${arg}`))
        .setLabel(label)
        .setStyle(ButtonStyle.Danger),
      new ButtonBuilder().setCustomId(id('cancel:')).setLabel('Cancel').setStyle(ButtonStyle.Secondary),
    ),
  ];
}

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
  const lines = [...result.lines, ...eventLines(result.events)];
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
