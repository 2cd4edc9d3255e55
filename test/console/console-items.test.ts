// Console items of issue 46: `cancel` and `no` after the odds, `map reach` on part of a stack, the note on
// extended-move hexes, the help (each verb once, the scenario ids), `game list` after a restart, and
// reinforcements brought on as stacks (13.1).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { consoleSession } from './session.js';

/** The console's answer to the n-th command line (0-based), up to the next prompt. */
function answer(out: string, n: number): string {
  return out.split('hexref> ')[n + 1] ?? '';
}

describe('console items (issue 46)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'hexref-console-items-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it(
    '13.1: brings reinforcements on as stacks on Soviet turn 1, refusing an overstacked group and a unit not due',
    { timeout: 60_000 },
    async () => {
      const out = await consoleSession(
        [
          'game new campaign both',
          'game start',
          'units',
          'play move 7/3/609+8/3/609+9/3/609+MG/3/609+Mtr/609+IG/609 X28',
          'play move 7/3/609+8/3/609 W27',
          'play move 9/3/609+MG/3/609+Mtr/609+IG/609+1/1/364 x28',
          'play move 9/3/609+MG/3/609+Mtr/609+IG/609+7/3/609 x28',
          'map reach 9/3/609+mtr/609',
          'play move 9/3/609+MG/3/609 v28',
          'play move Mtr/609+IG/609 X28',
          'units',
        ],
        path.join(dir, 'maps'),
      );
      // The listing's stacks of what is due at X28: the battalion, and the mortar with the gun.
      expect(answer(out, 2)).toMatch(/^7\/3\/609\+8\/3\/609\+9\/3\/609\+MG\/3\/609 \(entering, 4 MP\): X28 0\.5/m);
      expect(answer(out, 2)).toMatch(/^IG\/609\+Mtr\/609 \(entering, 2 MP\)/m);
      expect(answer(out, 3)).toMatch(
        /^Refused: These 6 units cannot enter as one stack: .* up to 5 units, at most 3 of them infantry companies .*May enter now at X28: 7\/3\/609, 8\/3\/609/,
      );
      expect(answer(out, 3)).toMatch(/\(rule 6\.0\)/);
      expect(answer(out, 4)).toMatch(/bring on 7\/3\/609\+8\/3\/609 to W27/);
      expect(answer(out, 5)).toMatch(
        /^Refused: 1\/1\/364 is a reinforcement due on turn 2 \(13\.1\); it enters at X28\. May enter now at X28: 9\/3\/609, MG\/3\/609, Mtr\/609, IG\/609/,
      );
      expect(answer(out, 6)).toMatch(/^Refused: 7\/3\/609 is already on the map\./);
      // A group the listing does not name: the engine's reach of exactly those units (the slower one's 2 MP).
      expect(answer(out, 7)).toMatch(/^9\/3\/609\+Mtr\/609: X28 0\.5 MP, W27 1 MP, .*T28 2\.5 MP \(extended move\)/);
      expect(answer(out, 7)).toMatch(/Map written to .*-reach\.png/);
      expect(answer(out, 8)).toMatch(/bring on 9\/3\/609\+MG\/3\/609 to V28/);
      expect(answer(out, 9)).toMatch(/bring on Mtr\/609\+IG\/609 to X28/);
      expect(answer(out, 10)).not.toMatch(/entering/);
    },
  );

  it('cancel and no after the odds cancel the attack; confirm then has nothing to confirm (8.2–8.4)', { timeout: 60_000 }, async () => {
    const out = await consoleSession(
      [
        'game new tutorial both',
        'game start',
        'play move 3/1/609 K16',
        'play end',
        'play combat j16',
        'cancel',
        'confirm',
        'play combat j16',
        'no',
        'confirm',
        'cancel',
      ],
      path.join(dir, 'maps'),
    );
    expect(answer(out, 4)).toMatch(/Type `confirm` to attack/);
    expect(answer(out, 5)).toMatch(/^Cancelled: nothing changed\./);
    expect(answer(out, 6)).toMatch(/^Nothing to confirm/);
    expect(answer(out, 7)).toMatch(/Type `confirm` to attack/);
    expect(answer(out, 8)).toMatch(/^Cancelled: nothing changed\./);
    expect(answer(out, 9)).toMatch(/^Nothing to confirm/);
    expect(answer(out, 10)).toMatch(/^Nothing to cancel\./);
    expect(out).not.toMatch(/Unknown command 'no'/);
    expect(out).not.toMatch(/Combat #1/);
  });

  it('map reach on part of a stack that can move lists where it can go (6.1)', { timeout: 60_000 }, async () => {
    const out = await consoleSession(
      ['game new campaign both', 'game start', 'map reach 1/1/609+2/1/609', 'map reach 1/1/609+4/2/609', 'map reach 1/1/609'],
      path.join(dir, 'maps'),
    );
    expect(answer(out, 2)).toMatch(/^1\/1\/609\+2\/1\/609: P25 0\.5 MP, Q26 0\.5 MP/);
    expect(answer(out, 2)).toMatch(/Map written to /);
    // Units in two hexes never move together (6.1).
    expect(answer(out, 3)).toMatch(/^1\/1\/609\+4\/2\/609 cannot move now \(rule 4\.0\)/);
    // The listing's own notes, in Discord's words (src/app/play-verbs.ts reachNotes).
    expect(answer(out, 4)).toMatch(/^1\/1\/609: P25 0\.5 MP \(extended move\)/);
  });

  it('units and map reach note the hexes reached by Extended Movement, in the words Discord shows (4.3)', { timeout: 60_000 }, async () => {
    const out = await consoleSession(['game new campaign both', 'game start', 'units'], path.join(dir, 'maps'));
    expect(answer(out, 2)).toMatch(/^1\/1\/609 \(Q25, 5 MP\): P25 0\.5 \(extended move\)/m);
    expect(answer(out, 2)).toMatch(/O22 2, /); // a hex reached without it has no note
  });

  it('help lists each play verb once and names the scenarios', async () => {
    const out = await consoleSession(['help'], path.join(dir, 'maps'));
    const help = answer(out, 0);
    expect(help.match(/^ {2}play end\b/gm)).toHaveLength(1);
    expect(help).toMatch(/scenarios: campaign \(The Campaign\), tutorial \(/);
    expect(help).toMatch(/cancel \(or no\)/);
  });

  it(
    'game list after a restart, acting as nobody seated, still shows the console game and who is seated',
    { timeout: 60_000 },
    async () => {
      const store = `file:${path.join(dir, 'store')}`;
      const first = await consoleSession(['as alice', 'game new tutorial both', 'game start', 'game list'], path.join(dir, 'maps'), {
        storeUrl: store,
      });
      const id = /New game (g-[0-9a-f]+)/.exec(first)![1]!;
      expect(answer(first, 3)).toMatch(new RegExp(`^\\* ${id} tutorial, turn 2: your turn`));
      const later = await consoleSession(['game list', 'as alice', 'game list'], path.join(dir, 'maps'), { storeUrl: store });
      expect(answer(later, 0)).not.toMatch(/No active games/);
      expect(answer(later, 0)).toMatch(
        new RegExp(
          `^- ${id} tutorial, turn 2: waiting for the soviet side \\(this console's game; you act as you, seated: alice; \`as <name>\` acts as one of them\\)`,
        ),
      );
      expect(answer(later, 2)).toMatch(new RegExp(`^\\* ${id} tutorial, turn 2: your turn`));
    },
  );
});
