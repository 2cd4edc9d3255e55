// The Change of Finnish Operational Stance (17.1, special rule #1): from Day 4 (turn 20) the Finns may
// declare it, once (our default: in one of their own phases; docs/rulings.md); in the turn of the
// declaration their attacks get one column (8.3 case 10), and from the next turn they are the first player.
import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../src/data/load.js';
import { createEngine, type GameState } from '../../src/engine/index.js';
import { endPhasesUntil } from './helpers/end-phases.js';

const rs = loadRuleset();
const engine = createEngine(rs);
const day4 = rs.turnTrack.find((t) => t.day === 4)!.turn;

const until = (s: GameState, pred: (s: GameState) => boolean): GameState => endPhasesUntil(engine, s, pred);

const finnishAction = (turn: number) => (x: GameState) => x.turn === turn && x.phase === 'action' && x.activeSide === 'finnish';

describe('Change of Finnish Operational Stance (17.1)', () => {
  it('17.1, 8.3 case 10: declared from turn 20, case 10 in the turn of the declaration, the Finns first from the next', () => {
    let s = until(engine.setup('campaign', { seed: 'stance', options: { '17.0.4': false } }), finnishAction(day4));
    expect(s.firstPlayer).toBe('soviet');
    expect(engine.legalActions(s, 'finnish').stanceChange).toBe(true);
    const r = engine.apply(s, 'finnish', { type: 'changeStance' });
    if (!r.ok) throw new Error(r.violation.message);
    expect(r.events).toContainEqual({ type: 'stanceDeclared', turn: day4, effectiveTurn: day4 + 1, rule: '17.1' });
    expect(engine.legalActions(r.state, 'finnish').stanceChange).toBeUndefined(); // once
    // 8.3 case 10: the column is in force at once, in the turn the change is declared.
    expect(r.state.markers.some((m) => m.type === 'stanceChange')).toBe(true);
    expect(r.state.firstPlayer).toBe('soviet'); // the order of this turn stays
    s = until(r.state, (x) => x.turn === day4 + 1);
    expect(s.firstPlayer).toBe('finnish');
    expect(s.activeSide).toBe('finnish'); // the Finnish Reset Phase opens the turn
    expect(s.log.some((e) => e.type === 'stanceChanged' && e.turn === day4 + 1)).toBe(true);
    expect(s.markers.some((m) => m.type === 'stanceChange')).toBe(false); // the turn of the declaration only
    s = until(s, (x) => x.turn === day4 + 2);
    expect(s.firstPlayer).toBe('finnish');
  });

  it('17.1: refused before Day 4, for the Soviets, and when the game option leaves it out', () => {
    const early = until(engine.setup('campaign', { seed: 'early' }), finnishAction(day4 - 1));
    let r = engine.apply(early, 'finnish', { type: 'changeStance' });
    expect(r.ok === false && r.violation).toMatchObject({ code: 'rule/stance-change', rule: '17.1' });
    expect(r.ok === false && r.violation.message).toMatch(/from Day 4 \(turn 20\) on/);
    const off = until(engine.setup('campaign', { seed: 'off', options: { '17.1': false, '17.0.4': false } }), finnishAction(day4));
    r = engine.apply(off, 'finnish', { type: 'changeStance' });
    expect(r.ok === false && r.violation.message).toMatch(/this game has no change of Finnish operational stance/);
    const sov = until(
      engine.setup('campaign', { seed: 'sov', options: { '17.0.4': false } }),
      (x) => x.turn === day4 && x.activeSide === 'soviet' && x.phase === 'action',
    );
    r = engine.apply(sov, 'soviet', { type: 'changeStance' });
    expect(r.ok === false && r.violation.code).toBe('rule/stance-change');
  });
});
