/**
 * The recorded Campaign (test/fixtures/records/campaign-bot.json: 1,092 actions, 32 turns, every kind of
 * fight and decision) replayed through the engine: `visit` sees each state before its action is applied.
 * For tests that check a faster path against the plain one at every kind of state a game reaches.
 */
import { readFileSync } from 'node:fs';
import { loadRuleset } from '../../../src/data/load.js';
import { contextOf, type Ctx } from '../../../src/engine/ctx.js';
import { createEngine, type Engine, type GameRecord, type GameState } from '../../../src/engine/index.js';
import type { Ruleset, Side } from '../../../src/engine/ruleset.js';
import { envFor, type Env, type Mover } from '../../../src/engine/movement.js';
import { moverEntering, moverOnMap } from '../../../src/engine/mover.js';
import { dueReinforcements } from '../../../src/engine/reinforcements.js';
import { withArmorReinforcements } from './campaign-bot.js';

export interface RecordedCampaign {
  ruleset: Ruleset;
  engine: Engine;
  ctx: Ctx;
  record: GameRecord;
}

export function recordedCampaign(): RecordedCampaign {
  const ruleset = withArmorReinforcements(loadRuleset());
  const record = JSON.parse(readFileSync('test/fixtures/records/campaign-bot.json', 'utf8')) as GameRecord;
  return { ruleset, engine: createEngine(ruleset), ctx: contextOf(ruleset), record };
}

/** Replay the record; `visit(state, index)` before each action. Throws if the engine refuses one. */
export function replayCampaign(c: RecordedCampaign, visit: (state: GameState, index: number) => void): GameState {
  let st = c.engine.setup(c.record.scenario, { seed: c.record.seed! });
  for (const [i, ra] of c.record.actions.entries()) {
    visit(st, i);
    const r = c.engine.apply(st, ra.side, ra.action);
    if (!r.ok) throw new Error(`action ${i + 1} refused: ${r.violation.message}`);
    st = r.state;
  }
  return st;
}

/** The side to act at an Action Phase state, its movement env and its movers (`stacks`: whole stacks too). */
export interface ActionPhaseStart {
  state: GameState;
  side: Side;
  env: Env;
  movers: Mover[];
}

/**
 * Replay the record and visit the first Action Phase state of every `every`-th turn (turn % every === 0)
 * with the side to act's movers: each of its units on the map, each reinforcement it has due, and with
 * `stacks` each hex of several units as one stack.
 */
export function eachActionPhaseStart(c: RecordedCampaign, every: number, stacks: boolean, visit: (at: ActionPhaseStart) => void): void {
  const { ctx, engine } = c;
  let lastTurn = -1;
  replayCampaign(c, (state) => {
    const who = engine.whoMustAct(state);
    if (state.phase !== 'action' || who.pending || state.turn === lastTurn || state.turn % every !== 0) return;
    lastTurn = state.turn;
    const side = who.side!;
    const env = envFor(ctx, state, side);
    const onMap = Object.values(state.units).filter((u) => u.side === side && u.location === 'map' && u.hex);
    const byHex = new Map<string, string[]>();
    for (const u of onMap) byHex.set(u.hex!, [...(byHex.get(u.hex!) ?? []), u.id]);
    const movers = [
      ...onMap.map((u) => moverOnMap(ctx, state, side, [u.id], env)),
      ...(stacks ? [...byHex.values()].filter((ids) => ids.length > 1).map((ids) => moverOnMap(ctx, state, side, ids, env)) : []),
      ...dueReinforcements(state, side).map((u) => moverEntering(ctx, state, side, [u.id], env)),
    ];
    visit({ state, side, env, movers: movers.filter((m): m is Mover => !('violation' in m)) });
  });
}
