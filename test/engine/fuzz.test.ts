import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../src/data/load.js';
import { createEngine, type Engine, type GameState } from '../../src/engine/index.js';
import { STACK_LIMIT } from '../../src/engine/stacking.js';
import { randomPlay, type Step } from './helpers/random-play.js';
import { block, counter, toyRuleset } from './helpers/toy.js';

function checkInvariants(engine: Engine, step: Step, movedThisPhase: Set<string>): void {
  const s: GameState = step.after;
  const rs = engine.ruleset;
  const byHex = new Map<string, { side: string; id: string }[]>();
  for (const u of Object.values(s.units)) {
    if (u.location !== 'map') continue;
    expect(u.hex, `${u.id} on the map without a hex`).toBeTruthy();
    const list = byHex.get(u.hex!) ?? [];
    list.push({ side: u.side, id: u.id });
    byHex.set(u.hex!, list);
    const c = rs.counters.find((x) => x.id === u.id)!;
    const h = rs.map.hexes[u.hex!]!;
    // Prohibited terrain (5.1, 12.1.3): armor only on the road network or in villages.
    if (c.conventions.armored) {
      const onRoad = rs.map.roads.some((r) => r.a === u.hex || r.b === u.hex) || rs.map.bridges.some((b) => b.a === u.hex || b.b === u.hex);
      expect(onRoad || h.terrain === 'village', `${u.id} in prohibited terrain ${u.hex}`).toBe(true);
    }
  }
  for (const [hex, list] of byHex) {
    const sides = new Set(list.map((x) => x.side));
    if (!s.pending.length) expect(sides.size, `opposing units share ${hex}`).toBe(1);
    for (const side of sides) {
      const mine = list.filter((x) => x.side === side).map((x) => rs.counters.find((c) => c.id === x.id)!);
      const counted = mine.filter((c) => c.type !== 'leader');
      expect(counted.length, `overstack in ${hex}`).toBeLessThanOrEqual(STACK_LIMIT.units);
      expect(counted.filter((c) => c.infantryCompany).length, `too many companies in ${hex}`).toBeLessThanOrEqual(
        STACK_LIMIT.infantryCompanies,
      );
    }
  }
  for (const e of step.events) {
    if (e.type === 'phase') movedThisPhase.clear();
    if (e.type !== 'moved') continue;
    expect(e.mpLeft).toBeGreaterThanOrEqual(0);
    expect(e.mpSpent).toBeLessThanOrEqual(e.allowance);
    for (const id of e.units) {
      expect(movedThisPhase.has(id), `${id} acted twice in one Action Phase`).toBe(false);
      movedThisPhase.add(id);
    }
  }
}

describe('fuzz: random legal play', () => {
  it('plays random legal actions through all 32 Campaign turns keeping the invariants (4.0–7.0, 13.1)', () => {
    const engine = createEngine(loadRuleset());
    const moved = new Set<string>();
    let moves = 0;
    const out = randomPlay(engine, engine.setup('campaign', { seed: 'fuzz-1' }), {
      seed: 'fuzz-play-1',
      maxActionsPerPhase: 5,
      onStep: (step) => {
        moves += step.events.filter((e) => e.type === 'moved').length;
        checkInvariants(engine, step, moved);
      },
    });
    expect(out.state.phase).toBe('gameOver');
    expect(out.state.turn).toBe(32);
    expect(moves).toBeGreaterThan(100);
  }, 120_000);

  it('plays the tutorial to its end the same way (4.0–7.0)', () => {
    const engine = createEngine(loadRuleset());
    const moved = new Set<string>();
    for (const seed of ['t1', 't2', 't3']) {
      const out = randomPlay(engine, engine.setup('tutorial', { seed }), {
        seed: `play-${seed}`,
        maxActionsPerPhase: 8,
        onStep: (step) => checkInvariants(engine, step, moved),
      });
      expect(out.state.phase).toBe('gameOver');
    }
  }, 60_000);

  it('keeps armor on roads and villages and stacks legal on a toy map with tanks (5.1, 6.0, 12.1.3)', () => {
    const roads: [string, string][] = [];
    for (let r = 1; r < 12; r++) roads.push([`C${r}`, `C${r + 1}`], [`F${r}`, `F${r + 1}`]);
    const rs = toyRuleset({
      terrain: { ...block('ABCDEFG', 1, 12, 'forest'), D6: 'village', E6: 'village', B3: 'suo', E9: 'lake' },
      roads,
      counters: [
        counter('t1', 'soviet', 'tank'),
        counter('t2', 'soviet', 'armoredCar'),
        ...['a', 'b', 'c', 'd', 'e'].map((x) => counter(`s${x}`, 'soviet', 'infantry')),
        ...['a', 'b', 'c', 'd'].map((x) => counter(`f${x}`, 'finnish', 'infantry')),
        counter('fat', 'finnish', 'atGun'),
        counter('paj', 'finnish', 'leader'),
      ],
      setup: {
        t1: 'C1',
        t2: 'C1',
        sa: 'C1',
        sb: 'C2',
        sc: 'C2',
        sd: 'D2',
        se: 'D2',
        fa: 'F12',
        fb: 'F12',
        fc: 'E11',
        fd: 'G10',
        fat: 'F11',
        paj: 'F12',
      },
      turns: { first: 1, last: 12 },
    });
    const engine = createEngine(rs);
    const moved = new Set<string>();
    const out = randomPlay(engine, engine.setup('toy', { seed: 'fuzz-2' }), {
      seed: 'fuzz-play-2',
      maxActionsPerPhase: 8,
      onStep: (step) => checkInvariants(engine, step, moved),
    });
    expect(out.state.phase).toBe('gameOver');
  }, 60_000);
});
