// End to end with the real discord.js client against the fake Discord: Friction Fire (optional 20.1,
// switched on at /game new). A Soviet move within reach of a Finnish MG waits for the Finnish player,
// whose controls fire in a hex of the path or let the stack pass (the default); the Soviet player then
// halts (the default) or takes the steps.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buttonLabels, controlId, selectOn, startBotHarness, type BotHarness } from '../support/bot-harness.js';
import { fakeUser, type BotReply } from '../support/fake-discord.js';
import type { GameDoc } from '../../src/app/game-doc.js';

const S1 = '1/1/609';
const MG = 'MG/1/JR16#1';

describe('Discord end to end: Friction Fire (20.1)', () => {
  let h: BotHarness;
  const alice = fakeUser('alice'); // host, Finnish
  const boris = fakeUser('boris'); // Soviet

  beforeEach(async () => {
    h = await startBotHarness({ newSeed: () => 'friction-6' }); // its first roll hits: 1 step
  });

  afterEach(async () => {
    await h?.stop();
  });

  /** A tutorial with 20.1 on, in the Soviet Action Phase, the board cut down to 1/1/609 and a Finnish MG. */
  async function setUp(more: [string, string][] = []): Promise<void> {
    const made = await h.slash(alice, 'game new', { scenario: 'tutorial', side: 'finnish', rules: '20.1:on' });
    // The briefing (an embed at /game new) names the option in force.
    expect(JSON.stringify(made.map((r) => [r.content, r.embeds]))).toMatch(/Friction Fire/);
    await h.slash(boris, 'game join', { side: 'soviet' });
    await h.slash(alice, 'game start'); // the Soviet reset phase ends by itself
    const svc = h.bot.ctx.game.service;
    const st = await svc.status({ channelId: h.fake.channelId });
    if (!st.ok) throw new Error(st.error.message);
    const stored = (await h.bot.store.load(st.gameId))!;
    const doc = stored.doc as GameDoc;
    for (const u of Object.values(doc.state!.units)) if (u.id !== S1) Object.assign(u, { location: 'eliminated', hex: null });
    Object.assign(doc.state!.units[S1]!, { location: 'map', hex: 'M16', stepsLeft: 2, flags: {} });
    doc.state!.units[MG] = { id: MG, side: 'finnish', location: 'map', hex: 'M12', stepsLeft: 2, flags: {} };
    for (const [id, hex] of more) Object.assign(doc.state!.units[id]!, { location: 'map', hex, stepsLeft: 2, flags: {} });
    await h.bot.store.save(st.gameId, doc, stored.version);
  }

  const find = (rs: BotReply[], label: RegExp) => [...rs].reverse().find((r) => buttonLabels(r.message).some((l) => label.test(l)));

  it('the Finnish player fires in a hex of the path; the Soviet player halts or takes the steps', { timeout: 60_000 }, async () => {
    await setUp();
    let r = await h.slash(boris, 'play move', { unit: S1, to: 'M14' });
    const ask = find(r, /^Let it pass \(default\)$/);
    expect(ask).toBeDefined();
    expect(ask!.content).toMatch(/Friction Fire/);
    const fire = buttonLabels(ask!.message).find((l) => l.startsWith('Fire in M14'))!;
    expect(fire).toMatch(/MG\/1\/JR16#1 \+6/); // RAS 4, frozen lake +2 against Soviets, no DRM 1
    // Not the mover's to answer.
    const wrong = await h.click(boris, ask!.message!, controlId(ask!.message, fire));
    expect(wrong[0]!.ephemeral).toBe(true);
    r = await h.click(alice, ask!.message!, controlId(ask!.message, fire));
    const text = r.map((x) => x.content).join('\n');
    expect(text).toMatch(/Friction Fire by MG\/1\/JR16#1 on the stack in M14/);
    expect(text).toMatch(/total 15: 1 step or halt/);
    const halt = find(r, /^Halt in M14 \(default\)$/)!;
    expect(buttonLabels(halt.message)).toContain('Take the step(s): 1/1/609 −1 step');
    r = await h.click(boris, halt.message!, controlId(halt.message, 'Halt in M14 (default)'));
    expect(r.map((x) => x.content).join('\n')).toMatch(/halt in M14 under Friction Fire/);
    const st = await h.bot.ctx.game.service.status({ channelId: h.fake.channelId });
    expect(st.ok && st.status.mustAct?.side).toBe('soviet');
    expect(h.fake.schemaErrors).toEqual([]);
  });

  it('letting the stack pass is one click, and the move is made', { timeout: 60_000 }, async () => {
    await setUp();
    const r = await h.slash(boris, 'play move', { unit: S1, to: 'M14' });
    const ask = find(r, /^Let it pass \(default\)$/)!;
    const passed = await h.click(alice, ask.message!, controlId(ask.message, 'Let it pass (default)'));
    expect(passed.map((x) => x.content).join('\n')).toMatch(/No Friction Fire: 1\/1\/609 move on/);
  });

  it('fires with some of the units offered, from a select; picks in two hexes are refused', { timeout: 60_000 }, async () => {
    await setUp([['1/1/JR16', 'M12']]); // a company with the MG: both reach M14
    const r = await h.slash(boris, 'play move', { unit: S1, to: 'M14' });
    const ask = find(r, /^Let it pass \(default\)$/)!;
    const some = selectOn(ask.message, /fire with some of them/);
    expect(some.values).toEqual(expect.arrayContaining(['M14|1/1/JR16', 'M14|MG/1/JR16#1', 'N15|MG/1/JR16#1']));
    const mixed = await h.select(alice, ask.message!, some.customId, ['M14|1/1/JR16', 'N15|MG/1/JR16#1']);
    expect(mixed[0]!.ephemeral).toBe(true);
    expect(mixed[0]!.content).toMatch(/fired in one hex of the path/);
    const fired = await h.select(alice, ask.message!, some.customId, ['M14|1/1/JR16']);
    const text = fired.map((x) => x.content).join('\n');
    expect(text).toMatch(/Friction Fire by 1\/1\/JR16 on the stack in M14/);
    expect(text).not.toMatch(/Friction Fire by MG\/1\/JR16#1/);
    expect(h.fake.schemaErrors).toEqual([]);
  });
});
