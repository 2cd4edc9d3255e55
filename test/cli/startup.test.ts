// Start-up stays light (issue 18; figures: npm run bench:startup): console mode loads neither
// discord.js nor the dice notation library (mathjs), and the CLI loads only the subcommand it runs.
import { defaultOptions, parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';
import { commandNames, loadCommand, loadCommands } from '../../src/cli/commands/index.js';

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

  it('the Discord bot (src/main-bot.ts) does reach discord.js', async () => {
    expect(await staticPackages('src/main-bot.ts')).toContain('discord.js');
  });

  it('loads each subcommand by its own name, and --help lists them all in order', async () => {
    expect((await loadCommands()).map((c) => c.name)).toEqual([...commandNames]);
    expect(await loadCommand('nonsense')).toBeUndefined();
    expect(await loadCommand('constructor')).toBeUndefined();
  });
});
