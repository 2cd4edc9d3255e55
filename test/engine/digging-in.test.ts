import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../src/data/load.js';
import { block, counter, toyRuleset, atAction, must, codeOf, turnTrack, TOY_TABLES } from './helpers/toy.js';
import { createEngine, type Engine, type GameState, type Side } from '../../src/engine/index.js';
import type { Ruleset, Terrain } from '../../src/engine/ruleset.js';

const REAL = loadRuleset();

/** Forest block A–H × 1–12; Finns f1/f2 in C6, Soviets s1 far away in H12. Markers: 2 per side. */
function make(o: { setup?: Record<string, string>; night?: number[]; terrain?: Record<string, Terrain>; markers?: number } = {}): Ruleset {
  const r = toyRuleset({
    terrain: { ...block('ABCDEFGH', 1, 12, 'forest'), ...(o.terrain ?? {}) },
    supply: { finnish: ['A6'], soviet: ['H6'] },
    counters: [
      counter('f1', 'finnish', 'infantry'),
      counter('f2', 'finnish', 'infantry'),
      counter('fmg', 'finnish', 'mg'),
      counter('mtr', 'finnish', 'mortar'),
      counter('eng', 'finnish', 'engineer'),
      counter('paj', 'finnish', 'leader', { steps: 1, reduced: null, infantryCompany: false }),
      counter('s1', 'soviet', 'infantry'),
      counter('s2', 'soviet', 'infantry'),
    ],
    setup: { f1: 'C6', s1: 'H12', ...(o.setup ?? {}) },
    track: turnTrack(32, o.night ?? []),
    firstPlayer: 'finnish',
  });
  const scen = r.scenarios[0]!;
  return {
    ...r,
    tables: { ...TOY_TABLES, combatModifiers: REAL.tables.combatModifiers, crt: REAL.tables.crt },
    scenarios: [{ ...scen, dugInMarkers: { finnish: o.markers ?? 2, soviet: 2 } }],
  };
}

/** Pass phases until `side`'s Action Phase of `turn`. */
function toAction(engine: Engine, s: GameState, turn: number, side: Side): GameState {
  while (!(s.turn === turn && s.phase === 'action' && s.activeSide === side))
    s = must(engine, s, engine.whoMustAct(s).side, { type: 'endPhase', phase: s.phase });
  return s;
}

const entrenchments = (s: GameState) =>
  s.markers.filter((m) => m.type === 'diggingIn' || m.type === 'dugIn').map((m) => `${m.side}:${m.type}@${m.hex}`);

describe('Digging In (14.0–14.5)', () => {
  it('takes two turns: a Digging In marker, then Dug-In by another digging in action on a later turn (14.2)', () => {
    const { engine, state } = atAction(make({ setup: { f2: 'C6' } }), 'finnish');
    const r1 = engine.apply(state, 'finnish', { type: 'digIn', units: ['f1'] });
    expect(r1.ok && r1.events).toContainEqual(
      expect.objectContaining({ type: 'digIn', hex: 'C6', marker: 'diggingIn', flipped: false, rule: '14.2' }),
    );
    let s = r1.ok ? r1.state : state;
    expect(entrenchments(s)).toEqual(['finnish:diggingIn@C6']);
    expect(s.markers[0]).toMatchObject({ turn: 1 });
    // Same turn: another unit in the hex cannot finish it.
    expect(codeOf(engine.apply(s, 'finnish', { type: 'digIn', units: ['f2'] }))).toBe('rule/dig-in-same-turn');
    // Digging in was f1's action.
    expect(codeOf(engine.apply(s, 'finnish', { type: 'move', units: ['f1'], to: 'C5' }))).toBe('rule/already-acted');
    s = toAction(engine, s, 2, 'finnish');
    expect(engine.legalActions(s, 'finnish').digIn).toContainEqual(expect.objectContaining({ hex: 'C6', result: 'dugIn', how: 'flip' }));
    const r2 = engine.apply(s, 'finnish', { type: 'digIn', units: ['f2'] });
    expect(r2.ok && r2.events).toContainEqual(expect.objectContaining({ type: 'digIn', marker: 'dugIn', flipped: true }));
    s = r2.ok ? r2.state : s;
    expect(entrenchments(s)).toEqual(['finnish:dugIn@C6']);
    // Nothing more to do there.
    expect(codeOf(engine.apply(s, 'finnish', { type: 'digIn', units: ['f1'] }))).toBe('rule/dig-in-done');
    expect(engine.legalActions(s, 'finnish').digIn!.some((o) => o.hex === 'C6')).toBe(false);
  });

  it('is open to infantry, engineer and MG units, not to mortars or Pajari (14.1, 12.3)', () => {
    const { engine, state } = atAction(make({ setup: { fmg: 'B2', mtr: 'B4', paj: 'B8', eng: 'E2' } }), 'finnish');
    expect(codeOf(engine.apply(state, 'finnish', { type: 'digIn', units: ['fmg'] }))).toBe('ok');
    expect(codeOf(engine.apply(state, 'finnish', { type: 'digIn', units: ['eng'] }))).toBe('ok');
    expect(codeOf(engine.apply(state, 'finnish', { type: 'digIn', units: ['mtr'] }))).toBe('rule/dig-in-unit-type');
    const paj = engine.apply(state, 'finnish', { type: 'digIn', units: ['paj'] });
    expect(paj.ok === false && paj.violation).toMatchObject({ code: 'rule/dig-in-unit-type', rule: '12.3' });
    const hexes = engine
      .legalActions(state, 'finnish')
      .digIn!.map((o) => o.hex)
      .sort();
    expect(hexes).toEqual(['B2', 'C6', 'E2']);
  });

  it('is refused in an enemy ZOC on a day turn (14.1) and on frozen lake (14.1)', () => {
    const z = atAction(make({ setup: { s1: 'D6' } }), 'finnish');
    const r = z.engine.apply(z.state, 'finnish', { type: 'digIn', units: ['f1'] });
    expect(r.ok === false && r.violation).toMatchObject({ code: 'rule/dig-in-ezoc', rule: '14.1' });
    expect(z.engine.legalActions(z.state, 'finnish').digIn).toEqual([]);
    const l = atAction(make({ terrain: { C6: 'lake' } }), 'finnish');
    expect(codeOf(l.engine.apply(l.state, 'finnish', { type: 'digIn', units: ['f1'] }))).toBe('rule/dig-in-lake');
  });

  it("needs a free marker: each side has only the scenario's counter mix (14.1)", () => {
    const { engine, state } = atAction(make({ markers: 1, setup: { f2: 'E6' } }), 'finnish');
    const s = must(engine, state, 'finnish', { type: 'digIn', units: ['f1'] });
    const r = engine.apply(s, 'finnish', { type: 'digIn', units: ['f2'] });
    expect(r.ok === false && r.violation).toMatchObject({ code: 'rule/dig-in-markers', rule: '14.1' });
    expect(engine.legalActions(s, 'finnish').digIn).toEqual([]);
  });

  it('is a whole action: a unit that moved may not dig in (14.1, 3.0)', () => {
    const { engine, state } = atAction(make(), 'finnish');
    const s = must(engine, state, 'finnish', { type: 'move', units: ['f1'], to: 'C7' });
    expect(codeOf(engine.apply(s, 'finnish', { type: 'digIn', units: ['f1'] }))).toBe('rule/already-acted');
  });

  it('units digging in together must share one hex (14.2)', () => {
    const { engine, state } = atAction(make({ setup: { f2: 'C8' } }), 'finnish');
    expect(codeOf(engine.apply(state, 'finnish', { type: 'digIn', units: ['f1', 'f2'] }))).toBe('rule/stack-not-together');
    expect(codeOf(engine.apply(state, 'finnish', { type: 'digIn', units: [] }))).toBe('input/field-type');
  });

  describe('engineers (14.2.1)', () => {
    it('make a hex Dug-In in one turn', () => {
      const { engine, state } = atAction(make({ setup: { eng: 'C6' } }), 'finnish');
      const r = engine.apply(state, 'finnish', { type: 'digIn', units: ['eng'] });
      expect(r.ok && r.events).toContainEqual(
        expect.objectContaining({ type: 'digIn', marker: 'dugIn', oneTurn: 'engineer', rule: '14.2.1' }),
      );
      expect(r.ok && entrenchments(r.state)).toEqual(['finnish:dugIn@C6']);
    });

    it('finish a Digging In marker placed this turn', () => {
      const { engine, state } = atAction(make({ setup: { eng: 'C6' } }), 'finnish');
      const s = must(engine, state, 'finnish', { type: 'digIn', units: ['f1'] });
      const r = engine.apply(s, 'finnish', { type: 'digIn', units: ['eng'] });
      expect(r.ok && entrenchments(r.state)).toEqual(['finnish:dugIn@C6']);
    });

    it('may dig in within an enemy ZOC only when stacked with another friendly unit, Pajari not counting', () => {
      const withF1 = atAction(make({ setup: { eng: 'C6', s1: 'D6' } }), 'finnish');
      expect(codeOf(withF1.engine.apply(withF1.state, 'finnish', { type: 'digIn', units: ['eng'] }))).toBe('ok');
      // f1 in the hex may not join it in the enemy ZOC.
      expect(codeOf(withF1.engine.apply(withF1.state, 'finnish', { type: 'digIn', units: ['eng', 'f1'] }))).toBe('rule/dig-in-ezoc');
      expect(withF1.engine.legalActions(withF1.state, 'finnish').digIn).toEqual([
        expect.objectContaining({ hex: 'C6', units: ['eng'], result: 'dugIn', how: 'engineer' }),
      ]);
      const alone = atAction(make({ setup: { f1: 'A1', eng: 'C6', paj: 'C6', s1: 'D6' } }), 'finnish');
      const r = alone.engine.apply(alone.state, 'finnish', { type: 'digIn', units: ['eng'] });
      expect(r.ok === false && r.violation).toMatchObject({ code: 'rule/dig-in-ezoc', rule: '14.2.1' });
    });
  });

  it('on a night turn goes straight to Dug-In, even in an enemy ZOC (14.5, 16.0)', () => {
    const { engine, state } = atAction(make({ night: [1], setup: { s1: 'D6' } }), 'finnish');
    const r = engine.apply(state, 'finnish', { type: 'digIn', units: ['f1'] });
    expect(r.ok && r.events).toContainEqual(expect.objectContaining({ type: 'digIn', marker: 'dugIn', oneTurn: 'night', rule: '14.5' }));
    expect(r.ok && entrenchments(r.state)).toEqual(['finnish:dugIn@C6']);
  });

  describe('effects (14.3)', () => {
    const attack = (s: GameState, engine: Engine) => engine.previewAttack(s, 'soviet', { units: ['s1'], target: 'C6' });

    it('a Dug-In hex shifts Combats and Assaults against it 1L; a Digging In marker does nothing (8.3 case 7, 14.3)', () => {
      const r = make({ setup: { s1: 'D6', eng: 'E1', f2: 'C6' } });
      const engine = createEngine(r);
      let s = toAction(engine, engine.setup('toy', { seed: 'x' }), 1, 'finnish');
      // Day turn in an enemy ZOC: build the Dug-In hex by editing the marker list as the scenario would.
      const digging = { ...s, markers: [{ type: 'diggingIn', hex: 'C6', side: 'finnish' as const, turn: 1 }] };
      const dug = { ...s, markers: [{ type: 'dugIn', hex: 'C6', side: 'finnish' as const }] };
      s = toAction(engine, dug, 1, 'soviet');
      const withDug = attack(s, engine);
      expect(withDug.ok && withDug.preview.modifiers.join(' | ')).toMatch(/dug in/i);
      const withDigging = attack(toAction(engine, digging, 1, 'soviet'), engine);
      expect(withDigging.ok && withDigging.preview.modifiers.join(' | ')).not.toMatch(/dug in/i);
      const assault = engine.previewAttack(s, 'soviet', { kind: 'assault', units: ['s1'], target: 'C6' });
      expect(assault.ok && assault.preview.modifiers.join(' | ')).toMatch(/dug in/i);
      if (withDug.ok && withDigging.ok) expect(withDug.preview.netShift).toBe(withDigging.preview.netShift - 1);
    });

    it('every unit in the hex benefits, also one that moved in after (14.3)', () => {
      const { engine, state } = atAction(make({ setup: { fmg: 'C7' } }), 'finnish');
      const s = must(engine, { ...state, markers: [{ type: 'dugIn', hex: 'C6', side: 'finnish' }] }, 'finnish', {
        type: 'move',
        units: ['fmg'],
        to: 'C6',
      });
      expect(entrenchments(s)).toEqual(['finnish:dugIn@C6']);
      const left = must(engine, s, 'finnish', { type: 'move', units: ['f1'], to: 'B6' });
      // The 14.3 example: the digger leaves, the newcomer keeps the marker.
      expect(entrenchments(left)).toEqual(['finnish:dugIn@C6']);
    });
  });

  describe('removal (14.4)', () => {
    it('goes the instant no unit of its side is left in the hex', () => {
      const { engine, state } = atAction(make(), 'finnish');
      const s = must(engine, state, 'finnish', { type: 'digIn', units: ['f1'] });
      const s2 = toAction(engine, s, 2, 'finnish');
      const r = engine.apply(s2, 'finnish', { type: 'move', units: ['f1'], to: 'C7' });
      expect(r.ok && r.events).toContainEqual({
        type: 'entrenchmentRemoved',
        side: 'finnish',
        hex: 'C6',
        marker: 'diggingIn',
        rule: '14.4',
      });
      expect(r.ok && entrenchments(r.state)).toEqual([]);
    });

    it('frees the marker for use elsewhere (14.1, 14.4)', () => {
      const { engine, state } = atAction(make({ markers: 1, setup: { f2: 'E6' } }), 'finnish');
      let s = must(engine, { ...state, markers: [{ type: 'dugIn', hex: 'C6', side: 'finnish' }] }, 'finnish', {
        type: 'move',
        units: ['f1'],
        to: 'C7',
      });
      expect(entrenchments(s)).toEqual([]);
      s = must(engine, s, 'finnish', { type: 'digIn', units: ['f2'] });
      expect(entrenchments(s)).toEqual(['finnish:diggingIn@E6']);
    });
  });

  it('the owner may remove his own marker at will, whenever he is to act (14.1)', () => {
    const { engine, state } = atAction(make({ markers: 1, setup: { f2: 'E6' } }), 'finnish');
    let s = must(engine, state, 'finnish', { type: 'digIn', units: ['f1'] });
    expect(engine.legalActions(s, 'finnish').removableEntrenchments).toEqual(['C6']);
    expect(engine.legalActions(s, 'finnish').phaseActions).toContain('removeEntrenchment');
    const wrong = engine.apply(s, 'finnish', { type: 'removeEntrenchment', hex: 'E6' });
    expect(wrong.ok === false && wrong.violation).toMatchObject({ code: 'rule/no-marker', rule: '14.1' });
    expect(codeOf(engine.apply(s, 'soviet', { type: 'removeEntrenchment', hex: 'C6' }))).toBe('rule/not-your-turn');
    const r = engine.apply(s, 'finnish', { type: 'removeEntrenchment', hex: 'nowhere' });
    expect(codeOf(r)).toBe('input/bad-hex');
    const ok = engine.apply(s, 'finnish', { type: 'removeEntrenchment', hex: 'C6' });
    expect(ok.ok && ok.events).toContainEqual({
      type: 'entrenchmentRemoved',
      side: 'finnish',
      hex: 'C6',
      marker: 'diggingIn',
      rule: '14.1',
    });
    s = ok.ok ? ok.state : s;
    // The marker is free again for another hex.
    expect(codeOf(engine.apply(s, 'finnish', { type: 'digIn', units: ['f2'] }))).toBe('ok');
    // Also in the Combat Phase.
    const combat = must(engine, must(engine, state, 'finnish', { type: 'digIn', units: ['f1'] }), 'finnish', {
      type: 'endPhase',
      phase: 'action',
    });
    expect(codeOf(engine.apply(combat, 'finnish', { type: 'removeEntrenchment', hex: 'C6' }))).toBe('ok');
  });

  it('legalActions offers exactly the digging in apply accepts (14.1)', () => {
    const { engine, state } = atAction(make({ setup: { f2: 'E6', fmg: 'E6', mtr: 'B2', eng: 'G2', s1: 'F7' } }), 'finnish');
    const la = engine.legalActions(state, 'finnish');
    expect(la.phaseActions).toContain('digIn');
    // E6 is in s1's ZOC (f2, fmg refused); G2 is not; C6 is free.
    for (const o of la.digIn!)
      for (const u of o.units) expect(codeOf(engine.apply(state, 'finnish', { type: 'digIn', units: [u] }))).toBe('ok');
    const offered = new Set(la.digIn!.flatMap((o) => o.units));
    for (const u of ['f1', 'f2', 'fmg', 'mtr', 'eng']) {
      expect(codeOf(engine.apply(state, 'finnish', { type: 'digIn', units: [u] })) === 'ok').toBe(offered.has(u));
    }
  });
});

describe('Dug-In markers from the scenario (14.0, tutorial)', () => {
  it('the tutorial starts with the Finnish hex J16 Dug-In, shown on the map view', () => {
    const engine = createEngine(REAL);
    const s = engine.setup('tutorial', { seed: 't' });
    expect(s.markers).toContainEqual(expect.objectContaining({ type: 'dugIn', hex: 'J16', side: 'finnish' }));
    const view = engine.toMapView(s, {});
    expect(view.hexMarkers['J16']).toMatchObject({ dugIn: 'finnish' });
  });
});
