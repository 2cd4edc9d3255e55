// /play bonfire and /play raid autocomplete (16.2, 16.4): choices come from the engine's legal actions
// on the real map (fixture CRT for raids, as in the engine tests).
import { describe, expect, it } from 'vitest';
import { bonfireChoices, raidChoices } from '../../src/discord/night-choices.js';
import { at, board, engineWith } from '../engine/night-helpers.js';

const engine = engineWith();

describe('/play bonfire and /play raid choices (16.2, 16.4)', () => {
  it('offers the Soviet units that may build a Bonfire, all together first (16.2)', () => {
    const st = board(at(engine, 5, 'soviet', 'action'), [
      ['1/1/364', 'E1'],
      ['2/1/364', 'E1'],
      ['3/1/364', 'E3'],
      ['1/1/JR16', 'E6'],
    ]);
    const legal = engine.legalActions(st, 'soviet');
    // 3/1/364 in E3 is 3 hexes from the Finn in E6: not offered.
    expect(bonfireChoices(legal, '')).toEqual([
      { name: 'all 2: 1/1/364 + 2/1/364', value: '1/1/364+2/1/364' },
      { name: '1/1/364', value: '1/1/364' },
      { name: '2/1/364', value: '2/1/364' },
    ]);
  });

  it('offers raid targets, then the raiders (with Pajari) and the approach hexes for the chosen target (16.4.1)', () => {
    const st = board(at(engine, 5, 'finnish', 'action'), [
      ['1/1/JR16', 'E1'],
      ['Pajari', 'E1'],
      ['1/1/364', 'E6'],
    ]);
    const legal = engine.legalActions(st, 'finnish');
    expect(raidChoices(legal, 'target', '', '')).toEqual([{ name: 'E6 · raiders that reach it: 1/1/JR16, Pajari', value: 'E6' }]);
    expect(raidChoices(legal, 'units', 'e 6', '')).toEqual([
      { name: '1/1/JR16 alone', value: '1/1/JR16' },
      { name: '1/1/JR16 + Pajari (+2 FNRT)', value: '1/1/JR16+Pajari' },
    ]);
    expect(raidChoices(legal, 'from', 'E6', '').map((c) => c.value)).toEqual(['D6', 'D7', 'E5', 'F6', 'F7']);
    expect(raidChoices(legal, 'units', 'A1', '')).toEqual([]);
  });
});
