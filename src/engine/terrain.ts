/**
 * Terrain and road costs (5.0–5.4), the Finnish ski bonus (4.4) and armor's road-network limits
 * (5.1, 12.1.3). Costs come from the Ruleset's movement table.
 */
import type { Ctx } from './ctx.js';
import type { CounterDef, RoadType, Terrain } from './ruleset.js';
import type { HexId } from './hex.js';
import { isArmored } from './units.js';

const SKI_TYPES: ReadonlySet<string> = new Set(['infantry', 'bicycle', 'engineer', 'provisional', 'mg', 'mortar', 'leader']);

/** Finnish infantry (incl. bicycle, engineer, provisional), MG, mortar units and Pajari ski (4.4); AT units do not. */
export function hasSkis(c: CounterDef): boolean {
  return c.side === 'finnish' && SKI_TYPES.has(c.type);
}

/**
 * Cost to enter `hex` paying its terrain (5.2). The Hotel and Gravel Pits are forest hexes in the
 * data (5.2.5, 5.2.6), so they cost what forest costs.
 */
export function terrainCost(ctx: Ctx, c: CounterDef, hex: HexId): number {
  const h = ctx.hex(hex);
  if (!h) return Infinity;
  const mv = ctx.ruleset.tables.movement;
  if (h.terrain === 'lake' && hasSkis(c)) return mv.finnishSkiLake;
  return mv.terrain[h.terrain];
}

/**
 * The least any one step can cost any unit (5.2–5.4, 4.4, 12.1.3): a lower bound for route searches
 * that stop early (a hex n steps away costs at least n times this).
 */
export function cheapestStep(ctx: Ctx): number {
  const mv = ctx.ruleset.tables.movement;
  return Math.min(mv.road, mv.finnishSkiLake, mv.armorSecondaryRoad.tank, mv.armorSecondaryRoad.armoredCar, ...Object.values(mv.terrain));
}

/** Cost of one hex along a road of this type (5.3; armor on secondary roads 12.1.3). */
export function roadCost(ctx: Ctx, c: CounterDef, type: RoadType): number {
  const mv = ctx.ruleset.tables.movement;
  if (type === 'secondary' && isArmored(c)) {
    return c.type === 'armoredCar' ? mv.armorSecondaryRoad.armoredCar : mv.armorSecondaryRoad.tank;
  }
  return mv.road;
}

/**
 * May this unit enter `to` by this step? Armor stays on the road network (moves along road links)
 * except to enter a village (5.1, 12.1.3). `road` is the road type of the step, null if none.
 */
export function mayEnterTerrain(ctx: Ctx, c: CounterDef, to: HexId, road: RoadType | null): boolean {
  const h = ctx.hex(to);
  if (!h) return false;
  if (!isArmored(c)) return true;
  return road !== null || h.terrain === 'village';
}

/**
 * Cost of one step for one unit (before ZOC extras). `useRoad` false when the road rate may not be
 * used (entering an enemy ZOC, 5.3, 7.1). Returns Infinity when the step is prohibited.
 */
export function stepCost(ctx: Ctx, c: CounterDef, to: HexId, road: RoadType | null, useRoad: boolean): number {
  if (!mayEnterTerrain(ctx, c, to, road)) return Infinity;
  const h = ctx.hex(to)!;
  const viaTerrain = isArmored(c) && h.terrain !== 'village' ? Infinity : terrainCost(ctx, c, to);
  if (road && useRoad) return Math.min(roadCost(ctx, c, road), viaTerrain);
  // Armor following a road into an AT unit's ZOC pays the hex's terrain cost (ruling in docs/rulings.md).
  if (road && isArmored(c)) return terrainCost(ctx, c, to);
  return viaTerrain;
}

/** Terrain of a hex (5.2), or undefined off the map. */
export function terrainOf(ctx: Ctx, hex: HexId): Terrain | undefined {
  return ctx.hex(hex)?.terrain;
}

export function isLake(ctx: Ctx, hex: HexId): boolean {
  return terrainOf(ctx, hex) === 'lake';
}

/** True if the hexside a–b is a bridge (5.4). */
export function isBridgeHexside(ctx: Ctx, a: HexId, b: HexId): boolean {
  return ctx.isBridge(a, b);
}

/** Terrain a unit may never enter (5.1, 12.1.3): off the map; armored units keep to the road network and villages. */
export function isProhibitedFor(ctx: Ctx, def: CounterDef, hex: HexId): boolean {
  if (!ctx.hex(hex)) return true;
  if (isArmored(def)) return !(ctx.isRoadHex(hex) || terrainOf(ctx, hex) === 'village');
  return false;
}
