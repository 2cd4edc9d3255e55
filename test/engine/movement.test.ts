import { describe, expect, it } from 'vitest';
import { block, counter, toyRuleset, atAction, must, codeOf } from './helpers/toy.js';
import type { MoveAction } from '../../src/engine/index.js';

const road = (col: string, from: number, to: number): [string, string][] => {
  const out: [string, string][] = [];
  for (let r = from; r < to; r++) out.push([`${col}${r}`, `${col}${r + 1}`]);
  return out;
};

describe('movement basics (4.1)', () => {
  const r = toyRuleset({
    terrain: { ...block('ABCDEFGH', 1, 12, 'forest'), C3: 'suo', C4: 'village', B5: 'lake' },
    counters: [counter('s1', 'soviet', 'infantry'), counter('f1', 'finnish', 'infantry'), counter('s2', 'soviet', 'infantry')],
    setup: { s1: 'C5', f1: 'H12', s2: 'A1' },
  });

  it('pays the terrain cost of each hex entered: village 1, suo 3, forest 2, frozen lake 1.5 (4.1, 5.2)', () => {
    const { engine, state } = atAction(r);
    const moves = engine.legalActions(state, 'soviet').units.find((u) => u.units[0] === 's1')!;
    const cost = (h: string) => moves.reachable.find((x) => x.hex === h)?.cost;
    expect(moves.allowance).toBe(5);
    expect(cost('C4')).toBe(1);
    expect(cost('C3')).toBe(4); // C4 village 1 + C3 suo 3
    expect(cost('B5')).toBe(1.5);
    expect(cost('D5')).toBe(2);
  });

  it('reports the path, MP spent and MP left of a move', () => {
    const { engine, state } = atAction(r);
    const res = engine.apply(state, 'soviet', { type: 'move', units: ['s1'], to: 'C3' });
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.events[0]).toMatchObject({ type: 'moved', path: ['C4', 'C3'], mpSpent: 4, mpLeft: 1, allowance: 5, extended: false });
    expect(res.state.units.s1!.hex).toBe('C3');
  });

  it('refuses a destination beyond the allowance, saying what it costs (4.1)', () => {
    const { engine, state } = atAction(r);
    const res = engine.apply(state, 'soviet', { type: 'move', units: ['s1'], to: 'C1' });
    expect(codeOf(res)).toBe('rule/not-enough-mp');
    if (!res.ok) expect(res.violation.message).toMatch(/costs 8 MP to reach but only 5 MP/);
    expect(state.units.s1!.hex).toBe('C5');
  });

  it('lets a unit act once per Action Phase (3.0 II)', () => {
    const { engine, state } = atAction(r);
    const s = must(engine, state, 'soviet', { type: 'move', units: ['s1'], to: 'C4' });
    expect(codeOf(engine.apply(s, 'soviet', { type: 'move', units: ['s1'], to: 'C3' }))).toBe('rule/already-acted');
    expect(engine.legalActions(s, 'soviet').units.map((u) => u.units[0])).not.toContain('s1');
  });

  it('checks an explicit path hex by hex (4.1)', () => {
    const { engine, state } = atAction(r);
    expect(codeOf(engine.apply(state, 'soviet', { type: 'move', units: ['s1'], path: ['C4', 'C2'] }))).toBe('input/path-not-adjacent');
    const ok = engine.apply(state, 'soviet', { type: 'move', units: ['s1'], path: ['C5', 'C4', 'D4'] });
    expect(ok.ok && ok.events[0]).toMatchObject({ mpSpent: 3, mpLeft: 2 });
  });

  it('refuses bad input without changing anything', () => {
    const { engine, state } = atAction(r);
    expect(codeOf(engine.apply(state, 'soviet', { type: 'move', units: ['nope'], to: 'C4' }))).toBe('input/unknown-unit');
    expect(codeOf(engine.apply(state, 'soviet', { type: 'move', units: ['f1'], to: 'H11' }))).toBe('input/not-your-unit');
    expect(codeOf(engine.apply(state, 'soviet', { type: 'move', units: ['s1'], to: 'Z99' }))).toBe('input/bad-hex');
    expect(codeOf(engine.apply(state, 'soviet', { type: 'move', units: ['s1'] } as MoveAction))).toBe('input/no-destination');
    expect(codeOf(engine.apply(state, 'soviet', { type: 'bogus' } as never))).toBe('input/unknown-action');
    expect(state.units.s1!.hex).toBe('C5');
  });

  it('cannot enter an enemy-occupied hex (4.1)', () => {
    const r2 = toyRuleset({
      terrain: block('ABCDEF', 1, 8, 'village'),
      counters: [counter('s1', 'soviet', 'infantry'), counter('f1', 'finnish', 'infantry')],
      setup: { s1: 'C5', f1: 'C3' },
    });
    const { engine, state } = atAction(r2);
    expect(codeOf(engine.apply(state, 'soviet', { type: 'move', units: ['s1'], to: 'C3' }))).toBe('rule/enemy-occupied');
  });

  it('12.1.4: refuses an armor commitment in a scenario without it', () => {
    const { engine, state } = atAction(r);
    const res = engine.apply(state, 'soviet', { type: 'commitArmor', units: ['s1'] });
    expect(res.ok === false && res.violation).toMatchObject({ code: 'rule/armor-commitment', rule: '12.1.4' });
  });
});

describe('minimum movement (4.1.1)', () => {
  const r = toyRuleset({
    terrain: { ...block('ABCDEF', 1, 10, 'suo'), D5: 'village' },
    roads: [['D5', 'D6']],
    counters: [counter('mtr', 'soviet', 'mortar'), counter('t1', 'soviet', 'tank'), counter('f1', 'finnish', 'infantry')],
    setup: { mtr: 'C5', t1: 'D5', f1: 'A1' },
  });

  it('lets a unit always move one hex whatever it costs: an MA-2 mortar into suo (4.1.1)', () => {
    const { engine, state } = atAction(r);
    const moves = engine.legalActions(state, 'soviet').units.find((u) => u.units[0] === 'mtr')!;
    expect(moves.allowance).toBe(2);
    const c4 = moves.reachable.find((x) => x.hex === 'C4');
    expect(c4).toMatchObject({ minimumMove: true, mpLeft: 0, cost: 2 });
    expect(moves.reachable.find((x) => x.hex === 'C3')).toBeUndefined();
    const res = engine.apply(state, 'soviet', { type: 'move', units: ['mtr'], to: 'C4' });
    expect(res.ok && res.events[0]).toMatchObject({ minimumMove: true, mpSpent: 2, mpLeft: 0 });
    expect(codeOf(engine.apply(state, 'soviet', { type: 'move', units: ['mtr'], path: ['C4', 'C3'] }))).toBe('rule/not-enough-mp');
  });

  it('does not let the minimum move enter prohibited terrain (4.1.1, 12.1.3)', () => {
    const { engine, state } = atAction(r);
    const moves = engine.legalActions(state, 'soviet').units.find((u) => u.units[0] === 't1')!;
    expect(moves.reachable.map((x) => x.hex)).toEqual(['D6']);
    expect(codeOf(engine.apply(state, 'soviet', { type: 'move', units: ['t1'], to: 'C5' }))).toBe('rule/prohibited-terrain');
  });
});

describe('map edge (4.2)', () => {
  const r = toyRuleset({
    terrain: block('ABC', 10, 16, 'forest'),
    counters: [counter('f1', 'finnish', 'infantry'), counter('f2', 'finnish', 'infantry'), counter('s1', 'soviet', 'infantry')],
    setup: { f1: 'B13', f2: 'C10', s1: 'C16' },
    supply: { finnish: ['A13'] },
    firstPlayer: 'finnish',
  });

  it('lets units leave the map through a friendly supply source hex; they are out of the game, not eliminated (4.2)', () => {
    const { engine, state } = atAction(r, 'finnish');
    const la = engine.legalActions(state, 'finnish');
    expect(la.units.find((u) => u.units[0] === 'f1')!.canExit).toBe(true);
    const res = engine.apply(state, 'finnish', { type: 'move', units: ['f1'], to: 'A13', exit: true });
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.state.units.f1).toMatchObject({ location: 'exited', hex: null });
    expect(codeOf(engine.apply(state, 'finnish', { type: 'move', units: ['f2'], to: 'B11', exit: true }))).toBe('rule/exit');
    expect(codeOf(engine.apply(state, 'finnish', { type: 'move', units: ['f1'], to: 'B13' }))).toBe('input/no-move');
  });

  it('lets a unit already on the supply source leave without moving (ruling, 4.2)', () => {
    const r2 = toyRuleset({
      terrain: block('ABC', 10, 16, 'forest'),
      counters: [counter('f1', 'finnish', 'infantry'), counter('s1', 'soviet', 'infantry')],
      setup: { f1: 'A13', s1: 'C16' },
      supply: { finnish: ['A13'] },
      firstPlayer: 'finnish',
    });
    const { engine, state } = atAction(r2, 'finnish');
    expect(engine.legalActions(state, 'finnish').units[0]!.canExit).toBe(true);
    const res = engine.apply(state, 'finnish', { type: 'move', units: ['f1'], exit: true });
    expect(res.ok && res.state.units.f1!.location).toBe('exited');
  });
});

describe('extended movement (4.3)', () => {
  const r = toyRuleset({
    terrain: block('ABCDEFGHI', 1, 20, 'forest'),
    roads: road('C', 1, 20),
    counters: [counter('mg', 'soviet', 'mg'), counter('f1', 'finnish', 'infantry'), counter('mg2', 'soviet', 'mg')],
    setup: { mg: 'C1', mg2: 'C20', f1: 'I1' },
  });

  it('gives +2 MP to a move wholly on the road 4+ hexes from all enemies: an MA-4 MG covers 12 road hexes (4.3 example)', () => {
    const { engine, state } = atAction(r);
    const moves = engine.legalActions(state, 'soviet').units.find((u) => u.units[0] === 'mg')!;
    expect(moves.allowance).toBe(4);
    expect(moves.reachable.find((x) => x.hex === 'C13')).toMatchObject({ cost: 6, mpLeft: 0, extended: true });
    expect(moves.reachable.find((x) => x.hex === 'C9')).toMatchObject({ cost: 4 });
    expect(moves.reachable.find((x) => x.hex === 'C14')).toBeUndefined();
    const res = engine.apply(state, 'soviet', { type: 'move', units: ['mg'], to: 'C13' });
    expect(res.ok && res.events[0]).toMatchObject({ extended: true, mpSpent: 6, mpLeft: 0, allowance: 6 });
  });

  it('denies the bonus when the route comes within 3 hexes of an enemy unit (4.3)', () => {
    const near = toyRuleset({
      terrain: block('ABCDEFGHI', 1, 20, 'forest'),
      roads: road('C', 1, 20),
      counters: [counter('mg', 'soviet', 'mg'), counter('f1', 'finnish', 'infantry')],
      setup: { mg: 'C1', f1: 'F12' },
    });
    const { engine, state } = atAction(near);
    const moves = engine.legalActions(state, 'soviet').units.find((u) => u.units[0] === 'mg')!;
    expect(moves.reachable.find((x) => x.hex === 'C13')).toBeUndefined();
    expect(codeOf(engine.apply(state, 'soviet', { type: 'move', units: ['mg'], to: 'C13' }))).toBe('rule/not-enough-mp');
  });

  it('reads the enemy distance from the tables, not from code (4.3, tables.movement.extendedMovement)', () => {
    const far = {
      ...r,
      tables: { ...r.tables, movement: { ...r.tables.movement, extendedMovement: { bonusMp: 2, minEnemyDistance: 8 } } },
    };
    const { engine, state } = atAction(far);
    const moves = engine.legalActions(state, 'soviet').units.find((u) => u.units[0] === 'mg')!;
    // f1 in I1 is 6 hexes from the road's start: 4+ hexes is enough, 8+ is not.
    expect(moves.reachable.find((x) => x.hex === 'C13')).toBeUndefined();
    expect(moves.reachable.find((x) => x.hex === 'C9')).toMatchObject({ cost: 4, extended: false });
  });

  it('denies the bonus when the move leaves the road (4.3)', () => {
    const { engine, state } = atAction(r);
    // C1…C11 by road (5 MP) then off-road into D11 (forest, 2): 7 MP > 4+2.
    expect(
      codeOf(
        engine.apply(state, 'soviet', {
          type: 'move',
          units: ['mg'],
          path: ['C2', 'C3', 'C4', 'C5', 'C6', 'C7', 'C8', 'C9', 'C10', 'C11', 'D11'],
        }),
      ),
    ).toBe('rule/not-enough-mp');
  });
});

describe('Finnish ski bonus (4.4)', () => {
  const r = toyRuleset({
    terrain: block('ABCDEF', 1, 10, 'lake'),
    counters: [
      counter('f1', 'finnish', 'infantry'),
      counter('fat', 'finnish', 'atGun'),
      counter('paj', 'finnish', 'leader'),
      counter('fmg', 'finnish', 'mg'),
      counter('s1', 'soviet', 'infantry'),
    ],
    setup: { f1: 'A1', fat: 'C5', paj: 'E1', fmg: 'E6', s1: 'F10' },
    firstPlayer: 'finnish',
  });

  it('Finnish infantry, MG and Pajari pay 1 MP per frozen lake hex; Finnish AT guns pay 1.5 (4.4)', () => {
    const { engine, state } = atAction(r, 'finnish');
    const la = engine.legalActions(state, 'finnish');
    const per = (id: string, hex: string) => la.units.find((u) => u.units[0] === id)!.reachable.find((x) => x.hex === hex)?.cost;
    expect(per('f1', 'A2')).toBe(1);
    expect(per('f1', 'A7')).toBe(6);
    expect(per('paj', 'E2')).toBe(1);
    expect(per('fat', 'C6')).toBe(1.5);
    expect(per('fmg', 'E5')).toBe(1);
  });

  it('Soviet units pay 1.5 MP on frozen lake (5.2.4)', () => {
    const { engine, state } = atAction(r, 'soviet');
    const m = engine.legalActions(state, 'soviet').units.find((u) => u.units[0] === 's1')!;
    expect(m.reachable.find((x) => x.hex === 'F9')?.cost).toBe(1.5);
  });
});
