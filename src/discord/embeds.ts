// Discord's idiom for the game's state (issue 16): an embed coloured by the side the game waits for,
// with a footer saying the turn, the phase and who must act, and the time that wait began (Discord
// shows an embed's timestamp in each reader's own time zone).
import type { APIEmbed } from 'discord.js';
import type { StatusView } from '../app/game-service.js';
import { sideName } from '../app/game-service.js';
import { sidePhaseWords } from '../app/phase-summary.js';
import type { Side } from '../engine/types.js';
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
