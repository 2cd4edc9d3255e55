// The odds preview before a Combat or Assault is declared (8.2–8.4): Attack and Cancel buttons under
// the preview. The Attack button carries the action itself (`c;<target>;<attackers>;<support>` or
// `a;<target>;<units>;<path>`) and the version it was previewed at, so it works after a restart and a
// preview left lying while the game moved on is refused as stale. When the action does not fit in a
// customId (Discord allows 100 characters), the preview says to run the command with `confirm:True`.
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, type MessageActionRowComponentBuilder } from 'discord.js';
import type { AssaultAction, CombatAction } from '../engine/types.js';
import { CustomIdError, encodeCustomId } from './custom-id.js';

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
