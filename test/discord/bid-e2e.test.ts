// End to end (issue 15): the Victory Point bid (17.0.2) through the slash commands. The channel reads
// that a sealed bid is in and then both bids revealed; only the bidder sees their own amount first; the
// winner picks a side and the other bidder gets the other side with the VPs.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBotHarness, textOf, type BotHarness } from '../support/bot-harness.js';
import { fakeUser } from '../support/fake-discord.js';

describe('Discord end to end: the Victory Point bid (17.0.2)', () => {
  let h: BotHarness;
  const alice = fakeUser('alice');
  const boris = fakeUser('boris');
  beforeEach(async () => {
    h = await startBotHarness();
  });
  afterEach(async () => {
    await h?.stop();
  });

  it('sealed bids, revealed together; the winner picks, the other side starts with the bid', { timeout: 60_000 }, async () => {
    const created = await h.slash(alice, 'game new', { scenario: 'campaign', bidding: true });
    expect(created[0]!.content).toMatch(/New game g-/);
    let r = await h.slash(alice, 'game bid', { vp: 10 });
    expect(r[0]).toMatchObject({
      ephemeral: false,
      content: "alice has placed a sealed bid (17.0.2). Waiting for the other player's bid.",
    });
    expect(r[1]).toMatchObject({ ephemeral: true });
    expect(r[1]!.content).toMatch(/^Your bid: 10 VP \(sealed/);
    r = await h.slash(boris, 'game bid', { vp: 4 });
    expect(r[0]!.content).toBe(
      'Bids revealed: alice bid 10 VP, boris bid 4 VP. alice picks a side (`/game join`); the other side starts with 10 VP (17.0.2).',
    );
    r = await h.slash(boris, 'game join', { side: 'soviet' });
    expect(r[0]).toMatchObject({ ephemeral: true });
    expect(r[0]!.content).toMatch(/alice won the bid and picks a side first\. \(rule 17\.0\.2\)/);
    r = await h.slash(alice, 'game join', { side: 'soviet' });
    expect(r[0]!.content).toBe('Seated: alice on the Soviet side, boris on the Finnish side, which starts with 10 VP (17.0.2).');
    await h.slash(alice, 'game start');
    const st = await h.slash(boris, 'game status');
    expect(textOf(st[0])).toMatch(/Victory Point bid \(17\.0\.2\): alice won with 10 VP; the Finnish side starts with 10 VP\./);
    expect(textOf(st[0])).toMatch(/VP: Finnish 10, Soviet 0/);
    expect(h.fake.schemaErrors).toEqual([]);
  });
});
