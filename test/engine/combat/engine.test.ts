/**
 * Combat through the public engine (createEngine → apply / legalActions / whoMustAct / toMapView) on the
 * real map, counters and CRT, with forced dice.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/index.js';
import type { GameState, Side } from '../../../src/engine/index.js';
import { loadRuleset } from '../../../src/data/load.js';

const rs = loadRuleset();

function at(engine: ReturnType<typeof createEngine>, phase: 'action' | 'combat', side: Side): GameState {
  let st = engine.setup('campaign', { seed: 'combat-engine-test' });
  while (!(st.phase === phase && st.activeSide === side)) {
    const who = engine.whoMustAct(st);
    const r = engine.apply(st, who.side, { type: 'endPhase', phase: st.phase });
    if (!r.ok) throw new Error(r.violation.message);
    st = r.state;
  }
  return st;
}

/** Put a unit somewhere (test set-up only). */
function put(st: GameState, unit: string, hex: string): GameState {
  const s = structuredClone(st);
  s.units[unit] = { ...s.units[unit]!, location: 'map', hex };
  return s;
}

describe('Combat in the engine (8.0–8.7)', () => {
  it('lists targets, resolves a Combat with numbered dice, and waits on the defender, then the attacker (8.1)', () => {
    const engine = createEngine(rs);
    let st = at(engine, 'combat', 'soviet');
    expect(st.units['1/1/609']!.hex).toBe('Q25');
    st = put(st, '1/1/JR16', 'Q24');
    const legal = engine.legalActions(st, 'soviet');
    expect(legal.phaseActions).toContain('combat');
    const target = legal.combat!.targets.find((t) => t.hex === 'Q24');
    expect(target?.attackers).toEqual(expect.arrayContaining(['1/1/609', '2/1/609', '3/1/609']));
    // Mortars are never offered (12.5.1).
    expect(target?.attackers.some((u) => u.startsWith('Mtr'))).toBe(false);

    const decl = engine.apply(st, 'soviet', { type: 'combat', attackers: ['1/1/609'], target: 'Q24' });
    if (!decl.ok) throw new Error(decl.violation.message);
    // The Finns may support from nearby, so the Combat waits for their declaration before any die (10.3.2).
    expect(decl.events.some((e) => e.type === 'roll')).toBe(false);
    const ds = decl.state.pending[0]!;
    if (ds.type !== 'defensiveSupport') throw new Error('expected the defensive Support decision');
    expect(ds).toMatchObject({ side: 'finnish', default: { units: [] } });
    const r = engine.apply(decl.state, 'finnish', { type: 'support', ...ds.default }, { forcedDice: [6, 6] });
    if (!r.ok) throw new Error(r.violation.message);
    const combat = r.events.find((e) => e.type === 'combat');
    const roll = r.events.find((e) => e.type === 'roll');
    expect(roll).toMatchObject({ dice: [6, 6], rule: '8.4' });
    expect(combat).toMatchObject({ ratio: '5:5', baseOdds: '1:1', roll: 12, column: '2:1' });
    if (combat?.type === 'combat') expect(combat.modifiers).toEqual(['soviet morale bonus: 1R (8.3 case 8)']);
    // The Finnish player owns the next decision.
    expect(engine.whoMustAct(r.state)).toMatchObject({ side: 'finnish', what: 'combatLosses' });
    expect(engine.legalActions(r.state, 'finnish').phaseActions).toEqual(['takeLosses']);
    // Nothing else goes while the decision is open.
    const blocked = engine.apply(r.state, 'soviet', { type: 'endPhase', phase: 'combat' });
    expect(blocked.ok).toBe(false);
    const pend = r.state.pending[0]!;
    if (pend.type !== 'combatLosses') throw new Error('expected a loss decision');
    // Menus can build a retreat hex by hex (8.5.2): the first hexes match the decision's list.
    expect(engine.decisionHexes(r.state, { units: ['1/1/JR16'], path: [] })).toEqual(pend.firstHexes['1/1/JR16']);
    const r2 = engine.apply(r.state, 'finnish', { type: 'takeLosses', ...pend.default });
    if (!r2.ok) throw new Error(r2.violation.message);
    expect(r2.events.some((e) => e.type === 'retreated' || e.type === 'stepLoss')).toBe(true);
  });

  it('resolves a Combat out of the box with the shipped CRT: 1:1 shifted to 2:1 on a 9 reads 1/2 (8.4)', () => {
    const engine = createEngine(rs);
    let st = at(engine, 'combat', 'soviet');
    st = put(st, '1/1/JR16', 'Q24');
    expect(engine.legalActions(st, 'soviet').phaseActions).toContain('combat');
    const decl = engine.apply(st, 'soviet', { type: 'combat', attackers: ['1/1/609'], target: 'Q24' });
    if (!decl.ok) throw new Error(decl.violation.message);
    const r = engine.apply(decl.state, 'finnish', { type: 'support', units: [] }, { forcedDice: [4, 5] });
    if (!r.ok) throw new Error(r.violation.message);
    expect(r.events.find((e) => e.type === 'combat')).toMatchObject({ column: '2:1', roll: 9, result: '1/2' });
    expect(r.state.pending[0]).toMatchObject({ type: 'combatLosses', side: 'finnish', losses: 2 });
  });

  it('lets a stack that began the phase adjacent Assault during the Action Phase and ends its movement (9.1, 9.2)', () => {
    const engine = createEngine(rs);
    let st = at(engine, 'action', 'soviet');
    st = put(st, '1/1/JR16', 'Q24');
    const legal = engine.legalActions(st, 'soviet');
    expect(legal.phaseActions).toContain('assault');
    expect(legal.combat!.assaults.some((a) => a.target === 'Q24' && a.from === 'Q25')).toBe(true);
    const r = engine.apply(st, 'soviet', { type: 'assault', units: ['1/1/609', '2/1/609'], target: 'Q24' }, { forcedDice: [6, 6] });
    if (!r.ok) throw new Error(r.violation.message);
    expect(r.events.find((e) => e.type === 'combat')).toMatchObject({ kind: 'assault', rule: '9.2' });
    expect(r.state.units['1/1/609']!.flags.acted).toBe(true);
  });

  it('prices an Assault after a move at terrain + 2 of the MPs left, with no minimum-move exception (9.1, 4.1.1)', () => {
    const engine = createEngine(rs);
    let st = at(engine, 'action', 'soviet');
    // Q24 and Q23 are forest (2 MP each); the Q25 companies have MA 5 on this day turn.
    expect([rs.map.hexes.Q24!.terrain, rs.map.hexes.Q23!.terrain]).toEqual(['forest', 'forest']);
    st = put(st, '1/1/JR16', 'Q23');
    const r = engine.apply(
      st,
      'soviet',
      { type: 'assault', units: ['1/1/609', '2/1/609'], target: 'Q23', path: ['Q24'] },
      { forcedDice: [6, 6] },
    );
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.violation).toMatchObject({ code: 'rule/assault-mp', rule: '9.1' });
    // Nothing moved.
    expect(st.units['1/1/609']!.hex).toBe('Q25');
  });

  it('moves a stack along its path and then assaults with the MPs left, in one action (9.1, 3.0)', () => {
    const engine = createEngine(rs);
    let st = at(engine, 'action', 'soviet');
    // U27 → V27 (frozen lake, 1.5 of 5 MPs) leaves 3.5: an Assault on V26 (lake 1.5 + 2) fits exactly.
    st = put(st, '1/1/609', 'U27');
    st = put(st, '1/1/JR16', 'V26');
    const legal = engine.legalActions(st, 'soviet'); // V26 is not adjacent to U27: no Assault from where it stands
    expect(legal.combat!.assaults.some((a) => a.target === 'V26')).toBe(false);
    const r = engine.apply(st, 'soviet', { type: 'assault', units: ['1/1/609'], target: 'V26', path: ['V27'] }, { forcedDice: [6, 6] });
    if (!r.ok) throw new Error(r.violation.message);
    expect(r.events.find((e) => e.type === 'combat')).toMatchObject({ kind: 'assault', target: 'V26' });
    expect(r.state.units['1/1/609']!.flags.acted).toBe(true);
    expect(r.state.units['1/1/609']!.hex).not.toBe('U27');
  });

  it('lets a stack that has just moved assault with the MPs it has left, listed as such (4.1, 9.1)', () => {
    const engine = createEngine(rs);
    let st = at(engine, 'action', 'soviet');
    st = put(st, '1/1/609', 'U27');
    st = put(st, '1/1/JR16', 'V26');
    const moved = engine.apply(st, 'soviet', { type: 'move', units: ['1/1/609'], to: 'V27' });
    if (!moved.ok) throw new Error(moved.violation.message);
    expect(moved.events.find((e) => e.type === 'moved')).toMatchObject({ to: 'V27', mpLeft: 3.5 });
    const listed = engine.legalActions(moved.state, 'soviet').combat!.assaults;
    expect(listed).toContainEqual(expect.objectContaining({ units: ['1/1/609'], from: 'V27', target: 'V26', cost: 3.5 }));
    const r = engine.apply(moved.state, 'soviet', { type: 'assault', units: ['1/1/609'], target: 'V26' }, { forcedDice: [6, 6] });
    if (!r.ok) throw new Error(r.violation.message);
    expect(r.events.find((e) => e.type === 'combat')).toMatchObject({ kind: 'assault', target: 'V26' });
    // Going on from where the move ended: a path is refused.
    const withPath = engine.apply(moved.state, 'soviet', { type: 'assault', units: ['1/1/609'], target: 'V26', path: ['V27'] });
    expect(withPath.ok).toBe(false);
  });

  it('refuses an Assault once something else has acted after the move, naming 9.1 and the one-action way (4.1, 9.1)', () => {
    const engine = createEngine(rs);
    let st = at(engine, 'action', 'soviet');
    st = put(st, '1/1/609', 'U27');
    st = put(st, '1/1/JR16', 'V26');
    const moved = engine.apply(st, 'soviet', { type: 'move', units: ['1/1/609'], to: 'V27' });
    if (!moved.ok) throw new Error(moved.violation.message);
    const other = engine.apply(moved.state, 'soviet', { type: 'move', units: ['2/1/609'], to: 'Q24' });
    if (!other.ok) throw new Error(other.violation.message);
    expect(engine.legalActions(other.state, 'soviet').combat!.assaults.some((a) => a.units.includes('1/1/609'))).toBe(false);
    const r = engine.apply(other.state, 'soviet', { type: 'assault', units: ['1/1/609'], target: 'V26' });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.violation).toMatchObject({ code: 'rule/assault-after-move', rule: '9.1, 4.1' });
      expect(r.violation.message).toMatch(/path/);
    }
  });

  it('lets armor go on moving after an Overrun with the MPs left, at the road cost of 12.1.2', () => {
    const engine = createEngine(rs);
    let st = at(engine, 'action', 'soviet');
    // U27 and T28 lie on the main road (the VASSAL module's Campaign set-up).
    st = put(st, 'T-26 m31', 'U27');
    st = put(st, '1/1/JR16', 'T28');
    const r = engine.apply(st, 'soviet', { type: 'assault', units: ['T-26 m31'], target: 'T28' }, { forcedDice: [6, 6] });
    if (!r.ok) throw new Error(r.violation.message);
    let s2 = r.state;
    // Defender losses (take the default), then the compulsory advance.
    for (let i = 0; i < 4 && s2.pending.length; i++) {
      const p = s2.pending[0]!;
      if (p.type === 'advance') expect(engine.decisionHexes(s2, { units: ['T-26 m31'], path: [] })).toEqual(['T28']);
      const a =
        p.type === 'combatLosses'
          ? { type: 'takeLosses' as const, ...p.default }
          : p.type === 'advance'
            ? { type: 'advance' as const, ...p.default }
            : null;
      if (!a) break;
      const n = engine.apply(s2, p.side, a);
      if (!n.ok) throw new Error(n.violation.message);
      s2 = n.state;
      if (n.events.some((e) => e.type === 'overrun'))
        expect(n.events.find((e) => e.type === 'overrun')).toMatchObject({ units: ['T-26 m31'], mpLeft: 8 - 2.5 });
    }
    expect(s2.units['T-26 m31']!.hex).toBe('T28');
    const legal = engine.legalActions(s2, 'soviet');
    const mv = legal.units.find((u) => u.units[0] === 'T-26 m31');
    expect(mv?.allowance).toBe(5.5);
    const m = engine.apply(s2, 'soviet', { type: 'move', units: ['T-26 m31'], to: mv!.reachable[0]!.hex });
    if (!m.ok) throw new Error(m.violation.message);
    // The Overrun MPs are used up: no second move.
    expect(engine.apply(m.state, 'soviet', { type: 'move', units: ['T-26 m31'], to: 'T28' })).toMatchObject({ ok: false });
  });

  it('previews the odds of a proposed attack through the engine without changing the state (8.2–8.4)', () => {
    const engine = createEngine(rs);
    let st = at(engine, 'action', 'soviet');
    st = put(st, '1/1/JR16', 'Q24');
    const before = JSON.stringify(st);
    const r = engine.previewAttack(st, 'soviet', { units: ['1/1/609', '2/1/609'], target: 'Q24' });
    if (!r.ok) throw new Error(r.violation.message);
    expect(r.preview).toMatchObject({ ratio: '10:5', baseOdds: '2:1', column: '3:1' });
    expect(r.preview.modifiers).toEqual(['soviet morale bonus: 1R (8.3 case 8)']);
    expect(r.preview.outcomes.reduce((t, o) => t + o.probability, 0)).toBeCloseTo(1);
    expect(JSON.stringify(st)).toBe(before);
  });

  it('shows units out of supply in the map view (15.0)', () => {
    const engine = createEngine(rs);
    let st = at(engine, 'action', 'soviet');
    // A Soviet company far from any road and from X28.
    st = put(st, '4/2/364', 'A1');
    const view = engine.toMapView(st);
    const c = view.units['A1']?.find((u) => u.id === '4/2/364');
    expect(c?.markers).toContain('outOfSupply');
    const q = view.units['Q25']?.find((u) => u.id === '1/1/609');
    expect(q?.markers).not.toContain('outOfSupply');
  });
});
