// The console has Discord's /rule and /roll: a rule lookup in every rule set we ship, and numbered
// rolls from the console's committed dice stream, with a clear refusal for notation it cannot read.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { consoleSession } from './session.js';

describe('console: rule and roll', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'hexref-rule-roll-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('looks up 8.5 by id and by words, rolls 2d6 twice with numbers and a commitment, refuses bad notation', async () => {
    const out = await consoleSession(['rule 8.5', 'rule retreat priorities', 'rule', 'roll 2d6', 'roll 2d6', 'roll 2q9', 'quit'], dir);
    expect(out).toMatch(/\[redwinter\] 8\.5/);
    expect(out).toMatch(/Usage: rule <section or words>/);
    expect(out).toMatch(/New dice stream for the console: commitment [0-9a-f]{64}/);
    expect(out).toMatch(/Roll #1: /);
    expect(out).toMatch(/Roll #2: /);
    expect(out).toMatch(/Refused: .*2q9/);
  });
});
