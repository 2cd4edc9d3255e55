// The buttons under a status or a change: end the phase, undo, the map, a pending decision's controls
// (src/discord/decision-controls.ts), and the confirmation of an irreversible step.
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, type MessageActionRowComponentBuilder } from 'discord.js';
import type { StatusView } from '../app/game-service.js';
import { sideName } from '../app/game-service.js';
import { sidePhaseWords } from '../app/phase-summary.js';
import { encodeCustomId } from './custom-id.js';
import { decisionControls } from './decision-controls.js';

type Row = ActionRowBuilder<MessageActionRowComponentBuilder>;

/** Buttons for the next step: end the current phase, undo, the map; plus pending decisions. */
export function controlsFor(status: StatusView): Row[] {
  const rows: Row[] = [];
  if (status.status !== 'active' || !status.mustAct) return rows;
  const pending = status.mustAct.pending;
  if (pending) rows.push(...decisionControls({ gameId: status.gameId, version: status.version }, pending));
  const buttons: ButtonBuilder[] = [];
  if (!pending && status.phase && status.phase !== 'gameOver') {
    buttons.push(
      new ButtonBuilder()
        .setCustomId(encodeCustomId({ kind: 'end', gameId: status.gameId, version: status.version, payload: status.phase }))
        .setLabel(`End ${sidePhaseWords(status.mustAct.side, status.phase)}`)
        .setStyle(ButtonStyle.Primary),
    );
  }
  if (status.undoable) {
    buttons.push(
      new ButtonBuilder()
        .setCustomId(encodeCustomId({ kind: 'undo', gameId: status.gameId, version: status.version, payload: status.undoable.side }))
        .setLabel(`Undo (${sideName(status.undoable.side)})`)
        .setStyle(ButtonStyle.Secondary),
    );
  }
  buttons.push(
    new ButtonBuilder()
      .setCustomId(encodeCustomId({ kind: 'map', gameId: status.gameId, version: status.version, payload: '' }))
      .setLabel('Map')
      .setStyle(ButtonStyle.Secondary),
  );
  rows.push(new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(...buttons));
  return rows;
}

/** What a confirmation asks about: resigning a side or aborting the game (both end it for good). */
export type ConfirmKind = 'resign' | 'abort';

/**
 * The two buttons under a confirmation: the irreversible step (red) and Cancel. Built at the game's
 * version, so a confirmation left lying while the game moves on is refused as stale.
 */
export function confirmControls(status: StatusView, kind: ConfirmKind, arg: string, label: string): ActionRowBuilder<ButtonBuilder>[] {
  const id = (payload: string) => encodeCustomId({ kind: 'confirm', gameId: status.gameId, version: status.version, payload });
  return [
    new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder()
        .setCustomId(id(`${kind}:${arg}`))
        .setLabel(label)
        .setStyle(ButtonStyle.Danger),
      new ButtonBuilder().setCustomId(id('cancel:')).setLabel('Cancel').setStyle(ButtonStyle.Secondary),
    ),
  ];
}

/**
 * Join buttons for each side, under the message that creates a game (issue 16). Not version-checked:
 * seating changes the game, and the service refuses a seat once the game has started.
 */
export function joinControls(gameId: string): ActionRowBuilder<ButtonBuilder>[] {
  const id = (side: 'finnish' | 'soviet') => encodeCustomId({ kind: 'join', gameId, version: 0, payload: side });
  return [
    new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder().setCustomId(id('finnish')).setLabel('Join the Finnish side').setStyle(ButtonStyle.Primary),
      new ButtonBuilder().setCustomId(id('soviet')).setLabel('Join the Soviet side').setStyle(ButtonStyle.Danger),
    ),
  ];
}

/**
 * Under a reminder: snooze the reminders of this game turn, and where reminders go (by DM, or back to
 * the channel from a DM). Not version-checked: they are about the reminders, not the game's position.
 */
export function reminderControls(gameId: string, inDm: boolean): ActionRowBuilder<ButtonBuilder>[] {
  const id = (kind: string, payload: string) => encodeCustomId({ kind, gameId, version: 0, payload });
  return [
    new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder().setCustomId(id('snooze', '')).setLabel('Snooze this turn').setStyle(ButtonStyle.Secondary),
      inDm
        ? new ButtonBuilder().setCustomId(id('remind-via', 'channel')).setLabel('Remind me in the channel').setStyle(ButtonStyle.Secondary)
        : new ButtonBuilder().setCustomId(id('remind-via', 'dm')).setLabel('Remind me by DM').setStyle(ButtonStyle.Secondary),
    ),
  ];
}
