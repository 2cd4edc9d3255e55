// End to end (issue 18): a player's /play command reads the game at most once and writes it once, the
// action built from that read (src/app/game-service.ts `act` with a builder), and the referee's follow-ups
// (a phase with nothing to decide ending by itself) go into the same write. A change of the game this
// bot saved last reads nothing: it starts from the document kept from that save (src/app/doc-cache.ts),
// and a refusal from it is checked with a peek at the stored version. Counted on the bot's own store.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBotHarness, textOf, type BotHarness } from '../support/bot-harness.js';
import { fakeUser } from '../support/fake-discord.js';

describe('Discord end to end: one read and one write per /play command (issue 18)', () => {
  let h: BotHarness;
  const alice = fakeUser('alice'); // host, Finnish
  const boris = fakeUser('boris'); // Soviet
  let loads = 0;
  let saves = 0;

  beforeEach(async () => {
    h = await startBotHarness();
    const store = h.bot.store;
    const load = store.load.bind(store);
    const save = store.save.bind(store);
    const peek = store.peek.bind(store);
    store.load = (...a: Parameters<typeof load>) => (loads++, load(...a));
    store.peek = (...a: Parameters<typeof peek>) => (loads++, peek(...a));
    store.save = (...a: Parameters<typeof save>) => (saves++, save(...a));
  });

  afterEach(async () => {
    await h?.stop();
  });

  it('/play move, a refused move and /play end: one read at most, one write for each accepted', { timeout: 60_000 }, async () => {
    await h.slash(alice, 'game new', { scenario: 'tutorial', side: 'finnish' });
    await h.slash(boris, 'game join', { side: 'soviet' });
    await h.slash(alice, 'game start');

    loads = saves = 0;
    let r = await h.slash(boris, 'play move', { unit: '1/1/609', to: 'K16' });
    expect(textOf(r[0])).toMatch(/move 1\/1\/609 to K16/);
    expect([loads, saves]).toEqual([0, 1]); // from the document kept at the start

    loads = saves = 0;
    r = await h.slash(boris, 'play move', { unit: '1/1/609', to: 'A1' });
    expect(r[0]!.ephemeral).toBe(true);
    expect([loads, saves]).toEqual([1, 0]); // the peek that lets the refusal stand

    loads = saves = 0;
    r = await h.slash(boris, 'play end');
    expect([loads, saves]).toEqual([1, 1]); // a refused change keeps nothing: one load
  });
});
