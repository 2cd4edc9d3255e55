// What every slash command receives: the parts the composition root (src/main.ts) built.
// Rule lookup and dice are described here by the few methods the commands use, so this layer does
// not import src/rules or src/dice (docs/architecture.md); main passes the real implementations.
import type { GameService } from '../src/app/game-service.js';
import type { Logger } from '../src/log.js';

export interface RuleEntryLike {
  system: string;
  id: string;
  title: string;
  summary: string;
}

/** The part of src/rules' RuleLibrary the /rule command uses. */
export interface RuleLookup {
  readonly systems: string[];
  readonly titles: Record<string, string>;
  search(query: string, options?: { system?: string; limit?: number }): { hits: Array<{ entry: RuleEntryLike; match: 'id' | 'text' }>; didYouMean: string[] };
  suggest(prefix: string, system?: string, max?: number): Array<{ system: string; id: string; label: string }>;
  find(system: string, id: string): RuleEntryLike | undefined;
}

/** A channel's public dice (src/dice's rollInChannel with the bot's stream store bound). */
export interface ChannelDice {
  /** Throws an Error named DiceInputError for bad notation, or a store error with code store/conflict
   * when another roll on the channel won the race (nothing is rolled then). */
  roll(channelId: string, input: string): Promise<{ n: number; text: string; commitment: string; newStream: boolean }>;
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
  /** Release the store (locks, connections). */
  close(): Promise<void>;
}

export interface BotContext {
  log: Logger;
  rules: RuleLookup;
  dice: ChannelDice;
  game: GamePlay;
}
