// A move's own route (4.1, 4.1.1, 4.3, 6.0, 7.1, 13.1) is searched only until its hex is settled
// (src/engine/movement.ts `reachOne`, issue 18). It must be exactly the route the full search gives:
// checked for every unit and entering reinforcement of the side to act, to every hex the full search
// reaches and every hex next to those (where it must find nothing), at Action Phase states all through
// the recorded Campaign (night turns, Extended Movement, ZOC stops and minimum moves among them).
import { describe, expect, it } from 'vitest';
import { reachOne, reachable } from '../../src/engine/movement.js';
import type { HexId } from '../../src/engine/hex.js';
import { eachActionPhaseStart, recordedCampaign } from './helpers/recorded-campaign.js';

describe('4.1 a move’s own route', () => {
  it('is the full search’s route to that hex, for every mover and hex, all through the recorded Campaign', { timeout: 120_000 }, () => {
    const c = recordedCampaign();
    const { ctx } = c;
    let phases = 0;
    let checked = 0;
    let found = 0;
    // The first Action Phase state of every fifth turn.
    eachActionPhaseStart(c, 5, false, ({ state: st, env, movers }) => {
      phases++;
      for (const m of movers) {
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
