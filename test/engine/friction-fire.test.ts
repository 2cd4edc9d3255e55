// Friction Fire (optional 20.1, docs/rulings.md § Friction Fire): the Player Aid Card's RAT column and
// DRMs 10–12, and our defaults for moves and reinforcement entries, through the public engine on a board
// of frozen lake (the real counters, tables and Turn Track; forced dice).
import { describe, expect, it } from 'vitest';
import type { Action, GameEvent, GameState } from '../../src/engine/index.js';
import { board, engineOn, scene } from './helpers/fire.js';

const engine = engineOn(board());
const S1 = '1/1/364';
const S2 = '2/1/364';
const MG = 'MG/1/JR16#1';
const MTR = 'Mtr/JR16#1';

/** The Soviet Action Phase of turn 2 (day) with these units, Friction Fire on unless told. */
function actionPhase(placed: [string, string, number?][], on = true): GameState {
  const s = scene(placed, { side: 'soviet', turn: 2 });
  s.phase = 'action';
  s.options = { ...s.options, '20.1': on };
  return s;
}

function ok<T extends { ok: boolean }>(r: T): Extract<T, { ok: true }> {
  if (!r.ok) throw new Error(JSON.stringify((r as unknown as { violation: unknown }).violation));
  return r as Extract<T, { ok: true }>;
}

const of = <K extends GameEvent['type']>(events: readonly GameEvent[], type: K) =>
  events.filter((e): e is Extract<GameEvent, { type: K }> => e.type === type);

const move: Action = { type: 'move', units: [S1], to: 'M17' };

/**
 * The Soviets attack 1/1/JR16 in M18 from M19 (2:1, a 12: 0/4) with a Finnish MG in M15 and `more` units,
 * and the Finns retreat by default: L18 → K17 → J17 → I16.
 */
function afterRetreat(more: [string, string][]) {
  const s = scene([[S1, 'M19'], [S2, 'M19'], ['1/1/JR16', 'M18'], [MG, 'M15'], ...more], { side: 'soviet', turn: 2 });
  s.options = { ...s.options, '20.1': true };
  const fight = ok(engine.apply(s, 'soviet', { type: 'combat', attackers: [S1, S2], target: 'M18' }, { forcedDice: [6, 6] }));
  const loss = fight.state.pending[0]!;
  if (loss.type !== 'combatLosses') throw new Error('no loss decision');
  return ok(engine.apply(fight.state, 'finnish', { type: 'takeLosses', ...loss.default }));
}

/** A Soviet move (1/1/364 from M20 to M17 unless told) in the Soviet Action Phase with these units. */
function moveWith(placed: [string, string][], action: Action = move, on = true) {
  return ok(engine.apply(actionPhase(placed, on), 'soviet', action));
}

/** 1/1/364's move from M20 to M17, held for the Finnish MG in M15 (20.1). */
function heldMove(): GameState {
  return moveWith([
    [S1, 'M20'],
    [MG, 'M15'],
  ]).state;
}

describe('Friction Fire (optional 20.1)', () => {
  it('20.1 off (the default): a move in reach of enemy fire goes on at once', () => {
    const r = moveWith(
      [
        [S1, 'M20'],
        [MG, 'M15'],
      ],
      move,
      false,
    );
    expect(r.state.units[S1]!.hex).toBe('M17');
    expect(r.state.pending).toEqual([]);
  });

  it('20.1: the move waits while the other player may fire on it, in each hex of its path within reach', () => {
    const r = moveWith([
      [S1, 'M20'],
      [MG, 'M15'],
    ]);
    expect(r.state.units[S1]!.hex).toBe('M20'); // not moved yet
    expect(engine.whoMustAct(r.state)).toMatchObject({ side: 'finnish', pending: { type: 'frictionFire' } });
    const p = r.state.pending[0]!;
    expect(p.type === 'frictionFire' && p.options).toEqual([
      { hex: 'M18', firers: [{ unit: MG, mod: 4 + 2 - 1, spotter: null }] }, // RAS 4, lake +2 (Soviets), MG at range 3 −1
      { hex: 'M17', firers: [{ unit: MG, mod: 4 + 2, spotter: null }] },
    ]);
    expect(of(r.events, 'frictionHeld')).toEqual([
      {
        type: 'frictionHeld',
        kind: 'move',
        side: 'soviet',
        units: [S1],
        from: 'M20',
        path: ['M19', 'M18', 'M17'],
        waitingFor: 'finnish',
        rule: '20.1',
      },
    ]);
    // Only the answer is taken meanwhile.
    const other = engine.apply(r.state, 'finnish', { type: 'endPhase', phase: 'action' });
    expect(!other.ok && other.violation).toMatchObject({ code: 'rule/pending-decision', rule: '20.1' });
  });

  it('20.1: letting it pass (the default answer) carries the move out as declared', () => {
    const held = heldMove();
    const r = ok(engine.apply(held, 'finnish', { type: 'friction' }));
    expect(r.state.units[S1]).toMatchObject({ hex: 'M17', flags: { acted: true } });
    expect(of(r.events, 'moved')[0]).toMatchObject({ from: 'M20', to: 'M17', path: ['M19', 'M18', 'M17'] });
    expect(of(r.events, 'frictionOutcome')[0]).toMatchObject({ answer: 'passed' });
  });

  it('20.1: the RAT Friction Fire column (17–18: 2), every DRM but #1; the mover halts in the hex (default)', () => {
    const held = heldMove();
    const fired = ok(engine.apply(held, 'finnish', { type: 'friction', hex: 'M18' }, { forcedDice: [6, 6] }));
    const shot = of(fired.events, 'frictionFire')[0]!;
    expect(shot).toMatchObject({ unit: MG, target: 'M18', roll: 12, total: 12 + 4 + 2 - 1, steps: 2, rule: '20.1' });
    expect(shot.drms.map((d) => d.n)).toEqual([2, 8]); // no #1 for the infantry company in the hex
    expect(fired.state.units[S1]!.hex).toBe('M20');
    const p = fired.state.pending[0]!;
    expect(p).toMatchObject({ type: 'frictionResult', side: 'soviet', hex: 'M18', steps: 2, canHalt: true, default: { halt: true } });
    const halted = ok(engine.apply(fired.state, 'soviet', { type: 'frictionResult', halt: true }));
    expect(halted.state.units[S1]).toMatchObject({ hex: 'M18', stepsLeft: 2, flags: { acted: true } });
    expect(of(halted.events, 'moved')[0]).toMatchObject({ to: 'M18', path: ['M19', 'M18'], mpLeft: 0 });
    expect(halted.state.pending).toEqual([]);
  });

  it('20.1: or the stack takes the steps where it was hit and goes on to where it was going', () => {
    const held = moveWith(
      [
        [S1, 'M20'],
        [S2, 'M20'],
        [MG, 'M15'],
      ],
      { ...move, units: [S1, S2] },
    ).state;
    const fired = ok(engine.apply(held, 'finnish', { type: 'friction', hex: 'M17' }, { forcedDice: [4, 4] })); // 8+6 = 14: 1 step
    expect(fired.state.pending[0]).toMatchObject({ type: 'frictionResult', steps: 1 });
    const wrong = engine.apply(fired.state, 'soviet', { type: 'frictionResult', steps: { [S1]: 2 } });
    expect(!wrong.ok && wrong.violation).toMatchObject({ code: 'input/friction', rule: '20.1' });
    const r = ok(engine.apply(fired.state, 'soviet', { type: 'frictionResult', steps: { [S2]: 1 } }));
    expect(r.state.units[S1]).toMatchObject({ hex: 'M17', stepsLeft: 2 });
    expect(r.state.units[S2]).toMatchObject({ hex: 'M17', stepsLeft: 1 });
    expect(of(r.events, 'stepLoss')).toMatchObject([{ unit: S2, steps: 1, rule: '20.1', reason: 'Friction Fire' }]);
    expect(of(r.events, 'frictionOutcome')[0]).toMatchObject({ answer: 'steps', hex: 'M17', steps: 1 });
  });

  it('20.1 DRM 12: a mortar fires with its printed RAS halved, rounded up, and flips to Fired (12.5)', () => {
    const held = moveWith([
      [S1, 'M20'],
      [MTR, 'M13'],
    ]).state;
    const p = held.pending[0]!;
    expect(p.type === 'frictionFire' && p.options.map((o) => o.hex)).toEqual(['M18', 'M17']);
    const fired = ok(engine.apply(held, 'finnish', { type: 'friction', hex: 'M17', units: [MTR] }, { forcedDice: [1, 1] }));
    const shot = of(fired.events, 'frictionFire')[0]!;
    expect(shot.drms.find((d) => d.n === 12)).toMatchObject({ value: Math.ceil(4 / 2) - 4 });
    expect(shot.steps).toBe(0);
    expect(fired.state.units[MTR]!.flags.fired).toBe(true);
    expect(fired.state.units[S1]!.hex).toBe('M17'); // no effect: the move went on
  });

  it('20.1: a unit that cannot fire on the stack there is refused, naming those that can', () => {
    const held = heldMove();
    const r = engine.apply(held, 'finnish', { type: 'friction', hex: 'M19' });
    expect(!r.ok && r.violation).toMatchObject({ code: 'input/friction', rule: '20.1' });
    expect(!r.ok && r.violation.message).toContain('M18, M17');
  });

  it('20.1: no halt where the stack may not stop (6.0): the steps must be taken', () => {
    const crowd: [string, string][] = [
      ['3/1/364', 'M18'],
      ['4/2/364', 'M18'],
      ['5/2/364', 'M18'],
    ];
    const held = moveWith([[S1, 'M20'], [MG, 'M15'], ...crowd]).state;
    const fired = ok(engine.apply(held, 'finnish', { type: 'friction', hex: 'M18' }, { forcedDice: [6, 6] }));
    expect(fired.state.pending[0]).toMatchObject({ type: 'frictionResult', canHalt: false, default: { steps: { [S1]: 2 } } });
    const halt = engine.apply(fired.state, 'soviet', { type: 'frictionResult', halt: true });
    expect(!halt.ok && halt.violation).toMatchObject({ code: 'rule/friction', rule: '20.1' });
  });

  it('20.1: reinforcements entering are fired on like any move (13.1), and take steps where they were hit', () => {
    const s = actionPhase([[MG, 'T28']]);
    s.units['4/2/364'] = {
      id: '4/2/364',
      side: 'soviet',
      location: 'pending',
      hex: null,
      stepsLeft: 2,
      entryTurn: 2,
      entryHex: 'X28',
      flags: {},
    };
    const held = ok(engine.apply(s, 'soviet', { type: 'enterReinforcement', units: ['4/2/364'], at: 'X28', to: 'V28' })).state;
    expect(held.units['4/2/364']!.location).toBe('pending');
    const p = held.pending[0]!;
    if (p.type !== 'frictionFire') throw new Error('not held');
    const hex = p.options.at(-1)!.hex;
    const fired = ok(engine.apply(held, 'finnish', { type: 'friction', hex }, { forcedDice: [6, 6] }));
    const r = ok(engine.apply(fired.state, 'soviet', { type: 'frictionResult', steps: { '4/2/364': 2 } }));
    expect(r.state.units['4/2/364']).toMatchObject({ location: 'deadPool' });
    expect(of(r.events, 'eliminated')[0]).toMatchObject({ unit: '4/2/364', hex });
    expect(of(r.events, 'moved')).toEqual([]); // nothing left to enter
  });

  it('20.1 DRM 10, and the card: a retreat is fired on once made, its units must take the steps, then the Combat goes on', () => {
    const retreat = afterRetreat([['MG/1/364', 'I13']]);
    expect(retreat.state.units['1/1/JR16']!.hex).toBe('I16'); // the retreat is made
    expect(retreat.state.pending.map((p) => p.type)).toEqual(['frictionFire']); // the advance waits
    const p = retreat.state.pending[0]!;
    expect(p.type === 'frictionFire' && p.options).toEqual([
      { hex: 'I16', firers: [{ unit: 'MG/1/364', mod: 5 + 1 + 2 - 1, spotter: null }] },
    ]);
    const fired = ok(engine.apply(retreat.state, 'soviet', { type: 'friction', hex: 'I16' }, { forcedDice: [6, 6] }));
    expect(of(fired.events, 'frictionFire')[0]!.drms.map((d) => d.n)).toEqual([2, 8, 10]);
    const result = fired.state.pending[0]!;
    expect(result).toMatchObject({
      type: 'frictionResult',
      side: 'finnish',
      steps: 3,
      canHalt: false,
      default: { steps: { '1/1/JR16': 2 } },
    });
    const halt = engine.apply(fired.state, 'finnish', { type: 'frictionResult', halt: true });
    expect(!halt.ok && halt.violation).toMatchObject({ code: 'rule/friction' });
    const taken = ok(engine.apply(fired.state, 'finnish', { type: 'frictionResult', steps: { '1/1/JR16': 2 } }));
    expect(taken.state.units['1/1/JR16']!.location).toBe('deadPool');
    expect(of(taken.events, 'eliminated')[0]).toMatchObject({ unit: '1/1/JR16', hex: 'I16' });
    // The Combat goes on: the attackers' advance (8.7), which the Finnish MG may now fire on (DRM 11).
    expect(taken.state.pending[0]).toMatchObject({ type: 'advance', side: 'soviet' });
  });

  it('20.1 DRM 11: an advance after combat waits for the fire, and halts or goes on', () => {
    const retreat = afterRetreat([]);
    expect(retreat.state.pending[0]).toMatchObject({ type: 'advance' });
    const adv = ok(engine.apply(retreat.state, 'soviet', { type: 'advance', units: [S1, S2], path: ['M18'] }));
    expect(adv.state.units[S1]!.hex).toBe('M19'); // not yet
    expect(adv.state.pending.map((p) => p.type)).toEqual(['frictionFire', 'advance']);
    const p = adv.state.pending[0]!;
    expect(p.type === 'frictionFire' && p.options).toEqual([{ hex: 'M18', firers: [{ unit: MG, mod: 4 + 2 + 1 - 1, spotter: null }] }]);
    const fired = ok(engine.apply(adv.state, 'finnish', { type: 'friction', hex: 'M18' }, { forcedDice: [5, 5] })); // 10+6 = 16: 1 step
    expect(fired.state.pending[0]).toMatchObject({ type: 'frictionResult', side: 'soviet', steps: 1, canHalt: true });
    const stepped = ok(engine.apply(fired.state, 'soviet', { type: 'frictionResult', steps: { [S2]: 1 } }));
    expect(stepped.state.units[S2]).toMatchObject({ hex: 'M18', stepsLeft: 1 });
    expect(stepped.state.units[S1]).toMatchObject({ hex: 'M18', stepsLeft: 2 });
    expect(of(stepped.events, 'advanced')[0]).toMatchObject({ units: [S1, S2], path: ['M18'] });
    expect(of(stepped.events, 'combatDone')).toHaveLength(1);
    expect(stepped.state.pending).toEqual([]);
  });

  it('20.1: no one in reach, no wait', () => {
    const r = moveWith([
      [S1, 'M20'],
      [MG, 'A1'],
    ]);
    expect(r.state.units[S1]!.hex).toBe('M17');
  });
});
