import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../src/data/load.js';
import { createEngine } from '../../src/engine/index.js';
import { counterLabel } from '../../src/engine/map-view.js';
import { block, counter, toyRuleset, atAction, must } from './helpers/toy.js';
import { board as fireBoard, engineOn, scene as fireScene } from './helpers/fire.js';

describe('toMapView (render input, src/engine/view.ts)', () => {
  it('shows the Campaign start: header, stacks by hex, off-map boxes, objective control', () => {
    const engine = createEngine(loadRuleset());
    const s = engine.setup('campaign', { seed: 'view' });
    const v = engine.toMapView(s);
    expect(v.version).toBe(1);
    expect(v.header).toMatchObject({
      scenarioId: 'campaign',
      turn: 1,
      lastTurn: 32,
      phase: 'reset',
      phaseLabel: 'Soviet Reset Phase',
      sideToAct: 'soviet',
      ammo: { soviet: 10, finnish: 3 },
    });
    expect(v.units['Q25']!.map((c) => c.id)).toEqual(expect.arrayContaining(['1/1/609', 'MG/1/609']));
    const o19 = v.units['O19']!;
    // A leader goes under the combat units (drawn last = top), so the top counter shows printed values.
    expect(o19[0]!.id).toBe('Pajari');
    expect(o19.at(-1)!.id).not.toBe('Pajari');
    expect(v.units['H19']![0]).toMatchObject({ reduced: true, steps: 1, side: 'finnish' });
    expect(v.offMap.some((b) => b.side === 'soviet' && b.title === 'Arriving turn 1')).toBe(true);
    expect(v.offMap.some((b) => b.side === 'finnish' && b.title === 'Off-map artillery')).toBe(true);
    expect(v.hexMarkers['M16']?.control).toBe('finnish');
    expect(JSON.stringify(v)).not.toContain('view'); // no seed
    expect(v.playArea).toBeUndefined();
    const tut = engine.toMapView(engine.setup('tutorial', { seed: 'view' }));
    expect(tut.playArea?.length).toBe(engine.ruleset.scenarios.find((x) => x.id === 'tutorial')!.playArea!.length);
  });

  it("draws this phase's moves as arrows and a unit's reachable hexes on request", () => {
    const r = toyRuleset({
      terrain: block('ABCDE', 1, 8, 'village'),
      counters: [counter('s1', 'soviet', 'infantry'), counter('f1', 'finnish', 'infantry')],
      setup: { s1: 'C5', f1: 'A1' },
    });
    const { engine, state } = atAction(r);
    const before = engine.toMapView(state, { reachableFor: ['s1'], showZoc: true, highlight: ['C3'] });
    expect(before.overlays.reachable).toMatchObject({ unitIds: ['s1'], from: 'C5', allowance: 5 });
    expect(before.overlays.reachable!.costs['C4']).toBe(1);
    expect(before.overlays.zoc!.finnish).toEqual(expect.arrayContaining(['A2', 'B1']));
    expect(before.overlays.highlight).toEqual(['C3']);
    const s = must(engine, state, 'soviet', { type: 'move', units: ['s1'], to: 'C3' });
    const after = engine.toMapView(s);
    expect(after.overlays.moves).toEqual([
      { side: 'soviet', unitIds: ['s1'], from: 'C5', to: 'C3', path: ['C5', 'C4', 'C3'], kind: 'move' },
    ]);
    expect(after.units['C3']![0]!.markers).toContain('moved');
  });

  it('makes short counter labels', () => {
    expect(counterLabel('1/1/609')).toBe('1/1');
    expect(counterLabel('MG/2/JR16#2')).toBe('MG/2');
    expect(counterLabel('Pajari')).toBe('Pajari');
  });
});

describe('toMapView tells what happened (issue 16)', () => {
  const base = {
    terrain: block('ABCDEFGH', 1, 10, 'forest'),
    counters: [counter('s1', 'soviet', 'infantry'), counter('f1', 'finnish', 'infantry'), counter('f2', 'finnish', 'infantry')],
    setup: { s1: 'D5', f1: 'D6', f2: 'D6' },
  };

  it('8.4, 8.5.2, 8.7: a combat arrow with its odds and result, the retreat path, and the advance path', () => {
    const { engine, state } = atAction(toyRuleset(base), 'finnish');
    const combat = must(engine, state, 'finnish', { type: 'endPhase', phase: 'action' });
    // 10:5 = 2:1; an 8 reads 0/1: one loss for s1, who retreats; f1 advances into D5.
    const r = engine.apply(combat, 'finnish', { type: 'combat', attackers: ['f1', 'f2'], target: 'D5' }, { forcedDice: [4, 4] });
    if (!r.ok) throw new Error(r.violation.message);
    const p = r.state.pending[0];
    if (p?.type !== 'combatLosses') throw new Error('expected the Soviet loss decision');
    const retreatTo = p.firstHexes.s1![0]!;
    const retreated = must(engine, r.state, 'soviet', { type: 'takeLosses', steps: {}, retreat: { s1: [retreatTo] } });
    const advanced = must(engine, retreated, 'finnish', { type: 'advance', units: ['f1'], path: ['D5'] });
    const o = engine.toMapView(advanced).overlays;
    expect(o.combats).toEqual([{ kind: 'combat', attackerSide: 'finnish', from: ['D6'], to: 'D5', odds: '2:1', result: '0/1' }]);
    expect(o.moves).toEqual(
      expect.arrayContaining([
        { side: 'soviet', unitIds: ['s1'], from: 'D5', to: retreatTo, path: ['D5', retreatTo], kind: 'retreat' },
        { side: 'finnish', unitIds: ['f1'], from: 'D6', to: 'D5', path: ['D6', 'D5'], kind: 'advance' },
      ]),
    );
  });
});

describe('toMapView draws fire (issue 16)', () => {
  it('10.4, 11.2: the Support shot and the AT dice as fire lines with their results, beside the combat arrow', () => {
    const st = fireScene([
      ['1/1/364', 'K10'],
      ['T-26 m31', 'K13'],
      ['1/1/JR16', 'K11'],
      ['AT/JR16', 'K11'],
    ]);
    const engine = engineOn(fireBoard({ K10: 'forest', K11: 'forest' }));
    const r = engine.apply(
      st,
      'soviet',
      { type: 'combat', attackers: ['1/1/364'], target: 'K11', support: ['T-26 m31'] },
      {
        forcedDice: [6, 1, 1, 1, 3, 3],
      },
    );
    if (!r.ok) throw new Error(r.violation.message);
    const o = engine.toMapView(r.state).overlays;
    expect(o.fire).toEqual([
      { kind: 'atFire', side: 'finnish', unitId: 'AT/JR16', from: 'K11', to: 'K13', result: 'hit' },
      { kind: 'atFire', side: 'finnish', unitId: 'AT/JR16', from: 'K11', to: 'K13', result: 'miss' },
      expect.objectContaining({ kind: 'ranged', side: 'soviet', unitId: 'T-26 m31', from: 'K13', to: 'K11' }),
    ]);
    expect(o.combats).toEqual([expect.objectContaining({ kind: 'combat', attackerSide: 'soviet', from: ['K10'], to: 'K11' })]);
  });
});

describe('toMapView keeps the fallen (issue 16)', () => {
  it('8.6, 10.4.3: a unit eliminated by Support is shown where it fell, until the next Action Phase', () => {
    const st = fireScene([
      ['1/1/364', 'K10'],
      ['2/1/364', 'K10'],
      ['MG/1/364', 'K13'],
      ['1/1/JR16', 'K11', 1],
      ['2/1/JR16', 'L11'],
    ]);
    const engine = engineOn(fireBoard({ K10: 'forest', K11: 'forest' }));
    const r = engine.apply(
      st,
      'soviet',
      { type: 'combat', attackers: ['1/1/364', '2/1/364'], target: 'K11', support: ['MG/1/364'] },
      {
        forcedDice: [6, 6],
      },
    );
    if (!r.ok) throw new Error(r.violation.message);
    const o = engine.toMapView(r.state).overlays;
    expect(o.eliminated?.map((g) => [g.hex, g.counter.id])).toEqual([['K11', '1/1/JR16']]);
    expect(o.combats).toEqual([expect.objectContaining({ to: 'K11', result: 'emptied by fire' })]);
  });
});

describe('toMapView: objectives changing hands (issue 16)', () => {
  it('7.3: an objective taken since the Action Phase began is marked, while its taker holds it', () => {
    const rs = loadRuleset();
    const engine = createEngine(rs);
    const s = engine.setup('campaign', { seed: 'taken' });
    const objective = rs.scenarios.find((x) => x.id === 'campaign')!.objectives[0]!.hexes[0]!;
    const taker = (s.control.hexes[objective] ?? s.control.base) === 'soviet' ? 'finnish' : 'soviet';
    // The log of a phase: the Action Phase begins, the objective (and a plain hex) change hands.
    s.log.push({ type: 'phase', turn: s.turn, phase: 'action', side: taker });
    s.log.push({ type: 'control', side: taker, hexes: [objective, 'A1'], rule: '7.3' });
    s.control.hexes[objective] = taker;
    expect(engine.toMapView(s).overlays.captured).toEqual([{ hex: objective, side: taker }]);
    // Taken back since: no mark.
    s.control.hexes[objective] = taker === 'soviet' ? 'finnish' : 'soviet';
    expect(engine.toMapView(s).overlays.captured).toEqual([]);
    // Before the latest Action Phase: no mark either.
    s.control.hexes[objective] = taker;
    s.log.push({ type: 'phase', turn: s.turn, phase: 'action', side: taker });
    expect(engine.toMapView(s).overlays.captured).toEqual([]);
  });
});

describe('toMapView reach for reinforcements (issue 16)', () => {
  it('13.1: a reinforcement waiting to enter gets its reachable hexes from its entry hex', () => {
    const engine = createEngine(loadRuleset());
    const s0 = engine.setup('campaign', { seed: 'reach' });
    const r = engine.apply(s0, 'soviet', { type: 'endPhase', phase: 'reset' });
    if (!r.ok) throw new Error(r.violation.message);
    const entering = engine.legalActions(r.state, 'soviet').units.find((m) => m.kind === 'enter')!;
    const v = engine.toMapView(r.state, { reachableFor: entering.units });
    expect(v.overlays.reachable).toMatchObject({ unitIds: entering.units, from: entering.entryHexes![0] });
    expect(Object.keys(v.overlays.reachable!.costs).sort()).toEqual(entering.reachable.map((x) => x.hex).sort());
  });
});
