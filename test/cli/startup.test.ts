// Start-up stays light (issue 18; figures: npm run bench:startup): console mode loads neither
// discord.js nor the dice notation library (mathjs), and the CLI loads only the subcommand it runs
// (help, none at all).
import { defaultOptions, parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';
import { isSubcommand, subcommandNames } from '../../src/cli/commands/catalogue.js';
import { loadCommand } from '../../src/cli/commands/index.js';
import { main } from '../../src/cli/main.js';

/** Packages reached from a file through static value imports (dynamic and type-only imports skipped). */
async function staticPackages(entry: string): Promise<string[]> {
  const tree = await parseDependencyTree([entry], {
    ...defaultOptions,
    cwd: process.cwd(),
    context: process.cwd(),
    tsconfig: 'tsconfig.json',
    skipDynamicImports: true,
    transform: true,
  });
  const packages = new Set<string>();
  for (const deps of Object.values(tree)) for (const d of deps ?? []) if (!d.request.startsWith('.')) packages.add(d.request);
  return [...packages];
}

describe('start-up loads only what it needs', () => {
  it('console mode (src/main.ts) reaches neither discord.js nor the dice notation library', async () => {
    const packages = await staticPackages('src/main.ts');
    expect(packages).toContain('canvas'); // the console draws maps
    expect(packages.filter((p) => /^(discord\.js|@discordjs\/|@dice-roller\/)/.test(p))).toEqual([]);
  });

  it('console mode reaches neither Keyv nor a Redis client: the store loads them for a redis:// URL only', async () => {
    const packages = await staticPackages('src/main.ts');
    expect(packages.filter((p) => /redis|keyv|bullmq/.test(p))).toEqual([]);
  });

  it('the Discord bot (src/main-bot.ts) does reach discord.js', async () => {
    expect(await staticPackages('src/main-bot.ts')).toContain('discord.js');
  });

  it('loads each subcommand by its own name', async () => {
    for (const name of subcommandNames) expect((await loadCommand(name)).name).toBe(name);
    expect(isSubcommand('nonsense')).toBe(false);
    expect(isSubcommand('constructor')).toBe(false);
  });

  it('the CLI (src/cli/main.ts) reaches no package before a subcommand runs: help loads none', async () => {
    expect(await staticPackages('src/cli/main.ts')).toEqual([]);
  });

  it('hexref roll reaches no Redis client: a roll from var/dice never loads one', async () => {
    const packages = await staticPackages('src/cli/commands/roll.ts');
    expect(packages.filter((p) => /redis|keyv/.test(p))).toEqual([]);
  });

  it('--help lists every subcommand in order with its summary, and `<name> --help` gives its usage', async () => {
    const out: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(l) };
    expect(await main(['--help'], io)).toBe(0);
    const listed = out
      .join('\n')
      .split('\n')
      .map((l) => /^ {2}(\S+) {2,}\S/.exec(l)?.[1])
      .filter((n) => n !== undefined);
    expect(listed).toEqual([...subcommandNames]);
    out.length = 0;
    expect(await main(['roll', '--help'], io)).toBe(0);
    expect(out.join('\n')).toMatch(/^roll dice from a channel's committed[^]*Usage: hexref roll <notation>/);
    out.length = 0;
    expect(await main(['constructor', '--help'], io)).toBe(2);
    expect(out.join('\n')).toMatch(/Unknown subcommand 'constructor'/);
  });
});
