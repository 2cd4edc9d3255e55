// Composition: the Discord bot (slash commands routed to the game service, channel dice, heartbeat).
// Loaded by src/main.ts only when DISCORD_TOKEN is set.
import type { GameStore } from './store/types.js';
import type { Config } from './config.js';
import type { Logger } from './log.js';
import { connectDiscord } from './discord/client.js';
import { Router } from './discord/router.js';
import { loadRuleLibrary } from './rules/load.js';
import { commands, componentHandlers, type BotContext } from '../commands/index.js';
import { createChannelDice, storeDiceStreams } from './main-dice.js';
import { Status, type Client } from 'discord.js';
import { startHeartbeat } from './health.js';
import { openGame, warmRenderer, type GameOptions } from './main-game.js';
import { LiveControls } from './discord/live-controls.js';
import { WorkQueue } from './discord/work-queue.js';
import { DiscordNotifier } from './discord/notifier.js';
import { FailureLog, Reminders } from './app/reminders.js';
import { createScheduler, type Scheduler } from './schedule/index.js';
import { loadDiceLibrary } from './dice/notation.js';

export { createChannelDice, storeDiceStreams } from './main-dice.js';

export interface BotOptions extends GameOptions {
  /** Another Discord API base (the offline fake in tests). */
  rest?: { api: string; timeout?: number };
  handleSignals?: boolean;
  /** Write the heartbeat `hexref health` reads here (src/health.ts); none when absent. */
  healthFile?: string;
  /** How often (default every 15 s; tests go faster). */
  heartbeatMs?: number;
}

export interface RunningBot {
  client: Client;
  router: Router<BotContext>;
  ctx: BotContext;
  /** What wakes games for their reminders (BullMQ on Redis, a timer otherwise). */
  scheduler: Scheduler;
  /** Where the games live (the service's own store). */
  store: GameStore;
  /** Finish the interactions in flight, disconnect, release the store. */
  stop(): Promise<void>;
}

/** Build the bot's parts (rules, service, renderer), route interactions to the slash commands, log in. */
export async function startBot(config: Config, log: Logger, options: BotOptions = {}): Promise<RunningBot> {
  warmDiceLibrary(log); // before the bot connects: no interaction waits while it loads
  // Maps are drawn in child processes (RENDER_PROCESSES, src/render-pool.ts) unless told otherwise.
  const {
    play: game,
    store,
    bundle,
    storeState,
  } = await openGame(
    config,
    {
      ...options,
      renderProcesses: options.renderProcesses ?? config.RENDER_PROCESSES,
      pictureFormat: options.pictureFormat ?? config.MAP_FORMAT,
    },
    log,
  );
  const warmUp = warmRenderer(bundle, game.draw, log); // in the background: start-up does not wait for it
  const now = options.clock ?? Date.now;
  const notifier = new DiscordNotifier();
  // A Redis outage fails every wake, retry and reconnection: one line, then one a minute, then one on recovery.
  const wakeFailures = FailureLog.lines(log, 'a reminder wake', { now });
  const scheduler = createScheduler(store, config.STORE_URL, {
    now,
    onError: (err, key) => wakeFailures.failed(err, key),
  });
  const reminders = new Reminders({
    store,
    service: game.service,
    scheduler,
    notifier,
    now,
    failures: wakeFailures,
    onError: (err, what) => log.warn({ err, what }, 'reminders'),
  });
  const ctx: BotContext = {
    log,
    rules: loadRuleLibrary(),
    dice: createChannelDice(storeDiceStreams(store), bundle.ruleset.tables),
    game,
    live: new LiveControls(),
    reminders,
    now,
    work: new WorkQueue(config.WORK_CONCURRENCY, config.WORK_QUEUE),
  };
  const router = new Router(commands, componentHandlers, ctx, log);
  let heartbeat: { stop(): void } | undefined;
  const client = await connectDiscord(config, log, options.rest, {
    router,
    handleSignals: options.handleSignals ?? true,
    onStop: async () => {
      heartbeat?.stop();
      await scheduler.close();
      await game.close();
    },
  }).catch(async (err: unknown) => {
    // Not connected: release what was opened (render children, store) so the process can exit.
    await warmUp;
    await scheduler.close().catch(() => undefined);
    await game.close().catch(() => undefined);
    throw err;
  });
  // The bot speaks unprompted once it is connected: wakes that fell due while it was down come first,
  // and every active game gets its next wake (one lost to an outage is made again).
  notifier.attach(client);
  await scheduler.start((gameId, at) => reminders.wake(gameId, at));
  const armed = reminders
    .resumeAll()
    .then((n) => log.info({ games: n, scheduler: scheduler.kind }, 'reminders armed'))
    .catch((err: unknown) => log.warn({ err }, 'could not arm the reminders of every game'));
  if (options.healthFile) {
    heartbeat = startHeartbeat(
      options.healthFile,
      {
        gateway: () => gatewayHealth(client),
        store: () => ({ kind: store.kind, reachable: storeState.reachable }),
      },
      (err) => log.warn({ err }, 'could not write the heartbeat file'),
      options.heartbeatMs,
    );
  }
  return {
    client,
    router,
    ctx,
    scheduler,
    store,
    async stop() {
      heartbeat?.stop();
      await warmUp;
      await router.drain();
      await armed;
      await reminders.settled();
      await scheduler.close();
      await client.destroy();
      await game.close();
    },
  };
}

/**
 * Load the dice notation library (@dice-roller/rpg-dice-roller and its mathjs, src/dice/notation.ts) now:
 * it loads synchronously, blocking the event loop 1–9 s, so
 * the bot pays it at start-up instead of the first `/roll 4d6kh3` of the process (issue 45). The CLI and
 * the console still load it on first use. A failure is logged; the first such roll would then say why.
 */
export function warmDiceLibrary(log: Logger): void {
  const started = Date.now();
  try {
    loadDiceLibrary();
    log.debug({ ms: Date.now() - started }, 'dice notation library loaded');
  } catch (err) {
    log.error({ err }, 'dice notation library could not be loaded');
  }
}

/** Whether every gateway shard of the client is connected and ready, for the heartbeat. */
export function gatewayHealth(client: Client): { ready: boolean; status: string; pingMs: number | null } {
  const shards = [...client.ws.shards.values()];
  const ready = client.isReady() && shards.length > 0 && shards.every((s) => s.status === Status.Ready);
  const status = shards.length ? shards.map((s) => Status[s.status] ?? String(s.status)).join(', ') : 'no connection';
  return { ready, status, pingMs: Number.isFinite(client.ws.ping) && client.ws.ping >= 0 ? client.ws.ping : null };
}
