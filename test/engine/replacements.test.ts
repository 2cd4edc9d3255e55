import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../src/data/load.js';
import { block, counter, toyRuleset, must, codeOf, turnTrack } from './helpers/toy.js';
import { createEngine, type Engine, type GameState, type Side } from '../../src/engine/index.js';
import type { Ruleset } from '../../src/engine/ruleset.js';
import type { ReplacementEvent } from '../../src/engine/types.js';

/**
 * Forest block A–P × 1–12. Finnish supply source A6, Soviet P6. RPs on turn 2: Finns 3, Soviets 1.
 * f1 (reduced in the tests) in C6; s1 far east in N6.
 */
function make(
  o: { setup?: Record<string, string>; rp?: { turn: number; soviet: number; finnish: number }[]; supply?: boolean } = {},
): Ruleset {
  const r = toyRuleset({
    terrain: block('ABCDEFGHIJKLMNOP', 1, 12, 'forest'),
    supply: o.supply === false ? { soviet: ['P6'] } : { finnish: ['A6'], soviet: ['P6'] },
    counters: [
      counter('f1', 'finnish', 'infantry'),
      counter('f2', 'finnish', 'infantry'),
      counter('f3', 'finnish', 'infantry'),
      counter('f4', 'finnish', 'infantry'),
      counter('bike', 'finnish', 'bicycle'),
      counter('prov', 'finnish', 'provisional', { steps: 2, reduced: { cs: 3, ras: 1, range: 2, ma: 6 }, infantryCompany: true }),
      counter('fmg', 'finnish', 'mg'),
      counter('s1', 'soviet', 'infantry'),
      counter('s2', 'soviet', 'infantry'),
    ],
    setup: { f1: 'C6', f2: 'C1', s1: 'N6', ...(o.setup ?? {}) },
    track: turnTrack(32, []),
    firstPlayer: 'finnish',
  });
  const scen = r.scenarios[0]!;
  return { ...r, scenarios: [{ ...scen, turns: { first: 1, last: 6 }, replacements: o.rp ?? [{ turn: 2, soviet: 1, finnish: 3 }] }] };
}

function until(engine: Engine, s: GameState, turn: number, side: Side, phase: GameState['phase']): GameState {
  while (!(s.turn === turn && s.phase === phase && s.activeSide === side))
    s = must(engine, s, engine.whoMustAct(s).side, { type: 'endPhase', phase: s.phase });
  return s;
}

/** Game at the Finnish Reset Phase of turn 2, with units edited by `edit`. */
function atReset(r: Ruleset, edit: (s: GameState) => void = () => {}, side: Side = 'finnish'): { engine: Engine; state: GameState } {
  const engine = createEngine(r);
  const s = until(engine, engine.setup('toy', { seed: 'rp' }), 2, side, 'reset');
  const c = structuredClone(s);
  edit(c);
  return { engine, state: c };
}

const reduced =
  (...ids: string[]) =>
  (s: GameState) =>
    ids.forEach((id) => (s.units[id]!.stepsLeft = 1));
const dead =
  (...ids: string[]) =>
  (s: GameState) =>
    ids.forEach((id) => {
      const u = s.units[id]!;
      u.location = 'deadPool';
      u.hex = null;
      u.stepsLeft = 0;
    });
const rpEvent = (r: ReturnType<Engine['apply']>) =>
  r.ok ? (r.events.find((e) => e.type === 'replacement') as ReplacementEvent) : undefined;

describe('Replacements (13.2)', () => {
  it('one RP flips a reduced infantry company in supply to full strength in its own Reset Phase (13.2)', () => {
    const { engine, state } = atReset(make(), reduced('f1'));
    const la = engine.legalActions(state, 'finnish');
    expect(la.phaseActions).toContain('replacement');
    expect(la.replacements).toMatchObject({ points: 3, spent: 0, left: 3, rebuild: ['f1'] });
    const r = engine.apply(state, 'finnish', { type: 'replacement', unit: 'f1' });
    expect(rpEvent(r)).toMatchObject({ kind: 'rebuild', unit: 'f1', rp: 1, rpLeft: 2, steps: 2, rule: '13.2' });
    expect(r.ok && r.state.units.f1!.stepsLeft).toBe(2);
    expect(r.ok && engine.legalActions(r.state, 'finnish').replacements).toBeUndefined();
  });

  it('also works in an enemy ZOC, so long as the unit is in supply (13.2, 7.2)', () => {
    const { engine, state } = atReset(make({ setup: { s1: 'D6' } }), reduced('f1'));
    expect(codeOf(engine.apply(state, 'finnish', { type: 'replacement', unit: 'f1' }))).toBe('ok');
  });

  it('refuses a unit out of supply (13.2, 15.1)', () => {
    const { engine, state } = atReset(make({ supply: false }), reduced('f1'));
    const r = engine.apply(state, 'finnish', { type: 'replacement', unit: 'f1' });
    expect(r.ok === false && r.violation).toMatchObject({ code: 'rule/rp-out-of-supply', rule: '13.2' });
  });

  it('replaces only lost infantry company steps: not a full company, not an MG; bicycles count (13.2, 12.7)', () => {
    const { engine, state } = atReset(make({ setup: { fmg: 'B2', bike: 'B3' } }), reduced('fmg', 'bike'));
    expect(codeOf(engine.apply(state, 'finnish', { type: 'replacement', unit: 'f1' }))).toBe('rule/rp-not-reduced');
    expect(codeOf(engine.apply(state, 'finnish', { type: 'replacement', unit: 'fmg' }))).toBe('rule/rp-not-infantry');
    expect(codeOf(engine.apply(state, 'finnish', { type: 'replacement', unit: 'bike' }))).toBe('ok');
  });

  it('spends at most the RPs of the turn, and only in that Reset Phase: the rest are lost (13.2)', () => {
    const r = make({ rp: [{ turn: 2, soviet: 0, finnish: 1 }], setup: { f3: 'C2' } });
    const { engine, state } = atReset(r, reduced('f1', 'f2', 'f3'));
    const s = must(engine, state, 'finnish', { type: 'replacement', unit: 'f1' });
    const none = engine.apply(s, 'finnish', { type: 'replacement', unit: 'f2' });
    expect(none.ok === false && none.violation).toMatchObject({ code: 'rule/no-rp', rule: '13.2' });
    expect(engine.legalActions(s, 'finnish').phaseActions).not.toContain('replacement');
    // In the Action Phase it is too late.
    const action = must(engine, s, 'finnish', { type: 'endPhase', phase: 'reset' });
    expect(codeOf(engine.apply(action, 'finnish', { type: 'replacement', unit: 'f2' }))).toBe('rule/wrong-phase');
    // On turn 3 nothing is left over.
    const t3 = until(engine, action, 3, 'finnish', 'reset');
    expect(codeOf(engine.apply(t3, 'finnish', { type: 'replacement', unit: 'f2' }))).toBe('rule/no-rp');
  });

  it('gives each side its own Turn Track points, in its own Reset Phase (13.2)', () => {
    const { engine, state } = atReset(make(), reduced('s1'), 'soviet');
    expect(engine.legalActions(state, 'soviet').replacements).toMatchObject({ points: 1, left: 1, rebuild: ['s1'] });
    expect(codeOf(engine.apply(state, 'finnish', { type: 'replacement', unit: 'f1' }))).toBe('rule/not-your-turn');
  });
});

describe('Reconstitution (13.2.1)', () => {
  it('brings a Dead Pool company back reduced for 2 RPs, or at full strength for 3 (13.2.1)', () => {
    const { engine, state } = atReset(make({ setup: { f3: 'C3' } }), dead('f3'));
    const la = engine.legalActions(state, 'finnish').replacements!;
    expect(la.reconstitute).toEqual([{ unit: 'f3', steps: [1, 2] }]);
    expect(la.placementHexes).toContain('B6');
    const red = engine.apply(state, 'finnish', { type: 'replacement', unit: 'f3', hex: 'B6' });
    expect(rpEvent(red)).toMatchObject({ kind: 'reconstitute', rp: 2, rpLeft: 1, steps: 1, hex: 'B6', rule: '13.2.1' });
    expect(red.ok && red.state.units.f3).toMatchObject({ location: 'map', hex: 'B6', stepsLeft: 1 });
    const full = engine.apply(state, 'finnish', { type: 'replacement', unit: 'f3', hex: 'B6', steps: 2 });
    expect(rpEvent(full)).toMatchObject({ rp: 3, rpLeft: 0, steps: 2 });
  });

  it('places it within 10 hexes of a friendly supply source, 4+ hexes from all enemies, in supply (13.2.1)', () => {
    const { engine, state } = atReset(make({ setup: { f3: 'C3', s1: 'F6' } }), dead('f3'));
    const hexes = engine.legalActions(state, 'finnish').replacements!.placementHexes;
    expect(hexes).not.toContain('D6'); // 2 hexes from s1
    expect(hexes).not.toContain('C6'); // 3 hexes from s1
    expect(hexes).toContain('B6'); // 4 hexes
    expect(hexes).not.toContain('L1'); // more than 10 from A6
    const near = engine.apply(state, 'finnish', { type: 'replacement', unit: 'f3', hex: 'C6' });
    expect(near.ok === false && near.violation).toMatchObject({ code: 'rule/reconstitute-placement', rule: '13.2.1' });
    expect(codeOf(engine.apply(state, 'finnish', { type: 'replacement', unit: 'f3', hex: 'L1' }))).toBe('rule/reconstitute-placement');
    for (const h of hexes) expect(codeOf(engine.apply(state, 'finnish', { type: 'replacement', unit: 'f3', hex: h }))).toBe('ok');
  });

  it('may go on the supply source hex even with an enemy nearer than 4 hexes, but never in an enemy ZOC (13.2.1, 7.2)', () => {
    const r3 = atReset(make({ setup: { f3: 'C3', s1: 'D6' } }), dead('f3'));
    expect(codeOf(r3.engine.apply(r3.state, 'finnish', { type: 'replacement', unit: 'f3', hex: 'A6' }))).toBe('ok');
    const r1 = atReset(make({ setup: { f3: 'C3', s1: 'B6' } }), dead('f3'));
    expect(codeOf(r1.engine.apply(r1.state, 'finnish', { type: 'replacement', unit: 'f3', hex: 'A6' }))).toBe(
      'rule/reconstitute-placement',
    );
  });

  it('respects stacking: no fourth infantry company in a hex (13.2.1, 6.0)', () => {
    const { engine, state } = atReset(make({ setup: { f3: 'C3', f2: 'B6', f4: 'B6', bike: 'B6' } }), dead('f3'));
    expect(engine.legalActions(state, 'finnish').replacements!.placementHexes).not.toContain('B6');
    expect(codeOf(engine.apply(state, 'finnish', { type: 'replacement', unit: 'f3', hex: 'B6' }))).toBe('rule/reconstitute-placement');
  });

  it('may instead go on a later turn of the Turn Track and enter as a reinforcement (13.2.1, 13.1)', () => {
    const { engine, state } = atReset(make({ setup: { f3: 'C3' } }), dead('f3'));
    const r = engine.apply(state, 'finnish', { type: 'replacement', unit: 'f3', toTurn: 4 });
    expect(rpEvent(r)).toMatchObject({ kind: 'reconstitute', toTurn: 4, steps: 1 });
    const s = r.ok ? r.state : state;
    expect(s.units.f3).toMatchObject({ location: 'pending', entryTurn: 4, entryHex: 'A6', stepsLeft: 1 });
    expect(codeOf(engine.apply(state, 'finnish', { type: 'replacement', unit: 'f3', toTurn: 2 }))).toBe('input/turn');
    expect(codeOf(engine.apply(state, 'finnish', { type: 'replacement', unit: 'f3', toTurn: 9 }))).toBe('input/turn');
    expect(codeOf(engine.apply(state, 'finnish', { type: 'replacement', unit: 'f3' }))).toBe('input/replacement');
    const t4 = until(engine, s, 4, 'finnish', 'action');
    expect(codeOf(engine.apply(t4, 'finnish', { type: 'enterReinforcement', units: ['f3'], to: 'B6' }))).toBe('ok');
  });

  it('never brings back a company eliminated out of supply (13.2.1, 15.1)', () => {
    const { engine, state } = atReset(make({ setup: { f3: 'C3' } }), (s) => {
      dead('f3')(s);
      s.units.f3!.location = 'eliminated';
    });
    expect(codeOf(engine.apply(state, 'finnish', { type: 'replacement', unit: 'f3', hex: 'B6' }))).toBe('rule/permanently-eliminated');
    expect(engine.legalActions(state, 'finnish').replacements?.reconstitute ?? []).toEqual([]);
  });

  it('treats the Provisional Company, once in play, as an infantry company for RPs and Reconstitution (12.8)', () => {
    const { engine, state } = atReset(make({ setup: { prov: 'B3', f3: 'C3' } }), (s) => {
      reduced('prov')(s);
      dead('f3')(s);
    });
    expect(engine.legalActions(state, 'finnish').replacements!.rebuild).toContain('prov');
    const s = must(engine, state, 'finnish', { type: 'replacement', unit: 'prov' });
    const back = dead('prov');
    const c = structuredClone(s);
    back(c);
    expect(
      engine
        .legalActions(c, 'finnish')
        .replacements!.reconstitute.map((r) => r.unit)
        .sort(),
    ).toEqual(['f3', 'prov']);
  });

  it('needs the RPs: 2 for reduced, 3 for full strength (13.2.1)', () => {
    const { engine, state } = atReset(make({ rp: [{ turn: 2, soviet: 0, finnish: 2 }], setup: { f3: 'C3' } }), dead('f3'));
    expect(engine.legalActions(state, 'finnish').replacements!.reconstitute).toEqual([{ unit: 'f3', steps: [1] }]);
    expect(codeOf(engine.apply(state, 'finnish', { type: 'replacement', unit: 'f3', hex: 'B6', steps: 2 }))).toBe('rule/no-rp');
  });
});

describe('Replacement Points in the Campaign (13.2, Turn Track)', () => {
  it('turn 7 gives the Soviets 4 RPs and the Finns 2, each in their Reset Phase', () => {
    const engine = createEngine(loadRuleset());
    let s = engine.setup('campaign', { seed: 'rp' });
    s = until(engine, s, 7, 'soviet', 'reset');
    const c = structuredClone(s);
    const sov = Object.values(c.units).find(
      (u) => u.side === 'soviet' && u.location === 'map' && u.id.endsWith('/609') && !u.id.startsWith('MG'),
    )!;
    sov.stepsLeft = 1;
    const la = engine.legalActions(c, 'soviet');
    expect(la.replacements).toMatchObject({ points: 4, left: 4 });
    expect(la.replacements!.rebuild).toContain(sov.id);
    const f = until(engine, s, 7, 'finnish', 'reset');
    const fc = structuredClone(f);
    const fin = Object.values(fc.units).find(
      (u) => u.side === 'finnish' && u.location === 'map' && u.id.endsWith('/JR16') && !u.id.startsWith('MG'),
    )!;
    fin.stepsLeft = 1;
    expect(engine.legalActions(fc, 'finnish').replacements).toMatchObject({ points: 2, left: 2 });
  });
});
