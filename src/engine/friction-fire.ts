/**
 * Friction Fire (optional 20.1). Printed (the Player Aid Card's RAT and the glossary): a Ranged Attack on
 * a stack while it moves, retreats or advances after combat, to halt it or cost it steps; the RAT's
 * Friction Fire column gives 1 step at 14–16, 2 at 17–18, 3 at 19 or more, which the stack takes or
 * halts instead (retreating units must take them); every RAT DRM applies but #1 (infantry companies in
 * the target hex), with +2 against a retreating target, +1 against one advancing after combat, and a
 * mortar's or infantry gun's printed RAS halved, rounded up; it is the exception to one Ranged Attack per
 * Combat Phase (10.0).
 *
 * Our defaults where the card is silent (docs/rulings.md § Friction Fire, 20.1): moves, reinforcements
 * entering, retreats and advances after combat are fired on; the firing player may fire once per move,
 * retreat or advance (a retreat of several stacks along different paths: once per stack), in one hex of
 * its path, with any units that could make a Ranged Attack on the stack there (range, LOS, spotters, not
 * adjacent, not Suppressed nor in an enemy ZOC, 10.0–10.6), each rolling on its own and the steps added
 * up; a mortar or gun that fires flips to Fired and 76 mm artillery spends ammo as for any Ranged Attack
 * (12.4, 12.5); the result marks no one Suppressed; the moving player then takes the steps (armor and
 * leaders take none, 12.1.1, 12.3.1) or halts in the hex fired on (not where the stack may not stop:
 * overstacked, 6.0; never a retreat, whose units must take them), and a move or advance goes on as
 * declared after the steps. A retreat is fired on once it is made (it cannot halt, so nothing waits on
 * it), before the Combat goes on. The default answers: let the stack pass; halt (retreats: the steps).
 */
import type { Ctx } from './ctx.js';
import type { HexId, Side } from './ruleset.js';
import { parseHexId } from './hex.js';
import type { FrictionAction, FrictionResultAction, GameEvent, GameState, RuleViolation } from './types.js';
import type { FrictionFireDecision, FrictionMove, FrictionResultDecision } from './decisions.js';
import type { Mover } from './movement.js';
import type { DiceSource } from './dice.js';
import { rollDice } from './dice.js';
import { ruleOn } from './options.js';
import {
  applyRangedSteps,
  afterFiring,
  defaultRangedSteps,
  describeSteps,
  mightFireAt,
  planRanged,
  RangedBoard,
  ratResult,
} from './ranged.js';
import { overstackChecker } from './stacking.js';
import { isArmored, isLeader, mustCounter, otherSide } from './units.js';
import { unitToChange } from './draft.js';

const RULE = '20.1';

const fail = (code: 'rule/friction' | 'input/friction', message: string): RuleViolation => ({ code, rule: RULE, message });

/** The board as it would be with the moving stack standing in `hex` (a copy; nothing else changes). */
function withStackIn(state: GameState, units: readonly string[], hex: HexId): GameState {
  const moved = { ...state.units };
  for (const id of units) {
    const u = state.units[id]!;
    moved[id] = { ...u, location: 'map', hex, flags: { ...u.flags, dugIn: false } };
  }
  return { ...state, units: moved };
}

/** Who could fire on the moving stack in each hex of its path (the hexes it enters), and with what. */
export function frictionOptions(ctx: Ctx, state: GameState, move: FrictionMove): FrictionFireDecision['options'] {
  if (!ruleOn(state.options, RULE)) return [];
  const firing = otherSide(move.side);
  const out: FrictionFireDecision['options'] = [];
  for (const hex of move.route.path) {
    const there = withStackIn(state, move.units, hex);
    const board = new RangedBoard(ctx, there);
    const firers: FrictionFireDecision['options'][number]['firers'] = [];
    for (const u of Object.values(state.units)) {
      if (u.side !== firing || (u.location !== 'map' && u.location !== 'offMap') || !mightFireAt(ctx, u, hex)) continue;
      const plan = planRanged(ctx, there, firing, u.id, hex, undefined, 'friction', move.kind, board);
      if ('violation' in plan) continue;
      firers.push({ unit: u.id, mod: plan.ras + plan.drms.reduce((s, d) => s + d.value, 0), spotter: plan.spotter });
    }
    if (firers.length) out.push({ hex, firers: firers.sort((a, b) => b.mod - a.mod || a.unit.localeCompare(b.unit)) });
  }
  return out;
}

/**
 * When Friction Fire is on and the other player could fire on this stack somewhere along its path, ask
 * them first: a `frictionFire` decision in front of whatever else waits (a held advance's own decision
 * stays behind it). True when asked; a move or advance has not been made yet, a retreat has.
 */
export function offerFriction(ctx: Ctx, draft: GameState, move: FrictionMove, events: GameEvent[]): boolean {
  const options = frictionOptions(ctx, draft, move);
  if (!options.length) return false;
  const firing = otherSide(move.side);
  draft.pending.unshift({
    type: 'frictionFire',
    side: firing,
    rule: RULE,
    move,
    options,
    default: { pass: true },
    defaultText: 'let the stack pass',
  });
  events.push({
    type: 'frictionHeld',
    kind: move.kind,
    side: move.side,
    units: [...move.units],
    from: move.from,
    path: [...move.route.path],
    waitingFor: firing,
    rule: RULE,
  });
  return true;
}

/** Before a move or entry is carried out (4.0, 13.1): ask for Friction Fire first when anyone can fire. */
export function holdForFriction(
  ctx: Ctx,
  draft: GameState,
  side: Side,
  m: Pick<Mover, 'ids' | 'start'>,
  route: FrictionMove['route'],
  exit: boolean,
  events: GameEvent[],
): boolean {
  const move: FrictionMove = { kind: 'move', side, units: [...m.ids], from: m.start, route: { ...route, path: [...route.path] }, exit };
  return offerFriction(ctx, draft, move, events);
}

/**
 * What the engine does once Friction Fire on a stack is over: carry a held move or advance out along
 * `route` for the units still in it (src/engine/apply.ts), and go on with the Combat after a retreat
 * was fired on (src/engine/combat/engine.ts).
 */
export interface FrictionHooks {
  /** `move.units` as declared; those still in the game (stillIn) go. */
  carryOut(move: FrictionMove, route: FrictionMove['route']): RuleViolation | null;
  resumeCombat(): void;
}

/** The fire on `move` is over: a move or advance goes on along `route`; after a retreat, the Combat goes on. */
function finish(draft: GameState, move: FrictionMove, route: FrictionMove['route'], hooks: FrictionHooks): RuleViolation | null {
  if (move.kind !== 'retreat') return hooks.carryOut(move, route);
  if (!draft.pending.some((p) => p.type === 'frictionFire' || p.type === 'frictionResult')) hooks.resumeCombat();
  return null;
}

/** The answer to a `frictionFire` decision: fire in one hex of the path with some of the units offered, or pass. */
export function answerFriction(
  ctx: Ctx,
  draft: GameState,
  side: Side,
  a: FrictionAction,
  source: DiceSource,
  events: GameEvent[],
  hooks: FrictionHooks,
): RuleViolation | null {
  const p = draft.pending[0];
  if (!p || p.type !== 'frictionFire') return fail('rule/friction', 'There is no moving stack to fire on now.');
  if (p.side !== side) return fail('rule/friction', `The ${p.side} player decides on Friction Fire here.`);
  const move = p.move;
  if (a.hex === undefined && (a.units ?? []).length === 0) {
    draft.pending.shift();
    events.push({ type: 'frictionOutcome', side: move.side, units: [...move.units], hex: null, steps: 0, answer: 'passed', rule: RULE });
    return finish(draft, move, move.route, hooks);
  }
  const asked = typeof a.hex === 'string' ? parseHexId(a.hex) : null;
  const here = p.options.find((o) => o.hex === asked);
  if (!here)
    return fail(
      'input/friction',
      `Fire in one of the hexes the stack enters where your units can reach it: ${p.options.map((o) => o.hex).join(', ')}.`,
    );
  const hex = here.hex;
  const units = a.units?.length ? a.units : here.firers.map((f) => f.unit);
  for (const id of units)
    if (!here.firers.some((f) => f.unit === id))
      return fail(
        'input/friction',
        `${id} cannot fire on the stack in ${hex}; the units that can: ${here.firers.map((f) => f.unit).join(', ')}.`,
      );
  draft.pending.shift();
  // Each unit fires on its own, with the stack standing in the hex (its spotter as chosen, else the one offered).
  let steps = 0;
  for (const id of units) {
    const spotter = a.spotters?.[id] ?? here.firers.find((f) => f.unit === id)!.spotter ?? undefined;
    const plan = planRanged(ctx, withStackIn(draft, move.units, hex), otherSide(move.side), id, hex, spotter, 'friction', move.kind);
    if ('violation' in plan) return plan.violation;
    const dice = rollDice(draft, 2, `Friction Fire by ${id} on ${hex}`, RULE, source, events);
    const roll = dice[0]! + dice[1]!;
    const total = roll + plan.ras + plan.drms.reduce((s, d) => s + d.value, 0);
    const got = ratResult(ctx, total).frictionSteps ?? 0;
    steps += got;
    events.push({ type: 'frictionFire', ...plan, rollNumber: draft.rollCount, roll, total, steps: got, rule: RULE });
    afterFiring(ctx, draft, id, mustCounter(ctx.ruleset, id), source, events);
  }
  if (steps === 0) {
    events.push({ type: 'frictionOutcome', side: move.side, units: [...move.units], hex, steps: 0, answer: 'no effect', rule: RULE });
    return finish(draft, move, move.route, hooks);
  }
  const takers = stillIn(draft, move)
    .filter((id) => !isLeader(mustCounter(ctx.ruleset, id)) && !isArmored(mustCounter(ctx.ruleset, id)))
    .map((id) => ({ unit: id, stepsLeft: draft.units[id]!.stepsLeft }))
    .filter((u) => u.stepsLeft > 0);
  // Retreating units must take the steps (the card); others may halt where the stack may stop (6.0).
  const canHalt = move.kind !== 'retreat' && haltProblem(ctx, draft, move, hex) === null;
  if (!canHalt && takers.length === 0) {
    events.push({ type: 'frictionOutcome', side: move.side, units: [...move.units], hex, steps, answer: 'no effect', rule: RULE });
    return finish(draft, move, move.route, hooks);
  }
  const due = Math.min(
    steps,
    takers.reduce((t, u) => t + u.stepsLeft, 0),
  );
  const stepsDefault = defaultRangedSteps(ctx, takers, due);
  const decision: FrictionResultDecision = {
    type: 'frictionResult',
    side: move.side,
    rule: RULE,
    move,
    hex,
    steps,
    canHalt,
    units: takers,
    allocation: stepsDefault,
    allocationText: describeSteps(stepsDefault) || 'no step',
    default: canHalt ? { halt: true } : { steps: stepsDefault },
    defaultText: canHalt ? `halt in ${hex}` : describeSteps(stepsDefault),
  };
  draft.pending.unshift(decision);
  return null;
}

/** Why the stack may not halt in `hex` (it would overstack it, 6.0), or null. */
function haltProblem(ctx: Ctx, state: GameState, move: FrictionMove, hex: HexId): string | null {
  return overstackChecker(ctx, state, move.units)(hex);
}

/** The route cut short in `hex`: the move ends there with no MPs left (the stack halted, 20.1). */
function haltedRoute(route: FrictionMove['route'], hex: HexId): FrictionMove['route'] {
  const path = route.path.slice(0, route.path.indexOf(hex) + 1);
  return { ...route, hex, path, mpLeft: 0, zocStop: false };
}

/** The answer to a `frictionResult` decision: halt in the hex fired on, or take the steps and go on. */
export function answerFrictionResult(
  ctx: Ctx,
  draft: GameState,
  side: Side,
  a: FrictionResultAction,
  source: DiceSource,
  events: GameEvent[],
  hooks: FrictionHooks,
): RuleViolation | null {
  const p = draft.pending[0];
  if (!p || p.type !== 'frictionResult') return fail('rule/friction', 'No Friction Fire result waits for an answer now.');
  if (p.side !== side) return fail('rule/friction', `The ${p.side} player answers this Friction Fire.`);
  const move = p.move;
  if (a.halt === true) {
    if (a.steps !== undefined) return fail('input/friction', 'Either halt or take the steps, not both.');
    if (!p.canHalt)
      return fail('rule/friction', `The stack cannot stop in ${p.hex}: ${haltProblem(ctx, draft, move, p.hex) ?? 'take the steps'}.`);
    draft.pending.shift();
    events.push({ type: 'frictionOutcome', side, units: [...move.units], hex: p.hex, steps: p.steps, answer: 'halted', rule: RULE });
    return finish(draft, move, haltedRoute(move.route, p.hex), hooks);
  }
  const due = Math.min(
    p.steps,
    p.units.reduce((t, u) => t + u.stepsLeft, 0),
  );
  const steps = a.steps ?? {};
  let sum = 0;
  for (const [id, n] of Object.entries(steps)) {
    const u = p.units.find((x) => x.unit === id);
    if (!u)
      return fail(
        'input/friction',
        `${id} cannot take these steps; the units that can: ${p.units.map((x) => x.unit).join(', ') || 'none'}.`,
      );
    if (!Number.isInteger(n) || n < 0 || n > u.stepsLeft)
      return fail('input/friction', `${id} can lose 0 to ${u.stepsLeft} step(s), not ${n}.`);
    sum += n;
  }
  if (sum !== due)
    return fail(
      'input/friction',
      `Take ${due} step(s) in all${p.canHalt ? `, or halt in ${p.hex}` : ''}; this answer takes ${sum}. Default: ${p.defaultText}.`,
    );
  draft.pending.shift();
  // The steps are lost where the fire hit the stack (the units stand there for it); the survivors are
  // then back where they were: a move or advance goes on as declared, a retreat is over.
  const was = new Map(move.units.map((id) => [id, { location: draft.units[id]!.location, hex: draft.units[id]!.hex }]));
  for (const id of move.units) Object.assign(unitToChange(draft, id), { location: 'map', hex: p.hex });
  applyRangedSteps(ctx, draft, steps, source, events, RULE, 'Friction Fire');
  events.push({ type: 'frictionOutcome', side, units: [...move.units], hex: p.hex, steps: due, answer: 'steps', rule: RULE });
  for (const id of move.units) if (draft.units[id]?.location === 'map') Object.assign(unitToChange(draft, id), was.get(id));
  return finish(draft, move, move.route, hooks);
}

/** The units of a stack under Friction Fire still in the game (the fire may have eliminated some). */
export function stillIn(state: GameState, move: FrictionMove): string[] {
  return move.units.filter((id) => state.units[id]?.location === 'map' || state.units[id]?.location === 'pending');
}
