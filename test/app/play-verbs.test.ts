// The verb table (src/app/play-verbs.ts) read as the console reads it: flags by their word, worded
// parameters after it, the rest in order; the same table builds /play (test/app/verbs.test.ts).
import { describe, expect, it } from 'vitest';
import { Args, isEntering, parseConsoleArgs, playUsage, playVerb, type PlayVerb } from '../../src/app/play-verbs.js';
import { loadRuleset } from '../../src/data/load.js';
import { createEngine } from '../../src/engine/index.js';

const verb = (name: string): PlayVerb => playVerb(name)!;
const built = (name: string, line: string, named: Record<string, string> = {}) => {
  const args = parseConsoleArgs(verb(name), line.split(' ').filter(Boolean), named);
  if (!(args instanceof Args)) return args;
  const b = verb(name).build!(args, null);
  return b.ok ? b.action : b;
};

describe('the verb table, read by the console', () => {
  it('move: units, a hex typed with a space, and the exit flag (4.0, 4.2)', () => {
    expect(built('move', '1/1/609+MG/1/609 m 17 exit')).toEqual({ type: 'move', units: ['1/1/609', 'MG/1/609'], to: 'M17', exit: true });
    expect(built('move', '', { unit: '3/1/609', to: 'k16' })).toEqual({ type: 'move', units: ['3/1/609'], to: 'K16' });
  });

  it('combat and assault: worded Support and path, and confirm (8.0, 9.1, 10.3)', () => {
    expect(built('combat', 'j16 1/1/609+2/1/609 support Mtr/609 confirm')).toEqual({
      type: 'combat',
      attackers: ['1/1/609', '2/1/609'],
      target: 'J16',
      support: ['Mtr/609'],
    });
    expect(built('assault', '3/1/609 j16 via k16 l16')).toEqual({
      type: 'assault',
      units: ['3/1/609'],
      target: 'J16',
      path: ['K16', 'L16'],
    });
  });

  it('replace and recover: the flags that set a value (13.2.1, 13.3)', () => {
    expect(built('replace', '1/1/609 b 6 turn 4 full')).toEqual({ type: 'replacement', unit: '1/1/609', hex: 'B6', steps: 2, toTurn: 4 });
    expect(built('recover', '1/1/JR16 nopajari')).toEqual({ type: 'recovery', unit: '1/1/JR16', pajari: false });
  });

  it('a missing parameter gives the usage line from the table; a bad hex says so', () => {
    expect(parseConsoleArgs(verb('raid'), ['j16'], {})).toEqual({ usage: 'play raid <target hex> <unit[+unit…]> [from <hex>]' });
    expect(playUsage(verb('replace'))).toBe('play replace <unit> [<hex> | turn <n>] [full]');
    expect(parseConsoleArgs(verb('move'), ['1/1/609', 'zz'], {})).toEqual({ notAHex: 'zz' });
    expect(parseConsoleArgs(verb('assault'), ['3/1/609', 'j16', 'via', 'k16', 'q'], {})).toEqual({ notAHex: 'q' });
  });
});

describe('13.1 move brings reinforcements on in any group', () => {
  const engine = createEngine(loadRuleset());
  const s0 = engine.setup('campaign', { seed: 'verbs' });
  const r = engine.apply(s0, 'soviet', { type: 'endPhase', phase: 'reset' });
  if (!r.ok) throw new Error(r.violation.message);
  const legal = engine.legalActions(r.state, 'soviet');
  const build = (line: string) => {
    const args = parseConsoleArgs(verb('move'), line.split(' '), {});
    if (!(args instanceof Args)) throw new Error('not parsed');
    const b = verb('move').build!(args, legal);
    if (!b.ok) throw new Error(b.message);
    return b.action;
  };

  it('a group the listing does not name, ids in any case, is an entry (13.1)', () => {
    expect(build('7/3/609+8/3/609 W27')).toEqual({ type: 'enterReinforcement', units: ['7/3/609', '8/3/609'], to: 'W27' });
    expect(build('mtr/609+7/3/609 x28')).toEqual({ type: 'enterReinforcement', units: ['mtr/609', '7/3/609'], to: 'X28' });
    expect(isEntering(legal, ['1/1/609'])).toBe(false);
  });

  it('a group mixing a unit on the map and one due is an entry, for the engine to refuse with its reason (13.1)', () => {
    const a = build('1/1/609+7/3/609 W27');
    expect(a.type).toBe('enterReinforcement');
    const res = engine.apply(r.state, 'soviet', a);
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.violation.message).toContain('1/1/609 is already on the map');
  });

  it('units on the map still move (4.0)', () => {
    expect(build('1/1/609+2/1/609 W26')).toEqual({ type: 'move', units: ['1/1/609', '2/1/609'], to: 'W26' });
  });
});
