// Verify a revealed hexref dice stream. Anyone can run it:
//
//   npx tsx scripts/verify-dice.ts <revealed-stream.json>
//   npx tsx scripts/verify-dice.ts --seed SEED --commitment HEX --rolls rolls.json
//
// It checks that SHA-256(seed) is the commitment published before the first roll, recomputes every
// roll from (seed, roll number, what was rolled) and compares it with what was shown, and lists roll
// numbers that are missing (made but not shown) or used twice. Exit 0 = verified, 1 = not, 2 = bad input.
// The format and the algorithm are described in docs/rules-and-dice.md.
import { parseArgs } from 'node:util';
import { describeReport, readVerificationInput, verifyStream } from '../src/dice/verify.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { seed: { type: 'string' }, commitment: { type: 'string' }, rolls: { type: 'string' } },
});

let input;
try {
  input = readVerificationInput({ file: positionals[0], seed: values.seed, commitment: values.commitment, rollsFile: values.rolls });
} catch (err) {
  process.stderr.write(`${(err as Error).message}\nUsage: npx tsx scripts/verify-dice.ts <revealed-stream.json> | --seed SEED --commitment HEX --rolls rolls.json\n`);
  process.exit(2);
}
const report = verifyStream(input.seed, input.commitment, input.rolls);
process.stdout.write(`stream ${input.commitment}\n${input.rolls.length} rolls\n`);
for (const line of describeReport(report, input.rolls.length)) process.stdout.write(`${line}\n`);
process.exit(report.ok ? 0 : 1);
