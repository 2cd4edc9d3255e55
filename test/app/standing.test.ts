// Standing answers (src/app/standing.ts): only the answers a player asked for, only when they fit the
// decision as it stands; anything else is asked.
import { describe, expect, it } from 'vitest';
import { standingAnswer } from '../../src/app/standing.js';
import type { GameMeta } from '../../src/app/game-doc.js';
import type { AdvanceDecision, LossDecision } from '../../src/engine/types.js';

const meta = (standing: GameMeta['standing']) => ({ seats: { finnish: ['a'], soviet: ['b'] }, standing }) as unknown as GameMeta;

const loss = (steps: Record<string, number>): LossDecision => ({
  type: 'combatLosses',
  side: 'finnish',
  role: 'defender',
  combatId: 1,
  kind: 'combat',
  losses: 1,
  rule: '8.5',
  units: [],
  minSteps: 0,
  maxRetreat: 1,
  firstHexes: {},
  default: { steps, retreat: { u: ['I15'] } },
  defaultText: '',
});

const advance = (mandatory: boolean): AdvanceDecision => ({
  type: 'advance',
  side: 'soviet',
  combatId: 1,
  rule: '8.7',
  vacated: 'J16',
  units: [{ unit: 'x', maxHexes: 1 }],
  mandatory,
  default: { units: ['x'], path: ['J16'] },
  defaultText: '',
});

describe('standing answers', () => {
  it('8.5: losses are answered only when the default costs no step', () => {
    const m = meta({ a: { losses: 'default-if-no-step' } });
    expect(standingAnswer(m, loss({}))?.action).toEqual({ type: 'takeLosses', steps: {}, retreat: { u: ['I15'] } });
    expect(standingAnswer(m, loss({ u: 1 }))).toBeNull();
  });

  it('8.7, 9.2: "stay" never declines a compulsory advance; answers belong to the deciding side only', () => {
    expect(standingAnswer(meta({ b: { advance: 'stay' } }), advance(false))?.action).toEqual({ type: 'advance', units: [], path: [] });
    expect(standingAnswer(meta({ b: { advance: 'stay' } }), advance(true))).toBeNull();
    expect(standingAnswer(meta({ a: { advance: 'stay' } }), advance(false))).toBeNull();
  });
});
