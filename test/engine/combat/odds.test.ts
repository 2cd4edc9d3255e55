import { describe, expect, it } from 'vitest';
import {
  analyseCombat,
  clampToColumn,
  indexOfOdds,
  isConcentric,
  oddsOfIndex,
  ratioIndex,
  regimentsOf,
  situationFromState,
} from '../../../src/engine/combat/odds.js';
import { loadRuleset } from '../../../src/data/load.js';
import { area, ruleset, state, type Place } from './helpers.js';
import type { Terrain } from '../../../src/engine/ruleset.js';
import type { AttackerRef } from '../../../src/engine/types.js';

// M16 neighbours: N M15, NE N16, SE N17, S M17, SW L17, NW L16.
function analyse(
  terrain: Record<string, Terrain>,
  places: Place[],
  attackers: AttackerRef[],
  target: string,
  opts: {
    kind?: 'combat' | 'assault';
    turn?: number;
    side?: 'soviet' | 'finnish';
    markers?: { type: string; hex: string }[];
    bridges?: [string, string][];
  } = {},
) {
  const rs = ruleset({ terrain: area('M16', 3, 'forest', terrain), bridges: opts.bridges });
  const st = state(rs, places, { turn: opts.turn ?? 1, markers: opts.markers ?? [] });
  const side = opts.side ?? 'soviet';
  return analyseCombat(rs, st, situationFromState(st, rs, opts.kind ?? 'combat', side, attackers, target));
}

describe('Combat Ratio (8.2)', () => {
  it('rounds in the defender’s favour to a CRT column: 10:5 is 2:1, 9:5 is 1:1, 3:7 is 1:3 (8.2 examples)', () => {
    expect(oddsOfIndex(ratioIndex(10, 5))).toBe('2:1');
    expect(oddsOfIndex(ratioIndex(9, 5))).toBe('1:1');
    expect(oddsOfIndex(ratioIndex(3, 7))).toBe('1:3');
    expect(clampToColumn(ratioIndex(3, 7))).toBe('1:3');
  });

  it('uses 6:1 above the table and 1:4 below it (8.2)', () => {
    expect(clampToColumn(ratioIndex(40, 5))).toBe('6:1');
    expect(clampToColumn(ratioIndex(1, 9))).toBe('1:4');
  });

  it('halves attackers on a frozen lake, rounding the total up: 5 + 3 against 5 is 1:1 (8.2 case 1 example)', () => {
    const a = analyse(
      { M15: 'lake' },
      [
        ['S1', 'L16'],
        ['S2', 'M15'],
        ['F1', 'M16'],
      ],
      [
        { unit: 'S1', from: 'L16' },
        { unit: 'S2', from: 'M15' },
      ],
      'M16',
    );
    expect(a.attackerTotal).toBe(8);
    expect(a.defenderTotal).toBe(5);
    expect(a.baseOdds).toBe('1:1');
    expect(a.column).toBe('1:1');
    expect(a.halvings.map((h) => h.text).join()).toContain('8.2 case 1');
  });

  it('halves the total of all penalised attackers, not each unit (8.2 case 1): 3 + 3 on the lake count 3', () => {
    const a = analyse(
      { M15: 'lake' },
      [
        ['S1', 'M15', 1],
        ['S2', 'M15', 1],
        ['F1', 'M16'],
      ],
      [
        { unit: 'S1', from: 'M15' },
        { unit: 'S2', from: 'M15' },
      ],
      'M16',
    );
    expect(a.attackerTotal).toBe(3);
  });

  it('halves attackers across a bridge hexside: 13 across the bridge counts 7 (8.2 case 1, 10.6 example)', () => {
    // J16–K15 is the Hevossalmi bridge. Attackers in J16 attack the Finnish MG in K15.
    const rs = ruleset({ terrain: area('K15', 2, 'forest'), bridges: [['J16', 'K15']] });
    const st = state(rs, [
      ['S1', 'J16'],
      ['S2', 'J16', 1],
      ['S3', 'J16'],
      ['FMG1', 'K15'],
    ]);
    const a = analyseCombat(
      rs,
      st,
      situationFromState(
        st,
        rs,
        'combat',
        'soviet',
        [
          { unit: 'S1', from: 'J16' },
          { unit: 'S2', from: 'J16' },
          { unit: 'S3', from: 'J16' },
        ],
        'K15',
      ),
    );
    expect(a.attackerTotal).toBe(7);
    expect(a.defenderTotal).toBe(6); // MG 3 doubled on defence (black box)
    expect(a.ratioText).toBe('7:6');
    expect(a.column).toBe('1:1');
    expect(a.modifiers).toEqual([]);
  });

  it('halves Soviet armor on night turns, total rounded down (8.2 case 2)', () => {
    // Turn 2 of the helper track is a night turn. T-37 5 + BA-10 8 = 13 → 6.
    const a = analyse(
      {},
      [
        ['T37', 'M15'],
        ['BA10', 'M15'],
        ['F1', 'M16'],
      ],
      [
        { unit: 'T37', from: 'M15' },
        { unit: 'BA10', from: 'M15' },
      ],
      'M16',
      { turn: 2 },
    );
    expect(a.attackerTotal).toBe(6);
    expect(a.halvings.some((h) => h.case === 2)).toBe(true);
    expect(a.modifiers.map((m) => m.id)).toContain('sovietArmor');
  });
});

describe('Combat ratio modifiers (8.3)', () => {
  it('gives the Soviets 3R and the Finns 4R against a defender on a frozen lake (8.3 case 5)', () => {
    const sov = analyse(
      { M16: 'lake' },
      [
        ['S1', 'M15'],
        ['F1', 'M16'],
      ],
      [{ unit: 'S1', from: 'M15' }],
      'M16',
    );
    expect(sov.modifiers.map((m) => m.text)).toEqual(['defender on frozen lake: 3R (8.3 case 5)']);
    expect(sov.column).toBe('4:1');
    const fin = analyse(
      { M16: 'lake' },
      [
        ['F1', 'M15'],
        ['S1', 'M16'],
      ],
      [{ unit: 'F1', from: 'M15' }],
      'M16',
      { side: 'finnish' },
    );
    expect(fin.modifiers.map((m) => m.text)).toEqual(['defender on frozen lake: 4R (8.3 case 5)']);
    expect(fin.column).toBe('5:1');
  });

  it('replaces cases 1 and 5 by one column for the Finns when everyone is on the lake (8.3 case 5 note)', () => {
    const sov = analyse(
      { M16: 'lake', M15: 'lake' },
      [
        ['S1', 'M15'],
        ['F1', 'M16'],
      ],
      [{ unit: 'S1', from: 'M15' }],
      'M16',
    );
    expect(sov.attackerTotal).toBe(5); // not halved
    expect(sov.allOnLake).toBe(true);
    expect(sov.modifiers.map((m) => [m.id, m.shift])).toEqual([['allOnLake', -1]]);
    expect(sov.column).toBe('1:2');
    const fin = analyse(
      { M16: 'lake', M15: 'lake' },
      [
        ['F1', 'M15'],
        ['S1', 'M16'],
      ],
      [{ unit: 'F1', from: 'M15' }],
      'M16',
      { side: 'finnish' },
    );
    expect(fin.modifiers.map((m) => [m.id, m.shift])).toEqual([['allOnLake', 1]]);
    expect(fin.column).toBe('2:1');
  });

  it('does not use the all-on-lake exception when one attacker is on land (8.3 case 5 note)', () => {
    const a = analyse(
      { M16: 'lake', M15: 'lake' },
      [
        ['S1', 'M15'],
        ['S2', 'M17'],
        ['F1', 'M16'],
      ],
      [
        { unit: 'S1', from: 'M15' },
        { unit: 'S2', from: 'M17' },
      ],
      'M16',
    );
    expect(a.allOnLake).toBe(false);
    expect(a.attackerTotal).toBe(5 + 3);
    expect(a.modifiers.map((m) => m.id)).toEqual(['concentric', 'defenderOnLake']);
  });

  it('gives a concentric attack 1R for attackers in two opposite hexes (8.3 case 4)', () => {
    expect(isConcentric('M16', ['M15', 'M17'])).toBe(true);
    expect(isConcentric('M16', ['N16', 'L17'])).toBe(true);
    expect(isConcentric('M16', ['N17', 'L16'])).toBe(true);
    const a = analyse(
      {},
      [
        ['S1', 'M15'],
        ['S2', 'M17'],
        ['F1', 'M16'],
      ],
      [
        { unit: 'S1', from: 'M15' },
        { unit: 'S2', from: 'M17' },
      ],
      'M16',
    );
    expect(a.modifiers.map((m) => m.text)).toEqual(['concentric attack from M15, M17: 1R (8.3 case 4)']);
    expect(a.column).toBe('3:1');
  });

  it('gives a concentric attack 1R for three hexes with one hex between each (8.3 case 4)', () => {
    expect(isConcentric('M16', ['M15', 'N17', 'L17'])).toBe(true);
    expect(isConcentric('M16', ['N16', 'M17', 'L16'])).toBe(true);
  });

  it('does not count adjacent or one-apart pairs as concentric (8.3 case 4)', () => {
    expect(isConcentric('M16', ['M15', 'N16'])).toBe(false);
    expect(isConcentric('M16', ['M15', 'N17'])).toBe(false);
    expect(isConcentric('M16', ['M15', 'N16', 'N17'])).toBe(false);
  });

  it('gives no concentric bonus in an Assault (8.3 case 4 is Combats only)', () => {
    const a = analyse(
      {},
      [
        ['S1', 'M15'],
        ['S2', 'M17'],
        ['F1', 'M16'],
      ],
      [
        { unit: 'S1', from: 'M15' },
        { unit: 'S2', from: 'M17' },
      ],
      'M16',
      { kind: 'assault' },
    );
    expect(a.modifiers.map((m) => m.id)).not.toContain('concentric');
  });

  it('gives Pajari’s stack one column in the Finns’ favour, attacking or defending (8.3 case 6, 12.3)', () => {
    const def = analyse(
      {},
      [
        ['S1', 'M15'],
        ['S2', 'M15'],
        ['F1', 'M16'],
        ['Pajari', 'M16'],
      ],
      [
        { unit: 'S1', from: 'M15' },
        { unit: 'S2', from: 'M15' },
      ],
      'M16',
    );
    expect(def.modifiers.map((m) => m.text)).toEqual(['Pajari with the defenders: 1L (8.3 case 6)']);
    expect(def.column).toBe('1:1');
    const att = analyse(
      {},
      [
        ['F1', 'M15'],
        ['Pajari', 'M15'],
        ['S1', 'M16'],
      ],
      [{ unit: 'F1', from: 'M15' }],
      'M16',
      { side: 'finnish' },
    );
    expect(att.modifiers.map((m) => m.shift)).toEqual([1]);
  });

  it('shifts 1L against a dug-in defender (8.3 case 7)', () => {
    const a = analyse(
      {},
      [
        ['S1', 'M15'],
        ['F1', 'M16'],
      ],
      [{ unit: 'S1', from: 'M15' }],
      'M16',
      { markers: [{ type: 'dugIn', hex: 'M16' }] },
    );
    expect(a.modifiers.map((m) => m.text)).toEqual(['defender dug in: 1L (8.3 case 7)']);
  });

  it('gives the morale-bonus side 1 column in Combat and 2 in an Assault (8.3 case 8)', () => {
    // Turn 3: Finnish morale bonus; turn 4: Soviet.
    const c = analyse(
      {},
      [
        ['S1', 'M15'],
        ['F1', 'M16'],
      ],
      [{ unit: 'S1', from: 'M15' }],
      'M16',
      { turn: 3 },
    );
    expect(c.modifiers.map((m) => m.shift)).toEqual([-1]);
    const as = analyse(
      {},
      [
        ['S1', 'M15'],
        ['F1', 'M16'],
      ],
      [{ unit: 'S1', from: 'M15' }],
      'M16',
      { turn: 4, kind: 'assault' },
    );
    expect(as.modifiers.map((m) => m.text)).toEqual([
      'soviet morale bonus (doubled in an Assault): 2R (8.3 case 8)',
      'Finnish SMGs in an Assault in forest: 1L (8.3 case 15)',
    ]);
  });

  it('gives the Soviets one column, only once, when armor contributes CS (8.3 case 9, 12.1)', () => {
    const a = analyse(
      {},
      [
        ['T26', 'M15'],
        ['T37', 'M15'],
        ['F1', 'M16'],
      ],
      [
        { unit: 'T26', from: 'M15' },
        { unit: 'T37', from: 'M15' },
      ],
      'M16',
    );
    expect(a.modifiers.filter((m) => m.id === 'sovietArmor').map((m) => m.shift)).toEqual([1]);
    const d = analyse(
      {},
      [
        ['F1', 'M15'],
        ['T26', 'M16'],
      ],
      [{ unit: 'F1', from: 'M15' }],
      'M16',
      { side: 'finnish' },
    );
    expect(d.modifiers.map((m) => m.shift)).toEqual([-1]);
  });

  it('gives attacking Finns 2R against a hex with a Bonfire (8.3 case 11)', () => {
    const a = analyse(
      {},
      [
        ['F1', 'M15'],
        ['S1', 'M16'],
      ],
      [{ unit: 'F1', from: 'M15' }],
      'M16',
      { side: 'finnish', markers: [{ type: 'bonfire', hex: 'M16' }] },
    );
    expect(a.modifiers.map((m) => m.text)).toEqual(['Finns attack a hex with a Bonfire: 2R (8.3 case 11)']);
  });

  it('gives the Finns one column in Assaults into forest, suo or village, never on the lake (8.3 case 15)', () => {
    const a = analyse(
      {},
      [
        ['F1', 'M15'],
        ['S1', 'M16'],
      ],
      [{ unit: 'F1', from: 'M15' }],
      'M16',
      { side: 'finnish', kind: 'assault' },
    );
    expect(a.modifiers.map((m) => m.text)).toEqual(['Finnish SMGs in an Assault in forest: 1R (8.3 case 15)']);
    const d = analyse(
      {},
      [
        ['S1', 'M15'],
        ['F1', 'M16'],
      ],
      [{ unit: 'S1', from: 'M15' }],
      'M16',
      { kind: 'assault' },
    );
    expect(d.modifiers.map((m) => m.shift)).toEqual([-1]);
    const c = analyse(
      {},
      [
        ['F1', 'M15'],
        ['S1', 'M16'],
      ],
      [{ unit: 'F1', from: 'M15' }],
      'M16',
      { side: 'finnish' },
    );
    expect(c.modifiers).toEqual([]);
  });
});

describe('Netting out modifiers (8.3.1)', () => {
  it('applies shifts to the true ratio before clamping: 19:2 is 9:1, with 2L it is 7:1, so the 6:1 column (8.3.1 example)', () => {
    expect(oddsOfIndex(ratioIndex(19, 2))).toBe('9:1');
    const i = ratioIndex(19, 2) - 2;
    expect(oddsOfIndex(i)).toBe('7:1');
    expect(clampToColumn(i)).toBe('6:1');
  });

  it('lets right shifts lift a ratio below 1:4 back onto the table (8.3.1)', () => {
    expect(oddsOfIndex(ratioIndex(1, 7))).toBe('1:7');
    expect(clampToColumn(ratioIndex(1, 7) + 3)).toBe('1:4');
    expect(clampToColumn(ratioIndex(1, 7) + 5)).toBe('1:2');
  });

  it('nets a 19:2 attack with a dug-in defender and Pajari to 7:1 and uses 6:1 (8.3.1 in a real combat)', () => {
    // 4 attackers (5+5+5+4 = 19) vs one reduced Finnish infantry (3)… needs defender 2: an MG reduced (2) not doubled? Use engineer (2).
    const a = analyse(
      {},
      [
        ['S1', 'M15'],
        ['S2', 'M15'],
        ['S3', 'M15'],
        ['T37', 'M17', 1],
        ['Eng', 'M16'],
        ['Pajari', 'M16'],
      ],
      [
        { unit: 'S1', from: 'M15' },
        { unit: 'S2', from: 'M15' },
        { unit: 'S3', from: 'M15' },
        { unit: 'T37', from: 'M17' },
      ],
      'M16',
      { markers: [{ type: 'dugIn', hex: 'M16' }] },
    );
    expect(a.ratioText).toBe('18:2');
    expect(indexOfOdds(a.baseOdds)).toBe(8);
    // concentric 1R, Pajari 1L, dug-in 1L, armor 1R → net 0.
    expect(a.netShift).toBe(0);
    expect(a.column).toBe('6:1');
  });
});

describe('Retreated units (8.5.2.3)', () => {
  const rs = ruleset({ terrain: area('M16', 3, 'forest') });
  it('counts units that retreated earlier this Combat Phase as zero beside fresh units', () => {
    const st = state(rs, [
      ['S1', 'M15'],
      ['F1', 'M16'],
      ['F2', 'M16'],
    ]);
    const s = situationFromState(st, rs, 'combat', 'soviet', [{ unit: 'S1', from: 'M15' }], 'M16', { retreated: new Set(['F1']) });
    const a = analyseCombat(rs, st, s);
    expect(a.defenderTotal).toBe(5);
    expect(a.halvings.map((h) => h.text).join()).toContain('8.5.2.3');
  });
  it('halves the total, rounded up, when only retreated units defend', () => {
    const st = state(rs, [
      ['S1', 'M15'],
      ['F1', 'M16'],
      ['F2', 'M16', 1],
    ]);
    const s = situationFromState(st, rs, 'combat', 'soviet', [{ unit: 'S1', from: 'M15' }], 'M16', { retreated: new Set(['F1', 'F2']) });
    expect(analyseCombat(rs, st, s).defenderTotal).toBe(4); // (5 + 3) / 2
  });
});

describe('Modifiers read from other rules (8.3 cases 10, 12, 14)', () => {
  const rs = ruleset({ terrain: area('M16', 3, 'forest') });
  it('gives the Finns one column in the turn of their change of stance (8.3 case 10)', () => {
    const a = analyse(
      {},
      [
        ['F1', 'M15'],
        ['S1', 'M16'],
      ],
      [{ unit: 'F1', from: 'M15' }],
      'M16',
      { side: 'finnish', markers: [{ type: 'stanceChange', hex: 'A13' }] },
    );
    expect(a.modifiers.map((m) => m.text)).toEqual(['turn of the Finnish change of operational stance: 1R (8.3 case 10)']);
  });
  it('gives attacking Finns 1R after the Soviet morale collapse (8.3 case 12)', () => {
    const a = analyse(
      {},
      [
        ['F1', 'M15'],
        ['S1', 'M16'],
      ],
      [{ unit: 'F1', from: 'M15' }],
      'M16',
      { side: 'finnish', markers: [{ type: 'sovietMoraleCollapse', hex: 'X28' }] },
    );
    expect(a.modifiers.map((m) => m.shift)).toEqual([1]);
  });
  it('20.10 (our condition): the Soviet Coordination Penalty, 1L when the attackers come from more than one regiment', () => {
    const real = loadRuleset();
    const ref = (unit: string) => ({ unit, from: 'M15' });
    expect(regimentsOf(real, [ref('1/1/364'), ref('2/1/364')])).toBe(1);
    expect(regimentsOf(real, [ref('1/1/364'), ref('1/1/609')])).toBe(2);
    // Armor and division units join any attack without counting as a regiment.
    const armor = real.counters.find((c) => c.formation === 'armor')!.id;
    expect(regimentsOf(real, [ref('1/1/364'), ref(armor)])).toBe(1);
    const toy = ruleset({ terrain: area('M16', 3, 'forest') });
    toy.counters.find((c) => c.id === 'S2')!.formation = 'y';
    const st = state(toy, [
      ['S1', 'M15'],
      ['S2', 'M17'],
      ['F1', 'M16'],
    ]);
    const attack = [
      { unit: 'S1', from: 'M15' },
      { unit: 'S2', from: 'M17' },
    ];
    const off = analyseCombat(toy, st, situationFromState(st, toy, 'combat', 'soviet', attack, 'M16'));
    expect(off.modifiers.some((m) => m.case === 13)).toBe(false);
    const on = { ...st, options: { '20.10': true } };
    const a = analyseCombat(toy, on, situationFromState(on, toy, 'combat', 'soviet', attack, 'M16'));
    expect(a.modifiers.filter((m) => m.case === 13).map((m) => [m.shift, m.text])).toEqual([
      [-1, 'Soviet coordination penalty (optional 20.10): 1L (8.3 case 13)'],
    ]);
    const one = analyseCombat(toy, on, situationFromState(on, toy, 'combat', 'soviet', [attack[0]!], 'M16'));
    expect(one.modifiers.some((m) => m.case === 13)).toBe(false);
  });

  it('applies the Field Kitchen shift only with optional rule 20.8 (8.3 case 14)', () => {
    const st = state(
      rs,
      [
        ['F1', 'M15'],
        ['S1', 'M16'],
      ],
      { markers: [{ type: 'fieldKitchenEliminated', hex: 'M16' }] },
    );
    const off = analyseCombat(rs, st, situationFromState(st, rs, 'combat', 'finnish', [{ unit: 'F1', from: 'M15' }], 'M16'));
    expect(off.modifiers).toEqual([]);
    const on = { ...st, options: { '20.8': true } };
    const a = analyseCombat(rs, on, situationFromState(on, rs, 'combat', 'finnish', [{ unit: 'F1', from: 'M15' }], 'M16'));
    expect(a.modifiers.map((m) => m.text)).toEqual([
      'Soviets in an eliminated Finnish Field Kitchen hex (optional 20.8): 3R (8.3 case 14)',
    ]);
  });
});
