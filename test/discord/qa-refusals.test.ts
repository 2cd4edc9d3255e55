// Discord QA defects: refusals that say why and how to fix it (play area, unit ids in any case, fix
// lines by refusal kind), and combat that works out of the box, with the real bot against the local
// fake Discord.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBotHarness, type BotHarness } from '../support/bot-harness.js';
import { fakeUser, type BotReply } from '../support/fake-discord.js';

describe('Discord refusals from the QA pass', () => {
  let h: BotHarness;
  const alice = fakeUser('alice'); // host, Finnish
  const boris = fakeUser('boris'); // Soviet

  beforeEach(async () => {
    // The shipped ruleset, its CRT included.
    h = await startBotHarness({ newSeed: () => 'qa-refusals-seed' });
  });

  afterEach(async () => {
    await h?.stop();
  });

  const slash = (user: typeof alice, path: string, options: Record<string, string | number | boolean> = {}): Promise<BotReply[]> =>
    h.slash(user, path, options);

  async function tutorial(): Promise<void> {
    await slash(alice, 'game new', { scenario: 'tutorial', side: 'finnish' });
    await slash(boris, 'game join', { side: 'soviet' });
    await slash(alice, 'game start'); // the Soviet Reset Phase ends by itself: now the Soviet Action Phase
  }

  it(
    'on a fresh bot, /play combat and its autocomplete offer the adjacent target and the Combat goes ahead (8.0, 8.4)',
    { timeout: 60_000 },
    async () => {
      await tutorial();
      await slash(boris, 'play move', { unit: '3/1/609', to: 'K16' });
      await slash(boris, 'play end'); // to the Soviet Combat Phase
      const targets = await h.fake.autocomplete(boris, 'play combat', { target: '' }, 'target').choices();
      expect(targets.map((t) => t.value)).toContain('J16');
      expect(targets.map((t) => String(t.name)).join(' ')).not.toMatch(/CRT|crt import/);
      const r = await slash(boris, 'play combat', { target: 'J16', confirm: true });
      expect(r[0]!.ephemeral).not.toBe(true);
      expect(JSON.stringify(r)).not.toMatch(/CRT is not filled in|crt import|rule\/crt-missing/);
    },
  );

  it('refuses /map zoom with no hex in the play area, naming the play area, instead of failing', { timeout: 60_000 }, async () => {
    await tutorial();
    const r = await slash(boris, 'map zoom', { center: 'A1', radius: 2 });
    expect(r[0]!.ephemeral).toBe(true);
    expect(r[0]!.content).toMatch(/No hex within 2 of A1 is in this scenario's play area \(columns [A-X]–[A-X], rows \d+–\d+\)/);
    expect(r[0]!.content).toMatch(/How to fix: .*\/map whole/);
    expect(r[0]!.content).not.toMatch(/Something went wrong/);
    const ok = await slash(boris, 'map zoom', { center: 'k17', radius: 2 });
    expect(ok[0]!.ephemeral).toBe(false);
    expect(ok[0]!.files).toHaveLength(1);
  });

  it('takes unit ids in any case (move, destination autocomplete) and suggests close ids on a miss', { timeout: 60_000 }, async () => {
    await tutorial();
    const to = await h.fake.autocomplete(boris, 'play move', { unit: 'mtr/609', to: '' }, 'to').choices();
    expect(to.length).toBeGreaterThan(0);
    let r = await slash(boris, 'play move', { unit: 'mtr/609', to: String(to[0]!.value) });
    expect(r[0]!.ephemeral).toBe(false);
    expect(r[0]!.content).toMatch(/move Mtr\/609 to /);
    r = await slash(boris, 'play move', { unit: '3/1/60', to: 'K16' });
    expect(r[0]!.ephemeral).toBe(true);
    expect(r[0]!.content).toMatch(/There is no unit 3\/1\/60 /);
    expect(r[0]!.content).toMatch(/How to fix: did you mean 3\/1\/609\?/);
  });

  it(
    'the How to fix line fits the refusal: wrong phase → /play end, already acted → /game undo, unknown unit and bad hex',
    { timeout: 60_000 },
    async () => {
      await tutorial();
      let r = await slash(boris, 'play move', { unit: '3/1/609', to: 'K16' });
      expect(r[0]!.ephemeral).toBe(false);
      r = await slash(boris, 'play move', { unit: '3/1/609', to: 'K17' });
      expect(r[0]!.ephemeral).toBe(true);
      expect(r[0]!.content).toMatch(/How to fix: .*\/game undo/);
      r = await slash(boris, 'play move', { unit: 'zzz', to: 'K17' });
      expect(r[0]!.content).toMatch(/How to fix: pick a unit from the autocomplete list/);
      r = await slash(boris, 'play move', { unit: '1/1/609', to: 'zz' });
      expect(r[0]!.content).toMatch(/'zz' is not a hex id[\s\S]*How to fix: give a hex such as M16/);
      await slash(boris, 'play end'); // to the Combat Phase
      r = await slash(boris, 'play move', { unit: '1/1/609', to: 'K17' });
      expect(r[0]!.ephemeral).toBe(true);
      expect(r[0]!.content).toMatch(/Action Phase/);
      expect(r[0]!.content).toMatch(/How to fix: .*`\/play end`/);
      expect(r[0]!.content).not.toMatch(/pick from the autocomplete/);
    },
  );

  it(
    '/map reach lets anyone look where a unit on the map could go (a spectator, the other side), in any case (4.0)',
    { timeout: 60_000 },
    async () => {
      await tutorial();
      const carol = fakeUser('carol'); // not seated
      let r = await slash(carol, 'map reach', { unit: 'mtr/609' });
      expect(r[0]!.ephemeral).toBe(false);
      expect(r[0]!.content).toMatch(/^Mtr\/609 from [A-X]\d+: \d+ MP, if it moved now \(a look only/);
      expect(r[0]!.content).toMatch(/• [A-X]\d+ · \d+(\.\d+)? MP/);
      expect(r[0]!.files).toHaveLength(1);
      // The Finnish player looks at a Soviet unit in the Soviet phase.
      r = await slash(alice, 'map reach', { unit: '3/1/609' });
      expect(r[0]!.ephemeral).toBe(false);
      expect(r[0]!.content).toMatch(/a look only/);
      // The Soviet player's own unit in his Action Phase: the engine's list, without the note.
      r = await slash(boris, 'map reach', { unit: '3/1/609' });
      expect(r[0]!.content).not.toMatch(/a look only/);
      r = await slash(carol, 'map reach', { unit: 'nobody/1' });
      expect(r[0]!.ephemeral).toBe(true);
      expect(r[0]!.content).toMatch(/nobody\/1 is not a unit .* on the map[\s\S]*How to fix/);
    },
  );

  it(
    'at a phase end, a zoom of where the moves happened, and no picture when nothing did (readable on a phone)',
    { timeout: 60_000 },
    async () => {
      await slash(alice, 'game new', { scenario: 'tutorial', side: 'finnish' });
      await slash(boris, 'game join', { side: 'soviet' });
      await slash(boris, 'game standing', { empty: 'stop' }); // the reset phase waits for its end
      await slash(alice, 'game start');
      // A phase in which nothing moved posts no picture; one with moves, a zoom of where they happened
      // (the whole map comes once a turn).
      const reset = await slash(boris, 'play end'); // the Soviet Reset Phase
      expect(reset.some((x) => x.files.length)).toBe(false);
      await slash(boris, 'play move', { unit: '3/1/609', to: 'K16' });
      const action = await slash(boris, 'play end'); // the Soviet Action Phase
      expect(action.flatMap((x) => x.files.map((f) => f.name))).toEqual(['action-area.jpg']);
    },
  );
});
