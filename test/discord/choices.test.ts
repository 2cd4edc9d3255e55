import { describe, expect, it } from 'vitest';
import type { LegalActions, UnitMoves } from '../../src/engine/types.js';
import {
  assaultTargetChoices,
  assaultUnitChoices,
  atGunChoices,
  atTargetChoices,
  attackerChoices,
  combatTargetChoices,
  delayChoices,
  destinationChoices,
  digChoices,
  filterChoices,
  fireTargetChoices,
  firerChoices,
  moverChoices,
  placementChoices,
  recoveryChoices,
  replacementChoices,
  spotterChoices,
  supportChoices,
} from '../../src/discord/choices.js';
import { findMover, splitUnits } from '../../src/app/play-verbs.js';

const moves = (units: string[], from: string, reach: Array<[string, number]>): UnitMoves => ({
  units,
  from,
  kind: 'move',
  allowance: 4,
  canExit: false,
  reachable: reach.map(([hex, cost]) => ({
    hex,
    cost,
    mpLeft: 4 - cost,
    path: [hex],
    extended: false,
    minimumMove: false,
    zocStop: hex === 'M18',
  })),
});

const legal: LegalActions = {
  side: 'finnish',
  turn: 1,
  phase: 'action',
  toAct: true,
  what: 'move units',
  phaseActions: ['endPhase'],
  units: [
    moves(['1/1/JR16'], 'M16', [
      ['M17', 1],
      ['M18', 2],
      ['L16', 1],
    ]),
    moves(['MG/1/JR16'], 'K10', [['K11', 2]]),
  ],
  stacks: [moves(['1/1/JR16', '2/1/JR16'], 'M16', [['M17', 1]])],
  delayable: [{ unit: '4/2/609', turns: [4, 5] }],
  combat: {
    targets: [
      { hex: 'J16', attackers: ['1/1/609', '3/1/609'] },
      { hex: 'I18', attackers: ['MG/1/609'] },
    ],
    assaults: [
      { units: ['1/1/609', '2/1/609'], from: 'K16', target: 'J16', cost: 2 },
      { units: ['2/1/609', '1/1/609'], from: 'K16', target: 'J17', cost: 3 },
    ],
  },
};

describe('autocomplete from legal actions', () => {
  // legalActions lists only the movers that can move (test/engine/legal-listing.test.ts); the choices
  // offer each of them without reading its hexes (searched once a mover is picked).
  it('offers the units and stacks legalActions lists, without searching their hexes', () => {
    const c = moverChoices(legal, '');
    expect(c.map((x) => x.value)).toEqual(['1/1/JR16', 'MG/1/JR16', '1/1/JR16+2/1/JR16']);
    expect(c[0]!.name).toContain('in M16');
    let searched = 0;
    const lazy: LegalActions = {
      ...legal,
      units: legal.units.map((m) => ({
        ...m,
        get reachable() {
          searched++;
          return m.reachable;
        },
      })),
    };
    expect(moverChoices(lazy, '').length).toBe(3);
    expect(searched).toBe(0);
    expect(moverChoices(legal, 'mg').map((x) => x.value)).toEqual(['MG/1/JR16']);
  });

  it('offers reachable hexes cheapest first with their MP cost, matching typed ids in any case', () => {
    const m = findMover(legal, ['1/1/JR16'])!;
    const c = destinationChoices(m, '');
    expect(c.map((x) => x.value)).toEqual(['L16', 'M17', 'M18']);
    expect(c[0]!.name).toBe('L16 · 1 MP (3 left)');
    expect(c[2]!.name).toContain('stops: enemy ZOC');
    expect(destinationChoices(m, 'm 18').map((x) => x.value)[0]).toBe('M18');
  });

  it('finds a stack whatever order its units are named in', () => {
    expect(findMover(legal, splitUnits('2/1/JR16 + 1/1/JR16'))?.units).toEqual(['1/1/JR16', '2/1/JR16']);
  });

  it('offers the enemy hexes that may be attacked (8.0), and attacker sets: all first, then each alone', () => {
    expect(combatTargetChoices(legal, '').map((c) => c.value)).toEqual(['J16', 'I18']);
    expect(combatTargetChoices(legal, 'i 18').map((c) => c.value)).toEqual(['I18']);
    expect(attackerChoices(legal, 'J16', '').map((c) => c.value)).toEqual(['1/1/609+3/1/609', '1/1/609', '3/1/609']);
    expect(attackerChoices(legal, 'M1', '')).toEqual([]);
  });

  it('offers stacks that may assault (9.1) once, and their targets with MP cost', () => {
    expect(assaultUnitChoices(legal, '').map((c) => c.value)).toEqual(['1/1/609+2/1/609']);
    const t = assaultTargetChoices(legal, ['2/1/609', '1/1/609'], '');
    expect(t.map((c) => c.value)).toEqual(['J16', 'J17']);
    expect(t[0]!.name).toBe('J16 · from K16 · 2 MP');
  });

  it('offers the reinforcements that may be delayed (13.1.2) with their turns', () => {
    expect(delayChoices(legal, '4/2')).toEqual([{ name: '4/2/609 · may arrive on turn 4, 5', value: '4/2/609' }]);
  });

  it('offers firers, their targets with range and spotter, and spotters with the default first (10.0, 10.5)', () => {
    const l: LegalActions = {
      ...legal,
      fire: {
        ranged: [
          {
            unit: 'Mtr/609',
            from: 'N17',
            ras: 3,
            targets: [{ hex: 'J16', range: 4, direct: false, spotters: ['1/1/609', '3/1/609'], defaultSpotter: '3/1/609' }],
          },
        ],
        atFire: [{ unit: 'AT/JR16', from: 'I17', diceLeft: 2, targets: [{ unit: 'T-26/1', hex: 'K16', range: 2 }] }],
      },
    };
    expect(firerChoices(l, '')[0]).toEqual({ name: 'Mtr/609 · in N17 · RAS 3 · 1 target(s)', value: 'Mtr/609' });
    expect(fireTargetChoices(l, 'Mtr/609', 'j16')[0]!.name).toBe('J16 · range 4 · indirect, spotter 3/1/609');
    expect(spotterChoices(l, 'Mtr/609', 'J16', '').map((c) => c.value)).toEqual(['3/1/609', '1/1/609']);
    expect(atGunChoices(l, '')[0]!.name).toBe('AT/JR16 in I17 · 2 dice left');
    expect(atTargetChoices(l, 'AT/JR16', '')[0]).toEqual({ name: 'T-26/1 in K16 · range 2', value: 'T-26/1' });
  });

  it('offers recovery, digging in and replacements from their legal listings (13.3, 14.1, 13.2)', () => {
    const l: LegalActions = {
      ...legal,
      recovery: [{ unit: '3/1/JR16', hex: 'I18', drms: [], net: 1, needs: 5, pajariAvailable: true }],
      digIn: [{ hex: 'J16', units: ['1/1/JR16', 'MG/1/JR16#1'], result: 'diggingIn', how: 'place' }],
      replacements: {
        points: 2,
        spent: 0,
        left: 2,
        rebuild: ['3/1/JR16'],
        reconstitute: [{ unit: '2/1/JR16', steps: [1, 2] }],
        placementHexes: ['A13'],
        turns: [4],
      },
    };
    expect(recoveryChoices(l, '')[0]!.name).toBe('3/1/JR16 in I18 · needs 5+ · Pajari helps');
    expect(digChoices(l, '').map((c) => c.value)).toEqual(['1/1/JR16+MG/1/JR16#1', '1/1/JR16', 'MG/1/JR16#1']);
    expect(replacementChoices(l, '').map((c) => c.value)).toEqual(['3/1/JR16', '2/1/JR16']);
    expect(placementChoices(l, 'a 13')[0]!.value).toBe('A13');
  });

  it('offers Offensive Support from units whose fire reaches the target and that do not attack (10.3)', () => {
    const l: LegalActions = {
      ...legal,
      fire: {
        ranged: [
          { unit: 'Mtr/609', from: 'N17', ras: 5, targets: [{ hex: 'J16', range: 4, direct: false, spotters: [], defaultSpotter: null }] },
          { unit: '3/1/609', from: 'K16', ras: 4, targets: [{ hex: 'J16', range: 1, direct: true, spotters: [], defaultSpotter: null }] },
          { unit: '1/47', from: null, ras: 5, targets: [{ hex: 'I18', range: null, direct: false, spotters: [], defaultSpotter: null }] },
        ],
        atFire: [],
      },
    };
    expect(supportChoices(l, 'J16', ['3/1/609'], '').map((c) => c.value)).toEqual(['Mtr/609']);
    expect(supportChoices(l, 'J16', [], '').map((c) => c.value)).toEqual(['Mtr/609+3/1/609', 'Mtr/609', '3/1/609']);
  });

  it('caps choices at 25', () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ name: `n${i}`, value: `v${i}` }));
    expect(filterChoices(many, '')).toHaveLength(25);
  });
});
