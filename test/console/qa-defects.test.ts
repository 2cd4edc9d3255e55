// Console defects from the Discord/console QA pass: the CRT refusal names its reason (8.4), a zoom
// outside the play area is refused in words, and a finished game is still found for export/verify.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { consoleSession } from './session.js';

function session(lines: string[], mapDir: string, storeUrl = 'memory:'): Promise<string> {
  return consoleSession(lines, mapDir, { storeUrl, seed: 'console-qa-seed' });
}

/** The console's answer to the n-th command line (0-based), up to the next prompt. */
function answer(out: string, n: number): string {
  return out.split('hexref> ')[n + 1] ?? '';
}

describe('console QA defects', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'hexref-console-qa-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('on a fresh game, play combat with no unit next to the target names the open targets, not a missing table (8.0, 8.4)', async () => {
    // The Soviet reset phase ends by itself; `play end` ends the action phase.
    const out = await session(['game new tutorial both', 'game start', 'play end', 'play combat J16'], path.join(dir, 'maps'));
    const refusal = answer(out, 3);
    expect(refusal).toMatch(/None of your units may attack J16 now \(rule 8\.0\)/);
    expect(refusal).not.toMatch(/CRT|crt import|rule 8\.4/);
  });

  it('refuses a zoom with no hex in the scenario play area, naming the play area, and draws nothing', async () => {
    const out = await session(['game new tutorial both', 'game start', 'map zoom A1 2', 'map zoom k17 2'], path.join(dir, 'maps'));
    expect(answer(out, 2)).toMatch(
      /No hex within 2 of A1 is in this scenario's play area \(columns [A-X]–[A-X], rows \d+–\d+\); the nearest is [A-X]\d+/,
    );
    expect(answer(out, 2)).not.toMatch(/Map written/);
    expect(answer(out, 3)).toMatch(/Map written to .*zoom-K17\.png/);
  });

  it(
    'after the last turn: writes the final map, and game export / game verify find the finished game (last game or game:<id>)',
    { timeout: 60_000 },
    async () => {
      // The tutorial's every phase, to the Victory Check; the last Sub-Zero roll asks the owner who loses the step (16.3).
      const ends = [...Array<string>(25).fill('play end'), 'decide'];
      const store = `file:${path.join(dir, 'store')}`;
      const out = await session(
        ['game new tutorial both', 'game standing empty stop', 'game start', ...ends, 'game verify', 'game export', 'game status'],
        path.join(dir, 'maps'),
        store,
      );
      const last = answer(out, 3 + 25);
      expect(last).toMatch(/Game over/);
      expect(last).toMatch(/Map written to /);
      expect(last).not.toMatch(/Refused/);
      const gameId = /Game over[\s\S]*?Map written to .*\/(g-[0-9a-f]+)-v/.exec(last)![1]!;
      expect(answer(out, 29)).toMatch(/^Verified: /);
      expect(answer(out, 30)).toMatch(new RegExp(`Record of game ${gameId}`));
      expect(answer(out, 30)).toMatch(/Written to /);
      // The channel is free again: status of the channel says so; by id it finds the finished game.
      expect(answer(out, 31)).toMatch(/no active game/);
      // A new session (nothing remembered) finds it by game:<id>, and a new game may use the channel.
      const later = await session(
        [`game verify game:${gameId}`, `game export game:${gameId}`, 'game new tutorial both'],
        path.join(dir, 'maps2'),
        store,
      );
      expect(answer(later, 0)).toMatch(/^Verified: /);
      expect(answer(later, 1)).toMatch(new RegExp(`Record of game ${gameId}`));
      expect(answer(later, 2)).toMatch(/New game g-/);
      expect(existsSync(path.join(dir, `${gameId}-record.json`))).toBe(true);
    },
  );

  it('takes unit ids in any case and suggests close ids for an unknown one', async () => {
    const out = await session(
      [
        'game new tutorial both',
        'game start', // the Soviet reset phase ends by itself
        'map reach 3/1/609',
        'play move mtr/609 n16',
        'play move 3/1/60 n16',
        'game status',
      ],
      path.join(dir, 'maps'),
    );
    expect(answer(out, 2)).toMatch(/^3\/1\/609: /);
    expect(answer(out, 3)).toMatch(/#\d+ Soviet \(you\): move Mtr\/609/);
    expect(answer(out, 4)).toMatch(/Refused: There is no unit 3\/1\/60 /);
    expect(answer(out, 4)).toMatch(/Did you mean 3\/1\/609/);
  });

  it('a bad hex gets a refusal saying how to write one, not a bare usage line (2.3)', async () => {
    const out = await session(
      ['game new tutorial both', 'game start', 'play move 3/1/609 zz', 'map zoom qq', 'play combat 9x'],
      path.join(dir, 'maps'),
    );
    expect(answer(out, 2)).toMatch(/'zz' is not a hex id \(rule 2\.3\)\. Give a hex such as M16/);
    expect(answer(out, 3)).toMatch(/'qq' is not a hex id/);
    expect(answer(out, 4)).toMatch(/'9x' is not a hex id/);
  });

  it('an abort without a reason does not read "aborted: aborted"', async () => {
    const out = await session(['game new tutorial both', 'game start', 'game abort', 'game abort confirm'], path.join(dir, 'maps'));
    // Abort asks first; `confirm` does it.
    expect(answer(out, 2)).toMatch(/Abort this game\? .*cannot be undone[\s\S]*Type `game abort confirm` to abort/);
    expect(answer(out, 3)).toMatch(/aborted the game \(no reason given\)/);
    expect(out).not.toMatch(/aborted: aborted/);
  });

  it(
    'prints the combat details as Discord does: totals, odds and shifts, the roll and result, each loss or retreat (8.1-8.5)',
    { timeout: 60_000 },
    async () => {
      const decide = Array<string>(6).fill('decide');
      const out = await session(
        [
          'game new tutorial both',
          'game start',
          'play move 3/1/609 K16',
          'play move 1/1/609+2/1/609+MG/1/609 K16',
          'play end',
          'play combat j16',
          'confirm',
          ...decide,
        ],
        path.join(dir, 'maps'),
      );
      expect(out).toMatch(
        /⚔️ Combat #1 on J16: \d+ vs \d+ \(.*\) → \d+:\d+; roll #\d+ = \d+: \d+\/\d+ \(attacker\/defender losses, rule 8\.\d\)/,
      );
      expect(out).toMatch(/• .* (loses \d step\(s\)|retreats [A-X]\d+→|is eliminated)/);
    },
  );
});
