// /rule: look a rule up by section id ("7.3" is never "7.30") or by words, with autocomplete.
// Answers are our own summaries with the section id (docs/rules-and-dice.md), not the rulebook text.
import { SlashCommandBuilder } from 'discord.js';
import type { Command } from '../src/discord/command.js';
import { clip, respond, Refusal } from '../src/discord/replies.js';
import type { BotContext } from './context.js';

const SYSTEM_CHOICES = [
  { name: 'Red Winter', value: 'redwinter' },
  { name: 'ASL chapter E', value: 'asl' },
  { name: 'Rifles winter rules', value: 'rifles' },
  { name: 'Weather (section 99)', value: 'weather' },
];

const rule: Command<BotContext> = {
  data: new SlashCommandBuilder()
    .setName('rule')
    .setDescription('Look up a rule by section (7.3) or by words (frozen lake)')
    .addStringOption((o) => o.setName('query').setDescription('Section id or words').setRequired(true).setAutocomplete(true).setMaxLength(100))
    .addStringOption((o) => o.setName('system').setDescription('Rule set (default Red Winter)').addChoices(...SYSTEM_CHOICES)),

  async execute(ix, ctx) {
    const raw = ix.options.getString('query', true).trim();
    const system = ix.options.getString('system') ?? 'redwinter';
    // An autocomplete pick arrives as `system:id`.
    const picked = /^([a-z]+):(.+)$/.exec(raw);
    const exact = picked ? ctx.rules.find(picked[1]!, picked[2]!) : undefined;
    if (exact) return respond(ix, { content: formatEntry(exact, ctx) });
    const out = ctx.rules.search(raw, { system, limit: 4 });
    if (!out.hits.length) {
      throw new Refusal(
        `No rule matches "${raw}" in ${ctx.rules.titles[system] ?? system}.`,
        undefined,
        out.didYouMean.length ? `try ${out.didYouMean.slice(0, 5).map((s) => `\`${s}\``).join(', ')}.` : 'try a section number such as 7.3 or fewer words.',
      );
    }
    const [first, ...more] = out.hits;
    const lines = [formatEntry(first!.entry, ctx)];
    if (first!.match !== 'id' && more.length) lines.push('', `Also: ${more.map((h) => `${h.entry.id} ${h.entry.title}`).join(' · ')}`);
    return respond(ix, { content: clip(lines.join('\n')) });
  },

  async autocomplete(ix, ctx) {
    const typed = ix.options.getFocused();
    const system = ix.options.getString('system') ?? 'redwinter';
    const choices = ctx.rules.suggest(typed, system, 25).map((s) => ({ name: s.label.slice(0, 100), value: `${s.system}:${s.id}`.slice(0, 100) }));
    await ix.respond(choices);
  },
};

function formatEntry(e: { system: string; id: string; title: string; summary: string }, ctx: BotContext): string {
  return clip(`**${e.id} ${e.title}** (${ctx.rules.titles[e.system] ?? e.system})\n${e.summary}`);
}

export default rule;
