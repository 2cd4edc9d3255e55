// A Night Raid's routes (16.4.1: at most the raid's MP, free of enemy units, ending on entering an enemy
// ZOC) are searched, for the one raid being made, only until the hexes next to its target are settled,
// and for the listing of raids until the hexes next to every target are (src/engine/night.ts
// `raiderRoutes` with `only`; issue 18), and of those hexes only for the ones a route may enter at all (a
// neighbour free of enemy units and outside a binding enemy ZOC, or the start; for the easy routes, by an
// easy step from it, to a hex the route search reached). They must be the full search's costs there,
// and its easy routes too: checked for every Finnish unit on the map against every Soviet-held hex, at each
// Finnish Action Phase of a night turn of the recorded Campaign. The search runs on the map's arrays
// (src/engine/grid.ts); the full search is checked against a plain one on hex ids written here. The steps
// to a set of hexes asked about are remembered per map, so later turns here reuse those of earlier ones.
import { describe, expect, it } from 'vitest';
import { RAID_MAX_MP, raiderRoutes } from '../../src/engine/night.js';
import { zocBinds, zocOf, type ZocMap } from '../../src/engine/zoc.js';
import { enemyPresence, mayUseRoadRate, type EnemyPresence } from '../../src/engine/enemy.js';
import type { HexId } from '../../src/engine/hex.js';
import type { Ctx } from '../../src/engine/ctx.js';
import type { CounterDef } from '../../src/engine/ruleset.js';
import { stepCost } from '../../src/engine/terrain.js';
import { recordedCampaign, replayCampaign } from './helpers/recorded-campaign.js';

/** 16.4.1 as plainly as it can be searched: every cheaper cost found is pushed on again (no heap, no early stop). */
function plainRoutes(ctx: Ctx, c: CounterDef, from: HexId, ezoc: ZocMap, enemy: EnemyPresence, easyOnly: boolean): Map<HexId, number> {
  const best = new Map<HexId, number>([[from, 0]]);
  const todo: HexId[] = [from];
  while (todo.length) {
    const hex = todo.shift()!;
    if (hex !== from && zocBinds(ezoc, c, hex)) continue; // a route ends on entering an enemy ZOC
    for (const n of ctx.neighbours(hex)) {
      if (enemy.occupied.has(n) || n === from) continue;
      const road = ctx.road(hex, n);
      const terrain = ctx.hex(n)?.terrain;
      if (easyOnly && !(road !== null || terrain === 'lake' || terrain === 'village')) continue;
      const cost = best.get(hex)! + stepCost(ctx, c, n, road, mayUseRoadRate(c, zocBinds(ezoc, c, n), enemy.adjacent.has(n)));
      if (cost > RAID_MAX_MP || (best.get(n) ?? Infinity) <= cost) continue;
      best.set(n, cost);
      todo.push(n);
    }
  }
  best.delete(from);
  return best;
}

describe('16.4.1 the routes of the raid being made', () => {
  it('are the full search’s costs next to its target, easy routes included, all through the recorded Campaign', { timeout: 60_000 }, () => {
    const c = recordedCampaign();
    const { ctx } = c;
    let checked = 0;
    let reached = 0;
    let lastTurn = -1;
    replayCampaign(c, (st) => {
      if (st.phase !== 'action' || st.activeSide !== 'finnish' || ctx.turnDef(st.turn)?.light !== 'night' || st.turn === lastTurn) return;
      lastTurn = st.turn;
      const ezoc = zocOf(ctx, st, 'soviet');
      const enemy = enemyPresence(st, ctx, 'finnish');
      const targets = [
        ...new Set(Object.values(st.units).flatMap((u) => (u.side === 'soviet' && u.location === 'map' && u.hex ? [u.hex] : []))),
      ];
      for (const u of Object.values(st.units)) {
        if (u.side !== 'finnish' || u.location !== 'map' || !u.hex) continue;
        const counter = ctx.counter(u.id);
        const full = raiderRoutes(ctx, counter, u.hex, ezoc, enemy);
        expect(full.cost, `${u.id} from ${u.hex}, turn ${st.turn}`).toEqual(plainRoutes(ctx, counter, u.hex, ezoc, enemy, false));
        expect(full.easy, `${u.id} from ${u.hex} (easy), turn ${st.turn}`).toEqual(plainRoutes(ctx, counter, u.hex, ezoc, enemy, true));
        // The listing's one search per raider: towards the hexes next to every target at once.
        const all = new Set<HexId>(targets.flatMap((t) => ctx.neighbours(t)));
        const listed = raiderRoutes(ctx, counter, u.hex, ezoc, enemy, all);
        expect(listed.cost, `${u.id} to every target, turn ${st.turn}`).toEqual(new Map([...full.cost].filter(([h]) => all.has(h))));
        for (const t of targets) {
          const only = new Set<HexId>(ctx.neighbours(t));
          const part = raiderRoutes(ctx, counter, u.hex, ezoc, enemy, only);
          const want = (m: Map<HexId, number>) => new Map([...m].filter(([h]) => only.has(h)));
          expect(part.cost, `${u.id} to ${t}, turn ${st.turn}`).toEqual(want(full.cost));
          expect(part.easy, `${u.id} to ${t} (easy), turn ${st.turn}`).toEqual(want(full.easy));
          checked++;
          if (part.cost.size) reached++;
        }
      }
    });
    expect(reached).toBeGreaterThan(50);
    expect(checked - reached).toBeGreaterThan(50);
  });
});
