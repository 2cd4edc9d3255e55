// The Finnish Provisional Company (12.8): a Variable Reinforcement the Finnish player creates when he
// chooses, in his Action Phase, from Day 2 on, once a Soviet unit has moved into or west of column I and
// with Pajari within 4 hexes of Lutikkamökki (E13); placed with or next to Pajari, both in supply and out
// of an enemy ZOC, at full strength.
import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../src/data/load.js';
import { createEngine, type GameEvent, type GameState } from '../../src/engine/index.js';
import { endPhasesUntil } from './helpers/end-phases.js';
import { contextOf } from '../../src/engine/ctx.js';

const rs = loadRuleset();
const engine = createEngine(rs);
const PROV = 'Prov/TF-P';

/** `side`'s Action Phase of `turn`, by ending phases. */
function toAction(s: GameState, turn: number, side: 'finnish' | 'soviet'): GameState {
  return endPhasesUntil(engine, s, (x) => x.turn === turn && x.phase === 'action' && x.activeSide === side && !x.pending.length);
}

/** A Day 2 Finnish Action Phase with the conditions met: Soviets have reached column I, Pajari next to E13. */
function ready(): GameState {
  const day2 = rs.turnTrack.find((t) => t.day === 2)!.turn;
  const s = structuredClone(toAction(engine.setup('campaign', { seed: 'prov' }), day2, 'finnish'));
  s.sovietWestOfI = true;
  s.units['Pajari']!.hex = 'E14';
  return s;
}

describe('the Finnish Provisional Company (12.8)', () => {
  it('12.8: created with or next to Pajari, at full strength, once every condition holds; offered in legalActions', () => {
    const s = ready();
    const hexes = engine.legalActions(s, 'finnish').provisional!;
    expect(hexes).toContain('E14');
    expect(hexes.every((h) => h === 'E14' || ['D14', 'D15', 'E13', 'E15', 'F14', 'F15'].includes(h))).toBe(true);
    const r = engine.apply(s, 'finnish', { type: 'createProvisional', hex: 'E13' });
    if (!r.ok) throw new Error(r.violation.message);
    expect(r.state.units[PROV]).toMatchObject({ location: 'map', hex: 'E13', stepsLeft: 2 });
    expect(r.events).toContainEqual({ type: 'provisionalCreated', unit: PROV, hex: 'E13', rule: '12.8' });
    // Full MPs on the turn of creation: it may move at once.
    expect(engine.legalActions(r.state, 'finnish').units.some((m) => m.units.includes(PROV) && m.reachable.length)).toBe(true);
    // Once only.
    expect(engine.legalActions(r.state, 'finnish').provisional).toBeUndefined();
  });

  it('12.8: refused before Day 2, before Soviets reach column I, with Pajari far from E13, away from Pajari', () => {
    const s = ready();
    const tries: [(x: GameState) => void, RegExp][] = [
      [(x) => delete x.sovietWestOfI, /no Soviet unit has yet moved into or west of hex column I/],
      [(x) => (x.units['Pajari']!.hex = 'K14'), /Pajari is \d+ hexes from Lutikkamökki \(E13\), more than 4/],
      [(x) => (x.turn = 1), /from Day 2 \(Dec 9\) on/],
    ];
    for (const [change, why] of tries) {
      const x = structuredClone(s);
      change(x);
      expect(engine.legalActions(x, 'finnish').provisional).toBeUndefined();
      const r = engine.apply(x, 'finnish', { type: 'createProvisional', hex: 'E14' });
      expect(r.ok === false && r.violation).toMatchObject({ code: 'rule/provisional', rule: '12.8' });
      expect(r.ok === false && r.violation.message).toMatch(why);
    }
    const far = engine.apply(s, 'finnish', { type: 'createProvisional', hex: 'H14' });
    expect(far.ok === false && far.violation.message).toMatch(/placed with Pajari \(E14\) or next to him/);
    expect(engine.apply(s, 'soviet', { type: 'createProvisional', hex: 'E14' }).ok).toBe(false);
  });

  it('12.8: refused where Pajari or the hex is in an enemy ZOC', () => {
    const s = ready();
    // A Soviet company next to Pajari puts him in its ZOC.
    const sov = Object.values(s.units).find(
      (u) => u.side === 'soviet' && u.location === 'map' && rs.counters.find((c) => c.id === u.id)!.type === 'infantry',
    )!;
    s.units[sov.id]!.hex = 'E15';
    const r = engine.apply(s, 'finnish', { type: 'createProvisional', hex: 'E14' });
    expect(r.ok === false && r.violation.message).toMatch(/Pajari is in an enemy ZOC/);
  });

  it('12.8: the first Soviet unit in or west of column I is recorded, once, after any action', () => {
    let s = toAction(engine.setup('campaign', { seed: 'west' }), 2, 'soviet');
    expect(s.sovietWestOfI).toBeUndefined();
    s = structuredClone(s);
    const sov = Object.values(s.units).find((u) => u.side === 'soviet' && u.location === 'map')!;
    s.units[sov.id]!.hex = 'I20';
    const r = engine.apply(s, 'soviet', { type: 'endPhase', phase: 'action' });
    if (!r.ok) throw new Error(r.violation.message);
    expect(r.state.sovietWestOfI).toBe(true);
    expect(r.events).toContainEqual({ type: 'sovietWestOfI', unit: sov.id, hex: 'I20', rule: '12.8' });
    const again = engine.apply(r.state, engine.whoMustAct(r.state).side, { type: 'endPhase', phase: r.state.phase });
    expect(again.ok && again.events.some((e) => e.type === 'sovietWestOfI')).toBe(false);
  });

  it('12.8: a Soviet move that passes through column I and ends east of it counts (as passing through does for 7.3)', () => {
    const ctx = contextOf(rs);
    const base = toAction(engine.setup('campaign', { seed: 'west-path' }), 2, 'soviet');
    const sov = Object.values(base.units).find(
      (u) => u.side === 'soviet' && u.location === 'map' && ctx.counter(u.id).type === 'infantry',
    )!;
    // Any open J hex, with the Finns far away, from which a step into column I and back out to J is a legal move.
    let moved: { state: GameState; events: GameEvent[]; path: string[] } | null = null;
    for (let row = 10; row <= 28 && !moved; row++) {
      const start = `J${row}`;
      for (const west of ctx.neighbours(start).filter((h) => h[0] === 'I')) {
        for (const back of ctx.neighbours(west).filter((h) => h[0] === 'J' && h !== start)) {
          const s = structuredClone(base);
          for (const u of Object.values(s.units)) if (u.side === 'finnish' && u.location === 'map') u.hex = 'A1';
          s.units[sov.id]!.hex = start;
          const r = engine.apply(s, 'soviet', { type: 'move', units: [sov.id], path: [west, back] });
          if (r.ok && r.state.units[sov.id]!.hex === back) moved = { ...r, path: [west, back] };
          if (moved) break;
        }
        if (moved) break;
      }
    }
    expect(moved).not.toBeNull();
    expect(moved!.state.units[sov.id]!.hex![0]).toBe('J'); // it ended east of column I
    expect(moved!.state.sovietWestOfI).toBe(true);
    expect(moved!.events).toContainEqual({ type: 'sovietWestOfI', unit: sov.id, hex: moved!.path[0], rule: '12.8' });
  });
});
