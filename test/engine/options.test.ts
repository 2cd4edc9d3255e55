// Game options by rule section (src/engine/options.ts) and the first-game preset: the Getting Started
// card's list of rules to leave out (variable reinforcements 12.1.4 and 12.8; Night Raids 16.4, Bonfires
// 16.2 and Sub-Zero checks 16.3; Adjacent Defensive Support 10.3.6; variable LOS 10.6; every optional
// rule). Each leave-out is switched off and on here.
import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../src/data/load.js';
import { createEngine, type GameState } from '../../src/engine/index.js';
import { contextOf } from '../../src/engine/ctx.js';
import { firstGameOptions, isFirstGame, ruleOn, ruleOptionsProblem, RULE_OPTIONS } from '../../src/engine/options.js';
import { FIXED_LOS, losRange } from '../../src/engine/los.js';
import { planRanged } from '../../src/engine/ranged.js';
import { endPhasesUntil } from './helpers/end-phases.js';

const rs = loadRuleset();
const engine = createEngine(rs);
const ctx = contextOf(rs);
const first = firstGameOptions();
const until = (s: GameState, pred: (s: GameState) => boolean): GameState => endPhasesUntil(engine, s, pred);
const nightTurn = rs.turnTrack.find((t) => t.light === 'night' && t.turn > 1)!.turn;

describe('rule options (src/engine/options.ts)', () => {
  it('knows each option once, refuses unknown keys, values other than on/off and rules hexref does not play', () => {
    expect(new Set(RULE_OPTIONS.map((o) => o.key)).size).toBe(RULE_OPTIONS.length);
    expect(ruleOptionsProblem({ '20.8': true, '17.0.4': false })).toBeNull();
    expect(ruleOptionsProblem({ '99.9': true })).toMatch(/'99\.9' is not a rule hexref can switch on or off\. Options: .*20\.8/);
    expect(ruleOptionsProblem({ '20.8': 'yes' })).toMatch(/takes on or off/);
    expect(ruleOptionsProblem({ '20.3': true })).toMatch(/20\.3 Friendly Fire is not played by hexref: what Friendly Fire does/);
    expect(ruleOptionsProblem({ '20.3': false })).toBeNull(); // leaving it out is what happens anyway
  });

  it('defaults: the rulebook and the Campaign special rules on, the optional rules (20.0) off', () => {
    for (const o of RULE_OPTIONS) expect(ruleOn({}, o.key)).toBe(o.kind !== 'optional');
    expect(ruleOn({ '20.8': true }, '20.8')).toBe(true);
    expect(ruleOn({ '16.4': false }, '16.4')).toBe(false);
  });

  it('the first game leaves out the seven rules of the Getting Started card and keeps the optional rules off', () => {
    expect(Object.keys(first).sort()).toEqual(['10.3.6', '10.6', '12.1.4', '12.8', '16.2', '16.3', '16.4']);
    expect(Object.values(first).every((v) => v === false)).toBe(true);
    expect(isFirstGame(first)).toBe(true);
    expect(isFirstGame({ ...first, '16.4': true })).toBe(false);
    expect(isFirstGame({})).toBe(false);
    expect(RULE_OPTIONS.filter((o) => o.kind === 'optional').every((o) => !ruleOn(first, o.key))).toBe(true);
  });
});

describe('the first game: each rule it leaves out (Getting Started card)', () => {
  it('10.6 off: LOS is 5 hexes by day whatever the Turn Track prints, and the night turn keeps its own', () => {
    const fog = rs.turnTrack.find((t) => t.light === 'fog')!;
    const night = rs.turnTrack.find((t) => t.light === 'night')!;
    expect(losRange(rs, { turn: fog.turn, options: {} })).toBe(fog.los);
    expect(losRange(rs, { turn: fog.turn, options: first })).toBe(FIXED_LOS);
    expect(losRange(rs, { turn: night.turn, options: first })).toBe(night.los);
    const s = engine.setup('campaign', { seed: 'los', options: first });
    expect(engine.toMapView(s).header.los).toBe(losRange(rs, s));
  });

  it('12.1.4 off: no armor commitment is offered or accepted', () => {
    const on = until(engine.setup('campaign', { seed: 'armor' }), (x) => x.turn === 6 && x.phase === 'action' && x.activeSide === 'soviet');
    expect(engine.legalActions(on, 'soviet').armorCommitment).toBeDefined();
    const off = until(
      engine.setup('campaign', { seed: 'armor', options: first }),
      (x) => x.turn === 6 && x.phase === 'action' && x.activeSide === 'soviet',
    );
    expect(engine.legalActions(off, 'soviet').armorCommitment).toBeUndefined();
    const r = engine.apply(off, 'soviet', {
      type: 'commitArmor',
      units: engine.legalActions(on, 'soviet').armorCommitment!.units.slice(0, 1),
    });
    expect(r.ok === false && r.violation).toMatchObject({ code: 'rule/armor-commitment', rule: '12.1.4' });
    expect(r.ok === false && r.violation.message).toMatch(/leaves the armor commitment out \(option 12\.1\.4\)/);
  });

  it('12.8 off: the Provisional Company cannot be created', () => {
    const s = until(
      engine.setup('campaign', { seed: 'prov', options: { '12.8': false } }),
      (x) => x.phase === 'action' && x.activeSide === 'finnish',
    );
    const r = engine.apply({ ...s, sovietWestOfI: true }, 'finnish', { type: 'createProvisional', hex: 'K17' });
    expect(r.ok === false && r.violation.message).toMatch(/leaves the Provisional Company out \(option 12\.8\)/);
  });

  it('16.2 and 16.4 off: no Bonfires and no Night Raids on a night turn', () => {
    const sov = until(
      engine.setup('campaign', { seed: 'night', options: first }),
      (x) => x.turn === nightTurn && x.phase === 'action' && x.activeSide === 'soviet',
    );
    expect(engine.legalActions(sov, 'soviet').night?.bonfire ?? []).toEqual([]);
    const anyUnit = Object.values(sov.units).find((u) => u.side === 'soviet' && u.location === 'map')!.id;
    let r = engine.apply(sov, 'soviet', { type: 'bonfire', units: [anyUnit] });
    expect(r.ok === false && r.violation).toMatchObject({ code: 'rule/option-off', rule: '16.2' });
    const fin = until(sov, (x) => x.phase === 'action' && x.activeSide === 'finnish');
    expect(engine.legalActions(fin, 'finnish').night?.raid.targets ?? []).toEqual([]);
    r = engine.apply(fin, 'finnish', { type: 'nightRaid', units: ['6/2/JR16'], target: 'M16' });
    expect(r.ok === false && r.violation).toMatchObject({ code: 'rule/option-off', rule: '16.4' });
    const on = until(
      engine.setup('campaign', { seed: 'night' }),
      (x) => x.turn === nightTurn && x.phase === 'action' && x.activeSide === 'soviet',
    );
    expect(engine.legalActions(on, 'soviet').night?.bonfire.length).toBeGreaterThan(0);
  });

  it('16.3 off: the night turn has no Sub-Zero Loss Phase; the turn goes straight to the Victory Check', () => {
    const s = until(engine.setup('campaign', { seed: 'szlt', options: { '16.3': false } }), (x) => x.turn === nightTurn + 1);
    expect(s.log.some((e) => e.type === 'phase' && e.phase === 'subZero')).toBe(false);
    expect(s.log.some((e) => e.type === 'subZeroCheck')).toBe(false);
    const on = until(engine.setup('campaign', { seed: 'szlt' }), (x) => x.turn === nightTurn + 1);
    expect(on.log.some((e) => e.type === 'phase' && e.phase === 'subZero')).toBe(true);
    expect(on.log.some((e) => e.type === 'subZeroCheck')).toBe(true);
  });

  it('10.3.6 off: defensive Support into an adjacent frozen-lake hex is refused as any adjacent fire is', () => {
    // A Finnish MG next to a lake hex holding a Soviet stack that attacks a third hex.
    const s0 = engine.setup('campaign', { seed: 'adj' });
    const lakeHex = Object.values(rs.map.hexes).find(
      (h) => h.terrain === 'lake' && ctx.neighbours(h.id).some((n) => ctx.hex(n)!.terrain !== 'lake'),
    )!.id;
    const mg = Object.values(s0.units).find((u) => u.side === 'finnish' && u.location === 'map' && ctx.counter(u.id).type === 'mg')!.id;
    const sov = Object.values(s0.units).find((u) => u.side === 'soviet' && u.location === 'map')!.id;
    const nb = ctx.neighbours(lakeHex).find((h) => ctx.hex(h)!.terrain !== 'lake')!;
    const place = (options: Record<string, boolean>): GameState => {
      const st = structuredClone({ ...s0, options });
      for (const u of Object.values(st.units)) if (u.location === 'map' && (u.hex === lakeHex || u.hex === nb)) u.hex = 'A1';
      st.units[mg]!.hex = nb;
      st.units[sov]!.hex = lakeHex;
      st.phase = 'combat';
      st.activeSide = 'soviet';
      return st;
    };
    const on = planRanged(ctx, place({}), 'finnish', mg, lakeHex, undefined, 'defensive');
    expect('violation' in on && on.violation.rule).not.toBe('10.2');
    const off = planRanged(ctx, place({ '10.3.6': false }), 'finnish', mg, lakeHex, undefined, 'defensive');
    expect('violation' in off && off.violation.rule).toBe('10.2');
  });
});
