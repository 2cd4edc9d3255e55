// /game: the life of a game in this channel: new, join, seat, leave, start, status, undo, resign,
// abort, export, verify; and a player's games across channels (list), vacations (away) and where
// their reminders go (remind). Every check (host, seats, turn, undo window) is the service's.
import { InteractionContextType, PermissionFlagsBits } from 'discord.js';
import { SlashCommandBuilder, type SlashCommandStringOption } from '@discordjs/builders';
import { sideName, type GameRef } from '../src/app/game-service.js';
import type { ChatInputCommandInteraction } from 'discord.js';
import type { Side } from '../src/engine/types.js';
import type { Command } from '../src/discord/command.js';
import { defer, Refusal, respond } from '../src/discord/replies.js';
import type { BotContext } from '../src/discord/context.js';
import { normaliseHexInput } from '../src/app/hex-input.js';
import { actorOf, refOf, sideFor, statusOrNull, viewerOf } from '../src/discord/game-access.js';
import { confirmControls, controlsFor, joinControls } from '../src/discord/controls.js';
import { drawView, live, needsPing, ping, postChange } from '../src/discord/posting.js';
import { hexOption } from '../src/discord/options.js';
import { unwrap } from '../src/discord/refusal-hints.js';
import { PACE_LIMITS } from '../src/app/pace.js';
import { gameListLines, parseAway } from '../src/discord/game-list.js';
import { viaWords } from '../src/discord/reminder-words.js';
import { parseRuleOptions } from '../src/app/rule-options.js';
import { briefingEmbed, statusEmbed } from '../src/discord/embeds.js';
import { dropThread, openThread, postIn } from '../src/discord/threads.js';

const SIDE_CHOICES = [
  { name: 'Finnish', value: 'finnish' },
  { name: 'Soviet', value: 'soviet' },
];

/** Finished games leave their channel: name them by id (shown when they end) to read them. */
const gameOption = (o: SlashCommandStringOption) =>
  o
    .setName('game')
    .setDescription("Game id, e.g. g-1a2b3c4d5e (default: this channel's game, or the one played here last)")
    .setNameLocalizations({ ja: 'ゲーム' })
    .setDescriptionLocalizations({ ja: 'ゲームID、例 g-1a2b3c4d5e（省略時：このチャンネルのゲーム）' })
    .setMaxLength(40);

/** The game named by the `game` option, or this channel's: its active game, else the one played there last. */
function readRef(ix: ChatInputCommandInteraction): GameRef {
  const id = ix.options.getString('game')?.trim();
  return id ? { gameId: id } : { ...refOf(ix), latest: true, guildId: ix.guildId };
}

const data = new SlashCommandBuilder()
  .setName('game')
  .setDescription('Create, join, start and manage the game in this channel')
  .setNameLocalizations({ ja: 'ゲーム' })
  .setDescriptionLocalizations({ ja: 'このチャンネルのゲームを作成・参加・開始・管理する' })
  .setContexts(InteractionContextType.Guild) // games live in server channels
  .addSubcommand((s) =>
    s
      .setName('new')
      .setDescription('Create a game in this channel (one per channel); you are its host')
      .setNameLocalizations({ ja: '新規' })
      .setDescriptionLocalizations({ ja: 'このチャンネルにゲームを作る（1チャンネル1ゲーム、作成者がホスト）' })
      .addStringOption((o) =>
        o
          .setName('scenario')
          .setDescription('Scenario (tutorial, campaign…)')
          .setNameLocalizations({ ja: 'シナリオ' })
          .setDescriptionLocalizations({ ja: 'シナリオ（チュートリアル、キャンペーンなど）' })
          .setRequired(true)
          .setAutocomplete(true)
          .setMaxLength(60),
      )
      .addStringOption((o) =>
        o
          .setName('side')
          .setDescription('Take a seat at once (both = solitaire)')
          .setNameLocalizations({ ja: '陣営' })
          .setDescriptionLocalizations({ ja: '陣営（フィンランド軍かソ連軍）' })
          .addChoices(...SIDE_CHOICES, { name: 'Both (solitaire)', value: 'both' }),
      )
      .addIntegerOption((o) =>
        o
          .setName('remind_after')
          .setDescription('Hours a side waits before it is reminded (default 24; 0 = no reminders)')
          .setNameLocalizations({ ja: 'リマインド' })
          .setDescriptionLocalizations({ ja: '手番の側に催促するまでの時間（時間、既定24、0で催促なし）' })
          .setMinValue(PACE_LIMITS.remindAfterH[0])
          .setMaxValue(PACE_LIMITS.remindAfterH[1]),
      )
      .addIntegerOption((o) =>
        o
          .setName('stall_after')
          .setDescription('Days of waiting before the channel is told the game has stalled (default 7; 0 = never)')
          .setNameLocalizations({ ja: '停滞' })
          .setDescriptionLocalizations({ ja: '停滞をチャンネルに知らせるまでの日数（既定7、0で知らせない）' })
          .setMinValue(PACE_LIMITS.stallAfterD[0])
          .setMaxValue(PACE_LIMITS.stallAfterD[1]),
      )
      .addIntegerOption((o) =>
        o
          .setName('clock')
          .setDescription('A time bank of this many days per side (default: no clocks)')
          .setNameLocalizations({ ja: '持ち時間' })
          .setDescriptionLocalizations({ ja: '各陣営の持ち時間（日数、既定は持ち時間なし）' })
          .setMinValue(PACE_LIMITS.clockDays[0])
          .setMaxValue(PACE_LIMITS.clockDays[1]),
      )
      .addIntegerOption((o) =>
        o
          .setName('last_turn')
          .setDescription("A shorter game: it ends after this turn and is scored then (default: the scenario's last)")
          .setNameLocalizations({ ja: '最終ターン' })
          .setDescriptionLocalizations({ ja: '短いゲーム：このターンの後に終わり、その時点で得点計算（既定：シナリオの最終ターン）' })
          .setMinValue(1)
          .setMaxValue(99),
      )
      .addStringOption((o) =>
        o
          .setName('rules')
          .setDescription('Rule options by section, e.g. "17.0.4:off 20.8:on" (the briefing lists those in force)')
          .setNameLocalizations({ ja: 'ルール' })
          .setDescriptionLocalizations({ ja: '節番号でルールの有無、例 "17.0.4:off 20.8:on"' })
          .setMaxLength(200),
      )
      .addBooleanOption((o) =>
        o
          .setName('first_game')
          .setDescription('A first game: leave out what the Getting Started card leaves out (the briefing lists it)')
          .setNameLocalizations({ ja: '初めてのゲーム' })
          .setDescriptionLocalizations({ ja: '初回プレイ：入門カードが外すルールを外す（ブリーフィングに一覧）' }),
      )
      .addBooleanOption((o) =>
        o
          .setName('bidding')
          .setDescription('Decide the sides by a sealed Victory Point bid (17.0.2)')
          .setNameLocalizations({ ja: '入札' })
          .setDescriptionLocalizations({ ja: '陣営を勝利得点の封印入札で決める（17.0.2）' }),
      )
      .addBooleanOption((o) =>
        o
          .setName('thread')
          .setDescription('Open a thread for this game: the game is played there')
          .setNameLocalizations({ ja: 'スレッド' })
          .setDescriptionLocalizations({ ja: 'このゲーム用のスレッドを作り、そこで遊ぶ' }),
      )
      .addBooleanOption((o) =>
        o
          .setName('clock_forfeit')
          .setDescription('A side whose time bank runs out loses (default: no, the host decides)')
          .setNameLocalizations({ ja: '時間切れ負け' })
          .setDescriptionLocalizations({ ja: '持ち時間を使い切った側の負けにする（既定：いいえ、ホストが決める）' }),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('join')
      .setDescription('Take a seat before the start')
      .setNameLocalizations({ ja: '参加' })
      .setDescriptionLocalizations({ ja: '開始前に席に着く' })
      .addStringOption((o) =>
        o
          .setName('side')
          .setDescription('Side')
          .setNameLocalizations({ ja: '陣営' })
          .setDescriptionLocalizations({ ja: '陣営（フィンランド軍かソ連軍）' })
          .setRequired(true)
          .addChoices(...SIDE_CHOICES),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('seat')
      .setDescription('Host: give a player a seat')
      .setNameLocalizations({ ja: '着席' })
      .setDescriptionLocalizations({ ja: 'ホスト：プレイヤーを席に着かせる' })
      .addUserOption((o) =>
        o
          .setName('player')
          .setDescription('Who')
          .setNameLocalizations({ ja: 'プレイヤー' })
          .setDescriptionLocalizations({ ja: 'プレイヤー' })
          .setRequired(true),
      )
      .addStringOption((o) =>
        o
          .setName('side')
          .setDescription('Side')
          .setNameLocalizations({ ja: '陣営' })
          .setDescriptionLocalizations({ ja: '陣営（フィンランド軍かソ連軍）' })
          .setRequired(true)
          .addChoices(...SIDE_CHOICES),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('leave')
      .setDescription('Give up your seat (or, host, remove a player)')
      .setNameLocalizations({ ja: '退席' })
      .setDescriptionLocalizations({ ja: '席を離れる（ホストはプレイヤーを外せる）' })
      .addStringOption((o) =>
        o
          .setName('side')
          .setDescription('Side')
          .setNameLocalizations({ ja: '陣営' })
          .setDescriptionLocalizations({ ja: '陣営（フィンランド軍かソ連軍）' })
          .setRequired(true)
          .addChoices(...SIDE_CHOICES),
      )
      .addUserOption((o) =>
        o
          .setName('player')
          .setDescription('Host only: whose seat')
          .setNameLocalizations({ ja: 'プレイヤー' })
          .setDescriptionLocalizations({ ja: 'プレイヤー' }),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('bid')
      .setDescription('Your sealed Victory Point bid for the side you want (17.0.2)')
      .setNameLocalizations({ ja: '入札' })
      .setDescriptionLocalizations({ ja: '希望する陣営のための勝利得点の封印入札（17.0.2）' })
      .addIntegerOption((o) =>
        o
          .setName('vp')
          .setDescription('VPs you give the other side to choose yours (5–15 suits even players in the Campaign)')
          .setNameLocalizations({ ja: '得点' })
          .setDescriptionLocalizations({ ja: '陣営を選ぶ代わりに相手側に与える勝利得点' })
          .setRequired(true)
          .setMinValue(0)
          .setMaxValue(99),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('place')
      .setDescription('Before the start: where one of your free set-up units goes (1.2); no hex: the engine places it')
      .setNameLocalizations({ ja: '配置' })
      .setDescriptionLocalizations({ ja: '開始前：自由配置ユニットの置き場所（1.2）、ヘクス省略でエンジンが置く' })
      .addStringOption((o) =>
        o
          .setName('unit')
          .setDescription('Your unit with a set-up area')
          .setNameLocalizations({ ja: 'ユニット' })
          .setDescriptionLocalizations({ ja: 'ユニット' })
          .setRequired(true)
          .setAutocomplete(true)
          .setMaxLength(40),
      )
      .addStringOption((o) =>
        o
          .setName('hex')
          .setDescription('A hex in its area (leave out to let the engine place it)')
          .setNameLocalizations({ ja: 'ヘクス' })
          .setDescriptionLocalizations({ ja: 'ヘクス（省略するとエンジンが置く）' })
          .setAutocomplete(true)
          .setMaxLength(10),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('standing')
      .setDescription('Decisions of your side the referee answers for you (fewer hand-overs); none given: show yours')
      .setNameLocalizations({ ja: '事前回答' })
      .setDescriptionLocalizations({ ja: '審判に代わりに答えてもらう自陣営の決定（省略時：現在の設定を表示）' })
      .addStringOption((o) =>
        o
          .setName('support')
          .setDescription('Defensive Support (10.3.2)')
          .setNameLocalizations({ ja: '防御支援' })
          .setDescriptionLocalizations({ ja: '防御支援（10.3.2）' })
          .addChoices({ name: 'never declare it', value: 'none' }, { name: 'ask me', value: 'ask' }),
      )
      .addStringOption((o) =>
        o
          .setName('losses')
          .setDescription('Combat losses (8.5)')
          .setNameLocalizations({ ja: '損害' })
          .setDescriptionLocalizations({ ja: '戦闘の損害（8.5）' })
          .addChoices({ name: 'accept the default when it costs no step', value: 'default-if-no-step' }, { name: 'ask me', value: 'ask' }),
      )
      .addStringOption((o) =>
        o
          .setName('advance')
          .setDescription('Advance after combat (8.7)')
          .setNameLocalizations({ ja: '前進' })
          .setDescriptionLocalizations({ ja: '戦闘後前進（8.7）' })
          .addChoices(
            { name: 'advance as the default proposes', value: 'default' },
            { name: 'stay unless compulsory', value: 'stay' },
            { name: 'ask me', value: 'ask' },
          ),
      )
      .addStringOption((o) =>
        o
          .setName('empty')
          .setDescription('Phases where your side has nothing to decide (3.0)')
          .setNameLocalizations({ ja: '空フェイズ' })
          .setDescriptionLocalizations({ ja: '自陣営に決めることのないフェイズ（3.0）' })
          .addChoices({ name: 'end them by themselves (default)', value: 'ask' }, { name: 'stop: I end them myself', value: 'stop' }),
      )
      .addStringOption((o) =>
        o
          .setName('friction')
          .setDescription('Friction Fire at enemy stacks on the move (optional 20.1)')
          .setNameLocalizations({ ja: '阻止射撃' })
          .setDescriptionLocalizations({ ja: '移動中の敵スタックへの阻止射撃（オプション 20.1）' })
          .addChoices({ name: 'never fire: let them pass', value: 'pass' }, { name: 'ask me', value: 'ask' }),
      )
      .addStringOption((o) =>
        o
          .setName('friction_result')
          .setDescription('Friction Fire on your stacks (optional 20.1)')
          .setNameLocalizations({ ja: '阻止射撃の結果' })
          .setDescriptionLocalizations({ ja: '自スタックへの阻止射撃の結果（オプション 20.1）' })
          .addChoices({ name: 'halt where hit, when it may', value: 'halt' }, { name: 'ask me', value: 'ask' }),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('start')
      .setDescription('Host: start the game and publish the dice commitment')
      .setNameLocalizations({ ja: '開始' })
      .setDescriptionLocalizations({ ja: 'ホスト：ゲームを開始し、ダイスのコミットメントを公開する' }),
  )
  .addSubcommand((s) =>
    s
      .setName('status')
      .setDescription('Turn, phase, who must act on what and since when')
      .setNameLocalizations({ ja: '状況' })
      .setDescriptionLocalizations({ ja: 'ターン、フェイズ、誰が何をいつから待たれているか' })
      .addStringOption(gameOption),
  )
  .addSubcommand((s) =>
    s
      .setName('undo')
      .setDescription('Take back your last action (not past a dice roll or a hand-over)')
      .setNameLocalizations({ ja: '取り消し' })
      .setDescriptionLocalizations({ ja: '最後の行動を取り消す（ダイスロールや手番交代より前には戻れない）' }),
  )
  .addSubcommand((s) =>
    s
      .setName('resign')
      .setDescription('Resign for your side')
      .setNameLocalizations({ ja: '投了' })
      .setDescriptionLocalizations({ ja: '自陣営として投了する' })
      .addStringOption((o) =>
        o
          .setName('side')
          .setDescription('Which side (if you hold both)')
          .setNameLocalizations({ ja: '陣営' })
          .setDescriptionLocalizations({ ja: '陣営（フィンランド軍かソ連軍）' })
          .addChoices(...SIDE_CHOICES),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('abort')
      .setDescription('Host or channel manager: stop the game without a result')
      .setNameLocalizations({ ja: '中止' })
      .setDescriptionLocalizations({ ja: 'ホストかチャンネル管理者：結果なしでゲームを止める' })
      .addStringOption((o) =>
        o
          .setName('reason')
          .setDescription('Why')
          .setNameLocalizations({ ja: '理由' })
          .setDescriptionLocalizations({ ja: '理由' })
          .setMaxLength(200),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('export')
      .setDescription('The record so far as a file (the seed only once the game is over)')
      .setNameLocalizations({ ja: '記録' })
      .setDescriptionLocalizations({ ja: 'これまでの記録をファイルで（シードはゲーム終了後のみ）' })
      .addStringOption(gameOption),
  )
  .addSubcommand((s) =>
    s
      .setName('list')
      .setDescription('Your games and whose turn it is (or, for moderators, the whole server)')
      .setNameLocalizations({ ja: '一覧' })
      .setDescriptionLocalizations({ ja: 'あなたのゲームと手番（モデレーターはサーバー全体）' })
      .addStringOption((o) =>
        o
          .setName('scope')
          .setDescription('Which games (default: yours on this server)')
          .setNameLocalizations({ ja: '範囲' })
          .setDescriptionLocalizations({ ja: 'どのゲーム（既定：このサーバーのあなたのゲーム）' })
          .addChoices(
            { name: 'Mine on this server', value: 'here', name_localizations: { ja: 'このサーバーの自分のゲーム' } },
            { name: 'Mine on every server', value: 'mine', name_localizations: { ja: 'すべてのサーバーの自分のゲーム' } },
            {
              name: "The server's active games (moderators)",
              value: 'server',
              name_localizations: { ja: 'サーバーの進行中のゲーム（モデレーター）' },
            },
          ),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('away')
      .setDescription('Away until a date: reminders to you pause and your opponents are told')
      .setNameLocalizations({ ja: '不在' })
      .setDescriptionLocalizations({ ja: '指定日まで不在：催促を止め、相手に知らせる' })
      .addStringOption((o) =>
        o
          .setName('until')
          .setDescription('YYYY-MM-DD, or a number of days (e.g. 5); "back" when you are back')
          .setNameLocalizations({ ja: '期限' })
          .setDescriptionLocalizations({ ja: 'YYYY-MM-DD か日数（例 5）。戻ったら "back"' })
          .setRequired(true)
          .setMaxLength(20),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('remind')
      .setDescription('Where your reminders come: by direct message, or in the game channel')
      .setNameLocalizations({ ja: '催促先' })
      .setDescriptionLocalizations({ ja: '催促の届け先：DMかゲームのチャンネル' })
      .addStringOption((o) =>
        o
          .setName('via')
          .setDescription('dm or channel')
          .setNameLocalizations({ ja: '方法' })
          .setDescriptionLocalizations({ ja: 'DMかチャンネル' })
          .setRequired(true)
          .addChoices(
            { name: 'Direct message', value: 'dm', name_localizations: { ja: 'ダイレクトメッセージ' } },
            { name: 'The game channel', value: 'channel', name_localizations: { ja: 'ゲームのチャンネル' } },
          ),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('forget')
      .setDescription('Delete what hexref keeps about you: your reminder settings and away date (docs/retention.md)')
      .setNameLocalizations({ ja: '設定削除' })
      .setDescriptionLocalizations({ ja: 'hexrefが保存しているあなたの催促設定と不在期限を削除する' }),
  )
  .addSubcommand((s) =>
    s
      .setName('verify')
      .setDescription('After the end: recompute every roll from the revealed seed')
      .setNameLocalizations({ ja: '検証' })
      .setDescriptionLocalizations({ ja: '終了後：公開されたシードから全ロールを再計算する' })
      .addStringOption(gameOption),
  );

const game: Command<BotContext> = {
  data,
  async execute(ix, ctx) {
    const sub = ix.options.getSubcommand(false);
    const handler = sub ? handlers[sub] : undefined;
    if (!handler) {
      throw new Refusal(
        sub ? `This bot has no /game ${sub} subcommand.` : '/game needs a subcommand.',
        undefined,
        'pick a subcommand from the list; if it is not there, the server admin runs `npm run deploy-commands`.',
      );
    }
    await handler(ix, ctx);
  },
  async autocomplete(ix, ctx) {
    const focused = ix.options.getFocused(true);
    const typed = String(focused.value).toLowerCase();
    if (focused.name === 'unit' || focused.name === 'hex') {
      const r = await ctx.game.service.freeSetup(refOf(ix));
      const free = r.ok ? r.free : [];
      if (focused.name === 'unit') {
        const units = free.filter((f) => !typed || f.unit.toLowerCase().includes(typed));
        const choices = units.slice(0, 25).map((f) => ({
          name: `${f.unit} (${sideName(f.side)}): within ${f.distance} of ${f.center}${r.ok && r.placements[f.unit] ? ` · now ${r.placements[f.unit]}` : ''}`.slice(
            0,
            100,
          ),
          value: f.unit,
        }));
        return ix.respond(choices);
      }
      const unit = (ix.options.getString('unit') ?? '').trim().toLowerCase();
      const f = free.find((x) => x.unit.toLowerCase() === unit);
      const want = normaliseHexInput(typed) ?? typed.toUpperCase();
      const hexes = (f?.hexes ?? []).filter((h) => !typed || h.startsWith(want) || h === want);
      return ix.respond(hexes.slice(0, 25).map((h) => ({ name: h, value: h })));
    }
    const choices = ctx.game.scenarios
      .filter((s) => !typed || s.id.includes(typed) || s.name.toLowerCase().includes(typed))
      .slice(0, 25)
      .map((s) => ({ name: `${s.name} (${s.id})`.slice(0, 100), value: s.id }));
    await ix.respond(choices);
  },
};
export default game;

type Handler = (ix: ChatInputCommandInteraction, ctx: BotContext) => Promise<void>;

const handlers: Record<string, Handler> = {
  async new(ix, ctx) {
    // The command is offered in servers only; a direct message that reaches us anyway is refused here too.
    if (!ix.inGuild())
      throw new Refusal(
        'Games are played in server channels, not in direct messages.',
        undefined,
        'run `/game new` in a channel of a server the bot is in.',
      );
    await defer(ix);
    const side = ix.options.getString('side') as Side | 'both' | null;
    const pace: Record<string, number | boolean> = {};
    const remind = ix.options.getInteger('remind_after');
    const stall = ix.options.getInteger('stall_after');
    const clock = ix.options.getInteger('clock');
    const forfeit = ix.options.getBoolean('clock_forfeit');
    if (remind !== null) pace.remindAfterH = remind;
    if (stall !== null) pace.stallAfterD = stall;
    if (clock !== null) pace.clockDays = clock;
    if (forfeit !== null) pace.clockForfeit = forfeit;
    const scenario = ix.options.getString('scenario', true);
    const rules = parseRuleOptions(ix.options.getString('rules') ?? '');
    if ('error' in rules)
      throw new Refusal(rules.error as string, undefined, 'e.g. `rules:17.0.4:off`; the briefing shows the options in force.');
    // With `thread`, the game lives in a new thread under this channel: made first, removed if the game is not.
    const scenarioName = ctx.game.scenarios.find((x) => x.id === scenario)?.name;
    const threadId =
      ix.options.getBoolean('thread') && scenarioName ? await openThread(ix, `${scenarioName} · ${actorOf(ix).name ?? 'game'}`) : null;
    const created = await ctx.game.service.createGame({
      channelId: threadId ?? ix.channelId,
      guildId: ix.guildId,
      host: actorOf(ix),
      scenario,
      ...(side ? { seatHostAs: side } : {}),
      ...(Object.keys(pace).length ? { pace } : {}),
      ...(ix.options.getInteger('last_turn') !== null ? { endTurn: ix.options.getInteger('last_turn')! } : {}),
      ...(ix.options.getBoolean('bidding') ? { bidding: true } : {}),
      ...(ix.options.getBoolean('first_game') ? { firstGame: true } : {}),
      ...(Object.keys(rules).length ? { options: rules as Record<string, boolean> } : {}),
    });
    if (!created.ok && threadId) await dropThread(ix, threadId);
    const r = unwrap(created);
    // The briefing as a compact embed; the message keeps the game's line and what to do next.
    const briefing = r.briefing;
    const lines = briefing ? r.lines.filter((l) => !briefing.lines.includes(l)) : r.lines;
    const embeds = briefing ? [briefingEmbed(briefing.sections)] : [];
    const seats = [...lines, 'Seats: the buttons below, or `/game join side:…`. Then the host runs `/game start`.'].join('\n');
    if (threadId) {
      await postIn(ix, threadId, seats, joinControls(r.gameId), embeds);
      await respond(ix, { content: `${r.lines[0]} It is played in its own thread: <#${threadId}>. Seats and moves there.` });
      return;
    }
    await respond(ix, { content: seats, components: joinControls(r.gameId), embeds });
  },

  async join(ix, ctx) {
    await defer(ix);
    const r = unwrap(await ctx.game.service.seat(refOf(ix), actorOf(ix), { side: ix.options.getString('side', true) as Side }));
    await respond(ix, { content: r.lines.join('\n') });
  },

  async seat(ix, ctx) {
    await defer(ix);
    const user = ix.options.getUser('player', true);
    const r = unwrap(
      await ctx.game.service.seat(refOf(ix), actorOf(ix), {
        side: ix.options.getString('side', true) as Side,
        user: { userId: user.id, name: user.globalName ?? user.username },
      }),
    );
    await respond(ix, { content: r.lines.join('\n') });
  },

  async leave(ix, ctx) {
    await defer(ix);
    const user = ix.options.getUser('player');
    const r = unwrap(
      await ctx.game.service.seat(refOf(ix), actorOf(ix), {
        side: ix.options.getString('side', true) as Side,
        leave: true,
        ...(user ? { user: { userId: user.id, name: user.globalName ?? user.username } } : {}),
      }),
    );
    await respond(ix, { content: r.lines.join('\n') });
  },

  async place(ix, ctx) {
    await defer(ix);
    const hexText = ix.options.getString('hex');
    const hex = hexText ? hexOption(ix, 'hex') : null;
    const r = unwrap(await ctx.game.service.place(refOf(ix), actorOf(ix), { unit: ix.options.getString('unit', true), hex }));
    const setup = unwrap(await ctx.game.service.freeSetup(refOf(ix)));
    await respond(ix, { content: [...r.lines, '', ...setup.lines].join('\n') });
  },

  async standing(ix, ctx) {
    await defer(ix, true);
    const input: Record<string, string> = {};
    for (const [k, option] of [
      ['support', 'support'],
      ['losses', 'losses'],
      ['advance', 'advance'],
      ['empty', 'empty'],
      ['friction', 'friction'],
      ['frictionResult', 'friction_result'],
    ] as const) {
      const v = ix.options.getString(option);
      if (v) input[k] = v;
    }
    const r = unwrap(await ctx.game.service.setStanding(refOf(ix), actorOf(ix), input));
    await respond(ix, { content: r.lines.join('\n'), ephemeral: true });
  },

  async start(ix, ctx) {
    await defer(ix);
    const ref = refOf(ix);
    const r = unwrap(await ctx.game.service.start(ref, actorOf(ix)));
    const files = r.views[0] ? [await drawView(ctx, ref, r.views[0], true, 'start-map')] : [];
    await respond(ix, { content: r.lines.join('\n'), files });
    const after = await statusOrNull(ctx, ref);
    if (after && needsPing(null, after)) await ping(ix, after, ctx);
  },

  async status(ix, ctx) {
    await defer(ix);
    const r = unwrap(await ctx.game.service.status(readRef(ix), viewerOf(ix)));
    const lines = r.lines.filter((l) => !l.startsWith('Waiting since'));
    const since = r.status.mustAct?.since;
    if (r.status.mustAct && since != null)
      lines.push(`Waiting since <t:${Math.floor(since / 1000)}:f> (<t:${Math.floor(since / 1000)}:R>).`);
    if (r.status.undoable)
      lines.push(`Undo available to the ${sideName(r.status.undoable.side)} side (${r.status.undoable.steps} step(s)).`);
    // Live controls only in the game's own channel (they would be refused anywhere else).
    const here = r.status.channelId === ix.channelId;
    if (!here && r.status.status === 'active') lines.push(`This game is played in <#${r.status.channelId}>: its controls are there.`);
    const components = here ? controlsFor(r.status) : [];
    // The first line (game, scenario, state) is the embed's title; the rest its text; the footer says whose turn.
    const [title = 'Game', ...rest] = lines;
    const embeds = [statusEmbed(r.status, title, rest)];
    await live(ctx, r.status.gameId, ix, await respond(ix, { embeds, components }), components);
  },

  async undo(ix, ctx) {
    await defer(ix);
    const ref = refOf(ix);
    // The service undoes the last undoable action if it was one of this user's sides' (one load).
    const r = unwrap(await ctx.game.service.undo(ref, actorOf(ix)));
    await postChange(ix, ctx, r);
  },

  // Resign and abort end the game for good: each asks first, with Resign/Abort and Cancel buttons
  // (commands/components.ts, `confirm`), and acts only on the click. Whoever may not is refused before
  // any question, by the service's own checks (mayEnd).
  async resign(ix, ctx) {
    await defer(ix, true);
    const ref = refOf(ix);
    const side = ix.options.getString('side') as Side | null;
    const status = unwrap(await ctx.game.service.mayEnd(ref, actorOf(ix), 'resign', side ? { side } : {})).status!;
    const who = side ?? sideFor(status, ix.user.id);
    await respond(ix, {
      content: `Resign${who ? ` for the ${sideName(who)} side` : ''}? The game ends at once and the other side wins; this cannot be undone.`,
      components: confirmControls(status, 'resign', side ?? '', 'Resign'),
      ephemeral: true,
    });
  },

  async abort(ix, ctx) {
    await defer(ix, true);
    const ref = refOf(ix);
    const reason = ix.options.getString('reason') ?? 'no reason given';
    const status = unwrap(await ctx.game.service.mayEnd(ref, actorOf(ix), 'abort')).status;
    if (status === null) {
      // The game cannot be read: nothing is left to play, so its channel is freed at once, and the
      // channel is told (a post of its own: this answer is the aborter's alone).
      const r = unwrap(await ctx.game.service.abort(ref, actorOf(ix), reason));
      await respond(ix, { content: r.lines.join('\n'), ephemeral: true });
      await postIn(ix, ix.channelId, r.lines.join('\n'), []).catch((err: unknown) =>
        ctx.log.warn({ err, gameId: r.gameId }, 'could not tell the channel that its damaged game was removed'),
      );
      return;
    }
    await respond(ix, {
      content: `Abort this game? It ends without a result and cannot be undone; the dice seed is revealed.\nReason: ${reason}`,
      components: confirmControls(status, 'abort', '', 'Abort the game'),
      ephemeral: true,
    });
  },

  async export(ix, ctx) {
    await defer(ix);
    // Who may export what: the service decides (an active game: its players, in its channel).
    const r = unwrap(await ctx.game.service.exportRecord(readRef(ix), viewerOf(ix)));
    const json = Buffer.from(JSON.stringify(r.record, null, 2) + '\n');
    await respond(ix, { content: r.lines.join('\n'), files: [{ attachment: json, name: `${r.gameId}-record.json` }] });
  },

  async bid(ix, ctx) {
    await defer(ix);
    const vp = ix.options.getInteger('vp', true);
    const r = unwrap(await ctx.game.service.bid(refOf(ix), actorOf(ix), vp));
    // The channel reads that a sealed bid is in (or both revealed); only the bidder sees their own amount.
    await respond(ix, { content: r.lines.join('\n') });
    await respond(ix, {
      content: `Your bid: ${vp} VP (sealed until the other player's is in; you may bid again until then).`,
      ephemeral: true,
    });
  },

  async list(ix, ctx) {
    await defer(ix, true);
    const scope = ix.options.getString('scope') ?? 'here';
    if (scope === 'server') {
      // Moderators: those who may manage the server or its channels.
      if (!ix.guildId || !ix.memberPermissions?.any([PermissionFlagsBits.ManageGuild, PermissionFlagsBits.ManageChannels]))
        throw new Refusal(
          "Only the server's moderators (Manage Server or Manage Channels) can list all its games.",
          undefined,
          'use `/game list` for your own games.',
        );
      const r = unwrap(await ctx.game.service.listGames({ guildId: ix.guildId }));
      await respond(ix, { content: gameListLines(r.games, { server: true, now: ctx.now() }).join('\n'), ephemeral: true });
      return;
    }
    const query = scope === 'mine' || !ix.guildId ? { userId: ix.user.id } : { userId: ix.user.id, guildId: ix.guildId };
    const r = unwrap(await ctx.game.service.listGames(query));
    await respond(ix, { content: gameListLines(r.games, { server: false, now: ctx.now() }).join('\n'), ephemeral: true });
  },

  async away(ix, ctx) {
    await defer(ix, true);
    const until = parseAway(ix.options.getString('until', true), ctx.now());
    if (typeof until === 'string')
      throw new Refusal(until, undefined, 'e.g. `/game away until:2026-12-24`, `/game away until:5`, or `/game away until:back`.');
    const told = await ctx.reminders.away(ix.user.id, until);
    const when =
      until === null
        ? 'You are back: reminders to you resume.'
        : `Away until <t:${Math.floor(until / 1000)}:F>: reminders to you pause until then.`;
    const where = told.length ? ` Your opponents were told in ${told.length} game(s).` : '';
    await respond(ix, { content: when + where, ephemeral: true });
  },

  async remind(ix, ctx) {
    await defer(ix, true);
    const dm = ix.options.getString('via', true) === 'dm';
    await ctx.reminders.setDm(ix.user.id, dm);
    await respond(ix, { content: viaWords(dm), ephemeral: true });
  },

  async forget(ix, ctx) {
    await defer(ix, true);
    const had = await ctx.reminders.forgetPlayer(ix.user.id);
    await respond(ix, {
      content: had
        ? 'Deleted your reminder settings (where reminders go, your away date). Games you play keep your seat and moves: those are the game record.'
        : 'hexref keeps no reminder settings for you: nothing to delete.',
      ephemeral: true,
    });
  },

  async verify(ix, ctx) {
    await defer(ix);
    const r = unwrap(await ctx.game.service.verify(readRef(ix), viewerOf(ix)));
    await respond(ix, { content: r.lines.join('\n') });
  },
};
