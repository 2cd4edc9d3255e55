import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../src/data/load.js';
import { block, counter, toyRuleset, atAction, must, codeOf, turnTrack, TOY_TABLES } from './helpers/toy.js';
import type { GameState, Side } from '../../src/engine/index.js';
import type { Ruleset, TurnDef } from '../../src/engine/ruleset.js';
import type { RecoveryEvent } from '../../src/engine/types.js';

const REAL = loadRuleset();

/**
 * A 8×12 forest block. Finnish supply source A6, Soviet H6. Finnish f1 (reduced later) in C6;
 * Soviet s1 at F6 (3 hexes from C6: not adjacent, and not 4+ away).
 */
function make(
  o: { setup?: Record<string, string>; track?: (t: TurnDef) => void; supply?: boolean; extra?: Parameters<typeof counter>[] } = {},
): Ruleset {
  const track = turnTrack(32, [5]);
  for (const t of track) o.track?.(t);
  const r = toyRuleset({
    terrain: block('ABCDEFGH', 1, 12, 'forest'),
    supply: o.supply === false ? {} : { finnish: ['A6'], soviet: ['H6'] },
    counters: [
      counter('f1', 'finnish', 'infantry'),
      counter('f2', 'finnish', 'infantry'),
      counter('fmg', 'finnish', 'mg'),
      counter('bike', 'finnish', 'bicycle'),
      counter('prov', 'finnish', 'provisional', { steps: 2, reduced: { cs: 3, ras: 1, range: 2, ma: 6 }, infantryCompany: true }),
      counter('paj', 'finnish', 'leader', { steps: 1, reduced: null, infantryCompany: false }),
      counter('s1', 'soviet', 'infantry'),
      counter('s2', 'soviet', 'infantry'),
      ...(o.extra ?? []).map((a) => counter(...a)),
    ],
    setup: { f1: 'C6', s1: 'F6', ...(o.setup ?? {}) },
    track,
    firstPlayer: 'finnish',
  });
  return { ...r, tables: { ...TOY_TABLES, recovery: REAL.tables.recovery } };
}

function reduce(s: GameState, ...ids: string[]): GameState {
  const c = structuredClone(s);
  for (const id of ids) c.units[id]!.stepsLeft = 1;
  return c;
}

function attempt(r: Ruleset, side: Side, die: number, o: { unit?: string; setup?: (s: GameState) => GameState; pajari?: boolean } = {}) {
  const { engine, state } = atAction(r, side);
  const s = (o.setup ?? ((x: GameState) => x))(reduce(state, o.unit ?? 'f1'));
  const res = engine.apply(
    s,
    side,
    { type: 'recovery', unit: o.unit ?? 'f1', ...(o.pajari !== undefined ? { pajari: o.pajari } : {}) },
    { forcedDice: [die] },
  );
  const ev = res.ok ? (res.events.find((e) => e.type === 'recovery') as RecoveryEvent) : undefined;
  return { engine, state: s, res, ev };
}

const ids = (ev: RecoveryEvent | undefined) => ev?.drms.map((d) => d.id) ?? [];

describe('Recovery (13.3)', () => {
  it('flips a reduced infantry company to full strength on a 6, with a numbered roll (13.3)', () => {
    const { res, ev } = attempt(make(), 'finnish', 6);
    expect(res.ok).toBe(true);
    expect(ev).toMatchObject({ unit: 'f1', roll: 6, total: 6, needed: 6, success: true, drms: [], rule: '13.3' });
    expect(res.ok && res.events.find((e) => e.type === 'roll')).toMatchObject({ n: ev!.rollNumber, dice: [6], rule: '13.3' });
    expect(res.ok && res.state.units.f1!.stepsLeft).toBe(2);
    expect(res.ok && res.state.units.f1!.flags.acted).toBe(true);
  });

  it('fails on 5 or less; the unit has still used its action (13.3)', () => {
    const { engine, res, ev } = attempt(make(), 'finnish', 5);
    expect(ev).toMatchObject({ total: 5, success: false });
    const s = res.ok ? res.state : null;
    expect(s!.units.f1!.stepsLeft).toBe(1);
    expect(codeOf(engine.apply(s!, 'finnish', { type: 'move', units: ['f1'], to: 'B6' }))).toBe('rule/already-acted');
    expect(codeOf(engine.apply(s!, 'finnish', { type: 'recovery', unit: 'f1' }))).toBe('rule/already-acted');
  });

  it('is a whole action: a unit that moved may not attempt it (13.3)', () => {
    const { engine, state } = atAction(make(), 'finnish');
    const s = must(engine, reduce(state, 'f1'), 'finnish', { type: 'move', units: ['f1'], to: 'C5' });
    expect(codeOf(engine.apply(s, 'finnish', { type: 'recovery', unit: 'f1' }))).toBe('rule/already-acted');
  });

  it('is refused in an enemy ZOC (13.3, 7.2)', () => {
    const { res } = attempt(make({ setup: { s1: 'D6' } }), 'finnish', 6);
    expect(res.ok === false && res.violation).toMatchObject({ code: 'rule/recovery-ezoc', rule: '13.3' });
  });

  it('is for reduced infantry companies only: not a full-strength company, not an MG (13.3)', () => {
    const r = make({ setup: { fmg: 'C7' } });
    const { engine, state } = atAction(r, 'finnish');
    expect(codeOf(engine.apply(state, 'finnish', { type: 'recovery', unit: 'f1' }))).toBe('rule/recovery-not-reduced');
    expect(codeOf(engine.apply(reduce(state, 'fmg'), 'finnish', { type: 'recovery', unit: 'fmg' }))).toBe('rule/recovery-not-infantry');
    expect(codeOf(engine.apply(reduce(state, 'f1'), 'soviet', { type: 'recovery', unit: 'f1' }))).toBe('rule/not-your-turn');
    expect(codeOf(engine.apply(reduce(state, 'f1'), 'finnish', { type: 'recovery', unit: 'nope' }))).toBe('input/unknown-unit');
  });

  it('counts bicycle (12.7) and provisional (12.8) companies as infantry companies', () => {
    const r = make({ setup: { bike: 'C7', prov: 'C8' } });
    expect(attempt(r, 'finnish', 6, { unit: 'bike' }).ev?.success).toBe(true);
    expect(attempt(r, 'finnish', 6, { unit: 'prov' }).ev?.success).toBe(true);
  });

  it('happens in the Action Phase only (3.0 II)', () => {
    const { engine, state } = atAction(make(), 'finnish');
    const combat = must(engine, reduce(state, 'f1'), 'finnish', { type: 'endPhase', phase: 'action' });
    expect(codeOf(engine.apply(combat, 'finnish', { type: 'recovery', unit: 'f1' }))).toBe('rule/wrong-phase');
  });

  describe('Recovery Table DRMs (13.3)', () => {
    it('+1 for the side holding the morale bonus, not for the other side (DRM 1)', () => {
      const fin = attempt(make({ track: (t) => (t.moraleBonus = 'finnish') }), 'finnish', 5);
      expect(ids(fin.ev)).toEqual(['moraleBonus']);
      expect(fin.ev).toMatchObject({ total: 6, success: true });
      const sov = attempt(make({ track: (t) => (t.moraleBonus = 'soviet') }), 'finnish', 5);
      expect(ids(sov.ev)).toEqual([]);
    });

    it('+1 when 4 or more hexes from every enemy unit, not at 3 (DRM 2)', () => {
      expect(ids(attempt(make({ setup: { s1: 'G6' } }), 'finnish', 5).ev)).toEqual(['farFromEnemy']);
      expect(ids(attempt(make({ setup: { s1: 'F6' } }), 'finnish', 5).ev)).toEqual([]);
      // one near enemy is enough to lose it
      expect(ids(attempt(make({ setup: { s1: 'H1', s2: 'F6' } }), 'finnish', 5).ev)).toEqual([]);
    });

    it('counts a lone Pajari as an enemy unit for the 4 hexes (DRM 2; docs/rulings.md "A lone Pajari is an enemy unit")', () => {
      // The Soviet company s1 in F6 recovers; the only Finn near it is Pajari, alone in F9 (3 hexes).
      expect(ids(attempt(make({ setup: { f1: 'A12', paj: 'A1' } }), 'soviet', 5, { unit: 's1' }).ev)).toEqual(['farFromEnemy']);
      expect(ids(attempt(make({ setup: { f1: 'A12', paj: 'F9' } }), 'soviet', 5, { unit: 's1' }).ev)).toEqual([]);
    });

    it('+1 with Pajari stacked; he may not move afterwards; pajari:false declines (DRM 3, 12.3)', () => {
      const r = make({ setup: { paj: 'C6' } });
      const used = attempt(r, 'finnish', 5);
      expect(ids(used.ev)).toEqual(['pajari']);
      expect(used.ev).toMatchObject({ success: true, pajari: 'paj' });
      const after = used.res.ok ? used.res.state : null;
      expect(codeOf(used.engine.apply(after!, 'finnish', { type: 'move', units: ['paj'], to: 'B6' }))).toBe('rule/already-acted');
      const declined = attempt(r, 'finnish', 5, { pajari: false });
      expect(ids(declined.ev)).toEqual([]);
      expect(declined.ev?.pajari).toBeNull();
      const free = declined.res.ok ? declined.res.state : null;
      expect(codeOf(declined.engine.apply(free!, 'finnish', { type: 'move', units: ['paj'], to: 'B6' }))).toBe('ok');
    });

    it('+1 on a night turn (DRM 4, 16.0)', () => {
      const r = make({ track: (t) => (t.light = 'night') });
      expect(ids(attempt(r, 'finnish', 5).ev)).toEqual(['night']);
    });

    it('−1 out of supply, read from the supply rules (DRM 5, 15.1)', () => {
      const oos = attempt(make({ supply: false }), 'finnish', 6);
      expect(ids(oos.ev)).toEqual(['outOfSupply']);
      expect(oos.ev).toMatchObject({ total: 5, success: false });
      // In supply (a free path to A6, 15.3): no DRM.
      expect(ids(attempt(make(), 'finnish', 6).ev)).toEqual([]);
    });

    it('−1 for Soviet units on Dec 11 and 12, not for Finns (DRM 6)', () => {
      const r = make({ setup: { s1: 'F6', f1: 'C6' }, track: (t) => (t.date = '1939-12-11') });
      const sov = attempt(r, 'soviet', 6, { unit: 's1' });
      expect(ids(sov.ev)).toEqual(['sovietLateDays']);
      expect(sov.ev?.success).toBe(false);
      expect(ids(attempt(r, 'finnish', 6).ev)).toEqual([]);
      const dec10 = make({ track: (t) => (t.date = '1939-12-10') });
      expect(ids(attempt(dec10, 'soviet', 6, { unit: 's1' }).ev)).toEqual([]);
    });

    it('+1 for a JR16 company stacked with a Field Kitchen when optional rule 20.8 is on (DRM 7)', () => {
      const r = make({
        setup: { fk: 'C6' },
        extra: [['fk', 'finnish', 'fieldKitchen', { steps: 1, reduced: null, infantryCompany: false }]],
      });
      expect(ids(attempt(r, 'finnish', 5).ev)).toEqual([]);
      const withRule = attempt(r, 'finnish', 5, { setup: (s) => ({ ...s, options: { ...s.options, '20.8': true } }) });
      expect(ids(withRule.ev)).toEqual(['fieldKitchen']);
    });

    it('adds the DRMs together (morale bonus + far + Pajari + night − out of supply)', () => {
      const r = make({ supply: false, setup: { s1: 'H1', paj: 'C6' }, track: (t) => ((t.moraleBonus = 'finnish'), (t.light = 'night')) });
      const { ev } = attempt(r, 'finnish', 3);
      expect(ids(ev).sort()).toEqual(['farFromEnemy', 'moraleBonus', 'night', 'outOfSupply', 'pajari']);
      expect(ev).toMatchObject({ roll: 3, total: 6, success: true });
    });
  });

  it('lets a Soviet unit that built a Bonfire this night still attempt Recovery (16.2, 13.3)', () => {
    const r = make({ setup: { s1: 'H10', f1: 'A1' }, track: (t) => (t.light = 'night') });
    const { engine, state } = atAction(r, 'soviet');
    const s = must(engine, reduce(state, 's1'), 'soviet', { type: 'bonfire', units: ['s1'] });
    expect(engine.legalActions(s, 'soviet').recovery!.map((o) => o.unit)).toEqual(['s1']);
    const res = engine.apply(s, 'soviet', { type: 'recovery', unit: 's1' }, { forcedDice: [1] });
    expect(res.ok && res.events.find((e) => e.type === 'recovery')).toMatchObject({ total: 3, success: false });
    // Only once (13.3).
    expect(codeOf(engine.apply(res.ok ? res.state : s, 'soviet', { type: 'recovery', unit: 's1' }))).toBe('rule/already-acted');
  });

  it('refuses Soviet Recovery under Soviet Morale Collapse (17.0.4)', () => {
    const { engine, state } = atAction(make(), 'soviet');
    const s = reduce(state, 's1');
    s.markers.push({ type: 'sovietMoraleCollapse', hex: 'H6' });
    expect(codeOf(engine.apply(s, 'soviet', { type: 'recovery', unit: 's1' }))).toBe('rule/recovery-morale-collapse');
  });

  it('legalActions lists exactly the units that may try, with their DRMs and the die they need; apply takes each (13.3)', () => {
    const r = make({ setup: { f2: 'E6', fmg: 'C7', bike: 'B2', paj: 'B2', s1: 'F6' } });
    const { engine, state } = atAction(r, 'finnish');
    const s = reduce(state, 'f1', 'f2', 'fmg', 'bike');
    const la = engine.legalActions(s, 'finnish');
    expect(la.phaseActions).toContain('recovery');
    // f2 is in the ZOC of s1; fmg is not infantry.
    expect(la.recovery!.map((o) => o.unit).sort()).toEqual(['bike', 'f1']);
    const bike = la.recovery!.find((o) => o.unit === 'bike')!;
    expect(bike).toMatchObject({ hex: 'B2', net: 2, needs: 4, pajariAvailable: true });
    for (const o of la.recovery!)
      expect(codeOf(engine.apply(s, 'finnish', { type: 'recovery', unit: o.unit }, { forcedDice: [1] }))).toBe('ok');
    for (const u of ['f2', 'fmg', 'paj', 's1']) expect(codeOf(engine.apply(s, 'finnish', { type: 'recovery', unit: u }))).not.toBe('ok');
    // Nothing to recover: not offered.
    expect(engine.legalActions(state, 'finnish').phaseActions).not.toContain('recovery');
  });
});

describe('Recovery on the real map (13.3)', () => {
  it('offers Recovery to a reduced company in the Campaign and every offer is accepted', async () => {
    const { createEngine } = await import('../../src/engine/index.js');
    const engine = createEngine(REAL);
    let s = engine.setup('campaign', { seed: 'rec' });
    while (!(s.phase === 'action' && s.activeSide === 'soviet'))
      s = must(engine, s, engine.whoMustAct(s).side, { type: 'endPhase', phase: s.phase });
    s = reduce(s, '1/1/609');
    const la = engine.legalActions(s, 'soviet');
    const o = la.recovery!.find((x) => x.unit === '1/1/609')!;
    // Dec 8 is the Soviet morale bonus day (Turn Track): +1, and the Finns are more than 4 hexes away.
    expect(o.drms.map((d) => d.id)).toContain('moraleBonus');
    for (const x of la.recovery!) expect(codeOf(engine.apply(s, 'soviet', { type: 'recovery', unit: x.unit }))).toBe('ok');
  });
});
