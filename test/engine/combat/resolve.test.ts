import { describe, expect, it } from 'vitest';
import {
  answerAdvance,
  answerLosses,
  checkAssaultDeclaration,
  checkCombatDeclaration,
  resolveDeclared,
  type CombatIo,
  type Declared,
} from '../../../src/engine/combat/resolve.js';
import { readRecord } from '../../../src/engine/combat/record.js';
import type { AdvanceDecision, CombatEvent, GameState, LossDecision } from '../../../src/engine/types.js';
import { area, ruleset, state } from './helpers.js';

function io(dice: number[]): CombatIo & { events: CombatEvent[]; rolls: number } {
  const out = {
    events: [] as CombatEvent[],
    rolls: 0,
    roll(count: number) {
      out.rolls++;
      const d = dice.splice(0, count);
      if (d.length !== count) throw new Error('test ran out of dice');
      return { dice: d, n: out.rolls };
    },
    emit(e: CombatEvent) {
      out.events.push(e);
    },
  };
  return out;
}

function declare(st: GameState, rs: ReturnType<typeof ruleset>, side: 'soviet' | 'finnish', attackers: string[], target: string): Declared {
  const d = checkCombatDeclaration(st, rs, side, attackers, target);
  if ('violation' in d) throw new Error(d.violation.message);
  return d;
}

const pending = <T>(st: GameState): T => st.pending[0] as unknown as T;

describe('Combat procedure (8.1)', () => {
  it('resolves the bridge example without its support rolls: 13 halved to 7 against 6 is 1:1, an 8 gives 1/1 (10.6 example, 8.2, 8.4)', () => {
    const rs = ruleset({ terrain: area('K15', 3, 'forest'), bridges: [['J16', 'K15']], supply: { soviet: ['P16'], finnish: ['F15'] } });
    const st = state(rs, [
      ['S1', 'J16'],
      ['S2', 'J16', 1],
      ['S3', 'J16'],
      ['FMG1', 'K15'],
    ]);
    const d = declare(st, rs, 'soviet', ['S1', 'S2', 'S3'], 'K15');
    const draft = structuredClone(st);
    const x = io([3, 5]);
    expect(resolveDeclared(draft, rs, d, x)).toBeNull();
    const ev = x.events[0]!;
    expect(ev).toMatchObject({
      type: 'combat',
      attackerTotal: 7,
      defenderTotal: 6,
      ratio: '7:6',
      baseOdds: '1:1',
      column: '1:1',
      roll: 8,
      result: '1/1',
      modifiers: [],
    });
    if (ev.type === 'combat') expect(ev.halvings[0]).toContain('8.2 case 1');
    // The defender decides first: one step or a one-hex retreat.
    const dec = pending<LossDecision>(draft);
    expect(dec).toMatchObject({ type: 'combatLosses', side: 'finnish', role: 'defender', losses: 1 });
    expect(answerLosses(draft, rs, 'finnish', { steps: { FMG1: 1 } }, x)).toBeNull();
    // Then the attacker: the first loss must be a step.
    const att = pending<LossDecision>(draft);
    expect(att).toMatchObject({ side: 'soviet', role: 'attacker', minSteps: 1 });
    expect(answerLosses(draft, rs, 'soviet', { steps: { S1: 1 } }, x)).toBeNull();
    expect(draft.units.S1!.stepsLeft).toBe(1);
    expect(draft.units.FMG1!.stepsLeft).toBe(1);
    // The MG held: no advance; the combat is over.
    expect(draft.pending).toEqual([]);
    expect(readRecord(draft).current).toBeNull();
  });

  it('lets defending infantry in the Hotel ignore the first loss (5.2.5)', () => {
    const rs = ruleset({ terrain: area('M16', 3, 'forest'), hotel: 'M16', supply: { soviet: ['P16'], finnish: ['H16'] } });
    const st = state(rs, [
      ['S1', 'M15'],
      ['S2', 'M15'],
      ['S3', 'M15'],
      ['F1', 'M16'],
    ]);
    const draft = structuredClone(st);
    const x = io([5, 5]); // 15:5 = 3:1, 10 → 0/4
    resolveDeclared(draft, rs, declare(st, rs, 'soviet', ['S1', 'S2', 'S3'], 'M16'), x);
    expect(x.events.map((e) => e.type)).toEqual(['combat', 'hotel']);
    expect(pending<LossDecision>(draft).losses).toBe(3);
  });

  it('keeps every step of a combat in pending decisions with a one-step default (8.5, 8.7)', () => {
    const rs = ruleset({ terrain: area('M16', 4, 'forest'), supply: { soviet: ['P16'], finnish: ['H16'] } });
    const st = state(rs, [
      ['S1', 'M15'],
      ['S2', 'M17'],
      ['F1', 'M16'],
    ]);
    const draft = structuredClone(st);
    const x = io([5, 5]); // 10:5 = 2:1, concentric 1R → 3:1; 10 → 0/4
    resolveDeclared(draft, rs, declare(st, rs, 'soviet', ['S1', 'S2'], 'M16'), x);
    const ev = x.events[0]!;
    if (ev.type === 'combat') expect(ev.modifiers).toEqual(['concentric attack from M15, M17: 1R (8.3 case 4)']);
    const dec = pending<LossDecision>(draft);
    expect(dec.default).toBeDefined();
    expect(answerLosses(draft, rs, 'finnish', dec.default, x)).toBeNull();
    const adv = pending<AdvanceDecision>(draft);
    expect(adv).toMatchObject({ type: 'advance', side: 'soviet', vacated: 'M16', mandatory: false });
  });
});

describe('Combat declaration (8.0)', () => {
  const rs = ruleset({ terrain: area('M16', 3, 'forest') });
  it('never lets a mortar attack (12.5.1)', () => {
    const st = state(rs, [
      ['SMtr', 'M15'],
      ['F1', 'M16'],
    ]);
    expect(checkCombatDeclaration(st, rs, 'soviet', ['SMtr'], 'M16')).toMatchObject({ violation: { code: 'rule/mortar-no-attack' } });
  });
  it('refuses attackers that are not adjacent to the defending hex (8.0)', () => {
    const st = state(rs, [
      ['S1', 'M14'],
      ['F1', 'M16'],
    ]);
    expect(checkCombatDeclaration(st, rs, 'soviet', ['S1'], 'M16')).toMatchObject({ violation: { code: 'rule/not-adjacent' } });
  });
  it('lets each unit attack once and each hex be attacked once per Combat Phase (8.0 c, e)', () => {
    const st = state(rs, [
      ['S1', 'M15'],
      ['S2', 'M15'],
      ['F1', 'M16'],
      ['F3', 'M16'],
      ['F2', 'N15'],
    ]);
    const draft = structuredClone(st);
    const x = io([6, 6]); // 5:10 = 1:2, 12 → 0/2: the Finns take two steps and stay
    resolveDeclared(draft, rs, declare(st, rs, 'soviet', ['S1'], 'M16'), x);
    expect(answerLosses(draft, rs, 'finnish', { steps: { F1: 1, F3: 1 } }, x)).toBeNull();
    expect(draft.pending).toEqual([]);
    expect(checkCombatDeclaration(draft, rs, 'soviet', ['S1'], 'N15')).toMatchObject({ violation: { code: 'rule/already-attacked' } });
    expect(checkCombatDeclaration(draft, rs, 'soviet', ['S2'], 'M16')).toMatchObject({ violation: { code: 'rule/hex-already-attacked' } });
    // (d) S2 stacked with S1 may attack a different hex.
    expect('violation' in checkCombatDeclaration(draft, rs, 'soviet', ['S2'], 'N15')).toBe(false);
  });
  it('does not let Pajari alone be attacked (12.3.1)', () => {
    const st = state(rs, [
      ['S1', 'M15'],
      ['Pajari', 'M16'],
    ]);
    expect(checkCombatDeclaration(st, rs, 'soviet', ['S1'], 'M16')).toMatchObject({ violation: { code: 'rule/leader-alone' } });
  });
  it('requires a friendly Combat Phase (8.0)', () => {
    const st = state(
      rs,
      [
        ['S1', 'M15'],
        ['F1', 'M16'],
      ],
      { phase: 'action' },
    );
    expect(checkCombatDeclaration(st, rs, 'soviet', ['S1'], 'M16')).toMatchObject({ violation: { code: 'rule/wrong-phase' } });
  });
  it('lets armor attack into terrain it may not enter (8.0 f)', () => {
    const st = state(rs, [
      ['T26', 'M15'],
      ['F1', 'M16'],
    ]);
    expect('violation' in checkCombatDeclaration(st, rs, 'soviet', ['T26'], 'M16')).toBe(false);
  });
});

describe('Advance after combat (8.7, 8.7.1)', () => {
  const rs = ruleset({ terrain: area('M16', 5, 'forest'), supply: { soviet: ['P16'], finnish: ['H16'] } });
  function cleared(
    places: Parameters<typeof state>[1],
    attackers: string[],
    dice: number[],
    answer: { steps: Record<string, number>; retreat?: Record<string, string[]> },
  ) {
    const st = state(rs, places);
    const draft = structuredClone(st);
    const x = io(dice);
    resolveDeclared(draft, rs, declare(st, rs, 'soviet', attackers, 'M16'), x);
    expect(answerLosses(draft, rs, 'finnish', answer, x)).toBeNull();
    return { draft, x };
  }

  it('never advances mortars, AT guns or infantry guns (8.7, 12.5.1)', () => {
    // 15 (3 inf) vs 5: 3:1; 12 → 0/5. Defender eliminated (2 steps) …
    const { draft, x } = cleared(
      [
        ['S1', 'M15'],
        ['S2', 'M15'],
        ['S3', 'M15'],
        ['SAT', 'M15'],
        ['F1', 'M16'],
      ],
      ['S1', 'S2', 'S3', 'SAT'],
      [6, 6],
      { steps: { F1: 2 } },
    );
    const adv = pending<AdvanceDecision>(draft);
    expect(adv.units.map((u) => u.unit)).toEqual(['S1', 'S2', 'S3']);
    expect(answerAdvance(draft, rs, 'soviet', ['SAT'], ['M16'], x)).toMatchObject({ code: 'rule/cannot-advance' });
  });

  it('lets the attacker advance only into the defenders’ hex when they were all eliminated (8.7.1)', () => {
    const { draft, x } = cleared(
      [
        ['S1', 'M15'],
        ['S2', 'M15'],
        ['S3', 'M15'],
        ['F1', 'M16'],
      ],
      ['S1', 'S2', 'S3'],
      [6, 6],
      { steps: { F1: 2 } },
    );
    expect(answerAdvance(draft, rs, 'soviet', ['S1'], ['M16', 'M17'], x)).toMatchObject({ code: 'rule/advance-limit' });
    expect(answerAdvance(draft, rs, 'soviet', ['S1', 'S2'], ['M16'], x)).toBeNull();
    expect(draft.units.S1!.hex).toBe('M16');
    // The third unit may still advance (units need not follow the same path); an empty answer ends it.
    expect(answerAdvance(draft, rs, 'soviet', [], [], x)).toBeNull();
    expect(draft.pending).toEqual([]);
    // Advanced units cannot attack again this phase (8.7).
    expect(readRecord(draft).advanced).toEqual(['S1', 'S2']);
  });

  it('advances as many hexes as the defenders retreated, stopping on entering an eZOC (8.7.1)', () => {
    // 15:5 = 3:1; 10 → 0/4: one step and a three-hex retreat.
    const { draft, x } = cleared(
      [
        ['S1', 'M15'],
        ['S2', 'M15'],
        ['S3', 'M15'],
        ['F1', 'M16'],
        ['F2', 'K17'],
      ],
      ['S1', 'S2', 'S3'],
      [5, 5],
      { steps: { F1: 1 }, retreat: { F1: ['M17', 'M18', 'M19'] } },
    );
    expect(draft.units.F1!.hex).toBe('M19');
    expect(pending<AdvanceDecision>(draft).units.map((u) => u.maxHexes)).toEqual([3, 3, 3]);
    expect(answerAdvance(draft, rs, 'soviet', ['S1'], ['M16', 'M17', 'M18', 'M19'], x)).toMatchObject({ code: 'rule/advance-limit' });
    // F2 in K17 puts L17 in a Finnish ZOC: an advance through it must stop there.
    expect(answerAdvance(draft, rs, 'soviet', ['S1'], ['M16', 'L17', 'L18'], x)).toMatchObject({
      code: 'rule/advance-zoc-stop',
      rule: '8.7.1',
    });
    // Ending in an eZOC hex (M18, next to F1) is fine.
    expect(answerAdvance(draft, rs, 'soviet', ['S1'], ['M16', 'M17', 'M18'], x)).toBeNull();
    expect(draft.units.S1!.hex).toBe('M18');
  });
});

describe('Assaults (9.0–9.2)', () => {
  const rs = ruleset({ terrain: area('M16', 4, 'forest', { M16: 'village' }), supply: { soviet: ['P16'], finnish: ['H16'] } });
  const mp = { from: 'M15', mpLeft: 5, cost: 3, minimumMove: false };

  it('costs the terrain of the defender’s hex plus 2 MP (9.1)', () => {
    const st = state(
      rs,
      [
        ['S1', 'M15'],
        ['F1', 'M16'],
      ],
      { phase: 'action' },
    );
    expect(checkAssaultDeclaration(st, rs, 'soviet', ['S1'], 'M16', { ...mp, mpLeft: 2 })).toMatchObject({
      violation: { code: 'rule/assault-mp' },
    });
    expect('violation' in checkAssaultDeclaration(st, rs, 'soviet', ['S1'], 'M16', mp)).toBe(false);
  });

  it('allows an Assault by the minimum movement rule whatever its cost (9.1, 4.1.1)', () => {
    const st = state(
      rs,
      [
        ['S1', 'M15'],
        ['F1', 'M16'],
      ],
      { phase: 'action' },
    );
    expect('violation' in checkAssaultDeclaration(st, rs, 'soviet', ['S1'], 'M16', { ...mp, mpLeft: 2, minimumMove: true })).toBe(false);
  });

  it('lets only infantry, armor, engineers and MGs assault (9.1)', () => {
    const st = state(
      rs,
      [
        ['S1', 'M15'],
        ['SAT', 'M15'],
        ['F1', 'M16'],
      ],
      { phase: 'action' },
    );
    expect(checkAssaultDeclaration(st, rs, 'soviet', ['S1', 'SAT'], 'M16', mp)).toMatchObject({
      violation: { code: 'rule/cannot-assault' },
    });
  });

  it('does not let armor assault into terrain it may not enter (9.1, 8.0 f)', () => {
    const rs2 = ruleset({ terrain: area('M16', 3, 'forest'), roads: [['M14', 'M15']] });
    const st = state(
      rs2,
      [
        ['T26', 'M15'],
        ['F1', 'M16'],
      ],
      { phase: 'action' },
    );
    expect(checkAssaultDeclaration(st, rs2, 'soviet', ['T26'], 'M16', mp)).toMatchObject({
      violation: { code: 'rule/prohibited-terrain' },
    });
  });

  it('makes the attacker take all losses as steps and advance into the vacated hex (9.2)', () => {
    const st = state(
      rs,
      [
        ['S1', 'M15'],
        ['S2', 'M15'],
        ['F1', 'M16', 1],
      ],
      { phase: 'action' },
    );
    const d = checkAssaultDeclaration(st, rs, 'soviet', ['S1', 'S2'], 'M16', mp);
    if ('violation' in d) throw new Error(d.violation.message);
    const draft = structuredClone(st);
    const x = io([2, 3]); // 10:3 = 3:1; SMG 1L (village, Finnish infantry) → 2:1; roll 5 → 2/1
    resolveDeclared(draft, rs, d, x);
    const ev = x.events[0]!;
    if (ev.type === 'combat') expect(ev.modifiers).toEqual(['Finnish SMGs in an Assault in village: 1L (8.3 case 15)']);
    expect(ev).toMatchObject({ column: '2:1', result: '2/1' });
    expect(answerLosses(draft, rs, 'finnish', { steps: { F1: 1 } }, x)).toBeNull();
    const att = pending<LossDecision>(draft);
    expect(att.minSteps).toBe(2);
    expect(answerLosses(draft, rs, 'soviet', { steps: { S1: 1 }, retreat: { S1: ['M14'], S2: ['M14'] } }, x)).toMatchObject({
      code: 'rule/assault-losses-are-steps',
    });
    expect(answerLosses(draft, rs, 'soviet', { steps: { S1: 1, S2: 1 } }, x)).toBeNull();
    const adv = pending<AdvanceDecision>(draft);
    expect(adv.mandatory).toBe(true);
    expect(answerAdvance(draft, rs, 'soviet', [], [], x)).toMatchObject({ code: 'rule/assault-must-advance' });
    expect(answerAdvance(draft, rs, 'soviet', ['S1'], ['M16'], x)).toMatchObject({ code: 'rule/assault-must-advance' });
    expect(answerAdvance(draft, rs, 'soviet', ['S1', 'S2'], ['M16'], x)).toBeNull();
    expect(draft.units.S2!.hex).toBe('M16');
  });
});

describe('Pajari and losses (12.3.1)', () => {
  it('rolls for Pajari when every unit in his hex is eliminated out of supply: a 1 captures him', () => {
    const rs = ruleset({ terrain: area('M16', 4, 'forest'), supply: { soviet: ['P16'], finnish: ['H16'] } });
    const ring: Parameters<typeof state>[1] = [
      ['S1', 'M15'],
      ['S2', 'N16'],
      ['S3', 'N17'],
      ['S4', 'M17'],
      ['S5', 'L17'],
      ['S6', 'L16'],
    ];
    const st = state(rs, [...ring, ['F1', 'M16', 1], ['Pajari', 'M16']]);
    const draft = structuredClone(st);
    const x = io([6, 6, 1]);
    resolveDeclared(draft, rs, declare(st, rs, 'soviet', ['S1', 'S2'], 'M16'), x);
    expect(answerLosses(draft, rs, 'finnish', { steps: { F1: 1 } }, x)).toBeNull();
    expect(x.events.find((e) => e.type === 'pajariCheck')).toMatchObject({ roll: 1, captured: true });
    expect(draft.units.Pajari!.location).toBe('eliminated');
    expect(draft.units.F1!.location).toBe('eliminated');
  });
});

describe('Pajari forced into an enemy ZOC by a Retreat (12.3.1)', () => {
  // Defender F1 (one step left) and Pajari in M16; S1 in M15 and S2 in M17 attack, and their ZOCs cover every
  // free hex around M16. 10:3 = 3:1, concentric 1R → 4:1; a 6 reads 0/1.
  const rs = ruleset({ terrain: area('M16', 4, 'forest'), supply: { soviet: ['P16'], finnish: ['H16'] } });
  const st = state(rs, [
    ['S1', 'M15'],
    ['S2', 'M17'],
    ['F1', 'M16', 1],
    ['Pajari', 'M16'],
    ['F2', 'J16'],
  ]);
  function retreatInto(dice: number[]) {
    const draft = structuredClone(st);
    const x = io([3, 3, ...dice]);
    resolveDeclared(draft, rs, declare(st, rs, 'soviet', ['S1', 'S2'], 'M16'), x);
    const dec = pending<LossDecision>(draft);
    expect(dec).toMatchObject({ side: 'finnish', losses: 1 });
    const hex = dec.firstHexes.F1![0]!;
    // F1 retreats into the eZOC hex with Pajari and takes the eZOC step there: it is eliminated (8.5.2.2).
    expect(answerLosses(draft, rs, 'finnish', { steps: {}, retreat: { F1: [hex] } }, x)).toBeNull();
    return { draft, x, hex };
  }

  it('rolls for him when his last companion dies taking the eZOC step on the way: a 1 captures him (12.3.1, 8.5.2.2)', () => {
    const { draft, x } = retreatInto([1]);
    expect(draft.units.F1!.location).not.toBe('map');
    expect(x.events.find((e) => e.type === 'pajariCheck')).toMatchObject({
      reason: 'forced to retreat into an enemy ZOC alone',
      roll: 1,
      captured: true,
    });
    expect(draft.units.Pajari!.location).toBe('eliminated');
  });

  it('places him with the nearest friendly combat unit on any other roll (12.3.1)', () => {
    const { draft, x, hex } = retreatInto([4]);
    expect(x.events.find((e) => e.type === 'pajariCheck')).toMatchObject({ roll: 4, captured: false });
    expect(x.events.find((e) => e.type === 'retreated' && e.unit === 'Pajari')).toMatchObject({ path: [hex] });
    expect(draft.units.Pajari).toMatchObject({ location: 'map', hex: 'J16' });
  });
});

describe('Retreat off the map through a decision (8.5.2 priority II, 4.2)', () => {
  it('accepts an off-map retreat answer and removes the unit from the game', () => {
    const edge = ruleset({
      terrain: { A1: 'forest', A2: 'forest', B1: 'forest', B2: 'forest', A3: 'forest', B3: 'forest', C1: 'forest', C2: 'forest' },
    });
    const st = state(edge, [
      ['F1', 'A1'],
      ['F2', 'A2'],
      ['F3', 'A2'],
      ['F4', 'A2'],
      ['F5', 'B1'],
      ['F6', 'B1'],
      ['F7', 'B1'],
      ['S1', 'B2'],
      ['S2', 'B2'],
      ['S3', 'B2'],
    ]);
    const draft = structuredClone(st);
    const x = io([3, 3]); // 15:5 = 3:1, 6 → 1/1
    resolveDeclared(draft, edge, declare(st, edge, 'soviet', ['S1', 'S2', 'S3'], 'A1'), x);
    expect(pending<LossDecision>(draft)).toMatchObject({ losses: 1, firstHexes: { F1: ['off-map'] } });
    expect(answerLosses(draft, edge, 'finnish', { steps: {}, retreat: { F1: ['off-map'] } }, x)).toBeNull();
    expect(draft.units.F1!.location).toBe('exited');
    expect(x.events.map((e) => e.type)).toContain('exited');
  });
});

describe('Support plug-in point (8.1 steps 2–5, 8.3 case 3)', () => {
  /** S1 (5) attacks F1 (5) in M16, 1:1, with the Suppression markers a support plug-in reports. */
  function withMarkers(attacker: number, defender: number) {
    const rs = ruleset({ terrain: area('M16', 3, 'forest'), supply: { soviet: ['P16'], finnish: ['H16'] } });
    const st = state(rs, [
      ['S1', 'M15'],
      ['F1', 'M16'],
    ]);
    const x = io([6, 6]);
    x.supportAndAtFire = () => ({ suppression: { attacker, defender } });
    resolveDeclared(structuredClone(st), rs, declare(st, rs, 'soviet', ['S1'], 'M16'), x);
    const ev = x.events[0]!;
    if (ev.type !== 'combat') throw new Error('no combat event');
    return ev;
  }

  it('uses the Suppression markers a support plug-in reports, netted first and then at most 3 columns (10.4.1 example: 4R and 1L give 3R)', () => {
    const ev = withMarkers(4, 1);
    expect(ev.modifiers).toEqual(['suppression from support (4 for the attacker, 1 for the defender): 3R (8.3 case 3)']);
    expect(ev.suppression).toEqual({ attacker: 4, defender: 1, net: 3 });
    expect(ev.column).toBe('4:1');
  });

  it('nets the markers first and then caps the net at 3 columns: 5 against 1 is 4R, capped to 3R (8.3 case 3, 10.4.1)', () => {
    const ev = withMarkers(5, 1);
    expect(ev.suppression).toEqual({ attacker: 5, defender: 1, net: 3 });
    expect(ev.modifiers).toEqual(['suppression from support (5 for the attacker, 1 for the defender; 4R capped at 3): 3R (8.3 case 3)']);
    expect(ev.column).toBe('4:1');
  });

  it('keeps both sides’ markers and the zero net in the combat event when they cancel out (8.3 case 3, 10.4.1)', () => {
    const ev = withMarkers(2, 2);
    expect(ev.suppression).toEqual({ attacker: 2, defender: 2, net: 0 });
    expect(ev.modifiers).toEqual(['suppression from support (2 for the attacker, 2 for the defender): no shift (8.3 case 3)']);
    expect(ev).toMatchObject({ netShift: '0', column: '1:1' });
  });
});

describe('Pajari retreats with his stack (12.3)', () => {
  it('follows the units of his hex when they retreat (12.3)', () => {
    const rs = ruleset({ terrain: area('M16', 4, 'forest'), supply: { soviet: ['P16'], finnish: ['H16'] } });
    const st = state(rs, [
      ['S1', 'M15'],
      ['S2', 'L18'],
      ['F1', 'M16'],
      ['Pajari', 'M16'],
    ]);
    const draft = structuredClone(st);
    const x = io([6, 6, 6, 6]); // 5:5 = 1:1, Pajari 1L → 1:2; 12 → 0/2
    resolveDeclared(draft, rs, declare(st, rs, 'soviet', ['S1'], 'M16'), x);
    expect(answerLosses(draft, rs, 'finnish', { steps: { F1: 1 }, retreat: { F1: ['N17'] } }, x)).toBeNull();
    expect(draft.units.Pajari!.hex).toBe('N17');
    // Both count as retreated for the rest of the phase (8.5.2.3); Pajari's shift goes with him (odds tests).
    expect(readRecord(draft).retreated.sort()).toEqual(['F1', 'Pajari']);
  });
});

describe('Assault and Overrun costs (9.1, 12.1.2)', () => {
  it('charges terrain + 2, or the printed Overrun costs along a road for armor', async () => {
    const { contextOf } = await import('../../../src/engine/ctx.js');
    const { assaultCost } = await import('../../../src/engine/combat/engine.js');
    const rs = ruleset({
      terrain: area('M16', 2, 'forest', { M17: 'suo' }),
      roads: [
        ['M15', 'M16', 'primary'],
        ['M16', 'M17', 'secondary'],
      ],
    });
    const ctx = contextOf(rs);
    expect(assaultCost(ctx, ['S1'], 'M15', 'M16')).toBe(4); // forest 2 + 2
    expect(assaultCost(ctx, ['S1'], 'M16', 'M17')).toBe(5); // suo 3 + 2
    expect(assaultCost(ctx, ['T26'], 'M15', 'M16')).toBe(2.5); // primary road
    expect(assaultCost(ctx, ['T26'], 'M16', 'M17')).toBe(4); // secondary road, tank
    expect(assaultCost(ctx, ['BA10'], 'M16', 'M17')).toBe(6); // secondary road, armored car
    expect(assaultCost(ctx, ['T26', 'S1'], 'M15', 'M16')).toBe(4); // mixed stack pays the terrain
  });
});

describe("Pajari's Heart Condition (optional 20.6)", () => {
  // Finnish F1 with Pajari in M16 attack S1 in M15: Pajari takes part (8.3 case 6), so with 20.6 on his
  // heart is checked once the fight is over (losses and advance answered with their defaults).
  const rs = ruleset({ terrain: area('M16', 4, 'forest'), supply: { soviet: ['P16'], finnish: ['H16'] } });
  const fight = (on: boolean, dice: number[]) => {
    const st = state(
      rs,
      [
        ['F1', 'M16'],
        ['Pajari', 'M16'],
        ['S1', 'M15'],
      ],
      { activeSide: 'finnish' },
    );
    st.options['20.6'] = on;
    const draft = structuredClone(st);
    const x = io(dice);
    expect(resolveDeclared(draft, rs, declare(st, rs, 'finnish', ['F1'], 'M15'), x)).toBeNull();
    for (let i = 0; i < 6 && draft.pending.length; i++) {
      const p = draft.pending[0] as unknown as { type: string; side: 'soviet' | 'finnish'; default: { units: string[]; path: string[] } };
      const err =
        p.type === 'combatLosses'
          ? answerLosses(draft, rs, p.side, p.default as never, x)
          : answerAdvance(draft, rs, p.side, p.default.units, p.default.path, x);
      expect(err).toBeNull();
    }
    // The heart check is a GameEvent outside the combat events the io helper is typed for.
    return { draft, events: x.events as unknown as Array<{ type: string }> };
  };

  it('20.6: a 2 fails on a day turn: Pajari leaves for the Turn Track, 1d6+1 turns ahead, back at the supply source', () => {
    const { draft, events } = fight(true, [3, 3, 1, 1, 4, 6, 6, 6, 6]);
    expect(events.find((e) => e.type === 'heartCondition')).toMatchObject({ roll: 2, failsAt: 3, returnTurn: 1 + 5, rule: '20.6' });
    expect(draft.units.Pajari).toMatchObject({ location: 'pending', hex: null, entryTurn: 6, entryHex: 'H16' });
    expect(events.findIndex((e) => e.type === 'heartCondition')).toBeLessThan(events.findIndex((e) => e.type === 'combatDone'));
  });

  it('20.6: a 4 holds on a day turn; without the option no check is made', () => {
    expect(fight(true, [3, 3, 2, 2, 6, 6]).events.find((e) => e.type === 'heartCondition')).toMatchObject({ roll: 4, returnTurn: null });
    expect(fight(false, [3, 3, 6, 6]).events.some((e) => e.type === 'heartCondition')).toBe(false);
  });
});

describe('Captured Soviet LMGs (optional 20.4)', () => {
  // F1 and F2 in M16 attack a reduced S1 in M15; the defender takes its loss as a step and is eliminated.
  const rs = ruleset({ terrain: area('M16', 4, 'forest'), supply: { soviet: ['P16'], finnish: ['H16'] } });
  const fight = (opts: { on: boolean; dice: number[]; night?: boolean; pool?: number }) => {
    const st = state(
      rs,
      [
        ['F1', 'M16'],
        ['F2', 'M16'],
        ['S1', 'M15', 1],
      ],
      { activeSide: 'finnish', turn: opts.night ? 2 : 1 },
    );
    st.options['20.4'] = opts.on;
    if (opts.pool !== undefined) st.capturedLmgs = opts.pool;
    const draft = structuredClone(st);
    const x = io(opts.dice);
    expect(resolveDeclared(draft, rs, declare(st, rs, 'finnish', ['F1', 'F2'], 'M15'), x)).toBeNull();
    for (let i = 0; i < 6 && draft.pending.length; i++) {
      const p = draft.pending[0] as unknown as { type: string; side: 'soviet' | 'finnish'; role?: string; default: never };
      const err =
        p.type === 'combatLosses'
          ? answerLosses(draft, rs, p.side, p.role === 'defender' ? ({ steps: { S1: 1 } } as never) : p.default, x)
          : answerAdvance(draft, rs, p.side, [], [], x);
      expect(err).toBeNull();
    }
    return { draft, events: x.events as unknown as Array<{ type: string } & Record<string, unknown>> };
  };

  it('20.4: a Soviet company eliminated defending in a Combat: 2d6 +1, 12 or more puts a marker in the Finnish pool', () => {
    const { draft, events } = fight({ on: true, dice: [6, 6, 6, 5] });
    expect(draft.units.S1!.location).not.toBe('map');
    expect(events.find((e) => e.type === 'capturedLmgCheck')).toMatchObject({
      units: ['S1'],
      drms: ['Per Soviet infantry company eliminated in Combat: +1 (20.4 DRM 1)'],
      roll: 11,
      total: 12,
      success: true,
      won: true,
      pool: 1,
    });
    expect(draft.capturedLmgs).toBe(1);
  });

  it('20.4: 11 fails; at night −1; five markers in play already win nothing; without the option no roll', () => {
    expect(fight({ on: true, dice: [6, 6, 5, 5] }).events.find((e) => e.type === 'capturedLmgCheck')).toMatchObject({
      total: 11,
      won: false,
    });
    const night = fight({ on: true, dice: [6, 6, 6, 6], night: true }).events.find((e) => e.type === 'capturedLmgCheck');
    expect(night).toMatchObject({ total: 12, won: true });
    expect(night!.drms).toContain('Night turn: -1 (20.4 DRM 5)');
    const full = fight({ on: true, dice: [6, 6, 6, 6], pool: 5 });
    expect(full.events.find((e) => e.type === 'capturedLmgCheck')).toMatchObject({ success: true, won: false, pool: 5 });
    expect(fight({ on: false, dice: [6, 6] }).events.some((e) => e.type === 'capturedLmgCheck')).toBe(false);
  });
});
