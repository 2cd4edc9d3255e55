// The slice of the engine the game service uses (src/engine/index.ts: createEngine(ruleset)).
// Declared here structurally so the service states exactly what it relies on; the real engine is
// passed in by the composition root (and by the tests: no stand-ins for our own modules).
import type {
  Action,
  ApplyResult,
  AssaultAction,
  CombatAction,
  GameState,
  HexId,
  LegalActions,
  MapViewOptions,
  PendingDecision,
  PublicGameState,
  RuleViolation,
  Side,
} from '../engine/types.js';
import type { OddsPreview } from '../engine/combat/preview.js';
import type { FreeSetup } from '../engine/setup.js';

export interface WhoMustAct {
  side: Side | null;
  what: string;
  pending?: PendingDecision | null;
}

export interface EngineApi {
  setup(
    scenarioId: string,
    options: {
      seed: string;
      options?: Record<string, boolean>;
      placements?: Record<string, string>;
      endTurn?: number;
      startVp?: Partial<Record<Side, number>>;
    },
  ): GameState;
  /** Units whose owner chooses where they set up (1.2), with the hexes open to each. */
  freeSetup(scenarioId: string): FreeSetup[];
  legalActions(state: GameState, side: Side): LegalActions;
  /** Anything to decide besides ending the phase (a phase without ends by itself). */
  hasChoices(state: GameState, side: Side): boolean;
  apply(state: GameState, side: Side, action: Action, opts?: { forcedDice?: number[] }): ApplyResult;
  whoMustAct(state: GameState): WhoMustAct;
  toMapView(state: GameState, options?: MapViewOptions): unknown;
  /** Hexes open for the next step of a retreat or advance path being built for the pending decision. */
  decisionHexes(state: GameState, req: { units: string[]; path: HexId[]; final?: boolean }): HexId[];
  /** The odds of a Combat or Assault as it would be declared, rolling nothing (8.2–8.4), or apply's refusal. */
  previewAction(
    state: GameState,
    side: Side,
    action: CombatAction | AssaultAction,
  ): { ok: true; preview: OddsPreview } | { ok: false; violation: RuleViolation };
}

/** Pure helpers exported by the engine next to createEngine. */
export interface EngineHelpers {
  commitmentOf(seed: string): string;
  stateHash(state: GameState): string;
  publicState(state: GameState): PublicGameState;
}
