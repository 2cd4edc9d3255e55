// Discord's idiom for the game's state (issue 16): an embed coloured by the side the game waits for,
// with a footer saying the turn, the phase and who must act, and the time that wait began (Discord
// shows an embed's timestamp in each reader's own time zone).
import type { APIEmbed } from 'discord.js';
import type { StatusView } from '../app/game-service.js';
import { sideName } from '../app/game-service.js';
import { sidePhaseWords } from '../app/phase-summary.js';
import type { GameEvent, PendingDecision, Side } from '../engine/types.js';
import { pendingLabel, sideLabel } from '../engine/labels.js';
import { combatHeadline, gameOverWords, vpBySide } from '../app/narration.js';
import { answerHelp } from '../app/decision-answers.js';
import type { BriefingSections } from '../app/briefing.js';
import { clip } from './replies.js';

/** The sides' colours: the blue and red of their counters; grey when no side is awaited. */
export const SIDE_COLOR: Record<Side, number> = { finnish: 0x2b6cb0, soviet: 0xb3261e };
export const NEUTRAL_COLOR = 0x6b7280;

/** Discord's limits on an embed (https://discord.com/developers/docs/resources/message#embed-object-embed-limits). */
export const EMBED_LIMITS = {
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  author: 256,
  /** Title, description, field names and values, footer and author together, over all of a message's embeds. */
  total: 6000,
} as const;
const DESCRIPTION_MAX = EMBED_LIMITS.description;

/** The characters of an embed that count toward Discord's 6,000 (EMBED_LIMITS.total). */
export function embedChars(e: APIEmbed): number {
  return (
    (e.title?.length ?? 0) +
    (e.description?.length ?? 0) +
    (e.footer?.text.length ?? 0) +
    (e.author?.name.length ?? 0) +
    (e.fields ?? []).reduce((t, f) => t + f.name.length + f.value.length, 0)
  );
}

/** Every way an embed breaks Discord's limits (empty when it fits). */
export function embedProblems(e: APIEmbed): string[] {
  const out: string[] = [];
  const over = (what: string, n: number, max: number) => n > max && out.push(`${what}: ${n} characters (max ${max})`);
  over('title', e.title?.length ?? 0, EMBED_LIMITS.title);
  over('description', e.description?.length ?? 0, EMBED_LIMITS.description);
  over('footer', e.footer?.text.length ?? 0, EMBED_LIMITS.footer);
  if ((e.fields?.length ?? 0) > EMBED_LIMITS.fields) out.push(`${e.fields!.length} fields (max ${EMBED_LIMITS.fields})`);
  for (const [i, f] of (e.fields ?? []).entries()) {
    over(`field ${i} name`, f.name.length, EMBED_LIMITS.fieldName);
    over(`field ${i} value`, f.value.length, EMBED_LIMITS.fieldValue);
    if (!f.name.trim() || !f.value.trim()) out.push(`field ${i}: an empty name or value`);
  }
  over('embed', embedChars(e), EMBED_LIMITS.total);
  return out;
}

/**
 * The lines of text an embed shows below its title: the description's lines, and for the fields each
 * row's tallest value (up to three inline fields share a row, as Discord lays them out on a wide
 * screen; on a phone they stack, so `stacked` counts every field on its own). Field names, the title
 * and the footer are headings, not counted.
 */
export function visibleLines(e: APIEmbed, stacked = false): number {
  const lines = (t: string | undefined) => (t ? t.split('\n').length : 0);
  let n = lines(e.description);
  let row: number[] = [];
  const flush = () => {
    if (row.length) n += Math.max(...row);
    row = [];
  };
  for (const f of e.fields ?? []) {
    if (f.inline && !stacked) {
      row.push(lines(f.value));
      if (row.length === 3) flush();
    } else {
      flush();
      n += lines(f.value);
    }
  }
  flush();
  return n;
}

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

type VictoryPoints = Extract<GameEvent, { type: 'victoryPoints' }>;
const SIDES: readonly Side[] = ['finnish', 'soviet'];

/** "Tolvajärvi village: Finnish 5 · Soviet 35", one line per objective that scored (17.0). */
function objectiveTable(vp: VictoryPoints): string {
  const rows = new Map<string, { name: string; by: Partial<Record<Side, number>> }>();
  for (const a of vp.awards) {
    if (!a.vp) continue;
    const row = rows.get(a.objective) ?? { name: a.name, by: {} };
    row.by[a.side] = (row.by[a.side] ?? 0) + a.vp;
    rows.set(a.objective, row);
  }
  if (!rows.size) return 'No objective scored.';
  const lines = [...rows.values()].map(
    (r) =>
      `${r.name}: ${SIDES.filter((s) => r.by[s])
        .map((s) => `${sideLabel(s)} ${r.by[s]}`)
        .join(' · ')}`,
  );
  return clipLines(lines, EMBED_LIMITS.fieldValue);
}

/** Lines joined up to `max` characters, the rest counted ("… 3 more"), never a line cut in half. */
function clipLines(lines: readonly string[], max: number): string {
  const out: string[] = [];
  let used = 0;
  for (const [i, l] of lines.entries()) {
    const more = `… ${lines.length - i} more`;
    if (used + l.length + 1 + more.length + 1 > max && i < lines.length - 1) {
      out.push(more);
      break;
    }
    out.push(l);
    used += l.length + 1;
  }
  return clip(out.join('\n'), max);
}

/**
 * The end of a game as one embed (issue 46): the result, each side's line (players, VP, winner), the
 * Victory Points by objective and by source (when the game ended at a Victory Check, 17.0), the turn,
 * and the dice seed revealed with how to check it (`/game verify`). `events` are the last change's (its
 * `victoryPoints` event has the table); the seed is the one the status carries once the game is over.
 */
export function gameOverEmbed(status: StatusView, events: readonly GameEvent[]): APIEmbed {
  const seed = status.seed;
  const result = status.result ?? { reason: 'the game is over', winner: null };
  const vp = events.filter((e): e is VictoryPoints => e.type === 'victoryPoints').at(-1) ?? null;
  const bySide = vp ? vpBySide(vp) : null;
  const totals: Partial<Record<Side, number>> = bySide ? Object.fromEntries(bySide.map((s) => [s.side, s.total])) : (status.vp ?? {});
  const fields: NonNullable<APIEmbed['fields']> = SIDES.map((side) => {
    const players = status.seats[side].map((u) => `<@${u}>`).join(', ') || 'no player';
    const vpText = totals[side] !== undefined ? `${totals[side]} VP` : 'no VP track';
    return {
      name: `${result.winner === side ? '🏆 ' : ''}${sideLabel(side)}${result.winner === side ? ': winner' : ''}`,
      value: clip(`${players} · ${vpText}`, EMBED_LIMITS.fieldValue),
      inline: true,
    };
  });
  if (vp && bySide) {
    fields.push({ name: `Victory Points by objective (17.0, turn ${vp.turn})`, value: objectiveTable(vp) });
    fields.push({
      name: 'Victory Points by source',
      value: bySide
        .map((s) => {
          const objectives = s.objectives.reduce((t, o) => t + o.vp, 0);
          return `${sideLabel(s.side)} ${s.total}: objectives ${objectives}${s.before ? `, earlier on the track ${s.before} (armor commitment 12.1.4, bid 17.0.2)` : ''}`;
        })
        .join('\n'),
    });
  }
  const commitment = status.commitment ? `SHA-256 of the seed must equal the commitment \`${status.commitment}\`.` : '';
  fields.push({
    name: 'Dice',
    value: clip(
      seed
        ? `Seed revealed: \`${seed}\`\n${commitment}\nRecompute every roll: \`/game verify game:${status.gameId}\``
        : `Recompute every roll: \`/game verify game:${status.gameId}\``,
      EMBED_LIMITS.fieldValue,
    ),
  });
  return {
    title: clip(result.winner ? `🏁 Game over: ${sideLabel(result.winner)} victory` : '🏁 Game over', EMBED_LIMITS.title),
    description: clip(`${gameOverWords(result)}${status.turn !== null ? ` Ended on turn ${status.turn}.` : ''}`, DESCRIPTION_MAX),
    color: result.winner ? SIDE_COLOR[result.winner] : NEUTRAL_COLOR,
    fields,
    footer: { text: clip(`${footerText(status)} · record: /game export game:${status.gameId}`, EMBED_LIMITS.footer) },
  };
}

/** At most this many lines of text in a compact embed (issue 46: a phone screen, no wall of text). */
export const COMPACT_LINES = 10;

/**
 * A pending decision as a compact embed in the deciding side's colour: what is asked and under which
 * rule, the default in full (the Accept button may shorten it, never this), and how to answer otherwise
 * with `/play decide` (the first forms of answerHelp; the rest are in the command's own help).
 */
export function decisionEmbed(status: StatusView, pending: PendingDecision): APIEmbed {
  const help = answerHelp(pending).slice(0, 3);
  return {
    title: clip(`${sideLabel(pending.side)} to decide: ${pendingLabel(pending.type)}`, EMBED_LIMITS.title),
    color: SIDE_COLOR[pending.side],
    fields: [
      {
        name: 'Default (the green button)',
        value: clip(
          pending.type === 'placeLeader' ? `${pending.unit} to ${pending.options[0] ?? 'the nearest friendly unit'}` : pending.defaultText,
          EMBED_LIMITS.fieldValue,
        ),
      },
      {
        name: 'Or answer with /play decide',
        value: clip(
          help.map((h) => `• \`${h.split(':')[0]!.trim()}\`${h.includes(':') ? `: ${h.slice(h.indexOf(':') + 1).trim()}` : ''}`).join('\n'),
          EMBED_LIMITS.fieldValue,
        ),
      },
    ],
    footer: { text: clip(footerText(status), EMBED_LIMITS.footer) },
  };
}

/** The scenario briefing (src/app/briefing.ts) as a compact embed: length, victory, objectives, rules. */
export function briefingEmbed(b: BriefingSections): APIEmbed {
  return {
    title: clip(b.title, EMBED_LIMITS.title),
    ...(b.note ? { description: clip(b.note, DESCRIPTION_MAX) } : {}),
    color: NEUTRAL_COLOR,
    fields: b.sections.map((s) => ({
      name: clip(s.name, EMBED_LIMITS.fieldName),
      value: clip(s.value, EMBED_LIMITS.fieldValue),
      ...(s.inline ? { inline: true } : {}),
    })),
    footer: { text: 'Seats: the buttons below or /game join · the host starts with /game start' },
  };
}
