// Shared harness for console tests: the real service, engine and renderer over a store (in memory by
// default), driven line by line as a player would type; returns everything the console printed.
import { PassThrough } from 'node:stream';
import { expect } from 'vitest';
import { parseConfig } from '../../src/config.js';
import { createLogger } from '../../src/log.js';
import { consolePlay } from '../../src/main-game.js';
import { runConsole } from '../../src/console/console.js';
import { loadRuleset } from '../../src/data/load.js';

export interface SessionOptions {
  storeUrl?: string;
  seed?: string;
}

export async function consoleSession(lines: string[], mapDir: string, options: SessionOptions = {}): Promise<string> {
  const config = parseConfig({ STORE_URL: options.storeUrl ?? 'memory:', MAP_DIR: mapDir });
  const ruleset = loadRuleset();
  const { play } = await consolePlay(config, createLogger('silent'), { ruleset, newSeed: () => options.seed ?? 'console-seed' });
  const input = new PassThrough();
  const output = new PassThrough();
  let text = '';
  output.on('data', (c) => (text += String(c)));
  const done = runConsole({ config, log: createLogger('silent'), input, output, play });
  input.end(lines.join('\n') + '\n');
  expect(await done).toBe(0);
  return text;
}
