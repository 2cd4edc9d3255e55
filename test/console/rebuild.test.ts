// Console grammar for Recovery (13.3), Digging In (14.x) and Replacements (13.2): the real service,
// engine and an in-memory store, driven line by line as a player would type.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { consoleSession } from './session.js';

function session(lines: string[], mapDir: string): Promise<string> {
  return consoleSession(lines, mapDir);
}

describe('console: play recover / dig / replace (13.2, 13.3, 14.0)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'hexref-rebuild-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('digs in, refuses Recovery of a full-strength company and RPs on a turn without any, naming the rules', async () => {
    const out = await session(
      [
        'game new tutorial both',
        'game standing empty stop', // stop in the reset phase, to try an RP there
        'game start',
        'play replace 1/1/609', // Soviet Reset Phase of turn 2: the tutorial gives no RPs
        'play end',
        'play dig 1/1/609+2/1/609',
        'play recover 3/1/609',
        'play dig MG/1/609', // same hex, same turn: the marker only flips on a later turn
        'play replace 1/1/609 b 6 turn 4 full',
        'play undig m 16',
        'quit',
      ],
      dir,
    );
    expect(out).toMatch(/Refused: No Replacement Points arrive this turn.*\(rule 13\.2\)/);
    expect(out).toMatch(/dig in with 1\/1\/609\+2\/1\/609/);
    expect(out).toMatch(/1\/1\/609, 2\/1\/609 dig in at M16: a Digging In marker is placed \(rule 14\.2\)/);
    expect(out).toMatch(/Refused: 3\/1\/609 is at full strength.*\(rule 13\.3\)/);
    expect(out).toMatch(/Refused: The Digging In marker in M16 was placed this turn.*\(rule 14\.2\)/);
    expect(out).toMatch(/Refused: RPs are spent in your Reset Phase.*\(rule 13\.2\)/);
    expect(out).toMatch(/The Digging In marker at M16 is removed: by its owner \(rule 14\.1\)/);
  }, 60_000);
});
