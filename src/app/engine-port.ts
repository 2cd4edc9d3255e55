// The slice of the engine the game service uses (src/engine/index.ts: createEngine(ruleset)).
// Declared here structurally so the service states exactly what it relies on; the real engine is
// passed in by the composition root (and by the tests: no stand-ins for our own modules).
import type {
  Action,
  ApplyResult,
  GameState,
  LegalActions,
  MapViewOptions,
  PendingDecision,
  PublicGameState,
  Side,
} from '../engine/types.js';

export interface WhoMustAct {
  side: Side | null;
  what: string;
  pending?: PendingDecision | null;
}

export interface EngineApi {
  setup(scenarioId: string, options: { seed: string; options?: Record<string, boolean> }): GameState;
  legalActions(state: GameState, side: Side): LegalActions;
  apply(state: GameState, side: Side, action: Action, opts?: { forcedDice?: number[] }): ApplyResult;
  whoMustAct(state: GameState): WhoMustAct;
  toMapView(state: GameState, options?: MapViewOptions): unknown;
}

/** Pure helpers exported by the engine next to createEngine. */
export interface EngineHelpers {
  commitmentOf(seed: string): string;
  stateHash(state: GameState): string;
  publicState(state: GameState): PublicGameState;
}
