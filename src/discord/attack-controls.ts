// The odds preview before a Combat or Assault is declared (8.2–8.4): Attack and Cancel buttons under
// the preview. The Attack button carries the action itself (`c;<target>;<attackers>;<support>` or
// `a;<target>;<units>;<path>`) and the version it was previewed at, so it works after a restart and a
// preview left lying while the game moved on is refused as stale. When the action does not fit in a
// customId (Discord allows 100 characters), the preview says to run the command with `confirm:True`.
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, type APIEmbed, type MessageActionRowComponentBuilder } from 'discord.js';
import type { AssaultAction, CombatAction, Side } from '../engine/types.js';
import type { OddsPreview } from '../engine/combat/preview.js';
import { withSideLabels } from '../engine/labels.js';
import { CustomIdError, encodeCustomId } from './custom-id.js';
import { COMPACT_LINES, EMBED_LIMITS, SIDE_COLOR } from './embeds.js';
import { clip } from './replies.js';

export type AttackAction = CombatAction | AssaultAction;

/** The payload that carries an attack; ids may not contain `;` (none does). */
export function encodeAttack(a: AttackAction): string {
  return a.type === 'combat'
    ? ['c', a.target, a.attackers.join('+'), (a.support ?? []).join('+')].join(';')
    : ['a', a.target, a.units.join('+'), (a.path ?? []).join('.')].join(';');
}

/** The attack a payload carries; null when it is not one. */
export function decodeAttack(payload: string): AttackAction | null {
  const parts = payload.split(';');
  if (parts.length !== 4) return null;
  const [kind, target, units, extra] = parts as [string, string, string, string];
  const list = (s: string, sep: string) => (s ? s.split(sep) : []);
  if (!target || !units) return null;
  if (kind === 'c') {
    const support = list(extra, '+');
    return { type: 'combat', target, attackers: list(units, '+'), ...(support.length ? { support } : {}) };
  }
  if (kind === 'a') {
    const path = list(extra, '.');
    return { type: 'assault', target, units: list(units, '+'), ...(path.length ? { path } : {}) };
  }
  return null;
}

/** Attack and Cancel under a preview; null when the action does not fit in a button. */
export function attackControls(
  at: { gameId: string; version: number },
  a: AttackAction,
): ActionRowBuilder<MessageActionRowComponentBuilder>[] | null {
  let attack: string;
  try {
    attack = encodeCustomId({ kind: 'attack', gameId: at.gameId, version: at.version, payload: encodeAttack(a) });
  } catch (err) {
    if (err instanceof CustomIdError) return null;
    throw err;
  }
  const cancel = encodeCustomId({ kind: 'attack', gameId: at.gameId, version: at.version, payload: 'cancel' });
  return [
    new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
      new ButtonBuilder()
        .setCustomId(attack)
        .setLabel(a.type === 'combat' ? `Attack ${a.target}` : `Assault ${a.target}`)
        .setStyle(ButtonStyle.Danger),
      new ButtonBuilder().setCustomId(cancel).setLabel('Cancel').setStyle(ButtonStyle.Secondary),
    ),
  ];
}

/** Lines of `items`, joined `per` to a line with ` · `. */
function packed(items: readonly string[], per: number, sep = ' · '): string[] {
  const out: string[] = [];
  for (let i = 0; i < items.length; i += per) out.push(items.slice(i, i + per).join(sep));
  return out;
}

/**
 * The odds preview as a compact embed in the attacker's colour (issue 46: it was a 15-line list): the
 * strengths and the odds side by side, every halving and shift with its case, the chance of each CRT
 * result packed four to a line, and what the buttons do in the footer. At most COMPACT_LINES lines.
 */
export function oddsEmbed(p: OddsPreview, side: Side, buttons: boolean): APIEmbed {
  const what = p.kind === 'assault' ? 'Assault' : 'Combat';
  const outcomes = packed(
    p.outcomes.map((o) => `**${o.result}** ${Math.round(o.probability * 100)}%`),
    4,
  );
  const shifts = [...p.halvings.map((h) => `halved: ${h}`), ...p.modifiers].map(withSideLabels);
  // The description's line, Strength and Odds (one row, two lines on a phone), the outcomes: the shifts
  // get what is left, several to a line if need be.
  const room = Math.max(1, COMPACT_LINES - 3 - outcomes.length);
  const shiftLines =
    shifts.length <= room ? shifts.map((s) => `• ${s}`) : packed(shifts, Math.ceil(shifts.length / room), '; ').map((s) => `• ${s}`);
  return {
    title: `⚔️ Odds: ${what} on ${p.target}`,
    description: 'Support and AT Fire come first and are not in these odds (8.2–8.4).',
    color: SIDE_COLOR[side],
    fields: [
      { name: 'Strength', value: `${p.attackerTotal} vs ${p.defenderTotal} (${p.ratio})`, inline: true },
      { name: 'Odds', value: `${p.baseOdds} → **${p.finalOdds}** (column ${p.column})`, inline: true },
      { name: 'Shifts', value: clip(shiftLines.length ? shiftLines.join('\n') : 'none', EMBED_LIMITS.fieldValue) },
      { name: 'CRT results (attacker/defender losses)', value: clip(outcomes.join('\n') || 'none', EMBED_LIMITS.fieldValue) },
    ],
    footer: {
      text: buttons
        ? `${p.kind === 'assault' ? 'Assault' : 'Attack'} declares it; Cancel changes nothing.`
        : 'Too many units to fit a button: run the same command with confirm:True to declare it.',
    },
  };
}
