import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../src/data/load.js';
import { createEngine, type GameState } from '../../src/engine/index.js';

const rs = loadRuleset();
const engine = createEngine(rs);

const outOfSupply = (s: GameState): string[] =>
  Object.values(engine.toMapView(s).units)
    .flat()
    .filter((c) => c.markers.includes('outOfSupply'))
    .map((c) => c.id)
    .sort();

describe('tutorial supply sources on its play-area edge (15.0; ruling "Tutorial supply")', () => {
  it('declares O18 (Soviet) and G18 (Finnish) where the main road leaves the play area (15.2, 15.3)', () => {
    const scen = rs.scenarios.find((x) => x.id === 'tutorial')!;
    expect(scen.supplySources).toEqual({ soviet: ['O18'], finnish: ['G18'] });
    expect(scen.playArea).toContain('O18');
    expect(scen.playArea).toContain('G18');
  });

  it('puts every tutorial unit in supply at setup (15.2, 15.3)', () => {
    expect(outOfSupply(engine.setup('tutorial', { seed: 'supply' }))).toEqual([]);
  });

  it('cuts the Finns off when a Soviet unit holds their source hex G18 (15.3)', () => {
    const s = engine.setup('tutorial', { seed: 'supply' });
    s.units['3/1/609']!.hex = 'G18';
    const finns = Object.values(s.units)
      .filter((u) => u.side === 'finnish' && u.location === 'map' && u.id !== 'Pajari')
      .map((u) => u.id)
      .sort();
    expect(outOfSupply(s).filter((id) => s.units[id]!.side === 'finnish')).toEqual(finns);
  });

  it('lets units leave the tutorial only through their own source hex (4.2)', () => {
    const s = engine.setup('tutorial', { seed: 'supply' });
    let st = s;
    while (!(st.phase === 'action' && st.activeSide === 'soviet')) {
      const r = engine.apply(st, engine.whoMustAct(st).side, { type: 'endPhase', phase: st.phase });
      if (!r.ok) throw new Error(r.violation.message);
      st = r.state;
    }
    const r = engine.apply(st, 'soviet', { type: 'move', units: ['Mtr/609'], to: 'N18', exit: true });
    expect(!r.ok && r.violation).toMatchObject({ code: 'rule/exit', rule: '4.2' });
    expect(!r.ok && r.violation.message).toContain('O18');
  });
});
