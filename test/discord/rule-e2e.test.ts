// End-to-end: /rule through the real bot (startBot: discord.js Client, router, commands) against the
// local fake Discord. A Japanese question, a Japanese client, an ASL section id, autocomplete, and the
// buttons that open the parent, a neighbouring rule, another hit and the other language.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.js';
import { createLogger } from '../../src/log.js';
import { startBot, type RunningBot } from '../../src/main-bot.js';
import { commandDefinitions } from '../../commands/index.js';
import { formatRule } from '../../commands/rule.js';
import { commandProblems } from '../../src/discord/limits.js';
import { decodeCustomId } from '../../src/discord/custom-id.js';
import { FakeDiscord, fakeUser, type ApiMessage, type BotReply } from '../support/fake-discord.js';

/** Every component on a message: label (or placeholder) → customId, and the select's option values. */
function controls(message: ApiMessage | null): { buttons: Record<string, string>; menu?: { id: string; values: string[] } } {
  const buttons: Record<string, string> = {};
  let menu: { id: string; values: string[] } | undefined;
  for (const row of message?.components ?? []) {
    for (const c of row.components) {
      if (c.type === 3) menu = { id: c.custom_id, values: c.options.map((o: { value: string }) => o.value) };
      else buttons[c.label] = c.custom_id;
    }
  }
  return { buttons, ...(menu ? { menu } : {}) };
}

function button(message: ApiMessage | null, startsWith: string): string {
  const hit = Object.entries(controls(message).buttons).find(([label]) => label.startsWith(startsWith));
  if (!hit) throw new Error(`no button starting '${startsWith}' in ${JSON.stringify(controls(message).buttons)}`);
  return hit[1];
}

describe('Discord end to end: /rule', () => {
  let fake: FakeDiscord;
  let bot: RunningBot;
  const alice = fakeUser('alice');
  const boris = fakeUser('boris');

  beforeEach(async () => {
    fake = await new FakeDiscord().start();
    const config = parseConfig({ DISCORD_TOKEN: 'fake.token.for-tests-0000', STORE_URL: 'memory:', LOG_LEVEL: 'silent' });
    bot = await startBot(config, createLogger('silent'), { rest: { api: fake.api }, handleSignals: false, renderProcesses: 0 });
  });

  afterEach(async () => {
    await bot?.stop();
    await fake?.close();
  });

  async function rule(user: typeof alice, options: Record<string, string>): Promise<BotReply> {
    const ix = fake.command(user, 'rule', options);
    await ix.callback();
    await bot.router.drain();
    return fake.repliesFor(ix.token)[0]!;
  }

  async function click(user: typeof alice, message: ApiMessage, customId: string): Promise<BotReply> {
    const ix = fake.click(user, message, customId);
    const cb = await ix.callback();
    await bot.router.drain();
    return { ...fake.repliesFor(ix.token)[0]!, raw: cb };
  }

  it('answers a Japanese question in Japanese with the specific case, its parent one click away', { timeout: 60_000 }, async () => {
    const r = await rule(alice, { query: '求心攻撃とは？' });
    expect(r.ephemeral).toBe(false);
    expect(r.content).toMatch(/^\*\*8\.3\(4\) 求心攻撃（包囲攻撃）ボーナス\*\* · Red Winter\n/);
    expect(r.content).toContain('1R');
    expect(r.content).not.toMatch(/Concentric/);
    const { buttons, menu } = controls(r.message);
    expect(Object.keys(buttons)).toEqual(
      expect.arrayContaining(['↑ 8.3 戦力比修正', '◀ 8.3(3) 遠距離支援による制圧', '8.3(5) 凍結湖の防御側 ▶', 'English']),
    );
    expect(menu?.values).toContain('redwinter:8.3(15)');
    // every customId follows the project's scheme and fits Discord's 100 characters
    for (const id of [...Object.values(buttons), menu!.id]) {
      expect(id.length).toBeLessThanOrEqual(100);
      expect(decodeCustomId(id)).toMatchObject({ kind: 'rule', gameId: '-', version: 0 });
    }
  });

  it('answers in Japanese when the Discord client is set to Japanese, even for an English question', { timeout: 60_000 }, async () => {
    const dispatch = fake.dispatch.bind(fake);
    fake.dispatch = (t, d) => dispatch(t, t === 'INTERACTION_CREATE' ? { ...(d as object), locale: 'ja' } : d);
    const r = await rule(alice, { query: 'frozen lake' });
    expect(r.content).toMatch(/^\*\*5\.2\.4 凍結湖\*\* · Red Winter\n/);
    const w = await rule(alice, { query: 'overcast' });
    expect(w.content).toMatch(/^\*\*99\.5 曇り\*\* · 天候ルール（99章）\n/);
    // an entry without Japanese text (a section only an owner's imported rulebook has) answers in English and says so
    const imported = {
      system: 'redwinter',
      id: '17.1',
      section: '17.1',
      title: 'The Campaign Game',
      summary: '(imported full text)',
      parent: null,
    };
    expect(formatRule(imported, 'ja', bot.ctx.rules)).toBe(
      '**17.1 The Campaign Game** · Red Winter\n(imported full text)\n（この項目の日本語の要約はまだありません）',
    );
  });

  it('routes an ASL section id to ASL without picking a system, with no source notes', { timeout: 60_000 }, async () => {
    const r = await rule(alice, { query: 'E4.3' });
    expect(r.content).toMatch(/^\*\*E4\.3 Movement\*\* · ASL chapter E\n/);
    expect(r.content).not.toMatch(/seed|Seed|001/);
    expect(Object.keys(controls(r.message).buttons)).toEqual(
      expect.arrayContaining(['↑ E4 Ski Troops', '◀ E4.2 Ski Mode', 'E4.4 Camouflage ▶', '日本語']),
    );
    const camo = await rule(alice, { query: 'E3.712' });
    expect(camo.content).toMatch(/^\*\*E3\.712 Winter Camouflage\*\*/);
    expect(camo.content).not.toMatch(/seed|Seed|partway/);
  });

  it('a follow-up button opens the sibling rule in place; another user gets a copy of their own', { timeout: 60_000 }, async () => {
    const r = await rule(alice, { query: 'what is a concentric attack' });
    expect(r.content).toMatch(/^\*\*8\.3\(4\) Concentric Attack Bonus\*\*/);
    const next = await click(alice, r.message!, button(r.message, '8.3(5) Defender in Frozen Lake'));
    expect(next.raw.body.type).toBe(7); // the asker's answer is updated in place
    expect(next.content).toMatch(/^\*\*8\.3\(5\) Defender in Frozen Lake\*\*/);
    expect(next.content).toContain('4R');
    expect(Object.keys(controls(next.message).buttons)).toEqual(
      expect.arrayContaining(['◀ 8.3(4) Concentric Attack Bonus', '8.3(6) Pajari Leader Bonus ▶']),
    );

    // the parent, then the same entry in Japanese
    const parent = await click(alice, next.message!, button(next.message, '↑ 8.3'));
    expect(parent.content).toMatch(/^\*\*8\.3 Combat Ratio Modifiers\*\*/);
    const ja = await click(alice, parent.message!, button(parent.message, '日本語'));
    expect(ja.content).toMatch(/^\*\*8\.3 戦力比修正\*\*/);

    // the menu of sections under 8.3 opens case 15
    const menu = controls(ja.message).menu!;
    const ix = fake.select(alice, ja.message!, menu.id, ['redwinter:8.3(15)']);
    await ix.callback();
    await bot.router.drain();
    expect(fake.repliesFor(ix.token)[0]!.content).toMatch(/^\*\*8\.3\(15\) フィンランド軍SMGボーナス\*\*/);

    // boris clicks alice's answer: he gets his own ephemeral copy, alice's message is untouched
    const other = await click(boris, r.message!, button(r.message, '↑ 8.3'));
    expect(other.raw.body.type).toBe(4);
    expect(other.ephemeral).toBe(true);
    expect(other.content).toMatch(/^\*\*8\.3 Combat Ratio Modifiers\*\*/);
    expect(decodeCustomId(controls(other.message).menu!.id)?.payload).toBe(`en:${boris.id}`);
    expect(decodeCustomId(button(other.message, '↑ 8.0'))?.payload).toBe(`en:${boris.id}:redwinter:8.0`);
  });

  it('offers the other rule sets that match as buttons, and narrows to one system when asked', { timeout: 60_000 }, async () => {
    const r = await rule(alice, { query: 'deep snow' });
    const labels = Object.keys(controls(r.message).buttons);
    expect(labels.filter((l) => /Deep Snow$/.test(l)).length).toBe(2); // the two other rule sets' Deep Snow
    expect(r.content).not.toMatch(/deep-snow/); // a Rifles heading never shows its slug
    const rifles = await rule(alice, { query: 'deep snow', system: 'rifles' });
    expect(rifles.content).toMatch(/^\*\*Deep Snow\*\* · Rifles winter rules\n/);
  });

  it("refuses a question with no answer ephemerally, with suggestions, in the question's language", { timeout: 60_000 }, async () => {
    const r = await rule(alice, { query: '7.30', system: 'redwinter' });
    expect(r.ephemeral).toBe(true);
    expect(r.content).toMatch(/No rule matches "7\.30" in Red Winter/);
    expect(r.content).toMatch(/`7\.0 Zone of Control`/);
    const ja = await rule(alice, { query: '潜水艦' });
    expect(ja.ephemeral).toBe(true);
    expect(ja.content).toMatch(/「潜水艦」に当たるルールが見つかりません/);
  });

  it('autocompletes over every rule set, labelled by rule set, and the pick answers exactly', { timeout: 60_000 }, async () => {
    const choices = await fake.autocomplete(alice, 'rule', { query: 'ahk' }, 'query').choices();
    expect(choices[0]).toMatchObject({ name: 'ASL chapter E · E4.8 Ahkio', value: 'asl:E4.8' });
    const r = await rule(alice, { query: 'asl:E4.8' });
    expect(r.content).toMatch(/^\*\*E4\.8 Ahkio\*\*/);
  });

  it('/roll judges a Red Winter table form with its DRMs named (16.4)', { timeout: 60_000 }, async () => {
    const ix = fake.command(alice, 'roll', { dice: 'rw:fnrt first pajari' });
    await ix.callback();
    await bot.router.drain();
    const r = fake.repliesFor(ix.token)[0]!;
    expect(r.content).toMatch(/Roll #1 .*Finnish Night Raid Table \(16\.4\), 1d6: \d\n→ total \d+: /);
    expect(r.content).toContain('+2 First Night Raid of the game (DRM 1)');
    expect(r.content).toContain('+2 Pajari takes part (DRM 2)');
    expect(r.content).toMatch(/Rules: Red Winter 16\.4, 16\.4\.1, 12\.3/);
  });

  it("the command definition is localized to Japanese and within Discord's limits", () => {
    const def = commandDefinitions().find((d) => d.name === 'rule')!;
    expect(commandProblems(def)).toEqual([]);
    expect(def.name_localizations?.ja).toBe('ルール');
    expect(def.description_localizations?.ja?.length).toBeGreaterThan(0);
    expect(def.description_localizations!.ja!.length).toBeLessThanOrEqual(100);
    for (const o of def.options ?? []) {
      expect(o.name_localizations?.ja).toMatch(/^[-_\p{L}\p{N}]{1,32}$/u);
      expect(o.description_localizations?.ja?.length).toBeLessThanOrEqual(100);
    }
  });
});
