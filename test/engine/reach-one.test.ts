// A move's own route (4.1, 4.1.1, 4.3, 6.0, 7.1, 13.1) is searched only until its hex is settled
// (src/engine/movement.ts `reachOne`, issue 18). It must be exactly the route the full search gives:
// checked for every unit and entering reinforcement of the side to act, to every hex the full search
// reaches and every hex next to those (where it must find nothing), at Action Phase states all through
// the recorded Campaign (night turns, Extended Movement, ZOC stops and minimum moves among them).
import { describe, expect, it } from 'vitest';
import { envFor, reachOne, reachable } from '../../src/engine/movement.js';
import { moverEntering, moverOnMap } from '../../src/engine/mover.js';
import { dueReinforcements } from '../../src/engine/reinforcements.js';
import type { HexId } from '../../src/engine/hex.js';
import { recordedCampaign, replayCampaign } from './helpers/recorded-campaign.js';

describe('4.1 a move’s own route', () => {
  it('is the full search’s route to that hex, for every mover and hex, all through the recorded Campaign', { timeout: 120_000 }, () => {
    const c = recordedCampaign();
    const { ctx, engine } = c;
    let phases = 0;
    let checked = 0;
    let found = 0;
    let lastTurn = -1;
    replayCampaign(c, (st) => {
      const who = engine.whoMustAct(st);
      // The first Action Phase state of every fifth turn.
      if (st.phase !== 'action' || who.pending || st.turn === lastTurn || st.turn % 5 !== 0) return;
      lastTurn = st.turn;
      phases++;
      const side = who.side!;
      const env = envFor(ctx, st, side);
      const movers = [
        ...Object.values(st.units)
          .filter((u) => u.side === side && u.location === 'map' && u.hex)
          .map((u) => moverOnMap(ctx, st, side, [u.id], env)),
        ...dueReinforcements(st, side).map((u) => moverEntering(ctx, st, side, [u.id], env)),
      ];
      for (const m of movers) {
        if ('violation' in m) continue;
        const all = reachable(ctx, st, m, env);
        const asked = new Set<HexId>();
        for (const r of all) for (const h of [r.hex, ...ctx.neighbours(r.hex)]) asked.add(h);
        for (const h of m.entryHexes) asked.add(h);
        asked.delete(m.start as HexId);
        for (const to of asked) {
          const full = all.find((r) => r.hex === to);
          expect(reachOne(ctx, st, m, env, to), `${m.ids.join('+')} to ${to}, turn ${st.turn}`).toEqual(full);
          checked++;
          if (full) found++;
        }
      }
    });
    expect(phases).toBeGreaterThanOrEqual(5);
    expect(found).toBeGreaterThan(1000);
    expect(checked - found).toBeGreaterThan(1000); // hexes it must not reach
  });
});
