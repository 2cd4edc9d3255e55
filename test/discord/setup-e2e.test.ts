// End to end with the real discord.js client against the fake Discord: the Campaign's free set-up
// (1.2: three Finnish companies "within 4 of O19") is the owner's to place, from the lobby, with
// autocomplete of the units and of the hexes open to each; a bad hex or another side's unit is refused
// citing the rule; the game starts with the units where their owner put them, and the record carries
// the placements so verify replays the same set-up. The same through the console.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { controlId, startBotHarness, textOf, type BotHarness } from '../support/bot-harness.js';
import { fakeUser } from '../support/fake-discord.js';
import { consoleSession } from '../console/session.js';

describe('free set-up (1.2)', () => {
  let h: BotHarness;
  const alice = fakeUser('alice'); // host, Finnish
  const boris = fakeUser('boris'); // Soviet

  beforeEach(async () => {
    h = await startBotHarness();
  });

  afterEach(async () => {
    await h?.stop();
  });

  async function hexOf(unit: string): Promise<string | undefined> {
    const r = await h.bot.ctx.game.service.mapView({ channelId: h.fake.channelId }, {});
    if (!r.ok) throw new Error(r.error.message);
    const units = (r.view as { units: Record<string, { id: string }[]> }).units;
    return Object.entries(units).find(([, list]) => list.some((c) => c.id === unit))?.[0];
  }

  it('1.2: the Finnish player places a company in the lobby; the game starts with it there; verify replays it', async () => {
    await h.slash(alice, 'game new', { scenario: 'campaign', side: 'finnish' });
    await h.slash(boris, 'game join', { side: 'soviet' });
    let r = await h.slash(alice, 'game status');
    expect(textOf(r[0])).toMatch(/Free set-up \(1\.2\)/);
    expect(textOf(r[0])).toMatch(/• Finnish 1\/1\/JR16: within 4 of O19 → [A-Z]\d+ \(engine\)/);

    const units = await h.fake.autocomplete(alice, 'game place', { unit: '' }, 'unit').choices();
    expect(units.map((c) => c.value)).toEqual(['1/1/JR16', '2/1/JR16', '3/1/JR16']);
    const hexes = await h.fake.autocomplete(alice, 'game place', { unit: '1/1/jr16', hex: '' }, 'hex').choices();
    expect(hexes[0]!.value).toBe('O19');
    const chosen = String(hexes[hexes.length - 1]!.value);
    expect(chosen).not.toBe('O19');

    r = await h.slash(alice, 'game place', { unit: '1/1/jr16', hex: chosen.toLowerCase() });
    expect(r[0]!.ephemeral).toBe(false);
    expect(r[0]!.content).toContain(`1/1/JR16 will set up in ${chosen} (within 4 of O19, 1.2).`);
    expect(r[0]!.content).toMatch(new RegExp(`1/1/JR16: within 4 of O19 → ${chosen} \\(chosen\\)`));
    // Outside the area, and another side's unit: refused, citing 1.2; nothing changes.
    r = await h.slash(alice, 'game place', { unit: '2/1/JR16', hex: 'A1' });
    expect(r[0]!.ephemeral).toBe(true);
    expect(r[0]!.content).toMatch(/2\/1\/JR16 sets up within 4 hexes of O19, not in A1.*rule 1\.2/s);
    r = await h.slash(boris, 'game place', { unit: '2/1/JR16', hex: 'O19' });
    expect(r[0]!.ephemeral).toBe(true);
    expect(r[0]!.content).toMatch(/2\/1\/JR16 is a Finnish unit: its owner places it/);

    await h.slash(alice, 'game start');
    expect(await hexOf('1/1/JR16')).toBe(chosen);
    r = await h.slash(alice, 'game place', { unit: '2/1/JR16', hex: 'O19' });
    expect(r[0]!.content).toMatch(/Set-up is over/);

    // The record carries the placements: after the end, verify replays the same set-up.
    const abort = await h.slash(alice, 'game abort', { reason: 'test' });
    await h.click(alice, abort[0]!.message!, controlId(abort[0]!.message, 'Abort the game'));
    const exported = await h.bot.ctx.game.service.exportRecord({ gameId: (await lastGameId(h))! });
    expect(exported.ok && exported.record.placements).toEqual({ '1/1/JR16': chosen });
    const verified = await h.bot.ctx.game.service.verify({ gameId: (await lastGameId(h))! });
    expect(verified.ok).toBe(true);
  });

  it('1.2: the console places with `game place`, lists with `game place`, and refuses a bad hex', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hexref-place-'));
    try {
      const out = await consoleSession(
        [
          'game new campaign finnish',
          'as Boris',
          'game join soviet',
          'as you',
          'game place',
          'game place 3/1/JR16 zz',
          'game place 3/1/JR16 O19',
          'game place 3/1/JR16',
          'game place 2/1/JR16 O18',
          'game start',
          'quit',
        ],
        dir,
      );
      expect(out).toMatch(/Free set-up \(1\.2\)/);
      expect(out).toMatch(/'zz' is not a hex id/);
      expect(out).toMatch(/3\/1\/JR16 will set up in O19/);
      expect(out).toMatch(/3\/1\/JR16 goes back to the engine's placement/);
      expect(out).toMatch(/2\/1\/JR16 will set up in O18/);
      expect(out).toMatch(/The game has started/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The id of the game last played in the fake channel (it left the channel when it ended). */
async function lastGameId(h: BotHarness): Promise<string | undefined> {
  const posts = h.fake.requests.filter((r) => typeof r.body?.content === 'string');
  for (const p of [...posts].reverse()) {
    const m = /game:(g-[0-9a-f]+)/.exec(String(p.body.content));
    if (m) return m[1];
  }
  return undefined;
}
