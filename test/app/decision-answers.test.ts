// Typed answers to pending decisions (src/app/decision-answers.ts): the same words in the console and
// on Discord turn into the engine's action; what cannot be read is refused with the decision's rule.
import { describe, expect, it } from 'vitest';
import {
  answerHelp,
  defaultAction,
  describeDecision,
  lossDraftAction,
  parseAnswer,
  retreatingUnits,
} from '../../src/app/decision-answers.js';
import { decodeDraft, draftNeed, encodeDraft, nextDraft } from '../../src/discord/decision-controls.js';
import type {
  AdvanceDecision,
  DefensiveSupportDecision,
  LossDecision,
  PendingDecision,
  RangedLossDecision,
} from '../../src/engine/types.js';

const loss: LossDecision = {
  type: 'combatLosses',
  side: 'finnish',
  role: 'defender',
  combatId: 1,
  kind: 'combat',
  losses: 2,
  rule: '8.5',
  units: [
    { unit: '1/1/JR16', hex: 'J16', stepsLeft: 2, canTakeSteps: true, retreatLimit: 4, mustRetreat: true },
    { unit: 'MG/1/JR16#1', hex: 'J16', stepsLeft: 2, canTakeSteps: true, retreatLimit: 2, mustRetreat: true },
  ],
  minSteps: 0,
  maxRetreat: 2,
  firstHexes: { '1/1/JR16': ['I15', 'I16', 'J15'], 'MG/1/JR16#1': ['I15', 'I16', 'J15'] },
  default: { steps: {}, retreat: { '1/1/JR16': ['I15', 'H15'], 'MG/1/JR16#1': ['I15', 'H15'] } },
  defaultText: 'both retreat I15→H15',
};

const ok = (r: ReturnType<typeof parseAnswer>) => {
  if (!r.ok) throw new Error(r.problem.message);
  return r.action;
};

describe('typed answers to loss decisions (8.5, 8.5.2, 8.5.2.2)', () => {
  it('8.5: empty text and "default" are the engine default', () => {
    expect(ok(parseAnswer(loss, ''))).toEqual({ type: 'takeLosses', ...loss.default });
    expect(ok(parseAnswer(loss, 'Default'))).toEqual(defaultAction(loss));
  });

  it('8.5: one step on a named unit (any case) and a one-hex retreat for every unit still standing', () => {
    expect(ok(parseAnswer(loss, 'step mg/1/jr16#1; retreat j15'))).toEqual({
      type: 'takeLosses',
      steps: { 'MG/1/JR16#1': 1 },
      retreat: { '1/1/JR16': ['J15'], 'MG/1/JR16#1': ['J15'] },
    });
    // The same without the semicolon.
    expect(ok(parseAnswer(loss, 'step MG/1/JR16#1 retreat J15'))).toEqual(ok(parseAnswer(loss, 'step mg/1/jr16#1; retreat j15')));
  });

  it('8.5.1: a unit named twice (or ×2) loses two steps and does not retreat', () => {
    expect(ok(parseAnswer(loss, 'step 1/1/JR16 1/1/JR16'))).toEqual({ type: 'takeLosses', steps: { '1/1/JR16': 2 } });
    expect(ok(parseAnswer(loss, 'step 1/1/JR16x2'))).toEqual({ type: 'takeLosses', steps: { '1/1/JR16': 2 } });
    expect(retreatingUnits(loss, { '1/1/JR16': 2 })).toEqual(['MG/1/JR16#1']);
  });

  it('8.5.2: a path per unit, and who takes an eZOC step (8.5.2.2)', () => {
    expect(ok(parseAnswer(loss, 'retreat 1/1/JR16: I15 H15; retreat MG/1/JR16#1: I16 H16; zoc h15 1/1/jr16'))).toEqual({
      type: 'takeLosses',
      steps: {},
      retreat: { '1/1/JR16': ['I15', 'H15'], 'MG/1/JR16#1': ['I16', 'H16'] },
      zocLoss: { H15: '1/1/JR16' },
    });
  });

  it('refuses what it cannot read, citing the rule, and says how to answer', () => {
    const r = parseAnswer(loss, 'step 2/1/JR16');
    expect(r).toMatchObject({ ok: false, problem: { rule: '8.5' } });
    expect(!r.ok && r.problem.message).toMatch(/not one of the units taking this loss/);
    expect(parseAnswer(loss, 'retreat zz')).toMatchObject({ ok: false, problem: { rule: '8.5.2' } });
    expect(parseAnswer(loss, 'surrender')).toMatchObject({ ok: false });
    expect(answerHelp(loss).join('\n')).toMatch(/retreat <hex>/);
  });
});

describe('typed answers to the other decisions', () => {
  it('10.4.2: Ranged Attack losses name the units that lose the steps', () => {
    const ranged: RangedLossDecision = {
      type: 'rangedLosses',
      side: 'soviet',
      hex: 'K16',
      steps: 1,
      rule: '10.4.2',
      units: [
        { unit: '1/1/609', stepsLeft: 2 },
        { unit: '2/1/609', stepsLeft: 2 },
      ],
      default: { steps: { '1/1/609': 1 } },
      defaultText: '1/1/609 loses a step',
    };
    expect(ok(parseAnswer(ranged, 'step 2/1/609'))).toEqual({ type: 'takeLosses', steps: { '2/1/609': 1 } });
    expect(parseAnswer(ranged, 'retreat K15')).toMatchObject({ ok: false, problem: { rule: '10.4.2' } });
  });

  it('8.7, 8.7.1: who advances and where; the vacated hex may be left out; stay declines', () => {
    const adv: AdvanceDecision = {
      type: 'advance',
      side: 'soviet',
      combatId: 1,
      rule: '8.7',
      vacated: 'J16',
      units: [
        { unit: '1/1/609', maxHexes: 2 },
        { unit: '2/1/609', maxHexes: 2 },
      ],
      mandatory: false,
      default: { units: ['1/1/609', '2/1/609'], path: ['J16'] },
      defaultText: 'both into J16',
    };
    expect(ok(parseAnswer(adv, '2/1/609 J16 I15'))).toEqual({ type: 'advance', units: ['2/1/609'], path: ['J16', 'I15'] });
    expect(ok(parseAnswer(adv, '1/1/609+2/1/609 i15'))).toEqual({ type: 'advance', units: ['1/1/609', '2/1/609'], path: ['J16', 'I15'] });
    expect(ok(parseAnswer(adv, 'stay'))).toEqual({ type: 'advance', units: [], path: [] });
    expect(parseAnswer(adv, 'Mtr/609 J16')).toMatchObject({ ok: false, problem: { rule: '8.7' } });
  });

  it('10.3.2, 10.3.4: Defensive Support names its units and the attacking hex it fires on', () => {
    const sup: DefensiveSupportDecision = {
      type: 'defensiveSupport',
      side: 'finnish',
      rule: '10.3.2',
      combat: { attackers: ['1/1/609', '2/1/609'], target: 'J16' },
      attackerHexes: ['K16', 'K17'],
      options: [{ unit: 'Mtr/JR16#1', targets: [{ hex: 'K16', spotters: [], defaultSpotter: null }] }],
      default: { units: [] },
      defaultText: 'no defensive Support',
    };
    expect(ok(parseAnswer(sup, 'mtr/jr16#1 at k17'))).toEqual({ type: 'support', units: ['Mtr/JR16#1'], target: 'K17' });
    expect(ok(parseAnswer(sup, 'none'))).toEqual({ type: 'support', units: [] });
  });
});

describe('the Discord builder drafts (src/discord/decision-controls.ts)', () => {
  it('round-trips a draft through its payload and refuses garbage', () => {
    const d = { kind: 'L' as const, picks: [1], path: ['I15'] };
    expect(decodeDraft(encodeDraft(d, 'hex'))).toEqual({ draft: d, op: 'hex' });
    expect(decodeDraft('b:X:1::ok')).toBeNull();
    expect(decodeDraft('b:L:1:I15:explode')).toBeNull();
    expect(decodeDraft('place:I17')).toBeNull();
  });

  it('8.5: one step picked leaves a one-hex retreat for both units, whose last hex is final (8.5.2)', () => {
    let d = nextDraft({ kind: 'L', picks: [], path: [] }, 'pick', ['1.1'])!;
    expect(draftNeed(loss, d)).toEqual({ units: ['1/1/JR16', 'MG/1/JR16#1'], complete: false, final: true });
    d = nextDraft(d, 'hex', ['J15'])!;
    expect(draftNeed(loss, d).complete).toBe(true);
    expect(lossDraftAction(loss, d.picks, d.path)).toEqual({
      type: 'takeLosses',
      steps: { 'MG/1/JR16#1': 1 },
      retreat: { '1/1/JR16': ['J15'], 'MG/1/JR16#1': ['J15'] },
    });
  });
});

describe('typed answers to Sub-Zero losses (16.3)', () => {
  it('16.3: `step <unit>` names the unit of the stack that takes the step', () => {
    const sz: PendingDecision = {
      type: 'stepLosses',
      side: 'soviet',
      hex: 'M16',
      steps: 1,
      rule: '16.3',
      cause: 'Sub-Zero loss',
      units: [
        { unit: '1/1/609', stepsLeft: 2 },
        { unit: 'MG/1/609', stepsLeft: 1 },
      ],
      default: { steps: { '1/1/609': 1 } },
      defaultText: '1/1/609 −1 step',
    };
    expect(ok(parseAnswer(sz, 'step mg/1/609'))).toEqual({ type: 'takeLosses', steps: { 'MG/1/609': 1 } });
    expect(ok(parseAnswer(sz, ''))).toEqual({ type: 'takeLosses', steps: { '1/1/609': 1 } });
    expect(parseAnswer(sz, 'retreat M15')).toMatchObject({ ok: false, problem: { rule: '16.3' } });
    expect(describeDecision(sz)).toBe('choose who takes 1 step loss(es) in M16: Sub-Zero loss (rule 16.3); default: 1/1/609 −1 step');
  });
});
