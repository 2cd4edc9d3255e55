import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { loadRuleset } from '../../src/data/load.js';
import { createEngine, type Action, type GameState } from '../../src/engine/index.js';

/**
 * Random play on the real Campaign map mixing moves with Recovery (13.3), Digging In (14.x) and RP
 * spending (13.2, 13.2.1). Losses are simulated by editing the state between actions (reduce a company,
 * send one to the Dead Pool), as combat would. Every offered use must be accepted, and invariants hold.
 */
describe('fuzz: Recovery, Digging In and Replacements on the real map (13.2–14.5)', () => {
  it('every offered use is accepted and the markers/RPs stay within the rules', () => {
    const ruleset = loadRuleset();
    const engine = createEngine(ruleset);
    const rnd = seedrandom('rebuild-fuzz');
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
    let s: GameState = engine.setup('campaign', { seed: 'rebuild-fuzz' });
    const scen = ruleset.scenarios.find((x) => x.id === 'campaign')!;
    const used = { recovery: 0, digIn: 0, dugIn: 0, replacement: 0, reconstitute: 0 };
    let inPhase = 0;
    for (let step = 0; step < 2500 && s.phase !== 'gameOver' && s.turn <= 16; step++) {
      // Simulated losses now and then (combat stands in).
      if (rnd() < 0.08) {
        const c = structuredClone(s);
        const companies = Object.values(c.units).filter(
          (u) => u.location === 'map' && ruleset.counters.find((k) => k.id === u.id)!.infantryCompany,
        );
        if (companies.length > 4) {
          const u = pick(companies);
          if (u.stepsLeft === 2) u.stepsLeft = 1;
          else {
            u.location = 'deadPool';
            u.hex = null;
            u.stepsLeft = 0;
          }
          s = c;
        }
      }
      const who = engine.whoMustAct(s);
      const la = engine.legalActions(s, who.side);
      let action: Action = { type: 'endPhase', phase: s.phase };
      if (!la.pending && inPhase < 8) {
        if (la.replacements && rnd() < 0.9) {
          const rp = la.replacements;
          if (rp.rebuild.length && (rnd() < 0.5 || !rp.reconstitute.length)) action = { type: 'replacement', unit: pick(rp.rebuild) };
          else if (rp.reconstitute.length) {
            const o = pick(rp.reconstitute);
            const steps = pick(o.steps);
            action =
              rp.placementHexes.length && rnd() < 0.7
                ? { type: 'replacement', unit: o.unit, steps, hex: pick(rp.placementHexes) }
                : { type: 'replacement', unit: o.unit, steps, toTurn: pick(rp.turns) };
          }
        } else if (s.phase === 'action') {
          const r = rnd();
          if (r < 0.3 && la.recovery?.length)
            action = { type: 'recovery', unit: pick(la.recovery).unit, ...(rnd() < 0.3 ? { pajari: false } : {}) };
          else if (r < 0.6 && la.digIn?.length) {
            const o = pick(la.digIn);
            action = { type: 'digIn', units: [...new Set(o.units.filter(() => rnd() < 0.5).concat(o.units[0]!))] };
          } else if (la.units.length && rnd() < 0.8) {
            const mv = pick(la.units);
            if (mv.reachable.length)
              action =
                mv.kind === 'enter'
                  ? { type: 'enterReinforcement', units: mv.units, to: pick(mv.reachable).hex }
                  : { type: 'move', units: mv.units, to: pick(mv.reachable).hex };
          }
        }
      }
      if (la.pending?.type === 'placeLeader') action = { type: 'placeLeader', unit: la.pending.unit, hex: pick(la.pending.options) };
      else if (la.pending?.type === 'stepLosses')
        action = { type: 'takeLosses', ...la.pending.default }; // 16.3
      else if (la.pending) break; // no combat is declared here, so no other decision is expected
      const res = engine.apply(s, who.side, action);
      if (!res.ok) throw new Error(`offered but refused: ${JSON.stringify(action)} → ${res.violation.code}: ${res.violation.message}`);
      for (const e of res.events) {
        if (e.type === 'recovery') used.recovery++;
        if (e.type === 'digIn') used[e.marker === 'dugIn' ? 'dugIn' : 'digIn']++;
        if (e.type === 'replacement') used[e.kind === 'rebuild' ? 'replacement' : 'reconstitute']++;
      }
      inPhase = action.type === 'endPhase' ? 0 : inPhase + 1;
      s = res.state;
      // Invariants: 14.1 marker limits, 14.4 no abandoned markers, one marker per hex and side, RPs within the track.
      for (const side of ['soviet', 'finnish'] as const) {
        const mine = s.markers.filter((m) => (m.type === 'dugIn' || m.type === 'diggingIn') && m.side === side);
        expect(mine.length).toBeLessThanOrEqual(scen.dugInMarkers[side]);
        expect(new Set(mine.map((m) => m.hex)).size).toBe(mine.length);
        for (const m of mine)
          expect(Object.values(s.units).some((u) => u.side === side && u.location === 'map' && u.hex === m.hex)).toBe(true);
      }
      if (s.phase === 'reset') {
        const rpEvents = s.log.slice(s.log.map((e) => e.type).lastIndexOf('phase')).filter((e) => e.type === 'replacement');
        const spent = rpEvents.reduce((n, e) => n + (e.type === 'replacement' ? e.rp : 0), 0);
        expect(spent).toBeLessThanOrEqual(scen.replacements.find((r) => r.turn === s.turn)?.[s.activeSide] ?? 0);
      }
      for (const u of Object.values(s.units)) expect(u.stepsLeft).toBeLessThanOrEqual(ruleset.counters.find((k) => k.id === u.id)!.steps);
    }
    expect(used.recovery).toBeGreaterThan(0);
    expect(used.digIn).toBeGreaterThan(0);
    expect(used.dugIn).toBeGreaterThan(0);
    expect(used.replacement + used.reconstitute).toBeGreaterThan(0);
  }, 120_000);
});
