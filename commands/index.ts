// The slash commands and component handlers the bot offers. Deployed by `npm run deploy-commands`
// (src/cli/commands/deploy-commands.ts) and routed by src/discord/router.ts.
import type { RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import type { Command, ComponentHandler } from '../src/discord/command.js';
import type { BotContext } from './context.js';
import rule from './rule.js';

export type { BotContext } from './context.js';

export const commands: Command<BotContext>[] = [rule];

export const componentHandlers: ComponentHandler<BotContext>[] = [];

/** The JSON definitions Discord receives. */
export function commandDefinitions(): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  return commands.map((c) => c.data.toJSON());
}
