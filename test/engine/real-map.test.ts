import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../src/data/load.js';
import { createEngine, type GameState } from '../../src/engine/index.js';
import { hexDistance } from '../../src/engine/hex.js';

const rs = loadRuleset();
const engine = createEngine(rs);

function sovietAction(): GameState {
  const s = engine.setup('campaign', { seed: 'real-map' });
  const r = engine.apply(s, 'soviet', { type: 'endPhase', phase: 'reset' });
  if (!r.ok) throw new Error(r.violation.message);
  return r.state;
}

describe('the Campaign on the real map', () => {
  it('sets up the Campaign: Soviets first, ammo 10/3, turn-1 reinforcements due at the supply sources (1.2, 13.1)', () => {
    const s = engine.setup('campaign', { seed: 'x' });
    expect([s.turn, s.phase, s.activeSide]).toEqual([1, 'reset', 'soviet']);
    expect(s.ammo).toEqual({ soviet: 10, finnish: 3 });
    expect(s.units['Pajari']).toMatchObject({ location: 'map', hex: 'O19' });
    expect(s.units['MG/3/609']).toMatchObject({ location: 'pending', entryTurn: 1, entryHex: 'X28' });
    expect(s.units['7/3/JR16']).toMatchObject({ location: 'pending', entryTurn: 1, entryHex: 'A13' });
    // Every unit set up "within 4 of O19" is within 4 of it, and no hex is overstacked.
    for (const id of ['1/1/JR16', '2/1/JR16', '3/1/JR16']) expect(hexDistance(s.units[id]!.hex!, 'O19')).toBeLessThanOrEqual(4);
  });

  it('gives the turn-4 Finns −2 MP on entry and sends the 718th to X1 (13.1.1)', () => {
    const s = engine.setup('campaign', { seed: 'x' });
    expect(s.units['5/2/JR16']).toMatchObject({ entryTurn: 4, entryMpPenalty: 2 });
    expect(s.units['6/2/JR16']).toMatchObject({ entryTurn: 4, entryMpPenalty: 2 });
    const x1 = Object.values(s.units)
      .filter((u) => u.entryHex === 'X1')
      .map((u) => u.id);
    expect(x1.length).toBeGreaterThanOrEqual(9);
    expect(x1).toContain('1/1/718');
  });

  it('lets an MA-4 MG entering at X28 cover 12 road hexes with Extended Movement (4.3 example on the map, 13.1)', () => {
    const s = sovietAction();
    const m = engine.movesFor(s, ['MG/3/609']);
    if ('violation' in m) throw new Error(m.violation.message);
    expect(m.allowance).toBe(4);
    const far = m.reachable.filter((x) => x.extended && x.cost === 6);
    expect(far.length).toBeGreaterThan(0);
    expect(far[0]!.path).toHaveLength(12);
    const res = engine.apply(s, 'soviet', { type: 'enterReinforcement', units: ['MG/3/609'], to: far[0]!.hex });
    expect(res.ok && res.events[0]).toMatchObject({ extended: true, mpSpent: 6, mpLeft: 0, path: far[0]!.path });
  });

  it('keeps the tutorial inside its play area', () => {
    const tut = rs.scenarios.find((x) => x.id === 'tutorial')!;
    const s = engine.setup('tutorial', { seed: 'x' });
    let st = s;
    while (st.phase !== 'action') {
      const r = engine.apply(st, st.activeSide, { type: 'endPhase', phase: st.phase });
      if (!r.ok) throw new Error(r.violation.message);
      st = r.state;
    }
    const area = new Set(tut.playArea ?? []);
    for (const m of engine.legalActions(st, st.activeSide).units) for (const r of m.reachable) expect(area.has(r.hex)).toBe(true);
  });

  it('offers only moves that apply accepts, and apply refuses every other hex nearby (legalActions is the source of legality)', () => {
    const s = sovietAction();
    const la = engine.legalActions(s, 'soviet');
    for (const m of [...la.units, ...la.stacks]) {
      const ok = new Set(m.reachable.map((r) => r.hex));
      const act = (to: string | undefined, path?: string[]) =>
        m.kind === 'enter'
          ? engine.apply(s, 'soviet', { type: 'enterReinforcement', units: m.units, ...(to ? { to } : {}), ...(path ? { path } : {}) })
          : engine.apply(s, 'soviet', { type: 'move', units: m.units, ...(to ? { to } : {}), ...(path ? { path } : {}) });
      for (const r of m.reachable) {
        expect(act(r.hex).ok, `${m.units} → ${r.hex}`).toBe(true);
        expect(act(undefined, r.path).ok, `${m.units} path → ${r.hex}`).toBe(true);
      }
      const centre = m.from ?? m.entryHexes![0]!;
      for (const h of Object.keys(rs.map.hexes)) {
        if (ok.has(h) || h === m.from || hexDistance(h, centre) > 7) continue;
        expect(act(h).ok, `${m.units} → ${h} should be refused`).toBe(false);
      }
    }
  }, 60_000);
});
