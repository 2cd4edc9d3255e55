/**
 * Movement (4.0–4.4, 6.1, 7.1, 12.1.3, 13.1, 16.1): allowances, the cheapest-path search, path
 * checking, and what an illegal move should be told.
 *
 * A mover is one unit or a stack (6.1): it moves at the lowest allowance of its units and pays, per
 * hex, the highest cost any of its units pays. Steps are priced per unit by terrain.ts; this file adds
 * the ZOC rules: stop on entering a binding enemy ZOC, +1 MP to leave one the mover starts in, no
 * road rate into it or next to any enemy unit, a lone Pajari included (5.3, 7.1; src/engine/enemy.ts). Extended Movement (4.3) is a second search restricted to road links
 * and hexes 4+ from every enemy unit, with +2 MP. The minimum move (4.1.1) lets any legal single step
 * happen whatever it costs.
 */
import type { Ctx } from './ctx.js';
import type { CounterDef, Side } from './ruleset.js';
import type { GameState, ReachableHex, RuleViolation, UnitState } from './types.js';
import type { HexId } from './hex.js';
import { hexesWithin } from './hex.js';
import { CostHeap } from './cost-heap.js';
import { SLOTS, gridOf, stepTableOf, type Grid } from './grid.js';
import { currentValues, isArmored, otherSide } from './units.js';
import { stepCost } from './terrain.js';
import { zocBinds, zocOf, type ZocMap } from './zoc.js';
import { enemyPresence, mayUseRoadRate } from './enemy.js';
import { overstackChecker, overstackProblem, type SideStacks } from './stacking.js';
import { draftChecksOn as envChecks } from './draft.js';
import { wrongEntryPoint } from './reinforcements.js';
import type { RuleCode } from './codes.js';

export interface Mover {
  side: Side;
  ids: string[];
  counters: CounterDef[];
  /** Start hex; null when entering from off the map (13.1). */
  start: HexId | null;
  /** Entry hexes when `start` is null. */
  entryHexes: HexId[];
  /** MPs available before Extended Movement's bonus. */
  allowance: number;
  /** Started on a road (or enters by a road): may try Extended Movement (4.3). */
  startsOnRoad: boolean;
}

/** Facts about the enemy that every step needs. */
export interface Env {
  ezoc: ZocMap;
  /** Hexes holding enemy units other than a lone leader: never enterable (4.1). */
  blocked: Set<HexId>;
  /** Hexes nearer an enemy unit than `extendedMovement.minEnemyDistance`: off limits for Extended Movement (4.3). */
  readonly nearEnemy: Set<HexId>;
  /** Hexes next to an enemy unit, a lone leader included: no road rate into them (5.3). */
  nextToEnemy: Set<HexId>;
  /** Hexes holding enemy units, a lone leader included. */
  enemyHeld: Set<HexId>;
  /** The mover may not enter an enemy ZOC at all (the Soviets after their morale collapse, 17.0.4). */
  noEnemyZoc?: boolean;
}

/**
 * The last Env made for each game (its seed) and side on a map, with what it was made from: the enemy
 * units in the state's order, each with its hex when on the map (null otherwise). An Env depends on
 * nothing else but the Soviet morale collapse (17.0.4): the enemy's presence and ZOC come from those hexes
 * and the units' counters, which never change. One side's moves in a row leave the enemy where it was, so a
 * move reuses the Env of the move before (and the search's masks made from it) after a pass over the units
 * that compares ids and hexes; building it anew scanned every unit twice and filled four sets. Kept per
 * game so that many games played in turn by one process keep theirs; the least recently used go first.
 */
interface EnvMemo {
  ids: string[];
  hexes: (HexId | null)[];
  collapsed: boolean;
  env: Env;
}

const envMemos = new WeakMap<Ctx, Map<string, EnvMemo>>();
const MAX_ENV_MEMOS = 512;

/** What of a unit an Env depends on: its hex while it is on the map. */
const placeOf = (u: UnitState): HexId | null => (u.location === 'map' ? u.hex : null);

/** Whether `memo` was made from the enemy units `state` has now. */
function sameEnemy(memo: EnvMemo, state: GameState, enemy: Side): boolean {
  const { ids, hexes } = memo;
  let i = 0;
  // Object.values: measured faster than for…in over the hundred units.
  for (const u of Object.values(state.units)) {
    if (u.side !== enemy) continue;
    if (ids[i] !== u.id || hexes[i] !== placeOf(u)) return false;
    i++;
  }
  return i === ids.length;
}

export function envFor(ctx: Ctx, state: GameState, side: Side): Env {
  const collapsed = side === 'soviet' && state.markers.some((m) => m.type === 'sovietMoraleCollapse');
  const enemySide = otherSide(side);
  let memos = envMemos.get(ctx);
  if (!memos) envMemos.set(ctx, (memos = new Map()));
  const key = `${side} ${state.seed}`;
  const memo = memos.get(key);
  if (memo) memos.delete(key); // put back last below: the most recently used
  if (memo && memo.collapsed === collapsed && sameEnemy(memo, state, enemySide)) {
    memos.set(key, memo);
    if (envChecks()) checkSameEnv(memo.env, makeEnv(ctx, state, side, collapsed));
    return memo.env;
  }
  const env = makeEnv(ctx, state, side, collapsed);
  const ids: string[] = [];
  const hexes: (HexId | null)[] = [];
  for (const u of Object.values(state.units)) {
    if (u.side !== enemySide) continue;
    ids.push(u.id);
    hexes.push(placeOf(u));
  }
  memos.set(key, { ids, hexes, collapsed, env });
  if (memos.size > MAX_ENV_MEMOS) memos.delete(memos.keys().next().value!);
  return env;
}

/** Under the test suite (the draft checks, src/engine/draft.ts): a reused Env must equal a new one. */
function checkSameEnv(kept: Env, made: Env): void {
  const sets = (a: Set<HexId>, b: Set<HexId>) => a.size === b.size && [...a].every((h) => b.has(h));
  const zoc = kept.ezoc.size === made.ezoc.size && [...kept.ezoc].every(([h, e]) => made.ezoc.get(h)?.at === e.at);
  if (
    !zoc ||
    !sets(kept.blocked, made.blocked) ||
    !sets(kept.nextToEnemy, made.nextToEnemy) ||
    !sets(kept.enemyHeld, made.enemyHeld) ||
    !sets(kept.nearEnemy, made.nearEnemy) ||
    kept.noEnemyZoc !== made.noEnemyZoc
  )
    throw new Error('envFor: the Env kept from an earlier state differs from the one this state makes');
}

function makeEnv(ctx: Ctx, state: GameState, side: Side, collapsed: boolean): Env {
  const enemy = enemyPresence(state, ctx, side);
  // Extended Movement must keep at least minEnemyDistance hexes from every enemy unit (4.3, tables.movement):
  // collected when a search first asks (only movers starting on a road try Extended Movement).
  let nearEnemy: Set<HexId> | undefined;
  const near = (): Set<HexId> => {
    if (!nearEnemy) {
      const within = ctx.ruleset.tables.movement.extendedMovement.minEnemyDistance - 1;
      nearEnemy = new Set<HexId>();
      for (const hex of enemy.occupied) for (const h of hexesWithin(hex, within)) nearEnemy.add(h);
    }
    return nearEnemy;
  };
  return {
    ezoc: zocOf(ctx, state, otherSide(side)),
    blocked: enemy.blocked,
    get nearEnemy() {
      return near();
    },
    nextToEnemy: enemy.adjacent,
    enemyHeld: enemy.occupied,
    ...(collapsed ? { noEnemyZoc: true } : {}),
  };
}

/** Is this a night turn (16.0)? */
export function isNight(ctx: Ctx, turn: number): boolean {
  return ctx.turnDef(turn)?.light === 'night';
}

/**
 * MPs a unit has now (4.1): printed MA of its face-up side, minus an entry penalty (13.1.1), doubled
 * on night turns unless it starts in a binding enemy ZOC (16.1). Null if it cannot move (no MA).
 */
export function unitAllowance(ctx: Ctx, state: GameState, u: UnitState, env: Env, entering: boolean): number | null {
  const c = ctx.counter(u.id);
  const ma = currentValues(ctx.counter(u.id), u).ma;
  if (ma === null || ma === undefined) return null;
  let mp = ma;
  if (entering && u.entryMpPenalty) mp = Math.max(0, mp - u.entryMpPenalty);
  const startsInZoc = !entering && u.hex !== null && zocBinds(env.ezoc, c, u.hex);
  if (isNight(ctx, state.turn) && !startsInZoc) mp *= 2;
  return mp;
}

interface Step {
  cost: number;
  stop: boolean;
}

/** Price of one step for the whole mover, or null if any unit may not take it. */
export function stepFor(ctx: Ctx, m: Mover, env: Env, from: HexId | null, to: HexId, extended: boolean): Step | null {
  if (!ctx.hex(to) || env.blocked.has(to)) return null;
  const road = from === null ? ctx.roadExit(to) : ctx.road(from, to);
  if (extended && (road === null || env.nearEnemy.has(to))) return null;
  let cost = 0;
  let stop = false;
  const leave = ctx.ruleset.tables.movement.leaveEnemyZoc;
  for (const c of m.counters) {
    const binds = zocBinds(env.ezoc, c, to);
    let k = stepCost(ctx, c, to, road, mayUseRoadRate(c, binds, env.nextToEnemy.has(to)));
    if (!Number.isFinite(k)) return null;
    if (binds && env.noEnemyZoc) return null; // 17.0.4
    if (from !== null && from === m.start && zocBinds(env.ezoc, c, from)) k += leave;
    if (binds) stop = true;
    if (k > cost) cost = k;
  }
  return { cost, stop };
}

interface Node {
  cost: number;
  prev: HexId | null;
  stop: boolean;
}

/** Flags of an Env over the map's hex numbers (grid.ts), made once per Env (an Env never changes). */
const BLOCKED = 1;
const NEXT_TO_ENEMY = 2;
/** In an enemy ZOC: any counter is bound; in the ZOC of an enemy AT unit: armored counters too (12.1.3). */
const ZOC = 4;
const ZOC_AT = 8;

interface EnvMasks {
  flags: Uint8Array;
  /** Off limits for Extended Movement (4.3): made when an Extended Movement search first asks. */
  nearEnemy?: Uint8Array;
}

const envMasks = new WeakMap<Env, EnvMasks>();

function masksOf(g: Grid, env: Env): EnvMasks {
  let f = envMasks.get(env);
  if (f) return f;
  const flags = new Uint8Array(g.ids.length);
  const mark = (h: HexId, flag: number) => {
    const i = g.index.get(h);
    if (i !== undefined) flags[i]! |= flag;
  };
  for (const h of env.blocked) mark(h, BLOCKED);
  for (const h of env.nextToEnemy) mark(h, NEXT_TO_ENEMY);
  for (const [h, e] of env.ezoc) mark(h, e.at ? ZOC | ZOC_AT : ZOC);
  f = { flags };
  envMasks.set(env, f);
  return f;
}

/**
 * A search's working arrays, one set per map, reused by every search (a search runs to its end before the
 * next begins): a hex's cost, previous hex and stop count only while its `reached` mark is the search's
 * own number, so nothing is cleared between searches. Allocating them per search was most of its time.
 */
interface Scratch {
  cost: Float64Array;
  prev: Int32Array;
  stop: Uint8Array;
  reached: Int32Array;
  done: Int32Array;
  run: number;
}

const scratches = new WeakMap<Grid, Scratch>();

function scratchOf(g: Grid): Scratch {
  let sc = scratches.get(g);
  if (!sc || sc.run >= 0x3fffffff) {
    const n = g.ids.length;
    sc = {
      cost: new Float64Array(n),
      prev: new Int32Array(n),
      stop: new Uint8Array(n),
      reached: new Int32Array(n),
      done: new Int32Array(n),
      run: 0,
    };
    scratches.set(g, sc);
  }
  sc.run++;
  return sc;
}

/**
 * Dijkstra from the mover's start within `limit` MPs. `relaxZoc` ignores ZOC stops (for messages). With
 * `target` it stops once that hex is settled: its node and the nodes of its path are then final (a node
 * changes only for a strictly cheaper cost, and every hex settled later costs at least as much), and
 * only those are returned (none when the target is out of reach).
 *
 * It runs on the map compiled to arrays (src/engine/grid.ts): each step priced from the counters' step
 * tables, the enemy's presence and ZOC as masks; a step is exactly what stepFor prices on hex ids, and
 * the nodes come out in the order stepFor's search first reached them (test/engine/movement-grid.test.ts
 * checks both against the search written on hex ids).
 */
export function search(ctx: Ctx, m: Mover, env: Env, extended: boolean, limit: number, relaxZoc = false, target?: HexId): Map<HexId, Node> {
  const g = gridOf(ctx);
  const f = masksOf(g, env);
  const flags = f.flags;
  const nearEnemy = extended ? (f.nearEnemy ??= nearEnemyMask(ctx, g, env)) : undefined;
  const counters = m.counters.length;
  const tables = m.counters.map((c) => stepTableOf(ctx, c));
  const zocFlags = m.counters.map((c) => (isArmored(c) ? ZOC_AT : ZOC));
  // mayUseRoadRate (5.3): armor keeps the road rate next to the enemy, other units lose it there.
  const nearFlags = m.counters.map((c) => (isArmored(c) ? 0 : NEXT_TO_ENEMY));
  const leave = ctx.ruleset.tables.movement.leaveEnemyZoc;
  const noEnemyZoc = env.noEnemyZoc === true;
  const startAt = m.start === null ? -1 : (g.index.get(m.start) ?? -1);
  const targetAt = target === undefined ? -1 : (g.index.get(target) ?? -1);
  // Per hex: reached (its cost, the hex before it, -1 for none, and whether the move stops there).
  const { cost, prev, stop, reached, done, run } = scratchOf(g);
  const order: number[] = [];
  const heap = new CostHeap<number>();
  const reach = (j: number, c: number, from: number, stops: boolean): void => {
    if (reached[j] === run && cost[j]! <= c) return;
    if (reached[j] !== run && targetAt < 0) order.push(j); // towards one hex only its path is returned
    reached[j] = run;
    cost[j] = c;
    prev[j] = from;
    stop[j] = stops && !relaxZoc ? 1 : 0;
    heap.push(c, j);
  };
  if (startAt < 0) {
    for (const e of m.entryHexes) {
      const st = stepFor(ctx, m, env, null, e, extended);
      const j = g.index.get(e);
      if (st && j !== undefined && st.cost <= limit) reach(j, st.cost, -1, st.stop);
    }
  } else {
    if (nearEnemy?.[startAt]) return new Map();
    reach(startAt, 0, -1, false);
  }
  for (let item = heap.pop(); item; item = heap.pop()) {
    const [base, i] = item;
    if (done[i] === run) continue;
    done[i] = run;
    if (cost[i] !== base) continue;
    if (i === targetAt) break;
    if (stop[i] && i !== startAt) continue;
    const here = i === startAt ? flags[i]! : 0;
    for (let k = i * SLOTS, end = k + SLOTS; k < end; k++) {
      const j = g.nb[k]!;
      if (j < 0 || j === startAt) continue;
      const there = flags[j]!;
      if (there & BLOCKED) continue;
      if (nearEnemy && (!g.road[k] || nearEnemy[j])) continue;
      // The step for the whole mover: the dearest of its counters' costs (stepFor).
      let stepCost = 0;
      let stops = false;
      let ok = true;
      for (let u = 0; u < counters; u++) {
        const binds = (there & zocFlags[u]!) !== 0;
        const useRoad = !binds && (there & nearFlags[u]!) === 0;
        let c = useRoad ? tables[u]!.road[k]! : tables[u]!.plain[k]!;
        if (!Number.isFinite(c) || (binds && noEnemyZoc)) {
          ok = false;
          break;
        }
        if (here & zocFlags[u]!) c += leave;
        if (binds) stops = true;
        if (c > stepCost) stepCost = c;
      }
      if (!ok) continue;
      const c = base + stepCost;
      if (c <= limit) reach(j, c, i, stops);
    }
  }
  const best = new Map<HexId, Node>();
  const node = (j: number): Node => ({ cost: cost[j]!, prev: prev[j]! < 0 ? null : g.ids[prev[j]!]!, stop: stop[j] === 1 });
  if (targetAt >= 0) {
    // Towards one hex: the nodes of its path alone, from the first step on (all reachOne reads).
    if (reached[targetAt] !== run) return best;
    const chain: number[] = [];
    for (let j = targetAt; j >= 0 && j !== startAt; j = prev[j]!) chain.push(j);
    for (let k = chain.length - 1; k >= 0; k--) best.set(g.ids[chain[k]!]!, node(chain[k]!));
    return best;
  }
  for (const j of order) if (j !== startAt) best.set(g.ids[j]!, node(j));
  return best;
}

/** The hexes within `radius` of a hex, by number (hexesWithin, on the map only), per map, radius and hex. */
const withinCache = new WeakMap<Grid, Map<string, Int32Array>>();

function withinOf(g: Grid, hex: HexId, radius: number): Int32Array {
  let byKey = withinCache.get(g);
  if (!byKey) withinCache.set(g, (byKey = new Map()));
  const key = `${radius}|${hex}`;
  let near = byKey.get(key);
  if (!near) {
    const idx: number[] = [];
    for (const x of hexesWithin(hex, radius)) {
      const j = g.index.get(x);
      if (j !== undefined) idx.push(j);
    }
    byKey.set(key, (near = Int32Array.from(idx)));
  }
  return near;
}

/** env.nearEnemy as a mask: the hexes nearer an enemy unit than Extended Movement allows (4.3). */
function nearEnemyMask(ctx: Ctx, g: Grid, env: Env): Uint8Array {
  const radius = ctx.ruleset.tables.movement.extendedMovement.minEnemyDistance - 1;
  const out = new Uint8Array(g.ids.length);
  for (const h of env.enemyHeld) for (const j of withinOf(g, h, radius)) out[j] = 1;
  return out;
}

function pathTo(nodes: Map<HexId, Node>, hex: HexId): HexId[] {
  const out: HexId[] = [];
  let h: HexId | null = hex;
  while (h !== null && nodes.has(h)) {
    out.push(h);
    h = nodes.get(h)!.prev;
  }
  return out.reverse();
}

function routeFrom(nodes: Map<HexId, Node>, hex: HexId, n: Node, mp: number, extended: boolean): ReachableHex {
  return { hex, cost: n.cost, mpLeft: mp - n.cost, path: pathTo(nodes, hex), extended, minimumMove: false, zocStop: n.stop };
}

/** The minimum move (4.1.1) into `h`: any single legal step, when no search reached it. */
function minimumMove(ctx: Ctx, m: Mover, env: Env, h: HexId): ReachableHex | null {
  const st = stepFor(ctx, m, env, m.start, h, false);
  return st && { hex: h, cost: m.allowance, mpLeft: 0, path: [h], extended: false, minimumMove: true, zocStop: st.stop };
}

/**
 * Every hex the mover may end its move in now, with the best way there. `stacks`: the side's stacking
 * counts of this state, when many movers of one listing share them (stacking.ts sideStacks).
 */
export function reachable(ctx: Ctx, state: GameState, m: Mover, env: Env, stacks?: SideStacks): ReachableHex[] {
  const out = new Map<HexId, ReachableHex>();
  const consider = (r: ReachableHex): void => {
    const cur = out.get(r.hex);
    if (!cur || r.mpLeft > cur.mpLeft) out.set(r.hex, r);
  };
  const normal = search(ctx, m, env, false, m.allowance);
  for (const [hex, n] of normal) consider(routeFrom(normal, hex, n, m.allowance, false));
  if (m.startsOnRoad) {
    const mp = m.allowance + ctx.ruleset.tables.movement.extendedMovement.bonusMp;
    const ext = search(ctx, m, env, true, mp);
    for (const [hex, n] of ext) consider(routeFrom(ext, hex, n, mp, true));
  }
  const firsts = m.start === null ? m.entryHexes : ctx.neighbours(m.start);
  for (const h of firsts) {
    if (out.has(h)) continue;
    const r = minimumMove(ctx, m, env, h);
    if (r) out.set(h, r);
  }
  const list: ReachableHex[] = [];
  const over = overstackChecker(ctx, state, m.ids, {}, stacks);
  for (const r of out.values()) if (!over(r.hex)) list.push(r);
  return list.sort((a, b) => a.cost - b.cost || (a.hex < b.hex ? -1 : a.hex > b.hex ? 1 : 0));
}

/**
 * The best way to one hex: exactly `reachable(...).find((r) => r.hex === to)`, with searches that stop
 * once `to` is settled (a move's own route; issue 18).
 */
export function reachOne(ctx: Ctx, state: GameState, m: Mover, env: Env, to: HexId): ReachableHex | undefined {
  if (to === m.start) return undefined;
  const routeIn = (nodes: Map<HexId, Node>, mp: number, extended: boolean): ReachableHex | null => {
    const n = nodes.get(to);
    return n ? routeFrom(nodes, to, n, mp, extended) : null;
  };
  let found = routeIn(search(ctx, m, env, false, m.allowance, false, to), m.allowance, false);
  if (m.startsOnRoad) {
    const mp = m.allowance + ctx.ruleset.tables.movement.extendedMovement.bonusMp;
    const ext = routeIn(search(ctx, m, env, true, mp, false, to), mp, true);
    if (ext && (!found || ext.mpLeft > found.mpLeft)) found = ext;
  }
  if (!found && (m.start === null ? m.entryHexes : ctx.neighbours(m.start)).includes(to)) found = minimumMove(ctx, m, env, to);
  // One hex's count (6.0): as the checker for every hex counts it, a hex it may enter holding no enemy unit
  // but a lone leader, who is not counted.
  if (!found || overstackProblem(ctx, state, to, m.ids)) return undefined;
  return found;
}

/**
 * Whether the mover has anywhere to go, without the full search: any single legal step to a hex it may
 * end in settles it (the minimum move, 4.1.1, makes such a step always reachable); only when every first
 * step is refused or overstacked is the full search run.
 */
export function canReachAny(ctx: Ctx, state: GameState, m: Mover, env: Env, stacks?: SideStacks): boolean {
  const over = overstackChecker(ctx, state, m.ids, {}, stacks);
  const firsts = m.start === null ? m.entryHexes : ctx.neighbours(m.start);
  let anyStep = false;
  for (const h of firsts) {
    if (!stepFor(ctx, m, env, m.start, h, false)) continue;
    if (!over(h)) return true;
    anyStep = true;
  }
  return anyStep && reachable(ctx, state, m, env, stacks).length > 0;
}

export type PathCheck = { ok: true; route: ReachableHex } | { ok: false; violation: RuleViolation };

const v = (code: RuleCode, rule: string, message: string): PathCheck => ({ ok: false, violation: { code, rule, message } });

/** Checks an explicit path (hexes entered in order). */
export function checkPath(ctx: Ctx, state: GameState, m: Mover, env: Env, path: HexId[]): PathCheck {
  if (path.length === 0) return v('input/empty-path', '4.1', 'The path names no hex to enter.');
  if (m.start === null && !m.entryHexes.includes(path[0]!)) {
    return v('rule/entry-hex', '13.1', `Reinforcements enter at ${m.entryHexes.join(', ') || 'no open entry hex'}, not ${path[0]}.`);
  }
  const bonus = ctx.ruleset.tables.movement.extendedMovement.bonusMp;
  const tryMode = (extended: boolean): { cost: number; stop: boolean; fail?: PathCheck } => {
    let from = m.start;
    let cost = 0;
    let stop = false;
    for (let i = 0; i < path.length; i++) {
      const to = path[i]!;
      if (stop)
        return {
          cost,
          stop,
          fail: v('rule/zoc-stop', '7.1', `${from} is in an enemy ZOC: the move must end there, so it cannot go on to ${to}.`),
        };
      if (from !== null && !ctx.neighbours(from).includes(to)) {
        return { cost, stop, fail: v('input/path-not-adjacent', '4.1', `${to} is not adjacent to ${from}.`) };
      }
      if (extended && from === m.start && from !== null && env.nearEnemy.has(from))
        return { cost, stop, fail: v('rule/extended', '4.3', 'not eligible') };
      const st = stepFor(ctx, m, env, from, to, extended);
      if (!st) {
        const why = stepProblem(ctx, m, env, from, to);
        return { cost, stop, fail: why };
      }
      cost += st.cost;
      stop = st.stop;
      from = to;
    }
    return { cost, stop };
  };
  const dest = path[path.length - 1]!;
  const over = overstackProblem(ctx, state, dest, m.ids);
  if (over) return v('rule/overstack', '6.0', `${over}. End the move elsewhere.`);
  const normal = tryMode(false);
  if (normal.fail) return normal.fail;
  const route = (cost: number, allowance: number, extended: boolean, minimumMove: boolean, stop: boolean): PathCheck => ({
    ok: true,
    route: {
      hex: dest,
      cost: minimumMove ? allowance : cost,
      mpLeft: minimumMove ? 0 : allowance - cost,
      path: [...path],
      extended,
      minimumMove,
      zocStop: stop,
    },
  });
  if (normal.cost <= m.allowance) return route(normal.cost, m.allowance, false, false, normal.stop);
  if (m.startsOnRoad) {
    const ext = tryMode(true);
    if (!ext.fail && ext.cost <= m.allowance + bonus) return route(ext.cost, m.allowance + bonus, true, false, ext.stop);
  }
  if (path.length === 1) return route(normal.cost, m.allowance, false, true, normal.stop);
  return v(
    'rule/not-enough-mp',
    '4.1',
    `That path costs ${normal.cost} MP but only ${m.allowance} MP are available${m.startsOnRoad ? ' (Extended Movement, 4.3, needs an all-road route 4+ hexes from every enemy unit)' : ''}.`,
  );
}

/** Why a single step is refused. */
export function stepProblem(ctx: Ctx, m: Mover, env: Env, from: HexId | null, to: HexId): PathCheck {
  if (!ctx.hex(to)) return v('input/bad-hex', '2.3', `${to} is not a hex in play.`);
  if (env.blocked.has(to))
    return v('rule/enemy-occupied', '4.1', `${to} holds enemy units; only a hex with a lone enemy leader may be entered.`);
  const road = from === null ? ctx.roadExit(to) : ctx.road(from, to);
  for (const c of m.counters) {
    if (!Number.isFinite(stepCost(ctx, c, to, road, true))) {
      return v(
        'rule/prohibited-terrain',
        '12.1.3',
        `${c.id} is armor: it must follow the road network and may leave it only to enter a village; ${to} is off the road from ${from ?? 'the map edge'}.`,
      );
    }
  }
  return v(
    'rule/extended',
    '4.3',
    `Extended Movement needs every hex on a connected road and 4+ hexes from all enemy units; ${to} is not.`,
  );
}

/** Picks the best route to `to`, or explains why there is none. */
export function routeTo(ctx: Ctx, state: GameState, m: Mover, env: Env, to: HexId): PathCheck {
  if (!ctx.hex(to)) return v('input/bad-hex', '2.3', `${to} is not a hex in play.`);
  if (to === m.start) return v('input/no-move', '4.1', `The units are already in ${to}.`);
  if (env.blocked.has(to))
    return v('rule/enemy-occupied', '4.1', `${to} holds enemy units; a unit may enter an enemy hex only if it holds a lone leader.`);
  const found = reachOne(ctx, state, m, env, to);
  if (found) return { ok: true, route: found };
  if (m.start === null) {
    // A reinforcement sent to another group's entry point (13.1, 13.1.1): say where it enters instead.
    const other = wrongEntryPoint(ctx, m.ids, m.side, m.entryHexes, to);
    if (other) return { ok: false, violation: other };
  }
  const over = overstackProblem(ctx, state, to, m.ids);
  if (over) return v('rule/overstack', '6.0', `${over}. End the move elsewhere.`);
  const any = search(ctx, m, env, false, Infinity);
  if (!any.has(to)) {
    const armor = m.counters.find((c) => c.conventions.armored || c.type === 'tank' || c.type === 'armoredCar');
    if (armor)
      return v(
        'rule/prohibited-terrain',
        '12.1.3',
        `${armor.id} is armor: it can reach only road-network and village hexes, and ${to} cannot be reached that way.`,
      );
    return v('rule/no-path', '4.1', `No legal path leads to ${to}.`);
  }
  const relaxed = search(ctx, m, env, false, m.allowance, true);
  if (relaxed.has(to)) {
    const p = pathTo(relaxed, to);
    const stopAt = p.slice(0, -1).find((h) => m.counters.some((c) => zocBinds(env.ezoc, c, h)));
    return v(
      'rule/zoc-stop',
      '7.1',
      `Every path to ${to} within ${m.allowance} MP enters an enemy ZOC first${stopAt ? ` (e.g. ${stopAt})` : ''}, where the move must stop. Stop there, or go around the enemy ZOC.`,
    );
  }
  const cost = any.get(to)!.cost;
  return v(
    'rule/not-enough-mp',
    '4.1',
    `${to} costs ${cost} MP to reach but only ${m.allowance} MP are available${m.startsOnRoad ? ' (Extended Movement, 4.3, did not help)' : ''}. Pick a nearer hex.`,
  );
}
