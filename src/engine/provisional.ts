/**
 * The Finnish Provisional Company (12.8). In the Campaign, Prov/TF-P is a Variable Reinforcement that
 * the Finnish player may create, when he chooses, in a Finnish Action Phase once three conditions hold:
 * it is Day 2 (Dec 9) or later; a Soviet unit has at some time stood in or west of hex column I; and
 * Pajari is within 4 hexes of Lutikkamökki (E13). It is placed with or adjacent to Pajari, at full
 * strength; at that instant both must be in supply and not in an enemy ZOC. It has its full MPs on the
 * turn it is created, and is an infantry company like any other from then on.
 *
 * "A Soviet unit has moved into or west of column I" is recorded once and for all in the game state
 * (`sovietWestOfI`): from every path Soviet units enter (passing through counts) and, after every
 * accepted action, from where Soviet units stand.
 */
import type { Ctx } from './ctx.js';
import { hexDistance, neighbours, type HexId } from './hex.js';
import type { Side } from './ruleset.js';
import type { CreateProvisionalAction, GameEvent, GameState, RuleViolation } from './types.js';
import { overstackChecker } from './stacking.js';
import { isInSupply } from './supply.js';
import { mayEnterTerrain } from './terrain.js';
import { ruleOn } from './options.js';
import { enemyHexes } from './enemy.js';
import { enemyZocTest, inEnemyZoc } from './zoc.js';
import { unitToChange } from './draft.js';

export const PROVISIONAL = 'Prov/TF-P';
const PAJARI = 'Pajari';
const LUTIKKAMOKKI = 'E13';
const WEST_LIMIT = 'I';

const westOfLimit = (hex: HexId): boolean => hex[0]! <= WEST_LIMIT;

const watching = (ctx: Ctx, state: GameState): boolean =>
  !state.sovietWestOfI && !!ctx.scenario(state.scenario)?.specialRules.includes('provisionalCompany');

function recordWest(state: GameState, unit: string, hex: HexId, events: GameEvent[]): void {
  state.sovietWestOfI = true;
  events.push({ type: 'sovietWestOfI', unit, hex, rule: '12.8' });
}

/** After an action: does a Soviet unit stand in or west of column I (12.8)? Recorded once, with an event. */
export function noteSovietWest(ctx: Ctx, state: GameState, events: GameEvent[]): void {
  if (!watching(ctx, state)) return;
  const west = Object.values(state.units).find((u) => u.side === 'soviet' && u.location === 'map' && u.hex && westOfLimit(u.hex));
  if (west) recordWest(state, west.id, west.hex!, events);
}

/**
 * Soviet units entered the hexes of `path` (a move, an entry, an advance, a retreat): a hex in or west of
 * column I on the way counts even when the path ends east of it (12.8 "moved into"; as passing through
 * counts for control, 7.3). Called from occupyHexes, the one place units enter hexes.
 */
export function noteSovietPath(
  ctx: Ctx,
  state: GameState,
  side: Side,
  units: readonly string[],
  path: readonly HexId[],
  events: GameEvent[],
): void {
  if (side !== 'soviet' || units.length === 0 || !watching(ctx, state)) return;
  const hex = path.find(westOfLimit);
  if (hex) recordWest(state, units[0]!, hex, events);
}

/** Why the company may not be created now, or null when it may (hexes aside). */
function notNow(ctx: Ctx, state: GameState, side: Side): string | null {
  if (!ctx.scenario(state.scenario)?.specialRules.includes('provisionalCompany')) return 'this scenario has no Provisional Company';
  if (!ruleOn(state.options, '12.8')) return 'this game leaves the Provisional Company out (option 12.8)';
  const u = state.units[PROVISIONAL];
  if (!u || u.location !== 'pending' || u.entryTurn !== null) return 'the Provisional Company is already in play';
  if (side !== 'finnish' || state.phase !== 'action' || state.activeSide !== 'finnish' || state.pending.length)
    return 'it is created in the Finnish Action Phase';
  if ((ctx.turnDef(state.turn)?.day ?? 0) < 2) return 'it may be created from Day 2 (Dec 9) on';
  if (!state.sovietWestOfI) return 'no Soviet unit has yet moved into or west of hex column I';
  const p = state.units[PAJARI];
  if (!p || p.location !== 'map' || !p.hex) return 'Pajari is not on the map';
  if (hexDistance(p.hex, LUTIKKAMOKKI) > 4)
    return `Pajari is ${hexDistance(p.hex, LUTIKKAMOKKI)} hexes from Lutikkamökki (${LUTIKKAMOKKI}), more than 4`;
  if (!isInSupply(state, ctx, PAJARI)) return 'Pajari is out of supply';
  if (inEnemyZoc(state, ctx, p.hex, 'finnish')) return 'Pajari is in an enemy ZOC';
  return null;
}

/** Where the company could be placed (with or next to Pajari, supplied, out of an enemy ZOC), for legalActions. */
export function provisionalHexes(ctx: Ctx, state: GameState, side: Side): HexId[] {
  if (notNow(ctx, state, side)) return [];
  const p = state.units[PAJARI]!.hex!;
  const facts = placeFacts(ctx, state);
  return [p, ...neighbours(p)].filter((h) => placeProblem(ctx, state, h, facts) === null).sort();
}

/** What placing the company asks of the board, collected once for all the hexes tried. */
function placeFacts(ctx: Ctx, state: GameState) {
  return {
    enemyHeld: enemyHexes(state, 'finnish'),
    over: overstackChecker(ctx, state, [PROVISIONAL]),
    inZoc: enemyZocTest(state, ctx, 'finnish'),
  };
}

function placeProblem(ctx: Ctx, state: GameState, hex: HexId, facts = placeFacts(ctx, state)): string | null {
  const def = ctx.counter(PROVISIONAL);
  if (!ctx.hex(hex) || !mayEnterTerrain(ctx, def, hex, null)) return `${hex} is not a hex the company may stand in`;
  if (facts.enemyHeld.has(hex)) return `${hex} holds enemy units`;
  const over = facts.over(hex);
  if (over) return over;
  if (facts.inZoc(hex)) return `${hex} is in an enemy ZOC`;
  // In supply at the instant of creation: the hex must be one a Finnish unit there would be supplied in.
  const units = { ...state.units, [PROVISIONAL]: { ...state.units[PROVISIONAL]!, location: 'map' as const, hex } };
  if (!isInSupply({ ...state, units }, ctx, PROVISIONAL)) return `${hex} is out of supply`;
  return null;
}

export function applyCreateProvisional(
  ctx: Ctx,
  draft: GameState,
  side: Side,
  a: CreateProvisionalAction,
  events: GameEvent[],
): RuleViolation | null {
  const why = notNow(ctx, draft, side);
  if (why) return { code: 'rule/provisional', rule: '12.8', message: `The Provisional Company cannot be created now: ${why}.` };
  const p = draft.units[PAJARI]!.hex!;
  if (a.hex !== p && !neighbours(p).includes(a.hex))
    return { code: 'rule/provisional', rule: '12.8', message: `It is placed with Pajari (${p}) or next to him, not in ${a.hex}.` };
  const problem = placeProblem(ctx, draft, a.hex);
  if (problem) return { code: 'rule/provisional', rule: '12.8', message: `Not there: ${problem}.` };
  const u = unitToChange(draft, PROVISIONAL);
  u.location = 'map';
  u.hex = a.hex;
  u.stepsLeft = ctx.counter(PROVISIONAL).steps; // at full strength
  delete u.entryTurn;
  delete u.entryHex;
  events.push({ type: 'provisionalCreated', unit: PROVISIONAL, hex: a.hex, rule: '12.8' });
  return null;
}
