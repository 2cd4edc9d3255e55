// The documents this process saved last, kept for the next change of the same game (issue 18: a
// player's command within twice a raw GET+SET of its document; parsing the whole document again costs
// about as much as the round trips).
//
// A change reads the game, applies the action and writes it back. The document written is kept here with
// the header the store gave it; the next change of that game starts from it after a small read of the
// store's header (GameStore.peek) instead of reading and parsing the whole document. If the store holds
// any other version (another process saved, the game finished, was deleted or expired), the kept document
// is dropped and the game is read as usual. The compare-and-set of the save still guards every write.
//
// A kept document has one holder at a time: `take` hands it out and forgets it, and it comes back only
// with the holder's next successful save, so the holder may change it freely. (Two changes of one game
// at once: the second finds nothing kept and reads the store.) Readers that only look (status, legal
// actions, previews, map views) may `look` at it without taking it, once a peek shows its version is the
// stored one and it is still kept as that version (a change in flight has taken it). The engine never
// changes a state it is given (apply works on a copy); `freeze` makes the tests hold it to that for every
// kept state.
import type { SavedGame } from '../store/index.js';
import type { GameDoc } from './game-doc.js';
import { deepFreeze } from '../engine/draft.js';

export interface KeptDoc {
  gameId: string;
  doc: GameDoc;
  /** The store's header of the saved version (version, channel, finish and expiry times). */
  saved: SavedGame;
}

export class DocCache {
  private readonly docs = new Map<string, KeptDoc>();
  /** Active games kept, by channel (a channel has at most one active game). */
  private readonly channels = new Map<string, string>();

  /** `max` documents at most (the least recently saved go first); 0 keeps none. */
  constructor(
    private readonly max: number,
    private readonly freeze = false,
  ) {}

  get size(): number {
    return this.docs.size;
  }

  /** The kept document of a game (or of a channel's active game), handed out once. */
  take(ref: { gameId: string } | { channelId: string }): KeptDoc | undefined {
    const gameId = 'gameId' in ref ? ref.gameId : this.channels.get(ref.channelId);
    if (gameId === undefined) return undefined;
    const kept = this.docs.get(gameId);
    if (kept) this.drop(gameId);
    return kept;
  }

  /**
   * The kept document of a game without handing it out, for a reader that uses it at once (no await in
   * between) and changes nothing. Whether it is still the stored version is the reader's to check.
   */
  look(ref: { gameId: string } | { channelId: string }): KeptDoc | undefined {
    const gameId = 'gameId' in ref ? ref.gameId : this.channels.get(ref.channelId);
    return gameId === undefined ? undefined : this.docs.get(gameId);
  }

  /** Keep the document just saved as `saved.version` (a finished game is not kept). */
  put(gameId: string, doc: GameDoc, saved: SavedGame): void {
    this.drop(gameId);
    if (this.max <= 0 || saved.finishedAt !== null) return;
    if (this.freeze && doc.state) deepFreeze(doc.state);
    this.docs.set(gameId, { gameId, doc, saved });
    this.channels.set(saved.channelId, gameId);
    while (this.docs.size > this.max) this.drop(this.docs.keys().next().value!);
  }

  drop(gameId: string): void {
    const kept = this.docs.get(gameId);
    if (!kept) return;
    this.docs.delete(gameId);
    if (this.channels.get(kept.saved.channelId) === gameId) this.channels.delete(kept.saved.channelId);
  }
}

// deepFreeze: one for the engine's draft checks and the app's tests alike (src/engine/draft.ts).
export { deepFreeze };
