// A move's own route (4.1, 4.1.1, 4.3, 6.0, 7.1, 13.1) is searched only until its hex is settled
// (src/engine/movement.ts `reachOne`, issue 18). It must be exactly the route the full search gives:
// checked for every unit and entering reinforcement of the side to act, to every hex the full search
// reaches and every hex next to those (where it must find nothing), at Action Phase states all through
// the recorded Campaign (night turns, Extended Movement, ZOC stops and minimum moves among them).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../src/data/load.js';
import { createEngine, type GameRecord } from '../../src/engine/index.js';
import { contextOf } from '../../src/engine/ctx.js';
import { envFor, reachOne, reachable } from '../../src/engine/movement.js';
import { moverEntering, moverOnMap } from '../../src/engine/mover.js';
import { dueReinforcements } from '../../src/engine/reinforcements.js';
import type { HexId } from '../../src/engine/hex.js';
import { withArmorReinforcements } from './helpers/campaign-bot.js';

describe('4.1 a move’s own route', () => {
  it('is the full search’s route to that hex, for every mover and hex, all through the recorded Campaign', { timeout: 120_000 }, () => {
    const ruleset = withArmorReinforcements(loadRuleset());
    const engine = createEngine(ruleset);
    const ctx = contextOf(ruleset);
    const record = JSON.parse(readFileSync('test/fixtures/records/campaign-bot.json', 'utf8')) as GameRecord;
    let st = engine.setup(record.scenario, { seed: record.seed! });
    let phases = 0;
    let checked = 0;
    let found = 0;
    let lastTurn = -1;
    for (const ra of record.actions) {
      const who = engine.whoMustAct(st);
      // The first Action Phase state of every fifth turn.
      if (st.phase === 'action' && !who.pending && st.turn !== lastTurn && st.turn % 5 === 0) {
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
      }
      const r = engine.apply(st, ra.side, ra.action);
      if (!r.ok) throw new Error(r.violation.message);
      st = r.state;
    }
    expect(phases).toBeGreaterThanOrEqual(5);
    expect(found).toBeGreaterThan(1000);
    expect(checked - found).toBeGreaterThan(1000); // hexes it must not reach
  });
});
