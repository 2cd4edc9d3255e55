// /rule: look a rule up by section id ("8.5.2.2", "E4.3", "8.3 case 4") or by words, in English or
// Japanese, over every rule set unless one is picked. The answer is our own summary of the most
// specific entry (docs/rules-and-dice.md), with buttons to its parent, its neighbours, the other
// hits and the other language, and a menu of the sections under or beside it.
//
// Language: Japanese when the question is written in Japanese or the user's Discord client is set to
// Japanese (interaction.locale 'ja'), wherever the entry has Japanese text; English otherwise.
//
// Components carry `hx1|rule|-|0|<lang>:<asker>:<system>:<id>` (src/discord/custom-id.ts; no game,
// so the game id is '-' and the version 0). A click by the person who asked replaces the answer in
// place; anyone else gets their own copy, visible only to them.
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  SlashCommandBuilder,
  StringSelectMenuBuilder,
  type MessageActionRowComponentBuilder,
  InteractionContextType,
} from 'discord.js';
import type { Command, ComponentHandler } from '../src/discord/command.js';
import { CustomIdError, encodeCustomId } from '../src/discord/custom-id.js';
import { clip, respond, Refusal } from '../src/discord/replies.js';
import type { BotContext, RuleEntryLike, RuleLookup } from '../src/discord/context.js';

type Lang = 'en' | 'ja';
type Row = ActionRowBuilder<MessageActionRowComponentBuilder>;

const KIND = 'rule';
const BUTTON_LABEL_MAX = 80;
const OPTION_LABEL_MAX = 100;
const MENU_OPTIONS_MAX = 25;
const OTHER_HITS_MAX = 4;

const SYSTEM_CHOICES = [
  { name: 'Red Winter', value: 'redwinter', ja: 'Red Winter' },
  { name: 'ASL chapter E', value: 'asl', ja: 'ASL 第E章' },
  { name: 'Rifles winter rules', value: 'rifles', ja: 'Rifles 冬季ルール' },
  { name: 'Weather (section 99)', value: 'weather', ja: '天候ルール（99章）' },
];

/** Words of the answer, in both languages. */
const WORDS = {
  en: {
    noMatch: (q: string, where: string) => `No rule matches "${q}"${where}.`,
    tryThese: (list: string) => `try ${list}.`,
    tryIdea: 'try a section number such as 8.5.2.2 or E4.3, or fewer words.',
    inSystem: (s: string) => ` in ${s}`,
    noJapanese: '',
    menu: 'Sections under or beside this one',
    gone: 'That rule is no longer in the rule index.',
    goneFix: 'look it up again with /rule.',
    languageName: 'English',
  },
  ja: {
    noMatch: (q: string, where: string) => `「${q}」に当たるルールが${where}見つかりません。`,
    tryThese: (list: string) => `${list} はどうでしょう。`,
    tryIdea: '8.5.2.2 や E4.3 のような節番号か、短い言葉で試してください。',
    inSystem: (s: string) => `${s}には`,
    noJapanese: '（この項目の日本語の要約はまだありません）',
    menu: 'この項目の下位・同じ階層の項目',
    gone: 'そのルールはもう索引にありません。',
    goneFix: '/rule でもう一度調べてください。',
    languageName: '日本語',
  },
} as const;

function languageOf(locale: string | undefined, queryLanguage: Lang = 'en'): Lang {
  return queryLanguage === 'ja' || locale?.startsWith('ja') ? 'ja' : 'en';
}

const shorten = (text: string, max: number) => (text.length <= max ? text : text.slice(0, max - 1) + '…');

/** The text of an answer: heading, rule set, and our summary in the chosen language. */
export function formatRule(e: RuleEntryLike, lang: Lang, rules: RuleLookup): string {
  const summary = lang === 'ja' && e.ja ? e.ja.summary : e.summary;
  const missing = lang === 'ja' && !e.ja ? `\n${WORDS.ja.noJapanese}` : '';
  return clip(`**${rules.heading(e, lang)}** · ${rules.systemLabel(e.system, lang)}\n${summary}${missing}`);
}

function ruleId(lang: Lang, asker: string, target?: RuleEntryLike): string | undefined {
  try {
    const payload = target ? `${lang}:${asker}:${target.system}:${target.id}` : `${lang}:${asker}`;
    return encodeCustomId({ kind: KIND, gameId: '-', version: 0, payload });
  } catch (err) {
    if (err instanceof CustomIdError) return undefined; // an id too long for Discord: no button rather than a broken one
    throw err;
  }
}

/** Buttons to the parent, the previous and next entries beside this one, the other language and other hits. */
export function ruleControls(e: RuleEntryLike, lang: Lang, asker: string, rules: RuleLookup, others: RuleEntryLike[] = []): Row[] {
  const rows: Row[] = [];
  const rel = rules.related(e.system, e.id);
  const used = new Set<string>([`${e.system}:${e.id}`]);
  const button = (target: RuleEntryLike, label: string, style = ButtonStyle.Secondary, toLang = lang): ButtonBuilder | undefined => {
    const id = ruleId(toLang, asker, target);
    return id ? new ButtonBuilder().setCustomId(id).setLabel(shorten(label, BUTTON_LABEL_MAX)).setStyle(style) : undefined;
  };
  const nav: ButtonBuilder[] = [];
  for (const [target, label] of [
    [rel.parent, rel.parent && `↑ ${rules.heading(rel.parent, lang)}`],
    [rel.previous, rel.previous && `◀ ${rules.heading(rel.previous, lang)}`],
    [rel.next, rel.next && `${rules.heading(rel.next, lang)} ▶`],
  ] as Array<[RuleEntryLike | undefined, string | undefined]>) {
    if (!target || !label) continue;
    const b = button(target, label);
    if (b) {
      nav.push(b);
      used.add(`${target.system}:${target.id}`);
    }
  }
  if (e.ja) {
    // the same entry in the other language (its customId differs from the others by the language)
    const other: Lang = lang === 'ja' ? 'en' : 'ja';
    const b = button(e, WORDS[other].languageName, ButtonStyle.Primary, other);
    if (b) nav.push(b);
  }
  if (nav.length) rows.push(new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(...nav));

  const also = others.filter((o) => !used.has(`${o.system}:${o.id}`)).slice(0, OTHER_HITS_MAX);
  const alsoButtons = also
    .map((o) => {
      used.add(`${o.system}:${o.id}`);
      return button(o, `${rules.systemLabel(o.system, lang)} · ${rules.heading(o, lang)}`);
    })
    .filter((b): b is ButtonBuilder => !!b);
  if (alsoButtons.length) rows.push(new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(...alsoButtons));

  const menuEntries = [...rel.children, ...rel.siblings].slice(0, MENU_OPTIONS_MAX);
  const menuId = ruleId(lang, asker);
  if (menuEntries.length > 1 && menuId) {
    const menu = new StringSelectMenuBuilder()
      .setCustomId(menuId)
      .setPlaceholder(WORDS[lang].menu)
      .addOptions(menuEntries.map((x) => ({ label: shorten(rules.heading(x, lang), OPTION_LABEL_MAX), value: `${x.system}:${x.id}` })));
    rows.push(new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(menu));
  }
  return rows;
}

const rule: Command<BotContext> = {
  data: new SlashCommandBuilder()
    .setName('rule')
    .setNameLocalizations({ ja: 'ルール' })
    .setDescription('Look up a rule by section (8.5.2.2, E4.3, 8.3 case 4) or by words, in every rule set')
    .setDescriptionLocalizations({ ja: 'ルールを節番号（8.5.2.2、E4.3、8.3 case 4）か言葉で調べる（全ルールセット）' })
    .setContexts(InteractionContextType.Guild, InteractionContextType.BotDM) // also in a DM with the bot
    .addStringOption((o) =>
      o
        .setName('query')
        .setNameLocalizations({ ja: '検索' })
        .setDescription('Section number or words, English or Japanese')
        .setDescriptionLocalizations({ ja: '節番号か言葉（日本語でも英語でも）' })
        .setRequired(true)
        .setAutocomplete(true)
        .setMaxLength(100),
    )
    .addStringOption((o) =>
      o
        .setName('system')
        .setNameLocalizations({ ja: 'ルールセット' })
        .setDescription('Only this rule set (default: all of them)')
        .setDescriptionLocalizations({ ja: 'このルールセットだけを探す（省略時はすべて）' })
        .addChoices(...SYSTEM_CHOICES.map((c) => ({ name: c.name, name_localizations: { ja: c.ja }, value: c.value }))),
    ),

  async execute(ix, ctx) {
    const raw = ix.options.getString('query', true).trim();
    const system = ix.options.getString('system') ?? undefined;
    // An autocomplete pick arrives as `system:id`.
    const picked = /^([a-z][a-z0-9-]*):(.+)$/.exec(raw);
    const exact = picked && ctx.rules.systems.includes(picked[1]!) ? ctx.rules.find(picked[1]!, picked[2]!) : undefined;
    if (exact) {
      const lang = languageOf(ix.locale);
      return void (await respond(ix, {
        content: formatRule(exact, lang, ctx.rules),
        components: ruleControls(exact, lang, ix.user.id, ctx.rules),
      }));
    }
    const out = ctx.rules.search(raw, { ...(system ? { system } : {}), limit: 1 + OTHER_HITS_MAX });
    const lang = languageOf(ix.locale, out.language);
    if (!out.hits.length) {
      const w = WORDS[lang];
      throw new Refusal(
        w.noMatch(raw, system ? w.inSystem(ctx.rules.systemLabel(system, lang)) : ''),
        undefined,
        out.didYouMean.length
          ? w.tryThese(
              out.didYouMean
                .slice(0, 5)
                .map((s) => `\`${s}\``)
                .join(', '),
            )
          : w.tryIdea,
      );
    }
    const [first, ...more] = out.hits;
    const others = first!.match === 'id' ? more.filter((h) => h.match === 'id') : more;
    await respond(ix, {
      content: formatRule(first!.entry, lang, ctx.rules),
      components: ruleControls(
        first!.entry,
        lang,
        ix.user.id,
        ctx.rules,
        others.map((h) => h.entry),
      ),
    });
  },

  async autocomplete(ix, ctx) {
    const typed = ix.options.getFocused();
    const system = ix.options.getString('system') ?? undefined;
    const choices = ctx.rules
      .suggest(typed, system, 25, languageOf(ix.locale))
      .map((s) => ({ name: shorten(s.label, 100), value: `${s.system}:${s.id}`.slice(0, 100) }));
    await ix.respond(choices);
  },
};

/** The buttons and the menu of an answer: open another entry (or the same one in the other language). */
export const ruleComponent: ComponentHandler<BotContext> = {
  kind: KIND,
  async handle(ix, ref, ctx) {
    const [lang, asker, ...rest] = ref.payload.split(':');
    const target = ix.isStringSelectMenu() ? (ix.values[0] ?? '') : rest.join(':');
    const cut = target.indexOf(':');
    const entry = cut > 0 ? ctx.rules.find(target.slice(0, cut), target.slice(cut + 1)) : undefined;
    const language: Lang = lang === 'ja' ? 'ja' : 'en';
    if (!entry) throw new Refusal(WORDS[language].gone, undefined, WORDS[language].goneFix);
    const content = formatRule(entry, language, ctx.rules);
    if (ix.user.id === asker) {
      await ix.update({ content, components: ruleControls(entry, language, asker, ctx.rules), allowedMentions: { parse: [] } });
      return;
    }
    // someone else's answer: give this user a copy of their own rather than changing it under the asker
    await respond(ix, { content, components: ruleControls(entry, language, ix.user.id, ctx.rules), ephemeral: true });
  },
};

export const componentHandlers: ComponentHandler<BotContext>[] = [ruleComponent];

export default rule;
