// End to end with the real discord.js client against the fake Discord: Campaign, Soviet turn 1, the
// reinforcements due at X28 brought on as stacks with /play move (13.1, 6.0). The autocomplete offers
// the listing's stacks and the group as typed, with its destinations; an overstacked group or one with
// a unit not due is refused, saying why and what may enter.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBotHarness, type BotHarness } from '../support/bot-harness.js';
import { fakeUser } from '../support/fake-discord.js';

describe('13.1 Discord end to end: reinforcements enter as stacks', () => {
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
    'brings on several stacks at X28 on Soviet turn 1, offered by autocomplete, refusing what may not enter',
    { timeout: 90_000 },
    async () => {
      await h.slash(alice, 'game new', { scenario: 'campaign', side: 'finnish' });
      await h.slash(boris, 'game join', { side: 'soviet' });
      await h.slash(alice, 'game start');

      // The listing's stacks: the 3rd battalion together, the regiment's mortar and gun together.
      const all = await h.fake.autocomplete(boris, 'play move', { unit: '' }, 'unit').choices();
      const values = all.map((c) => c.value);
      expect(values).toContain('7/3/609+8/3/609+9/3/609+MG/3/609');
      expect(all.find((c) => c.value === '7/3/609+8/3/609+9/3/609+MG/3/609')!.name).toMatch(/enters at X28 · 4 MP/);
      expect(values).toContain('IG/609+Mtr/609');

      // A group the listing does not name, as typed: offered first, with where it can go.
      const typed = await h.fake.autocomplete(boris, 'play move', { unit: '7/3/609+8/3/609' }, 'unit').choices();
      expect(typed[0]).toMatchObject({ value: '7/3/609+8/3/609' });
      expect(typed[0]!.name).toMatch(/^stack 7\/3\/609 \+ 8\/3\/609 · enters at X28 · 5 MP/);
      const hexes = await h.fake.autocomplete(boris, 'play move', { unit: '7/3/609+8/3/609', to: 'W2' }, 'to').choices();
      expect(hexes.map((c) => c.value)).toContain('W27');
      expect(hexes.find((c) => c.value === 'W27')!.name).toMatch(/^W27 · 1 MP/);

      // /map reach on the same group: where it can go together, not "a look only" (13.1, 6.1).
      const look = await h.slash(boris, 'map reach', { unit: '7/3/609+8/3/609' });
      expect(look[0]!.content).toMatch(/^7\/3\/609\+8\/3\/609 from X28: \d+ MP, moving together\. Cheapest first:/);
      expect(look[0]!.content).toMatch(/• W27 · 1 MP/);
      expect(look[0]!.content).not.toMatch(/a look only/);

      // The issue's own command: two companies of the 3rd battalion onto W27.
      let r = await h.slash(boris, 'play move', { unit: '7/3/609+8/3/609', to: 'W27' });
      expect(r[0]!.ephemeral).toBe(false);
      expect(r.map((x) => x.content).join('\n')).toMatch(/bring on 7\/3\/609\+8\/3\/609 to W27/);

      // Too many to stack, and a unit due on turn 2: refused, saying why and what may enter (ids in any case).
      r = await h.slash(boris, 'play move', { unit: '9/3/609+mg/3/609+Mtr/609+IG/609+1/1/364', to: 'X28' });
      expect(r[0]!.ephemeral).toBe(true);
      expect(r[0]!.content).toMatch(/1\/1\/364 is a reinforcement due on turn 2/);
      expect(r[0]!.content).toMatch(/May enter now at X28: 9\/3\/609, MG\/3\/609, Mtr\/609, IG\/609/);
      expect(r[0]!.content).toMatch(/13\.1/);

      // The rest regrouped by the listing, brought on as one stack of four.
      const rest = await h.fake.autocomplete(boris, 'play move', { unit: '9/3' }, 'unit').choices();
      expect(rest.map((c) => c.value)).toContain('9/3/609+MG/3/609+Mtr/609+IG/609');
      r = await h.slash(boris, 'play move', { unit: '9/3/609+MG/3/609+Mtr/609+IG/609', to: 'V28' });
      expect(r[0]!.ephemeral).toBe(false);
      expect(r.map((x) => x.content).join('\n')).toMatch(/bring on 9\/3\/609\+MG\/3\/609\+Mtr\/609\+IG\/609 to V28/);

      // Nothing is left to enter.
      const none = await h.fake.autocomplete(boris, 'play move', { unit: '' }, 'unit').choices();
      expect(none.some((c) => /enters at/.test(c.name))).toBe(false);
    },
  );
});
