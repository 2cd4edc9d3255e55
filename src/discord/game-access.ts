// Who is acting and on which game, for the slash commands and controls: the acting user, the channel's
// game, its status, the user's side and the side's legal actions (always from the service).
import { PermissionFlagsBits, type AutocompleteInteraction, type BaseInteraction } from 'discord.js';
import type { Actor, GameRef, StatusView } from '../app/game-service.js';
import type { LegalActions, Side } from '../engine/types.js';
import { Refusal } from './replies.js';
import { unwrap } from './refusal-hints.js';
import type { BotContext } from './context.js';

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

/** The game's status, or null when the channel has no game. */
export async function statusOrNull(ctx: BotContext, ref: GameRef): Promise<StatusView | null> {
  const r = await ctx.game.service.status(ref);
  return r.ok ? r.status : null;
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
