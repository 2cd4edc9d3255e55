// Buttons and selects built for the next step: within Discord's limits, decodable, default first.
import { DEFAULT_PACE } from '../../src/app/pace.js';
import { describe, expect, it } from 'vitest';
import type { StatusView } from '../../src/app/game-service.js';
import { controlsFor } from '../../src/discord/controls.js';
import { needsPing } from '../../src/discord/posting.js';
import { defaultAction, parseAnswer } from '../../src/app/decision-answers.js';
import { decisionAnswerChoices } from '../../src/discord/choices.js';
import type {
  AtFireTargetDecision,
  DefensiveSupportDecision,
  LossDecision,
  ParkBattalionDecision,
  RangedLossDecision,
} from '../../src/engine/types.js';
import { decisionControls, draftControls, fitLabel } from '../../src/discord/decision-controls.js';
import { CUSTOM_ID_MAX, decodeCustomId } from '../../src/discord/custom-id.js';

const base: StatusView = {
  gameId: 'g-0123456789',
  channelId: 'c1',
  version: 41,
  status: 'active',
  scenario: 'tutorial',
  turn: 3,
  phase: 'action',
  activeSide: 'soviet',
  mustAct: { side: 'soviet', what: 'action', pending: null, since: 0 },
  seats: { finnish: ['1'], soviet: ['2'] },
  host: '1',
  commitment: 'c',
  seed: null,
  undoable: { side: 'soviet', steps: 2 },
  vp: { finnish: 0, soviet: 0 },
  result: null,
  recordLength: 9,
  pace: DEFAULT_PACE,
  clock: null,
};

function flat(status: StatusView) {
  return controlsFor(status).flatMap((row) => row.toJSON().components) as Array<{ custom_id: string; label?: string; options?: unknown[] }>;
}

describe('controls for the next step', () => {
  it('offers end phase, undo and map, each carrying the game id and version', () => {
    const c = flat(base);
    expect(c.map((x) => x.label)).toEqual(['End Soviet action phase', 'Undo (Soviet)', 'Map']);
    for (const x of c) {
      expect(x.custom_id.length).toBeLessThanOrEqual(CUSTOM_ID_MAX);
      expect(decodeCustomId(x.custom_id)).toMatchObject({ gameId: 'g-0123456789', version: 41 });
    }
    expect(decodeCustomId(c[0]!.custom_id)!.payload).toBe('action');
  });

  it('puts the default placement of Pajari one click away, the other hexes in a select (12.3.1)', () => {
    const c = flat({
      ...base,
      mustAct: {
        side: 'finnish',
        what: 'placeLeader',
        since: 0,
        pending: { type: 'placeLeader', side: 'finnish', unit: 'Pajari', options: ['I17', 'H18'], rule: '12.3.1' },
      },
    });
    expect(c[0]!.label).toBe('Place Pajari in I17 (default)');
    expect(decodeCustomId(c[0]!.custom_id)!.payload).toBe('place:I17');
    expect(c[1]!.options).toHaveLength(2);
    expect(c.some((x) => x.label?.startsWith('End'))).toBe(false);
  });

  it('answers any other decision that carries a default with one click (Ranged Attack losses, 10.4.2)', () => {
    const pending: RangedLossDecision = {
      type: 'rangedLosses',
      side: 'finnish',
      hex: 'J16',
      steps: 1,
      rule: '10.4.2',
      units: [{ unit: '1/1/JR16', stepsLeft: 2 }],
      default: { steps: { '1/1/JR16': 1 } },
      defaultText: '1/1/JR16 −1 step',
    };
    const c = flat({ ...base, mustAct: { side: 'finnish', what: 'rangedLosses', since: 0, pending } });
    expect(c[0]!.label).toBe('Accept: 1/1/JR16 −1 step');
    expect(decodeCustomId(c[0]!.custom_id)!.payload).toBe('default');
    expect(defaultAction(pending)).toEqual({ type: 'takeLosses', steps: { '1/1/JR16': 1 } });
  });

  it('offers Defensive Support as a default (none) and a multi-select of the units that may fire (10.3.2)', () => {
    const pending: DefensiveSupportDecision = {
      type: 'defensiveSupport',
      side: 'finnish',
      rule: '10.3.2',
      combat: { attackers: ['1/1/609'], target: 'J16' },
      attackerHexes: ['K16'],
      options: [
        { unit: 'Mtr/JR16#1', targets: [] },
        { unit: 'MG/1/JR16#1', targets: [] },
      ],
      default: { units: [] },
      defaultText: 'no Defensive Support',
    };
    const c = flat({ ...base, mustAct: { side: 'finnish', what: 'defensiveSupport', since: 0, pending } }) as Array<{
      custom_id: string;
      label?: string;
      options?: unknown[];
      max_values?: number;
    }>;
    expect(c[0]!.label).toBe('Accept: no Defensive Support');
    expect(defaultAction(pending)).toEqual({ type: 'support', units: [] });
    expect(decodeCustomId(c[1]!.custom_id)!.payload).toBe('b:S:::pick');
    expect(c[1]!.options).toHaveLength(2);
    expect(c[1]!.max_values).toBe(2);
  });

  it('mentions a side when it becomes the one to act, or a decision appears; not for more of the same', () => {
    const finnish = { ...base, mustAct: { side: 'finnish' as const, what: 'reset', pending: null, since: 1 } };
    expect(needsPing(base, finnish)).toBe(true);
    expect(needsPing(base, { ...base, version: 42 })).toBe(false);
    expect(needsPing(null, base)).toBe(true);
    expect(needsPing(base, { ...base, status: 'finished' })).toBe(false);
  });
});

describe('controls for the Artillery Park battalion (12.4.3)', () => {
  it('12.4.3 b: one button per 76 mm battalion, the default first and marked; the typed answer and autocomplete agree', () => {
    const pending: ParkBattalionDecision = {
      type: 'parkBattalion',
      side: 'soviet',
      rule: '12.4.3',
      hex: 'X28',
      options: ['1/47', '2/47', '3/47'],
      default: { unit: '1/47' },
      defaultText: 'remove 1/47',
    };
    const c = flat({ ...base, mustAct: { side: 'soviet', what: 'parkBattalion', since: 0, pending } });
    expect(c.slice(0, 3).map((x) => x.label)).toEqual(['Remove 1/47 (default)', 'Remove 2/47', 'Remove 3/47']);
    expect(c.slice(0, 3).map((x) => decodeCustomId(x.custom_id)!.payload)).toEqual(['park:1/47', 'park:2/47', 'park:3/47']);
    expect(defaultAction(pending)).toEqual({ type: 'artilleryPark', unit: '1/47' });
    expect(parseAnswer(pending, '2/47')).toEqual({ ok: true, action: { type: 'artilleryPark', unit: '2/47' } });
    expect(parseAnswer(pending, '1/354')).toMatchObject({ ok: false, problem: { rule: '12.4.3' } });
    expect(decisionAnswerChoices(pending, '').map((x) => x.value)).toEqual(['default', '1/47', '2/47', '3/47']);
  });
});

describe('controls for aiming an AT die (11.1)', () => {
  it('11.1: one button per armored target with its DRM, the default first; typed answers and autocomplete agree', () => {
    const pending: AtFireTargetDecision = {
      type: 'atFireTarget',
      side: 'finnish',
      rule: '11.1',
      gun: 'AT/JR16',
      hex: 'K11',
      die: 1,
      dice: 2,
      options: [
        { unit: 'T-37', hex: 'L11', drm: 3 },
        { unit: 'T-26 m31', hex: 'K10', drm: 1 },
      ],
      default: { unit: 'T-37' },
      defaultText: 'fire at T-37 (+3)',
      resume: {
        declared: { kind: 'combat', side: 'soviet', target: 'K11', attackers: [] },
        stage: 'at',
        suppression: { attacker: 0, defender: 0 },
      },
    };
    const c = flat({ ...base, mustAct: { side: 'finnish', what: 'atFireTarget', since: 0, pending } });
    expect(c.slice(0, 2).map((x) => x.label)).toEqual(['Fire at T-37 (+3) (default)', 'Fire at T-26 m31 (+1)']);
    expect(c.slice(0, 2).map((x) => decodeCustomId(x.custom_id)!.payload)).toEqual(['aim:T-37', 'aim:T-26 m31']);
    expect(defaultAction(pending)).toEqual({ type: 'atFire', units: ['AT/JR16'], target: 'T-37' });
    expect(parseAnswer(pending, 't-26 m31')).toEqual({ ok: true, action: { type: 'atFire', units: ['AT/JR16'], target: 'T-26 m31' } });
    expect(parseAnswer(pending, '1/1/364')).toMatchObject({ ok: false, problem: { rule: '11.1' } });
    expect(decisionAnswerChoices(pending, '').map((x) => x.value)).toEqual(['default', 'T-37', 'T-26 m31']);
  });
});

describe('button labels never cut a path (issue 46)', () => {
  const units = ['MG/1/JR16#1', 'MG/1/JR16#2', '1/1/JR16', '2/1/JR16', '3/1/JR16'];
  const path = ['J15', 'I14', 'H14', 'G13', 'F13'];
  const losses: LossDecision = {
    type: 'combatLosses',
    side: 'finnish',
    role: 'defender',
    combatId: 1,
    kind: 'combat',
    losses: 5,
    rule: '8.5',
    units: units.map((unit) => ({ unit, hex: 'J16', stepsLeft: 2, canTakeSteps: true, retreatLimit: 5, mustRetreat: true })),
    minSteps: 0,
    maxRetreat: 5,
    firstHexes: Object.fromEntries(units.map((u) => [u, ['J15']])),
    default: { steps: {}, retreat: Object.fromEntries(units.map((u) => [u, path])) },
    defaultText: `${units.join(', ')} retreat 5 hexes: ${path.join(' → ')}`,
  };
  const labels = (rows: { toJSON(): { components: unknown[] } }[]) =>
    rows
      .flatMap((r) => r.toJSON().components as Array<{ label?: string; options?: { label: string }[] }>)
      .flatMap((c) => [...(c.label ? [c.label] : []), ...(c.options ?? []).map((o) => o.label)]);

  it('8.5.2: a default too long for a button is named by the button and told in full by the prompt', () => {
    expect(losses.defaultText.length).toBeGreaterThan(80);
    const all = labels(decisionControls({ gameId: 'g-0123456789', version: 7 }, losses));
    expect(all[0]).toBe('Accept the default (in full above)');
    for (const l of all) {
      expect(l.length).toBeLessThanOrEqual(80);
      expect(l).not.toContain('…');
    }
    expect(fitLabel('Accept: 1/1/JR16 −1 step', 'Accept the default')).toBe('Accept: 1/1/JR16 −1 step');
  });

  it('8.5.2: the Confirm of a long retreat drafted hex by hex names the answer shown in full above it', () => {
    const draft = { kind: 'L' as const, picks: [], path };
    const d = draftControls({ gameId: 'g-0123456789', version: 7 }, losses, draft, []);
    expect(d.content).toContain(path.join(' → '));
    const all = labels(d.components);
    expect(all).toContain('Confirm the answer above');
    for (const l of all) expect(l).not.toContain('…');
  });
});
