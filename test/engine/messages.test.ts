import { describe, expect, it } from 'vitest';
import { crtMissingViolation } from '../../src/engine/combat/crt.js';
import crtCommand from '../../src/cli/commands/crt.js';
import { loadRuleset } from '../../src/data/load.js';
import { createEngine } from '../../src/engine/index.js';
import { mustActLabel, pendingLabel, phaseLabel, sidePhaseLabel, whatLabel } from '../../src/engine/labels.js';

const engine = createEngine(loadRuleset());

describe('player-facing engine messages', () => {
  it('names the real CLI command for entering the CRT (8.4, rule/crt-missing)', () => {
    const v = crtMissingViolation('any', []);
    const cmd = /`(hexref [^`<]+)</.exec(v.message)?.[1]?.trim();
    expect(cmd).toBe('hexref crt import');
    expect(crtCommand.usage).toContain(`${cmd} <file`);
  });
});

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
    expect(mustActLabel({ side: 'finnish', what: 'combatLosses', pending: { type: 'combatLosses' } })).toBe("the Finnish player's loss decision after combat (8.5)");
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
});
