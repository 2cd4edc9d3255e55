import { describe, expect, it } from 'vitest';
import { eventLines } from '../../src/app/narration.js';
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
    expect(eventLines([event])).toEqual([
      '⚔️ Combat #3 on J16: no CRT roll, no defending combat unit is left after Support and AT Fire; the attacker may advance into J16 (rule 10.4.3).',
    ]);
  });
});

describe('narration of every event type (src/app/narration.ts)', () => {
  it('12.3.1, 16.3: leader events and Sub-Zero checks read in words; bookkeeping events say nothing', () => {
    expect(
      eventLines([
        { type: 'pajariCheck', unit: 'Pajari', reason: 'alone in an enemy ZOC', roll: 1, captured: true, rule: '12.3.1' },
        { type: 'leaderPlaced', unit: 'Pajari', hex: 'I17', rule: '12.3.1' },
        { type: 'turn', turn: 3 },
        { type: 'roll', n: 4, dice: [3], purpose: 'x', rule: '8.4', forced: false },
      ]),
    ).toEqual(['• Pajari: alone in an enemy ZOC; roll 1: captured (rule 12.3.1).', '• Pajari joins the unit in I17 (rule 12.3.1).']);
  });
});
