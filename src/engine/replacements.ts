/**
 * Replacements (13.2) and Reconstitution (13.2.1), spent in the owner's Reset Phase (3.0 I).
 *
 * - RPs: the scenario's `replacements` list for this turn (the printed Turn Track for the Campaign).
 *   They are spent in this side's Reset Phase of that turn or lost: nothing carries over. RPs spent so
 *   far are derived from this phase's `replacement` events (no extra state).
 * - 1 RP: a reduced infantry company (counters.json `infantryCompany`: rifle, bicycle 12.7 and
 *   provisional 12.8 companies) in supply (15.1) flips to full strength; an enemy ZOC does not matter.
 * - 2 RPs (reduced) or 3 RPs (full): a Dead Pool company comes back (13.2.1), placed in a hex within 10
 *   hexes of a friendly supply source, 4+ hexes from every enemy unit (not needed on a source hex), in
 *   supply, not in an enemy ZOC (7.2), within stacking (6.0); or put on a later turn of the Turn Track to
 *   enter at the side's supply source as a normal reinforcement. Permanently eliminated units never return.
 */
import type { Ctx } from './ctx.js';
import type { Side } from './ruleset.js';
import type { GameEvent, GameState, ReplacementAction, ReplacementOptions, RuleViolation } from './types.js';
import type { HexId } from './hex.js';
import { hexDistance, parseHexId } from './hex.js';
import { isInSupply, suppliedHexes } from './supply.js';
import { overstackChecker } from './stacking.js';
import { lastTurn } from './reinforcements.js';
import { occupyHexes } from './occupy.js';
import { eventsThisPhase, isInfantryCompany, isReduced } from './strength.js';
import { enemyDistances } from './enemy.js';
import { phaseLabel, sideLabel } from './labels.js';
import { zocOf } from './zoc.js';
import { otherSide } from './units.js';
import type { RuleCode } from './codes.js';
import { unitToChange } from './draft.js';

const bad = (code: RuleCode, rule: string, message: string): RuleViolation => ({ code, rule, message });

/** RP cost of reconstitution by the steps it comes back with (13.2.1). */
export const RECONSTITUTION_COST: Record<1 | 2, number> = { 1: 2, 2: 3 };
/** Reconstituted units: within this many hexes of a friendly supply source (13.2.1). */
export const RECONSTITUTION_SOURCE_RANGE = 10;
/** …and at least this far from every enemy unit, unless placed on the source hex (13.2.1). */
export const RECONSTITUTION_ENEMY_DISTANCE = 4;

/** RPs of this side for this turn, spent and left (13.2). Zero outside the side's Reset Phase. */
export function replacementPoints(ctx: Ctx, state: GameState, side: Side): { points: number; spent: number; left: number } {
  const scen = ctx.scenario(state.scenario);
  const points = scen?.replacements.find((r) => r.turn === state.turn)?.[side] ?? 0;
  if (state.phase !== 'reset' || state.activeSide !== side) return { points, spent: 0, left: 0 };
  let spent = 0;
  for (const e of eventsThisPhase(state)) if (e.type === 'replacement' && e.side === side) spent += e.rp;
  return { points, spent, left: Math.max(0, points - spent) };
}

/** Hexes where a reconstituted company of `side` may be placed now (13.2.1, 7.2, 6.0). */
export function reconstitutionHexes(ctx: Ctx, state: GameState, side: Side, unitId: string): HexId[] {
  const sources = ctx.ruleset.map.supplySources[side].filter((h) => ctx.hex(h));
  if (sources.length === 0) return [];
  const supplied = suppliedHexes(state, ctx, side);
  const enemyDistance = enemyDistances(state, side);
  const ezoc = zocOf(ctx, state, otherSide(side));
  const overstack = overstackChecker(ctx, state, [unitId]); // no enemy units in the hexes it is asked about
  const out: HexId[] = [];
  for (const h of supplied) {
    if (!ctx.hex(h)) continue;
    const onSource = sources.includes(h);
    if (!onSource && !sources.some((s) => hexDistance(s, h) <= RECONSTITUTION_SOURCE_RANGE)) continue;
    if (!onSource && enemyDistance(h) < RECONSTITUTION_ENEMY_DISTANCE) continue;
    if (enemyDistance(h) === 0) continue;
    if (ezoc.has(h)) continue; // 7.2: not into an enemy ZOC

    if (overstack(h)) continue;
    out.push(h);
  }
  return out.sort();
}

/** What may be bought with this Reset Phase's RPs (for legalActions). Null when there is nothing to spend. */
export function replacementOptions(ctx: Ctx, state: GameState, side: Side): ReplacementOptions | null {
  if (state.phase !== 'reset' || state.activeSide !== side) return null;
  const rp = replacementPoints(ctx, state, side);
  if (rp.left <= 0) return null;
  const rebuild: string[] = [];
  const reconstitute: ReplacementOptions['reconstitute'] = [];
  const supplied = suppliedHexes(state, ctx, side);
  for (const u of Object.values(state.units)) {
    if (u.side !== side || !isInfantryCompany(ctx, u.id)) continue;
    if (u.location === 'map' && u.hex && isReduced(ctx, u) && supplied.has(u.hex)) rebuild.push(u.id);
    if (u.location === 'deadPool') {
      const steps = ([1, 2] as const).filter((s) => RECONSTITUTION_COST[s] <= rp.left && s <= ctx.counter(u.id).steps);
      if (steps.length) reconstitute.push({ unit: u.id, steps: [...steps] });
    }
  }
  const last = lastTurn(ctx, state);
  const turns: number[] = [];
  for (let t = state.turn + 1; t <= last; t++) turns.push(t);
  const placementHexes = reconstitute.length ? reconstitutionHexes(ctx, state, side, reconstitute[0]!.unit) : [];
  if (!rebuild.length && !(reconstitute.length && (placementHexes.length || turns.length))) return null;
  return { ...rp, rebuild, reconstitute, placementHexes, turns };
}

/** Spend RPs (13.2, 13.2.1). */
export function doReplacement(ctx: Ctx, state: GameState, side: Side, a: ReplacementAction, events: GameEvent[]): RuleViolation | null {
  if (state.phase !== 'reset')
    return bad('rule/wrong-phase', '13.2', `RPs are spent in your Reset Phase; the current phase is the ${phaseLabel(state.phase)}.`);
  if (typeof a.unit !== 'string' || !state.units[a.unit])
    return bad('input/unknown-unit', '13.2', `There is no unit ${JSON.stringify(a.unit)} in this game.`);
  const u = state.units[a.unit]!;
  if (u.side !== side) return bad('rule/not-your-unit', '13.2', `${a.unit} is not a ${sideLabel(side)} unit.`);
  if (!isInfantryCompany(ctx, u.id))
    return bad('rule/rp-not-infantry', '13.2', `RPs only replace infantry company steps; ${u.id} is a ${ctx.counter(u.id).type} unit.`);
  const rp = replacementPoints(ctx, state, side);
  if (rp.left === 0) return bad('rule/no-rp', '13.2', noRpMessage(rp, 1));
  if (u.location === 'map') {
    if (a.hex !== undefined || a.toTurn !== undefined || (a.steps !== undefined && a.steps !== 2)) {
      return bad('input/replacement', '13.2', `${u.id} is on the map: one RP flips it to full strength; give no hex, turn or steps.`);
    }
    if (!isReduced(ctx, u)) return bad('rule/rp-not-reduced', '13.2', `${u.id} is at full strength.`);
    if (rp.left < 1) return bad('rule/no-rp', '13.2', noRpMessage(rp, 1));
    if (!isInSupply(state, ctx, u.id))
      return bad('rule/rp-out-of-supply', '13.2', `${u.id} is out of supply in ${u.hex}; a unit must be in supply to take an RP (15.1).`);
    const w = unitToChange(state, u.id);
    w.stepsLeft = ctx.counter(u.id).steps;
    events.push({
      type: 'replacement',
      side,
      unit: u.id,
      kind: 'rebuild',
      rp: 1,
      rpLeft: rp.left - 1,
      steps: w.stepsLeft,
      hex: w.hex!,
      rule: '13.2',
    });
    return null;
  }
  if (u.location === 'eliminated')
    return bad('rule/permanently-eliminated', '15.1', `${u.id} was eliminated out of supply and cannot be reconstituted.`);
  if (u.location !== 'deadPool')
    return bad('rule/rp-not-eligible', '13.2', `${u.id} is neither a reduced company on the map nor in the Dead Pool.`);
  const steps = a.steps ?? 1;
  if (steps !== 1 && steps !== 2) return bad('input/steps', '13.2.1', 'steps is 1 (reduced, 2 RPs) or 2 (full strength, 3 RPs).');
  const cost = RECONSTITUTION_COST[steps];
  if (rp.left < cost) return bad('rule/no-rp', '13.2.1', noRpMessage(rp, cost));
  if ((a.hex === undefined) === (a.toTurn === undefined)) {
    return bad(
      'input/replacement',
      '13.2.1',
      `Give a hex to place ${u.id} in, or a later turn (toTurn) to bring it on as a reinforcement.`,
    );
  }
  if (a.toTurn !== undefined) {
    const last = lastTurn(ctx, state);
    if (!Number.isInteger(a.toTurn) || a.toTurn <= state.turn || a.toTurn > last) {
      return bad('input/turn', '13.2.1', `Put it on a later turn of this game: ${state.turn + 1}–${last}.`);
    }
    const entry = ctx.ruleset.map.supplySources[side][0];
    if (!entry) return bad('rule/reconstitute-placement', '13.2.1', `The ${side} side has no supply source to enter from.`);
    const w = unitToChange(state, u.id);
    w.location = 'pending';
    w.hex = null;
    w.stepsLeft = steps;
    w.flags = {};
    w.entryTurn = a.toTurn;
    w.entryHex = entry;
    delete w.entryDisplaced;
    delete w.entryMpPenalty;
    events.push({
      type: 'replacement',
      side,
      unit: u.id,
      kind: 'reconstitute',
      rp: cost,
      rpLeft: rp.left - cost,
      steps,
      toTurn: a.toTurn,
      rule: '13.2.1',
    });
    return null;
  }
  const hex = typeof a.hex === 'string' ? parseHexId(a.hex) : null;
  if (!hex) return bad('input/bad-hex', '2.3', `${JSON.stringify(a.hex)} is not a hex id like A13.`);
  const ok = reconstitutionHexes(ctx, state, side, u.id);
  if (!ok.includes(hex)) {
    return bad(
      'rule/reconstitute-placement',
      '13.2.1',
      `${hex} will not do: a reconstituted company goes within ${RECONSTITUTION_SOURCE_RANGE} hexes of a friendly supply source, ${RECONSTITUTION_ENEMY_DISTANCE}+ hexes from every enemy unit (unless on the source), in supply, outside enemy ZOCs and within stacking limits${ok.length ? `, e.g. ${ok.slice(0, 5).join(', ')}` : ' (no hex qualifies now: use toTurn)'}.`,
    );
  }
  const w = unitToChange(state, u.id);
  w.location = 'map';
  w.hex = hex;
  w.stepsLeft = steps;
  w.flags = {};
  delete w.entryTurn;
  delete w.entryHex;
  events.push({
    type: 'replacement',
    side,
    unit: u.id,
    kind: 'reconstitute',
    rp: cost,
    rpLeft: rp.left - cost,
    steps,
    hex,
    rule: '13.2.1',
  });
  occupyHexes(ctx, state, side, [u.id], [hex], events);
  return null;
}

function noRpMessage(rp: { points: number; spent: number; left: number }, need: number): string {
  if (rp.points === 0) return 'No Replacement Points arrive this turn (see the Turn Track).';
  return `This needs ${need} RP${need > 1 ? 's' : ''}; ${rp.left} of this turn's ${rp.points} are left.`;
}
