// /roll: public, verifiable dice in a channel. Each roll is numbered and drawn from the channel's
// committed stream (src/dice): the commitment is shown when a stream starts, the seed when it rotates.
import { SlashCommandBuilder } from '@discordjs/builders';
import type { Command } from '../src/discord/command.js';
import { defer, Refusal, respond } from '../src/discord/replies.js';
import type { BotContext } from './context.js';

/**
 * The roller's text in Discord words: a dropped die (`2d` in `[2d, 5, 5, 5]`) is struck through
 * (~~2~~) instead of carrying a `d` that reads like dice notation, and success marks (`5*`) are
 * escaped so Discord does not turn them into italics.
 */
export function diceTextForDiscord(text: string): string {
  return text.replace(/\[([^\]]*)\]/g, (_m, inner: string) => `[${inner.replace(/\b(\d+)d\b/g, '~~$1~~').replace(/\*/g, '\\*')}]`);
}

const roll: Command<BotContext> = {
  data: new SlashCommandBuilder()
    .setName('roll')
    .setDescription('Roll public, numbered dice: 2d6, 3d6+2, 4d6kh3, DR, dr, 4+, rw:crt')
    .addStringOption((o) => o.setName('dice').setDescription('Dice notation, e.g. 2d6, DR, 4+, rw:crt').setRequired(true).setMaxLength(80))
    .addStringOption((o) => o.setName('why').setDescription('What the roll is for (shown with it)').setMaxLength(100)),

  async execute(ix, ctx) {
    await defer(ix);
    const input = ix.options.getString('dice', true);
    const why = ix.options.getString('why');
    let r;
    try {
      r = await ctx.dice.roll(ix.channelId, input);
    } catch (e) {
      if (e instanceof Error && e.name === 'DiceInputError') throw new Refusal(e.message, undefined, 'see the examples in the command description.');
      if ((e as { code?: unknown }).code === 'store/conflict') {
        throw new Refusal('Another roll in this channel was made at the same moment, so this one was not kept.', undefined, 'roll again.');
      }
      throw e;
    }
    const lines = [`🎲 Roll #${r.n} for <@${ix.user.id}>${why ? ` (${why})` : ''}: ${diceTextForDiscord(r.text)}`];
    lines.push(r.newStream ? `New dice stream for this channel. Commitment (SHA-256 of its secret seed): \`${r.commitment}\`` : `Stream commitment: \`${r.commitment.slice(0, 16)}…\``);
    await respond(ix, { content: lines.join('\n') });
  },
};
export default roll;
