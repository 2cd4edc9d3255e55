// A console transcript: Campaign turns 1–3 played by both sides through the console grammar only, as
// two players at one terminal would: moves, part of a stack, reinforcements entering as stacks (13.1),
// an undo, a Combat with its odds first (8.2–8.4), Defensive Support declined (10.3.2), losses and
// retreats chosen by hand (8.5, 8.5.2), an Assault with a path and the advance it compels (9.1, 9.2,
// 8.7), a Ranged Attack (10.0), and the turns going round to turn 4. Every reply is checked.
// The dice come from the session's fixed seed, so the rolls are the same on every run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleSession } from './session.js';

/** Each line typed, with what its reply must show. */
const SCRIPT: [line: string, ...expected: RegExp[]][] = [
  ['game new campaign both', /^New game g-[0-9a-f]+: The Campaign\. Host: you\./],
  ['game standing losses ask advance ask', /every decision is asked/],
  ['game start', /The game has started: The Campaign, turn 1\./, />>> Soviet side to act \(you\): the action phase\./],
  // Soviet turn 1: a company, then two more of its stack (part of a stack, 6.1), into the Finnish ZOC at O20.
  ['play move 1/1/609 O20', /^#2 Soviet \(you\): move 1\/1\/609 to O20\./],
  ['play move 2/1/609+3/1/609 O20', /^#3 Soviet \(you\): move 2\/1\/609\+3\/1\/609 to O20\./],
  ['play move 4/2/609 S26', /^#4 Soviet \(you\): move 4\/2\/609 to S26\./],
  ['game undo', /^#5 you undid #4 \(move 4\/2\/609 to S26\)\./],
  // The 3rd battalion enters as one stack (13.1); the mortar and the gun wait (they are delayed, 13.1.2).
  ['play move 7/3/609+8/3/609+9/3/609+MG/3/609 W27', /^#6 Soviet \(you\): bring on 7\/3\/609\+8\/3\/609\+9\/3\/609\+MG\/3\/609 to W27\./],
  ['play end', /end the action phase/, /Summary of the Soviet action phase: 3 action(?:s)?\./],
  // The odds first, cancelled with `no`; shown again and confirmed.
  ['play combat o19', /Combat on O19: 15:23 → 1:2 \(8\.2\)/, /Pajari with the defenders: 1L \(8\.3 case 6\)/, /Type `confirm` to attack/],
  ['no', /^Cancelled: nothing changed\./],
  ['play combat o19', /final 1:2 → column 1:2/],
  ['confirm', /attack O19 with 1\/1\/609\+2\/1\/609\+3\/1\/609/, /declare Defensive Support against the attack on O19 \(rule 10\.3\.2\)/],
  ['decide ?', /none: no Defensive Support/],
  ['decide none', /Roll #1: 3, 4 \(Combat on O19 at 1:2, 8\.4\)/, /roll #1 = 7: 2\/1 \(attacker\/defender losses, rule 8\.4\)/],
  // Losses chosen by hand: the Finns take a step rather than retreat; the Soviets a step and a retreat.
  ['decide step 1/1/JR16', /1\/1\/JR16 loses 1 step \(combat loss, rule 8\.5\.1\)/, /take 2 loss\(es\) as the attacker of combat #1/],
  [
    'decide step 2/1/609; retreat P20',
    /^Refused: 1\/1\/609 may not retreat from O20 to P20: .* must go to N21 or O21 or P21\. \(rule 8\.5\.2\)/,
  ],
  ['decide step 2/1/609; retreat P21', /2\/1\/609 loses 1 step/, /3\/1\/609 retreats O20→P21 \(rule 8\.5\.2\)/],
  ['play end', /Summary of the Soviet combat phase/, />>> Finnish side to act \(you\): the action phase\./],
  // Finnish turn 1: part of the reinforcements due at A13 enter together, the rest wait.
  ['play move 7/3/JR16+8/3/JR16+MG/3/JR16#1 D13', /bring on 7\/3\/JR16\+8\/3\/JR16\+MG\/3\/JR16#1 to D13\./],
  // An Assault through O20 on the Soviet stack in P21 (9.1), its odds first.
  [
    'play assault 1/1/JR16+2/1/JR16 P21 via O20',
    /Assault on P21: 8:13 → 1:2 \(8\.2\)/,
    /defender on frozen lake: 4R \(8\.3 case 5\)/,
    /final 2:1/,
  ],
  ['confirm', /roll #2 = 9: 1\/2 \(attacker\/defender losses, rule 9\.2\)/, /take 2 loss\(es\) as the defender of combat #1/],
  ['decide step 3/1/609; retreat Q21', /3\/1\/609 loses 1 step/, /1\/1\/609 retreats P21→Q21/, /take 1 loss\(es\) as the attacker/],
  ['decide step 2/1/JR16', /2\/1\/JR16 loses 1 step/, /advance after combat #1 into P21 \(rule 8\.7, compulsory after an Assault: 9\.2\)/],
  ['decide 1/1/JR16+2/1/JR16 P21', /1\/1\/JR16, 2\/1\/JR16 advance into P21 \(rule 9\.2\)/],
  ['play end', /Summary of the Finnish action phase: 5 action(?:s)?\./],
  // A standalone Ranged Attack by the mortar, spotted by the company that advanced (10.0, 10.5).
  [
    'play fire Mtr/JR16#1 Q21',
    /Ranged Attack by Mtr\/JR16#1 on Q21 \(indirect, spotted by 1\/1\/JR16\): RAS 4/,
    /roll #3 = 3, total 11: no effect \(rule 10\.4\)/,
  ],
  ['play end', /Turn|Soviet side to act/],
  // Soviet turn 2: the 1st battalion of the 364th as one stack; W27 is full, X28 is not (6.0).
  ['play move 1/1/364+2/1/364+3/1/364+MG/1/364 W27', /^Refused: W27 would hold 8 units; the limit is 5 per side .*\(rule 6\.0\)/],
  ['play move 1/1/364+2/1/364+3/1/364+MG/1/364 X28', /bring on 1\/1\/364\+2\/1\/364\+3\/1\/364\+MG\/1\/364 to X28\./],
  ['play move Mtr/609+IG/609 W28', /bring on Mtr\/609\+IG\/609 to W28\./],
  ['play end', /Summary of the Soviet action phase: 2 action(?:s)?\./],
  ['play end', /Finnish side to act/],
  ['play move 9/3/JR16+MG/3/JR16#2 C13', /bring on 9\/3\/JR16\+MG\/3\/JR16#2 to C13\./],
  ['play end', /Summary of the Finnish action phase: 1 action(?:s)?\./],
  ['play end', /Soviet side to act/],
  // Soviet turn 3: a stack entered, undone, and entered again without one company.
  ['play move 4/2/364+5/2/364+6/2/364+MG/2/364 V28', /bring on 4\/2\/364\+5\/2\/364\+6\/2\/364\+MG\/2\/364 to V28\./],
  ['game undo', /you undid #\d+ \(bring on 4\/2\/364\+5\/2\/364\+6\/2\/364\+MG\/2\/364 to V28\)/],
  ['play move 4/2/364+5/2/364+MG/2/364 V28', /bring on 4\/2\/364\+5\/2\/364\+MG\/2\/364 to V28\./],
  ['play end', /Summary of the Soviet action phase: 1 action(?:s)?\./],
  ['play end', /Finnish side to act/],
  ['play end', /end the action phase/],
  ['play end', /end the combat phase/, /Soviet side to act/],
  ['game status', /Turn 4: the Soviet action phase\./],
];

describe('console transcript: Campaign turns 1–3, both sides', () => {
  let dir: string;
  let out = '';
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'hexref-console-transcript-'));
    out = await consoleSession(
      SCRIPT.map(([line]) => line),
      path.join(dir, 'maps'),
    );
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers every line as the rules say (13.1, 8.2–8.5, 9.1, 9.2, 10.0)', () => {
    const replies = out.split('hexref> ').slice(1);
    SCRIPT.forEach(([line, ...expected], i) => {
      const reply = replies[i] ?? '';
      for (const re of expected) expect.soft(reply, `line ${i + 1}: ${line}`).toMatch(re);
      expect(reply, `line ${i + 1}: ${line}`).not.toMatch(/Unknown command|Something went wrong/);
    });
    expect(replies).toHaveLength(SCRIPT.length + 1); // the last prompt, before `bye`
    expect(out).not.toMatch(/Refused:(?! (1\/1\/609 may not retreat|W27 would hold))/);
  });
});
