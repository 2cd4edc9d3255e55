// End to end with the real discord.js client against the fake Discord: resigning asks first (an
// ephemeral question with Resign and Cancel), acts only on the click, and a question left lying while
// the game moved on is refused without doing anything.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { controlId, startBotHarness, type BotHarness } from '../support/bot-harness.js';
import { fakeUser } from '../support/fake-discord.js';

describe('Discord end to end: confirmation before resigning', () => {
  let h: BotHarness;
  const alice = fakeUser('alice'); // host, Finnish
  const boris = fakeUser('boris'); // Soviet

  beforeEach(async () => {
    h = await startBotHarness();
  });

  afterEach(async () => {
    await h?.stop();
  });

  it('asks, refuses a stale question, then resigns on the click', { timeout: 60_000 }, async () => {
    await h.slash(alice, 'game new', { scenario: 'tutorial', side: 'finnish' });
    await h.slash(boris, 'game join', { side: 'soviet' });
    await h.slash(alice, 'game start');

    let r = await h.slash(boris, 'game resign');
    expect(r[0]!.ephemeral).toBe(true);
    expect(r[0]!.content).toMatch(/Resign for the Soviet side\? .*cannot be undone/);
    const stale = r[0]!.message!;

    // The game moves on (the Soviet Reset Phase ends): the old question does nothing.
    await h.slash(boris, 'play end');
    r = await h.click(boris, stale, controlId(stale, 'Resign'));
    expect(r[0]!.ephemeral).toBe(true);
    expect(r[0]!.content).toMatch(/moved on since you were asked: nothing was done/);
    expect((await h.slash(boris, 'game status'))[0]!.content).not.toMatch(/resign/i);

    r = await h.slash(boris, 'game resign');
    r = await h.click(boris, r[0]!.message!, controlId(r[0]!.message, 'Resign'));
    expect(r[0]!.ephemeral).toBe(false);
    expect(r[0]!.content).toMatch(/resign/i);
    expect(r[0]!.content).toMatch(/Dice seed/);
  });
});
