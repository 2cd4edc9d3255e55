// `hexref roll <notation>`: a numbered roll from the channel's committed dice stream (var/dice/).
//   hexref roll 2d6 | 4d6kh3 | 10d6>=5 | 4d6r1 | dr | DR | 4+ | rw:crt   [--channel ID]
//   hexref roll --open | --status | --rotate [--out FILE]              [--channel ID]
//   hexref roll --verify FILE                   (a revealed stream written by --rotate)
//   hexref roll --verify --seed S --commitment C --rolls FILE
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { openStream, rollInChannel, rotateStream, streamStatus } from '../../dice/channel.js';
import { DiceInputError } from '../../dice/notation.js';
import { FileDiceStreamStore } from '../../dice/store.js';
import { RevealedStreamSchema, RollRecordSchema } from '../../dice/stream.js';
import { describeReport, verifyStream } from '../../dice/verify.js';
import type { CliCommand, CliIO } from '../types.js';

const short = (c: string) => c.slice(0, 16);

function verify(values: { seed?: string; commitment?: string; rolls?: string }, file: string | undefined, io: CliIO): number {
  try {
    let seed: string, commitment: string, rolls;
    if (file) {
      const r = RevealedStreamSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      if (!r.success) throw new Error(`${file} is not a revealed dice stream (${r.error.issues[0]!.path.join('.')}: ${r.error.issues[0]!.message}).`);
      ({ seed, commitment, rolls } = r.data);
    } else {
      if (!values.seed || !values.commitment || !values.rolls) throw new Error('--verify needs a FILE, or --seed, --commitment and --rolls FILE.');
      seed = values.seed;
      commitment = values.commitment;
      const raw = JSON.parse(readFileSync(values.rolls, 'utf8')) as unknown;
      const list = Array.isArray(raw) ? raw : (raw as { rolls?: unknown }).rolls;
      const parsed = RollRecordSchema.array().safeParse(list);
      if (!parsed.success) throw new Error(`${values.rolls} does not hold a list of rolls (${parsed.error.issues[0]!.message}).`);
      rolls = parsed.data;
    }
    const report = verifyStream(seed, commitment, rolls);
    io.out(`stream ${short(commitment)}…, ${rolls.length} rolls`);
    for (const l of describeReport(report, rolls.length)) io.out(l);
    return report.ok ? 0 : 1;
  } catch (err) {
    io.err((err as Error).message);
    return 2;
  }
}

const command: CliCommand = {
  name: 'roll',
  summary: 'roll dice from a channel\'s committed, verifiable stream (2d6, 4d6kh3, dr, DR, 4+, rw:crt…)',
  usage: 'hexref roll <notation> [--channel ID] | --open | --status | --rotate [--out FILE] | --verify FILE | --verify --seed S --commitment C --rolls FILE   [--dir var/dice]',
  async run(args, io) {
    let parsed;
    try {
      parsed = parseArgs({
        args, allowPositionals: true,
        options: {
          channel: { type: 'string' }, dir: { type: 'string' }, open: { type: 'boolean' }, status: { type: 'boolean' },
          rotate: { type: 'boolean' }, out: { type: 'string' }, verify: { type: 'boolean' }, seed: { type: 'string' },
          commitment: { type: 'string' }, rolls: { type: 'string' },
        },
      });
    } catch (err) {
      io.err(`${(err as Error).message}\nUsage: ${command.usage}`);
      return 2;
    }
    const v = parsed.values;
    const input = parsed.positionals.join(' ');
    if (v.verify) return verify(v, parsed.positionals[0], io);
    const dir = v.dir ?? 'var/dice';
    const store = new FileDiceStreamStore(dir);
    const channel = v.channel ?? 'cli';
    try {
      if (v.open) {
        const s = await openStream(store, channel);
        io.out(`${s.newStream ? 'New' : 'Current'} dice stream for channel ${channel}: commitment ${s.commitment} (${s.rolls} rolls so far)`);
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
        const { revealed, nextCommitment } = await rotateStream(store, channel);
        const out = v.out ?? join(dir, `${channel}-${revealed.commitment.slice(0, 12)}.revealed.json`);
        mkdirSync(dirname(out), { recursive: true });
        writeFileSync(out, JSON.stringify(revealed, null, 1));
        io.out(`Revealed the stream ${revealed.commitment} of channel ${channel}: seed ${revealed.seed} (${revealed.rolls.length} rolls).`);
        io.out(`Verification file: ${out}   (check it: npx tsx scripts/verify-dice.ts ${out})`);
        io.out(`New stream: commitment ${nextCommitment}`);
        return 0;
      }
      if (!input) {
        io.err(`What should I roll?\nUsage: ${command.usage}`);
        return 2;
      }
      const r = await rollInChannel(store, channel, input);
      if (r.newStream) io.out(`New dice stream for channel ${channel}: commitment ${r.commitment}`);
      io.out(`#${r.roll.n} ${r.roll.text}   [stream ${short(r.commitment)}…]`);
      return 0;
    } catch (err) {
      io.err((err as Error).message);
      return err instanceof DiceInputError ? 2 : 1;
    }
  },
};

export default command;
