// Players read phase words, never the engine's state names ("subZero", "combatLosses"): buttons,
// summaries, captions and mentions go through src/engine/labels.ts (3.0, 16.3).
import { DEFAULT_PACE } from '../../src/app/pace.js';
import { describe, expect, it } from 'vitest';
import type { StatusView } from '../../src/app/game-service.js';
import { controlsFor } from '../../src/discord/controls.js';
import { sidePhaseWords } from '../../src/app/phase-summary.js';
import { describeDecision } from '../../src/app/decision-answers.js';

const subZero: StatusView = {
  gameId: 'g-0123456789',
  channelId: 'c1',
  version: 7,
  status: 'active',
  scenario: 'tutorial',
  turn: 3,
  phase: 'subZero',
  activeSide: 'soviet',
  mustAct: { side: 'soviet', what: 'subZero', pending: null, since: 0 },
  seats: { finnish: ['1'], soviet: ['2'] },
  host: '1',
  commitment: 'c',
  seed: null,
  undoable: null,
  vp: { finnish: 0, soviet: 0 },
  result: null,
  recordLength: 9,
  pace: DEFAULT_PACE,
  clock: null,
};

describe('phase words for players (3.0, 16.3)', () => {
  it('names the Sub-Zero Loss Phase in player words, without a side, on the end-phase button (16.3)', () => {
    const labels = controlsFor(subZero)
      .flatMap((row) => row.toJSON().components)
      .map((c) => (c as { label?: string }).label);
    expect(labels[0]).toBe('End Sub-Zero Loss Phase');
    expect(labels.join(' ')).not.toMatch(/subZero/);
  });

  it('keeps the side for the ordinary phases and never shows a raw state name (3.0)', () => {
    expect(sidePhaseWords('soviet', 'action')).toBe('Soviet action phase');
    expect(sidePhaseWords('finnish', 'reset')).toBe('Finnish reset phase');
    expect(sidePhaseWords(null, 'combat')).toBe('combat phase');
    expect(sidePhaseWords('soviet', 'subZero')).toBe('Sub-Zero Loss Phase');
    expect(sidePhaseWords('soviet', null)).toBe('Soviet phase');
  });
});

describe('decision words for players (10.4.2)', () => {
  it('describes a Ranged Attack loss decision in words, not its type name', () => {
    const text = describeDecision({
      type: 'rangedLosses',
      side: 'finnish',
      hex: 'K16',
      steps: 1,
      units: [],
      default: { steps: {} },
      defaultText: '1/JR27 loses a step',
      rule: '10.4.2',
    } as never);
    expect(text).toBe('take 1 step loss(es) in K16 from a Ranged Attack (rule 10.4.2); default: 1/JR27 loses a step');
    expect(text).not.toMatch(/rangedLosses/);
  });
});
