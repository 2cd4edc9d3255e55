import { describe, expect, it } from 'vitest';
import type { LegalActions, UnitMoves } from '../../src/engine/types.js';
import { destinationChoices, filterChoices, findMover, moverChoices, parseMover } from '../../src/discord/choices.js';

const moves = (units: string[], from: string, reach: Array<[string, number]>): UnitMoves => ({
  units, from, kind: 'move', allowance: 4, canExit: false,
  reachable: reach.map(([hex, cost]) => ({ hex, cost, mpLeft: 4 - cost, path: [hex], extended: false, minimumMove: false, zocStop: hex === 'M18' })),
});

const legal: LegalActions = {
  side: 'finnish', turn: 1, phase: 'action', toAct: true, what: 'move units', phaseActions: ['endPhase'],
  units: [moves(['1/1/JR16'], 'M16', [['M17', 1], ['M18', 2], ['L16', 1]]), moves(['2/1/JR16'], 'M16', []), moves(['MG/1/JR16'], 'K10', [['K11', 2]])],
  stacks: [moves(['1/1/JR16', '2/1/JR16'], 'M16', [['M17', 1]])],
  delayable: [],
};

describe('autocomplete from legal actions', () => {
  it('offers the units and stacks that can move, not the ones that cannot', () => {
    const c = moverChoices(legal, '');
    expect(c.map((x) => x.value)).toEqual(['1/1/JR16', 'MG/1/JR16', '1/1/JR16+2/1/JR16']);
    expect(c[0]!.name).toContain('in M16');
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
    expect(findMover(legal, parseMover('2/1/JR16 + 1/1/JR16'))?.units).toEqual(['1/1/JR16', '2/1/JR16']);
  });

  it('caps choices at 25', () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ name: `n${i}`, value: `v${i}` }));
    expect(filterChoices(many, '')).toHaveLength(25);
  });
});
