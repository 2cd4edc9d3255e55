/**
 * Stacking (6.0): at most 5 units of one side per hex, at most 3 of them infantry companies; leaders
 * and markers do not count. Enforced at setup, at the end of each move and at the instant of an Assault.
 */
import type { Ctx } from './ctx.js';
import type { GameState } from './types.js';
import type { HexId } from './hex.js';
import { isLeader } from './units.js';

export const STACK_LIMIT = { units: 5, infantryCompanies: 3 } as const;

/** Units counted for stacking in `hex` if `adding` units arrive and `leaving` units leave. */
export function stackCount(
  ctx: Ctx,
  state: GameState,
  hex: HexId,
  adding: readonly string[] = [],
  leaving: readonly string[] = [],
): { units: number; infantryCompanies: number } {
  let units = 0;
  let inf = 0;
  const seen = new Set<string>();
  const count = (id: string): void => {
    if (seen.has(id)) return;
    seen.add(id);
    const c = ctx.counter(id);
    if (isLeader(c)) return;
    units++;
    if (c.infantryCompany) inf++;
  };
  for (const u of Object.values(state.units)) {
    if (u.location === 'map' && u.hex === hex && !leaving.includes(u.id)) count(u.id);
  }
  for (const id of adding) count(id);
  return { units, infantryCompanies: inf };
}

/** Null if the hex may hold the units after the move, else a message saying why not (6.0). */
export function overstackProblem(
  ctx: Ctx,
  state: GameState,
  hex: HexId,
  adding: readonly string[],
  leaving: readonly string[] = adding,
): string | null {
  const n = stackCount(ctx, state, hex, adding, leaving);
  if (n.units > STACK_LIMIT.units)
    return `${hex} would hold ${n.units} units; the limit is ${STACK_LIMIT.units} per side (leaders not counted)`;
  if (n.infantryCompanies > STACK_LIMIT.infantryCompanies) {
    return `${hex} would hold ${n.infantryCompanies} infantry companies; the limit is ${STACK_LIMIT.infantryCompanies}`;
  }
  return null;
}

/** Units of one side counted for stacking, per hex (leaders not counted): see sideStacks. */
export type SideStacks = ReadonlyMap<HexId, { readonly units: number; readonly inf: number }>;

/** Every hex's stacking count for `side` (everySide: all units), in one pass. */
export function sideStacks(ctx: Ctx, state: GameState, side: string | null, everySide = false): SideStacks {
  const counts = new Map<HexId, { units: number; inf: number }>();
  for (const u of Object.values(state.units)) {
    if (u.location !== 'map' || !u.hex || (u.side !== side && !everySide)) continue;
    const c = ctx.counter(u.id);
    if (isLeader(c)) continue;
    const e = counts.get(u.hex) ?? { units: 0, inf: 0 };
    e.units++;
    if (c.infantryCompany) e.inf++;
    counts.set(u.hex, e);
  }
  return counts;
}

/**
 * A fast checker for many destination hexes of one move: counts every hex once.
 * Returns a function giving the same answer as overstackProblem(ctx, state, hex, adding) in every hex
 * without enemy units (those are counted too with `everySide`, as overstackProblem counts them).
 * `stacks`, the side's counts of this same state (sideStacks), may be shared by the checkers of many
 * movers (a legal listing): the movers' own units are then taken out where they stand.
 */
export function overstackChecker(
  ctx: Ctx,
  state: GameState,
  adding: readonly string[],
  opts: { everySide?: boolean } = {},
  stacks?: SideStacks,
): (hex: HexId) => string | null {
  const side = adding.length ? ctx.counter(adding[0]!).side : null;
  const counts = stacks ?? sideStacks(ctx, state, side, opts.everySide);
  // The movers' own units, where they stand now (they leave it): not counted there.
  const own = new Map<HexId, { units: number; inf: number }>();
  let addUnits = 0;
  let addInf = 0;
  for (const id of new Set(adding)) {
    const c = ctx.counter(id);
    if (isLeader(c)) continue;
    addUnits++;
    if (c.infantryCompany) addInf++;
    const u = state.units[id];
    if (u?.location === 'map' && u.hex && (u.side === side || opts.everySide)) {
      const e = own.get(u.hex) ?? { units: 0, inf: 0 };
      e.units++;
      if (c.infantryCompany) e.inf++;
      own.set(u.hex, e);
    }
  }
  return (hex) => {
    const e = counts.get(hex);
    const o = own.get(hex);
    const units = (e?.units ?? 0) - (o?.units ?? 0) + addUnits;
    const inf = (e?.inf ?? 0) - (o?.inf ?? 0) + addInf;
    if (units > STACK_LIMIT.units)
      return `${hex} would hold ${units} units; the limit is ${STACK_LIMIT.units} per side (leaders not counted)`;
    if (inf > STACK_LIMIT.infantryCompanies)
      return `${hex} would hold ${inf} infantry companies; the limit is ${STACK_LIMIT.infantryCompanies}`;
    return null;
  };
}

/** True if these units may end together in one hex (6.0). */
export function stackFits(ctx: Ctx, unitIds: readonly string[]): boolean {
  let n = 0;
  let inf = 0;
  for (const id of unitIds) {
    const def = ctx.counter(id);
    if (isLeader(def)) continue;
    n++;
    if (def.infantryCompany) inf++;
  }
  return n <= STACK_LIMIT.units && inf <= STACK_LIMIT.infantryCompanies;
}
