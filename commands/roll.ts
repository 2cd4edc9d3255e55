// /roll: public, verifiable dice in a channel. Each roll is numbered and drawn from the channel's
// committed stream (src/dice): the commitment is shown when a stream starts, the seed when it rotates.
// `/roll dice:reveal` rotates it from Discord: the seed and the whole stream (a file for
// scripts/verify-dice.ts) are posted, and a new stream starts.
import { InteractionContextType } from 'discord.js';
import { SlashCommandBuilder } from '@discordjs/builders';
import type { Command } from '../src/discord/command.js';
import type { ChatInputCommandInteraction } from 'discord.js';
import { defer, errorId, Refusal, respond } from '../src/discord/replies.js';
import type { BotContext, RevealedDice } from '../src/discord/context.js';

/**
 * The roller's text in Discord words: a dropped die (`2d` in `[2d, 5, 5, 5]`) is struck through
 * (~~2~~) instead of carrying a `d` that reads like dice notation, and success marks (`5*`) are
 * escaped so Discord does not turn them into italics.
 */
export function diceTextForDiscord(text: string): string {
  return text.replace(/\[([^\]]*)\]/g, (_m, inner: string) => `[${inner.replace(/\b(\d+)d\b/g, '~~$1~~').replace(/\*/g, '\\*')}]`);
}

/** The keyword that reveals the channel's stream instead of rolling (not dice notation, so no clash). */
const REVEAL = 'reveal';

/** A revealed stream as a message and its file, ready to check with scripts/verify-dice.ts. */
function revealedAnswer(r: RevealedDice, channelId: string): { lines: string[]; file: { attachment: Buffer; name: string } } {
  const name = `dice-${channelId}-${r.commitment.slice(0, 12)}.json`;
  return {
    lines: [
      `Seed: \`${r.seed}\``,
      `It hashes to the commitment published before roll #1: \`${r.commitment}\` (${r.rolls} roll(s)).`,
      `Anyone can recompute every roll from the attached file: \`npx tsx scripts/verify-dice.ts ${name}\`.`,
    ],
    file: { attachment: Buffer.from(r.json), name },
  };
}

/** Storage trouble as a refusal with an id to quote; the detail goes to the log only. */
function storeTrouble(e: unknown, ctx: BotContext, doing: string): Refusal | null {
  const code = (e as { code?: unknown }).code;
  if (typeof code !== 'string' || !code.startsWith('store/')) return null;
  if (code === 'store/conflict') {
    return new Refusal('Another roll in this channel was made at the same moment, so this one was not kept.', undefined, 'roll again.');
  }
  const id = errorId();
  ctx.log.error({ err: e, errorId: id }, `dice storage failure while ${doing}`);
  return new Refusal(
    `Storage problem while ${doing}: the dice store cannot be used right now (error id ${id}). Nothing was rolled.`,
    undefined,
    'try again in a moment.',
  );
}

const roll: Command<BotContext> = {
  data: new SlashCommandBuilder()
    .setName('roll')
    .setNameLocalizations({ ja: 'ロール' })
    .setDescription('Roll public, numbered dice: 2d6, 3d6+2, DR, dr, 4+, rw:rat ras=3 night; "reveal" shows the seed')
    .setDescriptionLocalizations({ ja: '公開の番号付きダイス：2d6、3d6+2、DR、dr、4+、rw:rat ras=3 night。reveal でシードを公開' })
    .setContexts(InteractionContextType.Guild, InteractionContextType.BotDM) // also in a DM with the bot
    .addStringOption((o) =>
      o
        .setName('dice')
        .setNameLocalizations({ ja: 'ダイス' })
        .setDescription('Dice notation, e.g. 2d6, DR, 4+, rw:rat ras=3; or "reveal" to reveal the seed so far')
        .setDescriptionLocalizations({ ja: 'ダイス表記（例：2d6、DR、4+、rw:rat ras=3）。reveal でここまでのシードを公開' })
        .setRequired(true)
        .setMaxLength(80),
    )
    .addStringOption((o) =>
      o
        .setName('why')
        .setNameLocalizations({ ja: '目的' })
        .setDescription('What the roll is for (shown with it)')
        .setDescriptionLocalizations({ ja: '何のためのロールか（一緒に表示）' })
        .setMaxLength(100),
    ),

  async execute(ix, ctx) {
    await defer(ix);
    const input = ix.options.getString('dice', true);
    const why = ix.options.getString('why');
    if (input.trim().toLowerCase() === REVEAL) return reveal(ix, ctx);
    let r;
    try {
      r = await ctx.dice.roll(ix.channelId, input);
    } catch (e) {
      if (e instanceof Error && e.name === 'DiceInputError')
        throw new Refusal(e.message, undefined, 'see the examples in the command description.');
      if (e instanceof Error && e.name === 'DiceStreamDamaged')
        throw new Refusal(e.message, undefined, '`/roll dice:reveal` replaces it with a new stream.');
      throw storeTrouble(e, ctx, 'rolling') ?? e;
    }
    const lines = [`🎲 Roll #${r.n} for <@${ix.user.id}>${why ? ` (${why})` : ''}: ${diceTextForDiscord(r.text)}`];
    // The first roll of a stream (new, or after a reveal) shows the whole commitment.
    if (r.newStream) lines.push(`New dice stream for this channel. Commitment (SHA-256 of its secret seed): \`${r.commitment}\``);
    else
      lines.push(
        r.n === 1
          ? `Stream commitment (SHA-256 of its secret seed): \`${r.commitment}\``
          : `Stream commitment: \`${r.commitment.slice(0, 16)}…\``,
      );
    if (r.revealed) {
      const shown = revealedAnswer(r.revealed, ix.channelId);
      lines.push('', `The previous stream was full and has been revealed.`, ...shown.lines);
      await respond(ix, { content: lines.join('\n'), files: [shown.file] });
      return;
    }
    await respond(ix, { content: lines.join('\n') });
  },
};

/** `/roll dice:reveal`: reveal the channel's seed (anyone may: rolls already made cannot change) and start a new stream. */
async function reveal(ix: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  let r;
  try {
    r = await ctx.dice.reveal(ix.channelId);
  } catch (e) {
    throw storeTrouble(e, ctx, 'revealing the dice') ?? e;
  }
  if (!r) throw new Refusal('This channel has no dice stream yet: nothing to reveal.', undefined, 'the first `/roll` starts one.');
  if (!r.revealed) {
    await respond(ix, {
      content: `The dice stream of this channel could not be read, so it was replaced by a new one. New commitment: \`${r.nextCommitment}\``,
    });
    return;
  }
  const shown = revealedAnswer(r.revealed, ix.channelId);
  await respond(ix, {
    content: [
      `🔓 <@${ix.user.id}> revealed this channel's dice stream.`,
      ...shown.lines,
      `New stream for the next rolls: commitment \`${r.nextCommitment}\``,
    ].join('\n'),
    files: [shown.file],
  });
}
export default roll;
