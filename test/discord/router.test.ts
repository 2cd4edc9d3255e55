// The router, reply helpers and customId codec against the real discord.js Client and the local
// fake Discord (no network): slash commands, autocomplete, buttons, selects, refusals, errors.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  SlashCommandBuilder,
  StringSelectMenuBuilder,
  type Client,
  type TextChannel,
} from 'discord.js';
import { connectDiscord } from '../../src/discord/client.js';
import { Router } from '../../src/discord/router.js';
import type { Command, ComponentHandler } from '../../src/discord/command.js';
import { encodeCustomId, isStale } from '../../src/discord/custom-id.js';
import { defer, respond, Refusal } from '../../src/discord/replies.js';
import { createLogger } from '../../src/log.js';
import { FakeDiscord, fakeUser } from '../support/fake-discord.js';

interface Ctx {
  version: number;
  clicks: string[];
}

const echo: Command<Ctx> = {
  data: new SlashCommandBuilder()
    .setName('echo')
    .setDescription('test command')
    .addSubcommand((s) =>
      s
        .setName('say')
        .setDescription('say it')
        .addStringOption((o) => o.setName('text').setDescription('what').setRequired(true).setAutocomplete(true)),
    )
    .addSubcommand((s) => s.setName('slow').setDescription('defers first'))
    .addSubcommand((s) => s.setName('refuse').setDescription('refuses after a defer'))
    .addSubcommand((s) => s.setName('boom').setDescription('throws'))
    .addSubcommand((s) => s.setName('buttons').setDescription('posts buttons')),
  async execute(ix, ctx) {
    const sub = ix.options.getSubcommand();
    if (sub === 'say') return void (await respond(ix, { content: `you said ${ix.options.getString('text', true)}` }));
    if (sub === 'slow') {
      await defer(ix);
      await new Promise((r) => setTimeout(r, 50));
      return void (await respond(ix, { content: 'done slowly', files: [{ attachment: Buffer.from('hello'), name: 'x.txt' }] }));
    }
    if (sub === 'refuse') {
      await defer(ix);
      throw new Refusal('M16 is in an enemy ZOC: the stack must stop there.', '7.1', 'move to a hex outside enemy ZOC first.');
    }
    if (sub === 'boom') throw new Error('secret internals');
    const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder()
        .setCustomId(encodeCustomId({ kind: 'pick', gameId: 'g1', version: ctx.version, payload: 'a' }))
        .setLabel('A')
        .setStyle(ButtonStyle.Primary),
    );
    const row2 = new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
      new StringSelectMenuBuilder()
        .setCustomId(encodeCustomId({ kind: 'pick', gameId: 'g1', version: ctx.version, payload: 'sel' }))
        .addOptions({ label: 'one', value: '1' }, { label: 'two', value: '2' }),
    );
    return void (await respond(ix, { content: 'choose', components: [row, row2] }));
  },
  async autocomplete(ix) {
    const typed = ix.options.getFocused();
    await ix.respond(['alpha', 'beta', 'gamma'].filter((x) => x.startsWith(typed)).map((x) => ({ name: x, value: x })));
  },
};

const pick: ComponentHandler<Ctx> = {
  kind: 'pick',
  async handle(ix, ref, ctx) {
    if (isStale(ref, ctx.version))
      throw new Refusal('That button is from an older position of the game.', undefined, 'use the newest message.');
    ctx.clicks.push(ix.isStringSelectMenu() ? ix.values.join(',') : ref.payload);
    ctx.version += 1;
    await ix.update({ content: `picked ${ref.payload}`, components: [] });
  },
};

describe('discord router against the fake Discord', () => {
  let fake: FakeDiscord;
  let client: Client;
  let router: Router<Ctx>;
  let ctx: Ctx;
  const alice = fakeUser('alice');

  beforeEach(async () => {
    fake = await new FakeDiscord().start();
    ctx = { version: 3, clicks: [] };
    router = new Router([echo], [pick], ctx, createLogger('silent'));
    client = await connectDiscord(
      { DISCORD_TOKEN: 'fake.token.value' },
      createLogger('silent'),
      { api: fake.api },
      { router, handleSignals: false },
    );
  });
  afterEach(async () => {
    await client?.destroy();
    await fake?.close();
  });

  it('answers a slash command', async () => {
    const r = await fake.command(alice, 'echo say', { text: 'hi' }).reply();
    expect(r.content).toBe('you said hi');
    expect(r.ephemeral).toBe(false);
  });

  it('offers autocomplete choices', async () => {
    const choices = await fake.autocomplete(alice, 'echo say', { text: 'b' }, 'text').choices();
    expect(choices).toEqual([{ name: 'beta', value: 'beta' }]);
  });

  it('defers, then edits the placeholder with a file', async () => {
    const ix = fake.command(alice, 'echo slow');
    expect((await ix.callback()).body.type).toBe(5);
    const r = await ix.reply();
    expect(r.raw.method).toBe('PATCH');
    expect(r.content).toBe('done slowly');
    expect(r.files[0]!.data.toString()).toBe('hello');
  });

  it('turns a refusal after a public defer into an ephemeral follow-up citing the rule', async () => {
    const ix = fake.command(alice, 'echo refuse');
    const r = await ix.reply();
    expect(r.ephemeral).toBe(true);
    expect(r.content).toContain('rule 7.1');
    expect(r.content).toContain('How to fix');
    expect(ix.requests.some((q) => q.method === 'DELETE')).toBe(true);
  });

  it('answers an unexpected error generically with an id', async () => {
    const r = await fake.command(alice, 'echo boom').reply();
    expect(r.ephemeral).toBe(true);
    expect(r.content).toMatch(/error id `[0-9a-f]{8}`/);
    expect(r.content).not.toContain('secret');
  });

  it('routes buttons and selects by customId and refuses a stale click', async () => {
    const msg = (await fake.command(alice, 'echo buttons').reply()).message!;
    const [button] = msg.components[0].components;
    const [select] = msg.components[1].components;
    const first = await fake.click(alice, msg, button.custom_id).reply();
    expect(first.content).toBe('picked a');
    expect(ctx.clicks).toEqual(['a']);
    const stale = await fake.select(alice, msg, select.custom_id, ['2']).reply();
    expect(stale.ephemeral).toBe(true);
    expect(stale.content).toContain('older position');
    expect(ctx.clicks).toEqual(['a']);
  });

  it('the fake records channel messages and serves the guild from GUILD_CREATE', async () => {
    expect(client.guilds.cache.get(fake.guildId)?.name).toBe('Tolvajärvi');
    const channel = client.channels.cache.get(fake.channelId) as TextChannel;
    await channel.send({ content: 'hello', files: [{ attachment: Buffer.from('x'), name: 'a.txt' }] });
    const post = fake.channelPosts()[0]!;
    expect(post.body.content).toBe('hello');
    expect(post.files[0]!.name).toBe('a.txt');
    expect(post.headers.authorization).toBe('Bot fake.token.value');
  });

  it('refuses a control it does not know', async () => {
    const msg = (await fake.command(alice, 'echo buttons').reply()).message!;
    const r = await fake.click(alice, msg, 'some-old-format').reply();
    expect(r.ephemeral).toBe(true);
    expect(r.content).toContain('/game status');
  });
});
