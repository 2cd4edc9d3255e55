// Console mode drives the same game service with the Discord command grammar and writes map
// snapshots (real service, engine, renderer and an in-memory store; no Discord).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { consoleSession } from './session.js';
import { GAME_SUBCOMMANDS, meantCommand, parseLine } from '../../src/console/console.js';

function session(lines: string[], mapDir: string): Promise<string> {
  return consoleSession(lines, mapDir);
}

describe('console mode', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'hexref-console-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('parses the Discord grammar: words, quotes and name:value options', () => {
    expect(parseLine('/play move unit:1/1/609 to:m17')).toEqual({ words: ['play', 'move'], named: { unit: '1/1/609', to: 'm17' } });
    expect(parseLine('game abort "took too long"').words).toEqual(['game', 'abort', 'took too long']);
  });

  it('suggests the command a bare game subcommand or play verb meant, and runs nothing', async () => {
    expect(meantCommand('status')).toBe('game status');
    expect(meantCommand('/Move 1/1/609 m17')).toBe('play Move 1/1/609 m17');
    expect(meantCommand('statsu')).toBeNull();
    const out = await session(['game new tutorial both', 'start', 'status', 'move 1/1/609 m17', 'frobnicate', 'game status', 'quit'], dir);
    expect(out).toMatch(/Unknown command 'start'\. Did you mean 'game start'\? Type 'help'\./);
    expect(out).toMatch(/Unknown command 'status'\. Did you mean 'game status'\?/);
    expect(out).toMatch(/Unknown command 'move 1\/1\/609 m17'\. Did you mean 'play move 1\/1\/609 m17'\?/);
    expect(out).toMatch(/Unknown command 'frobnicate'\. Type 'help'\./);
    // The suggestions ran nothing: the game is still in its lobby.
    expect(out).toMatch(/Game g-[0-9a-f]+ · .* · lobby\n/);
  });

  it('lists every game subcommand it takes in its usage line, and takes every one it lists', async () => {
    const out = await session(['game', ...GAME_SUBCOMMANDS.map((c) => `game ${c}`), 'quit'], dir);
    expect(out).toContain(`Usage: game ${GAME_SUBCOMMANDS.join('|')}`);
    // Only the bare `game` answers with the list; each subcommand is taken (its own usage or answer).
    expect(out.match(/Usage: game new\|/g)).toHaveLength(1);
  });

  it('takes the pace options of /game new, shows the clocks in the status, and lists the games (issue 17)', async () => {
    const out = await session(
      ['game new tutorial both clock:3 remind_after:0', 'game start', 'game status', 'game list', 'game new tutorial both clock:x', 'quit'],
      dir,
    );
    expect(out).toMatch(/Clocks: Finnish 3 d left, Soviet 3 d left\./);
    expect(out).toMatch(/No reminders; stall notice after 7 d\./);
    expect(out).toMatch(/\* g-[0-9a-f]+ tutorial, turn 2: your turn/);
    expect(out).toMatch(/Refused: .*clock/i);
  });

  it('takes a shortened game at game new (issue 15): the status says how long it is', async () => {
    const out = await session(
      [
        'game new campaign both last_turn:5 rules:17.0.4:off',
        'game start',
        'game status',
        'game new tutorial both rules:17.0.4:maybe',
        'quit',
      ],
      dir,
    );
    expect(out).toMatch(/Optional rules in force: none\. Left out: 17\.0\.4 Soviet Morale Collapse/);
    expect(out).toMatch(/Refused: '17\.0\.4:maybe' is not a rule option/);
    expect(out).toMatch(/Briefing: The Campaign, shortened to end after turn 5 \(the scenario runs turns 1–32\)/);
    expect(out).toMatch(/Length: a shortened game that ends after turn 5/);
    expect(out).toMatch(/Objectives, scored after the last turn \(17\.0\): The Hotel \(M16\) 15 VP/);
    expect(out).toMatch(/Turn 1/);
  });

  it('plays a hot-seat opening and writes PNG map snapshots to MAP_DIR', async () => {
    const out = await session(
      [
        'game new tutorial finnish',
        'as Boris',
        'game join soviet',
        'as you',
        'game start',
        'play end', // the Finns may not act in the Soviet phase
        'as Boris', // the Soviet reset phase had nothing to decide: it ended by itself
        'units',
        'play move 1/1/609 m 17',
        'play move 1/1/609 A1',
        'map reach 3/1/609',
        'map zoom k17 2',
        'play end',
        'game status',
        'quit',
      ],
      dir,
    );
    expect(out).toMatch(/New game g-/);
    expect(out).toMatch(/Seated: Boris on the Soviet side/);
    expect(out).toMatch(/Dice commitment/);
    expect(out).toMatch(/>>> Soviet side to act \(boris\)/);
    expect(out).toMatch(/Refused: It is the Soviet side's turn/);
    expect(out).toMatch(/1\/1\/609 \(M16, \d+ MP\): /);
    expect(out).toMatch(/move 1\/1\/609 to M17/);
    expect(out).toMatch(/Refused: .*\(rule \d/);
    expect(out).toMatch(/Waiting for the Soviet side \(Boris\): Combat Phase/);
    const maps = readdirSync(dir).filter((f) => f.endsWith('.png'));
    expect(maps.some((f) => f.includes('starting-positions'))).toBe(true);
    expect(maps.some((f) => f.includes('zoom-K17'))).toBe(true);
    expect(maps.some((f) => f.includes('reach'))).toBe(true);
    for (const f of maps) expect(readFileSync(path.join(dir, f)).subarray(1, 4).toString()).toBe('PNG');
  });

  it('resolves a combat: the defender takes its losses with `decide` (the default), the attacker advances', async () => {
    const out = await session(
      [
        'game new tutorial finnish',
        'as Boris',
        'game join soviet',
        'as you',
        'game start',
        'as Boris',
        'play move 3/1/609 K16',
        'play move 1/1/609+2/1/609+MG/1/609 K16',
        'play end',
        'play combat M20',
        'play combat j16',
        'confirm',
        'decide', // Boris may not answer the defender's decision
        'as you',
        'decide', // no defensive Support (its default, 10.3.2): the CRT is rolled now
        'decide',
        'as Boris',
        'decide',
        'game status',
        'quit',
      ],
      dir,
    );
    expect(out).toMatch(/None of your units may attack M20 now \(rule 8\.0\)\. Open targets: J16/);
    // The Finns are asked for defensive Support before any die; declining is the default (10.3.2).
    expect(out).toMatch(
      />>> Finnish side to act \(you\): declare Defensive Support against the attack on J16 \(rule 10\.3\.2\); default: no defensive Support; `decide` takes the default/,
    );
    expect(out).toMatch(/#\d+ Finnish \(you\): decline Defensive Support\.\nRoll #\d+: .*Combat on J16/);
    expect(out.indexOf('declare Defensive Support')).toBeLessThan(out.search(/Roll #\d+/));
    expect(out).toMatch(/Roll #\d+/);
    expect(out).toMatch(/>>> Finnish side to act \(you\): take \d loss\(es\) as the defender/);
    expect(out).toMatch(/Refused: .*Finnish/);
    expect(out).toMatch(/>>> Soviet side to act \(boris\): (take \d loss\(es\) as the attacker|decide the advance after combat)/);
    expect(out).toMatch(/Waiting for the Soviet side \(Boris\): Combat Phase/);
  });

  it('fires a Ranged Attack with the same grammar (10.0)', async () => {
    const out = await session(['game new tutorial both', 'game start', 'end', 'play fire Mtr/609 j16', 'quit'], dir);
    expect(out).toMatch(/Roll #1: .*Ranged Attack by Mtr\/609 on J16/);
  });
});
