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

describe('a game log in player words (issue 46)', () => {
  it('16.3: a Sub-Zero Loss check names the side with a capital and counts its steps without "(s)"', () => {
    const e: GameEvent = {
      type: 'subZeroCheck',
      side: 'soviet',
      hex: 'K19',
      units: ['1/1/609', '4/2/609'],
      drms: ['Stack on frozen lake: -1 (16.3 DRM 1)'],
      rollNumber: 65,
      die: 2,
      total: 1,
      steps: 2,
      unit: null,
      chooses: true,
      rule: '16.3',
    };
    expect(eventLines([e])).toEqual([
      '❄️ Sub-Zero Loss check of the Soviet stack in K19 (1/1/609, 4/2/609): roll #65 = 2, Stack on frozen lake: -1 (16.3 DRM 1) → 1: 2 steps: the Soviet player chooses who loses them (rule 16.3).',
    ]);
  });

  it('13.1.2: a delay the rules made is told; one the player chose is the record line', () => {
    const delayed = (reason: 'voluntary' | 'notEntered'): GameEvent => ({
      type: 'reinforcementDelayed',
      side: 'finnish',
      units: ['8/3/JR16'],
      toTurn: 2,
      reason,
      rule: '13.1.2',
    });
    expect(eventLines([delayed('voluntary')])).toEqual([]);
    expect(eventLines([delayed('notEntered')])).toEqual(['• 8/3/JR16 did not enter; it waits for turn 2 (rule 13.1.2).']);
  });

  it('17.0: the Victory Points are told by side and objective', () => {
    const e: GameEvent = {
      type: 'victoryPoints',
      turn: 5,
      before: { finnish: 0, soviet: 2 },
      awards: [{ objective: 'hotel', name: 'The Hotel', side: 'soviet', vp: 15, hexes: ['M16'] }],
      totals: { finnish: 0, soviet: 17 },
      rule: '17.0',
    };
    expect(eventLines([e])).toEqual([
      '🏆 Victory Points after turn 5 (rule 17.0): Finnish 0 VP (no objective), Soviet 17 VP (The Hotel 15, 2 earlier on the track).',
    ]);
  });

  it('8.7, 12.3.1: one advancing unit takes the singular; a single hex for Pajari is named', () => {
    expect(
      eventLines([
        { type: 'advanced', units: ['2/1/609'], from: ['K16'], path: ['J17'], rule: '9.2' },
        { type: 'leaderPickedUp', unit: 'Pajari', from: 'N22', options: ['N21'], rule: '12.3.1' },
      ]),
    ).toEqual(['• 2/1/609 advances into J17 (rule 9.2).', '• Pajari is picked up from N22: he goes to N21 (rule 12.3.1).']);
  });
});
