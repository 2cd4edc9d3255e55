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
import { STACK_LIMIT, stackFits } from './stacking.js';

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

/** The stacking limit (6.0) in player words, for refusals and listings. */
const STACK_WORDS = `up to ${STACK_LIMIT.units} units, at most ${STACK_LIMIT.infantryCompanies} of them infantry companies (leaders not counted)`;

/** What may enter now, in player words: each open entry hex with the units due there (13.1). */
export function mayEnterNow(ctx: Ctx, state: GameState, side: Side): string {
  const byHex = new Map<string, string[]>();
  for (const u of dueReinforcements(state, side)) {
    const at = entryHexesFor(ctx, state, u).join('/');
    if (!at) continue;
    const l = byHex.get(at);
    if (l) l.push(u.id);
    else byHex.set(at, [u.id]);
  }
  if (!byHex.size) return 'No reinforcement may enter now.';
  const parts = [...byHex].map(([at, ids]) => `at ${at}: ${ids.join(', ')}`);
  return `May enter now ${parts.join('; ')}; any of them together as one stack of ${STACK_WORDS} (6.0, 13.1).`;
}

/**
 * Whether these units may enter together as one stack now (13.1; ruling: any group of the units due at
 * one entry hex, within stacking): every one due now, none on the map, an entry hex open to all of them,
 * and few enough to end a move in one hex (6.0). The entry hexes they share, or the refusal (a group's
 * lists what may enter). One function for the legal listing's groups and for apply (moverEntering), so apply
 * refuses no group the listing offers and accepts no group it could never offer.
 */
export function entryGroupProblem(
  ctx: Ctx,
  state: GameState,
  side: Side,
  ids: readonly string[],
): { entryHexes: HexId[] } | { violation: RuleViolation } {
  // A group's refusal lists what may enter (a single unit's already says when and where it comes on).
  const refuse = (v: RuleViolation): { violation: RuleViolation } => ({
    violation: ids.length > 1 ? { ...v, message: `${v.message} ${mayEnterNow(ctx, state, side)}` } : v,
  });
  const due = new Set(dueReinforcements(state, side).map((u) => u.id));
  let common: HexId[] | null = null;
  const where = new Map<string, string[]>(); // entry hexes open to each unit, for the refusal
  for (const id of ids) {
    const u = state.units[id]!;
    if (u.location === 'map') return refuse({ code: 'rule/already-entered', rule: '13.1', message: `${id} is already on the map.` });
    if (!due.has(id)) {
      if (u.location === 'pending') return refuse(notOnMapRefusal(state, u)); // due later (13.1), or not an entering unit
      return refuse({ code: 'rule/not-due', rule: '13.1', message: `${id} cannot enter: it is not a reinforcement waiting to enter.` });
    }
    const hexes = entryHexesFor(ctx, state, u);
    where.set(id, hexes);
    common = common === null ? hexes : common.filter((h) => hexes.includes(h));
  }
  if (ids.length > 1 && common !== null && common.length === 0 && [...where.values()].every((h) => h.length > 0)) {
    const said = [...where].map(([id, h]) => `${id} at ${h.join('/')}`).join(', ');
    return refuse({
      code: 'rule/entry-hex',
      rule: '13.1',
      message: `Units entering together must share an entry hex: ${said}.`,
    });
  }
  if (!stackFits(ctx, ids)) {
    return refuse({
      code: 'rule/overstack',
      rule: '6.0',
      message: `These ${ids.length} units cannot enter as one stack: a stack ends its move in one hex, which holds ${STACK_WORDS}.`,
    });
  }
  return { entryHexes: common ?? [] };
}

/** The part of a unit id naming its battalion (`7/3/609` and `MG/3/609`: `3/609`), else its formation. */
function battalionOf(ctx: Ctx, id: string): string {
  const c = ctx.counter(id);
  const parts = c.printed.split('/');
  return parts.length >= 3 ? parts.slice(1).join('/') : c.formation;
}

/**
 * Stacks to offer for the units due at each entry hex (13.1, 6.0): the whole group when it may end a move
 * in one hex, else the group packed battalion by battalion into legal stacks (a battalion that fits is
 * kept whole; one that does not is split in order). Groups of two or more only (single units are listed
 * on their own). Not every legal group is listed (that would be combinatorial): any other group that
 * entryGroupProblem accepts is accepted by apply as well.
 */
export function entryGroupings(ctx: Ctx, state: GameState, side: Side): string[][] {
  const byEntry = new Map<string, string[]>();
  for (const u of dueReinforcements(state, side)) {
    const key = entryHexesFor(ctx, state, u).join(',');
    if (!key) continue;
    const l = byEntry.get(key);
    if (l) l.push(u.id);
    else byEntry.set(key, [u.id]);
  }
  const out: string[][] = [];
  for (const ids of byEntry.values()) {
    if (ids.length < 2) continue;
    if (stackFits(ctx, ids)) {
      out.push(ids);
      continue;
    }
    const battalions = new Map<string, string[]>();
    for (const id of [...ids].sort()) {
      const b = battalionOf(ctx, id);
      const l = battalions.get(b);
      if (l) l.push(id);
      else battalions.set(b, [id]);
    }
    const stacks: string[][] = [];
    let cur: string[] = [];
    for (const members of [...battalions.values()].sort((a, b) => b.length - a.length)) {
      if (!stackFits(ctx, [...cur, ...members])) {
        if (cur.length) stacks.push(cur);
        cur = [];
      }
      for (const id of members) {
        if (!stackFits(ctx, [...cur, id])) {
          stacks.push(cur);
          cur = [];
        }
        cur.push(id);
      }
    }
    if (cur.length) stacks.push(cur);
    for (const s of stacks) if (s.length >= 2) out.push(s);
  }
  return out;
}
