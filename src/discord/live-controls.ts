// One live set of controls per game: when the bot posts a new message with a game's buttons, the message
// that carried the previous ones is edited to drop them, so old buttons do not invite clicks. Edits go
// through the interaction that posted that message (its webhook), which Discord allows for 15 minutes;
// after that, or after a restart, the old buttons stay and a click on one says, in words, what the game
// waits for now (game/stale).
import type { RepliableInteraction } from 'discord.js';

interface Posted {
  ix: RepliableInteraction;
  messageId: string;
}

/** How long an interaction's webhook may edit its messages (Discord: 15 minutes). */
const EDIT_WINDOW_MS = 15 * 60 * 1000;

export class LiveControls {
  private readonly last = new Map<string, Posted & { at: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** `messageId` (posted through `ix`) now carries the game's controls; the previous message loses its own. */
  async posted(gameId: string, ix: RepliableInteraction, messageId: string): Promise<void> {
    const prev = this.last.get(gameId);
    this.last.set(gameId, { ix, messageId, at: this.now() });
    if (!prev || prev.messageId === messageId || this.now() - prev.at > EDIT_WINDOW_MS) return;
    // Best effort: a message deleted meanwhile, or an expired token, leaves the old buttons (a click on
    // one is answered as stale).
    await prev.ix.webhook.editMessage(prev.messageId, { components: [] }).catch(() => undefined);
  }

  /** Forget a game (it ended). */
  forget(gameId: string): void {
    this.last.delete(gameId);
  }
}
