// /game list and /game away in words: one line per game (where, what, whose turn, how long), and the
// vacation date a player typed.
import { sideName, type GameListing } from '../app/game-service.js';
import { durationWords } from '../app/pace.js';
import { clip } from './replies.js';

const DAY = 86_400_000;
/** The longest vacation /game away takes (a longer absence is a game to hand over: /game seat). */
export const AWAY_MAX_DAYS = 90;

/** The lines of a game list, the player's turns first (the service sorted them), within one message. */
export function gameListLines(games: GameListing[], opts: { server: boolean; now: number }): string[] {
  if (!games.length) return [opts.server ? 'No active games on this server.' : 'You have no active games here. `/game new` starts one.'];
  const lines = [opts.server ? `Active games on this server (${games.length}):` : `Your games (${games.length}):`];
  for (const g of games) {
    const where = g.guildId ? `https://discord.com/channels/${g.guildId}/${g.channelId}` : `<#${g.channelId}>`;
    const waiting = g.mustAct?.since != null ? ` for ${durationWords(opts.now - g.mustAct.since)}` : '';
    const whose =
      g.status === 'lobby'
        ? 'in the lobby (seats open)'
        : g.yourTurn
          ? `**your turn**${waiting}`
          : g.mustAct?.side
            ? `waiting for the ${sideName(g.mustAct.side)} side${waiting}`
            : 'active';
    const turn = g.turn !== null ? `, turn ${g.turn}` : '';
    const sides = g.sides.length ? ` · you play ${g.sides.map(sideName).join(' and ')}` : '';
    lines.push(`${g.yourTurn ? '⏰' : '•'} ${where} ${g.scenario}${turn}: ${whose}${sides} (${g.gameId})`);
  }
  return clip(lines.join('\n')).split('\n');
}

/**
 * `/game away until:` as typed: a date (YYYY-MM-DD, the end of that day in UTC), a number of days, or
 * "back". The epoch ms the absence ends, null for back, or a message saying what is wrong.
 */
export function parseAway(text: string, now: number): number | null | string {
  const t = text.trim().toLowerCase();
  if (t === 'back' || t === 'none' || t === '0') return null;
  let until: number;
  const days = /^(\d{1,3})\s*d?(ays?)?$/.exec(t);
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (days) until = now + Number(days[1]) * DAY;
  else if (date) {
    until = Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3]) + 1);
    const d = new Date(until - DAY);
    if (d.getUTCFullYear() !== Number(date[1]) || d.getUTCMonth() !== Number(date[2]) - 1 || d.getUTCDate() !== Number(date[3]))
      return `'${text.slice(0, 20)}' is not a date.`;
  } else return `'${text.slice(0, 20)}' is neither a date (YYYY-MM-DD) nor a number of days.`;
  if (until <= now) return 'That date has passed: give a day from today on.';
  if (until - now > AWAY_MAX_DAYS * DAY)
    return `An absence can be at most ${AWAY_MAX_DAYS} days; for longer, the host can hand your seat to someone else.`;
  return until;
}
