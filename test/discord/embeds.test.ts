// Compact embeds (issue 46): the game over, the odds preview, decision prompts and the briefing, each
// built from real games (the recorded Campaign and the tutorial game through the service) and checked
// against Discord's published schema and embed limits, and against the compact budget of lines.
import { readFileSync } from 'node:fs';
import type { APIEmbed } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../src/data/load.js';
import { createEngine, type GameEvent, type GameRecord, type PendingDecision, type Side } from '../../src/engine/index.js';
import type { OddsPreview } from '../../src/engine/combat/preview.js';
import type { StatusView } from '../../src/app/game-service.js';
import { DEFAULT_PACE } from '../../src/app/pace.js';
import { briefingLines, briefingSections } from '../../src/app/briefing.js';
import { RULE_OPTIONS } from '../../src/engine/options.js';
import {
  COMPACT_LINES,
  EMBED_LIMITS,
  briefingEmbed,
  decisionEmbed,
  embedChars,
  embedProblems,
  gameOverEmbed,
  visibleLines,
} from '../../src/discord/embeds.js';
import { oddsEmbed } from '../../src/discord/attack-controls.js';
import { decisionControls } from '../../src/discord/decision-controls.js';
import { withArmorReinforcements } from '../engine/helpers/campaign-bot.js';
import { discordSchemaProblem } from '../support/fake-discord.js';
import { FIN, HOST, SOV, harness, ok } from '../app/helpers.js';

/** The embeds fit Discord's schema (as the fake Discord checks every message) and its embed limits. */
function fits(...embeds: APIEmbed[]): void {
  for (const e of embeds) expect(embedProblems(e), e.title).toEqual([]);
  expect(embeds.reduce((t, e) => t + embedChars(e), 0)).toBeLessThanOrEqual(EMBED_LIMITS.total);
  expect(discordSchemaProblem('POST', '/channels/1/messages', { embeds }, 0)).toBeNull();
}

const text = (e: APIEmbed): string =>
  [e.title, e.description, ...(e.fields ?? []).flatMap((f) => [f.name, f.value]), e.footer?.text].join('\n');

function statusOf(over: Partial<StatusView> = {}): StatusView {
  return {
    gameId: 'g-0123456789',
    channelId: 'c1',
    version: 41,
    status: 'active',
    scenario: 'campaign',
    turn: 3,
    phase: 'action',
    activeSide: 'soviet',
    mustAct: { side: 'soviet', what: 'action', pending: null, since: 0 },
    seats: { finnish: ['111'], soviet: ['222'] },
    host: '111',
    commitment: 'ab'.repeat(32),
    seed: null,
    undoable: null,
    vp: { finnish: 0, soviet: 0 },
    result: null,
    recordLength: 9,
    pace: DEFAULT_PACE,
    clock: null,
    ...over,
  };
}

/** The recorded Campaign replayed: every decision it met, the odds of every fight it declared, its last events. */
function campaign(): { pending: PendingDecision[]; previews: { p: OddsPreview; side: Side }[]; last: GameEvent[] } {
  const ruleset = withArmorReinforcements(loadRuleset());
  const engine = createEngine(ruleset);
  const record = JSON.parse(readFileSync('test/fixtures/records/campaign-bot.json', 'utf8')) as GameRecord;
  let state = engine.setup(record.scenario, { seed: record.seed! });
  const pending: PendingDecision[] = [];
  const previews: { p: OddsPreview; side: Side }[] = [];
  let last: GameEvent[] = [];
  for (const ra of record.actions) {
    const who = engine.whoMustAct(state);
    if (who.pending) pending.push(who.pending);
    if (ra.action.type === 'combat' || ra.action.type === 'assault') {
      const p = engine.previewAction(state, ra.side, ra.action);
      if (p.ok) previews.push({ p: p.preview, side: ra.side });
    }
    const r = engine.apply(state, ra.side, ra.action);
    if (!r.ok) throw new Error(r.violation.message);
    state = r.state;
    last = r.events;
  }
  return { pending, previews, last };
}
const played = campaign();

describe('3.0, 17.0: the game over as an embed (issue 46)', () => {
  it('shows the result, a line per side, the VP by objective and by source, the turn and the seed with /game verify', async () => {
    // The tutorial game played to its end through the service: its last change is what posting gets.
    const record = JSON.parse(readFileSync('examples/records/tutorial-bot.json', 'utf8')) as GameRecord;
    const h = harness({ seed: record.seed! });
    const ref = { gameId: ok(await h.service.createGame({ channelId: 'embed-end', host: HOST, scenario: 'tutorial' })).gameId };
    for (const [who, side] of [
      [FIN, 'finnish'],
      [SOV, 'soviet'],
    ] as const) {
      ok(await h.service.seat(ref, who, { side }));
      ok(await h.service.setStanding(ref, who, { empty: 'stop' }));
    }
    ok(await h.service.start(ref, HOST));
    let done = null;
    for (const ra of record.actions) done = ok(await h.service.act(ref, ra.side === 'finnish' ? FIN : SOV, ra.action, { side: ra.side }));
    expect(done!.events.some((e) => e.type === 'gameOver')).toBe(true);
    const seed = done!.after!.seed;
    expect(seed).toBe(record.seed);
    const e = gameOverEmbed(done!.after!, done!.events);
    fits(e);
    const names = e.fields!.map((f) => f.name);
    expect(e.title).toMatch(/^🏁 Game over/);
    expect(e.description).toMatch(/Game over: .*Ended on turn \d+\./);
    expect(names.filter((n) => /Finnish|Soviet/.test(n))).toHaveLength(2);
    expect(e.fields!.find((f) => f.name.includes('Finnish'))!.value).toMatch(/<@fin> · \d+ VP/);
    expect(names).toContain('Victory Points by source');
    expect(names.some((n) => n.startsWith('Victory Points by objective (17.0'))).toBe(true);
    const dice = e.fields!.find((f) => f.name === 'Dice')!.value;
    expect(dice).toContain(`Seed revealed: \`${record.seed}\``);
    expect(dice).toContain(`/game verify game:${ref.gameId}`);
    expect(dice).toContain(done!.after!.commitment!);
    const vp = done!.events.find((x) => x.type === 'victoryPoints')!;
    if (vp.type !== 'victoryPoints') throw new Error('no VP');
    expect(e.fields!.find((f) => f.name === 'Victory Points by source')!.value).toContain(`Finnish ${vp.totals.finnish}`);
  });

  it('tabulates every objective of the Campaign that scored, one line each, within the limits', () => {
    const vp = played.last.find((x) => x.type === 'victoryPoints');
    if (vp?.type !== 'victoryPoints') throw new Error('the recorded Campaign ends at a Victory Check');
    const status = statusOf({
      status: 'finished',
      turn: 32,
      phase: 'gameOver',
      mustAct: null,
      vp: vp.totals,
      result: { reason: 'the last turn has been played', winner: vp.totals.soviet > vp.totals.finnish ? 'soviet' : 'finnish' },
      seed: 'fuzz-41',
    });
    const e = gameOverEmbed(status, played.last);
    fits(e);
    const table = e.fields!.find((f) => f.name.startsWith('Victory Points by objective'))!.value.split('\n');
    expect(table).toHaveLength(new Set(vp.awards.filter((a) => a.vp).map((a) => a.objective)).size);
    for (const line of table) expect(line).toMatch(/^.+: (Finnish|Soviet) \d+( · Soviet \d+)?$/);
    expect(e.color).toBe(status.result!.winner === 'soviet' ? 0xb3261e : 0x2b6cb0);
  });

  it('a game ended by resignation: no Victory Check table, the VP track and the seed', () => {
    const status = statusOf({
      status: 'finished',
      mustAct: null,
      vp: { finnish: 4, soviet: 0 },
      result: { reason: 'Soviet resigned', winner: 'finnish' },
      seed: 'seed-1',
    });
    const e = gameOverEmbed(status, [{ type: 'gameOver', reason: 'Soviet resigned', winner: 'finnish' }]);
    fits(e);
    expect(e.title).toBe('🏁 Game over: Finnish victory');
    expect(e.fields!.map((f) => f.name)).toEqual(['🏆 Finnish: winner', 'Soviet', 'Dice']);
    expect(e.fields![0]!.value).toBe('<@111> · 4 VP');
  });
});

describe('compact odds previews (8.2–8.4, issue 46)', () => {
  it(`shows every fight of the recorded Campaign in at most ${COMPACT_LINES} lines, every shift and every CRT result kept`, () => {
    expect(played.previews.length).toBeGreaterThan(50);
    for (const { p, side } of played.previews) {
      const e = oddsEmbed(p, side, true);
      fits(e);
      expect(visibleLines(e, true)).toBeLessThanOrEqual(COMPACT_LINES);
      const all = text(e);
      for (const o of p.outcomes) expect(all).toContain(`**${o.result}**`);
      for (const m of p.modifiers)
        expect(all).toContain(
          m
            .replace(/^soviet/, 'Soviet')
            .replace(/^finnish/, 'Finnish')
            .split(':')[0]!,
        );
      expect(all).not.toMatch(/\b(soviet|finnish)\b/);
    }
  });
});

describe('compact decision prompts (issue 46)', () => {
  it(`every decision the Campaign met: at most ${COMPACT_LINES} lines, the default in full, a /play decide hint`, () => {
    expect(new Set(played.pending.map((p) => p.type)).size).toBeGreaterThanOrEqual(5);
    const status = statusOf();
    for (const p of played.pending) {
      const e = decisionEmbed(status, p);
      fits(e);
      expect(visibleLines(e, true)).toBeLessThanOrEqual(COMPACT_LINES);
      if ('defaultText' in p) expect(e.fields![0]!.value).toBe(p.defaultText);
      expect(e.fields![1]!.name).toBe('Or answer with /play decide');
    }
  });

  it('every decision the Campaign met: its buttons and options never cut (a long answer is named, told in full above)', () => {
    for (const p of played.pending) {
      const rows = decisionControls({ gameId: 'g-0123456789', version: 7 }, p);
      const comps = rows.flatMap((r) => r.toJSON().components as Array<{ label?: string; options?: { label: string }[] }>);
      for (const l of comps.flatMap((c) => [...(c.label ? [c.label] : []), ...(c.options ?? []).map((o) => o.label)])) {
        expect(l.length, l).toBeLessThanOrEqual(80);
        expect(l, p.type).not.toContain('…');
      }
    }
  });
});

describe('a compact briefing (issue 15, issue 46)', () => {
  it(`every scenario, as played, shortened and as a first game: at most ${COMPACT_LINES} lines, shorter than the plain text`, () => {
    for (const s of loadRuleset().scenarios) {
      const games: { endTurn?: number; options: Record<string, boolean> }[] = [
        { options: {} },
        { endTurn: (s.turns?.first ?? 1) + 1, options: {} },
        // A first game: what the Getting Started card leaves out is off (src/engine/options.ts).
        { options: Object.fromEntries(RULE_OPTIONS.filter((o) => o.firstGameOff).map((o) => [o.key, false])) },
      ];
      for (const game of games) {
        const e = briefingEmbed(briefingSections(s, game));
        fits(e);
        expect(visibleLines(e, true)).toBeLessThanOrEqual(COMPACT_LINES);
        expect(embedChars(e)).toBeLessThan(briefingLines(s, game).join('\n').length + 100);
        for (const o of s.objectives ?? []) expect(text(e)).toContain(o.name);
      }
    }
  });
});
