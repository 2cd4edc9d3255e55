/**
 * apply(state, side, action): checks the action against the rules and returns the next state and
 * its events, or a RuleViolation. Never mutates its input.
 */
import type { Ctx } from './ctx.js';
import type { Side } from './ruleset.js';
import type {
  Action,
  ApplyResult,
  DelayReinforcementAction,
  EnterReinforcementAction,
  GameEvent,
  GameState,
  MoveAction,
  PlaceLeaderAction,
  ReachableHex,
  RuleViolation,
} from './types.js';
import type { HexId } from './hex.js';
import { parseHexId } from './hex.js';
import { draftOf, finishDraft, unitToChange } from './draft.js';
import { advancePhase, whoMustAct } from './sequence.js';
import { checkPath, envFor, routeTo, type Mover } from './movement.js';
import { checkUnitList, moverEntering, moverOnMap } from './mover.js';
import { dueReinforcements, lastTurn } from './reinforcements.js';
import { applyCommitArmor } from './armor-commitment.js';
import { applyCreateProvisional, noteSovietWest } from './provisional.js';
import { applyChangeStance } from './stance.js';
import { trimLog } from './log-window.js';
import { answerFriction, answerFrictionResult, holdForFriction, stillIn, type FrictionHooks } from './friction-fire.js';
import { markEliminatedKitchens } from './field-kitchens.js';
import { pendingLabel, phaseLabel, sideLabel } from './labels.js';
import { occupyHexes } from './occupy.js';
import { checkForcedDice, type DiceSource } from './dice.js';
import { validateAction } from './validate.js';
import { applyCombatAction, combatPendingGate, continueAdvance, resumeCombatAfterFriction } from './combat/engine.js';
import { consumeOverrun } from './combat/record.js';
import { afterNightAction, answerStepLosses, applyBonfire, applyNightRaid, resolveSubZero } from './night.js';
import { lostInTheWoods } from './lost-in-woods.js';
import { applyAttachLmg } from './captured-lmgs.js';
import { aimAtFireDie, applyFireAction, declareCombat, firePendingGate } from './fire.js';
import { answerParkBattalion, doArtilleryPark, finnishArtilleryPark } from './artillery-park.js';
import { defensiveSupportDecision } from './defensive-support.js';
import { doRecovery } from './recovery.js';
import { doDigIn, doRemoveEntrenchment, removeAbandonedEntrenchments } from './digging-in.js';
import { doReplacement } from './replacements.js';
import type { RuleCode } from './codes.js';

const fail = (code: RuleCode, rule: string, message: string): ApplyResult => ({ ok: false, violation: { code, rule, message } });

/** Sections of the actions that later issues implement. */

const SIDES: readonly Side[] = ['soviet', 'finnish'];

function hexArg(text: unknown): HexId | null {
  return typeof text === 'string' ? parseHexId(text) : null;
}

export function applyAction(ctx: Ctx, state: GameState, side: Side, action: Action, opts?: { forcedDice?: number[] }): ApplyResult {
  if (!SIDES.includes(side)) return fail('input/side', '2.0', `side must be soviet or finnish, got ${JSON.stringify(side)}`);
  // The action's shape first: unknown fields, wrong types, duplicate units, over-long strings (validate.ts).
  const shape = validateAction(action);
  if (shape) return { ok: false, violation: shape };
  if (opts?.forcedDice) {
    const msg = checkForcedDice(opts.forcedDice);
    if (msg) return fail('input/dice', '2.1', msg);
  }
  if (state.phase === 'gameOver') return fail('rule/game-over', '3.0', 'The game is over.');
  const who = whoMustAct(state);
  if (who.side !== side) {
    return fail(
      'rule/not-your-turn',
      who.pending ? who.pending.rule : '3.0',
      `It is the ${sideLabel(who.side)} player's turn to act: ${who.pending ? pendingLabel(who.pending.type) : `the ${phaseLabel(who.what)}`}.`,
    );
  }
  if (who.pending) {
    const gate = combatPendingGate(who.pending, action);
    if (gate) return { ok: false, violation: gate };
    const fireGate = firePendingGate(who.pending, action);
    if (fireGate) return { ok: false, violation: fireGate };
    if (who.pending.type === 'stepLosses' && action.type !== 'takeLosses')
      return fail(
        'rule/pending-decision',
        who.pending.rule,
        `First choose who takes ${who.pending.steps} step loss(es) in ${who.pending.hex}, ${who.pending.cause} (takeLosses); default: ${who.pending.defaultText}.`,
      );
    if (who.pending.type === 'atFireTarget' && action.type !== 'atFire')
      return fail(
        'rule/pending-decision',
        who.pending.rule,
        `First name the target of ${who.pending.gun}'s AT die ${who.pending.die} of ${who.pending.dice}: one of ${who.pending.options.map((o) => o.unit).join(', ')} (atFire); default: ${who.pending.defaultText}.`,
      );
    if (who.pending.type === 'frictionFire' && action.type !== 'friction')
      return fail(
        'rule/pending-decision',
        who.pending.rule,
        `First decide on Friction Fire at the stack moving to ${who.pending.move.route.hex}: fire in one of ${who.pending.options.map((o) => o.hex).join(', ')}, or let it pass (friction); default: ${who.pending.defaultText}.`,
      );
    if (who.pending.type === 'frictionResult' && action.type !== 'frictionResult')
      return fail(
        'rule/pending-decision',
        who.pending.rule,
        `First answer the Friction Fire in ${who.pending.hex}: take ${who.pending.steps} step(s)${who.pending.canHalt ? ' or halt there' : ''} (frictionResult); default: ${who.pending.defaultText}.`,
      );
    if (who.pending.type === 'parkBattalion' && action.type !== 'artilleryPark')
      return fail(
        'rule/pending-decision',
        who.pending.rule,
        `First choose which 76 mm battalion the Artillery Park removes: one of ${who.pending.options.join(', ')} (artilleryPark); default: ${who.pending.defaultText}.`,
      );
    if (who.pending.type === 'placeLeader' && action.type !== 'placeLeader') {
      return fail(
        'rule/pending-decision',
        who.pending.rule,
        `First place ${who.pending.unit} in one of ${who.pending.options.join(', ')} (placeLeader).`,
      );
    }
  }
  const source: DiceSource = { forced: [...(opts?.forcedDice ?? [])] };
  const draft = draftOf(state);
  const events: GameEvent[] = [];
  let err: RuleViolation | null = null;
  // A Combat whose defender may declare defensive Support first (10.3.2): found once, declared below.
  const waiting = action.type === 'combat' ? defensiveSupportDecision(ctx, draft, side, action) : null;
  // A takeLosses answering Ranged Attack losses (10.4.2) goes to the fire code, not the combat code.
  if (action.type === 'takeLosses' && who.pending?.type === 'rangedLosses') err = applyFireAction(ctx, draft, side, action, source, events);
  // A takeLosses answering Sub-Zero or Night Raid step losses (16.3, 16.4); a Sub-Zero Loss Phase ends once
  // the last of its choices is made.
  else if (action.type === 'takeLosses' && who.pending?.type === 'stepLosses') {
    err = answerStepLosses(ctx, draft, side, action.steps, source, events);
    if (!err && draft.phase === 'subZero' && !draft.pending.some((p) => p.type === 'stepLosses')) advancePhase(ctx, draft, events);
  }
  // Defensive Support (10.3.2): the answer, or a Combat whose defender may support first.
  else if (action.type === 'support') err = applyFireAction(ctx, draft, side, action, source, events);
  else if (waiting && action.type === 'combat') err = declareCombat(ctx, draft, side, action, waiting, events);
  else
    switch (action.type) {
      case 'ranged':
        err = applyFireAction(ctx, draft, side, action, source, events);
        break;
      case 'atFire':
        // An AT die aimed inside a Combat (11.1, 11.2), or a standalone AT Fire (11.0).
        err =
          who.pending?.type === 'atFireTarget'
            ? aimAtFireDie(ctx, draft, side, action, source, events)
            : applyFireAction(ctx, draft, side, action, source, events);
        break;
      case 'artilleryPark':
        err =
          who.pending?.type === 'parkBattalion'
            ? answerParkBattalion(ctx, draft, side, action, events)
            : doArtilleryPark(ctx, draft, side, action, events);
        break;
      case 'endPhase':
        if (action.phase !== state.phase) {
          err = {
            code: 'rule/wrong-phase',
            rule: '3.0',
            message: `The current phase is the ${phaseLabel(state.phase)}, not ${typeof action.phase === 'string' ? phaseLabel(action.phase) : String(action.phase)}.`,
          };
          break;
        }
        if (draft.phase === 'subZero') resolveSubZero(ctx, draft, source, events); // 16.3
        // The phase ends when its owners have chosen their Sub-Zero losses (answerStepLosses above).
        if (!draft.pending.some((p) => p.type === 'stepLosses')) advancePhase(ctx, draft, events);
        break;
      case 'move':
        err = doMove(ctx, draft, side, action, source, events);
        break;
      case 'enterReinforcement':
        err = doEnter(ctx, draft, side, action, source, events);
        break;
      case 'delayReinforcement':
        err = doDelay(ctx, draft, side, action, events);
        break;
      case 'placeLeader':
        err = doPlaceLeader(draft, action, events);
        break;
      case 'friction':
      case 'frictionResult': {
        // Optional 20.1: the answers about a stack under Friction Fire; a held move or advance is then
        // carried out, and a Combat whose retreats were fired on goes on.
        const hooks: FrictionHooks = {
          carryOut: (mv, route) => {
            const alive = stillIn(draft, mv);
            if (mv.kind === 'advance') return continueAdvance(ctx, draft, mv.side, mv.units, alive, route.path, source, events);
            return alive.length ? carryOut(ctx, draft, mv.side, { ids: alive, start: mv.from }, route, mv.exit, events) : null;
          },
          resumeCombat: () => resumeCombatAfterFriction(ctx, draft, source, events),
        };
        err =
          action.type === 'friction'
            ? answerFriction(ctx, draft, side, action, source, events, hooks)
            : answerFrictionResult(ctx, draft, side, action, source, events, hooks);
        break;
      }
      case 'combat':
      case 'assault':
      case 'takeLosses':
      case 'advance':
        err = applyCombatAction(ctx, draft, side, action, source, events, {
          carryOut: (m, route) => carryOut(ctx, draft, side, m, route, false, events),
        });
        break;
      case 'recovery':
        err = doRecovery(ctx, draft, side, action, source, events);
        break;
      case 'digIn':
        err = doDigIn(ctx, draft, side, action, events);
        break;
      case 'replacement':
        err = doReplacement(ctx, draft, side, action, events);
        break;
      case 'removeEntrenchment':
        err = doRemoveEntrenchment(draft, side, action, events);
        break;
      case 'bonfire':
        err = applyBonfire(ctx, draft, side, action, events);
        break;
      case 'nightRaid':
        err = applyNightRaid(ctx, draft, side, action, source, events);
        break;
      case 'commitArmor':
        err = applyCommitArmor(ctx, draft, side, action, events);
        break;
      case 'createProvisional':
        err = applyCreateProvisional(ctx, draft, side, action, events);
        break;
      case 'attachLmg':
        err = applyAttachLmg(ctx, draft, side, action, events);
        break;
      case 'changeStance':
        err = applyChangeStance(ctx, draft, side, events);
        break;
      default:
        err = {
          code: 'input/unknown-action',
          rule: '3.0',
          message: `Unknown action type ${JSON.stringify((action as { type: string }).type)}.`,
        };
    }
  if (err) return { ok: false, violation: err };
  afterNightAction(ctx, draft, events); // 16.2, 16.3.1
  removeAbandonedEntrenchments(draft, events); // 14.4
  finnishArtilleryPark(ctx, draft, events); // 12.4.4
  noteSovietWest(ctx, draft, events); // 12.8
  markEliminatedKitchens(ctx, draft, events); // 20.8
  draft.seq += 1;
  for (const e of events) draft.log.push(e);
  trimLog(draft);
  finishDraft(draft);
  return { ok: true, state: draft, events };
}

function needActionPhase(state: GameState, what: string): RuleViolation | null {
  if (state.phase !== 'action')
    return {
      code: 'rule/wrong-phase',
      rule: '3.0',
      message: `${what} happens in your Action Phase; the current phase is the ${phaseLabel(state.phase)}.`,
    };
  return null;
}

/** Why this route cannot end off the map (4.2), when the move asks to exit; else null. */
function exitProblem(ctx: Ctx, side: Side, route: ReachableHex, exit: boolean): RuleViolation | null {
  const dest = route.hex;
  if (exit) {
    if (!ctx.ruleset.map.supplySources[side].includes(dest)) {
      return {
        code: 'rule/exit',
        rule: '4.2',
        message: `Units leave the map only through a friendly supply source hex (${ctx.ruleset.map.supplySources[side].join(', ')}).`,
      };
    }
    if (route.zocStop || route.minimumMove) {
      return {
        code: 'rule/exit',
        rule: '4.2',
        message: `The move must end in ${dest} (enemy ZOC or minimum move), so it cannot go on off the map.`,
      };
    }
  }
  return null;
}

function carryOut(
  ctx: Ctx,
  state: GameState,
  side: Side,
  m: Pick<Mover, 'ids' | 'start'>,
  route: ReachableHex,
  exit: boolean,
  events: GameEvent[],
): RuleViolation | null {
  const bad = exitProblem(ctx, side, route, exit);
  if (bad) return bad;
  const dest = route.hex;
  const entering = m.start === null;
  consumeOverrun(state, m.ids);
  for (const id of m.ids) {
    const u = unitToChange(state, id);
    u.location = 'map';
    u.hex = dest;
    u.flags.acted = true;
    if (entering) {
      delete u.entryTurn;
      delete u.entryHex;
      delete u.entryDisplaced;
      delete u.entryMpPenalty;
    }
  }
  const allowance = route.mpLeft + route.cost;
  events.push({
    type: 'moved',
    side,
    units: [...m.ids],
    from: m.start,
    path: [...route.path],
    to: dest,
    mpSpent: route.cost,
    mpLeft: route.mpLeft,
    allowance,
    extended: route.extended,
    minimumMove: route.minimumMove,
    entry: entering,
    stoppedByZoc: route.zocStop,
  });
  occupyHexes(ctx, state, side, m.ids, route.path, events);
  if (exit) exitUnits(state, side, m.ids, dest, events);
  return null;
}

function exitUnits(state: GameState, side: Side, ids: string[], hex: HexId, events: GameEvent[]): void {
  for (const id of ids) {
    const u = unitToChange(state, id);
    u.location = 'exited';
    u.hex = null;
    u.flags.acted = true;
  }
  events.push({ type: 'exited', side, units: [...ids], hex, rule: '4.2' });
}

function resolveRoute(
  ctx: Ctx,
  state: GameState,
  m: Mover,
  env: ReturnType<typeof envFor>,
  to: unknown,
  path: unknown,
): { route: ReachableHex } | { violation: RuleViolation } {
  if (path !== undefined) {
    if (!Array.isArray(path)) return { violation: { code: 'input/path', rule: '4.1', message: 'path is a list of hex ids.' } };
    const hexes: HexId[] = [];
    for (const p of path) {
      const h = hexArg(p);
      if (!h) return { violation: { code: 'input/bad-hex', rule: '2.3', message: `${JSON.stringify(p)} is not a hex id like M16.` } };
      hexes.push(h);
    }
    if (m.start !== null && hexes[0] === m.start) hexes.shift();
    const toHex = to === undefined ? null : hexArg(to);
    if (to !== undefined && (!toHex || toHex !== hexes[hexes.length - 1])) {
      return {
        violation: {
          code: 'input/path',
          rule: '4.1',
          message: `The path ends in ${hexes[hexes.length - 1] ?? 'nothing'}, not ${String(to)}.`,
        },
      };
    }
    const r = checkPath(ctx, state, m, env, hexes);
    return r.ok ? { route: r.route } : { violation: r.violation };
  }
  const toHex = hexArg(to);
  if (!toHex) return { violation: { code: 'input/bad-hex', rule: '2.3', message: `${JSON.stringify(to)} is not a hex id like M16.` } };
  const r = routeTo(ctx, state, m, env, toHex);
  return r.ok ? { route: r.route } : { violation: r.violation };
}

function doMove(ctx: Ctx, state: GameState, side: Side, a: MoveAction, source: DiceSource, events: GameEvent[]): RuleViolation | null {
  const phaseErr = needActionPhase(state, 'Movement');
  if (phaseErr) return phaseErr;
  const list = checkUnitList(state, side, a.units);
  if ('violation' in list) return list.violation;
  const env = envFor(ctx, state, side);
  const m = moverOnMap(ctx, state, side, list.ids, env);
  if ('violation' in m) return m.violation;
  const stayingPut = a.path === undefined && (a.to === undefined || hexArg(a.to) === m.start);
  if (stayingPut) {
    if (a.exit && m.start && ctx.ruleset.map.supplySources[side].includes(m.start)) {
      exitUnits(state, side, m.ids, m.start, events);
      return null;
    }
    if (a.to !== undefined)
      return { code: 'input/no-move', rule: '4.1', message: `The units are already in ${m.start}; name another hex.` };
    return { code: 'input/no-destination', rule: '4.1', message: 'Give a destination hex (to) or a path.' };
  }
  const r = resolveRoute(ctx, state, m, env, a.to, a.path);
  if ('violation' in r) return r.violation;
  const bad = exitProblem(ctx, side, r.route, !!a.exit);
  if (bad) return bad;
  if (lostInTheWoods(ctx, state, side, m.ids, m.start, r.route.path, source, events)) return null; // 20.5
  if (holdForFriction(ctx, state, side, m, r.route, !!a.exit, events)) return null; // 20.1
  return carryOut(ctx, state, side, m, r.route, !!a.exit, events);
}

function doEnter(
  ctx: Ctx,
  state: GameState,
  side: Side,
  a: EnterReinforcementAction,
  source: DiceSource,
  events: GameEvent[],
): RuleViolation | null {
  const phaseErr = needActionPhase(state, 'Bringing on reinforcements (13.1)');
  if (phaseErr) return phaseErr;
  const list = checkUnitList(state, side, a.units);
  if ('violation' in list) return list.violation;
  let at: HexId | undefined;
  if (a.at !== undefined) {
    const h = hexArg(a.at);
    if (!h) return { code: 'input/bad-hex', rule: '2.3', message: `${JSON.stringify(a.at)} is not a hex id like X28.` };
    at = h;
  }
  const env = envFor(ctx, state, side);
  const m = moverEntering(ctx, state, side, list.ids, env, at);
  if ('violation' in m) return m.violation;
  let to: unknown = a.to;
  if (a.to === undefined && a.path === undefined) {
    if (m.entryHexes.length !== 1)
      return { code: 'input/entry-hex', rule: '13.1.3', message: `Choose where to enter (at): ${m.entryHexes.join(', ')}.` };
    to = m.entryHexes[0];
  }
  // Entering onto the entry hex itself: a one-hex path.
  const toHex = hexArg(to);
  const path = a.path ?? (toHex && m.entryHexes.includes(toHex) ? [toHex] : undefined);
  const r = resolveRoute(ctx, state, m, env, path ? undefined : to, path);
  if ('violation' in r) return r.violation;
  if (lostInTheWoods(ctx, state, side, m.ids, null, r.route.path, source, events)) return null; // 20.5
  if (holdForFriction(ctx, state, side, m, r.route, false, events)) return null; // 20.1
  return carryOut(ctx, state, side, m, r.route, false, events);
}

function doDelay(ctx: Ctx, state: GameState, side: Side, a: DelayReinforcementAction, events: GameEvent[]): RuleViolation | null {
  const phaseErr = needActionPhase(state, 'Delaying reinforcements (13.1.2)');
  if (phaseErr) return phaseErr;
  const list = checkUnitList(state, side, a.units);
  if ('violation' in list) return list.violation;
  const due = new Set(dueReinforcements(state, side).map((u) => u.id));
  for (const id of list.ids) {
    if (!due.has(id)) return { code: 'rule/not-due', rule: '13.1.2', message: `${id} is not a reinforcement due to enter now.` };
  }
  const last = lastTurn(ctx, state);
  const toTurn = a.toTurn ?? state.turn + 1;
  if (!Number.isInteger(toTurn) || toTurn <= state.turn || toTurn > last) {
    return { code: 'input/turn', rule: '13.1.2', message: `Delay to a later turn of this game: ${state.turn + 1}–${last}.` };
  }
  for (const id of list.ids) unitToChange(state, id).entryTurn = toTurn;
  events.push({ type: 'reinforcementDelayed', side, units: [...list.ids], toTurn, reason: 'voluntary', rule: '13.1.2' });
  return null;
}

function doPlaceLeader(state: GameState, a: PlaceLeaderAction, events: GameEvent[]): RuleViolation | null {
  const p = state.pending[0];
  if (!p || p.type !== 'placeLeader') return { code: 'rule/no-pending', rule: '12.3.1', message: 'No leader is waiting to be placed.' };
  if (a.unit !== p.unit) return { code: 'input/unit', rule: '12.3.1', message: `The leader to place is ${p.unit}.` };
  const hex = hexArg(a.hex);
  if (!hex || !p.options.includes(hex))
    return {
      code: 'rule/leader-placement',
      rule: '12.3.1',
      message: `Place ${p.unit} with the nearest friendly combat unit: ${p.options.join(', ')}.`,
    };
  const u = unitToChange(state, p.unit);
  u.hex = hex;
  state.pending.shift();
  events.push({ type: 'leaderPlaced', unit: u.id, hex, rule: '12.3.1' });
  return null;
}
