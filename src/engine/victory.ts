/**
 * Victory Check at the end of the last turn (3.0 VI, 17.0): objective VPs from the scenario data,
 * added to the VPs already on the track (state.vp), then the scenario's victory rule. Pure.
 *
 * Rulings (docs/rulings.md, "Victory"):
 * - an objective's VPs go to the side that controls its hexes (7.3) when the last turn ends: `fixed`
 *   needs every hex of the objective, `each` scores per hex up to `max`, `anyOrAll` scores `any` for
 *   at least one hex and `all` for every hex; each side is scored on its own, so both may score parts
 *   of an `each` or `anyOrAll` objective;
 * - a hex holding combat units of one side only is that side's (it occupied it last, 7.3); any other
 *   hex goes by the recorded control (state.control);
 * - VPs for enemy losses (17.0.3) are not awarded: the rule is cut off in our sources;
 * - victory rule `higherVp` (the default): more VPs wins, equal VPs is a draw; `vpThreshold`: the
 *   named side wins with at least that many VPs, otherwise the other side wins;
 * - a side that committed armor (12.1.4) cannot win on VPs (printed fact): a VP lead is a draw, or
 *   with option 17.1-auto (off by default) the other side's win; 17.1-auto also gives the A13 win.
 */
import type { Ctx } from './ctx.js';
import type { HexId, Objective, Side, VictoryRule } from './ruleset.js';
import type { GameEvent, GameState, ObjectiveAward } from './types.js';
import { controllerOf } from './zoc.js';
import { isCombatUnit, otherSide } from './units.js';
import { sideLabel } from './labels.js';
import { ruleOn } from './options.js';
import { armorCommittedSoFar } from './log-window.js';

const SIDES: Side[] = ['soviet', 'finnish'];

/** Who controls `hex` for victory (7.3): its sole occupier with combat units, else the recorded control. */
export function victoryController(ctx: Ctx, state: GameState, hex: HexId): Side {
  const here = new Set<Side>();
  for (const u of Object.values(state.units)) {
    if (u.location === 'map' && u.hex === hex && isCombatUnit(ctx.counter(u.id))) here.add(u.side);
  }
  if (here.size === 1) return [...here][0]!;
  return controllerOf(state, hex);
}

/** VPs `held` hexes of an objective are worth. */
export function objectiveValue(o: Objective, held: number): number {
  if (held === 0) return 0;
  const s = o.scoring;
  switch (s.type) {
    case 'fixed':
      return held === o.hexes.length ? s.vp : 0;
    case 'each':
      return Math.min(s.vp * held, s.max);
    case 'anyOrAll':
      return held === o.hexes.length ? s.all : s.any;
  }
}

/** What each side would score for the scenario's objectives now. */
export function objectiveAwards(ctx: Ctx, state: GameState): ObjectiveAward[] {
  const scen = ctx.scenario(state.scenario);
  const out: ObjectiveAward[] = [];
  for (const o of scen?.objectives ?? []) {
    for (const side of SIDES) {
      const hexes = o.hexes.filter((h) => victoryController(ctx, state, h) === side);
      const vp = objectiveValue(o, hexes.length);
      if (vp > 0) out.push({ objective: o.id, name: o.name, side, vp, hexes });
    }
  }
  return out;
}

/** The scenario's victory rule (absent: more VPs wins). */
export function victoryRuleOf(ctx: Ctx, state: GameState): VictoryRule {
  return ctx.scenario(state.scenario)?.victory ?? { type: 'higherVp' };
}

/**
 * The winner (null = draw) and why, in player words without the winner's name (front ends say who
 * won): "Soviet 15 VP, Finnish 10 VP; the Soviet side needed 25 VP".
 */
export function decideWinner(rule: VictoryRule, vp: Record<Side, number>): { winner: Side | null; reason: string } {
  const score = `Soviet ${vp.soviet} VP, Finnish ${vp.finnish} VP`;
  if (rule.type === 'vpThreshold') {
    const met = vp[rule.side] >= rule.vp;
    const why = met ? `the ${sideLabel(rule.side)} side reached ${rule.vp} VP` : `the ${sideLabel(rule.side)} side needed ${rule.vp} VP`;
    return { winner: met ? rule.side : otherSide(rule.side), reason: `${score}; ${why}` };
  }
  if (vp.soviet === vp.finnish) return { winner: null, reason: `draw at ${score}` };
  return { winner: vp.soviet > vp.finnish ? 'soviet' : 'finnish', reason: `${score}; more VP wins` };
}

/** The scenario's automatic victory when it is in force in this game (option 17.1-auto), else null. */
export function automaticVictoryOf(ctx: Ctx, state: GameState): { side: Side; hexes: HexId[] } | null {
  const av = ctx.scenario(state.scenario)?.automaticVictory;
  return av && ruleOn(state.options, '17.1-auto') ? av : null;
}

/** The hex that wins the game at once at this Victory Check (3.0 VI), or null. */
export function automaticVictoryHex(ctx: Ctx, state: GameState): HexId | null {
  const av = automaticVictoryOf(ctx, state);
  return av?.hexes.find((h) => victoryController(ctx, state, h) === av.side) ?? null;
}

/** Has this side committed armor (12.1.4) in this game? */
function committedArmor(state: GameState): boolean {
  return armorCommittedSoFar(state);
}

/** Ends the game at once: `hex` is held by the side whose automatic victory it is (3.0 VI; our reading of 17.1). */
export function automaticVictory(ctx: Ctx, state: GameState, hex: HexId, events: GameEvent[]): void {
  const side = automaticVictoryOf(ctx, state)!.side;
  const reason = `the ${sideLabel(side)} side holds ${hex} at the Victory Check: automatic victory`;
  state.phase = 'gameOver';
  state.result = { reason, winner: side };
  events.push({ type: 'gameOver', reason, winner: side });
}

/** Scores the objectives into state.vp and ends the game with the scenario's verdict (3.0 VI, 17.0). */
export function finalVictory(ctx: Ctx, state: GameState, events: GameEvent[]): void {
  const before = { ...state.vp };
  const awards = objectiveAwards(ctx, state);
  for (const a of awards) state.vp[a.side] += a.vp;
  events.push({ type: 'victoryPoints', turn: state.turn, before, awards, totals: { ...state.vp }, rule: '17.0' });
  let { winner, reason } = decideWinner(victoryRuleOf(ctx, state), state.vp);
  // Printed fact (the rulebook's introduction, 12.1.4): the side that commits armor forgoes a win on
  // VPs. What it gets instead is our reading: a draw, or with option 17.1-auto a win for the other side.
  const gamble = ctx.scenario(state.scenario)?.automaticVictory;
  if (gamble && winner === gamble.side && committedArmor(state)) {
    const score = reason.split(';')[0];
    if (automaticVictoryOf(ctx, state)) {
      winner = otherSide(gamble.side);
      reason = `${score}; the ${sideLabel(gamble.side)} side committed armor (12.1.4), so it could win only by automatic victory`;
    } else {
      winner = null;
      reason = `${score}; the ${sideLabel(gamble.side)} side committed armor (12.1.4) and so cannot win on VPs: a draw`;
    }
  }
  state.phase = 'gameOver';
  state.result = { reason, winner };
  events.push({ type: 'gameOver', reason, winner });
}
