/**
 * Who counts as an enemy unit: one decision for every rule that says "enemy unit" (docs/rulings.md,
 * "A lone Pajari is an enemy unit").
 *
 * Pajari is a unit but not a combat unit (12.3). Alone in a hex he exerts no ZOC (12.3) and cannot be
 * attacked or fired on (12.3.1), and his hex may be entered (4.1), which picks him up (12.3.1). Everywhere
 * else he is an enemy unit like any other: his hex is enemy-occupied for supply paths (15.2, 15.3), moving
 * next to him costs the terrain, not the road rate (5.3), and he counts for every "N hexes from all enemy
 * units" (4.3, 13.2.1, 13.3 DRM, 16.2).
 */
import type { Ctx } from './ctx.js';
import { hexDistance } from './hex.js';
import type { CounterDef, HexId, Side } from './ruleset.js';
import type { GameState } from './types.js';
import { isArmored, isMapCombatUnit, isReadOnly, otherSide, readMemo } from './units.js';

/** Where the enemy of `side` stands now. */
export interface EnemyPresence {
  /** Hexes holding enemy units, a lone leader included (enemy-occupied: 15.2, 15.3). */
  occupied: Set<HexId>;
  /** Hexes holding enemy combat units: never entered (4.1); the other occupied hexes hold a lone leader. */
  blocked: Set<HexId>;
  /** Hexes next to an enemy unit, a lone leader included (5.3). */
  adjacent: Set<HexId>;
}

/** The enemy units of `side` on the map, by hex, with what each hex means for movement and supply. */
export function enemyPresence(state: GameState, ctx: Ctx, side: Side): EnemyPresence {
  const enemy = otherSide(side);
  const out: EnemyPresence = { occupied: new Set(), blocked: new Set(), adjacent: new Set() };
  for (const u of Object.values(state.units)) {
    if (u.side !== enemy || u.location !== 'map' || !u.hex) continue;
    if (!out.occupied.has(u.hex)) for (const n of ctx.neighbours(u.hex)) out.adjacent.add(n);
    out.occupied.add(u.hex);
    if (isMapCombatUnit(ctx.counter(u.id))) out.blocked.add(u.hex);
  }
  return out;
}

/** Hexes holding units of `side`'s enemy on the map (a lone leader included), in one pass. */
export function enemyHexes(state: GameState, side: Side): Set<HexId> {
  const held = readMemo(state, `enemyHexes ${side}`, () => {
    const enemy = otherSide(side);
    const out = new Set<HexId>();
    for (const u of Object.values(state.units)) if (u.side === enemy && u.location === 'map' && u.hex) out.add(u.hex);
    return out;
  });
  return isReadOnly(state) ? new Set(held) : held;
}

/**
 * Distance from a hex to the nearest enemy unit of `side` on the map (a lone leader included); Infinity
 * when there is none. Built once from the set of enemy-occupied hexes (one entry per hex, not per unit)
 * and remembered per hex, so a search over many hexes does not scan every unit for each one.
 */
export function enemyDistances(state: GameState, side: Side): (hex: HexId) => number {
  const hexes = [...enemyHexes(state, side)];
  const memo = new Map<HexId, number>();
  return (hex) => {
    let best = memo.get(hex);
    if (best === undefined) {
      best = Infinity;
      for (const h of hexes) best = Math.min(best, hexDistance(hex, h));
      memo.set(hex, best);
    }
    return best;
  };
}

/** Hexes from `hex` to the nearest enemy unit of `side` on the map (a lone leader included); Infinity when there is none. */
export function nearestEnemyDistance(state: GameState, side: Side, hex: HexId): number {
  return enemyDistances(state, side)(hex);
}

/**
 * May this unit use the road rate into a hex (5.3, 7.1)? Not into a binding enemy ZOC, and not next to an
 * enemy unit (a lone leader included). Armor keeps the road rate next to enemy units whose ZOC it ignores:
 * only an AT unit's ZOC takes it away (12.1 play note).
 */
export function mayUseRoadRate(def: CounterDef, bindsZoc: boolean, nextToEnemy: boolean): boolean {
  if (bindsZoc) return false;
  return isArmored(def) || !nextToEnemy;
}
