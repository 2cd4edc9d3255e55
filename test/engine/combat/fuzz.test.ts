/**
 * Combat fuzz: random legal Combats, Assaults and answers (defaults and random choices) on the real map
 * with the real CRT. Checks that every combat option legalActions lists is accepted by apply,
 * and invariants after every action (8.0–9.2, 6.0).
 */
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/index.js';
import type { Action, GameState, Side } from '../../../src/engine/index.js';
import { loadRuleset } from '../../../src/data/load.js';

const real = loadRuleset();
const rs = real;
const counters = new Map(rs.counters.map((c) => [c.id, c]));

function invariants(st: GameState): void {
  const byHex = new Map<string, { sides: Set<Side>; units: number; inf: number }>();
  for (const u of Object.values(st.units)) {
    if (u.location !== 'map') continue;
    expect(u.hex).toBeTruthy();
    expect(u.stepsLeft).toBeGreaterThanOrEqual(1);
    const c = counters.get(u.id)!;
    const e = byHex.get(u.hex!) ?? { sides: new Set<Side>(), units: 0, inf: 0 };
    // A lone Pajari may share a hex with the enemy until he is placed (12.3.1 pick-up pending).
    if (c.type !== 'leader') e.sides.add(u.side);
    if (c.type !== 'leader') e.units++;
    if (c.infantryCompany) e.inf++;
    byHex.set(u.hex!, e);
  }
  for (const [hex, e] of byHex) {
    expect(e.sides.size, `both sides in ${hex}`).toBeLessThanOrEqual(1);
    expect(e.units, `overstack in ${hex}`).toBeLessThanOrEqual(5);
    expect(e.inf, `too many companies in ${hex}`).toBeLessThanOrEqual(3);
  }
}

describe('combat fuzz (8.0–9.2)', () => {
  // One seed here; whole games with every kind of fight: campaign-fuzz.test.ts and npm run fuzz:campaign.
  it.each(['combat-fuzz'])('accepts every combat option legalActions lists and keeps the invariants (seed %s)', (seed) => {
    const engine = createEngine(rs);
    const rng = seedrandom(seed);
    const pick = <T>(xs: T[]): T => xs[Math.floor(rng() * xs.length)]!;
    let st = engine.setup('campaign', { seed: 'combat-fuzz' });
    // Bring the Finns next to the Soviet setup stacks so fights happen early.
    const finns = ['1/1/JR16', '2/1/JR16', '3/1/JR16', 'MG/1/JR16#1', 'MG/1/JR16#2', 'Pajari'];
    const spots = ['Q23', 'Q23', 'P24', 'P24', 'R25', 'P24'];
    st = structuredClone(st);
    finns.forEach((id, i) => {
      if (st.units[id]) st.units[id] = { ...st.units[id]!, location: 'map', hex: spots[i]! };
    });
    let combats = 0;
    let assaults = 0;
    let decisions = 0;
    for (let step = 0; step < 500 && st.phase !== 'gameOver'; step++) {
      const who = engine.whoMustAct(st);
      const legal = engine.legalActions(st, who.side);
      let action: Action;
      const p = legal.pending;
      if (p && p.type === 'combatLosses') {
        action = { type: 'takeLosses', ...p.default };
        decisions++;
      } else if (p && p.type === 'advance') {
        action = rng() < 0.3 && !p.mandatory ? { type: 'advance', units: [], path: [] } : { type: 'advance', ...p.default };
        decisions++;
      } else if (p && p.type === 'defensiveSupport') {
        // Defensive Support (10.3.2): the default (none) or one listed unit on its first listed hex.
        const o = p.options.length && rng() < 0.5 ? pick(p.options) : null;
        action = o ? { type: 'support', units: [o.unit], target: o.targets[0]!.hex } : { type: 'support', ...p.default };
        decisions++;
      } else if (p && p.type === 'placeLeader') {
        action = { type: 'placeLeader', unit: p.unit, hex: pick(p.options) };
      } else if (p && (p.type === 'stepLosses' || p.type === 'rangedLosses')) {
        action = { type: 'takeLosses', ...p.default };
      } else if (legal.combat?.targets.length && rng() < 0.8) {
        const t = pick(legal.combat.targets);
        const attackers = t.attackers.filter(() => rng() < 0.7);
        action = { type: 'combat', attackers: attackers.length ? attackers : [t.attackers[0]!], target: t.hex };
        combats++;
      } else if (legal.combat?.assaults.length && rng() < 0.6) {
        const a = pick(legal.combat.assaults);
        action = { type: 'assault', units: a.units, target: a.target };
        assaults++;
      } else if (legal.units.length && rng() < 0.5) {
        const u = pick(
          legal.units.filter((x) => x.kind === 'move').concat(legal.units.filter((x) => x.kind === 'move').length ? [] : legal.units),
        );
        const r = u.reachable.length ? pick(u.reachable) : null;
        action = r
          ? u.kind === 'move'
            ? { type: 'move', units: u.units, to: r.hex }
            : { type: 'enterReinforcement', units: u.units, to: r.hex }
          : { type: 'endPhase', phase: st.phase };
      } else {
        action = { type: 'endPhase', phase: st.phase };
      }
      const res = engine.apply(st, who.side, action);
      if (!res.ok) throw new Error(`step ${step}: ${JSON.stringify(action)} refused: ${res.violation.code} ${res.violation.message}`);
      st = res.state;
      invariants(st);
    }
    if (process.env.FUZZ_LOG) console.log({ combats, assaults, decisions });
    expect(combats + assaults).toBeGreaterThan(0);
    expect(decisions).toBeGreaterThan(0);
  });
});
