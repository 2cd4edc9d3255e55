// `npm run deploy-commands` against the local fake Discord, and Discord's limits on every definition.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import { commandDefinitions } from '../../commands/index.js';
import { commandProblems, commandSetProblems } from '../../src/discord/limits.js';
import { deployCommands, DeployError } from '../../src/discord/deploy.js';
import { FakeDiscord } from '../support/fake-discord.js';

const subcommands = (n: number) => Array.from({ length: n }, (_, i) => ({ type: 1, name: `s${i}`, description: 'x', options: [] }));

function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  return main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) }).then((code) => ({
    code,
    out: out.join('\n'),
    err: err.join('\n'),
  }));
}

describe('deploy-commands', () => {
  let fake: FakeDiscord;
  beforeEach(async () => {
    fake = await new FakeDiscord().start();
    vi.stubEnv('DISCORD_TOKEN', 'fake.bot.token-for-tests-only');
    vi.stubEnv('DISCORD_CLIENT_ID', fake.appId);
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    await fake.close();
  });

  it('PUTs every definition to the guild when DISCORD_GUILD_ID is set', async () => {
    vi.stubEnv('DISCORD_GUILD_ID', fake.guildId);
    const r = await run(['deploy-commands', '--api', fake.api]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const put = fake.requests.find((q) => q.method === 'PUT')!;
    expect(put.path).toBe(`/applications/${fake.appId}/guilds/${fake.guildId}/commands`);
    expect(put.headers.authorization).toBe('Bot fake.bot.token-for-tests-only');
    expect(put.body).toEqual(JSON.parse(JSON.stringify(commandDefinitions())));
    expect(
      fake.commands
        .get(fake.guildId)!
        .map((c) => c.name)
        .sort(),
    ).toEqual(
      commandDefinitions()
        .map((d) => d.name)
        .sort(),
    );
    expect(r.out).toMatch(/to guild/);
  });

  it('PUTs globally when no guild is set', async () => {
    vi.stubEnv('DISCORD_GUILD_ID', '');
    const r = await run(['deploy-commands', '--api', fake.api]);
    expect(r.code).toBe(0);
    expect(fake.requests.find((q) => q.method === 'PUT')!.path).toBe(`/applications/${fake.appId}/commands`);
    expect(r.out).toMatch(/globally/);
  });

  it('explains what is missing without a client id, and sends nothing', async () => {
    vi.stubEnv('DISCORD_CLIENT_ID', '');
    const r = await run(['deploy-commands', '--api', fake.api]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/DISCORD_CLIENT_ID/);
    expect(fake.requests).toHaveLength(0);
  });

  it('--dry-run prints the definitions and sends nothing', async () => {
    const r = await run(['deploy-commands', '--dry-run']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).map((d: { name: string }) => d.name)).toEqual(commandDefinitions().map((d) => d.name));
    expect(fake.requests).toHaveLength(0);
  });

  it('never sends a set that breaks the limits', async () => {
    // (The builders refuse a 26th subcommand themselves, so this is raw JSON, as a hand-edited file might be.)
    const tooMany = { name: 'big', description: 'too many subcommands', options: subcommands(26) } as never;
    await expect(deployCommands({ token: 't', clientId: fake.appId, api: fake.api, definitions: [tooMany] })).rejects.toThrow(DeployError);
    expect(fake.requests).toHaveLength(0);
  });
});

describe("command definitions respect Discord's limits", () => {
  it('every definition: names, descriptions, ≤25 options/choices/subcommands, total size', () => {
    const defs = commandDefinitions();
    expect(defs.length).toBeGreaterThan(0);
    expect(commandSetProblems(defs)).toEqual([]);
  });

  it('the checker catches each kind of breach', () => {
    const b = { name: 'x', description: 'd'.repeat(100), options: subcommands(26) } as never;
    expect(commandProblems(b).join('\n')).toMatch(/26 options/);
    const json = { name: 'Bad Name', description: 'd'.repeat(101), options: [] } as never;
    const p = commandProblems(json).join('\n');
    expect(p).toMatch(/lower case|letters/);
    expect(p).toMatch(/101 characters/);
    const choices = {
      name: 'c',
      description: 'd',
      options: [
        { type: 3, name: 'o', description: 'd', choices: Array.from({ length: 26 }, (_, i) => ({ name: `n${i}`, value: `v${i}` })) },
      ],
    } as never;
    expect(commandProblems(choices).join('\n')).toMatch(/26 choices/);
    const huge = {
      name: 'h',
      description: 'd',
      options: Array.from({ length: 25 }, (_, i) => ({
        type: 3,
        name: `o${i}`,
        description: 'd'.repeat(100),
        choices: Array.from({ length: 25 }, (_, j) => ({ name: `n${j}`.padEnd(90, 'x'), value: `v${j}` })),
      })),
    } as never;
    expect(commandProblems(huge).join('\n')).toMatch(/max 4000/);
    const order = {
      name: 'o',
      description: 'd',
      options: [
        { type: 3, name: 'a', description: 'd' },
        { type: 3, name: 'b', description: 'd', required: true },
      ],
    } as never;
    expect(commandProblems(order).join('\n')).toMatch(/before optional/);
  });
});
