// What a slash command file (commands/*.ts) and a component handler look like. The router is
// generic over the context `C` the composition root builds (service, renderer, logger…), so this
// layer never needs to know how those are made.
import type {
  AutocompleteInteraction,
  ButtonInteraction,
  ChatInputCommandInteraction,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
  StringSelectMenuInteraction,
} from 'discord.js';
import type { ComponentRef } from './custom-id.js';

/** Anything with a `name` and `toJSON()`: a SlashCommandBuilder (with or without subcommands). */
export interface CommandData {
  readonly name: string;
  toJSON(): RESTPostAPIChatInputApplicationCommandsJSONBody;
}

/** One slash command: `{ data, execute, autocomplete? }` (discord.js-guide style). */
export interface Command<C> {
  data: CommandData;
  execute(ix: ChatInputCommandInteraction, ctx: C): Promise<void>;
  autocomplete?(ix: AutocompleteInteraction, ctx: C): Promise<void>;
}

export type ComponentInteraction = ButtonInteraction | StringSelectMenuInteraction;

/** Handles buttons and selects whose customId has this `kind` (see custom-id.ts). */
export interface ComponentHandler<C> {
  kind: string;
  handle(ix: ComponentInteraction, ref: ComponentRef, ctx: C): Promise<void>;
}
