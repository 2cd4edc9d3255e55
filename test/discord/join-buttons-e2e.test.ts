// End to end with the real discord.js client against the fake Discord: a new game's message carries a
// Join button for each side (issue 16); a click seats the clicker; once the game has started, a click is
// refused in words and changes nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { controlId, startBotHarness, textOf, type BotHarness } from '../support/bot-harness.js';
import { fakeUser } from '../support/fake-discord.js';

describe('Discord end to end: Join buttons on a new game', () => {
  let h: BotHarness;
  const alice = fakeUser('alice');
  const boris = fakeUser('boris');
  const carol = fakeUser('carol');
  beforeEach(async () => {
    h = await startBotHarness();
  });
  afterEach(async () => {
    await h?.stop();
  });

  it('seats two players by their buttons, then refuses a seat once the game has started', { timeout: 60_000 }, async () => {
    const created = await h.slash(alice, 'game new', { scenario: 'tutorial' });
    const message = created[0]!.message!;
    let r = await h.click(alice, message, controlId(message, 'Join the Finnish side'));
    expect(r[0]!.content).toMatch(/Seated: alice on the Finnish side/);
    r = await h.click(boris, message, controlId(message, 'Join the Soviet side'));
    expect(r[0]!.content).toMatch(/Seated: boris on the Soviet side/);
    r = await h.slash(alice, 'game start');
    expect(r[0]!.content).toMatch(/The game has started/);
    r = await h.click(carol, message, controlId(message, 'Join the Soviet side'));
    expect(r[0]!.ephemeral).toBe(true);
    expect(r[0]!.content).toMatch(/The game has started: only the host can change seats now\.\nHow to fix: ask the host/);
    const status = await h.slash(carol, 'game status');
    expect(textOf(status[0])).toMatch(/Soviet: boris/);
    expect(textOf(status[0])).not.toMatch(/carol/);
  });
});
