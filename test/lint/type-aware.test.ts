// Type-aware lint (eslint.config.js): a promise nobody awaits and a switch over a union that forgets a
// member fail lint. The code under test is on disk (test/fixtures/lint/, which `npm run lint` ignores),
// so the TypeScript program and the linter read the same text: linting in-memory text under the name
// of a real source file let the program see the file on disk instead, and the rules found nothing.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

async function ruleIds(file: string): Promise<(string | null)[]> {
  // The fixtures' own small TypeScript project is far quicker to load than the whole repository's.
  const eslint = new ESLint({
    cwd: process.cwd(),
    ignore: false,
    overrideConfig: {
      files: ['**/*.ts'],
      languageOptions: { parserOptions: { projectService: false, project: './test/fixtures/lint/tsconfig.json' } },
    },
  });
  const [result] = await eslint.lintFiles([`test/fixtures/lint/${file}`]);
  return (result?.messages ?? []).map((m) => m.ruleId);
}

describe('type-aware lint', () => {
  it('refuses a floating promise', async () => {
    expect(await ruleIds('floating-promise.ts')).toEqual(['@typescript-eslint/no-floating-promises']);
  });

  it('refuses a switch over the Phase union that forgets a phase', async () => {
    expect(await ruleIds('phase-switch.ts')).toEqual(['@typescript-eslint/switch-exhaustiveness-check']);
  });
});
