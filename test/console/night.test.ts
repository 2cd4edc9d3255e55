// Console grammar for night turns (16.2 Bonfires, 16.3 Sub-Zero Loss Phase, 16.4 Night Raids): the real
// service, engine and an in-memory store with the shipped data, driven line by line as a player would type.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { consoleSession } from './session.js';

function session(lines: string[], mapDir: string): Promise<string> {
  return consoleSession(lines, mapDir);
}

describe('console: play bonfire / play raid and the Sub-Zero Loss Phase (16.2, 16.3, 16.4)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'hexref-night-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('builds a Bonfire, raids it, and rolls the SZLT when the phase ends', async () => {
    const out = await session(
      [
        'game new campaign both',
        'game standing empty stop', // every phase is stepped through by hand here
        'game start',
        ...Array.from({ length: 25 }, () => 'play end'), // to the Soviet Action Phase of turn 5 (night)
        'play bonfire 1/1/609+2/1/609',
        'play end',
        'play end',
        'play end', // Finnish Action Phase
        'play raid q25 1/1/JR16',
        'play raid q25', // usage
        'decide', // the Soviet player takes the raid's step loss where the default puts it (16.4 step 4)
        'play end',
        'play end', // into the Sub-Zero Loss Phase
        'play end', // the Soviet player ends it: every roll is made
        'quit',
      ],
      dir,
    );
    expect(out).toMatch(/build a Bonfire with 1\/1\/609\+2\/1\/609/);
    expect(out).toMatch(/Bonfire in Q25: 1\/1\/609, 2\/1\/609 under it \(rule 16\.2\)/);
    // The raid finds the Bonfire hex and attacks on the CRT; the raider checks alone on the SZLT (16.4 step 5).
    expect(out).toMatch(/🌙 Night Raid on Q25 from [A-X]\d+ .*Target hex has a Bonfire marker: \+2 \(16\.4 DRM 3\)/);
    expect(out).toMatch(/⚔️ Raid attack on Q25: \d+ vs \d+ \(\d+:\d+\), \d[RL] → column \d:\d; roll #\d+ = \d+: \d\/\d/);
    expect(out).toMatch(/Sub-Zero Loss check of the Finnish unit in [A-X]\d+ \(1\/1\/JR16\): roll #\d+/);
    expect(out).toMatch(/Usage: play raid <target hex> <unit\[\+unit…\]> \[from <hex>\]/);
    expect(out).toMatch(/Sub-Zero Loss check of the Soviet (?:unit|stack) in [A-X]\d+ \(.*\): roll #\d+ = \d/);
    expect(out).not.toMatch(/Sub-Zero Loss check of the Soviet (?:unit|stack) in Q25 \(1\/1\/609/);
    expect(out).toMatch(/Sub-Zero Loss Phase over: 1 Skull marker and 1 Bonfire removed \(rule 16\.3\)/);
  }, 120_000);
});
