/**
 * legalActions(state, side): the single source of legality. Everything listed here is accepted by
 * apply, and apply refuses what is not listed (the same movement code answers both). Groups of movers
 * are listed by their parts: each unit that may move or enter, each stack as it stands and a few stacks
 * of the reinforcements due at each entry hex (entryGroupings); any other group of listed units (part of
 * a stack, 6.1; other reinforcements together, 13.1) is judged by the same functions the listing uses
 * (moverOnMap, moverEntering with entryGroupProblem), through movesFor and apply alike.
 */
import type { Ctx } from './ctx.js';
import type { Side } from './ruleset.js';
import type { ActionType, GameState, LegalActions, PendingDecision, ReachableHex, RuleViolation, UnitMoves } from './types.js';
import type { HexId } from './hex.js';
import { whoMustAct } from './sequence.js';
import { mustActLabel } from './labels.js';
import { canReachAny, envFor, reachable, type Env, type Mover } from './movement.js';
import { sideStacks, type SideStacks } from './stacking.js';
import { checkUnitList, moverEntering, moverOnMap } from './mover.js';
import { dueReinforcements, entryGroupings, lastTurn } from './reinforcements.js';
import { combatOptions } from './combat/engine.js';
import { overrunAllowance } from './combat/record.js';
import { nightOptions } from './night.js';
import { fireOptions } from './fire.js';
import { artilleryParkChoices } from './artillery-park.js';
import { armorCommitmentOptions } from './armor-commitment.js';
import { provisionalHexes } from './provisional.js';
import { lmgCompanies, lmgPool } from './captured-lmgs.js';
import { stanceChangeProblem } from './stance.js';
import { recoveryOptions } from './recovery.js';
import { digInOptions, removableEntrenchments } from './digging-in.js';
import { replacementOptions } from './replacements.js';

/**
 * A mover's moves, listed lazily: `reachable` (and `canExit`, which needs it) is searched the first time
 * it is read and kept, so listing every unit costs a cheap "can it move at all" check per unit, and a
 * caller pays the full search only for the units it asks about (autocomplete, one unit's move).
 */
function movesOf(ctx: Ctx, state: GameState, side: Side, m: Mover, env: Env, kind: 'move' | 'enter', stacks?: SideStacks): UnitMoves {
  const sources = ctx.ruleset.map.supplySources[side];
  let reach: ReachableHex[] | undefined;
  const full = (): ReachableHex[] => (reach ??= reachable(ctx, state, m, env, stacks));
  const out: UnitMoves = {
    units: [...m.ids],
    from: m.start,
    kind,
    allowance: m.allowance,
    get reachable() {
      return full();
    },
    get canExit() {
      return (
        kind === 'move' &&
        ((m.start !== null && sources.includes(m.start)) || full().some((x) => sources.includes(x.hex) && !x.zocStop && !x.minimumMove))
      );
    },
  };
  if (kind === 'enter') out.entryHexes = [...m.entryHexes];
  return out;
}

/** Whether a mover belongs in the listing: it can go somewhere, or leave the map where it stands (4.2). */
function canMove(ctx: Ctx, state: GameState, side: Side, m: Mover, env: Env, kind: 'move' | 'enter', stacks?: SideStacks): boolean {
  if (kind === 'move' && m.start !== null && ctx.ruleset.map.supplySources[side].includes(m.start)) return true;
  return canReachAny(ctx, state, m, env, stacks);
}

/**
 * Where a chosen unit or group of units (a stack that began together, or reinforcements entering
 * together) can go now; a violation if they cannot move together now. For autocomplete after the
 * player picks part of a stack.
 */
export function movesForUnits(ctx: Ctx, state: GameState, ids: string[]): UnitMoves | { violation: RuleViolation } {
  const first = state.units[ids[0] ?? ''];
  if (!first) return { violation: { code: 'input/unknown-unit', rule: '4.1', message: `There is no unit ${ids[0] ?? ''} in this game.` } };
  const side = first.side;
  const who = whoMustAct(state);
  if (who.side !== side || state.phase !== 'action' || who.pending) {
    return {
      violation: {
        code: 'rule/wrong-phase',
        rule: '3.0',
        message: `Units move in their own Action Phase; now it is ${mustActLabel(who)}.`,
      },
    };
  }
  const list = checkUnitList(state, side, ids);
  if ('violation' in list) return list;
  const env = envFor(ctx, state, side);
  const entering = first.location === 'pending';
  const m = entering ? moverEntering(ctx, state, side, list.ids, env) : moverOnMap(ctx, state, side, list.ids, env);
  if ('violation' in m) return m;
  return movesOf(ctx, state, side, m, env, entering ? 'enter' : 'move');
}

/** The action that answers each kind of decision (one table: a new decision without one fails to compile). */
const ANSWERED_BY: Record<PendingDecision['type'], ActionType> = {
  placeLeader: 'placeLeader',
  combatLosses: 'takeLosses',
  rangedLosses: 'takeLosses',
  stepLosses: 'takeLosses',
  advance: 'advance',
  defensiveSupport: 'support',
  parkBattalion: 'artilleryPark',
  atFireTarget: 'atFire',
  frictionFire: 'friction',
  frictionResult: 'frictionResult',
};

/**
 * True when the side to act now has anything to decide besides ending the phase (and removing its own
 * entrenchments, which never keeps a phase open): what `legalActions` lists, found without listing every
 * unit's moves (the first unit that can move settles it).
 */
export function hasChoices(ctx: Ctx, state: GameState, side: Side): boolean {
  const legal = legalActionsFor(ctx, state, side, { probe: true });
  if (!legal.toAct) return false;
  return !!legal.pending || !legal.phaseActions.every((a) => a === 'endPhase' || a === 'removeEntrenchment');
}

/** `probe`: stop listing moves at the first unit that can move (hasChoices); the listing is then partial. */
export function legalActionsFor(ctx: Ctx, state: GameState, side: Side, opts: { probe?: boolean } = {}): LegalActions {
  const who = whoMustAct(state);
  const toAct = who.side === side && state.phase !== 'gameOver';
  const base: LegalActions = {
    side,
    turn: state.turn,
    phase: state.phase,
    toAct,
    what: toAct ? who.what : `waiting for ${who.side} (${who.what})`,
    phaseActions: [],
    units: [],
    stacks: [],
    delayable: [],
  };
  if (!toAct) return base;
  if (who.pending) {
    base.pending = who.pending;
    base.phaseActions = [ANSWERED_BY[who.pending.type]];
    return base;
  }
  const actions: ActionType[] = ['endPhase'];
  if (state.phase === 'action') {
    const env = envFor(ctx, state, side);
    const counts = sideStacks(ctx, state, side); // stacking counted once for every mover listed
    const byHex = new Map<HexId, string[]>();
    for (const u of Object.values(state.units)) {
      if (u.side !== side || u.location !== 'map' || !u.hex || (u.flags.acted && overrunAllowance(state, u.id) === null)) continue;
      const m = moverOnMap(ctx, state, side, [u.id], env);
      if ('violation' in m) continue;
      if (!canMove(ctx, state, side, m, env, 'move', counts)) continue;
      const mv = movesOf(ctx, state, side, m, env, 'move', counts);
      if (opts.probe) return { ...base, units: [mv], phaseActions: [...actions, 'move'] };
      base.units.push(mv);
      const l = byHex.get(u.hex);
      if (l) l.push(u.id);
      else byHex.set(u.hex, [u.id]);
    }
    for (const ids of byHex.values()) {
      if (ids.length < 2) continue;
      const m = moverOnMap(ctx, state, side, ids, env);
      if ('violation' in m || !canMove(ctx, state, side, m, env, 'move', counts)) continue;
      base.stacks.push(movesOf(ctx, state, side, m, env, 'move', counts));
    }
    const due = dueReinforcements(state, side);
    for (const u of due) {
      const m = moverEntering(ctx, state, side, [u.id], env);
      if ('violation' in m) continue;
      if (!canReachAny(ctx, state, m, env, counts)) continue;
      base.units.push(movesOf(ctx, state, side, m, env, 'enter', counts));
    }
    // Stacks of reinforcements (13.1, 6.0): a few legal groupings of what is due at each entry hex, not
    // every subset; apply takes any group entryGroupProblem accepts (moverEntering checks it).
    for (const ids of entryGroupings(ctx, state, side)) {
      const m = moverEntering(ctx, state, side, ids, env);
      if ('violation' in m) continue;
      if (canReachAny(ctx, state, m, env, counts)) base.stacks.push(movesOf(ctx, state, side, m, env, 'enter', counts));
    }
    const last = lastTurn(ctx, state);
    const turns: number[] = [];
    for (let t = state.turn + 1; t <= last; t++) turns.push(t);
    if (turns.length) for (const u of due) base.delayable.push({ unit: u.id, turns });
    if (base.units.some((x) => x.kind === 'move')) actions.push('move');
    if (base.units.some((x) => x.kind === 'enter')) actions.push('enterReinforcement');
    if (base.delayable.length) actions.push('delayReinforcement');
  }
  // Combats (8.0) in the Combat Phase, Assaults (9.1) in the Action Phase.
  base.combat = combatOptions(ctx, state, side);
  if (base.combat.targets.length) actions.push('combat');
  if (base.combat.assaults.length) actions.push('assault');
  // Standalone Ranged Attacks (10.0) and AT Fire (11.0) in the Combat Phase.
  base.fire = fireOptions(ctx, state, side);
  if (base.fire.ranged.length) actions.push('ranged');
  if (base.fire.atFire.length) actions.push('atFire');
  const armor = armorCommitmentOptions(ctx, state, side); // 12.1.4: at the start of the Soviet Action Phase
  if (armor) {
    base.armorCommitment = armor;
    actions.push('commitArmor');
  }
  if (!stanceChangeProblem(ctx, state, side)) {
    base.stanceChange = true; // 17.1
    actions.push('changeStance');
  }
  const lmg = lmgCompanies(ctx, state, side); // 20.4
  if (lmg.length) {
    base.capturedLmg = { pool: lmgPool(state), units: lmg };
    actions.push('attachLmg');
  }
  const prov = provisionalHexes(ctx, state, side); // 12.8
  if (prov.length) {
    base.provisional = prov;
    actions.push('createProvisional');
  }
  const park = artilleryParkChoices(ctx, state, side); // 12.4.3
  if (park.length) {
    base.artilleryPark = park;
    actions.push('artilleryPark');
  }
  // Recovery (13.3) and Digging In (14.0) in the Action Phase; RPs in the Reset Phase (13.2).
  if (state.phase === 'action') {
    base.recovery = recoveryOptions(ctx, state, side);
    base.digIn = digInOptions(ctx, state, side);
    if (base.recovery.length) actions.push('recovery');
    if (base.digIn.length) actions.push('digIn');
  }
  const rp = replacementOptions(ctx, state, side);
  if (rp) {
    base.replacements = rp;
    actions.push('replacement');
  }
  const removable = removableEntrenchments(state, side); // 14.1: at will
  if (removable.length) {
    base.removableEntrenchments = removable;
    actions.push('removeEntrenchment');
  }
  // Bonfires (16.2) and Night Raids (16.4) in the Action Phase of night turns.
  if (state.phase === 'action') {
    base.night = nightOptions(ctx, state, side);
    if (base.night.bonfire.length) actions.push('bonfire');
    if (base.night.raid.targets.length) actions.push('nightRaid');
  }
  base.phaseActions = actions;
  return base;
}
