// Composition: the game service (store, ruleset, engine) and the renderer bound to its map, for both
// front ends. Knows nothing of Discord, so console mode never loads discord.js (src/main-bot.ts does).
import { ConfigError, loadConfig, type Config } from './config.js';
import type { Logger } from './log.js';
import type { GamePlay } from '../commands/index.js';
import { openGameService, type GameServiceBundle } from './app/wiring.js';
import { renderLegend, renderMap } from '../render/index.js';
import { createRenderPool } from './render-pool.js';
import type { MapView } from './engine/view.js';
import type { Ruleset } from './engine/ruleset.js';
import type { GameStore } from './store/types.js';
import type { RuleLibrary } from './rules/library.js';

/** What tests and tools may pin when they open a game service. */
export interface GameOptions {
  /** Epoch-ms clock for the service (default Date.now). */
  clock?: () => number;
  /** A ruleset to use instead of data/redwinter (tests pass one with a labelled fixture CRT). */
  ruleset?: Ruleset;
  /** Secret dice seeds for new games (tests pin them; default: random). */
  newSeed?: () => string;
  /**
   * Child processes that draw maps (src/render-pool.ts); 0 or absent draws in this process. Only with the
   * shipped map (the children load data/redwinter themselves).
   */
  renderProcesses?: number;
  /** The format of the pictures drawn (default PNG: files and console; the bot posts MAP_FORMAT). */
  pictureFormat?: 'png' | 'jpeg';
}

/** Load and validate config; on a bad variable print one message naming it and its fix. */
export function loadConfigOrExplain(err: (line: string) => void): Config | null {
  try {
    return loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      err(e.message);
      return null;
    }
    throw e;
  }
}

/** The game service (src/app/wiring.ts: store, ruleset, engine), the renderer bound to its map, and the store. */
export async function openGame(
  config: Config,
  options: GameOptions,
  log?: Logger,
): Promise<{ play: GamePlay; store: GameStore; bundle: GameServiceBundle; storeState: { reachable: boolean } }> {
  const storeState = { reachable: true };
  const bundle = await openGameService({
    storeUrl: config.STORE_URL,
    finishedTtlDays: config.FINISHED_GAME_TTL_DAYS,
    ...(options.ruleset ? { ruleset: options.ruleset } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.newSeed ? { newSeed: options.newSeed } : {}),
    ...(log
      ? {
          onStoreError: (err: Error) => {
            storeState.reachable = false;
            log.error({ err }, 'game store unreachable (logged once until it is back)');
          },
          onStoreRecover: () => {
            storeState.reachable = true;
            log.info('game store reachable again');
          },
          onStoreFailure: (err, context) => log.error({ err, ...context }, 'storage failure shown to a player'),
          storeLog: log,
        }
      : {}),
  });
  for (const p of bundle.store.problems())
    log?.error({ ...p }, 'damaged game file set aside at start-up (its game answers "could not be read")');
  const map = bundle.ruleset.map;
  let legendPng: Promise<Buffer> | undefined;
  const pool =
    options.renderProcesses && !options.ruleset ? createRenderPool({ processes: options.renderProcesses, ...(log ? { log } : {}) }) : null;
  const format = options.pictureFormat ?? 'png';
  const play: GamePlay = {
    service: bundle.service,
    scenarios: bundle.ruleset.scenarios.map((s) => ({ id: s.id, name: s.name })),
    draw: pool ? (view, o = {}) => pool.draw(view, { ...o, format }) : (view, o = {}) => renderMap(view as MapView, map, { ...o, format }),
    pictureExt: format === 'jpeg' ? 'jpg' : 'png',
    // Static: drawn once, in this process (a small picture).
    legend: () => (legendPng ??= renderLegend(undefined, format)),
    close: async () => {
      await pool?.close();
      await bundle.close();
    },
  };
  return { play, store: bundle.store, bundle, storeState };
}

/**
 * Draw the Campaign's whole map once and throw the picture away, so the renderer's cached static
 * terrain layer (render/map.ts) is ready before the first player asks for a map (about 1 s saved).
 * Runs in the background; a failure is only logged.
 */
export function warmRenderer(bundle: Pick<GameServiceBundle, 'engine' | 'ruleset'>, draw: GamePlay['draw'], log: Logger): Promise<void> {
  return (async () => {
    const scenario = bundle.ruleset.scenarios.find((s) => s.id === 'campaign') ?? bundle.ruleset.scenarios[0];
    if (!scenario) return;
    const started = Date.now();
    const view = bundle.engine.toMapView(bundle.engine.setup(scenario.id, { seed: 'renderer-warm-up' }));
    await draw(view, { whole: true }); // in the render process when there is a pool: its cache is the one to warm
    log.debug({ scenario: scenario.id, ms: Date.now() - started }, 'map renderer warmed up');
  })().catch((err: unknown) => {
    log.error({ err }, 'map renderer warm-up failed');
  });
}

/** The game service and the renderer bound to its map. */
export async function createGamePlay(config: Config, options: GameOptions = {}, log?: Logger): Promise<GamePlay> {
  return (await openGame(config, options, log)).play;
}

/** What console mode gets beyond the game service: rule lookup and channel dice, loaded on first use. */
export interface ConsoleExtras {
  lookup(query: string): Promise<string[]>;
  roll(notation: string): Promise<string[]>;
}

/** The game service and renderer for console mode, or why they could not be started. */
export async function consolePlay(
  config: Config,
  log: Logger,
  options: GameOptions = {},
): Promise<{ play?: GamePlay & ConsoleExtras; unavailable?: string }> {
  try {
    const { play, store, bundle } = await openGame(config, options, log);
    let rules: RuleLibrary | null = null;
    const extras: ConsoleExtras = {
      async lookup(query) {
        // Loaded on first use: console start-up does not pay for the rule index.
        const [{ loadRuleLibrary }, { ruleSearchLines }] = await Promise.all([import('./rules/load.js'), import('./rules/text.js')]);
        rules ??= loadRuleLibrary();
        return ruleSearchLines(rules, query).lines;
      },
      async roll(notation) {
        const { createChannelDice, storeDiceStreams } = await import('./main-dice.js');
        const r = await createChannelDice(storeDiceStreams(store), bundle.ruleset.tables).roll('console', notation);
        return [...(r.newStream ? [`New dice stream for the console: commitment ${r.commitment}`] : []), `Roll #${r.n}: ${r.text}`];
      },
    };
    return { play: { ...play, ...extras } };
  } catch (err) {
    log.error({ err }, 'game service could not start');
    return { unavailable: (err as Error).message };
  }
}
