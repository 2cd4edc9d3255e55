// A thread per game (issue 16): `/game new thread:true` opens a public thread under the channel and the
// game lives there (its channel is the thread). Made through the REST API; a thread the bot may not make
// is a refusal that names the permission.
import { ChannelType, DiscordAPIError, Routes, ThreadAutoArchiveDuration, type RepliableInteraction } from 'discord.js';
import { Refusal, clip } from './replies.js';

/** Discord's longest thread name. */
const NAME_MAX = 100;

/** Open a public thread under the interaction's channel; its id. */
export async function openThread(ix: RepliableInteraction, name: string): Promise<string> {
  try {
    const thread = (await ix.client.rest.post(Routes.threads(ix.channelId!), {
      body: {
        name: clip(name, NAME_MAX),
        type: ChannelType.PublicThread,
        // The longest Discord allows: a quiet week archives it, and any post brings it back.
        auto_archive_duration: ThreadAutoArchiveDuration.OneWeek,
      },
    })) as { id: string };
    return thread.id;
  } catch (err) {
    if (err instanceof DiscordAPIError && (err.status === 403 || Number(err.code) === 50013 || Number(err.code) === 50001)) {
      throw new Refusal(
        'I cannot open a thread in this channel (I need the Create Public Threads and Send Messages in Threads permissions).',
        undefined,
        'ask a moderator to grant them, or run `/game new` without `thread`.',
      );
    }
    throw err;
  }
}

/** Remove a thread made for a game that could not be created after all (best effort). */
export async function dropThread(ix: RepliableInteraction, threadId: string): Promise<void> {
  await ix.client.rest.delete(Routes.channel(threadId)).catch(() => undefined);
}

/** Post a message with components in a channel the interaction did not come from (the game's thread). */
export async function postIn(
  ix: RepliableInteraction,
  channelId: string,
  content: string,
  components: Array<{ toJSON(): unknown }>,
  embeds: unknown[] = [],
): Promise<void> {
  await ix.client.rest.post(Routes.channelMessages(channelId), {
    body: {
      content: clip(content),
      components: components.map((c) => c.toJSON()),
      ...(embeds.length ? { embeds } : {}),
      allowed_mentions: { parse: [] },
    },
  });
}
