// Armor Commitment (12.1.4): the four Soviet armored units are Variable Reinforcements; from turn 6, at
// the start of each Soviet Action Phase, the Soviet player may commit some, none or all of them, each
// costing the Finnish VPs printed on the Turn Track for that turn (added to the Finnish total).
import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../src/data/load.js';
import { createEngine, type GameState } from '../../src/engine/index.js';
import { endPhasesUntil } from './helpers/end-phases.js';

const rs = loadRuleset();
const engine = createEngine(rs);
const ARMOR = ['BA-10', 'T-26 m31', 'T-26 m33', 'T-37'];

/** The Soviet Action Phase of `turn`, by ending phases. */
function toSovietAction(s: GameState, turn: number): GameState {
  return endPhasesUntil(engine, s, (x) => x.turn === turn && x.phase === 'action' && x.activeSide === 'soviet' && !x.pending.length);
}

function commit(s: GameState, units: string[], side: 'soviet' | 'finnish' = 'soviet') {
  return engine.apply(s, side, { type: 'commitArmor', units });
}

describe('Armor Commitment (12.1.4)', () => {
  it('12.1.4 example: all four committed on turn 30 give the Finns 8 VP (2 each)', () => {
    const s = toSovietAction(engine.setup('campaign', { seed: 'armor-30' }), 30);
    expect(engine.legalActions(s, 'soviet').armorCommitment).toEqual({ units: ARMOR, vpEach: 2 });
    const before = s.vp.finnish;
    const r = commit(s, ARMOR);
    if (!r.ok) throw new Error(r.violation.message);
    expect(r.state.vp.finnish - before).toBe(8);
    expect(r.state.vp.soviet).toBe(s.vp.soviet); // added to the Finns, not taken from the Soviets
    expect(r.events).toContainEqual({ type: 'armorCommitted', units: ARMOR, vpEach: 2, vp: 8, turn: 30, rule: '12.1.4' });
  });

  it('12.1.4: on turn 6 each unit costs 10 VP; committed units enter this turn at the supply source (13.1)', () => {
    const s = toSovietAction(engine.setup('campaign', { seed: 'armor-6' }), 6);
    const r = commit(s, ['T-37', 'BA-10']);
    if (!r.ok) throw new Error(r.violation.message);
    expect(r.state.vp.finnish - s.vp.finnish).toBe(20);
    const legal = engine.legalActions(r.state, 'soviet');
    expect(legal.armorCommitment).toEqual({ units: ['T-26 m31', 'T-26 m33'], vpEach: 10 }); // still the start of the phase
    const entering = legal.units.filter((m) => m.kind === 'enter').flatMap((m) => m.units);
    expect(entering).toEqual(expect.arrayContaining(['T-37', 'BA-10']));
    expect(entering).not.toContain('T-26 m31');
  });

  it('12.1.4: not before turn 6, not once a Soviet unit has acted, never by the Finns, only the armored VRs', () => {
    let s = toSovietAction(engine.setup('campaign', { seed: 'armor-early' }), 5);
    expect(engine.legalActions(s, 'soviet').armorCommitment).toBeUndefined();
    let r = commit(s, ['T-37']);
    expect(r.ok === false && r.violation).toMatchObject({ code: 'rule/armor-commitment', rule: '12.1.4' });
    s = toSovietAction(s, 6);
    expect(commit(s, ['T-37'], 'finnish').ok).toBe(false);
    r = commit(s, ['1/1/609']);
    expect(r.ok === false && r.violation.message).toMatch(/1\/1\/609 is not an armored unit waiting to be committed/);
    r = commit(s, ['T-37', 'T-37']);
    expect(r.ok === false && r.violation.code).toBe('input/duplicate-unit');
    // Once a Soviet unit has moved, the start of the phase is over.
    const mover = engine.legalActions(s, 'soviet').units.find((m) => m.kind === 'move' && m.reachable.length)!;
    const moved = engine.apply(s, 'soviet', { type: 'move', units: mover.units, to: mover.reachable[0]!.hex });
    if (!moved.ok) throw new Error(moved.violation.message);
    expect(engine.legalActions(moved.state, 'soviet').armorCommitment).toBeUndefined();
    r = commit(moved.state, ['T-37']);
    expect(r.ok === false && r.violation.message).toMatch(/before any Soviet unit acts/);
  });

  it('a shortened Campaign where the Soviets commit armor: the VP cost is on the Finnish side at the final score', () => {
    let s = toSovietAction(engine.setup('campaign', { seed: 'armor-end', endTurn: 6 }), 6);
    const r = commit(s, ['T-26 m31']);
    if (!r.ok) throw new Error(r.violation.message);
    s = endPhasesUntil(engine, r.state, () => false, undefined, 50);
    expect(s.result).not.toBeNull();
    // The final score starts from the track, where the commitment put 10 VP on the Finnish side (17.0).
    const scored = s.log.find((e) => e.type === 'victoryPoints');
    expect(scored).toMatchObject({ before: { finnish: 10, soviet: 0 } });
    expect(s.vp.finnish).toBe((scored as { totals: { finnish: number } }).totals.finnish);
  });
});
