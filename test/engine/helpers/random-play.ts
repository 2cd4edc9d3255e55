/**
 * Random legal play for the fuzz test and the benchmark: every action is picked from legalActions
 * (so apply must accept it). Deterministic for a given seed.
 */
import { defaultAction } from '../../../src/app/decision-answers.js';
import seedrandom from 'seedrandom';
import type { Action, Engine, GameEvent, GameState, Side } from '../../../src/engine/index.js';

export interface Step {
  side: Side;
  action: Action;
  before: GameState;
  after: GameState;
  events: GameEvent[];
}

export function randomPlay(
  engine: Engine,
  start: GameState,
  opts: { seed: string; maxActionsPerPhase?: number; untilTurn?: number; onStep?: (s: Step) => void; maxSteps?: number },
): { state: GameState; steps: number; actions: { side: Side; action: Action }[] } {
  const rnd = seedrandom(opts.seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  let state = start;
  let steps = 0;
  let inPhase = 0;
  const actions: { side: Side; action: Action }[] = [];
  const maxPer = opts.maxActionsPerPhase ?? 6;
  while (state.phase !== 'gameOver' && (opts.untilTurn === undefined || state.turn <= opts.untilTurn) && steps < (opts.maxSteps ?? 1e9)) {
    const who = engine.whoMustAct(state);
    const la = engine.legalActions(state, who.side);
    let action: Action;
    if (la.pending && la.pending.type === 'placeLeader') {
      action = { type: 'placeLeader', unit: la.pending.unit, hex: pick(la.pending.options) };
    } else if (la.pending) {
      // Any other decision (e.g. Sub-Zero losses, 16.3): the engine's default answer.
      action = defaultAction(la.pending);
    } else if (state.phase === 'action' && inPhase < maxPer && (la.units.length || la.stacks.length) && rnd() < 0.85) {
      const roll = rnd();
      const pool = roll < 0.2 && la.stacks.length ? la.stacks : la.units;
      const mv = pick(pool.length ? pool : la.units.length ? la.units : la.stacks);
      if (mv.kind === 'enter' && la.delayable.length && rnd() < 0.1) {
        const d = la.delayable.find((x) => x.unit === mv.units[0]) ?? la.delayable[0]!;
        action = { type: 'delayReinforcement', units: [d.unit], toTurn: pick(d.turns) };
      } else if (mv.kind === 'move' && mv.canExit && rnd() < 0.05) {
        const src = mv.from!;
        action = { type: 'move', units: mv.units, exit: true, ...(mv.reachable.length ? {} : {}) };
        // The scenario's own supply sources when it declares them (tutorial), else the map's (4.2, 15.0).
        const sources = (engine.ruleset.scenarios.find((x) => x.id === state.scenario)?.supplySources ?? engine.ruleset.map.supplySources)[
          who.side
        ];
        const dest = mv.reachable.find((r) => !r.zocStop && !r.minimumMove && sources.includes(r.hex));
        if (dest) action = { type: 'move', units: mv.units, to: dest.hex, exit: true };
        else void src;
      } else {
        const r = pick(mv.reachable);
        const usePath = rnd() < 0.3;
        action =
          mv.kind === 'enter'
            ? usePath
              ? { type: 'enterReinforcement', units: mv.units, path: r.path }
              : { type: 'enterReinforcement', units: mv.units, at: r.path[0]!, to: r.hex }
            : usePath
              ? { type: 'move', units: mv.units, path: r.path }
              : { type: 'move', units: mv.units, to: r.hex };
      }
      inPhase++;
    } else {
      action = { type: 'endPhase', phase: state.phase };
      inPhase = 0;
    }
    const res = engine.apply(state, who.side, action);
    if (!res.ok)
      throw new Error(
        `legalActions offered an action apply refused: ${JSON.stringify(action)} → ${res.violation.code}: ${res.violation.message}`,
      );
    opts.onStep?.({ side: who.side, action, before: state, after: res.state, events: res.events });
    actions.push({ side: who.side, action });
    state = res.state;
    steps++;
  }
  return { state, steps, actions };
}
