// The slash commands and component handlers the bot offers. Deployed by `npm run deploy-commands`
// (src/cli/commands/deploy-commands.ts) and routed by src/discord/router.ts.
import type { RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import type { Command, ComponentHandler } from '../src/discord/command.js';
import type { BotContext } from '../src/discord/context.js';
import { componentHandlers as gameComponents } from './components.js';
import game from './game.js';
import { helpCommand } from './help.js';
import map from './map.js';
import play from './play.js';
import roll from './roll.js';
import rule, { componentHandlers as ruleComponents } from './rule.js';

export type { BotContext, ChannelDice, GamePlay, RuleLookup, DrawOptions } from '../src/discord/context.js';

export const commands: Command<BotContext>[] = [game, play, map, rule, roll];
commands.push(helpCommand(() => commands));

export const componentHandlers: ComponentHandler<BotContext>[] = [...gameComponents, ...ruleComponents];

/** The JSON definitions Discord receives. */
export function commandDefinitions(): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  return commands.map((c) => c.data.toJSON());
}
