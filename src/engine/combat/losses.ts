/**
 * Losses (8.5): step reductions (8.5.1) and Retreats (8.5.2) with the four priorities, retreat limits
 * (8.5.2.1), step losses for retreating into an enemy ZOC (8.5.2.2), armor (12.1.1), the Hotel (5.2.5, applied
 * by the caller), and where eliminated units go (8.6). Pure: `checkLosses` validates an owner's answer and
 * returns what will happen; `applyLosses` carries it out on a draft state.
 */
import { compareHexIds, hexDistance, isEdgeHex } from '../hex.js';
import type { CounterDef, HexId, Ruleset, Side } from '../ruleset.js';
import type { CombatKind, GameEvent, GameState, LossDecision, RuleViolation, UnitState } from '../types.js';
import { contextOf } from '../ctx.js';
import { isInSupply } from '../supply.js';
import { currentValues, isArmored, isLeader, isMapCombatUnit, mustCounter, otherSide, unitsByHex, unitsIn } from '../units.js';
import { enemyZocTest, inEnemyZoc } from '../zoc.js';
import { isProhibitedFor } from '../terrain.js';
import { stackFits } from '../stacking.js';
import type { RuleCode } from '../codes.js';
import { unitToChange } from '../draft.js';

/** Who shares a loss and how (8.5). */
export interface LossSetup {
  side: Side;
  role: 'defender' | 'attacker';
  kind: CombatKind;
  losses: number;
  /** Involved units of this side that are still on the map (the leader included). */
  units: string[];
  /** Retreat priority IV measures distance from these hexes (8.5.2): the attackers' hexes, or the defender's hex. */
  awayFrom: HexId[];
}

/** The owner's answer (TakeLossesAction without its tag). */
export interface LossAnswer {
  steps: Record<string, number>;
  retreat?: Record<string, HexId[]>;
  /** Who takes the step for an eZOC hex entered while retreating (8.5.2.2), keyed by that hex. */
  zocLoss?: Record<string, string>;
}

export interface ZocStep {
  hex: HexId;
  index: number;
  units: string[];
  /** The unit taking the step; null when none can (armor in a Combat, or the leader alone: 12.3.1, pajari.ts). */
  unit: string | null;
}

export interface LossOutcome {
  steps: Record<string, number>;
  moves: Record<string, HexId[]>;
  zocSteps: ZocStep[];
  retreatHexes: number;
}

type Check<T> = { ok: true; value: T } | { ok: false; violation: RuleViolation };
const bad = (code: RuleCode, rule: string, message: string): { ok: false; violation: RuleViolation } => ({
  ok: false,
  violation: { code, rule, message },
});

/** Can this unit absorb step reductions in this kind of fight? Armor ignores Combat losses (12.1.1); the leader never (12.3.1). */
export function canTakeSteps(def: CounterDef, kind: CombatKind): boolean {
  if (isLeader(def)) return false;
  if (isArmored(def) && kind === 'combat') return false;
  return true;
}

/** Must this unit retreat when its side takes a loss as a Retreat? Armor in a Combat may stay (12.1.1); the leader follows his stack. */
export function mustRetreat(def: CounterDef, kind: CombatKind): boolean {
  return !isLeader(def) && !(isArmored(def) && kind === 'combat');
}

/** Retreat limit in this fight (8.5.2.1); armor defending against an Assault cannot retreat (12.1.1). */
export function limitIn(def: CounterDef, state: GameState, unitId: string, kind: CombatKind, role: 'defender' | 'attacker'): number {
  if (isArmored(def) && kind === 'assault' && role === 'defender') return 0;
  return retreatLimit(def, state.units[unitId]!);
}

/** A retreat step off the map edge (4.2): the unit leaves the game. Only ever the last entry of a path. */
export const OFF_MAP = 'off-map';

/** What a retreat step asks of the board about each hex next to it. */
interface Board {
  at: Map<HexId, UnitState[]>;
  inZoc: (hex: HexId) => boolean;
}

/**
 * The boards of one state, each collected once (for a side, and for a group of armor alone or not), for
 * the many retreat steps one check or default looks at. Only for as long as the state does not change:
 * each entry point below makes its own.
 */
export class RetreatBoards {
  private readonly boards = new Map<string, Board>();
  private at: Map<HexId, UnitState[]> | undefined;
  constructor(
    private readonly state: GameState,
    private readonly ruleset: Ruleset,
  ) {}
  get(side: Side, armoredOnly: boolean): Board {
    const key = `${side}:${armoredOnly}`;
    let b = this.boards.get(key);
    if (!b) {
      this.at ??= unitsByHex(this.state);
      b = { at: this.at, inZoc: enemyZocTest(this.state, contextOf(this.ruleset), side, { armored: armoredOnly }) };
      this.boards.set(key, b);
    }
    return b;
  }
}

/** Priority score of a retreat hex (8.5.2): [I stacking, II stays on the map, III not in eZOC, IV distance 2/1/0]. */
function score(
  ruleset: Ruleset,
  board: Board,
  side: Side,
  group: string[],
  cur: HexId,
  cand: HexId,
  awayFrom: HexId[],
  final: boolean,
  leaving: ReadonlySet<string>,
): number[] {
  let s1 = 1;
  if (final) {
    const staying = (board.at.get(cand) ?? []).filter((u) => u.side === side && !leaving.has(u.id)).map((u) => u.id);
    s1 = stackFits(contextOf(ruleset), [...staying, ...group]) ? 1 : 0;
  }
  const s3 = board.inZoc(cand) ? 0 : 1;
  let s4 = 2;
  for (const e of awayFrom) {
    const before = hexDistance(cur, e);
    const after = hexDistance(cand, e);
    if (after <= before) s4 = Math.min(s4, after === before ? 1 : 0);
  }
  return [s1, 1, s3, s4];
}

function cmpScore(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** Hexes a retreating group may enter next, already filtered to the best priority (8.5.2). */
export function retreatChoices(
  state: GameState,
  ruleset: Ruleset,
  side: Side,
  group: string[],
  cur: HexId,
  visited: ReadonlySet<HexId>,
  awayFrom: HexId[],
  final: boolean,
  leaving: ReadonlySet<string>,
  boards = new RetreatBoards(state, ruleset),
): HexId[] {
  const enemy = otherSide(side);
  const armoredOnly = group.every((id) => isArmored(mustCounter(ruleset, id)));
  const board = boards.get(side, armoredOnly);
  // A hex holding enemy combat units is never entered; a lone enemy leader's may be, and he is picked up (4.1, 12.3.1).
  const cands = contextOf(ruleset)
    .neighbours(cur)
    .filter(
      (h) =>
        !visited.has(h) &&
        !(board.at.get(h) ?? []).some((u) => u.side === enemy && isMapCombatUnit(mustCounter(ruleset, u.id))) &&
        group.every((id) => !isProhibitedFor(contextOf(ruleset), mustCounter(ruleset, id), h)),
    );
  const scored = cands.map((h) => ({ h, s: score(ruleset, board, side, group, cur, h, awayFrom, final, leaving) }));
  // II: from a hex on the map edge a unit may retreat off the map (4.2), which removes it from the game:
  // it never overstacks and is in no ZOC, but every hex that keeps it on the map is preferred.
  if (isEdgeHex(cur)) scored.push({ h: OFF_MAP, s: [1, 0, 1, 2] });
  if (scored.length === 0) return [];
  const best = scored.reduce((m, x) => (cmpScore(x.s, m) > 0 ? x.s : m), scored[0]!.s);
  return scored
    .filter((x) => cmpScore(x.s, best) === 0)
    .map((x) => x.h)
    .sort((a, b) => (a === OFF_MAP ? 1 : b === OFF_MAP ? -1 : compareHexIds(a, b)));
}

/** Greedy default path of `length` hexes for a group (ties: lowest hex id). */
export function defaultPath(
  state: GameState,
  ruleset: Ruleset,
  side: Side,
  group: string[],
  from: HexId,
  length: number,
  awayFrom: HexId[],
  leaving: ReadonlySet<string>,
  boards = new RetreatBoards(state, ruleset),
): HexId[] | null {
  const path: HexId[] = [];
  const visited = new Set<HexId>([from]);
  let cur = from;
  for (let i = 0; i < length; i++) {
    const ch = retreatChoices(state, ruleset, side, group, cur, visited, awayFrom, i === length - 1, leaving, boards);
    if (ch.length === 0) return null;
    cur = ch[0]!;
    visited.add(cur);
    path.push(cur);
    if (cur === OFF_MAP) break;
  }
  return path;
}

interface UnitInfo {
  id: string;
  def: CounterDef;
  hex: HexId;
  stepsLeft: number;
  steppable: boolean;
  must: boolean;
  limit: number;
}

function infos(state: GameState, ruleset: Ruleset, setup: LossSetup): UnitInfo[] {
  return setup.units
    .filter((id) => state.units[id]?.location === 'map')
    .map((id) => {
      const u = state.units[id]!;
      const def = mustCounter(ruleset, id);
      return {
        id,
        def,
        hex: u.hex!,
        stepsLeft: u.stepsLeft,
        steppable: canTakeSteps(def, setup.kind),
        must: mustRetreat(def, setup.kind),
        limit: limitIn(def, state, id, setup.kind, setup.role),
      };
    });
}

/** Steps that must be taken before any Retreat: the attacker's first loss in a Combat, all of them in an Assault (8.5 a, b). */
export function minimumSteps(setup: LossSetup, capacity: number): number {
  if (setup.role !== 'attacker') return 0;
  if (setup.kind === 'assault') return Math.min(setup.losses, capacity);
  return Math.min(1, setup.losses, capacity);
}

/** Validate an owner's loss allocation (8.5–8.5.2.2, 12.1.1, 12.3.1). */
export function checkLosses(
  state: GameState,
  ruleset: Ruleset,
  setup: LossSetup,
  answer: LossAnswer,
  boards = new RetreatBoards(state, ruleset),
): Check<LossOutcome> {
  const us = infos(state, ruleset, setup);
  const byId = new Map(us.map((u) => [u.id, u]));
  const capacity = us.filter((u) => u.steppable).reduce((t, u) => t + u.stepsLeft, 0);
  const minSteps = minimumSteps(setup, capacity);
  let S = 0;
  for (const [id, n] of Object.entries(answer.steps ?? {})) {
    const u = byId.get(id);
    if (!u) return bad('input/unknown-unit', '8.5', `${id} is not one of the units taking this loss (${us.map((x) => x.id).join(', ')}).`);
    if (!Number.isInteger(n) || n < 0) return bad('input/bad-steps', '8.5.1', `Steps for ${id} must be a whole number ≥ 0.`);
    if (n > 0 && !u.steppable) {
      return isLeader(u.def)
        ? bad('rule/leader-no-steps', '12.3.1', `${id} cannot be given a step loss.`)
        : bad(
            'rule/armor-ignores-combat-losses',
            '12.1.1',
            `${id} is armored: it ignores losses in a Combat; give the steps to other units.`,
          );
    }
    if (n > u.stepsLeft) return bad('rule/too-many-steps', '8.5.1', `${id} has only ${u.stepsLeft} step(s) left.`);
    S += n;
  }
  if (S > setup.losses) return bad('rule/too-many-losses', '8.5', `Only ${setup.losses} loss(es) to take, but ${S} steps were given.`);
  if (S < minSteps) {
    return setup.kind === 'assault'
      ? bad(
          'rule/assault-losses-are-steps',
          '8.5 b, 9.2',
          `In an Assault the attacker takes every loss as a step reduction: ${minSteps} step(s).`,
        )
      : bad('rule/first-loss-step', '8.5 a', 'The attacker must take the first loss as a step reduction.');
  }
  const eliminated = new Set(us.filter((u) => u.steppable && (answer.steps?.[u.id] ?? 0) >= u.stepsLeft).map((u) => u.id));
  const survivors = us.filter((u) => !eliminated.has(u.id));
  const retreat = answer.retreat ?? {};
  for (const id of Object.keys(retreat)) {
    if (!byId.has(id)) return bad('input/unknown-unit', '8.5.2', `${id} is not one of the units taking this loss.`);
    if (eliminated.has(id))
      return bad('rule/eliminated-cannot-retreat', '8.5.2', `${id} is eliminated by its step losses and cannot retreat.`);
  }
  for (const [id, p] of Object.entries(retreat)) {
    const k = p.indexOf(OFF_MAP);
    if (k >= 0 && k !== p.length - 1)
      return bad('rule/retreat-off-map', '4.2', `${id} leaves the game when it retreats off the map: ${OFF_MAP} must be the last entry.`);
  }
  const lengths = Object.values(retreat).map((p) => p.length);
  // A unit that retreats off the map leaves the game (4.2): its retreat counts as the full distance.
  const anyOff = Object.values(retreat).some((p) => p[p.length - 1] === OFF_MAP);
  const R = lengths.length ? Math.max(...lengths, anyOff ? setup.losses - S : 0) : 0;
  /** A path is complete at R hexes, or earlier when it leaves the map (4.2). */
  const fullLength = (p: HexId[] | undefined): boolean => !!p && (p.length === R || (p[p.length - 1] === OFF_MAP && p.length <= R));
  if (setup.kind === 'assault' && setup.role === 'attacker' && R > 0) {
    return bad('rule/assault-losses-are-steps', '8.5 b, 9.2', 'In an Assault the attacker cannot retreat: every loss is a step reduction.');
  }
  const mustUnits = survivors.filter((u) => u.must);
  if (S + R > setup.losses)
    return bad('rule/too-many-losses', '8.5.2', `Steps ${S} + retreat ${R} hexes exceed the ${setup.losses} loss(es).`);
  if (S + R < setup.losses) {
    const stepsLeftToGive = survivors.some((u) => u.steppable);
    if (stepsLeftToGive || (R > 0 && mustUnits.length > 0)) {
      return bad(
        'rule/losses-not-taken',
        '8.5',
        `${setup.losses} loss(es) must be taken: steps ${S} + retreat ${R} hexes is short by ${setup.losses - S - R}. Losses that cannot be taken as a Retreat must be steps (8.5.2).`,
      );
    }
  }
  // Every unit that has to retreat retreats the same number of hexes, within its limit (8.5.2, 8.5.2.1).
  if (R > 0) {
    for (const u of mustUnits) {
      const p = retreat[u.id];
      if (!fullLength(p)) {
        if (u.limit < R) {
          return bad(
            'rule/retreat-limit',
            '8.5.2.1',
            `${u.id} can retreat at most ${u.limit} hex(es) (MA − 2${isArmored(u.def) ? '; armor defending an Assault: 0, 12.1.1' : ''}); take more losses as steps, e.g. eliminate it first (8.5 example).`,
          );
        }
        return bad('rule/retreat-all-units', '8.5.2', `A Retreat moves every unit taking the loss: give ${u.id} a path of ${R} hex(es).`);
      }
      if (u.limit < p!.length) return bad('rule/retreat-limit', '8.5.2.1', `${u.id} can retreat at most ${u.limit} hex(es).`);
    }
    for (const u of survivors.filter((x) => !x.must)) {
      const p = retreat[u.id];
      if (p && !fullLength(p)) return bad('rule/retreat-all-units', '8.5.2', `${u.id} must retreat ${R} hexes with the others, or stay.`);
    }
  }
  // Leader follows a unit of his hex (12.3) when not given a path.
  const moves: Record<string, HexId[]> = {};
  for (const u of survivors) if (retreat[u.id]) moves[u.id] = retreat[u.id]!;
  if (R > 0) {
    for (const u of survivors.filter((x) => isLeader(x.def) && !retreat[x.id])) {
      const mate = survivors.find((x) => x.hex === u.hex && x.must && moves[x.id]);
      if (mate) moves[u.id] = moves[mate.id]!;
    }
  }
  // Each hex of each path must be among the best by the four priorities (8.5.2).
  const leaving = new Set(Object.keys(moves));
  for (const [id, path] of Object.entries(moves)) {
    const u = byId.get(id)!;
    const visited = new Set<HexId>([u.hex]);
    let cur = u.hex;
    for (let i = 0; i < path.length; i++) {
      const next = path[i]!;
      const choices = retreatChoices(state, ruleset, setup.side, [id], cur, visited, setup.awayFrom, i === R - 1, leaving, boards);
      if (!choices.includes(next)) {
        return bad(
          'rule/retreat-priority',
          '8.5.2',
          choices.length === 0
            ? `${id} cannot retreat from ${cur}: no hex is open (prohibited terrain, enemy units, or already entered). Take the loss as a step instead.`
            : `${id} may not retreat from ${cur} to ${next}: by the retreat priorities (stacking, eZOC, distance) it must go to ${choices.join(' or ')}.`,
        );
      }
      visited.add(next);
      cur = next;
    }
  }
  // Nobody may end a Retreat overstacked (8.5.2, 6.0).
  const ends = new Map<HexId, string[]>();
  for (const [id, p] of Object.entries(moves)) ends.set(p[p.length - 1]!, [...(ends.get(p[p.length - 1]!) ?? []), id]);
  ends.delete(OFF_MAP);
  for (const [hex, ids] of ends) {
    const staying = unitsIn(state, hex)
      .filter((x) => x.side === setup.side && !leaving.has(x.id))
      .map((x) => x.id);
    if (!stackFits(contextOf(ruleset), [...staying, ...ids]))
      return bad(
        'rule/retreat-overstack',
        '8.5.2, 6.0',
        `Retreating into ${hex} would overstack it (5 units, at most 3 infantry companies).`,
      );
  }
  // eZOC step losses (8.5.2.2): one per stack per eZOC hex entered; units entering the same hex together are one stack.
  const groups = new Map<string, { hex: HexId; index: number; units: string[] }>();
  const zocFor = {
    armored: enemyZocTest(state, contextOf(ruleset), setup.side, { armored: true }),
    other: enemyZocTest(state, contextOf(ruleset), setup.side),
  };
  for (const [id, p] of Object.entries(moves)) {
    p.forEach((hex, index) => {
      if (hex === OFF_MAP) return;
      const def = byId.get(id)!.def;
      if (!(isArmored(def) ? zocFor.armored : zocFor.other)(hex)) return;
      const k = `${index}:${hex}`;
      const g = groups.get(k) ?? { hex, index, units: [] };
      g.units.push(id);
      groups.set(k, g);
    });
  }
  const zocSteps: ZocStep[] = [];
  const stepsAfter = new Map(us.map((u) => [u.id, u.stepsLeft - (answer.steps?.[u.id] ?? 0)]));
  for (const g of [...groups.values()].sort((a, b) => a.index - b.index)) {
    const eligible = g.units.filter((id) => byId.get(id)!.steppable && (stepsAfter.get(id) ?? 0) > 0);
    let unit: string | null = null;
    const chosen = answer.zocLoss?.[g.hex];
    if (chosen !== undefined) {
      if (!eligible.includes(chosen))
        return bad(
          'rule/zoc-step-unit',
          '8.5.2.2',
          `${chosen} cannot take the eZOC step in ${g.hex}; choose one of ${eligible.join(', ') || '(none)'}.`,
        );
      unit = chosen;
    } else if (eligible.length > 0) {
      unit = [...eligible].sort((a, b) => stepsAfter.get(b)! - stepsAfter.get(a)! || a.localeCompare(b))[0]!;
    }
    if (unit) stepsAfter.set(unit, stepsAfter.get(unit)! - 1);
    zocSteps.push({ ...g, unit });
  }
  const steps: Record<string, number> = {};
  for (const [id, n] of Object.entries(answer.steps ?? {})) if (n > 0) steps[id] = n;
  return { ok: true, value: { steps, moves, zocSteps, retreatHexes: R } };
}

/** Where an eliminated unit goes (8.6): infantry companies in supply to the Dead Pool, everything else permanently. */
export function eliminationBox(state: GameState, ruleset: Ruleset, unitId: string): 'deadPool' | 'eliminated' {
  return boxFor(ruleset, unitId, isInSupply(state, contextOf(ruleset), unitId));
}

function boxFor(ruleset: Ruleset, unitId: string, inSupply: boolean): 'deadPool' | 'eliminated' {
  return mustCounter(ruleset, unitId).infantryCompany && inSupply ? 'deadPool' : 'eliminated';
}

/** The events a loss can cause (defined once, in events.ts). */
export type LossEvent = Extract<GameEvent, { type: 'exited' | 'stepLoss' | 'eliminated' | 'retreated' }>;

/** Step-reduce a unit on a draft state; eliminate it (8.6) when no step is left. Supply is judged where it stands now. */
export function reduceUnit(
  draft: GameState,
  ruleset: Ruleset,
  unitId: string,
  n: number,
  rule: string,
  reason: string,
  events: LossEvent[],
): boolean {
  const u = unitToChange(draft, unitId);
  const hex = u.hex!;
  // Supply matters only to an eliminated unit (its box and its event): one search, and only then.
  const eliminated = u.stepsLeft - n <= 0;
  const inSupply = eliminated && isInSupply(draft, contextOf(ruleset), unitId);
  const box = eliminated ? boxFor(ruleset, unitId, inSupply) : null;
  u.stepsLeft = Math.max(0, u.stepsLeft - n);
  events.push({ type: 'stepLoss', unit: unitId, steps: n, stepsLeft: u.stepsLeft, rule, reason });
  if (box) {
    events.push({ type: 'eliminated', unit: unitId, hex, box, inSupply, rule: '8.6' });
    u.location = box;
    u.hex = null;
    delete u.flags.capturedLmg; // lost with the company (optional 20.4, our reading)
    return true;
  }
  return false;
}

/**
 * Carry out a checked outcome on a draft state: steps first, then retreats hex by hex with eZOC steps
 * (8.5, 8.5.2.2). A leader left alone in an enemy ZOC on the way (his last companion took the eZOC step
 * and died) retreats no further: his capture roll comes next (12.3.1, pajari.ts). Returns the units that
 * retreated and the hexes each actually entered (for hex control, 7.3).
 */
export function applyLosses(
  draft: GameState,
  ruleset: Ruleset,
  outcome: LossOutcome,
  events: LossEvent[],
): { retreated: string[]; entered: Record<string, HexId[]> } {
  for (const [id, n] of Object.entries(outcome.steps)) reduceUnit(draft, ruleset, id, n, '8.5.1', 'combat loss', events);
  const from: Record<string, HexId> = {};
  const entered: Record<string, HexId[]> = {};
  for (const id of Object.keys(outcome.moves)) {
    from[id] = draft.units[id]!.hex!;
    entered[id] = [];
  }
  const stopped = new Set<string>();
  const maxLen = Math.max(0, ...Object.values(outcome.moves).map((p) => p.length));
  for (let i = 0; i < maxLen; i++) {
    for (const [id, p] of Object.entries(outcome.moves)) {
      if (draft.units[id]!.location !== 'map' || !p[i] || stopped.has(id)) continue;
      const u = unitToChange(draft, id);
      if (p[i] === OFF_MAP) {
        // 4.2: off the map by Retreat: out of the game, not eliminated.
        events.push({ type: 'exited', side: u.side, units: [id], hex: u.hex!, rule: '4.2' });
        u.location = 'exited';
        u.hex = null;
      } else {
        u.hex = p[i]!;
        entered[id]!.push(u.hex);
      }
    }
    for (const z of outcome.zocSteps.filter((x) => x.index === i && x.unit)) {
      if (draft.units[z.unit!]!.location === 'map')
        reduceUnit(draft, ruleset, z.unit!, 1, '8.5.2.2', `retreated into an enemy ZOC at ${z.hex}`, events);
    }
    for (const id of Object.keys(outcome.moves)) {
      const u = draft.units[id]!;
      if (stopped.has(id) || u.location !== 'map' || !isLeader(mustCounter(ruleset, id))) continue;
      const mates = unitsIn(draft, u.hex!).some((x) => x.side === u.side && x.id !== id);
      if (!mates && inEnemyZoc(draft, contextOf(ruleset), u.hex!, u.side)) stopped.add(id);
    }
  }
  const retreated: string[] = [];
  for (const [id, p] of Object.entries(outcome.moves)) {
    if (p.length === 0) continue;
    retreated.push(id);
    const u = draft.units[id]!;
    const path = u.location === 'exited' ? [...entered[id]!, OFF_MAP] : entered[id]!;
    if (u.location === 'map' || u.location === 'exited') events.push({ type: 'retreated', unit: id, from: from[id]!, path, rule: '8.5.2' });
  }
  return { retreated, entered };
}

function describe(steps: Record<string, number>, moves: Record<string, HexId[]>): string {
  const parts: string[] = [];
  for (const [id, n] of Object.entries(steps)) if (n > 0) parts.push(`${id} −${n} step${n > 1 ? 's' : ''}`);
  for (const [id, p] of Object.entries(moves)) if (p.length) parts.push(`${id} retreats ${p.join('→')}`);
  return parts.length ? parts.join('; ') : 'no loss to take';
}

/** Build the owner's decision: options, limits and a sensible default (8.5). */
export function lossDecision(state: GameState, ruleset: Ruleset, setup: LossSetup, combatId: number): LossDecision {
  const us = infos(state, ruleset, setup);
  const capacity = us.filter((u) => u.steppable).reduce((t, u) => t + u.stepsLeft, 0);
  const minSteps = minimumSteps(setup, capacity);
  const boards = new RetreatBoards(state, ruleset);
  const tried = new Allocations(state, ruleset, setup, boards);
  const best = defaultAllocation(state, ruleset, setup, tried);
  const leaving = new Set(us.map((u) => u.id));
  const firstHexes: Record<string, HexId[]> = {};
  for (const u of us) {
    if (!u.must || u.limit < 1) continue;
    // The first hex is also the last when the retreat can be only one hex long.
    const oneHex = setup.losses - minSteps <= 1 || u.limit <= 1;
    firstHexes[u.id] = retreatChoices(state, ruleset, setup.side, [u.id], u.hex, new Set([u.hex]), setup.awayFrom, oneHex, leaving, boards);
  }
  let maxRetreat = 0;
  for (let r = Math.max(0, setup.losses - minSteps); r > 0; r--) {
    if (tried.answer(r, false)) {
      maxRetreat = r;
      break;
    }
  }
  return {
    type: 'combatLosses',
    side: setup.side,
    role: setup.role,
    combatId,
    kind: setup.kind,
    losses: setup.losses,
    rule: '8.5',
    units: us.map((u) => ({
      unit: u.id,
      hex: u.hex,
      stepsLeft: u.stepsLeft,
      canTakeSteps: u.steppable,
      retreatLimit: u.limit,
      mustRetreat: u.must,
    })),
    minSteps,
    maxRetreat,
    firstHexes,
    default: best,
    defaultText: describe(best.steps, best.retreat ?? {}),
  };
}

/** Steps for retreat length r: eliminate units that cannot retreat r first, then flip full-strength units (weakest first). */
function allocationFor(
  state: GameState,
  ruleset: Ruleset,
  setup: LossSetup,
  r: number,
  boards: RetreatBoards,
): { answer: LossAnswer; nearZoc: boolean } | null {
  const us = infos(state, ruleset, setup);
  const steppable = us.filter((u) => u.steppable);
  const capacity = steppable.reduce((t, u) => t + u.stepsLeft, 0);
  const minSteps = minimumSteps(setup, capacity);
  let s = setup.losses - r;
  if (s < minSteps) return null;
  const steps: Record<string, number> = {};
  const give = (id: string, n: number): void => {
    steps[id] = (steps[id] ?? 0) + n;
  };
  if (r > 0) {
    for (const u of us.filter((x) => x.must && x.limit < r)) {
      if (!u.steppable) return null;
      give(u.id, u.stepsLeft);
      s -= u.stepsLeft;
    }
    if (s < 0) return null;
  }
  const left = (u: UnitInfo): number => u.stepsLeft - (steps[u.id] ?? 0);
  const cs = (u: UnitInfo): number => currentValues(u.def, state.units[u.id]!).cs ?? 0;
  while (s > 0) {
    const cands = steppable.filter((u) => left(u) > 0);
    if (cands.length === 0) break;
    cands.sort((a, b) => left(b) - left(a) || cs(a) - cs(b) || a.id.localeCompare(b.id));
    give(cands[0]!.id, 1);
    s--;
  }
  if (s > 0 && r === 0) {
    // All steps exhausted: the rest of the loss has no one left to take it.
  } else if (s > 0) {
    return null;
  }
  const survivors = us.filter((u) => left(u) > 0 || !u.steppable);
  const must = survivors.filter((u) => u.must);
  if (r > 0 && must.length === 0) return null;
  if (r === 0) return { answer: { steps }, nearZoc: false };
  const retreat: Record<string, HexId[]> = {};
  const leaving = new Set(survivors.map((u) => u.id));
  const byHex = new Map<HexId, string[]>();
  for (const u of must) byHex.set(u.hex, [...(byHex.get(u.hex) ?? []), u.id]);
  const inZoc = boards.get(setup.side, false).inZoc;
  let nearZoc = false;
  for (const [hex, group] of byHex) {
    const p = defaultPath(state, ruleset, setup.side, group, hex, r, setup.awayFrom, leaving, boards);
    if (!p) return null;
    nearZoc ||= p.some((h) => h === OFF_MAP || inZoc(h));
    for (const id of group) retreat[id] = p;
  }
  return { answer: { steps, retreat }, nearZoc };
}

/**
 * Each retreat length's allocation for one loss, worked out and checked once: the default and the longest
 * retreat a decision offers both try them, the default keeping out of enemy ZOCs and off the map edge.
 */
class Allocations {
  private readonly tried = new Map<number, { answer: LossAnswer; nearZoc: boolean; ok?: boolean } | null>();
  constructor(
    private readonly state: GameState,
    private readonly ruleset: Ruleset,
    private readonly setup: LossSetup,
    private readonly boards: RetreatBoards,
  ) {}

  /** The allocation for retreat length r, if it passes checkLosses (and, with avoidZoc, its paths keep out of enemy ZOCs). */
  answer(r: number, avoidZoc: boolean): LossAnswer | null {
    let t = this.tried.get(r);
    if (t === undefined) this.tried.set(r, (t = allocationFor(this.state, this.ruleset, this.setup, r, this.boards)));
    if (!t || (avoidZoc && t.nearZoc)) return null;
    if (r === 0) return t.answer;
    t.ok ??= checkLosses(this.state, this.ruleset, this.setup, t.answer, this.boards).ok;
    return t.ok ? t.answer : null;
  }
}

/**
 * The default the owner can accept in one step: keep steps where possible by retreating as far as the
 * loss allows without entering an enemy ZOC; otherwise take the losses as step reductions.
 */
export function defaultAllocation(
  state: GameState,
  ruleset: Ruleset,
  setup: LossSetup,
  tried = new Allocations(state, ruleset, setup, new RetreatBoards(state, ruleset)),
): LossAnswer {
  for (let r = setup.losses; r > 0; r--) {
    const a = tried.answer(r, true);
    if (a) return a;
  }
  return tried.answer(0, false) ?? { steps: {} };
}

export { isMapCombatUnit };

/** Retreat and advance limit (8.5.2.1): MA − 2; units with MA below 3 cannot retreat. */
export function retreatLimit(def: CounterDef, unit: UnitState): number {
  const ma = currentValues(def, unit).ma ?? 0;
  return ma < 3 ? 0 : ma - 2;
}
