import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../src/data/load.js';
import { createEngine } from '../../src/engine/index.js';
import { mustActLabel, pendingLabel, phaseLabel, sidePhaseLabel, whatLabel } from '../../src/engine/labels.js';

const engine = createEngine(loadRuleset());

describe('phase and decision labels (3.0)', () => {
  it('turns internal phase and decision names into player words (3.0 V, 8.5)', () => {
    expect(phaseLabel('subZero')).toBe('Sub-Zero Loss Phase');
    expect(phaseLabel('action')).toBe('Action Phase');
    expect(pendingLabel('combatLosses')).toBe('loss decision after combat (8.5)');
    expect(pendingLabel('rangedLosses')).toContain('Ranged Attack');
    expect(whatLabel('combat')).toBe('Combat Phase');
    expect(whatLabel('advance')).toBe('advance after combat decision (8.7)');
    expect(sidePhaseLabel('soviet', 'action')).toBe('the Soviet Action Phase');
    expect(sidePhaseLabel('soviet', 'subZero')).toBe('the Sub-Zero Loss Phase');
    expect(mustActLabel({ side: 'finnish', what: 'combatLosses', pending: { type: 'combatLosses' } })).toBe(
      "the Finnish player's loss decision after combat (8.5)",
    );
  });

  it('uses them in refusals instead of internal names (3.0)', () => {
    const s = engine.setup('tutorial', { seed: 'labels' });
    const notYours = engine.apply(s, 'finnish', { type: 'endPhase', phase: 'reset' });
    expect(!notYours.ok && notYours.violation.message).toBe("It is the Soviet player's turn to act: the Reset Phase.");
    const wrong = engine.apply(s, 'soviet', { type: 'endPhase', phase: 'action' });
    expect(!wrong.ok && wrong.violation.message).toBe('The current phase is the Reset Phase, not Action Phase.');
    const moves = engine.movesFor(s, ['1/1/609']);
    expect('violation' in moves && moves.violation.message).toBe('Units move in their own Action Phase; now it is the Soviet Reset Phase.');
  });

  it('names phases in player words in the later rule areas too (10.0, 11.0, 13.2, 13.3, 14.1)', () => {
    const s = engine.setup('tutorial', { seed: 'labels' });
    const msg = (state: typeof s, action: Parameters<typeof engine.apply>[2]): string => {
      const r = engine.apply(state, 'soviet', action);
      return r.ok ? '' : r.violation.message;
    };
    expect(msg(s, { type: 'digIn', units: ['1/1/609'] })).toMatch(/the current phase is the Reset Phase\.$/);
    expect(msg(s, { type: 'recovery', unit: '1/1/609' })).toMatch(/the current phase is the Reset Phase\.$/);
    expect(msg(s, { type: 'ranged', units: ['Mtr/609'], target: 'J16' })).toMatch(/now it is the Soviet Reset Phase\.$/);
    expect(msg(s, { type: 'atFire', units: ['1/1/609'], target: 'J16' })).toMatch(/now it is the Soviet Reset Phase\.$/);
    const action = engine.apply(s, 'soviet', { type: 'endPhase', phase: 'reset' });
    if (!action.ok) throw new Error(action.violation.message);
    expect(msg(action.state, { type: 'replacement', unit: '1/1/609' })).toMatch(/the current phase is the Action Phase\.$/);
  });
});

/** Ends phases until `side`'s Action Phase of `turn`. */
function toAction(s: ReturnType<typeof engine.setup>, turn: number, side: 'soviet' | 'finnish'): ReturnType<typeof engine.setup> {
  while (!(s.turn === turn && s.phase === 'action' && s.activeSide === side)) {
    const r = engine.apply(s, engine.whoMustAct(s).side, { type: 'endPhase', phase: s.phase });
    if (!r.ok) throw new Error(r.violation.message);
    s = r.state;
  }
  return s;
}

describe('reinforcement refusals in player words (13.1, 13.1.1)', () => {
  it("sends an ordinary Soviet reinforcement aimed at X1 back to X28: X1 is the 718th's (13.1.1, rule/entry-hex)", () => {
    const s = toAction(engine.setup('campaign', { seed: 'entry' }), 2, 'soviet');
    for (const a of [{ to: 'X1' }, { at: 'X1' }]) {
      const r = engine.apply(s, 'soviet', { type: 'enterReinforcement', units: ['1/1/364'], ...a });
      expect(!r.ok && r.violation).toEqual({
        code: 'rule/entry-hex',
        rule: '13.1.1',
        message: '1/1/364 enters only at X28; X1 is for the 718th (13.1.1).',
      });
    }
  });

  it('sends the 718th aimed at X28 back to X1 (13.1.1, rule/entry-hex)', () => {
    const s = toAction(engine.setup('campaign', { seed: 'entry' }), 2, 'soviet');
    s.units['1/1/718']!.entryTurn = 2; // as if its turn (11) had come
    const r = engine.apply(s, 'soviet', { type: 'enterReinforcement', units: ['1/1/718'], to: 'X28' });
    expect(!r.ok && r.violation).toEqual({
      code: 'rule/entry-hex',
      rule: '13.1.1',
      message: '1/1/718 enters only at X1; X28 is for the other Soviet reinforcements (13.1.1).',
    });
  });

  it('says when a reinforcement is due instead of naming an engine action (13.1, rule/not-due)', () => {
    const s = toAction(engine.setup('tutorial', { seed: 'entry' }), 2, 'soviet');
    for (const action of [
      { type: 'move' as const, units: ['4/2/609'], to: 'O18' },
      { type: 'enterReinforcement' as const, units: ['4/2/609'], to: 'O18' },
    ]) {
      const r = engine.apply(s, 'soviet', action);
      expect(!r.ok && r.violation).toEqual({
        code: 'rule/not-due',
        rule: '13.1',
        message: '4/2/609 is a reinforcement due on turn 3 (13.1); it enters at O18.',
      });
    }
  });

  it('tells how to bring a due reinforcement on when it is moved like a unit on the map (13.1)', () => {
    const s = toAction(engine.setup('tutorial', { seed: 'entry' }), 3, 'soviet');
    const r = engine.apply(s, 'soviet', { type: 'move', units: ['4/2/609'], to: 'N18' });
    expect(!r.ok && r.violation.message).toBe(
      '4/2/609 is a reinforcement not on the map yet: bring it on at O18 by moving it onto the map (13.1).',
    );
    expect(!r.ok && r.violation.message).not.toMatch(/enterReinforcement/);
    // …and entering it that way works.
    expect(engine.apply(s, 'soviet', { type: 'enterReinforcement', units: ['4/2/609'], to: 'N18' }).ok).toBe(true);
  });
});
