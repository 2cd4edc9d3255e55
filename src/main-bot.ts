// Composition: the Discord bot (slash commands routed to the game service, channel dice, heartbeat).
// Loaded by src/main.ts only when DISCORD_TOKEN is set.
import type { Config } from './config.js';
import type { Logger } from './log.js';
import { connectDiscord } from './discord/client.js';
import { Router } from './discord/router.js';
import { loadRuleLibrary } from './rules/load.js';
import { commands, componentHandlers, type BotContext, type ChannelDice } from '../commands/index.js';
import { StoreDiceStreams } from './app/dice-streams.js';
import { DiceStreamDamaged, replaceDamagedStream, rollInChannel, rotateStream, streamStatus } from './dice/channel.js';
import { describeVerdict, judgeTableRoll, type RedWinterTables } from './dice/checks/index.js';
import type { RevealedStream } from './dice/stream.js';
import type { DiceStreamStore } from './dice/store.js';
import type { GameStore } from './store/types.js';
import { Status, type Client } from 'discord.js';
import { startHeartbeat } from './health.js';
import { openGame, warmRenderer, type GameOptions } from './main-game.js';

export interface BotOptions extends GameOptions {
  /** Another Discord API base (the offline fake in tests). */
  rest?: { api: string; timeout?: number };
  handleSignals?: boolean;
  /** Write the heartbeat `hexref health` reads here (src/health.ts); none when absent. */
  healthFile?: string;
  /** How often (default every 15 s; tests go faster). */
  heartbeatMs?: number;
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

/**
 * Public channel dice (src/dice) over the given stream store. With the ruleset's tables, a Red Winter
 * table form with options (`rw:rat ras=3 night`) also gets its verdict, judged on the rolled total.
 * `reveal` rotates the channel's stream from Discord (/roll dice:reveal).
 */
export function createChannelDice(streams: DiceStreamStore, tables?: RedWinterTables): ChannelDice {
  const shown = (s: RevealedStream) => ({
    seed: s.seed,
    commitment: s.commitment,
    rolls: s.rolls.length,
    json: JSON.stringify(s, null, 1) + '\n',
  });
  return {
    async roll(channelId, input) {
      const r = await rollInChannel(streams, channelId, input);
      const check = r.roll.outcome.check;
      const verdict = check && tables ? judgeTableRoll(tables, check.table, check.options, r.roll.total) : undefined;
      const text = verdict ? [r.roll.text, ...describeVerdict(verdict, () => 'Red Winter')].join('\n') : r.roll.text;
      return {
        n: r.roll.n,
        text,
        commitment: r.commitment,
        newStream: r.newStream,
        ...(r.revealed ? { revealed: shown(r.revealed) } : {}),
      };
    },
    async reveal(channelId) {
      try {
        if (!(await streamStatus(streams, channelId))) return null;
        const { revealed, nextCommitment } = await rotateStream(streams, channelId);
        return { revealed: shown(revealed), nextCommitment, replaced: false };
      } catch (err) {
        if (!(err instanceof DiceStreamDamaged)) throw err;
        const { nextCommitment } = await replaceDamagedStream(streams, channelId);
        return { revealed: null, nextCommitment, replaced: true };
      }
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
  const { play: game, store, bundle, storeState } = await openGame(config, options, log);
  const warmUp = warmRenderer(bundle, log); // in the background: start-up does not wait for it
  const ctx: BotContext = { log, rules: loadRuleLibrary(), dice: createChannelDice(storeDiceStreams(store), bundle.ruleset.tables), game };
  const router = new Router(commands, componentHandlers, ctx, log);
  let heartbeat: { stop(): void } | undefined;
  const client = await connectDiscord(config, log, options.rest, {
    router,
    handleSignals: options.handleSignals ?? true,
    onStop: async () => {
      heartbeat?.stop();
      await game.close();
    },
  });
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
    async stop() {
      heartbeat?.stop();
      await warmUp;
      await router.drain();
      await client.destroy();
      await game.close();
    },
  };
}

/** Whether every gateway shard of the client is connected and ready, for the heartbeat. */
export function gatewayHealth(client: Client): { ready: boolean; status: string; pingMs: number | null } {
  const shards = [...client.ws.shards.values()];
  const ready = client.isReady() && shards.length > 0 && shards.every((s) => s.status === Status.Ready);
  const status = shards.length ? shards.map((s) => Status[s.status] ?? String(s.status)).join(', ') : 'no connection';
  return { ready, status, pingMs: Number.isFinite(client.ws.ping) && client.ws.ping >= 0 ? client.ws.ping : null };
}
