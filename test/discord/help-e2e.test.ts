// /help through the real discord.js client against the fake Discord, and where each command may be
// used: /game, /play and /map only in servers; /rule, /roll and /help also in a DM with the bot.
import { InteractionContextType } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commandDefinitions } from '../../commands/index.js';
import { startBotHarness, type BotHarness } from '../support/bot-harness.js';
import { fakeUser } from '../support/fake-discord.js';

describe('/help and command contexts', () => {
  let h: BotHarness;
  const alice = fakeUser('alice');

  beforeEach(async () => {
    h = await startBotHarness();
  });

  afterEach(async () => {
    await h?.stop();
  });

  it('explains every command and its subcommands, with examples, in one private message', async () => {
    const r = await h.slash(alice, 'help');
    expect(r[0]!.ephemeral).toBe(true);
    const text = r[0]!.content;
    expect(text).toMatch(
      /\*\*\/game\*\* new · join · seat · leave · bid · place · standing · start · status · undo · resign · abort · export · list · away · remind · forget · verify:/,
    );
    expect(text).toMatch(/\*\*\/play\*\* move · combat · assault/);
    expect(text).toMatch(/\*\*\/map\*\* whole · zoom · reach/);
    expect(text).toMatch(/\*\*\/rule\*\*: Look up a rule/);
    expect(text).toMatch(/`\/play assault units:3\/1\/609 target:J16 path:K16`/);
    expect(text).not.toMatch(/\*\*\/help\*\*/);
    expect(text.length).toBeLessThan(2000); // one message, nothing clipped
    expect(text.trimEnd().endsWith('`/roll dice:rw:rat ras=3 night`')).toBe(true);
  });

  it('keeps games in servers and lets /rule, /roll and /help work in a DM with the bot', () => {
    const contexts = Object.fromEntries(commandDefinitions().map((d) => [d.name, d.contexts]));
    for (const name of ['game', 'play', 'map']) expect(contexts[name], name).toEqual([InteractionContextType.Guild]);
    for (const name of ['rule', 'roll', 'help'])
      expect(contexts[name], name).toEqual([InteractionContextType.Guild, InteractionContextType.BotDM]);
  });
});
