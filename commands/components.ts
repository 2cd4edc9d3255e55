// Buttons and selects. Each customId carries the game id, the state version the message was built
// from and a payload (src/discord/custom-id.ts), so a click works after a restart and a click on an
// old message is refused as stale by the service (basedOnVersion). The game is named together with
// the channel the click came from, so a control of one game used in another channel is refused
// (the service checks the game lives there).
import type { GameRef } from '../src/app/game-service.js';
import type { ComponentHandler, ComponentInteraction } from '../src/discord/command.js';
import { defer, Refusal, respond } from '../src/discord/replies.js';
import type { Action, PendingDecision, Phase, Side } from '../src/engine/types.js';
import type { BotContext } from '../src/discord/context.js';
import { actorOf } from '../src/discord/game-access.js';
import { afterEnd, drawView, postChange } from '../src/discord/posting.js';
import { gameOverEmbed } from '../src/discord/embeds.js';
import { unwrap } from '../src/discord/refusal-hints.js';
import { MessageFlags } from 'discord.js';
import { viaWords } from '../src/discord/reminder-words.js';
import { sideName } from '../src/app/game-service.js';
import { decodeAttack } from '../src/discord/attack-controls.js';
import { defaultAction, lossDraftAction, supportTargets } from '../src/app/decision-answers.js';
import {
  decisionControls,
  decodeDraft,
  draftControls,
  draftNeed,
  nextDraft,
  type Draft,
  type Row,
} from '../src/discord/decision-controls.js';
import { queued } from '../src/discord/work-queue.js';

/** The game a control names, in the channel the click came from. */
function gameOf(ix: ComponentInteraction, gameId: string): GameRef {
  return { gameId, channelId: ix.channelId ?? 'dm' };
}

async function act(ix: ComponentInteraction, ctx: BotContext, gameId: string, version: number, action: Action): Promise<void> {
  await defer(ix);
  const ref = gameOf(ix, gameId);
  // One load: the service picks the user's side by the one policy and checks the version in the same read.
  const r = unwrap(await queued(ctx.work, () => ctx.game.service.act(ref, actorOf(ix), action, { basedOnVersion: version })));
  await postChange(ix, ctx, r);
}

/** "End … phase": the phase is in the payload too, so the engine also checks it is still current. */
const endPhase: ComponentHandler<BotContext> = {
  kind: 'end',
  async handle(ix, ref, ctx) {
    await act(ix, ctx, ref.gameId, ref.version, { type: 'endPhase', phase: ref.payload as Phase });
  },
};

/**
 * A pending decision. The payload says which answer; the decision itself is read from the game at
 * the version the message was built from (a later version makes the click stale). The default and
 * the simple answers act at once; the step-by-step builder (src/discord/decision-controls.ts) answers
 * the deciding player privately with the next choice, and acts on Confirm.
 */
const decide: ComponentHandler<BotContext> = {
  kind: 'decide',
  async handle(ix, ref, ctx) {
    const game = gameOf(ix, ref.gameId);
    const status = unwrap(await ctx.game.service.status(game)).status;
    if (status.version !== ref.version) {
      throw new Refusal(
        'The game has moved on since that message: this decision was already made or changed.',
        undefined,
        'use the newest message, or `/game status` for fresh controls.',
      );
    }
    const pending = status.mustAct?.pending;
    if (!pending) throw new Refusal('No decision is waiting.', undefined, '`/game status` shows what the game waits for.');
    const values = ix.isStringSelectMenu() ? ix.values : [];
    const built = decodeDraft(ref.payload);
    if (built) {
      if (!status.seats[pending.side].includes(ix.user.id))
        throw new Refusal(
          `This is the ${sideName(pending.side)} side's decision (rule ${pending.rule}).`,
          pending.rule,
          'wait for your side to be pinged; `/game status` shows who is awaited.',
        );
      const at = { gameId: ref.gameId, version: ref.version };
      if (built.op === 'restart') return showBuilder(ix, { content: 'Choose again.', components: decisionControls(at, pending) });
      const draft = nextDraft(built.draft, built.op, values);
      if (!draft)
        throw new Refusal(
          'This control does not match the decision the game is waiting for.',
          undefined,
          'use `/game status` for fresh controls.',
        );
      if (built.op === 'ok') {
        const action = draftAction(pending, draft);
        if (!action) throw new Refusal('This answer is not complete yet.', pending.rule, 'finish it, or Start over.');
        return act(ix, ctx, ref.gameId, ref.version, action);
      }
      const need = draftNeed(pending, draft);
      let open: string[] = [];
      if (need.units.length && (!need.complete || pending.type === 'advance')) {
        const path = pending.type === 'advance' && draft.path.length === 0 ? [] : draft.path;
        open = unwrap(
          await ctx.game.service.decisionHexes(game, { units: need.units, path, ...(need.final ? { final: true } : {}) }),
        ).hexes;
        // The advance begins in the vacated hex (8.7.1): start the path there.
        if (pending.type === 'advance' && draft.path.length === 0) {
          draft.path = open.slice(0, 1);
          open = unwrap(await ctx.game.service.decisionHexes(game, { units: need.units, path: draft.path })).hexes;
        }
      }
      return showBuilder(ix, draftControls(at, pending, draft, open));
    }
    const [what, arg] = ref.payload.split(':');
    const chosen = values[0] ?? arg;
    let action: Action | null = null;
    if (what === 'default') action = defaultAction(pending);
    if (pending.type === 'placeLeader' && what === 'place' && chosen) action = { type: 'placeLeader', unit: pending.unit, hex: chosen };
    if (pending.type === 'advance' && what === 'stay') action = { type: 'advance', units: [], path: [] };
    if (pending.type === 'parkBattalion' && what === 'park' && chosen) action = { type: 'artilleryPark', unit: chosen };
    if (pending.type === 'atFireTarget' && what === 'aim' && chosen) action = { type: 'atFire', units: [pending.gun], target: chosen };
    if (pending.type === 'frictionFire' && what === 'ff' && chosen) action = { type: 'friction', hex: chosen };
    if (pending.type === 'frictionFire' && what === 'ffsome' && values.length) {
      const hexes = new Set(values.map((v) => v.split('|')[0]!));
      if (hexes.size > 1)
        throw new Refusal(
          `Friction Fire is fired in one hex of the path; these units are in ${[...hexes].join(' and ')}.`,
          pending.rule,
          'pick units that fire on one hex.',
        );
      action = { type: 'friction', hex: [...hexes][0]!, units: values.map((v) => v.split('|')[1]!) };
    }
    if (pending.type === 'frictionResult' && what === 'ffsteps') action = { type: 'frictionResult', steps: { ...pending.allocation } };
    if (!action)
      throw new Refusal(
        'This control does not match the decision the game is waiting for.',
        undefined,
        'use `/game status` for fresh controls.',
      );
    await act(ix, ctx, ref.gameId, ref.version, action);
  },
};

/** The engine action a finished draft stands for (null when the draft does not fit the decision). */
function draftAction(p: PendingDecision, d: Draft): Action | null {
  if ((p.type === 'combatLosses' && d.kind === 'L') || ((p.type === 'rangedLosses' || p.type === 'stepLosses') && d.kind === 'R'))
    return lossDraftAction(p, d.picks, d.path);
  if (p.type === 'advance' && d.kind === 'A')
    return { type: 'advance', units: d.picks.map((i) => p.units[i]?.unit ?? ''), path: [...d.path] };
  if (p.type === 'defensiveSupport' && d.kind === 'S') {
    const units = d.picks.map((i) => p.options[i]?.unit ?? '');
    const target = d.path[0] ?? supportTargets(p, units)[0];
    return { type: 'support', units, ...(target ? { target } : {}) };
  }
  return null;
}

/**
 * Show the builder's next step to the deciding player only: a private reply to a click on the public
 * message, the same private message updated when the click came from it.
 */
async function showBuilder(ix: ComponentInteraction, view: { content: string; components: Row[] }): Promise<void> {
  if (ix.message.flags.has(MessageFlags.Ephemeral)) await ix.update({ content: view.content, components: view.components });
  else await respond(ix, { content: view.content, components: view.components, ephemeral: true });
}

/**
 * Attack or Cancel under an odds preview (commands/play.ts). The attack is declared at the version it
 * was previewed at: if the game moved on, the click is stale and nothing happens.
 */
const attack: ComponentHandler<BotContext> = {
  kind: 'attack',
  async handle(ix, ref, ctx) {
    if (ref.payload === 'cancel') {
      await respond(ix, { content: 'Cancelled: nothing was declared.', ephemeral: true });
      return;
    }
    const action = decodeAttack(ref.payload);
    if (!action) throw new Refusal('This control is not one of ours.', undefined, 'use `/play combat` or `/play assault` again.');
    await act(ix, ctx, ref.gameId, ref.version, action);
  },
};

const undo: ComponentHandler<BotContext> = {
  kind: 'undo',
  async handle(ix, ref, ctx) {
    await defer(ix);
    const game = gameOf(ix, ref.gameId);
    // One load: the service refuses a button older than the game (game/stale) in the same read.
    const r = unwrap(
      await ctx.game.service.undo(game, actorOf(ix), { side: ref.payload as 'finnish' | 'soviet', basedOnVersion: ref.version }),
    );
    await postChange(ix, ctx, r);
  },
};

/**
 * The answer to a confirmation (commands/game.ts: resign, abort). Cancel changes nothing; the step
 * itself runs only if the game has not moved on since the question was asked.
 */
const confirm: ComponentHandler<BotContext> = {
  kind: 'confirm',
  async handle(ix, ref, ctx) {
    const [what, arg = ''] = ref.payload.split(':');
    if (what === 'cancel') {
      await respond(ix, { content: 'Cancelled: nothing changed.', ephemeral: true });
      return;
    }
    if ((what !== 'resign' && what !== 'abort') || (arg !== '' && arg !== 'soviet' && arg !== 'finnish'))
      throw new Refusal('This control is not one of ours.', undefined, 'use `/game status` for fresh controls.');
    await defer(ix);
    const game = gameOf(ix, ref.gameId);
    const status = unwrap(await ctx.game.service.status(game)).status;
    if (status.version !== ref.version)
      throw new Refusal(
        'The game has moved on since you were asked: nothing was done.',
        undefined,
        `run \`/game ${what}\` again if you still want to.`,
      );
    const r =
      what === 'resign'
        ? unwrap(await ctx.game.service.resign(game, actorOf(ix), arg ? { side: arg as Side } : {}))
        : unwrap(await ctx.game.service.abort(game, actorOf(ix), /^Reason: (.+)$/m.exec(ix.message.content)?.[1] ?? 'no reason given'));
    // A game removed as a last resort (its data could not be read) left no record to read afterwards.
    await respond(ix, {
      content: [...r.lines, ...('removed' in r && r.removed ? [] : [afterEnd(r.gameId)])].join('\n'),
      ...(r.after ? { embeds: [gameOverEmbed(r.after, r.events)] } : {}),
    });
  },
};

/** A Join button under a new game's message: seat the clicker on that side (before the start). */
const join: ComponentHandler<BotContext> = {
  kind: 'join',
  async handle(ix, ref, ctx) {
    if (ref.payload !== 'finnish' && ref.payload !== 'soviet')
      throw new Refusal('This control is not one of ours.', undefined, 'use `/game join side:…`.');
    await defer(ix);
    const r = unwrap(await ctx.game.service.seat(gameOf(ix, ref.gameId), actorOf(ix), { side: ref.payload }));
    await respond(ix, { content: r.lines.join('\n') });
  },
};

/** Show the current map (anyone; never stale: it shows the game as it is now). */
const map: ComponentHandler<BotContext> = {
  kind: 'map',
  async handle(ix, ref, ctx) {
    await defer(ix, true);
    const file = await drawView(ctx, gameOf(ix, ref.gameId), { caption: 'Current position', options: {} }, true);
    await respond(ix, { content: 'Current position.', files: [file], ephemeral: true });
  },
};

/** Under a reminder: no more reminders to the clicker for the rest of this game turn. */
const snooze: ComponentHandler<BotContext> = {
  kind: 'snooze',
  async handle(ix, ref, ctx) {
    await defer(ix, true);
    const r = await ctx.reminders.snooze(ref.gameId, ix.user.id);
    if (!r.ok) throw new Refusal(r.message, undefined, '`/game status` shows who plays this game.');
    await respond(ix, { content: `Snoozed: no more reminders to you in this game until turn ${r.turn} ends.`, ephemeral: true });
  },
};

/** Under a reminder: reminders of all the clicker's games by DM, or back in the games' channels. */
const remindVia: ComponentHandler<BotContext> = {
  kind: 'remind-via',
  async handle(ix, ref, ctx) {
    if (ref.payload !== 'dm' && ref.payload !== 'channel')
      throw new Refusal('This control is not one of ours.', undefined, 'use `/game remind`.');
    await defer(ix, true);
    await ctx.reminders.setDm(ix.user.id, ref.payload === 'dm');
    await respond(ix, { content: viaWords(ref.payload === 'dm'), ephemeral: true });
  },
};

export const componentHandlers: ComponentHandler<BotContext>[] = [endPhase, decide, attack, undo, confirm, join, map, snooze, remindVia];
