// What every slash command receives: the parts the composition root (src/main.ts) built.
// Rule lookup and dice are described here by the few methods the commands use, so this layer does
// not import src/rules or src/dice (docs/architecture.md); main passes the real implementations.
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

export interface BotContext {
  log: Logger;
  rules: RuleLookup;
}
