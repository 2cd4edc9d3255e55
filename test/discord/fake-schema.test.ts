// The fake Discord checks what the bot sends against Discord's published API schema (discord-api-spec):
// a body Discord would refuse is answered 400 and fails the test when the fake is closed.
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.js';
import { createLogger } from '../../src/log.js';
import { startBot, type RunningBot } from '../../src/main-bot.js';
import { commandDefinitions } from '../../commands/index.js';
import { FakeDiscord, discordSchemaProblem, fakeUser, snowflake } from '../support/fake-discord.js';

const row = (components: unknown[]) => ({ type: 1, components });
const button = (label: string) => ({ type: 2, style: 1, custom_id: 'hx1|end|g-1|1|action', label });

describe('Discord API schema checks in the fake', () => {
  it('accepts what Discord accepts: a defer, a reply with buttons, a follow-up, a channel message, our command PUT', () => {
    expect(discordSchemaProblem('POST', '/interactions/1/tok/callback', { type: 5 }, 0)).toBeNull();
    expect(
      discordSchemaProblem(
        'POST',
        '/interactions/1/tok/callback',
        { type: 4, data: { content: 'hi', flags: 64, components: [row([button('End')])] } },
        0,
      ),
    ).toBeNull();
    expect(
      discordSchemaProblem(
        'POST',
        '/interactions/1/tok/callback',
        { type: 8, data: { choices: [{ name: 'Tutorial', value: 'tutorial' }] } },
        0,
      ),
    ).toBeNull();
    expect(
      discordSchemaProblem(
        'PATCH',
        '/webhooks/1/tok/messages/@original',
        { content: 'x', attachments: [{ id: '0', filename: 'map.png' }] },
        1,
      ),
    ).toBeNull();
    expect(
      discordSchemaProblem('POST', '/webhooks/1/tok', { content: 'x', allowed_mentions: { users: [snowflake()], parse: [] } }, 0),
    ).toBeNull();
    expect(discordSchemaProblem('POST', '/channels/1/messages', { content: 'x' }, 0)).toBeNull();
    expect(discordSchemaProblem('PUT', '/applications/1/commands', commandDefinitions(), 0)).toBeNull();
  });

  it('refuses what Discord refuses, naming the field', () => {
    expect(discordSchemaProblem('POST', '/interactions/1/tok/callback', { type: 4, data: { content: 'x'.repeat(2001) } }, 0)).toMatch(
      /data\.content: too_big/,
    );
    expect(discordSchemaProblem('POST', '/interactions/1/tok/callback', { type: 42 }, 0)).toMatch(/not an interaction callback type/);
    expect(discordSchemaProblem('PATCH', '/webhooks/1/tok/messages/@original', { components: [row([button('x'.repeat(81))])] }, 0)).toMatch(
      /components\.0/,
    );
    expect(
      discordSchemaProblem(
        'PATCH',
        '/webhooks/1/tok/messages/@original',
        { components: [row(Array.from({ length: 6 }, () => button('b')))] },
        0,
      ),
    ).toMatch(/components/);
    expect(discordSchemaProblem('POST', '/webhooks/1/tok', { content: 'x', allowed_mentions: { users: ['alice'] } }, 0)).toMatch(
      /allowed_mentions/,
    );
    expect(discordSchemaProblem('POST', '/webhooks/1/tok', {}, 0)).toMatch(/empty message/);
    expect(discordSchemaProblem('POST', '/channels/1/messages', { content: 'x' }, 2)).toMatch(/2 file\(s\) uploaded, 0 described/);
    const tooLong = [{ ...commandDefinitions()[0], name: 'a-name-much-longer-than-thirty-two-chars' }];
    expect(discordSchemaProblem('PUT', '/applications/1/commands', tooLong, 0)).toMatch(/\[0\] name/);
  });

  describe('against the real bot', () => {
    let fake: FakeDiscord | undefined;
    let bot: RunningBot | undefined;
    afterEach(async () => {
      await bot?.stop();
      await fake?.close().catch(() => undefined);
    });

    it('answers a malformed request 400 like Discord, and close() then fails naming it', { timeout: 30_000 }, async () => {
      fake = await new FakeDiscord().start();
      const config = parseConfig({ DISCORD_TOKEN: 'fake.token.for-tests-0000', STORE_URL: 'memory:', LOG_LEVEL: 'silent' });
      bot = await startBot(config, createLogger('silent'), { rest: { api: fake.api }, handleSignals: false, renderProcesses: 0 });
      // A well-formed round trip first: no schema errors.
      const ix = fake.command(fakeUser('carol'), 'roll', { dice: '2d6' });
      await ix.reply();
      await bot.router.drain();
      expect(fake.schemaErrors).toEqual([]);
      // Then a message Discord would refuse (a button label over 80 characters), sent by the bot's client.
      const err = await bot.client.rest
        .post(`/channels/${fake.channelId}/messages`, { body: { content: 'x', components: [row([button('y'.repeat(90))])] } })
        .catch((e: unknown) => e as { status?: number; message?: string });
      expect((err as { status?: number }).status).toBe(400);
      expect(fake.schemaErrors).toHaveLength(1);
      await expect(fake.close()).rejects.toThrow(
        /the bot sent 1 request\(s\) that Discord's API schema refuses:\n {2}POST \/channels\/\d+\/messages: components\.0/,
      );
      fake = undefined;
    });
  });
});
