// Who is acting and on which game, for the slash commands and controls: the acting user, the channel's
// game, its status, the user's side and the side's legal actions (always from the service).
import { PermissionFlagsBits, type AutocompleteInteraction, type BaseInteraction } from 'discord.js';
import type { Actor, GameRef, StatusView, Viewer } from '../app/game-service.js';
import type { LegalActions, Side } from '../engine/types.js';
import { Refusal } from './replies.js';
import { unwrap } from './refusal-hints.js';
import type { BotContext } from './context.js';
import { actingSide } from '../app/acting-side.js';

/** The acting user, with the channel-manage permission the service needs for abort. */
export function actorOf(ix: BaseInteraction): Actor {
  return {
    userId: ix.user.id,
    name: ix.user.globalName ?? ix.user.username,
    canManageChannel: ix.memberPermissions?.has(PermissionFlagsBits.ManageChannels) ?? false,
  };
}

/** Who reads a game, and from where (the service refuses a game of another server: mayRead). */
export function viewerOf(ix: BaseInteraction): Viewer {
  return { actor: actorOf(ix), guildId: ix.guildId, ...(ix.channelId ? { channelId: ix.channelId } : {}) };
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

/** What a command needs before it acts, from one load: the user's side (src/app/acting-side.ts), its legal actions, the status. */
export interface Seen {
  legal: LegalActions;
  side: Side;
  status: StatusView;
}

/** The user's side, its legal actions and the game's status, from one load; refuses non-players. */
export async function seenNow(ctx: BotContext, ix: BaseInteraction): Promise<Seen> {
  const r = unwrap(await ctx.game.service.legal(refOf(ix), actorOf(ix)));
  return { legal: r.legal, side: r.side, status: r.status };
}

/** The legal actions of the user's side now (the awaited side when they hold both); refuses non-players. */
export async function legalNow(ctx: BotContext, ix: BaseInteraction): Promise<LegalActions> {
  return (await seenNow(ctx, ix)).legal;
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

/** The side a user acts for now, by the one policy (src/app/acting-side.ts). */
export function sideFor(status: StatusView | null, userId: string): Side | undefined {
  return status ? actingSide(status.seats, userId, status.mustAct?.side) : undefined;
}
