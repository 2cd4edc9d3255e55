/**
 * The rulebook's extended example of Combat with Support (after 10.6.2), end to end through `apply` on the
 * real map, counters, RAT and CRT, with the dice the example prints (forced).
 *
 * The scene: a day turn without a morale bonus (turn 9). Three Soviet companies in K15 attack the lone
 * Finnish MG across the Hevossalmi bridge (J16); the Soviet MG in L16 (range 2, LOS past the bridge) and
 * the mortar in N16 (no LOS; the attacking companies spot for it) support; the Finnish MG in K13 on the
 * north shore of Myllyjärvi gives defensive Support across the ice at range 2.
 *
 * The example gives the defending MG a RAS of 5; the counters print 4 (docs/rulings.md, "Finnish MG RAS").
 * With the counters' 4, its 9 makes 16 (Suppressed, no step), so the Soviets attack with 15 halved to 8:
 * 8:6 is still 1:1, the 8 still reads 1/1, and the Soviets end with one reduced company instead of two.
 * The second test gives that MG a RAS of 5 and gets every number the example prints.
 */
import { describe, expect, it } from 'vitest';
import type { Action, GameEvent, GameState, Side } from '../../../src/engine/index.js';
import type { Ruleset } from '../../../src/engine/ruleset.js';
import { engineOn, REAL, scene } from '../helpers/fire.js';

const ATTACKERS = ['1/1/364', '2/1/364', '3/1/364'];
const DEFENDER = 'MG/1/JR16#1';
const SUPPORTER = 'MG/1/JR16#2';
/** Soviet MG 7, mortar 9, Finnish MG 9, CRT 8. */
const DICE = [3, 4, 4, 5, 4, 5, 3, 5];

function start(): GameState {
  return scene(
    [
      ...ATTACKERS.map((id): [string, string] => [id, 'K15']),
      ['MG/1/364', 'L16'],
      ['Mtr/364', 'N16'],
      [DEFENDER, 'J16'],
      [SUPPORTER, 'K13'],
    ],
    { turn: 9 },
  );
}

function play(rs: Ruleset, soviet = '1/1/364'): { events: GameEvent[]; state: GameState } {
  const engine = engineOn(rs);
  const events: GameEvent[] = [];
  let state = start();
  const act = (side: Side, action: Action, dice: number[] = []): void => {
    const r = engine.apply(state, side, action, { forcedDice: dice });
    if (!r.ok) throw new Error(`${r.violation.code}: ${r.violation.message}`);
    events.push(...r.events);
    state = r.state;
  };
  // The attacker declares the Combat and his Support first; nothing is rolled yet (10.3.2).
  act('soviet', {
    type: 'combat',
    attackers: ATTACKERS,
    target: 'J16',
    support: ['MG/1/364', 'Mtr/364'],
    spotters: { 'Mtr/364': '1/1/364' },
  });
  expect(events.some((e) => e.type === 'roll')).toBe(false);
  expect(state.pending[0]).toMatchObject({ type: 'defensiveSupport', side: 'finnish', attackerHexes: ['K15'] });
  // The defender commits his MG on the north shore; then everything is rolled in order.
  act('finnish', { type: 'support', units: [SUPPORTER], target: 'K15' }, DICE);
  // A step from the defender's Support is the Soviet player's to allocate (10.4.2): the Combat waits for
  // that choice, then rolls on the CRT (the dice not used yet).
  if (state.pending[0]?.type === 'rangedLosses') {
    expect(state.pending[0]).toMatchObject({ side: 'soviet', hex: 'K15', steps: 1, resume: { stage: 'crt' } });
    const used = events.filter((e) => e.type === 'roll').reduce((n, e) => n + (e.type === 'roll' ? e.dice.length : 0), 0);
    act('soviet', { type: 'takeLosses', steps: { [soviet]: 1 } }, DICE.slice(used));
  }
  // The MG decides to hold the bridge: one step, no retreat.
  expect(state.pending[0]).toMatchObject({ type: 'combatLosses', side: 'finnish', role: 'defender', losses: 1 });
  act('finnish', { type: 'takeLosses', steps: { [DEFENDER]: 1 } });
  // The attacker's first loss in a Combat is a step (8.5 a).
  expect(state.pending[0]).toMatchObject({ type: 'combatLosses', side: 'soviet', role: 'attacker', losses: 1, minSteps: 1 });
  const full = ATTACKERS.find((id) => state.units[id]!.stepsLeft === 2)!;
  act('soviet', { type: 'takeLosses', steps: { [full]: 1 } });
  return { events, state };
}

const shots = (events: GameEvent[]) =>
  events.flatMap((e) =>
    e.type === 'rangedAttack'
      ? [{ unit: e.unit, roll: e.roll, modifier: e.ras + e.drms.reduce((t, d) => t + d.value, 0), total: e.total, result: e.result }]
      : [],
  );

describe('extended example of Combat with Support (after 10.6.2; 8.1, 8.2 case 1, 8.3 case 3, 8.4, 8.5, 10.3, 10.4)', () => {
  it('plays it with the counters’ values: Finnish MG RAS 4 gives 16, Suppressed only; 8:6 is still 1:1 and the 8 reads 1/1', () => {
    const { events, state } = play(REAL);
    expect(events.filter((e) => e.type === 'roll').map((e) => (e.type === 'roll' ? [e.purpose, e.dice] : []))).toEqual([
      ['Ranged Attack by MG/1/364 on J16', [3, 4]],
      ['Ranged Attack by Mtr/364 on J16', [4, 5]],
      [`Ranged Attack by ${SUPPORTER} on K15`, [4, 5]],
      ['Combat on J16 at 1:1', [3, 5]],
    ]);
    expect(shots(events)).toEqual([
      { unit: 'MG/1/364', roll: 7, modifier: 5, total: 12, result: 'no effect' },
      { unit: 'Mtr/364', roll: 9, modifier: 5, total: 14, result: 'suppressed' },
      // Printed: RAS 5 + 3 companies = +8, 17 (Suppressed + 1 step). The counter's RAS 4 gives +7 and 16.
      { unit: SUPPORTER, roll: 9, modifier: 7, total: 16, result: 'suppressed' },
    ]);
    const combat = events.find((e) => e.type === 'combat');
    if (combat?.type !== 'combat') throw new Error('no combat event');
    expect(combat).toMatchObject({
      attackerTotal: 8, // 15 across the bridge, halved and rounded up (8.2 case 1); printed: 13 → 7
      defenderTotal: 6, // MG CS 3 doubled on defence (black box)
      ratio: '8:6',
      baseOdds: '1:1',
      suppression: { attacker: 1, defender: 1, net: 0 },
      netShift: '0',
      column: '1:1',
      roll: 8,
      result: '1/1',
    });
    expect(combat.halvings).toEqual(['attackers on frozen lake / across a bridge: CS 15 halved to 8, rounded up (8.2 case 1)']);
    expect(combat.modifiers).toEqual(['suppression from support (1 for the attacker, 1 for the defender): no shift (8.3 case 3)']);
    // The MG is reduced and holds the bridge; one Soviet company is reduced (printed: two); no advance.
    expect(state.units[DEFENDER]).toMatchObject({ hex: 'J16', stepsLeft: 1 });
    expect(ATTACKERS.map((id) => state.units[id]!.stepsLeft)).toEqual([1, 2, 2]);
    expect(state.pending).toEqual([]);
    expect(events.some((e) => e.type === 'advanced')).toBe(false);
    // The mortar flips to its Fired side; the MGs do not (12.5).
    expect(state.units['Mtr/364']!.flags.fired).toBe(true);
    expect(state.units['MG/1/364']!.flags.fired).toBeUndefined();
  });

  it('gets every number the example prints when the Finnish MG has its printed RAS of 5: 17, one Soviet step, 13 halved to 7, 7:6', () => {
    const rs: Ruleset = { ...REAL, counters: REAL.counters.map((c) => (c.id === SUPPORTER ? { ...c, full: { ...c.full, ras: 5 } } : c)) };
    const { events, state } = play(rs);
    expect(shots(events)).toEqual([
      { unit: 'MG/1/364', roll: 7, modifier: 5, total: 12, result: 'no effect' },
      { unit: 'Mtr/364', roll: 9, modifier: 5, total: 14, result: 'suppressed' },
      { unit: SUPPORTER, roll: 9, modifier: 8, total: 17, result: 'suppressed + 1 step reduction' },
    ]);
    // The Soviet player chose the company that takes the step (10.4.2), as the example has it.
    expect(events.find((e) => e.type === 'stepLoss')).toMatchObject({ unit: '1/1/364', rule: '10.4.2' });
    expect(events.find((e) => e.type === 'combat')).toMatchObject({
      attackerTotal: 7,
      defenderTotal: 6,
      ratio: '7:6',
      baseOdds: '1:1',
      suppression: { attacker: 1, defender: 1, net: 0 },
      column: '1:1',
      roll: 8,
      result: '1/1',
    });
    // Each side took its loss: the MG flipped, and the Soviets flipped another company.
    expect(state.units[DEFENDER]!.stepsLeft).toBe(1);
    expect(ATTACKERS.map((id) => state.units[id]!.stepsLeft)).toEqual([1, 1, 2]);
  });

  it('10.4.2: the Soviet player may give that Support step to another company; the Combat goes on the same', () => {
    const rs: Ruleset = { ...REAL, counters: REAL.counters.map((c) => (c.id === SUPPORTER ? { ...c, full: { ...c.full, ras: 5 } } : c)) };
    const other = ATTACKERS.find((id) => id !== '1/1/364')!;
    const { events } = play(rs, other);
    expect(events.find((e) => e.type === 'stepLoss')).toMatchObject({ unit: other, rule: '10.4.2' });
    expect(events.find((e) => e.type === 'combat')).toMatchObject({ ratio: '7:6', column: '1:1', roll: 8, result: '1/1' });
  });
});

describe('the 10.6 example and the counter data (docs/rulings.md "Finnish MG RAS")', () => {
  it('10.6 example: every Finnish MG counter prints RAS 4 at full strength (ErP112: 2), every Soviet MG 5', () => {
    const ras = (side: Side) =>
      Object.fromEntries(REAL.counters.filter((c) => c.side === side && c.type === 'mg').map((c) => [c.printed ?? c.id, c.full.ras]));
    const finnish = ras('finnish');
    expect(Object.keys(finnish).sort()).toEqual(['MG/1/JR16', 'MG/13/KT-Pr', 'MG/2/JR16', 'MG/3/JR16', 'MG/ErP112', 'MG/ErP9'].sort());
    expect(Object.values(finnish).filter((v) => v !== 4)).toEqual([2]);
    expect(finnish['MG/ErP112']).toBe(2);
    expect(new Set(Object.values(ras('soviet')))).toEqual(new Set([5]));
  });
});
