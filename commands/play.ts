// /play: act in the game. Every choice offered by autocomplete comes from the engine's legal
// actions (through the service), and the engine refuses anything it would not offer.
import { InteractionContextType } from 'discord.js';
import { SlashCommandBuilder } from '@discordjs/builders';
import type { Action, LegalActions } from '../src/engine/types.js';
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
  delayChoices,
  destinationChoices,
  digChoices,
  findMover,
  fireTargetChoices,
  firerChoices,
  moverChoices,
  parseMover,
  placementChoices,
  recoveryChoices,
  replacementChoices,
  spotterChoices,
  supportChoices,
} from '../src/discord/choices.js';
import { normaliseHexInput } from '../src/app/hex-input.js';
import { answerHelp, parseAnswer } from '../src/app/decision-answers.js';
import { canonicaliseAction, closeUnitIds, unitIdsOf } from '../src/app/unit-ids.js';
import { bonfireChoices, raidChoices } from '../src/discord/night-choices.js';
import { defer, Refusal, respond } from '../src/discord/replies.js';
import { attackControls } from '../src/discord/attack-controls.js';
import type { BotContext } from '../src/discord/context.js';
import { actorOf, legalNow, legalOrExplain, refOf, seenNow, statusOrNull } from '../src/discord/game-access.js';
import { hexOption, hexPathOption } from '../src/discord/options.js';
import { postChange } from '../src/discord/posting.js';
import { unwrap } from '../src/discord/refusal-hints.js';

const data = new SlashCommandBuilder()
  .setName('play')
  .setDescription('Act in the game in this channel')
  .setContexts(InteractionContextType.Guild)
  .addSubcommand((s) =>
    s
      .setName('move')
      .setDescription('Move a unit or stack, or bring a reinforcement on (4.0, 6.1, 13.1)')
      .addStringOption((o) =>
        o
          .setName('unit')
          .setDescription('Unit or stack (only those that can move are offered)')
          .setRequired(true)
          .setAutocomplete(true)
          .setMaxLength(100),
      )
      .addStringOption((o) =>
        o
          .setName('to')
          .setDescription('Destination hex, e.g. M16 (offered with MP cost)')
          .setRequired(true)
          .setAutocomplete(true)
          .setMaxLength(10),
      )
      .addBooleanOption((o) => o.setName('exit').setDescription('Leave the map from a friendly supply source hex (4.2)')),
  )
  .addSubcommand((s) =>
    s
      .setName('combat')
      .setDescription('Combat Phase: attack an adjacent enemy hex (8.0)')
      .addStringOption((o) =>
        o
          .setName('target')
          .setDescription('Enemy hex (only hexes you may attack are offered)')
          .setRequired(true)
          .setAutocomplete(true)
          .setMaxLength(10),
      )
      .addStringOption((o) =>
        o
          .setName('attackers')
          .setDescription('Attacking units (default: every unit that may join)')
          .setAutocomplete(true)
          .setMaxLength(100),
      )
      .addStringOption((o) =>
        o
          .setName('support')
          .setDescription('Offensive Support: units firing on the hex first (10.3)')
          .setAutocomplete(true)
          .setMaxLength(100),
      )
      .addBooleanOption((o) => o.setName('confirm').setDescription('Declare at once, without the odds preview (8.2–8.4)')),
  )
  .addSubcommand((s) =>
    s
      .setName('assault')
      .setDescription('Action Phase: assault an adjacent enemy hex with a stack (9.0)')
      .addStringOption((o) =>
        o.setName('units').setDescription('Assaulting unit or stack').setRequired(true).setAutocomplete(true).setMaxLength(100),
      )
      .addStringOption((o) =>
        o.setName('target').setDescription('Enemy hex to assault').setRequired(true).setAutocomplete(true).setMaxLength(10),
      )
      .addStringOption((o) =>
        o
          .setName('path')
          .setDescription('Hexes to move through first, e.g. "N19 N20": the move and the Assault are one action (9.1)')
          .setMaxLength(200),
      )
      .addBooleanOption((o) => o.setName('confirm').setDescription('Declare at once, without the odds preview (8.2–8.4)')),
  )
  .addSubcommand((s) =>
    s
      .setName('delay')
      .setDescription('Hold reinforcements back to a later turn (13.1.2)')
      .addStringOption((o) =>
        o
          .setName('units')
          .setDescription('Reinforcements (only those you may delay are offered)')
          .setRequired(true)
          .setAutocomplete(true)
          .setMaxLength(100),
      )
      .addIntegerOption((o) => o.setName('turn').setDescription('Turn to arrive on (default: the next)').setMinValue(1).setMaxValue(40)),
  )
  .addSubcommand((s) =>
    s
      .setName('fire')
      .setDescription('Combat Phase: a standalone Ranged Attack (10.0)')
      .addStringOption((o) =>
        o
          .setName('unit')
          .setDescription('Firing unit (only units that may fire are offered)')
          .setRequired(true)
          .setAutocomplete(true)
          .setMaxLength(100),
      )
      .addStringOption((o) =>
        o.setName('target').setDescription('Target hex, with range and spotter').setRequired(true).setAutocomplete(true).setMaxLength(10),
      )
      .addStringOption((o) =>
        o
          .setName('spotter')
          .setDescription("Indirect fire: who spots (default: the engine's pick, 10.5)")
          .setAutocomplete(true)
          .setMaxLength(40),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('atfire')
      .setDescription('AT Fire at an armored unit (11.0)')
      .addStringOption((o) => o.setName('gun').setDescription('AT gun').setRequired(true).setAutocomplete(true).setMaxLength(40))
      .addStringOption((o) => o.setName('target').setDescription('Armored unit').setRequired(true).setAutocomplete(true).setMaxLength(40)),
  )
  .addSubcommand((s) =>
    s
      .setName('recover')
      .setDescription('Recovery attempt of a reduced company (13.3)')
      .addStringOption((o) =>
        o.setName('unit').setDescription('Company (with the die it needs)').setRequired(true).setAutocomplete(true).setMaxLength(40),
      )
      .addBooleanOption((o) => o.setName('pajari').setDescription("Use Pajari's +1 when stacked (default yes; no keeps him free)")),
  )
  .addSubcommand((s) =>
    s
      .setName('dig')
      .setDescription('Dig in (14.1–14.5)')
      .addStringOption((o) =>
        o
          .setName('units')
          .setDescription("Units that dig (a hex's group or one unit)")
          .setRequired(true)
          .setAutocomplete(true)
          .setMaxLength(100),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('replace')
      .setDescription('Reset Phase: spend Replacement Points (13.2, 13.2.1)')
      .addStringOption((o) =>
        o.setName('unit').setDescription('Company to rebuild or bring back').setRequired(true).setAutocomplete(true).setMaxLength(40),
      )
      .addStringOption((o) =>
        o.setName('hex').setDescription('Dead Pool company: where it comes back').setAutocomplete(true).setMaxLength(10),
      )
      .addIntegerOption((o) =>
        o
          .setName('steps')
          .setDescription('Dead Pool company: 1 = reduced (default), 2 = full')
          .addChoices({ name: 'reduced (1 step)', value: 1 }, { name: 'full (2 steps)', value: 2 }),
      )
      .addIntegerOption((o) =>
        o.setName('turn').setDescription('Dead Pool company: put it on the Turn Track instead').setMinValue(1).setMaxValue(40),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('bonfire')
      .setDescription('Night: Soviet units 4+ hexes from every Finn build a Bonfire (16.2)')
      .addStringOption((o) =>
        o
          .setName('units')
          .setDescription('Unit(s) (only those that may build are offered)')
          .setRequired(true)
          .setAutocomplete(true)
          .setMaxLength(100),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('raid')
      .setDescription('Night: Finnish Night Raid on a Soviet hex 4+ hexes away (16.4)')
      .addStringOption((o) =>
        o
          .setName('target')
          .setDescription('Soviet hex (offered with the raiders that reach it)')
          .setRequired(true)
          .setAutocomplete(true)
          .setMaxLength(10),
      )
      .addStringOption((o) =>
        o
          .setName('units')
          .setDescription('1-3 full-strength companies, stacked or adjacent (+ Pajari)')
          .setRequired(true)
          .setAutocomplete(true)
          .setMaxLength(100),
      )
      .addStringOption((o) =>
        o
          .setName('from')
          .setDescription('Hex next to the target to attack from (default: the engine avoids halving)')
          .setAutocomplete(true)
          .setMaxLength(10),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('undig')
      .setDescription('Remove your own Digging In / Dug-In marker (14.1)')
      .addStringOption((o) =>
        o.setName('hex').setDescription('Hex of the marker').setRequired(true).setAutocomplete(true).setMaxLength(10),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('park')
      .setDescription('Raid the Soviet Artillery Park with a full-strength company (12.4.3)')
      .addStringOption((o) =>
        o.setName('unit').setDescription('Company in a Soviet supply source').setRequired(true).setAutocomplete(true).setMaxLength(40),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('decide')
      .setDescription('Answer the decision the game waits for (losses, retreat, advance, support…)')
      .addStringOption((o) =>
        o
          .setName('answer')
          .setDescription('e.g. "step 1/1/JR16; retreat I15" or "default" (the suggestions show more)')
          .setRequired(true)
          .setAutocomplete(true)
          .setMaxLength(200),
      ),
  )
  .addSubcommand((s) => s.setName('end').setDescription('End the current phase (3.0)'));

const play: Command<BotContext> = {
  data,
  async execute(ix, ctx) {
    const sub = ix.options.getSubcommand(true);
    await defer(ix);
    const ref = refOf(ix);
    // One load before acting: the user's side, its legal actions (the mover lookup, default attackers,
    // unit ids in any case) and the status. Ending a phase or answering a decision needs only the status.
    const statusOnly = sub === 'end' || sub === 'decide';
    const seen = statusOnly ? null : await seenNow(ctx, ix);
    const before = seen ? seen.status : await statusOrNull(ctx, ref);
    let action: Action;
    const legalOnce = async (): Promise<LegalActions> => seen?.legal ?? (await legalNow(ctx, ix));
    if (sub === 'move') {
      const units = parseMover(ix.options.getString('unit', true));
      const to = hexOption(ix, 'to');
      const mover = findMover(await legalOnce(), units);
      const exit = ix.options.getBoolean('exit') ?? false;
      action = mover?.kind === 'enter' ? { type: 'enterReinforcement', units, to } : { type: 'move', units, to, ...(exit ? { exit } : {}) };
    } else if (sub === 'combat') {
      const target = hexOption(ix, 'target');
      const named = ix.options.getString('attackers');
      let attackers = named ? parseMover(named) : [];
      if (!attackers.length) {
        const legal = await legalOnce();
        attackers = legal.combat?.targets.find((t) => t.hex === target)?.attackers ?? [];
        if (!attackers.length) {
          const open = legal.combat?.targets.map((t) => t.hex) ?? [];
          throw new Refusal(
            `None of your units may attack ${target} now.`,
            '8.0',
            open.length ? `attack one of ${open.join(', ')}.` : 'only adjacent enemy hexes can be attacked, in your Combat Phase.',
          );
        }
      }
      const support = parseMover(ix.options.getString('support') ?? '');
      action = { type: 'combat', attackers, target, ...(support.length ? { support } : {}) };
    } else if (sub === 'assault') {
      const path = hexPathOption(ix, 'path');
      action = {
        type: 'assault',
        units: parseMover(ix.options.getString('units', true)),
        target: hexOption(ix, 'target'),
        ...(path.length ? { path } : {}),
      };
    } else if (sub === 'delay') {
      const turn = ix.options.getInteger('turn');
      action = { type: 'delayReinforcement', units: parseMover(ix.options.getString('units', true)), ...(turn ? { toTurn: turn } : {}) };
    } else if (sub === 'fire') {
      const spotter = ix.options.getString('spotter');
      action = {
        type: 'ranged',
        units: parseMover(ix.options.getString('unit', true)),
        target: hexOption(ix, 'target'),
        ...(spotter ? { spotter } : {}),
      };
    } else if (sub === 'atfire') {
      action = {
        type: 'atFire',
        units: parseMover(ix.options.getString('gun', true)),
        target: ix.options.getString('target', true).trim(),
      };
    } else if (sub === 'recover') {
      const pajari = ix.options.getBoolean('pajari');
      action = { type: 'recovery', unit: ix.options.getString('unit', true).trim(), ...(pajari === false ? { pajari: false } : {}) };
    } else if (sub === 'dig') {
      action = { type: 'digIn', units: parseMover(ix.options.getString('units', true)) };
    } else if (sub === 'replace') {
      const hex = ix.options.getString('hex') ? hexOption(ix, 'hex') : null;
      const steps = ix.options.getInteger('steps') as 1 | 2 | null;
      const turn = ix.options.getInteger('turn');
      action = {
        type: 'replacement',
        unit: ix.options.getString('unit', true).trim(),
        ...(hex ? { hex } : {}),
        ...(steps ? { steps } : {}),
        ...(turn ? { toTurn: turn } : {}),
      };
    } else if (sub === 'bonfire') {
      action = { type: 'bonfire', units: parseMover(ix.options.getString('units', true)) };
    } else if (sub === 'raid') {
      const fromText = ix.options.getString('from');
      action = {
        type: 'nightRaid',
        units: parseMover(ix.options.getString('units', true)),
        target: hexOption(ix, 'target'),
        ...(fromText ? { from: hexOption(ix, 'from') } : {}),
      };
    } else if (sub === 'undig') {
      action = { type: 'removeEntrenchment', hex: hexOption(ix, 'hex') };
    } else if (sub === 'park') {
      action = { type: 'artilleryPark', unit: ix.options.getString('unit', true).trim() };
    } else if (sub === 'decide') {
      const pending = before?.status === 'active' ? before.mustAct?.pending : null;
      if (!pending) {
        await legalNow(ctx, ix); // the service says why (no game, not started…)
        throw new Refusal('No decision is waiting.', '3.0', '`/game status` shows what the game waits for.');
      }
      const parsed = parseAnswer(pending, ix.options.getString('answer', true));
      if (!parsed.ok) throw new Refusal(parsed.problem.message, parsed.problem.rule, `answers: ${answerHelp(pending).join(' · ')}`);
      action = parsed.action;
    } else if (sub === 'end') {
      if (!before || before.status !== 'active' || !before.phase) {
        await legalNow(ctx, ix); // the service says why (no game, not started…)
        throw new Refusal('There is no phase to end.', '3.0');
      }
      action = { type: 'endPhase', phase: before.phase as Extract<Action, { type: 'endPhase' }>['phase'] };
    } else {
      throw new Error(`no handler for /play ${sub}`);
    }
    // Unit ids in any case (`mtr/609`): spelled as the engine spells them, with close ids suggested on a miss.
    const legal = seen?.legal ?? null;
    // Before an attack is declared: its odds, with Attack and Cancel (unless `confirm:True`).
    if ((action.type === 'combat' || action.type === 'assault') && !ix.options.getBoolean('confirm')) {
      const attack = canonicaliseAction(legal, action);
      const p = unwrap(await ctx.game.service.preview(ref, actorOf(ix), attack, seen?.side));
      const components = attackControls({ gameId: p.gameId, version: p.version }, attack);
      const lines = [
        `Odds before you ${attack.type === 'combat' ? 'attack' : 'assault'} ${attack.target} (8.2–8.4; Support and AT Fire come first and are not counted):`,
        ...p.lines.map((l) => `• ${l}`),
        components
          ? 'Attack declares it; Cancel changes nothing.'
          : 'Too many units to fit a button: run the same command with `confirm:True` to declare it.',
      ];
      await respond(ix, { content: lines.join('\n'), components: components ?? [], ephemeral: true });
      return;
    }
    const result = await ctx.game.service.act(ref, actorOf(ix), canonicaliseAction(legal, action), seen ? { side: seen.side } : {});
    if (!result.ok && result.error.code === 'input/unknown-unit') {
      const named = unitIdsOf(action);
      const close = [...new Set(named.flatMap((u) => closeUnitIds(legal, u)))].filter((u) => !named.includes(u));
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
    // By subcommand first: several of them have an option called `unit` or `target`.
    const choices = (() => {
      switch (ix.options.getSubcommand()) {
        case 'move': {
          if (focused.name === 'unit') return moverChoices(legal, typed);
          const mover = findMover(legal, parseMover(text('unit')));
          return mover ? destinationChoices(mover, typed) : [];
        }
        case 'combat':
          if (focused.name === 'target') return combatTargetChoices(legal, typed);
          if (focused.name === 'support') return supportChoices(legal, hexText('target'), parseMover(text('attackers')), typed);
          return attackerChoices(legal, hexText('target'), typed);
        case 'assault':
          return focused.name === 'units'
            ? assaultUnitChoices(legal, typed)
            : assaultTargetChoices(legal, parseMover(text('units')), typed);
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
        case 'park':
          return filterChoices(
            (legal.artilleryPark ?? []).map((u) => ({ name: `${u} (12.4.3)`, value: u })),
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
