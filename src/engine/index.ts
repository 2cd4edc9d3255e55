/**
 * The hexref rules engine (pure): createEngine(ruleset) → setup, legalActions, apply, whoMustAct,
 * toMapView. See docs/architecture.md and docs/game-record.md.
 */
import type { HexId, Ruleset, Side } from './ruleset.js';
import type {
  Action,
  AssaultAction,
  CombatAction,
  ApplyResult,
  GameState,
  LegalActions,
  MapViewOptions,
  PendingDecision,
  PublicGameState,
  RuleViolation,
  UnitMoves,
} from './types.js';
import type { MapView } from './view.js';
import { contextOf, type Ctx } from './ctx.js';
import { freeSetupOf, setupGame, type FreeSetup, type SetupOptions } from './setup.js';
import { applyAction } from './apply.js';
import { hasChoices, legalActionsFor, movesForUnits } from './legal.js';
import { whoMustAct as who } from './sequence.js';
import { buildMapView } from './map-view.js';
import { previewAction, previewAttack } from './combat/preview.js';
import { decisionHexes } from './combat/engine.js';
import { canonicalJson, sha256Hex } from './hash.js';
import { readingOnly } from './units.js';

export type * from './types.js';
export type { MapView } from './view.js';
export type { Ruleset, Side } from './ruleset.js';
export { commitmentOf } from './hash.js';
export { EngineInputError, type SetupOptions } from './setup.js';
export {
  newRecord,
  recordAction,
  replayRecord,
  type GameRecord,
  type RecordedAction,
  type ReplayResult,
  type ReplaySummary,
} from './record.js';

export interface Engine {
  readonly ruleset: Ruleset;
  setup(scenarioId: string, opts: SetupOptions): GameState;
  /** The single source of legality. */
  legalActions(state: GameState, side: Side): LegalActions;
  /** Whether the side to act has anything to decide besides ending the phase (cheaper than legalActions). */
  hasChoices(state: GameState, side: Side): boolean;
  /** Where these units (one unit, part of a stack, or reinforcements entering together) can go now. */
  movesFor(state: GameState, units: string[]): UnitMoves | { violation: RuleViolation };
  apply(state: GameState, side: Side, action: Action, opts?: { forcedDice?: number[] }): ApplyResult;
  whoMustAct(state: GameState): { side: Side; what: string; pending?: PendingDecision };
  toMapView(state: GameState, opts?: MapViewOptions): MapView;
  /** Read-only odds of a proposed Combat or Assault (8.2–8.4): every shift with its case, and each outcome's chance. */
  previewAttack(state: GameState, side: Side, req: AttackPreviewRequest): AttackPreviewResult;
  /** Units whose owner chooses where they set up in this scenario (1.2), with the hexes open to each. */
  freeSetup(scenarioId: string): FreeSetup[];
  /** The same odds for a Combat or Assault action as it would be declared, after apply's declaration checks. */
  previewAction(state: GameState, side: Side, action: CombatAction | AssaultAction): AttackPreviewResult;
  /** Next hexes open for a retreat or advance path being built for the pending combat decision (8.5.2, 8.7.1). */
  decisionHexes(state: GameState, req: { units: string[]; path: HexId[]; final?: boolean }): HexId[];
}

export type AttackPreviewRequest = Parameters<typeof previewAttack>[3];
export type AttackPreviewResult = ReturnType<typeof previewAttack>;
export type { OddsPreview } from './combat/preview.js';
export type { FreeSetup } from './setup.js';

/**
 * A ruleset restricted to a scenario's play area (Scenario.playArea), with the scenario's own supply
 * sources (Scenario.supplySources; docs/rulings.md "Tutorial supply") in place of the map's, cached.
 */
function scenarioRuleset(ruleset: Ruleset, scenarioId: string, cache: Map<string, Ruleset>): Ruleset {
  const scen = ruleset.scenarios.find((s) => s.id === scenarioId);
  if (!scen?.playArea && !scen?.supplySources) return ruleset;
  let r = cache.get(scenarioId);
  if (!r) {
    const keep = scen.playArea ? new Set(scen.playArea) : null;
    const hexes = keep ? Object.fromEntries(Object.entries(ruleset.map.hexes).filter(([id]) => keep.has(id))) : ruleset.map.hexes;
    const supplySources = scen.supplySources
      ? { soviet: [...scen.supplySources.soviet], finnish: [...scen.supplySources.finnish] }
      : ruleset.map.supplySources;
    r = { ...ruleset, map: { ...ruleset.map, hexes, supplySources } };
    cache.set(scenarioId, r);
  }
  return r;
}

export function createEngine(ruleset: Ruleset): Engine {
  const cache = new Map<string, Ruleset>();
  const ctxFor = (scenarioId: string): Ctx => contextOf(scenarioRuleset(ruleset, scenarioId, cache));
  return {
    ruleset,
    setup: (scenarioId, opts) => setupGame(ctxFor(scenarioId), scenarioId, opts),
    // Readers: the state is registered as read-only while they run, so their per-hex and per-unit
    // questions are lookups (units.ts readingOnly; issue 18).
    legalActions: (state, side) => readingOnly(state, () => legalActionsFor(ctxFor(state.scenario), state, side)),
    hasChoices: (state, side) => readingOnly(state, () => hasChoices(ctxFor(state.scenario), state, side)),
    movesFor: (state, units) => readingOnly(state, () => movesForUnits(ctxFor(state.scenario), state, units)),
    apply: (state, side, action, opts) => applyAction(ctxFor(state.scenario), state, side, action, opts),
    whoMustAct: (state) => who(state),
    toMapView: (state, opts) => readingOnly(state, () => buildMapView(ctxFor(state.scenario), state, opts)),
    previewAttack: (state, side, req) => previewAttack(state, ctxFor(state.scenario).ruleset, side, req),
    freeSetup: (scenarioId) => freeSetupOf(ctxFor(scenarioId), scenarioId),
    previewAction: (state, side, action) => previewAction(ctxFor(state.scenario), state, side, action),
    decisionHexes: (state, req) => decisionHexes(ctxFor(state.scenario), state, req),
  };
}

/** SHA-256 hex of the canonical JSON of the whole state (keys sorted). */
export function stateHash(state: GameState): string {
  return sha256Hex(canonicalJson(state));
}

/** The state without the secret seed and RNG state; the seed is included once the game is over. */
export function publicState(state: GameState): PublicGameState {
  const { seed, rng, ...rest } = state;
  void rng;
  return state.phase === 'gameOver' ? { ...rest, seed } : rest;
}
