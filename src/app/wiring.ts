// Build a ready GameService from configuration: store (createStore), ruleset (src/data), engine.
// Used by the composition root (src/main.ts), the console, the race tool and the benchmark.
import { loadRuleset, DEFAULT_DATA_DIR } from '../data/load.js';
import * as engineModule from '../engine/index.js';
import type { Ruleset } from '../engine/ruleset.js';
import { createStore } from '../store/index.js';
import type { GameStore, StoreLog } from '../store/types.js';
import type { EngineApi, EngineHelpers } from './engine-port.js';
import { GameService, type ServiceDeps } from './game-service.js';

export interface GameServiceBundle {
  service: GameService;
  store: GameStore;
  ruleset: Ruleset;
  engine: EngineApi;
  helpers: EngineHelpers;
  close(): Promise<void>;
}

export interface WiringOptions {
  storeUrl: string;
  finishedTtlDays?: number;
  dataDir?: string;
  /** Already-loaded ruleset (saves re-reading data/ in tests). */
  ruleset?: Ruleset;
  clock?: () => number;
  onConflict?: ServiceDeps['onConflict'];
  /** The store's connection went bad (once per outage), and came back. */
  onStoreError?: (err: Error) => void;
  onStoreRecover?: () => void;
  /** Storage failures the service turned into refusals, with the id the player was shown. */
  onStoreFailure?: ServiceDeps['onStoreFailure'];
  newSeed?: () => string;
  /** Documents kept for the next change of their game (ServiceDeps.keepDocs). */
  keepDocs?: number;
  /**
   * Freeze the states of kept documents, so code that changes a state it was given fails loudly. On when
   * HEXREF_FREEZE_KEPT=1 (the test suite sets it: vitest.config.ts).
   */
  freezeKept?: boolean;
  /** The engine the service uses, decorated (bench/store.bench.ts times the engine's share of each act). */
  wrapEngine?: (engine: EngineApi) => EngineApi;
  /** Where the store says what it set aside (damaged files quarantined, bad lines skipped). */
  storeLog?: StoreLog;
}

export const engineHelpers: EngineHelpers = {
  commitmentOf: engineModule.commitmentOf,
  stateHash: engineModule.stateHash,
  publicState: engineModule.publicState,
};

export async function openGameService(opts: WiringOptions): Promise<GameServiceBundle> {
  const ruleset = opts.ruleset ?? loadRuleset(opts.dataDir ?? DEFAULT_DATA_DIR);
  const engine: EngineApi = engineModule.createEngine(ruleset);
  const store = await createStore(opts.storeUrl, {
    ...(opts.finishedTtlDays !== undefined ? { finishedTtlDays: opts.finishedTtlDays } : {}),
    ...(opts.onStoreError ? { onError: opts.onStoreError } : {}),
    ...(opts.onStoreRecover ? { onRecover: opts.onStoreRecover } : {}),
    ...(opts.storeLog ? { log: opts.storeLog } : {}),
  });
  const service = new GameService({
    store,
    engine: opts.wrapEngine ? opts.wrapEngine(engine) : engine,
    helpers: engineHelpers,
    ruleset: { id: ruleset.id, scenarios: ruleset.scenarios },
    clock: opts.clock ?? Date.now,
    ...(opts.onConflict ? { onConflict: opts.onConflict } : {}),
    ...(opts.onStoreFailure ? { onStoreFailure: opts.onStoreFailure } : {}),
    ...(opts.newSeed ? { newSeed: opts.newSeed } : {}),
    ...(opts.keepDocs !== undefined ? { keepDocs: opts.keepDocs } : {}),
    freezeKept: opts.freezeKept ?? process.env.HEXREF_FREEZE_KEPT === '1',
  });
  return { service, store, ruleset, engine, helpers: engineHelpers, close: () => store.close() };
}
