// Verify a revealed hexref dice stream. Anyone can run it:
//
//   npx tsx scripts/verify-dice.ts <revealed-stream.json>
//   npx tsx scripts/verify-dice.ts --seed SEED --commitment HEX --rolls rolls.json
//
// It checks that SHA-256(seed) is the commitment published before the first roll, recomputes every
// roll from (seed, roll number, what was rolled) and compares it with what was shown, and lists roll
// numbers that are missing (made but not shown) or used twice. Exit 0 = verified, 1 = not, 2 = bad input.
// The format and the algorithm are described in docs/rules-and-dice.md.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { RevealedStreamSchema, RollRecordSchema, type RollRecord } from '../src/dice/stream.js';
import { describeReport, verifyStream } from '../src/dice/verify.js';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { seed: { type: 'string' }, commitment: { type: 'string' }, rolls: { type: 'string' } },
});

let seed: string;
let commitment: string;
let rolls: RollRecord[];
try {
  if (positionals[0]) {
    const r = RevealedStreamSchema.safeParse(JSON.parse(readFileSync(positionals[0], 'utf8')));
    if (!r.success) fail(`${positionals[0]} is not a revealed dice stream: ${r.error.issues[0]!.path.join('.')}: ${r.error.issues[0]!.message}`);
    ({ seed, commitment, rolls } = r.data);
  } else if (values.seed && values.commitment && values.rolls) {
    seed = values.seed;
    commitment = values.commitment;
    const raw = JSON.parse(readFileSync(values.rolls, 'utf8')) as unknown;
    const r = RollRecordSchema.array().safeParse(Array.isArray(raw) ? raw : (raw as { rolls?: unknown }).rolls);
    if (!r.success) fail(`${values.rolls} does not hold a list of rolls: ${r.error.issues[0]!.message}`);
    rolls = r.data;
  } else {
    fail('Usage: npx tsx scripts/verify-dice.ts <revealed-stream.json> | --seed SEED --commitment HEX --rolls rolls.json');
  }
} catch (err) {
  fail((err as Error).message);
}

const report = verifyStream(seed, commitment, rolls);
process.stdout.write(`stream ${commitment}\n${rolls.length} rolls\n`);
for (const line of describeReport(report, rolls.length)) process.stdout.write(`${line}\n`);
process.exit(report.ok ? 0 : 1);
