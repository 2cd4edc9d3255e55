// Discord's idiom for the game's state (issue 16): an embed coloured by the side the game waits for,
// with a footer saying the turn, the phase and who must act, and the time that wait began (Discord
// shows an embed's timestamp in each reader's own time zone).
import type { APIEmbed } from 'discord.js';
import type { StatusView } from '../app/game-service.js';
import { sideName } from '../app/game-service.js';
import { sidePhaseWords } from '../app/phase-summary.js';
import type { GameEvent, Side } from '../engine/types.js';
import { combatHeadline } from '../app/narration.js';
import { clip } from './replies.js';

/** The sides' colours: the blue and red of their counters; grey when no side is awaited. */
export const SIDE_COLOR: Record<Side, number> = { finnish: 0x2b6cb0, soviet: 0xb3261e };
export const NEUTRAL_COLOR = 0x6b7280;

/** Discord's limit on an embed's description. */
const DESCRIPTION_MAX = 4096;

/** The footer line: turn, phase, who must act. */
export function footerText(status: StatusView): string {
  const parts: string[] = [];
  if (status.turn !== null) parts.push(`Turn ${status.turn}`);
  if (status.phase) parts.push(sidePhaseWords(status.activeSide, status.phase));
  const side = status.mustAct?.side;
  if (side) parts.push(`${sideName(side)} side to act`);
  else if (status.status !== 'active') parts.push(status.status === 'lobby' ? 'waiting for players' : 'game over');
  return parts.join(' · ');
}

/** An embed of the game's state: `lines` as its text, coloured by the side awaited, with the footer. */
export function statusEmbed(status: StatusView, title: string, lines: string[]): APIEmbed {
  const side = status.mustAct?.side;
  const since = status.mustAct?.since;
  return {
    title: clip(title, 256),
    description: clip(lines.join('\n'), DESCRIPTION_MAX),
    color: side ? SIDE_COLOR[side] : NEUTRAL_COLOR,
    footer: { text: clip(footerText(status), 2048) },
    ...(since != null ? { timestamp: new Date(since).toISOString() } : {}),
  };
}

type CombatEvent = Extract<GameEvent, { type: 'combat' }>;

/**
 * A Combat or Assault as an embed in the attacker's colour: the strengths, the odds with every shift
 * and its case, the roll and the result, as fields; the footer as in the status.
 */
export function combatEmbed(e: CombatEvent, after: StatusView | null): APIEmbed {
  const what = e.kind === 'assault' ? 'Assault' : 'Combat';
  const [att, def] = e.result.split('/');
  return {
    title: `⚔️ ${what} on ${e.target}`,
    color: SIDE_COLOR[e.side],
    fields: [
      {
        name: 'Strength',
        value: clip(`${e.attackerTotal} vs ${e.defenderTotal}${e.halvings.length ? ` (${e.halvings.join('; ')})` : ''}`, 1024),
        inline: true,
      },
      { name: 'Odds', value: `${e.ratio} → ${e.baseOdds} → **${e.finalOdds}**`, inline: true },
      { name: 'Shifts', value: clip(e.modifiers.length ? e.modifiers.map((m) => `• ${m}`).join('\n') : 'none', 1024) },
      { name: 'Roll', value: `${e.roll} (roll #${e.rollNumber})`, inline: true },
      { name: 'Result', value: `**${e.result}**: attacker ${att ?? '?'}, defender ${def ?? '?'} (rule ${e.rule})`, inline: true },
    ],
    ...(after ? { footer: { text: clip(footerText(after), 2048) } } : {}),
  };
}

/** The combats of a change as embeds (at most 10), and its lines without the ones the embeds replace. */
export function combatEmbeds(events: GameEvent[], lines: string[], after: StatusView | null): { embeds: APIEmbed[]; lines: string[] } {
  const fights = events.filter((e): e is CombatEvent => e.type === 'combat').slice(0, 10);
  const heads = fights.map((e) => combatHeadline(e));
  return { embeds: fights.map((e) => combatEmbed(e, after)), lines: lines.filter((l) => !heads.some((h) => l.startsWith(h))) };
}

/** A phase's summary (src/app/phase-summary.ts) as an embed in the colour of the side whose phase ended. */
export function summaryEmbed(summary: string[], side: Side | null, after: StatusView | null): APIEmbed {
  const [title = 'Summary', ...rest] = summary;
  return {
    title: clip(title, 256),
    ...(rest.length ? { description: clip(rest.join('\n'), DESCRIPTION_MAX) } : {}),
    color: side ? SIDE_COLOR[side] : NEUTRAL_COLOR,
    ...(after ? { footer: { text: clip(`Now: ${footerText(after)}`, 2048) } } : {}),
  };
}
