/**
 * Glue between the combat modules and the engine core: apply() routes `combat`, `assault`,
 * `takeLosses` and `advance` here; legalActions() asks `combatOptions`. Kept in one file so the
 * engine core's files need only a few lines each.
 */
import type { Ctx } from '../ctx.js';
import { areAdjacent, parseHexId } from '../hex.js';
import type { HexId, Side } from '../ruleset.js';
import type {
  CombatResume,
  Action,
  AssaultAction,
  CombatDecision,
  CombatOptions,
  GameEvent,
  GameState,
  PendingDecision,
  ReachableHex,
  RuleViolation,
  UnitState,
} from '../types.js';
import { rollDice, type DiceSource } from '../dice.js';
import { checkPath, envFor, type Mover } from '../movement.js';
import { moverOnMap, checkUnitList } from '../mover.js';
import { isProhibitedFor, terrainCost } from '../terrain.js';
import { occupyHexes } from '../occupy.js';
import {
  answerAdvance,
  answerLosses,
  checkAssaultDeclaration,
  checkCombatDeclaration,
  mayAssault,
  resolveDeclared,
  resumeDeclared,
  type CombatIo,
  type Declared,
  advanceAlong,
  proceed,
} from './resolve.js';
import { combatInProgress, consumeOverrun, moveContinuation, overrunAllowance, readRecord } from './record.js';
import { combatFireStep } from '../combat-fire.js';
import { OFF_MAP, retreatChoices } from './losses.js';
import { currentValues, isArmored, isLeader, isMapCombatUnit, mustCounter, otherSide, unitsByHex, unitsIn } from '../units.js';
import { inEnemyZoc } from '../zoc.js';
import { contextOf } from '../ctx.js';
import type { RuleCode } from '../codes.js';
import { unitToChange } from '../draft.js';

const COMBAT_ACTIONS = new Set(['combat', 'assault', 'takeLosses', 'advance']);

export function isCombatAction(type: string): boolean {
  return COMBAT_ACTIONS.has(type);
}

export function isCombatDecision(p: PendingDecision | undefined): boolean {
  return !!p && (p.type === 'combatLosses' || p.type === 'advance');
}

/** While a combat decision is pending only its answer is accepted. Undefined when the pending item is not ours. */
export function combatPendingGate(p: PendingDecision, action: Action): RuleViolation | null | undefined {
  if (p.type === 'combatLosses') {
    if (action.type === 'takeLosses') return null;
    return {
      code: 'rule/pending-decision',
      rule: p.rule,
      message: `First the ${p.side} player takes ${p.losses} loss(es) (takeLosses); default: ${p.defaultText}.`,
    };
  }
  if (p.type === 'advance') {
    if (action.type === 'advance') return null;
    return {
      code: 'rule/pending-decision',
      rule: p.rule,
      message: `First the ${p.side} player decides the Advance After Combat into ${p.vacated} (advance); default: ${p.defaultText}.`,
    };
  }
  return undefined;
}

function ioFor(ctx: Ctx, draft: GameState, source: DiceSource, events: GameEvent[], action?: Action): CombatIo {
  return {
    // 8.1 step 4: AT Fire inside Combats and Assaults (11.2), src/engine/combat-fire.ts.
    supportAndAtFire: (dr, declared, resume, extra) =>
      combatFireStep(ctx, dr, declared, source, events, action?.type === 'combat' ? action : undefined, resume, extra),
    roll(count, purpose, rule) {
      const dice = rollDice(draft, count, purpose, rule, source, events);
      return { dice, n: draft.rollCount };
    },
    emit(e) {
      events.push(e);
    },
    occupied(side, units, path) {
      occupyHexes(ctx, draft, side, units, path, events);
    },
  };
}

/** Overrun costs printed in 12.1.2 (road cost of the target hex + 2; the secondary-road figures as printed). */
export const OVERRUN_COST = { primary: 2.5, main: 2.5, secondary: { tank: 4, armoredCar: 6 } } as const;

/** MP cost of an Assault from `from` on `target` for these units (9.1, 12.1.2). */
export function assaultCost(ctx: Ctx, units: string[], from: HexId, target: HexId): number {
  const counters = units.map((id) => ctx.counter(id)).filter((c) => !isLeader(c));
  const road = ctx.road(from, target);
  if (road && counters.length > 0 && counters.every((c) => isArmored(c))) {
    if (road === 'secondary')
      return Math.max(...counters.map((c) => (c.type === 'armoredCar' ? OVERRUN_COST.secondary.armoredCar : OVERRUN_COST.secondary.tank)));
    return OVERRUN_COST[road];
  }
  return Math.max(...counters.map((c) => terrainCost(ctx, c, target))) + ctx.ruleset.tables.movement.assaultExtra;
}

export interface MoveHooks {
  /** The engine's own move bookkeeping (unit positions, `moved` event, control, leader pick-up). */
  carryOut(m: Mover, route: ReachableHex): RuleViolation | null;
}

/** apply() for combat, assault, takeLosses and advance. Mutates the draft; returns a violation or null. */
export function applyCombatAction(
  ctx: Ctx,
  draft: GameState,
  side: Side,
  action: Action,
  source: DiceSource,
  events: GameEvent[],
  hooks: MoveHooks,
): RuleViolation | null {
  const ruleset = ctx.ruleset;
  const io = ioFor(ctx, draft, source, events, action);
  switch (action.type) {
    case 'combat': {
      const d = checkCombatDeclaration(draft, ruleset, side, action.attackers, action.target);
      if ('violation' in d) return d.violation;
      return resolveDeclared(draft, ruleset, d, io);
    }
    case 'assault': {
      const decl = declareAssault(ctx, draft, side, action);
      if ('violation' in decl) return decl.violation;
      const { d, route, m, ids, cost, mpLeft } = decl;
      // A refusal after this point (e.g. bad Support) discards the whole draft, the move included.
      if (route && m) {
        const err = hooks.carryOut(m, route);
        if (err) return err;
      }
      for (const id of ids) unitToChange(draft, id).flags.acted = true;
      consumeOverrun(draft, ids);
      const left = cost > mpLeft ? 0 : mpLeft - cost;
      return resolveDeclared(draft, ruleset, d, io, { mpLeft: left });
    }
    case 'takeLosses': {
      const answer = {
        steps: action.steps,
        ...(action.retreat ? { retreat: action.retreat } : {}),
        ...(action.zocLoss ? { zocLoss: action.zocLoss } : {}),
      };
      return answerLosses(draft, ruleset, side, answer, io);
    }
    case 'advance':
      return answerAdvance(draft, ruleset, side, action.units, action.path, io);
    default:
      return { code: 'input/unknown-action', rule: '3.0', message: `Not a combat action: ${action.type}.` };
  }
}

/** Friction Fire on an advance is over (optional 20.1): the units still in it advance along `path`. */
export function continueAdvance(
  ctx: Ctx,
  draft: GameState,
  side: Side,
  declared: readonly string[],
  units: string[],
  path: HexId[],
  source: DiceSource,
  events: GameEvent[],
): RuleViolation | null {
  return advanceAlong(draft, ctx.ruleset, side, declared, units, path, ioFor(ctx, draft, source, events));
}

/** Friction Fire on the retreats of a Combat is over (optional 20.1): the Combat goes on. */
export function resumeCombatAfterFriction(ctx: Ctx, draft: GameState, source: DiceSource, events: GameEvent[]): void {
  proceed(draft, ctx.ruleset, ioFor(ctx, draft, source, events));
}

export function combatOptions(ctx: Ctx, state: GameState, side: Side): CombatOptions {
  const ruleset = ctx.ruleset;
  const out: CombatOptions = { targets: [], assaults: [] };
  if (combatInProgress(state) || state.activeSide !== side) return out;
  if (state.phase !== 'combat' && state.phase !== 'action') return out;
  const enemy = otherSide(side);
  const enemyHexes = new Set<HexId>();
  for (const u of Object.values(state.units)) {
    if (u.side === enemy && u.location === 'map' && u.hex && isMapCombatUnit(mustCounter(ruleset, u.id))) enemyHexes.add(u.hex);
  }
  if (state.phase === 'combat') {
    const rec = readRecord(state);
    // The side's units next to each enemy-held hex, in the state's unit order, from one pass over the units.
    const ctx = contextOf(ruleset);
    const near = new Map<HexId, UnitState[]>();
    for (const u of Object.values(state.units)) {
      if (u.side !== side || u.location !== 'map' || !u.hex) continue;
      for (const n of ctx.neighbours(u.hex)) {
        if (!enemyHexes.has(n)) continue;
        const l = near.get(n);
        if (l) l.push(u);
        else near.set(n, [u]);
      }
    }
    for (const hex of [...enemyHexes].sort()) {
      if (rec.attackedHexes.includes(hex)) continue;
      const attackers = (near.get(hex) ?? [])
        .filter((u) => {
          const d = checkCombatDeclaration(state, ruleset, side, [u.id], hex);
          return !('violation' in d);
        })
        .map((u) => u.id);
      if (attackers.length) out.targets.push({ hex, attackers });
    }
  }
  if (state.phase === 'action') {
    // Stacks by hex; units still in the course of their move (4.1, 9.1) form their own stack.
    const byHex = new Map<string, { from: HexId; ids: string[]; continuing: number | null }>();
    for (const u of Object.values(state.units)) {
      if (u.side !== side || u.location !== 'map' || !u.hex || !mayAssault(ruleset, u.id)) continue;
      const cont = u.flags.acted && overrunAllowance(state, u.id) === null ? moveContinuation(state, [u.id]) : null;
      if (u.flags.acted && overrunAllowance(state, u.id) === null && !cont) continue;
      if (isLeader(mustCounter(ruleset, u.id))) continue;
      if ((currentValues(mustCounter(ruleset, u.id), u).cs ?? 0) <= 0) continue;
      const key = cont ? `${u.hex}:moving` : u.hex;
      const group = byHex.get(key) ?? { from: u.hex, ids: [], continuing: cont ? cont.mpLeft : null };
      group.ids.push(u.id);
      byHex.set(key, group);
    }
    for (const { from, ids, continuing } of byHex.values()) {
      for (const target of ctx.neighbours(from)) {
        if (!enemyHexes.has(target)) continue;
        const cost = assaultCost(ctx, ids, from, target);
        const ov = ids.map((id) => overrunAllowance(state, id)).filter((x): x is number => x !== null);
        // A stack that has not acted began the phase here: the minimum move lets it assault (4.1.1).
        const mp =
          continuing !== null
            ? { mpLeft: continuing, minimumMove: false }
            : ov.length
              ? { mpLeft: Math.min(...ov), minimumMove: false }
              : { mpLeft: cost, minimumMove: true };
        const d = checkAssaultDeclaration(state, ruleset, side, ids, target, { from, cost, ...mp });
        if (!('violation' in d)) out.assaults.push({ units: ids, from, target, cost });
      }
    }
  }
  return out;
}

/** Units in a pending combat decision, for views: the engine's `what` text. */
export function describeDecision(p: CombatDecision): string {
  return p.type === 'combatLosses' ? `${p.side} takes ${p.losses} loss(es) (8.5)` : `${p.side} may advance into ${p.vacated} (8.7)`;
}

export { unitsIn };

/**
 * Hexes open for the next step of a path being built for the pending combat decision (for menus):
 * a retreat (8.5.2 priorities; `final` when this step ends the retreat) or an advance (8.7.1).
 * Empty when nothing is open or no such decision is pending.
 */
export function decisionHexes(ctx: Ctx, state: GameState, req: { units: string[]; path: HexId[]; final?: boolean }): HexId[] {
  const p = state.pending[0];
  const ruleset = ctx.ruleset;
  const rec = readRecord(state);
  const c = rec.current;
  if (!p || !c || !Array.isArray(req.units) || req.units.length === 0) return [];
  if (p.type === 'combatLosses') {
    const u = state.units[req.units[0]!];
    if (!u || u.location !== 'map' || !u.hex || req.path.includes(OFF_MAP)) return [];
    const awayFrom = p.role === 'defender' ? c.attackerHexes : [c.target];
    const visited = new Set<HexId>([u.hex, ...req.path]);
    const cur = req.path.length ? req.path[req.path.length - 1]! : u.hex;
    const leaving = new Set(p.units.map((x) => x.unit));
    return retreatChoices(state, ruleset, p.side, req.units, cur, visited, awayFrom, !!req.final, leaving);
  }
  if (p.type === 'advance') {
    if (req.path.length === 0) return [p.vacated];
    const limit = Math.min(...req.units.map((id) => p.units.find((x) => x.unit === id)?.maxHexes ?? 0));
    if (req.path.length >= limit) return [];
    const last = req.path[req.path.length - 1]!;
    const armoredOnly = req.units.every((id) => isArmored(mustCounter(ruleset, id)));
    if (inEnemyZoc(state, contextOf(ruleset), last, p.side, { armored: armoredOnly })) return [];
    const enemy = otherSide(p.side);
    const at = unitsByHex(state);
    return ctx
      .neighbours(last)
      .filter((h) => !req.path.includes(h))
      .filter((h) => !(at.get(h) ?? []).some((x) => x.side === enemy && isMapCombatUnit(mustCounter(ruleset, x.id))))
      .filter((h) => req.units.every((id) => !isProhibitedFor(contextOf(ruleset), mustCounter(ruleset, id), h)))
      .sort();
  }
  return [];
}

/** An Assault as declared and checked, before anything moves or is rolled (9.1, 4.1). */
export interface AssaultDeclaration {
  d: Declared;
  ids: string[];
  /** The move made on the way (a path given with the Assault), carried out when it is applied. */
  route: ReachableHex | null;
  m: Mover | null;
  cost: number;
  mpLeft: number;
}

/**
 * Check an Assault declaration without changing anything. apply uses it, and so does the odds preview,
 * so a player sees the same refusal before and after confirming: phase, units, the move so far or the
 * path given, the MPs left and the target (9.0, 9.1, 4.1, 4.1.1).
 */
export function declareAssault(
  ctx: Ctx,
  state: GameState,
  side: Side,
  action: AssaultAction,
): AssaultDeclaration | { violation: RuleViolation } {
  const ruleset = ctx.ruleset;
  const fail = (code: RuleCode, rule: string, message: string) => ({ violation: { code, rule, message } });
  if (state.phase !== 'action' || state.activeSide !== side)
    return fail(
      'rule/wrong-phase',
      '9.0',
      `Assaults happen during movement in your own Action Phase; now it is the ${state.activeSide} ${state.phase} phase.`,
    );
  if (combatInProgress(state)) return fail('rule/combat-in-progress', '8.1', 'Finish the current Assault first.');
  const list = checkUnitList(state, side, action.units);
  if ('violation' in list) return list;
  for (const id of list.ids) {
    if (!mayAssault(ruleset, id))
      return fail(
        'rule/cannot-assault',
        '9.1',
        `${id} (${ctx.counter(id).type}) cannot Assault: only infantry, armor, engineers and MGs may.`,
      );
  }
  // An Assault is made in the course of a unit's move (9.1). A stack that has just moved and was the
  // last thing to move may still assault with the MPs it has left (4.1); once something else has
  // acted, its move is over. Overrun continuations (12.1.2) have their own allowance.
  const movedAlready = list.ids.find((id) => state.units[id]!.flags.acted && overrunAllowance(state, id) === null);
  const continuing = movedAlready ? moveContinuation(state, list.ids) : null;
  if (movedAlready && !continuing)
    return fail(
      'rule/assault-after-move',
      '9.1, 4.1',
      `${movedAlready} has already finished its move this Action Phase. A stack may assault right after its own move with the MPs it has left, before anything else acts, or declare the Assault with the path it moves along first, as one action.`,
    );
  if (continuing && action.path !== undefined && action.path.length > 0)
    return fail('input/path', '9.1', `The stack goes on from ${continuing.hex}, where its move ended: give no path.`);
  const env = envFor(ctx, state, side);
  const m = continuing ? null : moverOnMap(ctx, state, side, list.ids, env);
  if (m && 'violation' in m) return m;
  let from = continuing ? continuing.hex : m!.start!;
  let mpLeft = continuing ? continuing.mpLeft : m!.allowance;
  let moved = continuing !== null;
  let route: ReachableHex | null = null;
  if (action.path !== undefined && m) {
    if (!Array.isArray(action.path)) return fail('input/path', '9.1', 'path is a list of hex ids.');
    const hexes: HexId[] = [];
    for (const h of action.path as unknown[]) {
      const x = typeof h === 'string' ? parseHexId(h) : null;
      if (!x) return fail('input/bad-hex', '2.3', `${JSON.stringify(h)} is not a hex id like M16.`);
      hexes.push(x);
    }
    if (hexes[0] === from) hexes.shift();
    if (hexes.length > 0) {
      const r = checkPath(ctx, state, m, env, hexes);
      if (!r.ok) return { violation: r.violation };
      if (r.route.minimumMove)
        return fail(
          'rule/assault-mp',
          '9.1, 4.1.1',
          'The minimum move does not leave MPs for an Assault: it allows one only from where the stack began the phase.',
        );
      route = r.route;
      from = r.route.hex;
      mpLeft = r.route.mpLeft;
      moved = true;
    }
  }
  const target = (typeof action.target === 'string' ? parseHexId(action.target) : null) ?? '';
  if (!ctx.hex(target)) return fail('input/bad-hex', '2.3', `${JSON.stringify(action.target)} is not a hex on the map.`);
  const cost = areAdjacent(from, target) ? assaultCost(ctx, list.ids, from, target) : Infinity;
  // The minimum move (4.1.1) is for a stack assaulting from where it began the phase, not an Overrun going on.
  const overrunning = list.ids.some((id) => overrunAllowance(state, id) !== null);
  const d = checkAssaultDeclaration(state, ruleset, side, list.ids, target, { from, mpLeft, cost, minimumMove: !moved && !overrunning });
  if ('violation' in d) return d;
  return { d, ids: list.ids, route, m, cost, mpLeft };
}

/** Go on with a Combat that paused for the owner's choice of Support losses (10.4.2), once it is made. */
export function resumeCombat(
  ctx: Ctx,
  draft: GameState,
  resume: CombatResume,
  source: DiceSource,
  events: GameEvent[],
): RuleViolation | null {
  return resumeDeclared(draft, ctx.ruleset, resume, ioFor(ctx, draft, source, events));
}
