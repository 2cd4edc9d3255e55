// End-to-end: the real bot (startBot: discord.js Client, router, commands, game service, engine,
// renderer, in-memory store) against the local fake Discord. Two fake users create, seat and start
// the tutorial and play a full turn through slash commands, autocomplete and buttons.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.js';
import { createLogger } from '../../src/log.js';
import { startBot, type RunningBot } from '../../src/main-bot.js';
import { FakeDiscord, fakeUser, MODERATOR_PERMISSIONS, type ApiMessage, type BotReply } from '../support/fake-discord.js';
import { textOf } from '../support/bot-harness.js';

/**
 * A whole picture the bot posted, with plausible dimensions: a JPEG (MAP_FORMAT's default) from its
 * start-of-image marker to its end-of-image marker, the size read from its start-of-frame segment.
 */
function expectPicture(data: Buffer): { width: number; height: number } {
  expect(data.readUInt16BE(0)).toBe(0xffd8); // SOI
  expect(data.readUInt16BE(data.length - 2)).toBe(0xffd9); // EOI
  let at = 2;
  for (;;) {
    const marker = data.readUInt16BE(at);
    const length = data.readUInt16BE(at + 2);
    if (marker >= 0xffc0 && marker <= 0xffc2) {
      const height = data.readUInt16BE(at + 5);
      const width = data.readUInt16BE(at + 7);
      expect(width).toBeGreaterThan(100);
      expect(height).toBeGreaterThan(100);
      return { width, height };
    }
    at += 2 + length;
  }
}

/** customIds of every component on a message, by label. */
function buttons(message: ApiMessage | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const row of message?.components ?? []) for (const c of row.components) out[c.label ?? c.placeholder ?? c.custom_id] = c.custom_id;
  return out;
}

function findButton(message: ApiMessage | null, startsWith: string): string {
  const hit = Object.entries(buttons(message)).find(([label]) => label.startsWith(startsWith));
  if (!hit) throw new Error(`no button starting '${startsWith}' in ${JSON.stringify(buttons(message))}`);
  return hit[1];
}

describe('Discord end to end: a tutorial game between two fake users', () => {
  let fake: FakeDiscord;
  let bot: RunningBot;
  const alice = fakeUser('alice'); // host, Finnish
  const boris = fakeUser('boris'); // Soviet
  const carol = fakeUser('carol'); // not seated
  const mod = fakeUser('moderator', MODERATOR_PERMISSIONS);

  beforeEach(async () => {
    fake = await new FakeDiscord().start();
    const config = parseConfig({ DISCORD_TOKEN: 'fake.token.for-tests-0000', STORE_URL: 'memory:', LOG_LEVEL: 'silent' });
    // Maps are drawn by a render process, as in production (src/render-pool.ts).
    bot = await startBot(config, createLogger('silent'), { rest: { api: fake.api }, handleSignals: false, renderProcesses: 1 });
  });

  afterEach(async () => {
    await bot?.stop();
    await fake?.close();
  });

  /** Run a slash command and wait until the bot has finished handling it. */
  async function slash(user: typeof alice, path: string, options: Record<string, string | number | boolean> = {}): Promise<BotReply[]> {
    const sent = Date.now();
    const ix = fake.command(user, path, options);
    const cb = await ix.callback();
    // Discord wants the first answer within 3 s: every command acknowledges before its slow work.
    expect(cb.at - sent).toBeLessThan(3000);
    await bot.router.drain();
    return fake.repliesFor(ix.token);
  }

  async function click(user: typeof alice, message: ApiMessage, customId: string): Promise<BotReply[]> {
    const ix = fake.click(user, message, customId);
    await ix.callback();
    await bot.router.drain();
    return fake.repliesFor(ix.token);
  }

  /** The last public reply that carries the given component label. */
  function lastMessageWith(label: string): ApiMessage {
    const all = [...fake.messages.values()].filter((m) => Object.keys(buttons(m)).some((l) => l.startsWith(label)));
    const m = all[all.length - 1];
    if (!m) throw new Error(`no message with a '${label}' control`);
    return m;
  }

  it('create, seat, start, and a full turn with refusals, a stale button, autocomplete and maps', { timeout: 90_000 }, async () => {
    // Scenario autocomplete, then a game with the host seated as Finnish.
    const scen = await fake.autocomplete(alice, 'game new', { scenario: 'tut' }, 'scenario').choices();
    expect(scen.map((c) => c.value)).toContain('tutorial');
    let r = await slash(alice, 'game new', { scenario: 'tutorial', side: 'finnish' });
    expect(r[0]!.content).toMatch(/New game g-/);
    const gameId = /New game (g-[0-9a-f]+)/.exec(r[0]!.content)![1]!;
    expect(r[0]!.ephemeral).toBe(false);

    // A second game in the same channel is refused, ephemerally, with a fix.
    r = await slash(boris, 'game new', { scenario: 'tutorial' });
    expect(r[0]!.ephemeral).toBe(true);
    expect(r[0]!.content).toMatch(/already has a game/);
    expect(r[0]!.content).toMatch(/How to fix/);

    r = await slash(boris, 'game join', { side: 'soviet' });
    expect(r[0]!.content).toMatch(/Seated: boris on the Soviet side/);
    // Both stop at phases with nothing to decide, to step through a whole turn by hand (3.0).
    for (const u of [alice, boris]) expect((await slash(u, 'game standing', { empty: 'stop' }))[0]!.content).toMatch(/stop at phases/);

    // Only the host starts.
    r = await slash(boris, 'game start');
    expect(r[0]!.ephemeral).toBe(true);
    expect(r[0]!.content).toMatch(/Only the host/);

    r = await slash(alice, 'game start');
    expect(r[0]!.content).toMatch(/Dice commitment/);
    expectPicture(r[0]!.files[0]!.data);
    // The Soviet side (first player) is mentioned once, with the controls it needs.
    const ping = r[1]!;
    expect(ping.content).toContain(`<@${boris.id}>`);
    expect(ping.content).not.toContain(`<@${alice.id}>`);
    expect(ping.raw.body.allowed_mentions.users).toEqual([boris.id]);
    const resetButton = findButton(ping.message, 'End Soviet reset');

    // A user acting for the other side, and a user with no seat, are refused ephemerally.
    r = await slash(alice, 'play end');
    expect(r[0]!.ephemeral).toBe(true);
    expect(r[0]!.content).toMatch(/Soviet side's turn/);
    r = await click(carol, ping.message!, resetButton);
    expect(r[0]!.ephemeral).toBe(true);
    expect(r[0]!.content).toMatch(/not seated/);

    // The Soviet player ends the reset phase with the button: its summary, and no picture (nothing moved
    // or fought in it: phone first, the whole map comes once per turn).
    r = await click(boris, ping.message!, resetButton);
    expect(r[0]!.ephemeral).toBe(false);
    expect(r[0]!.content).toMatch(/end the reset phase/);
    expect(textOf(r[0])).toMatch(/Summary of the Soviet reset phase/);
    expect(r.some((x) => x.files.length)).toBe(false);

    // The same button again is stale (the game moved on) and changes nothing.
    const before = fake.requests.length;
    r = await click(boris, ping.message!, resetButton);
    expect(r[0]!.ephemeral).toBe(true);
    expect(r[0]!.content).toMatch(/moved on|stale|version/i);
    expect(fake.requests.slice(before).some((q) => !q.body?.flags && q.files.length)).toBe(false);

    // Autocomplete from the legal actions: units that can move, then hexes with MP costs.
    const units = await fake.autocomplete(boris, 'play move', { unit: '1/1' }, 'unit').choices();
    expect(units.map((c) => c.value)).toContain('1/1/609');
    const hexes = await fake.autocomplete(boris, 'play move', { unit: '1/1/609', to: 'm 1' }, 'to').choices();
    const m17 = hexes.find((c) => c.value === 'M17');
    expect(m17?.name).toMatch(/^M17 · [\d.]+ MP/);
    // The other side's player gets no Soviet units.
    const aliceUnits = await fake.autocomplete(alice, 'play move', { unit: '' }, 'unit').choices();
    expect(aliceUnits.map((c) => c.value)).not.toContain('1/1/609');

    // An illegal destination is refused with the rule section; a legal one is applied (hex typed loosely).
    r = await slash(boris, 'play move', { unit: '1/1/609', to: 'A1' });
    expect(r[0]!.ephemeral).toBe(true);
    expect(r[0]!.content).toMatch(/\(rule \d/);
    r = await slash(boris, 'play move', { unit: '1/1/609', to: 'm 17' });
    expect(r[0]!.ephemeral).toBe(false);
    expect(r[0]!.content).toMatch(/move 1\/1\/609 to M17/);
    expectPicture(r[0]!.files[0]!.data);
    // Undo within the own move (no roll, no hand-over), then move again.
    r = await slash(boris, 'game undo');
    expect(r[0]!.content).toMatch(/undid #2/);
    r = await slash(boris, 'play move', { unit: '1/1/609', to: 'M17' });
    expect(r[0]!.content).toMatch(/to M17/);

    // End the action phase with /play end: map and summary listing the move.
    r = await slash(boris, 'play end');
    expect(textOf(r[0])).toMatch(/Summary of the Soviet action phase/);
    expect(textOf(r[0])).toMatch(/move 1\/1\/609 to M17/);
    expect(r[0]!.embeds[0]).toMatchObject({ color: 0xb3261e, footer: { text: expect.stringMatching(/^Now: Turn \d+ · /) } });
    expectPicture(r[1]!.files[0]!.data);

    // End the Soviet combat phase: hand-over to the Finns, who are mentioned once.
    r = await slash(boris, 'play end');
    const finnPing = r.find((x) => x.content.includes(`<@${alice.id}>`));
    expect(finnPing).toBeDefined();
    expect(finnPing!.raw.body.allowed_mentions.users).toEqual([alice.id]);

    // Status: who must act on what, and since when (a Discord timestamp).
    r = await slash(carol, 'game status');
    expect(textOf(r[0])).toMatch(/Waiting for the Finnish side \(alice\)/);
    expect(textOf(r[0])).toMatch(/Waiting since <t:\d+:f>/);
    // An embed in the colour of the side awaited, its footer saying whose turn, stamped when the wait began.
    expect(r[0]!.embeds[0]).toMatchObject({
      color: 0x2b6cb0,
      footer: { text: expect.stringMatching(/^Turn \d+ · .* · Finnish side to act$/) },
    });
    expect(Date.parse((r[0]!.embeds[0] as { timestamp: string }).timestamp)).toBeGreaterThan(0);

    // The Finnish player turn: reset (button from the ping), action (a move), combat.
    r = await click(alice, finnPing!.message!, findButton(finnPing!.message, 'End Finnish reset'));
    expect(r[0]!.content).toMatch(/end the reset phase/);
    const finnUnits = await fake.autocomplete(alice, 'play move', { unit: '' }, 'unit').choices();
    expect(finnUnits.length).toBeGreaterThan(0);
    const mover = String(finnUnits[0]!.value);
    const dest = (await fake.autocomplete(alice, 'play move', { unit: mover, to: '' }, 'to').choices())[0]!.value;
    r = await slash(alice, 'play move', { unit: mover, to: String(dest).toLowerCase() });
    expect(r[0]!.ephemeral).toBe(false);
    r = await slash(alice, 'play end');
    expect(textOf(r[0])).toMatch(/Summary of the Finnish action phase/);
    // A zoom of where the phase's moves happened follows in a follow-up (a webhook POST).
    const area = r.find((x) => x.files.some((f) => f.name === 'action-area.jpg'))!;
    expect(area.raw.method).toBe('POST');
    expect(area.content).toMatch(/Turn 2: the Finnish combat phase begins/);
    expectPicture(area.files[0]!.data);
    r = await slash(alice, 'play end');
    // Turn 3 begins with the Soviet player, who is mentioned again; the turn post is a zoom of where
    // things happened (the whole map only on request, /map whole).
    expect(r.some((x) => x.content.includes(`<@${boris.id}>`))).toBe(true);
    const turnMap = r.find((x) => x.files.some((f) => f.name === 'action-area.jpg'))!;
    expect(turnMap.content).toMatch(/Turn 3: the Soviet reset phase begins/);
    expectPicture(turnMap.files[0]!.data);
    r = await slash(boris, 'game status');
    expect(textOf(r[0])).toMatch(/Turn 3/);

    // Maps: whole, zoom and a unit's reach, all valid pictures.
    r = await slash(carol, 'map whole');
    expect(r[0]!.content).toMatch(/^The whole map, turn 3: Soviet Reset Phase\.$/);
    expectPicture(r[0]!.files[0]!.data);
    // Zooms leave the legend out (phone first); it is its own picture on request.
    r = await slash(carol, 'map legend');
    expect(r[0]!.content).toBe('Map legend.');
    expectPicture(r[0]!.files[0]!.data);
    r = await slash(carol, 'map zoom', { center: 'k 17', radius: 3 });
    expect(r[0]!.content).toMatch(/Around K17/);
    expect(r[0]!.raw.body.attachments[0].description).toBe('The map around K17'); // alt text on every image
    const zoom = expectPicture(r[0]!.files[0]!.data);
    expect(zoom.width).toBeLessThan(3000);
    await slash(boris, 'game status'); // nothing to assert: keeps the order of events simple
    r = await slash(boris, 'play end'); // Soviet reset of turn 3
    r = await slash(boris, 'map reach', { unit: '1/1/609' });
    expect(r[0]!.content).toMatch(/1\/1\/609 from M17/);
    expectPicture(r[0]!.files[0]!.data);

    // Export of a game in play is for its players (a JSON file without the seed); a moderator may abort;
    // then the seed is revealed, verify works and anyone in the server may export the record.
    r = await slash(carol, 'game export');
    expect(r[0]!.ephemeral).toBe(true);
    expect(r[0]!.content).toMatch(/only its host and seated players can export/);
    r = await slash(alice, 'game export');
    const record = JSON.parse(r[0]!.files[0]!.data.toString('utf8'));
    expect(record.seed).toBeNull();
    expect(record.entries.length).toBeGreaterThan(5);
    // Abort asks first (ephemeral, with Abort and Cancel); a user who may not abort is refused before any question.
    r = await slash(carol, 'game abort');
    expect(r[0]!.ephemeral).toBe(true);
    expect(r[0]!.components).toEqual([]);
    expect(r[0]!.content).toMatch(/host|manage/i);
    r = await slash(mod, 'game abort', { reason: 'test over' });
    expect(r[0]!.content).toMatch(/Abort this game\?[\s\S]*Reason: test over/);
    const cancel = await click(mod, r[0]!.message!, findButton(r[0]!.message, 'Cancel'));
    expect(cancel[0]!.content).toMatch(/Cancelled: nothing changed/);
    expect((await slash(alice, 'game status'))[0]!.content).not.toMatch(/aborted/i);
    r = await slash(mod, 'game abort', { reason: 'test over' });
    r = await click(mod, r[0]!.message!, findButton(r[0]!.message, 'Abort the game'));
    expect(r[0]!.ephemeral).toBe(false);
    expect(r[0]!.content).toMatch(/test over/);
    expect(r[0]!.content).toMatch(/Dice seed revealed/);
    expect(r[0]!.content).toContain(`/game verify game:${gameId}`);
    // The channel is free again; the finished game is read by its id, or in its channel as the latest game.
    r = await slash(carol, 'game verify');
    expect(r[0]!.ephemeral).toBe(false);
    expect(r[0]!.content).toMatch(/match|verified|OK/i);
    r = await slash(carol, 'game verify', { game: gameId });
    expect(r[0]!.ephemeral).toBe(false);
    expect(r[0]!.content).toMatch(/match|verified|OK/i);
    r = await slash(carol, 'game export', { game: gameId });
    expect(JSON.parse(r[0]!.files[0]!.data.toString('utf8')).seed).toMatch(/^[0-9a-f]{16,}$/);
  });

  it('a combat: targets and attackers by autocomplete, the defender decides its losses with a button', { timeout: 60_000 }, async () => {
    // A bot with its own seed, so the dice of this combat are known; the shipped CRT.
    await bot.stop();
    const config = parseConfig({ DISCORD_TOKEN: 'fake.token.for-tests-0000', STORE_URL: 'memory:', LOG_LEVEL: 'silent' });
    bot = await startBot(config, createLogger('silent'), {
      rest: { api: fake.api },
      handleSignals: false,
      renderProcesses: 0,
      newSeed: () => 'e2e-combat-seed',
    });
    await slash(alice, 'game new', { scenario: 'tutorial', side: 'finnish' });
    await slash(boris, 'game join', { side: 'soviet' });
    await slash(alice, 'game start'); // the Soviet reset phase has nothing to decide: it ends by itself
    await slash(boris, 'play move', { unit: '3/1/609', to: 'K16' });
    await slash(boris, 'play move', { unit: '1/1/609+2/1/609+MG/1/609', to: 'K16' });
    await slash(boris, 'play end'); // to the Soviet combat phase

    const targets = await fake.autocomplete(boris, 'play combat', { target: '' }, 'target').choices();
    expect(targets.map((c) => c.value)).toContain('J16');
    const sets = await fake.autocomplete(boris, 'play combat', { target: 'j16', attackers: '' }, 'attackers').choices();
    expect(String(sets[0]!.name)).toMatch(/^all \d/);
    // Offensive Support (10.3): the mortar, which reaches J16 and does not attack, is offered.
    const support = await fake
      .autocomplete(boris, 'play combat', { target: 'J16', attackers: String(sets[0]!.value), support: '' }, 'support')
      .choices();
    expect(support.map((c) => c.value)).toContain('Mtr/609');
    // Attacking a hex nobody may attack is refused with the rule.
    let r = await slash(boris, 'play combat', { target: 'M20' });
    expect(r[0]!.ephemeral).toBe(true);
    expect(r[0]!.content).toMatch(/rule 8\.0/);

    r = await slash(boris, 'play combat', { target: 'J16', attackers: String(sets[0]!.value), confirm: true });
    expect(r[0]!.ephemeral).toBe(false);
    // The Finns may support J16 (10.3.2): they are asked first, nothing is rolled yet; they decline (the default).
    expect(r.some((x) => /Roll #\d+/.test(x.content))).toBe(false);
    const ask = [...r]
      .reverse()
      .find(
        (x) => x.content.includes(`<@${alice.id}>`) && Object.keys(buttons(x.message)).some((l) => l === 'Accept: no defensive Support'),
      );
    expect(ask).toBeDefined();
    const decline = Object.entries(buttons(ask!.message)).find(([l]) => l === 'Accept: no defensive Support')!;
    r = await click(alice, ask!.message!, decline[1]);
    expect(r[0]!.ephemeral).toBe(false);
    expect(r[0]!.content).toMatch(/Roll #\d+/);
    // The fight as an embed in the attacker's colour, with its odds, shifts, roll and result as fields.
    expect(r[0]!.content).not.toMatch(/⚔️ Combat #1/);
    const fight = r[0]!.embeds[0] as { title: string; color: number; fields: { name: string; value: string }[]; footer: { text: string } };
    expect(fight).toMatchObject({ title: '⚔️ Combat on J16', color: 0xb3261e });
    expect(fight.fields.map((f) => f.name)).toEqual(['Strength', 'Odds', 'Shifts', 'Roll', 'Result']);
    expect(textOf(r[0])).toMatch(
      /Strength: \d+ vs \d+[\s\S]*Odds: \d+:\d+ → \d+:\d+ → \*\*\d+:\d+\*\*[\s\S]*Roll: \d+ \(roll #\d+\)[\s\S]*Result: \*\*\d+\/\d+\*\*: attacker \d+, defender \d+/,
    );
    expect(fight.footer.text).toMatch(/^Turn \d+ · /);
    // Resolve every decision the combat asks for, through the buttons of the mention that announces it.
    // Resolve every decision the combat asks for with its default button. A decision of the other
    // side comes with a mention of that side; one of the same side comes as controls on the reply.
    let decisions = 0;
    let defenderDecided = false;
    let who = alice; // she answered last (defensive Support): her next decision comes as controls on her reply
    for (let guard = 0; guard < 6; guard++) {
      const isDefault = (label: string) => label.startsWith('Accept') || label.startsWith('Advance');
      const carrier = [...r].reverse().find((x) => Object.keys(buttons(x.message)).some(isDefault));
      if (!carrier) break;
      if (carrier.content.includes(`<@${alice.id}>`)) who = alice;
      else if (carrier.content.includes(`<@${boris.id}>`)) who = boris;
      const accept = Object.entries(buttons(carrier.message)).find(([label]) => isDefault(label))!;
      if (who === alice && /as the defender|Finnish side \(alice\): loss decision after combat/.test(carrier.content)) {
        defenderDecided = true;
        // The attacker cannot answer the defender's decision.
        const wrong = await click(boris, carrier.message!, accept[1]);
        expect(wrong[0]!.ephemeral).toBe(true);
        expect(wrong[0]!.content).toMatch(/Finnish side's turn/);
      }
      r = await click(who, carrier.message!, accept[1]);
      expect(r[0]!.ephemeral).toBe(false);
      decisions++;
      // A second click on the same decision is stale and changes nothing.
      const again = await click(who, carrier.message!, accept[1]);
      expect(again[0]!.ephemeral).toBe(true);
      expect(again[0]!.content).toMatch(/moved on/);
    }
    // With the fixture CRT and this seed the defender takes a loss and decides it with one click.
    expect(defenderDecided).toBe(true);
    expect(decisions).toBeGreaterThan(1);
    // Every decision answered: the Soviet combat phase goes on.
    const status = await slash(boris, 'game status');
    expect(textOf(status[0])).toMatch(/Waiting for the Soviet side \(boris\): Combat Phase\./);
  });

  it(
    'a Ranged Attack: firers, targets and spotters by autocomplete, the roll with its DRMs in the reply (10.0-10.5)',
    { timeout: 60_000 },
    async () => {
      await slash(alice, 'game new', { scenario: 'tutorial', side: 'finnish' });
      await slash(boris, 'game join', { side: 'soviet' });
      await slash(alice, 'game start'); // the Soviet reset phase ends by itself
      await slash(boris, 'play end'); // action: now the Soviet combat phase
      const firers = await fake.autocomplete(boris, 'play fire', { unit: 'mtr' }, 'unit').choices();
      expect(firers[0]).toMatchObject({ value: 'Mtr/609' });
      expect(String(firers[0]!.name)).toMatch(/RAS \d/);
      const targets = await fake.autocomplete(boris, 'play fire', { unit: 'Mtr/609', target: 'j' }, 'target').choices();
      expect(targets.map((c) => c.value)).toContain('J16');
      expect(String(targets.find((c) => c.value === 'J16')!.name)).toMatch(/range \d+ · (direct|indirect)/);
      const spotters = await fake.autocomplete(boris, 'play fire', { unit: 'Mtr/609', target: 'j16', spotter: '' }, 'spotter').choices();
      if (spotters.length) expect(String(spotters[0]!.name)).toMatch(/\(default\)/);
      // The Finnish player may not fire in the Soviet phase.
      let r = await slash(alice, 'play fire', { unit: 'Mtr/609', target: 'J16' });
      expect(r[0]!.ephemeral).toBe(true);
      r = await slash(boris, 'play fire', { unit: 'Mtr/609', target: 'j 16' });
      expect(r[0]!.ephemeral).toBe(false);
      expect(r[0]!.content).toMatch(/Roll #1/);
      expect(r[0]!.content).toMatch(/🎯 Ranged Attack by Mtr\/609 on J16 .*RAS \d+.*roll #1 = \d+, total -?\d+: /);
      // Firing again with the same unit is refused with the rule.
      r = await slash(boris, 'play fire', { unit: 'Mtr/609', target: 'J16' });
      expect(r[0]!.ephemeral).toBe(true);
      expect(r[0]!.content).toMatch(/rule \d/);
    },
  );

  it(
    'recognises a button from before a restart as stale, and a current one still works (no in-memory state)',
    { timeout: 60_000 },
    async () => {
      await bot.stop();
      const dir = mkdtempSync(path.join(tmpdir(), 'hexref-e2e-'));
      const config = parseConfig({ DISCORD_TOKEN: 'fake.token.for-tests-0000', STORE_URL: `file:${dir}`, LOG_LEVEL: 'silent' });
      const boot = () => startBot(config, createLogger('silent'), { rest: { api: fake.api }, handleSignals: false, renderProcesses: 0 });
      try {
        bot = await boot();
        await slash(alice, 'game new', { scenario: 'tutorial', side: 'finnish' });
        await slash(boris, 'game join', { side: 'soviet' });
        await slash(boris, 'game standing', { empty: 'stop' }); // the Soviet reset phase waits for its button
        const started = await slash(alice, 'game start');
        const oldPing = started[1]!.message!;
        await click(boris, oldPing, findButton(oldPing, 'End Soviet reset'));
        const statusBefore = (await slash(boris, 'game status'))[0]!.message!;

        // Restart: a new process would build everything again from the same store.
        await bot.stop();
        bot = await boot();

        let r = await click(boris, oldPing, findButton(oldPing, 'End Soviet reset'));
        expect(r[0]!.ephemeral).toBe(true);
        expect(r[0]!.content).toMatch(/moved on/);
        r = await click(boris, statusBefore, findButton(statusBefore, 'End Soviet action'));
        expect(r[0]!.ephemeral).toBe(false);
        expect(r[0]!.content).toMatch(/end the action phase/);
      } finally {
        await bot.stop();
        rmSync(dir, { recursive: true, force: true });
        bot = await startBot(
          parseConfig({ DISCORD_TOKEN: 'fake.token.for-tests-0000', STORE_URL: 'memory:', LOG_LEVEL: 'silent' }),
          createLogger('silent'),
          { rest: { api: fake.api }, handleSignals: false, renderProcesses: 0 },
        );
      }
    },
  );

  it('answers /rule and /roll', async () => {
    let r = await slash(alice, 'rule', { query: '7.3' });
    expect(r[0]!.content).toMatch(/^\*\*7\.3 /);
    const choices = await fake.autocomplete(alice, 'rule', { query: '8.5' }, 'query').choices();
    expect(choices[0]!.value).toBe('redwinter:8.5');
    r = await slash(alice, 'roll', { dice: '2d6', why: 'test' });
    expect(r[0]!.content).toMatch(/Roll #1/);
    expect(r[0]!.content).toMatch(/Commitment/);
    r = await slash(alice, 'roll', { dice: '2d6+' });
    expect(r[0]!.ephemeral).toBe(true);
  });

  it('explains that there is no game in a channel without one', async () => {
    const r = await slash(alice, 'game status');
    expect(r[0]!.ephemeral).toBe(true);
    expect(r[0]!.content).toMatch(/no active game/);
    expect(r[0]!.content).toMatch(/\/game new/);
    const choices = await fake.autocomplete(alice, 'play move', { unit: '' }, 'unit').choices();
    expect(choices[0]!.name).toMatch(/no active game/);
    void lastMessageWith;
  });
});
