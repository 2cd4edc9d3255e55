/**
 * Reinforcements (13.1–13.1.4): which pending units may enter now and where, involuntary delay when
 * an enemy holds the entry hex, voluntary delay, and off-map artillery becoming available (12.4).
 */
import type { Ctx } from './ctx.js';
import type { Side } from './ruleset.js';
import type { GameEvent, GameState, RuleViolation, UnitState } from './types.js';
import type { HexId } from './hex.js';
import { hexDistance, offMapDirections } from './hex.js';
import { sideLabel } from './labels.js';
import { isReadOnly, otherSide, readMemo } from './units.js';
import { enemyHexes } from './enemy.js';
import { unitToChange } from './draft.js';

/** Last turn of the game: the scenario's, or the chosen end of a shortened game (GameState.endTurn). */
export function lastTurn(ctx: Ctx, state: GameState): number {
  return state.endTurn ?? ctx.scenario(state.scenario)?.turns.last ?? state.turn;
}

/** Pending map reinforcements of `side` due now (entry turn reached). */
export function dueReinforcements(state: GameState, side: Side): UnitState[] {
  const due = readMemo(state, `due ${side}`, () =>
    Object.values(state.units).filter(
      (u) =>
        u.side === side &&
        u.location === 'pending' &&
        typeof u.entryTurn === 'number' &&
        u.entryTurn <= state.turn &&
        typeof u.entryHex === 'string',
    ),
  );
  return isReadOnly(state) ? due.slice() : due;
}

/**
 * Entry hexes open to a pending unit now (13.1, 13.1.3): its entry hex unless an enemy unit is on
 * it; after an involuntary delay, any in-play hex on the same map edge within 3 hexes of it (same
 * edge = shares an off-map direction with the entry hex) that holds no enemy unit.
 */
export function entryHexesFor(ctx: Ctx, state: GameState, u: UnitState): HexId[] {
  const entry = u.entryHex;
  if (!entry) return [];
  const held = enemyHexes(state, u.side);
  if (!u.entryDisplaced) return held.has(entry) ? [] : [entry];
  const dirs = new Set(offMapDirections(entry));
  const out: HexId[] = [];
  for (const id of Object.keys(ctx.ruleset.map.hexes)) {
    if (hexDistance(id, entry) > 3) continue;
    if (!offMapDirections(id).some((d) => dirs.has(d))) continue;
    if (held.has(id)) continue;
    out.push(id);
  }
  return out.sort();
}

/**
 * At the start of a side's Action Phase (13.1.3): units due whose entry hex holds an enemy unit are
 * delayed one turn and will enter along the same edge.
 */
export function involuntaryDelays(state: GameState, side: Side, events: GameEvent[]): void {
  const hit: UnitState[] = [];
  let held: Set<HexId> | undefined; // collected once, when a due unit asks
  for (const u of dueReinforcements(state, side)) {
    if (u.entryDisplaced || !u.entryHex || !(held ??= enemyHexes(state, side)).has(u.entryHex)) continue;
    hit.push(u);
  }
  if (!hit.length) return;
  const to = state.turn + 1;
  for (const u of hit) {
    const w = unitToChange(state, u.id);
    w.entryTurn = to;
    w.entryDisplaced = true;
  }
  events.push({ type: 'reinforcementDelayed', side, units: hit.map((u) => u.id), toTurn: to, reason: 'enemyOnEntry', rule: '13.1.3' });
}

/** At the end of an Action Phase: due units that did not enter wait for the next turn (ruling, 13.1.2). */
export function delayUnentered(state: GameState, side: Side, events: GameEvent[]): void {
  const left = dueReinforcements(state, side);
  if (!left.length) return;
  const to = state.turn + 1;
  for (const u of left) unitToChange(state, u.id).entryTurn = to;
  events.push({ type: 'reinforcementDelayed', side, units: left.map((u) => u.id), toTurn: to, reason: 'notEntered', rule: '13.1.2' });
}

/** In a side's Reset Phase: off-map artillery due this turn becomes available (12.4). */
export function artilleryArrivals(state: GameState, side: Side, events: GameEvent[]): void {
  const arrived: string[] = [];
  for (const u of Object.values(state.units)) {
    if (
      u.side === side &&
      u.location === 'pending' &&
      u.entryHex === null &&
      typeof u.entryTurn === 'number' &&
      u.entryTurn <= state.turn
    ) {
      const w = unitToChange(state, u.id);
      w.location = 'offMap';
      delete w.entryTurn;
      delete w.entryHex;
      arrived.push(u.id);
    }
  }
  if (arrived.length) events.push({ type: 'artilleryAvailable', side, units: arrived, rule: '12.4' });
}

/**
 * Why a unit that is not on the map cannot be moved like one (13.1), in player words: when it is due
 * and where it comes on. For a `move` naming a pending unit, and for entering a unit not due yet.
 */
export function notOnMapRefusal(state: GameState, u: UnitState): RuleViolation {
  if (u.location === 'pending') {
    if (u.entryTurn === null || u.entryTurn === undefined) {
      return {
        code: 'rule/not-due',
        rule: '13.1',
        message: `${u.id} is a Variable Reinforcement: it is not on the map until it is brought in (12.1.4, 12.8).`,
      };
    }
    if (u.entryHex === null || u.entryHex === undefined) {
      return {
        code: 'rule/not-due',
        rule: '12.4',
        message: `${u.id} is off-map artillery arriving on turn ${u.entryTurn}; it never moves on the map (12.4).`,
      };
    }
    if (u.entryTurn > state.turn) {
      return {
        code: 'rule/not-due',
        rule: '13.1',
        message: `${u.id} is a reinforcement due on turn ${u.entryTurn} (13.1); it enters at ${u.entryHex}.`,
      };
    }
    return {
      code: 'rule/not-on-map',
      rule: '13.1',
      message: `${u.id} is a reinforcement not on the map yet: bring it on at ${u.entryHex} by moving it onto the map (13.1).`,
    };
  }
  return { code: 'rule/not-on-map', rule: '4.1', message: `${u.id} is not on the map.` };
}

/**
 * A reinforcement sent to another group's entry point (13.1, 13.1.1), e.g. an ordinary Soviet unit to
 * X1 (the 718th's) or the 718th to X28: says where these units enter and whose hex that is. Null when
 * `to` is no entry point (the ordinary path search explains the refusal).
 */
export function wrongEntryPoint(
  ctx: Ctx,
  ids: readonly string[],
  side: Side,
  entryHexes: readonly HexId[],
  to: HexId,
): RuleViolation | null {
  if (entryHexes.includes(to)) return null;
  const map = ctx.ruleset.map;
  const special = map.entryHexes.find((e) => e.hex === to);
  let whose: string | null = null;
  if (special) whose = `${to} is for the ${special.id}`;
  else if (map.supplySources[side].includes(to)) whose = `${to} is for the other ${sideLabel(side)} reinforcements`;
  else if (map.supplySources[otherSide(side)].includes(to)) whose = `${to} is the ${sideLabel(otherSide(side))} supply source`;
  if (!whose) return null;
  const ownSpecial = map.entryHexes.find((e) => entryHexes.includes(e.hex));
  const rule = special?.rule ?? ownSpecial?.rule ?? '13.1';
  const who = ids.length === 1 ? `${ids[0]} enters` : 'These units enter';
  const where =
    entryHexes.length === 0
      ? 'at no hex now (an enemy unit holds the entry hex)'
      : entryHexes.length === 1
        ? `only at ${entryHexes[0]}`
        : `only at one of ${entryHexes.join(', ')}`;
  return { code: 'rule/entry-hex', rule, message: `${who} ${where}; ${whose} (${rule}).` };
}
