// End to end with the real discord.js client against the fake Discord: `/play assault … path:` sends
// the path with the Assault, so a stack moves and assaults in one action (9.1); right after its own
// move a stack may still assault (4.1); once another unit has acted it is refused citing 9.1, with
// the fix (undo, then assault with path:).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBotHarness, type BotHarness } from '../support/bot-harness.js';
import { fakeUser } from '../support/fake-discord.js';

describe('Discord end to end: /play assault with path (9.1)', () => {
  let h: BotHarness;
  const alice = fakeUser('alice'); // host, Finnish
  const boris = fakeUser('boris'); // Soviet

  beforeEach(async () => {
    h = await startBotHarness();
  });

  afterEach(async () => {
    await h?.stop();
  });

  it(
    'prices the move and the Assault together, refuses a bad hex in the path, and explains an Assault after a move',
    { timeout: 60_000 },
    async () => {
      await h.slash(alice, 'game new', { scenario: 'tutorial', side: 'finnish' });
      await h.slash(boris, 'game join', { side: 'soviet' });
      // The Soviet Reset Phase has nothing to decide: it ends by itself, and the Action Phase begins.
      let r = await h.slash(alice, 'game start');
      expect(r.map((x) => x.content).join('\n')).toMatch(/Nothing to decide in the Soviet reset phase: it ended by itself/);

      // L16 → K16 (frozen lake, 1.5 MP) leaves 3.5 of 5; the Assault on J16 costs 4: the engine priced the path.
      r = await h.slash(boris, 'play assault', { units: '3/1/609', target: 'J16', path: 'k16' });
      expect(r[0]!.ephemeral).toBe(true);
      expect(r[0]!.content).toMatch(/costs 4 MP \(terrain \+ 2\); only 3\.5 MP left/);
      expect(r[0]!.content).toMatch(/rule 9\.1/);

      r = await h.slash(boris, 'play assault', { units: '3/1/609', target: 'J16', path: 'K16 zz' });
      expect(r[0]!.ephemeral).toBe(true);
      expect(r[0]!.content).toMatch(/'zz' in path is not a hex id/);

      // Right after its own move the stack may still assault, with the MPs it has left (4.1).
      r = await h.slash(boris, 'play move', { unit: '3/1/609', to: 'K16' });
      expect(r[0]!.ephemeral).toBe(false);
      r = await h.slash(boris, 'play assault', { units: '3/1/609', target: 'J16' });
      expect(r[0]!.content).toMatch(/only 3\.5 MP left/);
      // Once another unit has moved, its move is over.
      r = await h.slash(boris, 'play move', { unit: '1/1/609', to: 'M17' });
      expect(r[0]!.ephemeral).toBe(false);
      r = await h.slash(boris, 'play assault', { units: '3/1/609', target: 'J16' });
      expect(r[0]!.ephemeral).toBe(true);
      expect(r[0]!.content).toMatch(/has already finished its move this Action Phase/);
      expect(r[0]!.content).toMatch(/rule 9\.1, 4\.1/);
      expect(r[0]!.content).toMatch(/How to fix: .*\/game undo.*path:/);
    },
  );
});
