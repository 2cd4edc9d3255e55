// What every slash command receives: the parts the composition root (src/main-bot.ts) built.
// Rule lookup and dice are described here by the few methods the commands use, so this layer does
// not import src/rules or src/dice (docs/architecture.md); main passes the real implementations.
import type { GameService } from '../app/game-service.js';
import type { Logger } from '../log.js';
import type { LiveControls } from './live-controls.js';
import type { Reminders } from '../app/reminders.js';
import type { WorkQueue } from './work-queue.js';

export interface RuleEntryLike {
  system: string;
  id: string;
  /** The section number players see; null for unnumbered headings (never show the slug id). */
  section: string | null;
  title: string;
  summary: string;
  parent: string | null;
  ja?: { title: string; summary: string };
}

/** The part of src/rules' RuleLibrary the /rule command uses. */
export interface RuleLookup {
  readonly systems: string[];
  readonly titles: Record<string, string>;
  search(
    query: string,
    options?: { system?: string; limit?: number },
  ): { language: 'en' | 'ja'; hits: Array<{ entry: RuleEntryLike; match: 'id' | 'text' }>; didYouMean: string[] };
  suggest(prefix: string, system?: string, max?: number, language?: 'en' | 'ja'): Array<{ system: string; id: string; label: string }>;
  find(system: string, id: string): RuleEntryLike | undefined;
  related(
    system: string,
    id: string,
  ): { parent?: RuleEntryLike; previous?: RuleEntryLike; next?: RuleEntryLike; siblings: RuleEntryLike[]; children: RuleEntryLike[] };
  systemLabel(system: string, language?: 'en' | 'ja'): string;
  /** "8.3(4) Concentric Attack Bonus" (or the Japanese title); an unnumbered heading by its title only. */
  heading(entry: RuleEntryLike, language?: 'en' | 'ja'): string;
}

/** A stream whose seed was just revealed: enough to show it, and the whole stream as a JSON file. */
export interface RevealedDice {
  seed: string;
  commitment: string;
  rolls: number;
  /** The revealed stream (format hexref-dice-stream/1), as scripts/verify-dice.ts reads it. */
  json: string;
}

/** A channel's public dice (src/dice's rollInChannel with the bot's stream store bound). */
export interface ChannelDice {
  /** Throws an Error named DiceInputError for bad notation, DiceStreamDamaged when the stored stream
   * cannot be read, or a store error with code store/conflict when another roll on the channel won the
   * race (nothing is rolled then). A full stream is revealed and replaced first (`revealed`). */
  roll(
    channelId: string,
    input: string,
  ): Promise<{ n: number; text: string; commitment: string; newStream: boolean; revealed?: RevealedDice }>;
  /**
   * Reveal the seed of the channel's stream and start a new one (so the rolls made so far can be
   * verified). null when the channel has no stream yet. A stream that cannot be read is replaced
   * (`revealed` null, `replaced` true).
   */
  reveal(channelId: string): Promise<{ revealed: RevealedDice | null; nextCommitment: string; replaced: boolean } | null>;
}

/** Zoom or whole-map choice for a drawing. */
export interface DrawOptions {
  center?: string;
  radius?: number;
  whole?: boolean;
}

/** The game service plus what the commands need around it. */
export interface GamePlay {
  service: GameService;
  /** Scenarios of the ruleset, for the /game new choices. */
  scenarios: readonly { id: string; name: string }[];
  /** Draw an engine map view to a PNG (render/renderMap with the ruleset's map bound). */
  draw(view: unknown, options?: DrawOptions): Promise<Buffer>;
  /** The file extension of what draw and legend return (`jpg` or `png`), for attachment names. */
  pictureExt: 'jpg' | 'png';
  /** The map legend as its own picture (zooms leave it out). */
  legend(): Promise<Buffer>;
  /** Release the store (locks, connections). */
  close(): Promise<void>;
}

export interface BotContext {
  log: Logger;
  rules: RuleLookup;
  dice: ChannelDice;
  game: GamePlay;
  /** The message carrying each game's live controls (src/discord/live-controls.ts). */
  live: LiveControls;
  /** Reminders, snoozes, DMs and vacations (src/app/reminders.ts). */
  reminders: Reminders;
  /** The bot's clock (the service's; tests move it). */
  now: () => number;
  /** Game commands queued with a concurrency limit; a full queue refuses politely (src/discord/work-queue.ts). */
  work: WorkQueue;
}
