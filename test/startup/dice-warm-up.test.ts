// The dice notation library (@dice-roller/rpg-dice-roller, src/dice/notation.ts) loads synchronously and
// blocks 1–9 s: the bot loads it at start-up, before it connects (src/main-bot.ts#warmDiceLibrary), so the
// first `/roll 4d6kh3` of a process is answered at once; the CLI and the console leave it to first use.
// Whether a module is loaded is per process, so each case runs in a child process of its own.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Run `script` (ESM, TypeScript through tsx) in a child process; what it printed. */
function run(script: string): string {
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'silent' },
    timeout: 90_000,
  });
  if (r.status !== 0) throw new Error(`child failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout.trim();
}

/** A line that prints whether the library is in this process's module cache. */
const LOADED = `const cjs = (await import('node:module')).createRequire(import.meta.url); const loaded = () => Object.keys(cjs.cache).some((k) => k.includes('rpg-dice-roller'));`;

describe('dice library warm-up (issue 45)', () => {
  it('the bot has the library loaded once it has started, before any roll', { timeout: 100_000 }, async () => {
    const out = run(`
      ${LOADED}
      const { startBotHarness } = await import('./test/support/bot-harness.ts');
      const before = loaded();
      const h = await startBotHarness();
      const after = loaded();
      await h.stop();
      console.log(JSON.stringify({ before, after }));
    `);
    expect(JSON.parse(out)).toEqual({ before: false, after: true });
  });

  it('the CLI and console mode do not load it until a roll needs it', { timeout: 100_000 }, async () => {
    const out = run(`
      ${LOADED}
      await import('./src/cli/main.ts');
      await import('./src/main.ts');
      const { consolePlay } = await import('./src/main-game.ts');
      const { parseConfig } = await import('./src/config.ts');
      const { createLogger } = await import('./src/log.ts');
      const { play } = await consolePlay(parseConfig({ STORE_URL: 'memory:' }), createLogger('silent'));
      const started = loaded();
      await play.roll('4d6kh3');
      console.log(JSON.stringify({ started, rolled: loaded() }));
      await play.close();
    `);
    expect(JSON.parse(out)).toEqual({ started: false, rolled: true });
  });
});
