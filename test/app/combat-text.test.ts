import { describe, expect, it } from 'vitest';
import { combatEventLines } from '../../src/app/combat-text.js';
import type { GameEvent } from '../../src/engine/types.js';

describe('combat lines in player words', () => {
  it('says why no CRT was rolled when fire emptied the defending hex, and that the attacker may advance (10.4.3)', () => {
    const event = {
      type: 'combatNoRoll',
      kind: 'combat',
      id: 3,
      side: 'soviet',
      target: 'J16',
      attackers: ['1/1/609'],
      reason: 'no defending combat unit is left after Support and AT Fire',
      rule: '10.4.3',
    } as GameEvent;
    expect(combatEventLines([event])).toEqual([
      '⚔️ Combat #3 on J16: no CRT roll, no defending combat unit is left after Support and AT Fire; the attacker may advance into J16 (rule 10.4.3).',
    ]);
  });
});
