import { describe, expect, it } from 'vitest';
import {
  applyLosses,
  checkLosses,
  defaultAllocation,
  lossDecision,
  retreatChoices,
  type LossEvent,
  type LossSetup,
} from '../../../src/engine/combat/losses.js';
import { area, ruleset, state } from './helpers.js';

// M16 neighbours: N M15, NE N16, SE N17, S M17, SW L17, NW L16.
const rs = ruleset({ terrain: area('M16', 5, 'forest'), supply: { soviet: ['P16'], finnish: ['H16'] } });

function setup(partial: Partial<LossSetup> & Pick<LossSetup, 'units' | 'losses'>): LossSetup {
  return { side: 'finnish', role: 'defender', kind: 'combat', awayFrom: ['M15'], ...partial };
}

describe('Losses (8.5)', () => {
  it('lets the defender retreat 2 after eliminating the AT gun, not 3 (8.5 loss-allocation example)', () => {
    // Two Soviet infantry (MA 5) and an AT gun (MA 3) defend M16 against Finns in M15; 3 losses.
    const st = state(rs, [
      ['S1', 'M16'],
      ['S2', 'M16'],
      ['SAT', 'M16'],
      ['F1', 'M15'],
    ]);
    const s = setup({ side: 'soviet', units: ['S1', 'S2', 'SAT'], losses: 3 });
    const path3 = ['M17', 'M18', 'M19'];
    const three = checkLosses(st, rs, s, { steps: {}, retreat: { S1: path3, S2: path3, SAT: path3 } });
    expect(three.ok).toBe(false);
    if (!three.ok) expect(three.violation).toMatchObject({ code: 'rule/retreat-limit', rule: '8.5.2.1' });
    const ok = checkLosses(st, rs, s, { steps: { SAT: 1 }, retreat: { S1: ['M17', 'M18'], S2: ['M17', 'M18'] } });
    expect(ok.ok).toBe(true);
    // The default finds the same answer.
    const d = defaultAllocation(st, rs, s);
    expect(d.steps).toEqual({ SAT: 1 });
    expect(Object.keys(d.retreat ?? {})).toEqual(['S1', 'S2']);
    expect(d.retreat!.S1!.length).toBe(2);
  });

  it('makes the attacker take the first loss as a step reduction (8.5 a)', () => {
    const st = state(rs, [
      ['S1', 'M15'],
      ['F1', 'M16'],
    ]);
    const s = setup({ side: 'soviet', role: 'attacker', units: ['S1'], losses: 1, awayFrom: ['M16'] });
    const r = checkLosses(st, rs, s, { steps: {}, retreat: { S1: ['M14'] } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.violation.code).toBe('rule/first-loss-step');
    expect(checkLosses(st, rs, s, { steps: { S1: 1 } }).ok).toBe(true);
  });

  it('makes the attacker in an Assault take every loss as a step (8.5 b, 9.2)', () => {
    const st = state(rs, [
      ['S1', 'M15'],
      ['S2', 'M15'],
      ['F1', 'M16'],
    ]);
    const s = setup({ side: 'soviet', role: 'attacker', kind: 'assault', units: ['S1', 'S2'], losses: 2, awayFrom: ['M16'] });
    const r = checkLosses(st, rs, s, { steps: { S1: 1 }, retreat: { S1: ['M14'], S2: ['M14'] } });
    expect(r.ok).toBe(false);
    expect(checkLosses(st, rs, s, { steps: { S1: 1, S2: 1 } }).ok).toBe(true);
  });

  it('lets the owner mix steps and a retreat, steps first (8.5)', () => {
    const st = state(rs, [
      ['F1', 'M16'],
      ['F2', 'M16'],
      ['S1', 'M15'],
    ]);
    const r = checkLosses(st, rs, setup({ units: ['F1', 'F2'], losses: 2 }), { steps: { F2: 1 }, retreat: { F1: ['M17'], F2: ['M17'] } });
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value.retreatHexes).toBe(1);
  });

  it('refuses an allocation that leaves losses untaken (8.5)', () => {
    const st = state(rs, [
      ['F1', 'M16'],
      ['S1', 'M15'],
    ]);
    const r = checkLosses(st, rs, setup({ units: ['F1'], losses: 2 }), { steps: { F1: 1 } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.violation.code).toBe('rule/losses-not-taken');
  });

  it('ends the loss when every unit is eliminated (8.5.1)', () => {
    const st = state(rs, [
      ['F1', 'M16'],
      ['S1', 'M15'],
    ]);
    expect(checkLosses(st, rs, setup({ units: ['F1'], losses: 4 }), { steps: { F1: 2 } }).ok).toBe(true);
  });
});

describe('Retreats (8.5.2)', () => {
  it('requires a hex out of enemy ZOC when one exists (8.5.2 priority III)', () => {
    const st = state(rs, [
      ['F1', 'M16'],
      ['S1', 'M15'],
      ['S2', 'N18'],
    ]);
    // N18 puts M17 and N17 in the Soviet ZOC; L17 is free and farther from M15.
    expect(retreatChoices(st, rs, 'finnish', ['F1'], 'M16', new Set(['M16']), ['M15'], true, new Set(['F1']))).toEqual(['L17']);
    const r = checkLosses(st, rs, setup({ units: ['F1'], losses: 1 }), { steps: {}, retreat: { F1: ['M17'] } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.violation).toMatchObject({ code: 'rule/retreat-priority', rule: '8.5.2' });
  });

  it('prefers hexes farther from every attacker, and lets the owner choose among equals (8.5.2 priority IV)', () => {
    const st = state(rs, [
      ['F1', 'M16'],
      ['S1', 'M15'],
    ]);
    expect(retreatChoices(st, rs, 'finnish', ['F1'], 'M16', new Set(['M16']), ['M15'], true, new Set(['F1']))).toEqual([
      'L17',
      'M17',
      'N17',
    ]);
  });

  it('allows a retreat into an enemy ZOC when only such hexes are left, at the cost of a step (8.5.2, 8.5.2.2)', () => {
    const st = state(rs, [
      ['F1', 'M16'],
      ['S1', 'M15'],
      ['S2', 'N18'],
      ['S3', 'K17'],
    ]);
    const ch = retreatChoices(st, rs, 'finnish', ['F1'], 'M16', new Set(['M16']), ['M15'], true, new Set(['F1']));
    expect(ch).toEqual(['L17', 'M17', 'N17']);
    const r = checkLosses(st, rs, setup({ units: ['F1'], losses: 1 }), { steps: {}, retreat: { F1: ['L17'] } });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.zocSteps).toEqual([{ hex: 'L17', index: 0, units: ['F1'], unit: 'F1' }]);
    const draft = structuredClone(st);
    const events: LossEvent[] = [];
    applyLosses(draft, rs, r.value, events);
    expect(draft.units.F1).toMatchObject({ hex: 'L17', stepsLeft: 1 });
    expect(events.map((e) => e.type)).toEqual(['stepLoss', 'retreated']);
  });

  it('charges one eZOC step to the stack, not to each unit (8.5.2.2)', () => {
    const st = state(rs, [
      ['F1', 'M16'],
      ['F2', 'M16'],
      ['S1', 'M15'],
      ['S2', 'N18'],
      ['S3', 'K17'],
    ]);
    const r = checkLosses(st, rs, setup({ units: ['F1', 'F2'], losses: 1 }), {
      steps: {},
      retreat: { F1: ['L17'], F2: ['L17'] },
      zocLoss: { L17: 'F2' },
    });
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value.zocSteps).toEqual([{ hex: 'L17', index: 0, units: ['F1', 'F2'], unit: 'F2' }]);
  });

  it('counts two attackers from different hexes entering the same eZOC hex as one stack (8.5.2.2)', () => {
    const st = state(rs, [
      ['S1', 'L16'],
      ['S2', 'M15'],
      ['F1', 'M16'],
      ['F2', 'L14'],
      ['F3', 'J16'],
      ['F4', 'O15'],
    ]);
    const s: LossSetup = { side: 'soviet', role: 'attacker', kind: 'combat', units: ['S1', 'S2'], losses: 2, awayFrom: ['M16'] };
    const r = checkLosses(st, rs, s, { steps: { S1: 1 }, retreat: { S1: ['L15'], S2: ['L15'] } });
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value.zocSteps).toHaveLength(1);
  });

  it('never lets a unit with MA below 3 retreat (8.5.2.1)', () => {
    const st = state(rs, [
      ['SMtr', 'M16'],
      ['F1', 'M15'],
    ]);
    const r = checkLosses(st, rs, setup({ side: 'soviet', units: ['SMtr'], losses: 1 }), { steps: {}, retreat: { SMtr: ['M17'] } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.violation.code).toBe('rule/retreat-limit');
  });

  it('refuses a retreat that ends overstacked (8.5.2, 6.0)', () => {
    const st = state(rs, [
      ['F1', 'M16'],
      ['S1', 'M15'],
      ['F2', 'M17'],
      ['F3', 'M17'],
      ['F4', 'M17'],
    ]);
    // M17 already holds three infantry companies.
    const r = checkLosses(st, rs, setup({ units: ['F1'], losses: 1 }), { steps: {}, retreat: { F1: ['M17'] } });
    expect(r.ok).toBe(false);
  });
});

describe('Armor and losses (12.1.1)', () => {
  it('lets armor ignore Combat losses: steps cannot be given to it (12.1.1)', () => {
    const st = state(rs, [
      ['T26', 'M16'],
      ['S1', 'M16'],
      ['F1', 'M15'],
    ]);
    const s = setup({ side: 'soviet', units: ['T26', 'S1'], losses: 1 });
    const r = checkLosses(st, rs, s, { steps: { T26: 1 } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.violation.code).toBe('rule/armor-ignores-combat-losses');
    // The infantry retreats; the tank may stay.
    expect(checkLosses(st, rs, s, { steps: {}, retreat: { S1: ['M17'] } }).ok).toBe(true);
    // A stack of armor alone takes nothing.
    const alone = state(rs, [
      ['T26', 'M16'],
      ['F1', 'M15'],
    ]);
    expect(checkLosses(alone, rs, setup({ side: 'soviet', units: ['T26'], losses: 2 }), { steps: {} }).ok).toBe(true);
  });

  it('gives armor a retreat limit of zero against an Assault: 0/4 against three companies and a tank (12.1.1 example)', () => {
    const st = state(rs, [
      ['S1', 'M16'],
      ['S2', 'M16'],
      ['S3', 'M16'],
      ['T26', 'M16'],
      ['F1', 'M15'],
    ]);
    const s = setup({ side: 'soviet', kind: 'assault', units: ['S1', 'S2', 'S3', 'T26'], losses: 4 });
    const p = ['M17', 'M18'];
    // Retreating without losing the tank is not allowed…
    const keep = checkLosses(st, rs, s, { steps: { S1: 2 }, retreat: { S1: p, S2: p, S3: p, T26: p } });
    expect(keep.ok).toBe(false);
    // …eliminating the tank (2 steps) and retreating the infantry 2 hexes is…
    expect(checkLosses(st, rs, s, { steps: { T26: 2 }, retreat: { S1: p, S2: p, S3: p } }).ok).toBe(true);
    // …and so is taking all four losses on the infantry without retreating.
    expect(checkLosses(st, rs, s, { steps: { S1: 2, S2: 1, S3: 1 } }).ok).toBe(true);
  });
});

describe('Eliminated units (8.6)', () => {
  it('sends an infantry company in supply to the Dead Pool and others for good (8.6)', () => {
    const st = state(rs, [
      ['F1', 'M16', 1],
      ['FMG1', 'M16', 1],
      ['S1', 'M15'],
    ]);
    const r = checkLosses(st, rs, setup({ units: ['F1', 'FMG1'], losses: 2 }), { steps: { F1: 1, FMG1: 1 } });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const draft = structuredClone(st);
    const ev: LossEvent[] = [];
    applyLosses(draft, rs, r.value, ev);
    expect(draft.units.F1!.location).toBe('deadPool');
    expect(draft.units.FMG1!.location).toBe('eliminated');
  });

  it('eliminates an out-of-supply company permanently (8.6, 15.1)', () => {
    // Soviet ring around the Finn cuts supply.
    const st = state(rs, [
      ['F1', 'M16', 1],
      ['S1', 'M15'],
      ['S2', 'N16'],
      ['S3', 'N17'],
      ['S4', 'M17'],
      ['S5', 'L17'],
      ['S6', 'L16'],
    ]);
    const r = checkLosses(st, rs, setup({ units: ['F1'], losses: 1 }), { steps: { F1: 1 } });
    if (!r.ok) throw new Error(r.violation.message);
    const draft = structuredClone(st);
    applyLosses(draft, rs, r.value, []);
    expect(draft.units.F1!.location).toBe('eliminated');
  });
});

describe('Loss decision (8.5)', () => {
  it('offers the owner the limits, first retreat hexes and a one-step default', () => {
    const st = state(rs, [
      ['F1', 'M16'],
      ['F2', 'M16'],
      ['S1', 'M15'],
    ]);
    const d = lossDecision(st, rs, setup({ units: ['F1', 'F2'], losses: 2 }), 1);
    expect(d.maxRetreat).toBe(2);
    expect(d.firstHexes.F1).toEqual(['L17', 'M17', 'N17']);
    expect(d.default.steps).toEqual({});
    expect(d.default.retreat!.F1).toHaveLength(2);
    expect(d.defaultText).toContain('retreats');
  });
});

describe('Retreat off the map edge (8.5.2 priority II, 4.2)', () => {
  // A1 is a corner hex: its on-map neighbours are A2 and B1/B2.
  const edge = ruleset({
    terrain: { A1: 'forest', A2: 'forest', B1: 'forest', B2: 'forest', A3: 'forest', B3: 'forest', C1: 'forest', C2: 'forest' },
  });

  it('prefers any hex that keeps the unit on the map (8.5.2 priority II)', () => {
    const st = state(edge, [
      ['F1', 'A1'],
      ['S1', 'B2'],
    ]);
    const ch = retreatChoices(st, edge, 'finnish', ['F1'], 'A1', new Set(['A1']), ['B2'], true, new Set(['F1']));
    expect(ch).not.toContain('off-map');
  });

  it('takes a unit off the map, out of the game, when only that avoids elimination by overstacking (4.2)', () => {
    // A2 and B1 hold three companies each; the Soviet in B2 blocks the rest.
    const st = state(edge, [
      ['F1', 'A1'],
      ['F2', 'A2'],
      ['F3', 'A2'],
      ['F4', 'A2'],
      ['F5', 'B1'],
      ['F6', 'B1'],
      ['F7', 'B1'],
      ['S1', 'B2'],
    ]);
    const ch = retreatChoices(st, edge, 'finnish', ['F1'], 'A1', new Set(['A1']), ['B2'], true, new Set(['F1']));
    expect(ch).toEqual(['off-map']);
    // With two losses the first hex is not the last: A2 or B1 (on the map) must come first.
    const two = checkLosses(st, edge, setup({ units: ['F1'], losses: 2, awayFrom: ['B2'] }), { steps: {}, retreat: { F1: ['off-map'] } });
    expect(two.ok).toBe(false);
    const r = checkLosses(st, edge, setup({ units: ['F1'], losses: 1, awayFrom: ['B2'] }), { steps: {}, retreat: { F1: ['off-map'] } });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const draft = structuredClone(st);
    const ev: LossEvent[] = [];
    applyLosses(draft, edge, r.value, ev);
    expect(draft.units.F1!.location).toBe('exited');
    expect(ev.map((e) => e.type)).toEqual(['exited', 'retreated']);
  });
});
