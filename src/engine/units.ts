/** Unit helpers: printed values of the face-up side, unit categories used by several rule areas. */
import type { Ctx } from './ctx.js';
import type { CounterDef, StepValues } from './ruleset.js';
import type { GameState, UnitState } from './types.js';
import type { HexId } from './hex.js';

/** Printed values of the side now face up (2.2, 8.5.1). */
export function currentValues(ctx: Ctx, u: UnitState): StepValues {
  const c = ctx.counter(u.id);
  return u.stepsLeft < c.steps && c.reduced ? c.reduced : c.full;
}

/** Leaders (Pajari) are units but not combat units (12.3). */
export function isLeader(c: CounterDef): boolean {
  return c.type === 'leader';
}

/** Every unit except a leader exerts a ZOC and counts as a combat unit (7.0, 12.3). */
export function isCombatUnit(c: CounterDef): boolean {
  return c.type !== 'leader';
}

/** Soviet armored units: orange MA box (2.2, 12.1). */
export function isArmored(c: CounterDef): boolean {
  return c.conventions.armored || c.type === 'tank' || c.type === 'armoredCar';
}

/** Units whose ZOC armor does not ignore (12.1: enemy AT units). */
export function isAtUnit(c: CounterDef): boolean {
  return c.type === 'atGun';
}

/** On-map units of a side, as a list. */
export function unitsOnMap(state: GameState, side?: string): UnitState[] {
  const out: UnitState[] = [];
  for (const u of Object.values(state.units)) if (u.location === 'map' && u.hex && (!side || u.side === side)) out.push(u);
  return out;
}

/** On-map units by hex. */
export function unitsByHex(state: GameState): Map<HexId, UnitState[]> {
  const m = new Map<HexId, UnitState[]>();
  for (const u of Object.values(state.units)) {
    if (u.location !== 'map' || !u.hex) continue;
    const list = m.get(u.hex);
    if (list) list.push(u);
    else m.set(u.hex, [u]);
  }
  return m;
}
