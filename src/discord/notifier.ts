// The bot speaking unprompted (src/app/reminders.ts's Notifier): a message in a game's channel, or a
// direct message. Sent through the client's REST API (no gateway event needed) with a nonce that
// Discord enforces, so the same notice sent twice (two processes, a retry) shows once.
// Missing access or permission, and closed DMs, come back as `denied` for the reminders to handle
// (tell the host, try later); other failures throw, and the scheduler retries the wake.
import { DiscordAPIError, Routes, type Client } from 'discord.js';
import type { Delivery, Notice, Notifier } from '../app/reminders.js';
import { reminderControls } from './controls.js';
import { clip } from './replies.js';

/** Discord error codes that mean "you may not post there" (or "to them"). */
const DENIED = new Set([50001 /* Missing Access */, 50013 /* Missing Permissions */, 50007 /* Cannot send messages to this user */]);
/** The channel or user is gone. */
const GONE = new Set([10003 /* Unknown Channel */, 10013 /* Unknown User */]);

export class DiscordNotifier implements Notifier {
  private clientRef: Client | null = null;

  /** The connected client (the notifier exists before the login, so the reminders can be wired first). */
  attach(client: Client): void {
    this.clientRef = client;
  }

  private get client(): Client {
    if (!this.clientRef) throw new Error('not connected to Discord yet');
    return this.clientRef;
  }

  async post(notice: Notice): Promise<Delivery> {
    return this.send(notice.channelId, notice, false);
  }

  async dm(userId: string, notice: Notice): Promise<Delivery> {
    let channelId: string;
    try {
      const dm = (await this.client.rest.post(Routes.userChannels(), { body: { recipient_id: userId } })) as { id: string };
      channelId = dm.id;
    } catch (err) {
      const d = delivery(err);
      if (d) return d;
      throw err;
    }
    return this.send(channelId, notice, true);
  }

  private async send(channelId: string, notice: Notice, inDm: boolean): Promise<Delivery> {
    const body = {
      content: clip(notice.text),
      // Only the players named are pinged (never @everyone or roles).
      allowed_mentions: { parse: [], users: inDm ? [] : notice.mention.slice(0, 100) },
      nonce: notice.nonce,
      enforce_nonce: true,
      ...(notice.controls ? { components: reminderControls(notice.gameId, inDm).map((r) => r.toJSON()) } : {}),
    };
    const content =
      inDm || !notice.mention.length ? body.content : clip(`${notice.mention.map((u) => `<@${u}>`).join(' ')} ${notice.text}`);
    try {
      await this.client.rest.post(Routes.channelMessages(channelId), { body: { ...body, content } });
      return 'ok';
    } catch (err) {
      const d = delivery(err);
      if (d) return d;
      throw err;
    }
  }
}

function delivery(err: unknown): Delivery | null {
  if (!(err instanceof DiscordAPIError)) return null;
  const code = Number(err.code);
  if (DENIED.has(code) || err.status === 403) return 'denied';
  if (GONE.has(code) || err.status === 404) return 'gone';
  return null;
}
