import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../src/data/load.js';
import { createEngine } from '../../src/engine/index.js';
import { counterLabel } from '../../src/engine/map-view.js';
import { block, counter, toyRuleset, atAction, must } from './helpers/toy.js';

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
