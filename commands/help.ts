// /help: what each command does, with examples, for a player who just met the bot. The list of
// subcommands is read from the commands' own definitions, so it cannot fall behind them.
import { SlashCommandBuilder } from '@discordjs/builders';
import { InteractionContextType } from 'discord.js';
import type { Command } from '../src/discord/command.js';
import { respond } from '../src/discord/replies.js';
import type { BotContext } from '../src/discord/context.js';

export const HELP_EXAMPLES: readonly string[] = [
  '`/game new scenario:tutorial side:finnish` → the other player `/game join side:soviet` → `/game start`',
  '`/game status`: whose turn it is, what the game waits for, with buttons for the next step',
  '`/game list`: your games on this server and whose turn it is; `/game away until:2026-12-24` pauses your reminders',
  '`/play move unit:1/1/609 to:M17` (units and hexes are offered as you type; ids in any case)',
  '`/play combat target:Q24`: attackers default to every unit that may join; the odds come first, with Attack and Cancel',
  '`/play decide answer:step 1/1/JR16; retreat I15`: answer a decision in words (the buttons under it do the same)',
  '`/game place unit:1/1/JR16 hex:O18`: before the start, set up a unit with a set-up area (1.2)',
  '`/play assault units:3/1/609 target:J16 path:K16`: move through K16, then assault (9.1)',
  '`/game undo`: take back your last action (not past a dice roll or a hand-over)',
  '`/map zoom center:M16` · `/map reach unit:1/1/609`',
  '`/rule query:retreat into enemy zoc` · `/rule query:スキー` · `/rule query:8.5.2.2`',
  '`/roll dice:2d6` · `/roll dice:DR` · `/roll dice:rw:rat ras=3 night`',
];

interface JsonOption {
  type: number;
  name: string;
}

/** `/help` over the given commands (a function, so the list stays the bot's own without an import cycle). */
export function helpCommand(list: () => readonly Command<BotContext>[]): Command<BotContext> {
  return {
    data: new SlashCommandBuilder()
      .setName('help')
      .setNameLocalizations({ ja: 'ヘルプ' })
      .setDescription('What each command does, with examples')
      .setDescriptionLocalizations({ ja: '各コマンドの説明と例' })
      .setContexts(InteractionContextType.Guild, InteractionContextType.BotDM),

    async execute(ix) {
      const lines = ['**hexref** referees one game per channel; every refusal names the rule and how to fix it.', ''];
      for (const c of list()) {
        const json = c.data.toJSON() as { name: string; description: string; options?: JsonOption[] };
        if (json.name === 'help') continue;
        // Subcommands are options of type 1.
        const subs = (json.options ?? []).filter((o) => o.type === 1).map((o) => o.name);
        lines.push(`**/${json.name}**${subs.length ? ` ${subs.join(' · ')}` : ''}: ${json.description}`);
      }
      lines.push('', '**Examples**', ...HELP_EXAMPLES.map((e) => `- ${e}`));
      await respond(ix, { content: lines.join('\n'), ephemeral: true });
    },
  };
}
