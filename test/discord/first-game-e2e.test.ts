// End to end (issue 15): /game new first_game:true plays the Getting Started card's first game (the rules
// it leaves out are named in the briefing and the status), and rule options a game cannot have are
// refused at /game new with the reason, creating nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBotHarness, textOf, type BotHarness } from '../support/bot-harness.js';
import { fakeUser } from '../support/fake-discord.js';

describe('Discord end to end: the first game and rule options (issue 15)', () => {
  let h: BotHarness;
  const alice = fakeUser('alice');
  beforeEach(async () => {
    h = await startBotHarness();
  });
  afterEach(async () => {
    await h?.stop();
  });

  it('first_game names what it leaves out; a rule may still be put back by section', { timeout: 60_000 }, async () => {
    const created = await h.slash(alice, 'game new', { scenario: 'campaign', side: 'both', first_game: true, rules: '16.4:on' });
    const brief = textOf(created[0]);
    expect(brief).toMatch(/New game g-/);
    expect(brief).not.toMatch(/First game \(/); // Night Raids put back: no longer the card's first game
    expect(brief).toMatch(/Left out: 10\.3\.6 Adjacent Defensive Support, 10\.6 LOS by the Turn Track/);
    expect(brief).not.toMatch(/16\.4 Finnish Night Raids/);
  });

  it('the card’s first game as it is, shown in the status after the start', { timeout: 60_000 }, async () => {
    await h.slash(alice, 'game new', { scenario: 'campaign', side: 'both', first_game: true });
    await h.slash(alice, 'game start');
    const st = textOf((await h.slash(alice, 'game status'))[0]);
    expect(st).toMatch(/First game \(the Getting Started card's list, our derived set-up\): left out 10\.3\.6 Adjacent Defensive Support/);
    expect(st).toMatch(/16\.4 Finnish Night Raids/);
  });

  it('refuses a rule hexref does not play and an unknown section, and creates no game', { timeout: 60_000 }, async () => {
    let r = await h.slash(alice, 'game new', { scenario: 'campaign', rules: '20.3:on' });
    expect(r[0]).toMatchObject({ ephemeral: true });
    expect(textOf(r[0])).toMatch(/20\.3 Friendly Fire is not played by hexref/);
    r = await h.slash(alice, 'game new', { scenario: 'campaign', rules: '42.1:on' });
    expect(textOf(r[0])).toMatch(/'42\.1' is not a rule hexref can switch on or off/);
    r = await h.slash(alice, 'game status');
    expect(textOf(r[0])).not.toMatch(/Briefing/);
  });
});
