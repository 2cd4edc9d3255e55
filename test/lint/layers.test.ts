// The layer rules of docs/architecture.md are enforced by ESLint: prove a forbidden import fails.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

async function lint(file: string, code: string) {
  const eslint = new ESLint({ cwd: process.cwd() });
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
    expect(await lint('src/engine/a.ts', "import seedrandom from 'seedrandom';\nimport { b } from './hex.js';\nexport const a = [seedrandom, b];\n")).toHaveLength(0);
  });
});
