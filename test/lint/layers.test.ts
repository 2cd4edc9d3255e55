// The layer rules of docs/architecture.md are enforced by ESLint: prove a forbidden import fails.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

async function lint(file: string, code: string) {
  // The files linted here do not exist, so the type-aware rules (which need the TypeScript project) are off.
  const eslint = new ESLint({
    cwd: process.cwd(),
    overrideConfig: {
      files: ['**/*.ts'],
      languageOptions: { parserOptions: { projectService: false } },
      rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/switch-exhaustiveness-check': 'off' },
    },
  });
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'hexref/layers');
}

describe('layer rules', () => {
  it('rejects the engine importing the store', async () => {
    const msgs = await lint('src/engine/movement.ts', "import { x } from '../store/ping.js';\nexport const y = x;\n");
    expect(msgs).toHaveLength(1);
    expect(msgs[0]!.message).toMatch(/engine .* may not import store/);
  });

  it('rejects I/O packages in the engine', async () => {
    expect(await lint('src/engine/a.ts', "import fs from 'node:fs';\nexport const a = fs;\n")).toHaveLength(1);
  });

  it('allows keyv only in src/store', async () => {
    expect(await lint('src/app/service.ts', "import Keyv from 'keyv';\nexport const k = Keyv;\n")).toHaveLength(1);
    expect(await lint('src/store/redis.ts', "import Keyv from 'keyv';\nexport const k = Keyv;\n")).toHaveLength(0);
  });

  it('allows canvas only in render/', async () => {
    expect(await lint('src/app/x.ts', "import { createCanvas } from 'canvas';\nexport const c = createCanvas;\n")).toHaveLength(1);
    expect(await lint('render/map.ts', "import { createCanvas } from 'canvas';\nexport const c = createCanvas;\n")).toHaveLength(0);
  });

  it('allows discord.js only in src/discord and commands/', async () => {
    expect(await lint('src/app/x.ts', "import { Client } from 'discord.js';\nexport const c = Client;\n")).toHaveLength(1);
    expect(await lint('commands/move.ts', "import { Client } from 'discord.js';\nexport const c = Client;\n")).toHaveLength(0);
    expect(await lint('src/discord/router.ts', "import { Client } from 'discord.js';\nexport const c = Client;\n")).toHaveLength(0);
  });

  it('lets the engine import its own files and seedrandom', async () => {
    expect(
      await lint(
        'src/engine/a.ts',
        "import seedrandom from 'seedrandom';\nimport { b } from './hex.js';\nexport const a = [seedrandom, b];\n",
      ),
    ).toHaveLength(0);
  });

  it('keeps the engine layered: a kernel file may not import a rule area (docs/architecture.md)', async () => {
    const msgs = await lint('src/engine/zoc.ts', "import { isNight } from './movement.js';\nexport const z = isNight;\n");
    expect(msgs).toHaveLength(1);
    expect(msgs[0]!.message).toMatch(/Engine layer rule: src\/engine\/zoc.ts \(kernel\) may not import src\/engine\/movement.js \(rules\)/);
  });

  it('keeps the type leaves at the bottom: core may not import the kernel, even for types', async () => {
    expect(await lint('src/engine/events.ts', "import type { Ctx } from './ctx.js';\nexport type E = Ctx;\n")).toHaveLength(1);
    expect(await lint('src/engine/events.ts', "import type { Side } from './ruleset.js';\nexport type E = Side;\n")).toHaveLength(0);
  });

  it('lets rule areas use the kernel but not the top (apply, legal, the Engine)', async () => {
    expect(await lint('src/engine/night.ts', "import { zocOf } from './zoc.js';\nexport const n = zocOf;\n")).toHaveLength(0);
    expect(
      await lint('src/engine/combat/odds.ts', "import { applyAction } from '../apply.js';\nexport const n = applyAction;\n"),
    ).toHaveLength(1);
    expect(await lint('src/engine/apply.ts', "import { nightOptions } from './night.js';\nexport const n = nightOptions;\n")).toHaveLength(
      0,
    );
  });
});
