// /map: the picture of the game in this channel: the whole map, a zoom around a hex, or where a
// unit can go (with MP costs). Anyone may look, spectators included, from the game's own server.
import { InteractionContextType } from 'discord.js';
import { SlashCommandBuilder } from '@discordjs/builders';
import type { Command } from '../src/discord/command.js';
import { destinationChoices, moverChoices, overlayChoices } from '../src/discord/choices.js';
import { eachListed, findMover, reachOverlay, splitUnits } from '../src/app/play-verbs.js';
import { defer, Refusal, respond } from '../src/discord/replies.js';
import { reachZoom, zoomOutsidePlayArea } from '../src/app/play-area.js';
import { canonicalUnitIds } from '../src/app/unit-ids.js';
import type { MapView } from '../src/engine/view.js';
import type { ChatInputCommandInteraction } from 'discord.js';
import type { BotContext } from '../src/discord/context.js';
import { hexOption } from '../src/discord/options.js';
import { legalNow, legalOrExplain, refOf, viewerOf } from '../src/discord/game-access.js';
import { unwrap } from '../src/discord/refusal-hints.js';

const data = new SlashCommandBuilder()
  .setName('map')
  .setDescription('Show the map of the game in this channel')
  .setNameLocalizations({ ja: 'マップ' })
  .setDescriptionLocalizations({ ja: 'このチャンネルのゲームのマップを表示する' })
  .setContexts(InteractionContextType.Guild)
  .addSubcommand((s) =>
    s
      .setName('whole')
      .setDescription('The whole map')
      .setNameLocalizations({ ja: '全体' })
      .setDescriptionLocalizations({ ja: 'マップ全体' }),
  )
  .addSubcommand((s) =>
    s
      .setName('zoom')
      .setDescription('The hexes around one hex')
      .setNameLocalizations({ ja: '拡大' })
      .setDescriptionLocalizations({ ja: 'あるヘクスの周囲' })
      .addStringOption((o) =>
        o
          .setName('center')
          .setDescription('Centre hex, e.g. M16')
          .setNameLocalizations({ ja: '中心' })
          .setDescriptionLocalizations({ ja: '中心のヘクス、例 M16' })
          .setRequired(true)
          .setMaxLength(10),
      )
      .addIntegerOption((o) =>
        o
          .setName('radius')
          .setDescription('Hexes around the centre (default 4)')
          .setNameLocalizations({ ja: '半径' })
          .setDescriptionLocalizations({ ja: '中心からのヘクス数（省略時4）' })
          .setMinValue(1)
          .setMaxValue(10),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('reach')
      .setDescription('Where a unit or stack on the map can move now, with MP costs (anyone may look)')
      .setNameLocalizations({ ja: '移動範囲' })
      .setDescriptionLocalizations({ ja: '盤上のユニットかスタックが今動ける先とMPコスト（誰でも見られる）' })
      .addStringOption((o) =>
        o
          .setName('unit')
          .setDescription('Unit or stack')
          .setNameLocalizations({ ja: 'ユニット' })
          .setDescriptionLocalizations({ ja: 'ユニット' })
          .setRequired(true)
          .setAutocomplete(true)
          .setMaxLength(100),
      ),
  )
  .addSubcommand((s) =>
    s
      .setName('legend')
      .setDescription('What the colours, marks and arrows on the maps mean')
      .setNameLocalizations({ ja: '凡例' })
      .setDescriptionLocalizations({ ja: 'マップの色、記号、矢印の意味' }),
  );

/** Where units on the map could go if they moved now, for anyone (no seat or turn needed; 4.0). */
async function lookOnly(ix: ChatInputCommandInteraction, ctx: BotContext, units: string[]): Promise<void> {
  const ref = refOf(ix);
  // Ids in any case: spelled as on the map's counters.
  const plain = (unwrap(await ctx.game.service.mapView(ref, {}, viewerOf(ix))).view as MapView).units ?? {};
  const onMap = new Map(
    Object.values(plain)
      .flat()
      .map((c) => [c.id.toLowerCase(), c.id] as const),
  );
  const ids = units.map((u) => onMap.get(u.toLowerCase()) ?? u);
  const first = unwrap(await ctx.game.service.mapView(ref, { reachableFor: ids }, viewerOf(ix)));
  const reach = (first.view as MapView).overlays?.reachable;
  if (!reach) {
    throw new Refusal(
      `${ids.join('+')} is not a unit (or a stack of units in one hex) on the map.`,
      '4.0',
      'name units as printed on their counters, e.g. `1/1/609` or `1/1/609+2/1/609` (any case).',
    );
  }
  const png = await ctx.game.draw(first.view, { center: reach.from, radius: 5 });
  const list = Object.entries(reach.costs)
    .sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))
    .slice(0, 25)
    .map(([hex, cost]) => `• ${hex} · ${cost} MP (${reach.allowance - cost} left)`);
  await respond(ix, {
    content: [
      `${reach.unitIds.join('+')} from ${reach.from}: ${reach.allowance} MP, if it moved now (a look only: it is not yours to move at this moment). Cheapest first:`,
      ...list,
    ].join('\n'),
    files: [
      {
        attachment: png,
        name: `reach.${ctx.game.pictureExt}`,
        description: `Where ${reach.unitIds.join('+')} could move from ${reach.from}, with MP costs`,
      },
    ],
  });
}

const map: Command<BotContext> = {
  data,
  async execute(ix, ctx) {
    const sub = ix.options.getSubcommand(true);
    await defer(ix);
    const ref = refOf(ix);
    if (sub === 'legend') {
      // Zooms leave the legend out (phone first): it is its own picture, here.
      const png = await ctx.game.legend();
      await respond(ix, {
        content: 'Map legend.',
        files: [
          { attachment: png, name: `legend.${ctx.game.pictureExt}`, description: 'Map legend: terrain, counters, markers and arrows' },
        ],
      });
      return;
    }
    if (sub === 'whole') {
      const v = unwrap(await ctx.game.service.mapView(ref, {}, viewerOf(ix)));
      const png = await ctx.game.draw(v.view, { whole: true });
      const h = (v.view as MapView).header;
      await respond(ix, {
        content: `The whole map, turn ${h.turn}: ${h.phaseLabel}.`,
        files: [{ attachment: png, name: `map.${ctx.game.pictureExt}`, description: `The whole map, turn ${h.turn}` }],
      });
      return;
    }
    if (sub === 'zoom') {
      const center = hexOption(ix, 'center');
      const radius = ix.options.getInteger('radius') ?? 4;
      const v = unwrap(await ctx.game.service.mapView(ref, { focus: { center, radius }, highlight: [center] }, viewerOf(ix)));
      const outside = zoomOutsidePlayArea(v.view, center, radius);
      if (outside) throw new Refusal(outside, undefined, `zoom around a hex inside the play area, or use \`/map whole\`.`);
      const png = await ctx.game.draw(v.view, { center, radius });
      await respond(ix, {
        content: `Around ${center} (radius ${radius}).`,
        files: [{ attachment: png, name: `map-${center}.${ctx.game.pictureExt}`, description: `The map around ${center}` }],
      });
      return;
    }
    if (sub === 'reach') {
      const units = splitUnits(ix.options.getString('unit', true));
      // A player's own units in their Action Phase come with the engine's notes; anyone else may still
      // look at where a unit on the map could go if it moved now (spectators, the other side).
      const legal = await legalNow(ctx, ix).catch((e: unknown) => {
        if (e instanceof Refusal) return null;
        throw e;
      });
      const mover = legal ? findMover(legal, units) : undefined;
      if (!mover) {
        // A group of the player's own units the listing does not name (part of a stack, 6.1, or
        // reinforcements entering together, 13.1): the engine's reach of exactly those units says
        // whether and where they can move together, as the console's `map reach` does.
        const ids = canonicalUnitIds(legal, units);
        if (legal && eachListed(legal, ids)) {
          const v = unwrap(await ctx.game.service.mapView(ref, { reachableFor: ids }, viewerOf(ix)));
          const reach = reachOverlay(v.view);
          if (reach) {
            const png = await ctx.game.draw(v.view, { center: reach.from, radius: 5 });
            await respond(ix, {
              content: [
                `${ids.join('+')} from ${reach.from}: ${reach.allowance} MP, moving together. Cheapest first:`,
                ...overlayChoices(reach, '').map((c) => `• ${c.name}`),
              ].join('\n'),
              files: [
                { attachment: png, name: `reach.${ctx.game.pictureExt}`, description: `Where ${ids.join('+')} can move, with MP costs` },
              ],
            });
            return;
          }
        }
        await lookOnly(ix, ctx, ids);
        return;
      }
      if (!mover.reachable.length) {
        throw new Refusal(
          `${units.join('+')} cannot move now.`,
          '4.0',
          'pick a unit from the list: it offers only units that can move this phase.',
        );
      }
      // Wide enough for every hex it can reach (a reinforcement's too, from its entry hex), within reason.
      const { center, radius } = reachZoom(mover);
      const v = unwrap(await ctx.game.service.mapView(ref, { reachableFor: units, focus: { center, radius } }, viewerOf(ix)));
      const png = await ctx.game.draw(v.view, { center, radius });
      const list = destinationChoices(mover, '').map((c) => c.name);
      await respond(ix, {
        content: [
          `${units.join('+')} from ${mover.from ?? 'off map'}: ${mover.allowance} MP. Cheapest first:`,
          ...list.map((l) => `• ${l}`),
        ].join('\n'),
        files: [{ attachment: png, name: `reach.${ctx.game.pictureExt}`, description: `Where ${units.join('+')} can move, with MP costs` }],
      });
    }
  },

  async autocomplete(ix, ctx) {
    const legal = await legalOrExplain(ctx, ix);
    if (legal) await ix.respond(moverChoices(legal, ix.options.getFocused()));
  },
};
export default map;
