// The console answers decisions in the same words as `/play decide` (src/app/decision-answers.ts):
// the defender splits two losses into a step and a retreat to a hex it picks (8.5, 8.5.2), the
// attacker chooses who advances and along which path (8.7, 8.7.1). Same game and seed as the Discord
// end-to-end test (test/discord/decisions-e2e.test.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { consoleSession } from './session.js';

const opening = [
  'game new tutorial finnish',
  'as Boris',
  'game join soviet',
  'as you',
  'game start', // the Soviet reset phase has nothing to decide: it ends by itself
  'as Boris',
  'play move 3/1/609 K16',
  'play move 1/1/609+2/1/609+MG/1/609 K16',
  'play end',
  'play combat j16', // the odds first (8.2–8.4) …
  'confirm', // … then the attack
  'as you',
  'decide none', // no Defensive Support (10.3.2)
];

describe('console: the owner decides losses, retreat and advance (8.5, 8.7)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'hexref-decide-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('8.5, 8.5.2: decide ? lists the answers; a step and a one-hex retreat to J15; a typo is refused, naming the units', async () => {
    const out = await consoleSession(
      [
        ...opening,
        'decide ?',
        'decide step 2/1/JR16',
        'decide step MG/1/JR16#1; retreat J15',
        'as Boris',
        'decide 3/1/609 J16',
        'decide stay',
        'game status',
        'quit',
      ],
      dir,
      { seed: 'loss-5' },
    );
    expect(out).toMatch(/Finnish: take 2 loss\(es\) as the defender of combat #1 \(rule 8\.5\)/);
    expect(out).toMatch(/retreat <hex> <hex> …/);
    expect(out).toMatch(
      /Refused: 2\/1\/JR16 is not one of the units taking this loss \(1\/1\/JR16, MG\/1\/JR16#1\) \(rule 8\.5\)\. `decide \?` shows the answers/,
    );
    expect(out).toMatch(/MG\/1\/JR16#1 loses 1 step \(combat loss, rule 8\.5\.1\)/);
    expect(out).toMatch(/1\/1\/JR16 retreats J16→J15 \(rule 8\.5\.2\)/);
    expect(out).toMatch(/advance 3\/1\/609 to J16/);
    expect(out).toMatch(/Waiting for the Soviet side \(Boris\): Combat Phase/);
  });

  it('8.5.2, 8.7.1: a two-hex retreat along a chosen path, and an advance of one unit two hexes', async () => {
    const out = await consoleSession(
      [...opening, 'decide retreat J15 I14', 'as Boris', 'decide 3/1/609 J16 J15', 'decide stay', 'game status', 'quit'],
      dir,
      { seed: 'loss-5' },
    );
    expect(out).toMatch(/1\/1\/JR16 retreats J16→J15→I14 \(rule 8\.5\.2\)/);
    expect(out).toMatch(/3\/1\/609 advance to J16→J15|advance 3\/1\/609 to J15/);
    expect(out).toMatch(/Waiting for the Soviet side \(Boris\): Combat Phase/);
  });
});
