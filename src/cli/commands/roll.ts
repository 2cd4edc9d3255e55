// `hexref roll <notation>`: a numbered roll from the channel's committed dice stream (var/dice/, or
// with --game-store the bot's streams in the game store STORE_URL names, as /roll uses them).
//   hexref roll 2d6 | 4d6kh3 | 10d6>=5 | 4d6r1 | dr | DR | 4+ | rw:crt   [--channel ID] [--game-store]
//   hexref roll --open | --status | --rotate [--out FILE]              [--channel ID] [--game-store]
//   hexref roll --verify FILE                   (a revealed stream written by --rotate)
//   hexref roll --verify --seed S --commitment C --rolls FILE
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { DiceStreamDamaged, openStream, replaceDamagedStream, rotateStream, streamStatus } from '../../dice/channel.js';
import { createChannelDice } from '../../main-dice.js';
import { loadRuleset } from '../../data/load.js';
import { DiceInputError } from '../../dice/notation.js';
import { FileDiceStreamStore, type DiceStreamStore } from '../../dice/store.js';
import { StoreDiceStreams } from '../../app/dice-streams.js';
import { loadConfig } from '../../config.js';
import { createStore, type GameStore } from '../../store/index.js';
import { describeReport, readVerificationInput, verifyStream } from '../../dice/verify.js';
import { SUBCOMMANDS } from './catalogue.js';
import type { CliCommand, CliIO } from '../types.js';

const USAGE = SUBCOMMANDS.roll.usage;

const short = (c: string) => c.slice(0, 16);

function verify(values: { seed?: string; commitment?: string; rolls?: string }, file: string | undefined, io: CliIO): number {
  let input;
  try {
    input = readVerificationInput({ file, seed: values.seed, commitment: values.commitment, rollsFile: values.rolls });
  } catch (err) {
    io.err(`${(err as Error).message}\nUsage: hexref roll --verify FILE | --verify --seed S --commitment C --rolls FILE`);
    return 2;
  }
  const report = verifyStream(input.seed, input.commitment, input.rolls);
  io.out(`stream ${short(input.commitment)}…, ${input.rolls.length} rolls`);
  for (const l of describeReport(report, input.rolls.length)) io.out(l);
  return report.ok ? 0 : 1;
}

const command: CliCommand = {
  name: 'roll',
  async run(args, io) {
    let parsed;
    try {
      parsed = parseArgs({
        args,
        allowPositionals: true,
        options: {
          channel: { type: 'string' },
          dir: { type: 'string' },
          open: { type: 'boolean' },
          status: { type: 'boolean' },
          rotate: { type: 'boolean' },
          out: { type: 'string' },
          verify: { type: 'boolean' },
          seed: { type: 'string' },
          commitment: { type: 'string' },
          rolls: { type: 'string' },
          'game-store': { type: 'boolean' },
        },
      });
    } catch (err) {
      io.err(`${(err as Error).message}\nUsage: ${USAGE}`);
      return 2;
    }
    const v = parsed.values;
    const input = parsed.positionals.join(' ');
    if (v.verify) return verify(v, parsed.positionals[0], io);
    const dir = v.dir ?? 'var/dice';
    let gameStore: GameStore | undefined;
    const channel = v.channel ?? 'cli';
    try {
      let store: DiceStreamStore;
      if (v['game-store']) {
        gameStore = await createStore(loadConfig().STORE_URL);
        store = new StoreDiceStreams(gameStore);
      } else {
        store = new FileDiceStreamStore(dir);
      }
      if (v.open) {
        const s = await openStream(store, channel);
        io.out(
          `${s.newStream ? 'New' : 'Current'} dice stream for channel ${channel}: commitment ${s.commitment} (${s.rolls} rolls so far)`,
        );
        return 0;
      }
      if (v.status) {
        const s = await streamStatus(store, channel);
        if (!s) {
          io.out(`Channel ${channel} has no dice stream yet (the first roll starts one).`);
          return 0;
        }
        io.out(`channel ${channel}: commitment ${s.commitment}, started ${s.startedAt}, ${s.rolls.length} rolls`);
        for (const r of s.rolls.slice(-10)) io.out(`  #${r.n} ${r.text}`);
        for (const p of s.revealed) io.out(`  revealed earlier: ${short(p.commitment)}… seed ${p.seed} (${p.rolls.length} rolls)`);
        return 0;
      }
      if (v.rotate) {
        let rotation;
        try {
          rotation = await rotateStream(store, channel);
        } catch (err) {
          if (!(err instanceof DiceStreamDamaged)) throw err;
          const { nextCommitment } = await replaceDamagedStream(store, channel);
          io.out(`${err.message} It was replaced: new stream, commitment ${nextCommitment}`);
          return 0;
        }
        const { revealed, nextCommitment } = rotation;
        const out = v.out ?? join(dir, `${channel}-${revealed.commitment.slice(0, 12)}.revealed.json`);
        mkdirSync(dirname(out), { recursive: true });
        writeFileSync(out, JSON.stringify(revealed, null, 1));
        io.out(`Revealed the stream ${revealed.commitment} of channel ${channel}: seed ${revealed.seed} (${revealed.rolls.length} rolls).`);
        io.out(`Verification file: ${out}   (check it: npx tsx scripts/verify-dice.ts ${out})`);
        io.out(`New stream: commitment ${nextCommitment}`);
        return 0;
      }
      if (!input) {
        io.err(`What should I roll?\nUsage: ${USAGE}`);
        return 2;
      }
      // The same channel dice as /roll and the console: a table form with options is judged too.
      const r = await createChannelDice(store, loadRuleset().tables).roll(channel, input);
      if (r.newStream) io.out(`New dice stream for channel ${channel}: commitment ${r.commitment}`);
      const [first, ...verdict] = r.text.split('\n');
      io.out(`#${r.n} ${first}   [stream ${short(r.commitment)}…]`);
      for (const l of verdict) io.out(l);
      if (r.revealed) io.out(`The previous stream was full and has been revealed: seed ${r.revealed.seed} (${r.revealed.rolls} rolls).`);
      return 0;
    } catch (err) {
      io.err((err as Error).message);
      return err instanceof DiceInputError ? 2 : 1;
    } finally {
      await gameStore?.close();
    }
  },
};

export default command;
