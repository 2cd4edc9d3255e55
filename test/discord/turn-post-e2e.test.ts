// Phone-first turn posts (issue 46) and a map that cannot be drawn (issue 45), end to end: the real bot
// against the fake Discord. At a phase end the bot posts up to three zooms of where things happened (each
// within 300 KB), never the whole map (that is `/map whole`); a painter killed or hung while drawing a
// move's map leaves the move saved and says so.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { neighbours } from '../../src/engine/hex.js';
import { createRenderPool, type RenderPool } from '../../src/render-pool.js';
import { startBotHarness, textOf, type BotHarness } from '../support/bot-harness.js';
import { fakeUser, type BotReply } from '../support/fake-discord.js';

const alice = fakeUser('alice'); // host, Finnish
const boris = fakeUser('boris'); // Soviet

const pictures = (r: BotReply[]) => r.flatMap((x) => x.files);

describe('Discord end to end: phone-first turn posts (issue 46)', () => {
  let h: BotHarness;
  beforeEach(async () => {
    h = await startBotHarness();
  });
  afterEach(async () => {
    await h?.stop();
  });

  it(
    'a phase end posts zooms of where things happened, each ≤ 300 KB; a turn end no whole map, which /map whole shows',
    { timeout: 120_000 },
    async () => {
      await h.slash(alice, 'game new', { scenario: 'tutorial', side: 'finnish' });
      await h.slash(boris, 'game join', { side: 'soviet' });
      await h.slash(alice, 'game start'); // the Soviet reset phase ends by itself
      await h.slash(boris, 'play move', { unit: '1/1/609', to: 'M17' });
      let r = await h.slash(boris, 'play end'); // the Soviet action phase
      expect(pictures(r).map((f) => f.name)).toEqual(['action-area.jpg']);
      const area = r.find((x) => x.files.length)!;
      expect(area.content).toMatch(/^Turn \d+: the Soviet combat phase begins\.$/);
      expect(area.raw.body.attachments[0].description).toMatch(/^Around [A-X]\d+$/);
      await h.slash(boris, 'play end'); // the Soviet combat phase: the Finns' turn
      // The Finnish reset phase, unless it ended by itself (nothing to do in it).
      if (/reset/i.test(textOf((await h.slash(alice, 'game status'))[0]))) await h.slash(alice, 'play end');
      // A Finnish move next to the Soviets: the front line the turn's post shows once a new turn begins.
      const v = await h.bot.ctx.game.service.mapView({ channelId: h.fake.channelId }, {});
      const units = (v.ok ? v.view : { units: {} }) as { units: Record<string, { side: string }[]> };
      const soviet = new Set(Object.keys(units.units).filter((hex) => units.units[hex]![0]!.side === 'soviet'));
      let move: { unit: string; to: string } | undefined;
      for (const u of await h.fake.autocomplete(alice, 'play move', { unit: '' }, 'unit').choices()) {
        const unit = String(u.value);
        const hexes = await h.fake.autocomplete(alice, 'play move', { unit, to: '' }, 'to').choices();
        const to = hexes.map((c) => String(c.value)).find((hex) => neighbours(hex).some((n) => soviet.has(n)));
        if (to) {
          move = { unit, to };
          break;
        }
      }
      expect(move).toBeDefined();
      r = await h.slash(alice, 'play move', move!);
      expect(r[0]!.ephemeral).toBe(false);
      await h.slash(alice, 'play end'); // the Finnish action phase
      r = await h.slash(alice, 'play end'); // the Finnish combat phase: the game turn ends
      const post = r.find((x) => x.files.length)!;
      expect(post.content).toMatch(/^Turn \d+: the Soviet \w+ phase begins\. The whole map: `\/map whole`\.$/);
      const files = pictures(r);
      expect(files.length).toBeGreaterThanOrEqual(1);
      expect(files.length).toBeLessThanOrEqual(3);
      for (const [i, f] of files.entries()) {
        expect(f.name).toBe(i ? `action-area-${i + 1}.jpg` : 'action-area.jpg');
        expect(f.data.length).toBeLessThanOrEqual(300_000);
      }
      expect(files.some((f) => /turn-map|whole/.test(f.name))).toBe(false);
      r = await h.slash(boris, 'map whole');
      expect(r[0]!.content).toMatch(/^The whole map, turn \d+/);
      expect(r[0]!.files).toHaveLength(1);
    },
  );
});

describe('Discord end to end: a map painter that dies or hangs (issue 45)', () => {
  let h: BotHarness;
  let pool: RenderPool;
  beforeEach(async () => {
    h = await startBotHarness();
    // The bot's own drawing goes through a real pool of child processes, one this test can kill.
    pool = createRenderPool({ processes: 1, jobTimeoutMs: 8000 });
    h.bot.ctx.game.draw = (view, o = {}) => pool.draw(view, { ...o, format: 'jpeg' });
    await h.slash(alice, 'game new', { scenario: 'tutorial', side: 'finnish' });
    await h.slash(boris, 'game join', { side: 'soviet' });
    await h.slash(alice, 'game start');
    await h.slash(boris, 'map whole'); // the painter is up
    expect(pool.pids()).toHaveLength(1);
  });
  afterEach(async () => {
    await pool?.close();
    await h?.stop();
  });

  /** Where a unit stands now, from the map view anyone may ask for. */
  async function hexOf(unit: string): Promise<string | undefined> {
    const v = await h.bot.ctx.game.service.mapView({ channelId: h.fake.channelId }, {});
    if (!v.ok) throw new Error(v.error.message);
    const units = (v.view as { units: Record<string, { id: string }[]> }).units;
    return Object.entries(units).find(([, list]) => list.some((c) => c.id === unit))?.[0];
  }

  it(
    'killed while drawing a move’s map: the move stands, and the reply says the map could not be drawn',
    { timeout: 120_000 },
    async () => {
      const [pid] = pool.pids();
      process.kill(pid!, 'SIGSTOP'); // the map is surely in its hands when it dies
      const moving = h.slash(boris, 'play move', { unit: '1/1/609', to: 'M17' });
      while (pool.stats().busy === 0) await new Promise((res) => setTimeout(res, 5));
      process.kill(pid!, 'SIGKILL');
      const r = await moving;
      expect(r[0]!.ephemeral).toBe(false);
      expect(textOf(r[0])).toMatch(/move 1\/1\/609 to M17/);
      expect(textOf(r[0])).toMatch(/The map could not be drawn; the move stands/);
      expect(textOf(r[0])).not.toMatch(/Something went wrong/i);
      expect(r[0]!.files).toHaveLength(0);
      expect(await hexOf('1/1/609')).toBe('M17');
      // The next map is drawn by a new painter.
      const next = await h.slash(boris, 'map whole');
      expect(next[0]!.files).toHaveLength(1);
    },
  );

  it(
    'hung while drawing a phase end’s zoom: the phase ends, and the follow-up says the map could not be drawn',
    { timeout: 120_000 },
    async () => {
      await h.slash(boris, 'play move', { unit: '1/1/609', to: 'M17' });
      process.kill(pool.pids()[0]!, 'SIGSTOP'); // hung: the pool's deadline kills it
      const r = await h.slash(boris, 'play end');
      expect(textOf(r[0])).toMatch(/Summary of the Soviet action phase/);
      const follow = r.find((x) => /could not be drawn/.test(x.content))!;
      expect(follow.content).toMatch(/^Turn \d+: the Soviet combat phase begins\.\n\(The map could not be drawn; the move stands/);
      expect(pictures(r)).toHaveLength(0);
      const st = await h.slash(boris, 'game status');
      expect(textOf(st[0])).toMatch(/combat/i);
    },
  );
});
