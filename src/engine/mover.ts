/** Builds a Mover (one unit or a stack, on the map or entering) from an action's unit list. */
import { sideLabel } from './labels.js';
import type { Ctx } from './ctx.js';
import type { Side } from './ruleset.js';
import type { GameState, RuleViolation } from './types.js';
import type { HexId } from './hex.js';
import type { Env, Mover } from './movement.js';
import { unitAllowance } from './movement.js';
import { entryGroupProblem, notOnMapRefusal, wrongEntryPoint } from './reinforcements.js';
import { overrunAllowance } from './combat/record.js';
import type { RuleCode } from './codes.js';

const bad = (code: RuleCode, rule: string, message: string): { violation: RuleViolation } => ({ violation: { code, rule, message } });

export function checkUnitList(state: GameState, side: Side, ids: unknown): { ids: string[] } | { violation: RuleViolation } {
  if (!Array.isArray(ids) || ids.length === 0 || ids.some((x) => typeof x !== 'string'))
    return bad('input/units', '4.1', 'Name one unit or the units of one stack.');
  const list = ids as string[];
  if (new Set(list).size !== list.length) return bad('input/duplicate-unit', '4.1', 'A unit is named twice.');
  for (const id of list) {
    const u = state.units[id];
    if (!u) return bad('input/unknown-unit', '4.1', `There is no unit ${id} in this game.`);
    if (u.side !== side) return bad('input/not-your-unit', '4.1', `${id} is not a ${sideLabel(side)} unit.`);
  }
  return { ids: list };
}

/** A mover for units on the map (4.0, 6.1). */
export function moverOnMap(ctx: Ctx, state: GameState, side: Side, ids: string[], env: Env): Mover | { violation: RuleViolation } {
  const first = state.units[ids[0]!]!;
  for (const id of ids) {
    const u = state.units[id]!;
    if (u.location !== 'map' || !u.hex) return { violation: notOnMapRefusal(state, u) }; // 13.1: when and where it comes on
    if (u.flags.acted && overrunAllowance(state, id) === null)
      return bad('rule/already-acted', '3.0', `${id} has already taken its action this Action Phase.`);
    if (u.hex !== first.hex) {
      return bad(
        'rule/stack-not-together',
        '6.1',
        `Only units that began the phase stacked move together: ${id} is in ${u.hex}, ${first.id} in ${first.hex}.`,
      );
    }
  }
  let allowance = Infinity;
  for (const id of ids) {
    const a = overrunAllowance(state, id) ?? unitAllowance(ctx, state, state.units[id]!, env, false);
    if (a === null) return bad('rule/cannot-move', '4.1', `${id} has no movement allowance.`);
    allowance = Math.min(allowance, a);
  }
  return {
    side,
    ids,
    counters: ids.map((id) => ctx.counter(id)),
    start: first.hex,
    entryHexes: [],
    allowance,
    // No Extended Movement while going on after an Overrun (12.1.2): it is not the start of a move.
    startsOnRoad: ids.some((id) => overrunAllowance(state, id) !== null) ? false : ctx.isRoadHex(first.hex!),
  };
}

/** A mover for reinforcements entering together (13.1; ruling: units entering at one hex may enter as a stack). */
export function moverEntering(
  ctx: Ctx,
  state: GameState,
  side: Side,
  ids: string[],
  env: Env,
  at?: HexId,
): Mover | { violation: RuleViolation } {
  const group = entryGroupProblem(ctx, state, side, ids); // 13.1, 6.0: the listing's groups use the same check
  if ('violation' in group) return group;
  const common = group.entryHexes;
  let entry = common;
  if (at !== undefined) {
    if (!entry.includes(at)) {
      const other = wrongEntryPoint(ctx, ids, side, entry, at); // at another group's entry point (13.1.1)
      if (other) return { violation: other };
      return bad(
        'rule/entry-hex',
        '13.1',
        `These units may enter at ${entry.join(', ') || 'no hex now (an enemy unit holds the entry hex)'}, not ${at}.`,
      );
    }
    entry = [at];
  }
  if (entry.length === 0) return bad('rule/entry-blocked', '13.1.3', 'No entry hex is open to these units together now.');
  let allowance = Infinity;
  for (const id of ids) {
    const a = unitAllowance(ctx, state, state.units[id]!, env, true);
    if (a === null) return bad('rule/cannot-move', '4.1', `${id} has no movement allowance.`);
    allowance = Math.min(allowance, a);
  }
  return { side, ids, counters: ids.map((id) => ctx.counter(id)), start: null, entryHexes: entry, allowance, startsOnRoad: true };
}
