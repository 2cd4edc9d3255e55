// The draft apply mutates is a copy: no change made while applying an action reaches the input state
// (DESIGN: the engine is a pure function world). Hex control's map is shared until its one writer (zoc.ts
// setControl) first changes it, and each unit until the rule code asks for it to change it
// (unitToChange); the recorded Campaign replayed on frozen states shows that no action changes anything
// of its input. The test suite runs with the draft checks on (test/setup/draft-checks.ts).
import { describe, expect, it } from 'vitest';
import { checkDrafts, draftOf, finishDraft, unitToChange, unitsChanged } from '../../src/engine/draft.js';
import { stateHash } from '../../src/engine/index.js';
import { updateControl } from '../../src/engine/zoc.js';
import { contextOf } from '../../src/engine/ctx.js';
import type { GameEvent, GameState } from '../../src/engine/index.js';
import { block, counter, toyRuleset, atAction } from './helpers/toy.js';
import { recordedCampaign, replayCampaign } from './helpers/recorded-campaign.js';
import { deepFreeze } from '../../src/app/doc-cache.js';

describe('draftOf', () => {
  const r = toyRuleset({
    terrain: block('ABCD', 1, 4, 'forest'),
    counters: [counter('s1', 'soviet', 'infantry'), counter('f1', 'finnish', 'infantry')],
    setup: { s1: 'A1', f1: 'D4' },
  });

  it('copies every part of the state, the fire and combat records included', () => {
    const { state } = atAction(r);
    const input = {
      ...state,
      fire: { key: 'k', ranged: ['s1'], atFire: { s1: 1 } },
      combat: { key: 'k', attacked: [], attackedHexes: [], retreated: [], advanced: [], nextId: 1, current: null },
    };
    const before = structuredClone(input);
    const d = draftOf(input);
    expect(d).toEqual(input);
    d.fire!.ranged.push('f1');
    d.fire!.atFire.f1 = 1;
    d.combat!.attacked.push('s1');
    unitToChange(d, 's1').flags.acted = true;
    d.markers.push({ type: 'bonfire', hex: 'A1' });
    d.log.push({ type: 'turn', turn: 9 });
    expect(input).toEqual(before);
  });

  it('copies the map of units with every unit id in its order, also after drafts of drafts and for odd ids', () => {
    const { state } = atAction(r);
    let s = state;
    for (let i = 0; i < 3; i++) {
      const d = draftOf(s);
      expect(Object.keys(d.units)).toEqual(Object.keys(state.units));
      expect(d.units).not.toBe(s.units);
      finishDraft(d);
      s = d;
    }
    // Ids a literal could misread are copied as they are: one like an array index, one like the prototype's.
    for (const id of ['1', '__proto__']) {
      const odd = { ...state, units: { ...state.units, [id]: state.units.f1! } } as GameState;
      const d = draftOf(odd);
      expect(Object.keys(d.units)).toEqual(Object.keys(odd.units));
      expect(Object.getPrototypeOf(d.units)).toBe(Object.prototype);
      finishDraft(d); // the units it did not change are the same objects again (under the checks, stand-ins before)
      expect(Object.getOwnPropertyDescriptor(d.units, id)?.value).toBe(state.units.f1);
    }
  });

  it('with the checks on: a unit added to a map of units after its copy was made is not lost silently', () => {
    const { state } = atAction(r);
    const d = draftOf(state);
    finishDraft(d);
    (d.units as Record<string, unknown>).x9 = { ...state.units.s1, id: 'x9' }; // no rule does this
    expect(() => draftOf(d)).toThrow(/same unit ids/);
  });

  it('7.3: shares the map of controlled hexes until setControl first changes it, then copies it', () => {
    const { state } = atAction(r);
    const d = draftOf(state);
    expect(d.control).not.toBe(state.control);
    expect(d.control.hexes).toBe(state.control.hexes);
    const before = structuredClone(state.control);
    const events: GameEvent[] = [];
    updateControl(contextOf(r), d, 'finnish', ['f1'], ['C3', 'B2'], events); // Finns enter two hexes
    expect(d.control.hexes).not.toBe(state.control.hexes);
    expect(state.control).toEqual(before);
    expect(d.control.hexes.B2 ?? d.control.base).toBe('finnish');
    expect(events.some((e) => e.type === 'control')).toBe(true);
    const again = d.control.hexes;
    updateControl(contextOf(r), d, 'soviet', ['s1'], ['C3'], []); // the draft's own map now: changed in place
    expect(d.control.hexes).toBe(again);
  });

  it('7.3: copies a map of controlled hexes with its keys in order, a key deleted where it stood, one added last', () => {
    const { state } = atAction(r);
    const ctx = contextOf(r);
    const d = draftOf(state);
    updateControl(ctx, d, 'soviet', ['s1'], ['B1', 'C1'], []);
    const first = draftOf(d);
    updateControl(ctx, first, 'finnish', ['f1'], ['B1', 'D1'], []); // B1 back to the base side: its key goes
    const order = (h: object) => Object.keys(h).join();
    const byForIn: Record<string, string> = {};
    for (const k in d.control.hexes) if (k !== 'B1') byForIn[k] = d.control.hexes[k]!;
    if (first.control.hexes.D1 !== undefined) byForIn.D1 = first.control.hexes.D1;
    expect(order(first.control.hexes)).toBe(order(byForIn));
    expect(first.control.hexes).toEqual(byForIn);
    // Copied again from its lists (no for…in over the map), the same keys in the same order.
    const second = draftOf(first);
    updateControl(ctx, second, 'soviet', ['s1'], ['A4'], []);
    expect(order(second.control.hexes)).toBe(`${order(first.control.hexes)},A4`);
    checkDrafts(false);
    try {
      const third = draftOf(first);
      updateControl(ctx, third, 'soviet', ['s1'], ['A4'], []);
      expect(order(third.control.hexes)).toBe(order(second.control.hexes));
    } finally {
      checkDrafts(true);
    }
  });

  it('7.3 under the checks: a map of controlled hexes changed in place, not by setControl, fails its next copy', () => {
    const { state } = atAction(r);
    const ctx = contextOf(r);
    const d = draftOf(state);
    updateControl(ctx, d, 'soviet', ['s1'], ['B1'], []);
    finishDraft(d);
    d.control.hexes.C4 = 'soviet'; // its lists no longer tell what it holds
    expect(() => updateControl(ctx, draftOf(d), 'soviet', ['s1'], ['A4'], [])).toThrow(/changed in place/);
    // A map given whole (set up by hand) is listed as it is.
    const given = { ...d, control: { ...d.control, hexes: { ...d.control.hexes } } };
    const e = draftOf(given);
    updateControl(ctx, e, 'soviet', ['s1'], ['A4'], []);
    expect(e.control.hexes).toEqual({ ...d.control.hexes, A4: 'soviet' });
  });

  it('shares each unit until it is asked for to be changed, then the draft holds its own copy', () => {
    const { state } = atAction(r);
    checkDrafts(false);
    try {
      const d = draftOf(state);
      expect(d.units).not.toBe(state.units);
      expect(d.units.s1).toBe(state.units.s1);
      const u = unitToChange(d, 's1');
      expect(u).not.toBe(state.units.s1);
      expect(d.units.s1).toBe(u);
      expect(unitToChange(d, 's1')).toBe(u); // once copied, the same copy
      u.hex = 'B2';
      expect(state.units.s1!.hex).toBe('A1');
      finishDraft(d);
      expect(d.units.f1).toBe(state.units.f1);
      // Outside a draft (a state being set up) the unit itself.
      expect(unitToChange(state, 'f1')).toBe(state.units.f1);
    } finally {
      checkDrafts(true);
    }
  });

  it('tells what a draft did to its units: the state it was made from, each changed unit as it is and as it was', () => {
    const { state } = atAction(r);
    expect(unitsChanged(state)).toBeUndefined(); // not a draft
    const d = draftOf(state);
    expect(unitsChanged(d)!.before).toBe(state);
    expect([...unitsChanged(d)!.changed]).toEqual([]);
    const u = unitToChange(d, 's1');
    u.hex = 'B2';
    unitToChange(d, 's1').hex = 'C2'; // once copied, the same entry
    expect([...unitsChanged(d)!.changed]).toEqual([[u, state.units.s1]]);
    expect(state.units.s1!.hex).toBe('A1');
    finishDraft(d);
    expect(unitsChanged(d)).toBeUndefined(); // a state again
  });

  it('under the checks: a draft of a state changed in place since apply returned it tells nothing of its units', () => {
    const { state } = atAction(r);
    const d = draftOf(state);
    finishDraft(d);
    expect(unitsChanged(draftOf(d))?.before).toBe(d);
    d.units.s1!.hex = 'B2'; // as a test setting up a position does
    expect(unitsChanged(draftOf(d))).toBeUndefined();
    d.units.s1!.hex = 'A1';
    d.markers.push({ type: 'bonfire', hex: 'A1' });
    expect(unitsChanged(draftOf(d))).toBeUndefined();
    expect(unitsChanged(draftOf(structuredClone(state)))).toBeUndefined(); // never a draft's
    checkDrafts(false);
    try {
      expect(unitsChanged(draftOf(d))?.before).toBe(d); // no game changes a state: without the checks it is not looked at
    } finally {
      checkDrafts(true);
    }
  });

  it('with the checks on: a write that bypasses unitToChange throws, so does a stale read; the result shares the units', () => {
    const { state } = atAction(r);
    const d = draftOf(state);
    expect(() => {
      d.units.s1!.flags.acted = true;
    }).toThrow(TypeError);
    expect(() => {
      d.units.s1!.hex = 'B2';
    }).toThrow(TypeError);
    const old = d.units.s1!;
    unitToChange(d, 's1').hex = 'B2';
    expect(old.id).toBe('s1'); // an id never changes
    expect(() => old.hex).toThrow(/stale unit: s1.hex/);
    finishDraft(d);
    expect(d.units.f1).toBe(state.units.f1);
    expect(d.units.s1!.hex).toBe('B2');
    expect(state.units.s1!.hex).toBe('A1');
  });

  it('an applied action leaves every unit it did not change the same object as in its input', () => {
    const c = recordedCampaign();
    const st = c.engine.setup(c.record.scenario, { seed: c.record.seed! });
    const ra = c.record.actions.find((a) => a.action.type === 'move')!;
    let s = st;
    for (const a of c.record.actions) {
      if (a === ra) break;
      const x = c.engine.apply(s, a.side, a.action);
      if (!x.ok) throw new Error(x.violation.message);
      s = x.state;
    }
    const moved = c.engine.apply(s, ra.side, ra.action);
    if (!moved.ok) throw new Error(moved.violation.message);
    const ids = (ra.action as { units: string[] }).units;
    for (const [id, u] of Object.entries(moved.state.units)) {
      if (ids.includes(id)) expect(u, id).not.toBe(s.units[id]);
      else expect(u, id).toBe(s.units[id]);
    }
  });

  it(
    'the recorded Campaign plays to the same states without the checks, where the after-action checks (14.4, 16.3.1, 12.4.4) look only at the units each action changed',
    { timeout: 120_000 },
    () => {
      const c = recordedCampaign();
      // The hash of the state after each action: each state visited but the first, and the last.
      const hashes = (): string[] => {
        const out: string[] = [];
        const last = replayCampaign(c, (st, i) => {
          if (i > 0) out.push(stateHash(st));
        });
        out.push(stateHash(last));
        return out;
      };
      const checked = hashes();
      checkDrafts(false);
      let unchecked: string[];
      try {
        unchecked = hashes();
      } finally {
        checkDrafts(true);
      }
      expect(unchecked).toEqual(checked);
      expect(checked.length).toBeGreaterThan(1000);
    },
  );

  it('no action of the recorded Campaign changes its input state (every state frozen before its action)', { timeout: 60_000 }, () => {
    const c = recordedCampaign();
    let st: GameState = c.engine.setup(c.record.scenario, { seed: c.record.seed! });
    for (const [i, ra] of c.record.actions.entries()) {
      deepFreeze(st);
      const r = c.engine.apply(st, ra.side, ra.action);
      if (!r.ok) throw new Error(`action ${i + 1} refused: ${r.violation.message}`);
      st = r.state;
    }
    expect(st.turn).toBeGreaterThan(30);
  });
});
