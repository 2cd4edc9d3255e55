// Composition root: reads the configuration, builds the parts and starts the bot, connected to
// Discord when DISCORD_TOKEN is set and as a terminal console otherwise.
import { ConfigError, loadConfig, type Config } from './config.js';
import { createLogger, maskUrl } from './log.js';
import { runConsole } from './console/console.js';
import { connectDiscord } from './discord/client.js';
import { Router } from './discord/router.js';
import { loadRuleLibrary } from './rules/load.js';
import { commands, componentHandlers, type BotContext, type ChannelDice, type GamePlay } from '../commands/index.js';
import { openGameService, type GameServiceBundle } from './app/wiring.js';
import { StoreDiceStreams } from './app/dice-streams.js';
import { renderMap } from '../render/index.js';
import type { MapView } from './engine/view.js';
import type { Ruleset } from './engine/ruleset.js';
import { rollInChannel } from './dice/channel.js';
import type { DiceStreamStore } from './dice/store.js';
import type { GameStore } from './store/types.js';
import type { Client } from 'discord.js';
import type { Logger } from './log.js';

export interface StartOptions {
  input?: NodeJS.ReadableStream;
  output?: NodeJS.WritableStream;
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

export async function start(options: StartOptions = {}): Promise<number> {
  const config = loadConfigOrExplain((line) => process.stderr.write(line + '\n'));
  if (!config) return 2;
  const log = createLogger(config.LOG_LEVEL, config.DISCORD_TOKEN ? 1 : 2);
  log.info({ store: maskUrl(config.STORE_URL), mode: config.DISCORD_TOKEN ? 'discord' : 'console' }, 'hexref starting');
  if (config.DISCORD_TOKEN) {
    await startBot(config, log);
    return new Promise<number>(() => {}); // runs until a signal stops the process
  }
  return runConsole({ config, log, input: options.input ?? process.stdin, output: options.output ?? process.stdout, ...(await consolePlay(config, log)) });
}

export interface BotOptions {
  /** Another Discord API base (the offline fake in tests). */
  rest?: { api: string; timeout?: number };
  handleSignals?: boolean;
  /** Epoch-ms clock for the service (default Date.now). */
  clock?: () => number;
  /** A ruleset to use instead of data/redwinter (tests pass one with a labelled fixture CRT). */
  ruleset?: Ruleset;
  /** Secret dice seeds for new games (tests pin them; default: random). */
  newSeed?: () => string;
}

/** The game service (src/app/wiring.ts: store, ruleset, engine), the renderer bound to its map, and the store. */
async function openGame(config: Config, options: Pick<BotOptions, 'clock' | 'ruleset' | 'newSeed'>, log?: Logger): Promise<{ play: GamePlay; store: GameStore; bundle: GameServiceBundle }> {
  const bundle = await openGameService({
    storeUrl: config.STORE_URL,
    finishedTtlDays: config.FINISHED_GAME_TTL_DAYS,
    ...(options.ruleset ? { ruleset: options.ruleset } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.newSeed ? { newSeed: options.newSeed } : {}),
    ...(log ? { onStoreError: (err: Error) => log.error({ err }, 'store error') } : {}),
  });
  const map = bundle.ruleset.map;
  const play: GamePlay = {
    service: bundle.service,
    scenarios: bundle.ruleset.scenarios.map((s) => ({ id: s.id, name: s.name })),
    draw: (view, o = {}) => renderMap(view as MapView, map, o),
    close: () => bundle.close(),
  };
  return { play, store: bundle.store, bundle };
}

/**
 * Draw the Campaign's whole map once and throw the picture away, so the renderer's cached static
 * terrain layer (render/map.ts) is ready before the first player asks for a map (about 1 s saved).
 * Runs in the background; a failure is only logged.
 */
export function warmRenderer(bundle: Pick<GameServiceBundle, 'engine' | 'ruleset'>, log: Logger): Promise<void> {
  return (async () => {
    const scenario = bundle.ruleset.scenarios.find((s) => s.id === 'campaign') ?? bundle.ruleset.scenarios[0];
    if (!scenario) return;
    const started = Date.now();
    const view = bundle.engine.toMapView(bundle.engine.setup(scenario.id, { seed: 'renderer-warm-up' }));
    await renderMap(view as MapView, bundle.ruleset.map, { whole: true });
    log.debug({ scenario: scenario.id, ms: Date.now() - started }, 'map renderer warmed up');
  })().catch((err: unknown) => {
    log.error({ err }, 'map renderer warm-up failed');
  });
}

/** The game service and the renderer bound to its map. */
export async function createGamePlay(config: Config, options: Pick<BotOptions, 'clock' | 'ruleset' | 'newSeed'> = {}, log?: Logger): Promise<GamePlay> {
  return (await openGame(config, options, log)).play;
}

/** The game service and renderer for console mode, or why they could not be started. */
export async function consolePlay(config: Config, log: Logger): Promise<{ play?: GamePlay; unavailable?: string }> {
  try {
    return { play: await createGamePlay(config, {}, log) };
  } catch (err) {
    log.error({ err }, 'game service could not start');
    return { unavailable: (err as Error).message };
  }
}

/**
 * Channel dice streams kept as versioned records in the game store, whatever its kind (embedded file,
 * memory or Redis), so every bot process shares them (src/app/dice-streams.ts): a save must match the
 * version its load saw, so two rolls racing on one channel cannot both be kept; the loser fails loudly
 * instead of handing out the same roll number.
 */
export function storeDiceStreams(store: GameStore): DiceStreamStore {
  return new StoreDiceStreams(store);
}

/** Public channel dice (src/dice) over the given stream store. */
export function createChannelDice(streams: DiceStreamStore): ChannelDice {
  return {
    async roll(channelId, input) {
      const r = await rollInChannel(streams, channelId, input);
      return { n: r.roll.n, text: r.roll.text, commitment: r.commitment, newStream: r.newStream };
    },
  };
}

export interface RunningBot {
  client: Client;
  router: Router<BotContext>;
  ctx: BotContext;
  /** Finish the interactions in flight, disconnect, release the store. */
  stop(): Promise<void>;
}

/** Build the bot's parts (rules, service, renderer), route interactions to the slash commands, log in. */
export async function startBot(config: Config, log: Logger, options: BotOptions = {}): Promise<RunningBot> {
  const { play: game, store, bundle } = await openGame(config, options, log);
  const warmUp = warmRenderer(bundle, log); // in the background: start-up does not wait for it
  const ctx: BotContext = { log, rules: loadRuleLibrary(), dice: createChannelDice(storeDiceStreams(store)), game };
  const router = new Router(commands, componentHandlers, ctx, log);
  const client = await connectDiscord(config, log, options.rest, { router, handleSignals: options.handleSignals ?? true, onStop: () => game.close() });
  return {
    client,
    router,
    ctx,
    async stop() {
      await warmUp;
      await router.drain();
      await client.destroy();
      await game.close();
    },
  };
}
