import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import type * as DiceLibrary from '@dice-roller/rpg-dice-roller';
import { describe, expect, it } from 'vitest';
import { DiceInputError, LIMITS, parseRoll, rollSpec } from '../../src/dice/notation.js';
import { rollEngine } from '../../src/dice/stream.js';

const SEED = 'a'.repeat(64);
const roll = (input: string, n = 1, seed = SEED) => rollSpec(parseRoll(input), rollEngine(seed, n));

/** The notation library's own roll of `notation` with the engine of roll n: its dice, total and text. */
function byLibrary(notation: string, n: number): { text: string; total: number; dice: number[] } {
  const lib = createRequire(import.meta.url)('@dice-roller/rpg-dice-roller') as typeof DiceLibrary;
  const gen = lib.NumberGenerator.generator;
  const previous = gen.engine;
  gen.engine = rollEngine(SEED, n);
  try {
    const r = new lib.DiceRoll(notation);
    const group = r.rolls[0] as { rolls: { value: number }[] };
    return { text: r.output, total: r.total, dice: group.rolls.map((d) => d.value) };
  } finally {
    gen.engine = previous;
  }
}

describe('dice notation through rpg-dice-roller, drawn from our stream', () => {
  it('rolls reproducibly: the same seed, roll number and input give the same dice', () => {
    for (const input of ['2d6', '4d6kh3', '10d6>=5', '4d6r1', '2d6!', 'DR', 'rw:crt']) {
      expect(roll(input, 7)).toEqual(roll(input, 7));
    }
    const many = Array.from({ length: 20 }, (_, i) => roll('2d6', i + 1).dice.join());
    expect(new Set(many).size).toBeGreaterThan(5); // different roll numbers give different dice
  });

  it('is fair enough: 6,000 d6 rolls land 800–1,200 times on each face', () => {
    const counts = [0, 0, 0, 0, 0, 0];
    for (let n = 1; n <= 6000; n++) counts[roll('1d6', n).total - 1]!++;
    for (const c of counts) {
      expect(c).toBeGreaterThan(800);
      expect(c).toBeLessThan(1200);
    }
  });

  it('NdM with + and − modifiers', () => {
    const r = roll('3d6+2-1');
    expect(r.dice).toHaveLength(3);
    expect(r.total).toBe(r.dice.reduce((a, b) => a + b, 0) + 1);
    expect(roll('2D6').text).toMatch(/^2d6: /);
    expect(roll('d%').total).toBeGreaterThanOrEqual(1);
  });

  it('keep highest / drop lowest', () => {
    for (let n = 1; n <= 20; n++) {
      const r = roll('4d6kh3', n);
      const sorted = [...r.dice].sort((a, b) => b - a);
      expect(r.total).toBe(sorted[0]! + sorted[1]! + sorted[2]!);
      expect(roll('4d6dl1', n).total).toBe(r.total); // same dice, same result
      expect(roll('4d6kl1', n).total).toBe(sorted[3]);
    }
  });

  it('counts successes against a target', () => {
    for (let n = 1; n <= 20; n++) {
      const r = roll('10d6>=5', n);
      expect(r.total).toBe(r.dice.filter((d) => d >= 5).length);
    }
  });

  it('rerolls 1s (r1 is shorthand for r=1) and never leaves a 1 showing', () => {
    for (let n = 1; n <= 40; n++) expect(roll('4d6r1', n).dice).not.toContain(1);
  });

  it('ASL dr is one die, DR is two (white then coloured)', () => {
    expect(roll('dr').dice).toHaveLength(1);
    const dr = roll('DR', 3);
    expect(dr.dice).toHaveLength(2);
    expect(dr.text).toBe(`DR ${dr.total} (white ${dr.dice[0]}, coloured ${dr.dice[1]}${dr.dice[0] === dr.dice[1] ? ', doubles' : ''})`);
  });

  it('the game forms roll the very faces the library gives 1d6 and 2d6 on the same roll (streams verify as before)', () => {
    for (let n = 1; n <= 2000; n++) {
      const one = byLibrary('1d6', n).dice;
      const two = byLibrary('2d6', n).dice;
      expect(roll('dr', n).dice).toEqual(one);
      expect(roll('5+', n).dice).toEqual(one);
      expect(roll('rw:recovery', n).dice).toEqual(one);
      expect(roll('DR', n).dice).toEqual(two);
      expect(roll('rw:crt', n).dice).toEqual(two);
      expect(roll('rw:crt', n).total).toBe(two[0]! + two[1]!);
    }
  });

  it('plain dice with whole-number modifiers roll, total and read exactly as the library has them', () => {
    const notations = ['d6', '1d6', '2d6', '3d6', 'd20', '2d10', '10d10', '100d6', '1d1000', '2d6+0', '2d6+1', '1d6-3', '3d6+2-1'];
    notations.push('2d6+999999', '4d8-10+3', '2d3', '1d2', 'd100', '12d4+12', '2d6-1-1-1');
    for (const notation of notations) {
      for (let n = 1; n <= 40; n++) {
        const r = roll(notation, n);
        expect({ text: r.text, total: r.total, dice: r.dice }, `${notation} #${n}`).toEqual(byLibrary(notation, n));
      }
    }
  });

  it('the game forms and plain dice load no notation library (mathjs blocks the event loop for most of a second)', () => {
    const probe = [
      "const { parseRoll, rollSpec } = await import('./src/dice/notation.ts');",
      "const { rollEngine } = await import('./src/dice/stream.ts');",
      "const forms = ['dr', 'DR', '4+', 'rw:crt', 'rw:fnrt', '2d6', 'd20', '3D6 + 2'];",
      "for (const f of forms) rollSpec(parseRoll(f), rollEngine('a'.repeat(64), 1));",
      "const { createRequire } = await import('node:module');",
      'const cache = Object.keys(createRequire(import.meta.url).cache);',
      'console.log(JSON.stringify(cache.filter((k) => /rpg-dice-roller|mathjs/.test(k)).length));',
    ].join('\n');
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('0');
  });

  it('Rifles d6 target check and Red Winter table rolls (2.1: two dice for combat, one for recovery)', () => {
    const t = roll('4+', 2);
    expect(t.success).toBe(t.total >= 4);
    expect(roll('rw:crt').dice).toHaveLength(2);
    expect(roll('rw:rat').dice).toHaveLength(2);
    for (const table of ['atft', 'recovery', 'szlt', 'fnrt']) expect(roll(`rw:${table}`).dice).toHaveLength(1);
    expect(roll('rw:recovery').rule).toBe('13.3');
  });
});

describe('bad dice input gets a clear error', () => {
  const bad: [string, RegExp][] = [
    ['', /Nothing to roll/],
    ['0d6', /0d6: roll at least one die/],
    ['1000d6', new RegExp(`at most ${LIMITS.maxDice}`)],
    ['60d6+60d6', /Too many dice/],
    ['d0', /d0: a die needs at least 2 sides/],
    ['2d1', /at least 2 sides/],
    ['1d5000', /at most 1000 sides/],
    ['garbage', /'garbage' is not dice notation\. Examples:/],
    ['1d6+', /not dice notation/],
    ['sqrt(2d6)', /not dice notation/],
    ['3d6kh5', /cannot keep 5 of 3 dice/],
    ['2d6dl3', /cannot drop 3 of 2 dice/],
    ['9+', /target from 1\+ to 6\+/],
    ['rw:moon', /Unknown Red Winter table 'moon'\. Tables: crt/],
    ['1d6'.repeat(30), /too long/],
  ];
  for (const [input, message] of bad) {
    it(`refuses ${JSON.stringify(input)}`, () => {
      expect(() => parseRoll(input)).toThrow(DiceInputError);
      expect(() => parseRoll(input)).toThrow(message);
    });
  }
});
