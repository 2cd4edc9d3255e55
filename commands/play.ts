// /play: act in the game. Every choice offered by autocomplete comes from the engine's legal
// actions (through the service), and the engine refuses anything it would not offer.
import { InteractionContextType, type ChatInputCommandInteraction } from 'discord.js';
import { SlashCommandBuilder, type SlashCommandStringOption, type SlashCommandSubcommandBuilder } from '@discordjs/builders';
import type { Action, LegalActions } from '../src/engine/types.js';
import type { ActSeen, ActionBuilder } from '../src/app/game-service.js';
import {
  Args,
  PLAY_VERBS,
  eachListed,
  isEntering,
  findMover,
  playVerb,
  reachOverlay,
  splitUnits,
  type PlayParam,
  type PlayVerb,
} from '../src/app/play-verbs.js';
import type { Command } from '../src/discord/command.js';
import {
  assaultTargetChoices,
  assaultUnitChoices,
  atGunChoices,
  atTargetChoices,
  attackerChoices,
  combatTargetChoices,
  decisionAnswerChoices,
  filterChoices,
  groupChoice,
  MAX_CHOICES,
  delayChoices,
  destinationChoices,
  digChoices,
  fireTargetChoices,
  firerChoices,
  moverChoices,
  overlayChoices,
  placementChoices,
  recoveryChoices,
  replacementChoices,
  spotterChoices,
  supportChoices,
} from '../src/discord/choices.js';
import { normaliseHexInput } from '../src/app/hex-input.js';
import { answerHelp, parseAnswer } from '../src/app/decision-answers.js';
import { canonicalUnitIds, canonicaliseAction, closeUnitIds, unitIdsOf } from '../src/app/unit-ids.js';
import { bonfireChoices, raidChoices } from '../src/discord/night-choices.js';
import { defer, Refusal, respond } from '../src/discord/replies.js';
import { attackControls, oddsEmbed } from '../src/discord/attack-controls.js';
import type { BotContext } from '../src/discord/context.js';
import { actorOf, legalOrExplain, refOf, seenNow } from '../src/discord/game-access.js';
import { queued } from '../src/discord/work-queue.js';
import { hexOption, hexPathOption } from '../src/discord/options.js';
import { postChange } from '../src/discord/posting.js';
import { unwrap } from '../src/discord/refusal-hints.js';

/** One `/play` option from the verb table (src/app/play-verbs.ts). */
function addOption(s: SlashCommandSubcommandBuilder, p: PlayParam): void {
  const ja = (o: { setNameLocalizations(l: { ja: string }): unknown; setDescriptionLocalizations(l: { ja: string }): unknown }) => {
    if (!p.ja) return;
    o.setNameLocalizations({ ja: p.ja.name });
    o.setDescriptionLocalizations({ ja: p.ja.description });
  };
  const text = (o: SlashCommandStringOption) => {
    o.setName(p.name).setDescription(p.description).setRequired(!!p.required);
    ja(o);
    if (p.autocomplete) o.setAutocomplete(true);
    if (p.maxLength) o.setMaxLength(p.maxLength);
    return o;
  };
  if (p.kind === 'flag')
    s.addBooleanOption((o) => {
      o.setName(p.name).setDescription(p.description).setRequired(!!p.required);
      ja(o);
      return o;
    });
  else if (p.kind === 'int')
    s.addIntegerOption((o) => {
      o.setName(p.name).setDescription(p.description).setRequired(!!p.required);
      ja(o);
      if (p.choices) o.addChoices(...p.choices);
      if (p.min !== undefined) o.setMinValue(p.min);
      if (p.max !== undefined) o.setMaxValue(p.max);
      return o;
    });
  else s.addStringOption(text);
}

/** `/play`: one subcommand per verb of the table, its options in the table's order. */
const data = new SlashCommandBuilder()
  .setName('play')
  .setNameLocalizations({ ja: 'プレイ' })
  .setDescription('Act in the game in this channel')
  .setDescriptionLocalizations({ ja: 'このチャンネルのゲームで行動する' })
  .setContexts(InteractionContextType.Guild);
for (const v of PLAY_VERBS)
  data.addSubcommand((s) => {
    s.setName(v.name).setDescription(v.description);
    if (v.ja) s.setNameLocalizations({ ja: v.ja.name }).setDescriptionLocalizations({ ja: v.ja.description });
    for (const p of v.params) addOption(s, p);
    return s;
  });

/** The typed arguments of a `/play` call, read by the table's kinds; a bad hex is refused citing 2.3. */
function argsOf(ix: ChatInputCommandInteraction, v: PlayVerb): Args {
  const values: Record<string, unknown> = {};
  for (const p of v.params) {
    if (p.kind === 'flag') values[p.name] = ix.options.getBoolean(p.name) ?? undefined;
    else if (p.kind === 'int') values[p.name] = ix.options.getInteger(p.name) ?? undefined;
    else if (p.kind === 'hexes') values[p.name] = hexPathOption(ix, p.name);
    else if (p.kind === 'hex') values[p.name] = ix.options.getString(p.name) ? hexOption(ix, p.name) : undefined;
    else if (p.kind === 'units') values[p.name] = splitUnits(ix.options.getString(p.name) ?? '');
    else values[p.name] = ix.options.getString(p.name)?.trim() || undefined;
  }
  return new Args(values);
}

/**
 * The action a /play subcommand asks for, from what the user's side sees now (`seen`: null only to re-read
 * the unit ids the user typed after a refusal). Throws a Refusal when the command cannot make one.
 */
function buildAction(ix: ChatInputCommandInteraction, verb: PlayVerb, sub: string, seen: ActSeen | null): Action {
  if (verb.build) {
    const built = verb.build(argsOf(ix, verb), seen?.legal ?? null);
    if (!built.ok) throw new Refusal(built.message, built.rule, built.hint);
    return built.action;
  }
  const status = seen?.status ?? null;
  if (sub === 'decide') {
    const pending = status?.status === 'active' ? status.mustAct?.pending : null;
    if (!pending) throw new Refusal('No decision is waiting.', '3.0', '`/game status` shows what the game waits for.');
    const parsed = parseAnswer(pending, ix.options.getString('answer', true));
    if (!parsed.ok) throw new Refusal(parsed.problem.message, parsed.problem.rule, `answers: ${answerHelp(pending).join(' · ')}`);
    return parsed.action;
  }
  if (!status || status.status !== 'active' || !status.phase) throw new Refusal('There is no phase to end.', '3.0');
  return { type: 'endPhase', phase: status.phase as Extract<Action, { type: 'endPhase' }>['phase'] };
}

/** The odds of a Combat or Assault before it is declared, with Attack and Cancel (8.2–8.4). Changes nothing. */
async function previewAttack(
  ix: ChatInputCommandInteraction,
  ctx: BotContext,
  ref: ReturnType<typeof refOf>,
  attack: Extract<Action, { type: 'combat' | 'assault' }>,
  seen: ActSeen,
): Promise<void> {
  const p = unwrap(await ctx.game.service.preview(ref, actorOf(ix), attack, seen.side));
  const components = attackControls({ gameId: p.gameId, version: p.version }, attack);
  // A compact embed (strength, odds, shifts, CRT results): ten lines at most, readable on a phone.
  await respond(ix, {
    content: `Odds before you ${attack.type === 'combat' ? 'attack' : 'assault'} ${attack.target}:`,
    embeds: [oddsEmbed(p.preview, seen.side, components !== null)],
    components: components ?? [],
    ephemeral: true,
  });
}

const play: Command<BotContext> = {
  data,
  async execute(ix, ctx) {
    const sub = ix.options.getSubcommand(true);
    const verb = playVerb(sub);
    if (!verb) throw new Error(`no handler for /play ${sub}`);
    await defer(ix);
    const ref = refOf(ix);
    // Before an attack is declared: its odds, with Attack and Cancel (unless `confirm:True`). Read only.
    if (verb.preview && !ix.options.getBoolean('confirm')) {
      const seen = await seenNow(ctx, ix);
      const attack = canonicaliseAction(seen.legal, buildAction(ix, verb, sub, seen));
      if (attack.type === 'combat' || attack.type === 'assault') return previewAttack(ix, ctx, ref, attack, seen);
    }
    // One read and one write (issue 18): the action is built inside the service's act, from the user's
    // side, its legal actions and the status of that same read.
    let refused: Refusal | null = null;
    let legal: LegalActions | null = null;
    const build: ActionBuilder = (seen) => {
      if (verb.build) legal = seen.legal;
      try {
        const action = buildAction(ix, verb, sub, seen);
        // Unit ids as the engine spells them, from the legal actions the verb was built from.
        return { ok: true, action: verb.build ? canonicaliseAction(seen.legal, action) : action };
      } catch (e) {
        if (!(e instanceof Refusal)) throw e;
        refused = e;
        return { ok: false, error: { code: 'input/action', message: e.message, ...(e.rule ? { rule: e.rule } : {}) } };
      }
    };
    const result = await queued(ctx.work, () => ctx.game.service.act(ref, actorOf(ix), build));
    if (refused) throw refused;
    if (!result.ok && result.error.code === 'input/unknown-unit' && legal && verb.build) {
      // Unit ids in any case (`mtr/609`) are spelled as the engine spells them; on a miss, close ids are suggested.
      const seenLegal: LegalActions = legal;
      const named = unitIdsOf(buildAction(ix, verb, sub, null));
      const close = [...new Set(named.flatMap((u) => closeUnitIds(seenLegal, u)))].filter((u) => !named.includes(u));
      if (close.length)
        throw new Refusal(
          result.error.message,
          result.error.rule,
          `did you mean ${close.join(' or ')}? The autocomplete list offers the units that can act now.`,
          result.error.code,
        );
    }
    const r = unwrap(result);
    await postChange(ix, ctx, r);
  },

  async autocomplete(ix, ctx) {
    const focused = ix.options.getFocused(true);
    const legal = await legalOrExplain(ctx, ix);
    if (!legal) return;
    const typed = String(focused.value);
    const text = (name: string) => (ix.options.getString(name) ?? '').trim();
    const hexText = (name: string) => normaliseHexInput(text(name));
    // A group the listing does not name (part of a stack, 6.1; reinforcements entering together, 13.1),
    // each of its units free to move: the engine's reach of exactly that group (empty if they cannot move
    // together), read from a map view.
    const groupReach = async (units: string[]) => {
      const ids = canonicalUnitIds(legal, units);
      if (ids.length < 2 || findMover(legal, ids) || !eachListed(legal, ids)) return null;
      const r = await ctx.game.service.mapView(refOf(ix), { reachableFor: ids });
      const reach = r.ok ? reachOverlay(r.view) : null;
      return reach && Object.keys(reach.costs).length ? reach : null;
    };
    if (ix.options.getSubcommand() === 'move') {
      if (focused.name === 'unit') {
        // The group as typed first, when it may move or enter together; then the listing's movers.
        const typedUnits = splitUnits(typed);
        const reach = await groupReach(typedUnits);
        const listed = moverChoices(legal, typed);
        const own = reach ? groupChoice(reach, isEntering(legal, reach.unitIds)) : null;
        return ix.respond(own ? [own, ...listed.filter((c) => c.value !== own.value)].slice(0, MAX_CHOICES) : listed);
      }
      const units = splitUnits(text('unit'));
      const mover = findMover(legal, canonicalUnitIds(legal, units));
      if (mover) return ix.respond(destinationChoices(mover, typed));
      const reach = await groupReach(units);
      return ix.respond(reach ? overlayChoices(reach, typed) : []);
    }
    // By subcommand first: several of them have an option called `unit` or `target`.
    const choices = (() => {
      switch (ix.options.getSubcommand()) {
        case 'combat':
          if (focused.name === 'target') return combatTargetChoices(legal, typed);
          if (focused.name === 'support') return supportChoices(legal, hexText('target'), splitUnits(text('attackers')), typed);
          return attackerChoices(legal, hexText('target'), typed);
        case 'assault':
          return focused.name === 'units'
            ? assaultUnitChoices(legal, typed)
            : assaultTargetChoices(legal, splitUnits(text('units')), typed);
        case 'delay':
          return delayChoices(legal, typed);
        case 'fire':
          if (focused.name === 'unit') return firerChoices(legal, typed);
          if (focused.name === 'target') return fireTargetChoices(legal, text('unit'), typed);
          return spotterChoices(legal, text('unit'), hexText('target'), typed);
        case 'atfire':
          return focused.name === 'gun' ? atGunChoices(legal, typed) : atTargetChoices(legal, text('gun'), typed);
        case 'recover':
          return recoveryChoices(legal, typed);
        case 'dig':
          return digChoices(legal, typed);
        case 'replace':
          return focused.name === 'hex' ? placementChoices(legal, typed) : replacementChoices(legal, typed);
        case 'bonfire':
          return bonfireChoices(legal, typed);
        case 'raid':
          return raidChoices(legal, focused.name, text('target'), typed);
        case 'undig':
          return filterChoices(
            (legal.removableEntrenchments ?? []).map((h) => ({ name: h, value: h })),
            typed,
          );
        case 'armor':
          return filterChoices(
            (legal.armorCommitment?.units ?? []).map((u) => ({
              name: `${u} (${legal.armorCommitment!.vpEach} VP to the Finns, 12.1.4)`,
              value: u,
            })),
            typed,
          );
        case 'provisional':
          return filterChoices(
            (legal.provisional ?? []).map((h) => ({ name: `${h} (Provisional Company, 12.8)`, value: h })),
            typed,
          );
        case 'park':
          return filterChoices(
            (legal.artilleryPark ?? []).map((u) => ({ name: `${u} (12.4.3)`, value: u })),
            typed,
          );
        case 'lmg':
          return filterChoices(
            (legal.capturedLmg?.units ?? []).map((u) => ({ name: `${u} (Captured LMGs, 20.4)`, value: u })),
            typed,
          );
        case 'decide':
          return legal.pending ? decisionAnswerChoices(legal.pending, typed) : [];
        default:
          return [];
      }
    })();
    await ix.respond(choices);
  },
};
export default play;
