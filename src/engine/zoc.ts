/**
 * Zones of control (7.0–7.2) and hex control (7.3).
 * Every combat unit exerts a ZOC into its six neighbours; Pajari never does (12.3). Armor ignores
 * every enemy ZOC except that of enemy AT units (7.2, 12.1).
 */
import type { Ctx } from './ctx.js';
import type { CounterDef, Side } from './ruleset.js';
import type { GameEvent, GameState, UnitState } from './types.js';
import type { HexId } from './hex.js';
import { areAdjacent } from './hex.js';
import { isArmored, isAtUnit, isCombatUnit, isMapCombatUnit, isReadOnly, otherSide, readMemo } from './units.js';
import { draftChecksOn } from './draft.js';

/** Per hex in `side`'s ZOC: whether any AT unit contributes to it. */
export type ZocMap = Map<HexId, { at: boolean }>;

/** The ZOC exerted by `side`'s on-map combat units. */
export function zocOf(ctx: Ctx, state: GameState, side: Side): ZocMap {
  const z: ZocMap = new Map();
  for (const u of Object.values(state.units)) {
    if (u.side !== side || u.location !== 'map' || !u.hex) continue;
    const c = ctx.counter(u.id);
    if (!isCombatUnit(c)) continue;
    const at = isAtUnit(c);
    for (const n of ctx.neighbours(u.hex)) {
      const e = z.get(n);
      if (!e) z.set(n, { at });
      else if (at) e.at = true;
    }
  }
  return z;
}

/** True if the enemy ZOC in `hex` binds this unit (armor: only AT units' ZOC, 12.1). */
export function zocBinds(ezoc: ZocMap, c: CounterDef, hex: HexId): boolean {
  const e = ezoc.get(hex);
  if (!e) return false;
  return isArmored(c) ? e.at : true;
}

/**
 * The map of controlled hexes each control object has made its own. A draft's control object is new but
 * shares its hexes with the state it was drawn from (draft.ts); the first change copies them.
 */
const ownHexes = new WeakMap<GameState['control'], GameState['control']['hexes']>();

/**
 * The keys and values of a map of controlled hexes, in the map's own order, kept beside each map this
 * module made (and listed once for any other: set up by hand, read from JSON). A map has a few hundred
 * keys, so V8 keeps it as a dictionary, and a for…in over one is slow: a copy is filled from these lists
 * instead (219 keys: 28 µs against 65 µs; a spread or Object.assign, 145–155 µs). A map is never changed
 * in place but by setControl, which keeps the lists of the draft's own copy with it; under the test
 * suite's checks each copy compares the lists with the map, so a change made some other way fails loudly.
 */
interface HexList {
  keys: HexId[];
  sides: Side[];
}
const lists = new WeakMap<Record<HexId, Side>, HexList>();

function listOf(hexes: Record<HexId, Side>): HexList {
  const known = lists.get(hexes);
  if (known && !draftChecksOn()) return known;
  const l: HexList = { keys: [], sides: [] };
  for (const h in hexes) {
    l.keys.push(h);
    l.sides.push(hexes[h]!);
  }
  if (known && (known.keys.join() !== l.keys.join() || known.sides.join() !== l.sides.join()))
    throw new Error('control.hexes: a map of controlled hexes was changed in place, not by setControl');
  if (!known) lists.set(hexes, l);
  return known ?? l;
}

/** A copy of a map of controlled hexes, its keys in the same order, with its lists (see HexList). */
function copyHexes(hexes: Record<HexId, Side>): Record<HexId, Side> {
  const { keys, sides } = listOf(hexes);
  const out: Record<HexId, Side> = {};
  for (let i = 0; i < keys.length; i++) out[keys[i]!] = sides[i]!;
  lists.set(out, { keys: keys.slice(), sides: sides.slice() });
  return out;
}

/** `hexes[hex] = side` (null: the key deleted), on the map and its lists alike. */
function setHex(hexes: Record<HexId, Side>, hex: HexId, side: Side | null): void {
  const l = lists.get(hexes)!;
  const i = l.keys.indexOf(hex);
  if (side === null) {
    delete hexes[hex];
    if (i >= 0) {
      l.keys.splice(i, 1);
      l.sides.splice(i, 1);
    }
    return;
  }
  hexes[hex] = side;
  if (i >= 0) l.sides[i] = side;
  else {
    l.keys.push(hex);
    l.sides.push(side);
  }
}

/**
 * A map of controlled hexes a draft made its own: the map it was copied from and the changes made to it
 * since, in order: a hex and the side it went to, or null when it went back to the base side (its key
 * deleted). The map's JSON text can then be written from the text of the map it was copied from
 * (src/app/doc-json.ts) instead of from its few hundred keys, which a map kept as a dictionary gives slowly.
 * The map copied is held weakly: each map would otherwise keep every map before it alive.
 */
export interface ControlEdits {
  from: WeakRef<Record<HexId, Side>>;
  ops: [HexId, Side | null][];
}

const edits = new WeakMap<Record<HexId, Side>, ControlEdits>();

/** How `hexes` came to be, when a draft made it from another map (see ControlEdits). */
export function controlEdits(hexes: Record<HexId, Side>): ControlEdits | undefined {
  return edits.get(hexes);
}

/** The only writer of `control.hexes`. */
function setControl(state: GameState, hex: HexId, side: Side, changed: HexId[]): void {
  const control = state.control;
  const now = control.hexes[hex] ?? control.base;
  if (now === side) return;
  if (ownHexes.get(control) !== control.hexes) {
    const from = control.hexes;
    control.hexes = copyHexes(from);
    ownHexes.set(control, control.hexes);
    edits.set(control.hexes, { from: new WeakRef(from), ops: [] });
  }
  setHex(control.hexes, hex, side === control.base ? null : side);
  edits.get(control.hexes)?.ops.push([hex, side === control.base ? null : side]);
  changed.push(hex);
}

/** Which side controls a hex (7.3). */
export function controllerOf(state: GameState, hex: HexId): Side {
  return state.control.hexes[hex] ?? state.control.base;
}

/**
 * Initial control (7.3): the Finns hold every hex except the Soviet supply source and the hexes
 * occupied by or adjacent to Soviet combat units. Used for every scenario (ruling).
 */
export function initialControl(ctx: Ctx, state: GameState): void {
  state.control = { base: 'finnish', hexes: {} };
  const changed: HexId[] = [];
  for (const h of ctx.ruleset.map.supplySources.soviet) if (ctx.hex(h)) setControl(state, h, 'soviet', changed);
  for (const u of Object.values(state.units)) {
    if (u.side !== 'soviet' || u.location !== 'map' || !u.hex) continue;
    if (!isCombatUnit(ctx.counter(u.id))) continue;
    setControl(state, u.hex, 'soviet', changed);
    for (const n of ctx.neighbours(u.hex)) setControl(state, n, 'soviet', changed);
  }
}

/**
 * Combat units of `side` entered the hexes of `path` (7.3): every hex entered becomes theirs (ruling:
 * passing through counts), and so does every hex their final position exerts a ZOC into, unless an enemy
 * combat unit stands there. Only units still on the map at the end of the path exert that ZOC (one
 * eliminated on the way, e.g. by an eZOC step in a Retreat, still occupied the hexes it entered).
 * Called through occupyHexes (src/engine/occupy.ts) for every way of entering a hex.
 */
export function updateControl(
  ctx: Ctx,
  state: GameState,
  side: Side,
  units: readonly string[],
  path: readonly HexId[],
  events: GameEvent[],
): void {
  const combat = units.filter((id) => isCombatUnit(ctx.counter(id)));
  if (combat.length === 0 || path.length === 0) return;
  const changed: HexId[] = [];
  for (const h of path) setControl(state, h, side, changed);
  const last = path[path.length - 1]!;
  if (combat.some((id) => state.units[id]?.location === 'map' && state.units[id]?.hex === last)) {
    const enemyCombat = new Set<HexId>();
    for (const u of Object.values(state.units)) {
      if (u.side !== side && u.location === 'map' && u.hex && isCombatUnit(ctx.counter(u.id))) enemyCombat.add(u.hex);
    }
    for (const n of ctx.neighbours(last)) if (!enemyCombat.has(n)) setControl(state, n, side, changed);
  }
  if (changed.length) events.push({ type: 'control', side, hexes: changed, rule: '7.3' });
}

/**
 * Is `hex` in an enemy ZOC for a unit of `side` (7.0)? Every enemy combat unit on the map exerts a ZOC
 * into its six neighbours; a lone leader exerts none (12.3). For armored units only enemy AT units count (12.1).
 */
export function inEnemyZoc(
  state: GameState,
  ctx: Ctx,
  hex: HexId,
  side: Side,
  opts: { armored?: boolean; ignore?: ReadonlySet<string> } = {},
): boolean {
  const enemy = otherSide(side);
  // A state being read only (units.ts readingOnly): the enemy's ZOC collected once for every question.
  if (isReadOnly(state) && !opts.ignore)
    return readMemo(state, `enemyZoc ${side} ${opts.armored === true}`, () => enemyZocTest(state, ctx, side, opts))(hex);
  for (const u of Object.values(state.units)) if (exertsZoc(ctx, u, enemy, opts) && areAdjacent(u.hex!, hex)) return true;
  return false;
}

/** Whether a unit exerts a ZOC that binds `side`'s units as inEnemyZoc counts it (7.0, 12.1, 12.3). */
function exertsZoc(ctx: Ctx, u: UnitState, enemy: Side, opts: { armored?: boolean; ignore?: ReadonlySet<string> }): boolean {
  if (u.location !== 'map' || u.side !== enemy || !u.hex || opts.ignore?.has(u.id)) return false;
  const def = ctx.counter(u.id);
  return isMapCombatUnit(def) && (!opts.armored || isAtUnit(def));
}

/** inEnemyZoc for many hexes of one state (a path, a hex's neighbours): the enemy's ZOC collected once. */
export function enemyZocTest(
  state: GameState,
  ctx: Ctx,
  side: Side,
  opts: { armored?: boolean; ignore?: ReadonlySet<string> } = {},
): (hex: HexId) => boolean {
  const enemy = otherSide(side);
  const zoc = new Set<HexId>();
  for (const u of Object.values(state.units)) if (exertsZoc(ctx, u, enemy, opts)) for (const n of ctx.neighbours(u.hex!)) zoc.add(n);
  return (hex) => zoc.has(hex);
}
