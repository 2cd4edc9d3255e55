// Reply helpers: the one place that knows whether an interaction was already acknowledged.
// - `defer` acknowledges within Discord's 3 s before anything slow.
// - `respond` answers in whatever state the interaction is in (reply, edit the deferred reply, follow up).
// - `refuse` answers a player-fixable problem ephemerally, naming the rule section and the fix; after a
//   public defer it removes the "thinking…" placeholder and follows up ephemerally.
// - `failUnexpected` logs an unexpected error with a short id and answers generically.
import { randomBytes } from 'node:crypto';
import {
  MessageFlags,
  type AttachmentPayload,
  type InteractionReplyOptions,
  type MessageActionRowComponentBuilder,
  type ActionRowBuilder,
  type APIEmbed,
  type RepliableInteraction,
} from 'discord.js';
import type { Logger } from '../log.js';

export const MESSAGE_MAX = 2000;

/** A problem the player can fix: shown ephemerally with its rule section and how to fix it. */
export class Refusal extends Error {
  override name = 'Refusal';
  constructor(
    message: string,
    readonly rule?: string,
    readonly fix?: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** Shorten text to Discord's message limit, marking the cut. */
export function clip(text: string, max = MESSAGE_MAX): string {
  if (text.length <= max) return text;
  const marker = "\n… (cut to fit Discord's message limit)";
  return text.slice(0, max - marker.length) + marker;
}

/** The text of a refusal: what is wrong, the rule section, and how to fix it. */
export function formatRefusal(r: { message: string; rule?: string | undefined; fix?: string | undefined }): string {
  const lines = [`⛔ ${r.message}${r.rule ? ` (rule ${r.rule})` : ''}`];
  if (r.fix) lines.push(`How to fix: ${r.fix}`);
  return clip(lines.join('\n'));
}

export interface Answer {
  content?: string;
  files?: AttachmentPayload[];
  /** At most 10 (Discord's limit). */
  embeds?: APIEmbed[];
  components?: ActionRowBuilder<MessageActionRowComponentBuilder>[];
  /** User ids allowed to be pinged by this message (none otherwise). */
  mentionUsers?: string[];
  ephemeral?: boolean;
}

function toOptions(a: Answer): InteractionReplyOptions {
  return {
    ...(a.content !== undefined ? { content: clip(a.content) } : {}),
    ...(a.files ? { files: a.files } : {}),
    ...(a.embeds ? { embeds: a.embeds.slice(0, 10) } : {}),
    ...(a.components ? { components: a.components } : {}),
    allowedMentions: { users: a.mentionUsers ?? [], parse: [] },
    ...(a.ephemeral ? { flags: MessageFlags.Ephemeral } : {}),
  };
}

/** Acknowledge now (Discord wants an answer within 3 s); idempotent. */
export async function defer(ix: RepliableInteraction, ephemeral = false): Promise<void> {
  if (ix.deferred || ix.replied) return;
  await ix.deferReply(ephemeral ? { flags: MessageFlags.Ephemeral } : {});
}

/**
 * Answer in whatever state the interaction is in. The first answer after a defer edits the
 * placeholder; later ones are follow-ups. An ephemeral answer after a public defer replaces the
 * placeholder by an ephemeral follow-up.
 */
export async function respond(ix: RepliableInteraction, a: Answer): Promise<string | undefined> {
  const options = toOptions(a);
  if (!ix.deferred && !ix.replied) {
    await ix.reply(options);
    return undefined;
  }
  // discord.js marks `replied` once the deferred placeholder was edited or followed up.
  if (ix.deferred && !ix.replied) {
    const deferredEphemeral = ix.ephemeral === true;
    if (a.ephemeral && !deferredEphemeral) {
      await ix.deleteReply().catch(() => undefined);
      return (await ix.followUp(options)).id;
    }
    const { flags: _flags, ...edit } = options;
    return (await ix.editReply(edit)).id;
  }
  return (await ix.followUp(options)).id;
}

/** Refuse ephemerally, citing the rule section and the fix. */
export async function refuse(
  ix: RepliableInteraction,
  r: { message: string; rule?: string | undefined; fix?: string | undefined },
): Promise<void> {
  await respond(ix, { content: formatRefusal(r), ephemeral: true });
}

/** A short id to quote in logs and to the player. */
export function errorId(): string {
  return randomBytes(4).toString('hex');
}

/** Log an unexpected error with an id and answer generically (never the stack or internals). */
export async function failUnexpected(
  ix: RepliableInteraction,
  err: unknown,
  log: Logger,
  context: Record<string, unknown> = {},
): Promise<string> {
  const id = errorId();
  log.error({ err, errorId: id, interaction: ix.id, user: ix.user.id, ...context }, 'unexpected error in an interaction');
  const text = `Something went wrong on our side (error id \`${id}\`). If you were acting, \`/game status\` shows whether it was applied; quote the id if you report it.`;
  try {
    await respond(ix, { content: text, ephemeral: true });
  } catch (e) {
    log.warn({ err: e, errorId: id }, 'could not tell the player about the error');
  }
  return id;
}
