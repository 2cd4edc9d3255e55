// Composition: public channel dice (src/dice) over the game store's dice streams, for both front ends
// (/roll on Discord, `roll` in the console). Loads no Discord code.
import type { ChannelDice } from './discord/context.js';
import { StoreDiceStreams } from './app/dice-streams.js';
import { DiceStreamDamaged, replaceDamagedStream, rollInChannel, rotateStream, streamStatus } from './dice/channel.js';
import { describeVerdict, judgeTableRoll, type RedWinterTables } from './dice/checks/index.js';
import type { RevealedStream } from './dice/stream.js';
import type { DiceStreamStore } from './dice/store.js';
import type { GameStore } from './store/types.js';

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
