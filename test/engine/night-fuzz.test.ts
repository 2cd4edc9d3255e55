/**
 * Night turns under random legal play on the real map (real CRT): at every Action Phase of a night turn
 * every Bonfire and every single-unit Night Raid that legalActions lists (with Pajari when he is listed) is
 * accepted by apply, and the Sub-Zero Loss Phase leaves no Skull, Night Raid mark or Bonfire behind
 * (16.2, 16.3, 16.4.1).
 */
import { describe, expect, it } from 'vitest';
import type { GameState, Side } from '../../src/engine/index.js';
import { randomPlay } from './helpers/random-play.js';
import { engineWith } from './night-helpers.js';

const engine = engineWith();

function tryNightOptions(st: GameState, side: Side): number {
  const legal = engine.legalActions(st, side);
  if (!legal.toAct || legal.pending || !legal.night) return 0;
  let n = 0;
  for (const u of legal.night.bonfire) {
    const r = engine.apply(st, side, { type: 'bonfire', units: [u] });
    expect(r.ok, `bonfire ${u}: ${r.ok ? '' : r.violation.message}`).toBe(true);
    n++;
  }
  for (const t of legal.night.raid.targets) {
    const pajari = t.units.includes('Pajari');
    for (const u of t.units.filter((x) => x !== 'Pajari')) {
      for (const units of pajari ? [[u], [u, 'Pajari']] : [[u]]) {
        const r = engine.apply(st, side, { type: 'nightRaid', units, target: t.hex });
        // Pajari must be stacked or adjacent with the raider: only then is the pair legal.
        if (units.length === 2 && !r.ok && r.violation.code === 'rule/night-raid-units') continue;
        expect(r.ok, `raid ${units.join('+')} → ${t.hex}: ${r.ok ? '' : r.violation.message}`).toBe(true);
        if (r.ok) {
          expect(r.state.units[u]!.flags.acted).toBe(true);
          n++;
        }
      }
    }
  }
  return n;
}

describe('night turns under random play (16.2, 16.3, 16.4.1)', () => {
  it('accepts every listed Bonfire and Night Raid and clears the markers in the Sub-Zero Loss Phase', () => {
    let tried = 0;
    let subZero = 0;
    randomPlay(engine, engine.setup('campaign', { seed: 'night-fuzz' }), {
      seed: 'night-fuzz-play',
      maxActionsPerPhase: 4,
      untilTurn: 5,
      onStep: (step) => {
        const st = step.after;
        if (st.phase === 'action' && engine.ruleset.turnTrack.find((t) => t.turn === st.turn)?.light === 'night')
          tried += tryNightOptions(st, st.activeSide);
        // The phase's end rolls the SZLT; the owners' Sub-Zero loss choices (16.3) may follow in the same phase.
        if (step.before.phase === 'subZero' && step.action.type === 'endPhase') {
          subZero++;
          expect(step.events.some((e) => e.type === 'nightMarkersRemoved')).toBe(true);
          expect(st.markers.filter((m) => m.type === 'bonfire' || m.type === 'skull')).toEqual([]);
          expect(Object.values(st.units).some((u) => u.flags.skull || u.flags.nightRaid)).toBe(false);
        }
        for (const u of Object.values(st.units)) if (u.location === 'map') expect(u.stepsLeft).toBeGreaterThan(0);
      },
    });
    expect(subZero).toBe(1);
    expect(tried).toBeGreaterThan(0);
  }, 240_000);
});
