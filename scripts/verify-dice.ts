// Verify hexref dice. Anyone can run it:
//
//   npx tsx scripts/verify-dice.ts <revealed-stream.json>     a channel's /roll stream (/roll dice:reveal)
//   npx tsx scripts/verify-dice.ts <game-record.json>…        finished games' records (/game export)
//   npx tsx scripts/verify-dice.ts --seed SEED --commitment HEX --rolls rolls.json
//
// A dice stream: checks that SHA-256(seed) is the commitment published before the first roll,
// recomputes every roll from (seed, roll number, what was rolled) and compares it with what was shown,
// and lists roll numbers that are missing (made but not shown) or used twice.
// A game record: checks the revealed seed against the commitment published at the start, replays every
// record entry with the engine from the scenario set-up, and compares with the replay every roll, every
// entry's side, player and action, the actions list, the final state (hash, turn, phase) and the result;
// each mismatch is named. The same verifier as /game verify and `hexref verify` (src/app/verify.ts).
// Needs only Node and this repository's code: no store, no Redis, no Discord.
// Exit 0 = verified, 1 = not, 2 = bad input. Formats: docs/rules-and-dice.md, docs/game-record.md.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { describeReport, readVerificationInput, verifyStream } from '../src/dice/verify.js';

const USAGE =
  'Usage: npx tsx scripts/verify-dice.ts <revealed-stream.json | game-record.json…> | --seed SEED --commitment HEX --rolls rolls.json';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { seed: { type: 'string' }, commitment: { type: 'string' }, rolls: { type: 'string' } },
});

/** A game record (/game export) is recognised by its format; anything else is read as a dice stream. */
function gameRecordText(file: string | undefined): string | null {
  if (!file) return null;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
    if ((JSON.parse(text) as { format?: unknown } | null)?.format === 'hexref-record') return text;
  } catch {
    // the stream reader reports the problem
  }
  return null;
}

const gameTexts = positionals.map(gameRecordText);
if (gameTexts[0] != null) {
  if (gameTexts.some((t) => t === null)) {
    process.stderr.write(`Several files are verified only when each is a game record.\n${USAGE}\n`);
    process.exit(2);
  }
  // The engine and the rules data are loaded only for a game record (a dice stream needs neither); the
  // verifier is the one /game verify and `hexref verify` use (src/app/verify.ts).
  const [{ loadRuleset }, engine, { verifyExportText }] = await Promise.all([
    import('../src/data/load.js'),
    import('../src/engine/index.js'),
    import('../src/app/verify.js'),
  ]);
  let ruleset: ReturnType<typeof loadRuleset> | undefined;
  let worst = 0;
  for (const [i, file] of positionals.entries()) {
    // Several records (a season's games): each under its name, the exit code the worst of them.
    if (positionals.length > 1) process.stdout.write(`== ${file}\n`);
    const verdict = verifyExportText(gameTexts[i]!, file, (id) => {
      ruleset ??= loadRuleset();
      if (ruleset.id !== id) return `This record is of ruleset '${id}'; this copy of hexref has '${ruleset.id}'.`;
      const { commitmentOf, stateHash, publicState } = engine;
      return { engine: engine.createEngine(ruleset), helpers: { commitmentOf, stateHash, publicState } };
    });
    for (const line of verdict.out) process.stdout.write(`${line}\n`);
    for (const line of verdict.err) process.stderr.write(`${line}\n`);
    worst = Math.max(worst, verdict.code);
  }
  if (worst === 2) process.stderr.write(`${USAGE}\n`);
  process.exit(worst);
}

let input;
try {
  input = readVerificationInput({ file: positionals[0], seed: values.seed, commitment: values.commitment, rollsFile: values.rolls });
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n${USAGE}\n`);
  process.exit(2);
}
const report = verifyStream(input.seed, input.commitment, input.rolls);
process.stdout.write(`stream ${input.commitment}\n${input.rolls.length} rolls\n`);
for (const line of describeReport(report, input.rolls.length)) process.stdout.write(`${line}\n`);
process.exit(report.ok ? 0 : 1);
