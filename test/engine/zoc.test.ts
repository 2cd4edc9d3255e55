import { describe, expect, it } from 'vitest';
import { block, counter, toyRuleset, atAction, must, codeOf } from './helpers/toy.js';
import { controllerOf } from '../../src/engine/zoc.js';

// Finnish unit at E5: its ZOC is E4 F5 F6 E6 D6 D5.
const base = {
  terrain: block('ABCDEFGH', 1, 10, 'forest'),
  counters: [
    counter('s1', 'soviet', 'infantry'),
    counter('s2', 'soviet', 'infantry'),
    counter('f1', 'finnish', 'infantry'),
    counter('paj', 'finnish', 'leader'),
  ],
};

describe('ZOC and movement (7.1)', () => {
  it('stops a unit that enters an enemy ZOC (7.1)', () => {
    const r = toyRuleset({ ...base, setup: { s1: 'C5', f1: 'E5' } });
    const { engine, state } = atAction(r);
    const m = engine.legalActions(state, 'soviet').units.find((u) => u.units[0] === 's1')!;
    expect(m.reachable.find((x) => x.hex === 'D5')).toMatchObject({ zocStop: true, cost: 2 });
    const res = engine.apply(state, 'soviet', { type: 'move', units: ['s1'], path: ['D5', 'E4'] });
    expect(res.ok === false && res.violation).toMatchObject({ code: 'rule/zoc-stop', rule: '7.1' });
    const ok = engine.apply(state, 'soviet', { type: 'move', units: ['s1'], to: 'D5' });
    expect(ok.ok && ok.events[0]).toMatchObject({ stoppedByZoc: true });
  });

  it('explains a destination reachable only through an enemy ZOC (7.1)', () => {
    const r = toyRuleset({ ...base, terrain: block('ABCDEFGH', 1, 10, 'village'), setup: { s1: 'D7', f1: 'E5' } });
    const { engine, state } = atAction(r);
    // D7 → D6 (eZOC) → D5: must stop in D6. Around: D7 C6 C5 D4 → D4 … D5 is itself in the ZOC: reachable directly from C5.
    const res = engine.apply(state, 'soviet', { type: 'move', units: ['s1'], path: ['D6', 'D5'] });
    expect(res.ok === false && res.violation.message).toMatch(/D6 is in an enemy ZOC/);
  });

  it('charges +1 MP to leave an enemy ZOC the unit began in (7.1)', () => {
    const r = toyRuleset({ ...base, setup: { s1: 'D5', f1: 'E5' } });
    const { engine, state } = atAction(r);
    const m = engine.legalActions(state, 'soviet').units.find((u) => u.units[0] === 's1')!;
    expect(m.reachable.find((x) => x.hex === 'C5')?.cost).toBe(3);
    expect(m.reachable.find((x) => x.hex === 'B5')?.cost).toBe(5);
  });

  it('lets a unit go from one enemy-ZOC hex straight into another, paying +1, and then stop (7.1, first hex entered in an eZOC)', () => {
    const r = toyRuleset({ ...base, setup: { s1: 'D5', f1: 'E5' } });
    const { engine, state } = atAction(r);
    const m = engine.legalActions(state, 'soviet').units.find((u) => u.units[0] === 's1')!;
    expect(m.reachable.find((x) => x.hex === 'D6')).toMatchObject({ cost: 3, zocStop: true });
    expect(codeOf(engine.apply(state, 'soviet', { type: 'move', units: ['s1'], path: ['D6', 'D7'] }))).toBe('rule/zoc-stop');
  });

  it('never uses the road rate to enter an enemy ZOC, but may use it to leave one (5.3, 7.1)', () => {
    const r = toyRuleset({
      ...base,
      roads: [
        ['D1', 'D2'],
        ['D2', 'D3'],
        ['D3', 'D4'],
        ['D4', 'D5'],
        ['D5', 'D6'],
        ['D6', 'D7'],
      ],
      setup: { s1: 'D1', s2: 'D5', f1: 'E5' },
    });
    const { engine, state } = atAction(r);
    const la = engine.legalActions(state, 'soviet');
    // D2, D3, D4 by road (1.5), then D5 at forest cost 2 because it is in the Finnish ZOC.
    const s1 = la.units.find((u) => u.units[0] === 's1')!;
    expect(s1.reachable.find((x) => x.hex === 'D4')?.cost).toBe(1.5);
    // D5 holds s2 (friendly): the path ends in the ZOC at forest cost.
    const r2 = toyRuleset({
      ...base,
      roads: [
        ['D1', 'D2'],
        ['D2', 'D3'],
        ['D3', 'D4'],
        ['D4', 'D5'],
      ],
      setup: { s1: 'D1', f1: 'E5' },
    });
    const b = atAction(r2);
    expect(b.engine.legalActions(b.state, 'soviet').units[0]!.reachable.find((x) => x.hex === 'D5')?.cost).toBe(3.5);
    // Leaving: s2 starts in the ZOC at D5 and follows the road out to D7: +1 then ½ + ½ (D6 is in the ZOC, so terrain there).
    const s2 = la.units.find((u) => u.units[0] === 's2')!;
    expect(s2.reachable.find((x) => x.hex === 'D4')?.cost).toBe(1.5);
  });

  it('ignores a lone leader for ZOC (12.3)', () => {
    const r = toyRuleset({ ...base, setup: { s1: 'C5', paj: 'E5', f1: 'H10' } });
    const { engine, state } = atAction(r);
    const m = engine.legalActions(state, 'soviet').units.find((u) => u.units[0] === 's1')!;
    expect(m.reachable.find((x) => x.hex === 'D5')?.zocStop).toBe(false);
  });
});

describe('hex control (7.3)', () => {
  it('starts with the Finns holding every hex except the Soviet supply source and hexes at or next to Soviet units (7.3)', () => {
    const r = toyRuleset({ ...base, setup: { s1: 'C5', f1: 'H10' }, supply: { soviet: ['H1'] } });
    const { state } = atAction(r);
    expect(controllerOf(state, 'C5')).toBe('soviet');
    expect(controllerOf(state, 'C4')).toBe('soviet');
    expect(controllerOf(state, 'H1')).toBe('soviet');
    expect(controllerOf(state, 'A1')).toBe('finnish');
    expect(controllerOf(state, 'H10')).toBe('finnish');
  });

  it('passes a hex to the last side to occupy it or exert a ZOC into it (7.3)', () => {
    const r = toyRuleset({ ...base, setup: { s1: 'C5', f1: 'H10' } });
    const { engine, state } = atAction(r);
    const s = must(engine, state, 'soviet', { type: 'move', units: ['s1'], to: 'E5' });
    expect(controllerOf(s, 'D5')).toBe('soviet');
    expect(controllerOf(s, 'E5')).toBe('soviet');
    expect(controllerOf(s, 'F6')).toBe('soviet');
    expect(controllerOf(s, 'G6')).toBe('finnish');
  });
});

describe('hex control by every way of entering a hex (7.3)', () => {
  // The Finns in D6 attack s1 in D5 in their Combat Phase; every hex is theirs beforehand.
  function finnishAttack(extra: Record<string, string> = {}) {
    const r = toyRuleset({
      ...base,
      counters: [...base.counters, counter('f2', 'finnish', 'infantry')],
      setup: { s1: 'D5', f1: 'D6', f2: 'D6', ...extra },
    });
    const { engine, state } = atAction(r, 'finnish');
    const combat = must(engine, state, 'finnish', { type: 'endPhase', phase: 'action' });
    combat.control = { base: 'finnish', hexes: {} };
    // 10:5 = 2:1; an 8 reads 0/1: one loss for s1.
    const res = engine.apply(combat, 'finnish', { type: 'combat', attackers: ['f1', 'f2'], target: 'D5' }, { forcedDice: [4, 4] });
    if (!res.ok) throw new Error(res.violation.message);
    return { engine, state: res.state };
  }

  it('gives a retreating unit the hexes it retreats into and those its new position exerts a ZOC into (7.3, 8.5.2)', () => {
    const { engine, state } = finnishAttack();
    const p = state.pending[0];
    if (p?.type !== 'combatLosses') throw new Error('expected the Soviet loss decision');
    const hex = p.firstHexes.s1![0]!;
    const r = engine.apply(state, 'soviet', { type: 'takeLosses', steps: {}, retreat: { s1: [hex] } });
    if (!r.ok) throw new Error(r.violation.message);
    expect(r.state.units.s1!.hex).toBe(hex);
    expect(controllerOf(r.state, hex)).toBe('soviet');
    const control = r.events.find((e) => e.type === 'control');
    expect(control).toMatchObject({ side: 'soviet', rule: '7.3' });
    // The hexes around its new position are Soviet too, the hex it left included, but not the Finns' own hex.
    expect(controllerOf(r.state, 'D5')).toBe('soviet');
    expect(controllerOf(r.state, 'D6')).toBe('finnish');
  });

  it('gives the advancing attackers the vacated hex (7.3, 8.7)', () => {
    const { engine, state } = finnishAttack();
    const p = state.pending[0];
    if (p?.type !== 'combatLosses') throw new Error('expected the Soviet loss decision');
    const r = must(engine, state, 'soviet', { type: 'takeLosses', steps: {}, retreat: { s1: [p.firstHexes.s1![0]!] } });
    expect(controllerOf(r, 'D5')).toBe('soviet');
    const adv = must(engine, r, 'finnish', { type: 'advance', units: ['f1'], path: ['D5'] });
    expect(adv.units.f1!.hex).toBe('D5');
    expect(controllerOf(adv, 'D5')).toBe('finnish');
  });

  it('lets a retreat enter a lone Pajari’s hex like a move, and picks him up (4.1, 8.5.2, 12.3.1)', () => {
    const { engine, state } = finnishAttack({ paj: 'D4' });
    const p = state.pending[0];
    if (p?.type !== 'combatLosses') throw new Error('expected the Soviet loss decision');
    expect(p.firstHexes.s1).toContain('D4');
    const r = engine.apply(state, 'soviet', { type: 'takeLosses', steps: {}, retreat: { s1: ['D4'] } });
    if (!r.ok) throw new Error(r.violation.message);
    expect(r.events.find((e) => e.type === 'leaderPickedUp')).toMatchObject({ unit: 'paj', from: 'D4' });
    expect(r.state.units.paj!.hex).toBe('D6');
    expect(controllerOf(r.state, 'D4')).toBe('soviet');
  });
});
