// End to end with the real discord.js client against the fake Discord: when the bot posts a game's new
// controls, the message that carried the previous ones is edited to drop its buttons (issue 16), and a
// click on an old copy anyway says in words what the game waits for now.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBotHarness, type BotHarness } from '../support/bot-harness.js';
import { fakeUser } from '../support/fake-discord.js';

describe('Discord end to end: one live set of controls per game', () => {
  let h: BotHarness;
  const alice = fakeUser('alice');
  const boris = fakeUser('boris');
  beforeEach(async () => {
    h = await startBotHarness();
  });
  afterEach(async () => {
    await h?.stop();
  });

  it('edits the buttons off the previous controls when new ones are posted', { timeout: 60_000 }, async () => {
    await h.slash(alice, 'game new', { scenario: 'tutorial', side: 'finnish' });
    await h.slash(boris, 'game join', { side: 'soviet' });
    await h.slash(alice, 'game start'); // the Soviet reset phase ends by itself; Boris is pinged with controls
    const first = await h.slash(boris, 'play move', { unit: '3/1/609', to: 'K16' });
    const firstControls = first.find((r) => r.components.length)!;
    expect(firstControls.message).not.toBeNull();
    const before = h.fake.requests.length;
    const second = await h.slash(boris, 'play move', { unit: '1/1/609', to: 'M17' });
    expect(second.some((r) => r.components.length)).toBe(true);
    // The first message's buttons are edited away (a PATCH of that message with no components).
    const edits = h.fake.requests
      .slice(before)
      .filter((q) => q.method === 'PATCH' && q.path.endsWith(`/messages/${firstControls.message!.id}`));
    expect(edits.map((q) => q.body?.components)).toEqual([[]]);
    // A click on an old copy of its End button is refused in words, and changes nothing.
    const end = firstControls.components
      .flatMap((row: { components: { custom_id?: string; label?: string }[] }) => row.components)
      .find((c) => c.label?.startsWith('End'))!;
    const stale = await h.click(boris, firstControls.message!, end.custom_id!);
    expect(stale[0]!.ephemeral).toBe(true);
    expect(stale[0]!.content).toMatch(
      /moved on since that message: #\d+ Soviet \(boris\): move 1\/1\/609 to M17\. Waiting for the Soviet side \(boris\): Action Phase\./,
    );
  });
});
