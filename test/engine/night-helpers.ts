/**
 * Builders for the night-turn tests (16.0–16.4): the real map, counters and tables (the CRT included).
 * `board` clears every unit off the map and places only the ones a test names.
 */
import { createEngine, type Engine, type GameEvent, type GameState, type Side } from '../../src/engine/index.js';
import { loadRuleset } from '../../src/data/load.js';

export const rs = loadRuleset();

const cache = new Map<string, GameState>();

/** Campaign game advanced with endPhase to (turn, side, phase). */
export function at(engine: Engine, turn: number, side: Side, phase: GameState['phase']): GameState {
  const key = `${turn}:${side}:${phase}`;
  const hit = cache.get(key);
  if (hit) return structuredClone(hit);
  let st = engine.setup('campaign', { seed: 'night-test' });
  while (!(st.turn === turn && st.phase === phase && st.activeSide === side)) {
    const who = engine.whoMustAct(st);
    const r = engine.apply(st, who.side, { type: 'endPhase', phase: st.phase });
    if (!r.ok) throw new Error(r.violation.message);
    st = r.state;
  }
  cache.set(key, structuredClone(st));
  return st;
}

/** Remove every unit from the map and the off-map boxes and put the named ones down (test set-up only). `steps` 1 = reduced. */
export function board(st: GameState, places: [unit: string, hex: string, steps?: number][]): GameState {
  const s = structuredClone(st);
  for (const u of Object.values(s.units)) {
    if (u.location === 'map' || u.location === 'offMap') {
      u.location = 'eliminated';
      u.hex = null;
    }
    u.flags = {};
  }
  s.markers = [];
  for (const [id, hex, steps] of places) {
    const u = s.units[id];
    if (!u) throw new Error(`no unit ${id}`);
    s.units[id] = { ...u, location: 'map', hex, stepsLeft: steps ?? (u.stepsLeft || 2), flags: {} };
  }
  return s;
}

export function engineWith(): Engine {
  return createEngine(rs);
}

export function ok(r: ReturnType<Engine['apply']>): { state: GameState; events: GameEvent[] } {
  if (!r.ok) throw new Error(`${r.violation.code}: ${r.violation.message}`);
  return r;
}

export function eventsOf<T extends GameEvent['type']>(events: readonly GameEvent[], type: T): Extract<GameEvent, { type: T }>[] {
  return events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);
}
