// End to end with the real discord.js client against the fake Discord: every choice of a Combat's
// losses and advance is the owner's (8.5, 8.5.2, 8.7, 8.7.1), made with selects and buttons that answer
// the deciding player privately until Confirm, or typed with `/play decide answer:`. The seed gives the
// Finnish defender of J16 two losses (its default: both units retreat I15 → H15).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buttonLabels, controlId, selectOn, startBotHarness, textOf, type BotHarness } from '../support/bot-harness.js';
import { fakeUser, type BotReply } from '../support/fake-discord.js';

describe('Discord end to end: the owner decides losses, retreat and advance (8.5, 8.7)', () => {
  let h: BotHarness;
  const alice = fakeUser('alice'); // host, Finnish
  const boris = fakeUser('boris'); // Soviet

  beforeEach(async () => {
    h = await startBotHarness({ newSeed: () => 'loss-5' });
  });

  afterEach(async () => {
    await h?.stop();
  });

  /** Where a unit stands now, read from the map view anyone may ask for. */
  async function hexOf(unit: string): Promise<string | undefined> {
    const r = await h.bot.ctx.game.service.mapView({ channelId: h.fake.channelId }, {});
    if (!r.ok) throw new Error(r.error.message);
    const units = (r.view as { units: Record<string, { id: string }[]> }).units;
    return Object.entries(units).find(([, list]) => list.some((c) => c.id === unit))?.[0];
  }

  /** Up to the Finnish loss decision: the Soviet stack attacks J16, the Finns decline Defensive Support. */
  async function toDefenderLosses(): Promise<BotReply> {
    await h.slash(alice, 'game new', { scenario: 'tutorial', side: 'finnish' });
    await h.slash(boris, 'game join', { side: 'soviet' });
    await h.slash(alice, 'game start'); // the Soviet reset phase ends by itself
    await h.slash(boris, 'play move', { unit: '3/1/609', to: 'K16' });
    await h.slash(boris, 'play move', { unit: '1/1/609+2/1/609+MG/1/609', to: 'K16' });
    await h.slash(boris, 'play end');
    // The odds first, privately, with Attack and Cancel (8.2–8.4); Cancel changes nothing.
    let r = await h.slash(boris, 'play combat', { target: 'J16' });
    expect(r[0]!.ephemeral).toBe(true);
    expect(r[0]!.content).toMatch(/Odds before you attack J16/);
    // The odds as a compact embed: final odds and column, and each CRT result's chance.
    const odds = r[0]!.embeds[0]!;
    const field = (name: string) => odds.fields.find((f: { name: string }) => f.name.startsWith(name))?.value as string;
    expect(field('Odds')).toMatch(/→ \*\*1:2\*\* \(column 1:2\)/);
    expect(field('CRT results')).toMatch(/\*\*\d+\/\d+\*\* \d+%/);
    const cancelled = await h.click(boris, r[0]!.message!, controlId(r[0]!.message, 'Cancel'));
    expect(cancelled[0]!.content).toMatch(/Cancelled: nothing was declared/);
    // Not the defender's to declare.
    const wrong = await h.click(alice, r[0]!.message!, controlId(r[0]!.message, 'Attack J16'));
    expect(wrong[0]!.ephemeral).toBe(true);
    expect(wrong[0]!.content).toMatch(/Soviet side's turn/);
    r = await h.click(boris, r[0]!.message!, controlId(r[0]!.message, 'Attack J16'));
    expect(r[0]!.ephemeral).toBe(false);
    const ask = r.find((x) => buttonLabels(x.message).includes('Accept: no defensive Support'))!;
    r = await h.click(alice, ask.message!, controlId(ask.message, 'Accept: no defensive Support'));
    const losses = [...r].reverse().find((x) => buttonLabels(x.message).some((l) => l.startsWith('Accept: 1/1/JR16 retreats')));
    expect(losses).toBeDefined();
    return losses!;
  }

  it('8.5, 8.5.2: the defender splits two losses into a step and a retreat to a hex it picks; 8.7: the attacker picks who advances', async () => {
    const losses = await toDefenderLosses();
    // Which units lose steps: a select of step slots; the rest of the losses is the retreat.
    const steps = selectOn(losses.message, /choose who loses steps/);
    expect(steps.labels).toContain('MG/1/JR16#1 loses a step');
    // The attacker cannot build the defender's answer.
    let r = await h.select(boris, losses.message!, steps.customId, [steps.values[steps.labels.indexOf('MG/1/JR16#1 loses a step')]!]);
    expect(r[0]!.ephemeral).toBe(true);
    expect(r[0]!.content).toMatch(/Finnish side's decision/);

    r = await h.select(alice, losses.message!, steps.customId, [steps.values[steps.labels.indexOf('MG/1/JR16#1 loses a step')]!]);
    expect(r[0]!.ephemeral).toBe(true); // only the deciding player sees the builder
    expect(r[0]!.content).toMatch(/MG\/1\/JR16#1 −1 step; 1\/1\/JR16, MG\/1\/JR16#1 retreat 1 hex\(es\): \(path not chosen yet\)/);
    // The retreat hex, from the hexes the engine opens by the retreat priorities (8.5.2): J15, not the default I15.
    const hex = selectOn(r[0]!.message, /Retreat hex 1 of 1/);
    expect(hex.values).toEqual(['I15', 'I16', 'J15']);
    r = await h.select(alice, r[0]!.message!, hex.customId, ['J15']);
    const confirm = buttonLabels(r[0]!.message).find((l) => l.startsWith('Confirm'))!;
    expect(confirm).toBe('Confirm: MG/1/JR16#1 −1 step; 1/1/JR16, MG/1/JR16#1 retreat 1 hex(es): J15');
    r = await h.click(alice, r[0]!.message!, controlId(r[0]!.message, confirm));
    expect(r[0]!.ephemeral).toBe(false);
    expect(r.map((x) => x.content).join('\n')).toMatch(/MG\/1\/JR16#1.*J15|J15.*MG\/1\/JR16#1/s);

    // The attacker's advance: who advances is a select; the path starts in the vacated hex.
    const adv = [...r].reverse().find((x) => buttonLabels(x.message).some((l) => l.startsWith('Advance:')))!;
    expect(adv.content).toContain(`<@${boris.id}>`);
    const who = selectOn(adv.message, /choose who advances into J16/);
    r = await h.select(boris, adv.message!, who.customId, [who.values[who.labels.findIndex((l) => l.startsWith('3/1/609'))]!]);
    expect(r[0]!.content).toMatch(/3\/1\/609 advances J16/);
    r = await h.click(boris, r[0]!.message!, controlId(r[0]!.message, 'Confirm: 3/1/609 advances J16'));
    expect(r[0]!.ephemeral).toBe(false);
    expect(await hexOf('3/1/609')).toBe('J16');
    // The others may still advance on their own (8.7.1): they decline, the default now.
    r = await h.click(boris, r[0]!.message!, controlId(r[0]!.message, 'Advance: no further advance'));
    expect(r[0]!.ephemeral).toBe(false);
    const status = textOf((await h.slash(alice, 'game status'))[0]);
    expect(status).toMatch(/Waiting for the Soviet side \(boris\): Combat Phase/);
    expect(await hexOf('1/1/JR16')).toBe('J15');
  });

  it('8.5.2, 8.7.1: the defender retreats two hexes along a path it picks; the attacker types who advances and where', async () => {
    const losses = await toDefenderLosses();
    let r = await h.click(alice, losses.message!, controlId(losses.message, 'Retreat 2 hex(es), no steps: choose the path'));
    let hex = selectOn(r[0]!.message, /Retreat hex 1 of 2/);
    expect(hex.values).toEqual(['I15', 'I16', 'J15']);
    r = await h.select(alice, r[0]!.message!, hex.customId, ['J15']);
    hex = selectOn(r[0]!.message, /Retreat hex 2 of 2/);
    expect(hex.values).toEqual(['I14', 'J14']);
    r = await h.select(alice, r[0]!.message!, hex.customId, ['I14']);
    r = await h.click(
      alice,
      r[0]!.message!,
      controlId(r[0]!.message, 'Confirm: no step losses; 1/1/JR16, MG/1/JR16#1 retreat 2 hex(es): J15 → I14'),
    );
    expect(r[0]!.ephemeral).toBe(false);

    // The attacker answers in words: a unit the decision does not list is refused with the rule.
    r = await h.slash(boris, 'play decide', { answer: 'Mtr/609 J16' });
    expect(r[0]!.ephemeral).toBe(true);
    expect(r[0]!.content).toMatch(/may not advance.*rule 8\.7/s);
    const suggestions = await h.fake.autocomplete(boris, 'play decide', { answer: '' }, 'answer').choices();
    expect(suggestions[0]!.value).toBe('default');
    r = await h.slash(boris, 'play decide', { answer: '3/1/609 J16 J15' });
    expect(r[0]!.ephemeral).toBe(false);
    expect(r[0]!.content).toMatch(/advance/i);
    expect(await hexOf('3/1/609')).toBe('J15');
    expect(await hexOf('1/1/JR16')).toBe('I14');
  });
});

describe('Discord end to end: Defensive Support picks its target hex (10.3.2, 10.3.4)', () => {
  let h: BotHarness;
  const alice = fakeUser('alice'); // host, Finnish
  const boris = fakeUser('boris'); // Soviet

  beforeEach(async () => {
    h = await startBotHarness({ newSeed: () => 'ds' });
  });

  afterEach(async () => {
    await h?.stop();
  });

  it('10.3.4: the defender names a mortar, then which of the two attacking hexes it fires on', async () => {
    await h.slash(alice, 'game new', { scenario: 'tutorial', side: 'finnish' });
    await h.slash(boris, 'game join', { side: 'soviet' });
    await h.slash(alice, 'game start'); // the Soviet reset phase ends by itself
    await h.slash(boris, 'play move', { unit: '1/1/609', to: 'K16' });
    await h.slash(boris, 'play move', { unit: '2/1/609', to: 'K15' });
    await h.slash(boris, 'play end');
    let r = await h.slash(boris, 'play combat', { target: 'J16', attackers: '1/1/609+2/1/609', confirm: true });
    const ask = r.find((x) => buttonLabels(x.message).includes('Accept: no defensive Support'))!;
    const units = selectOn(ask.message, /units to give Defensive Support/);
    const mortar = units.labels.findIndex((l) => l.startsWith('Mtr/JR16#1'));
    expect(units.labels[mortar]).toBe('Mtr/JR16#1 (fires on K15/K16)');
    r = await h.select(alice, ask.message!, units.customId, [units.values[mortar]!]);
    expect(r[0]!.ephemeral).toBe(true);
    const hex = selectOn(r[0]!.message, /Which attacking hex/);
    expect(hex.values).toEqual(['K15', 'K16']);
    r = await h.select(alice, r[0]!.message!, hex.customId, ['K15']);
    r = await h.click(alice, r[0]!.message!, controlId(r[0]!.message, 'Confirm: Defensive Support by Mtr/JR16#1 on K15'));
    expect(r[0]!.ephemeral).toBe(false);
    expect(r.map((x) => x.content).join('\n')).toMatch(/Mtr\/JR16#1[^\n]*K15/);
  });
});

describe('Discord end to end: standing answers (fewer hand-overs)', () => {
  let h: BotHarness;
  const alice = fakeUser('alice'); // host, Finnish
  const boris = fakeUser('boris'); // Soviet

  beforeEach(async () => {
    h = await startBotHarness({ newSeed: () => 'loss-5' });
  });

  afterEach(async () => {
    await h?.stop();
  });

  it('10.3.2, 8.5: the defender never declares Defensive Support and takes step-free losses by default, without being asked', async () => {
    await h.slash(alice, 'game new', { scenario: 'tutorial', side: 'finnish' });
    await h.slash(boris, 'game join', { side: 'soviet' });
    let r = await h.slash(alice, 'game standing', { support: 'none', losses: 'default-if-no-step' });
    expect(r[0]!.ephemeral).toBe(true);
    expect(r[0]!.content).toMatch(/never declare Defensive Support \(10\.3\.2\); accept the default combat losses when they cost no step/);
    // Only seated players have standing answers.
    r = await h.slash(fakeUser('carol'), 'game standing', { support: 'none' });
    expect(r[0]!.content).toMatch(/Only seated players/);
    await h.slash(alice, 'game start'); // the Soviet reset phase ends by itself
    await h.slash(boris, 'play move', { unit: '3/1/609', to: 'K16' });
    await h.slash(boris, 'play move', { unit: '1/1/609+2/1/609+MG/1/609', to: 'K16' });
    await h.slash(boris, 'play end');
    r = await h.slash(boris, 'play combat', { target: 'J16', confirm: true });
    const text = r.map((x) => x.content).join('\n');
    // No question to the Finns: the CRT is rolled at once, the retreat-only default is taken for them.
    expect(text).toMatch(/Roll #\d+/);
    expect(text).toMatch(/alice's standing answer: never declare Defensive Support/);
    expect(text).toMatch(/alice's standing answer: accept the default losses when they cost no step/);
    expect(text).toMatch(/1\/1\/JR16 retreats J16→I15→H15/);
    expect(r.some((x) => x.content.includes(`<@${alice.id}>`))).toBe(false);
    const status = textOf((await h.slash(boris, 'game status'))[0]);
    expect(status).toMatch(/Waiting for the Soviet side \(boris\): advance after combat decision \(8\.7\)/);
  });
});
