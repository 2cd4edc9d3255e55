// Verify hexref dice. Anyone can run it:
//
//   npx tsx scripts/verify-dice.ts <revealed-stream.json>     a channel's /roll stream (/roll dice:reveal)
//   npx tsx scripts/verify-dice.ts <game-record.json>         a finished game's record (/game export)
//   npx tsx scripts/verify-dice.ts --seed SEED --commitment HEX --rolls rolls.json
//
// A dice stream: checks that SHA-256(seed) is the commitment published before the first roll,
// recomputes every roll from (seed, roll number, what was rolled) and compares it with what was shown,
// and lists roll numbers that are missing (made but not shown) or used twice.
// A game record: checks the revealed seed against the commitment published at the start, replays every
// action with the engine from the scenario set-up, and compares every roll and the final state.
// Exit 0 = verified, 1 = not, 2 = bad input. Formats: docs/rules-and-dice.md, docs/game-record.md.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { describeReport, readVerificationInput, verifyStream } from '../src/dice/verify.js';
import type { ExportedRecord } from '../src/app/game-doc.js';

const USAGE =
  'Usage: npx tsx scripts/verify-dice.ts <revealed-stream.json | game-record.json> | --seed SEED --commitment HEX --rolls rolls.json';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { seed: { type: 'string' }, commitment: { type: 'string' }, rolls: { type: 'string' } },
});

/** A game record (/game export) is recognised by its format; anything else is read as a dice stream. */
function readGameRecord(file: string | undefined): ExportedRecord | null {
  if (!file) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null; // the stream reader reports the problem
  }
  const r = raw as Partial<ExportedRecord> | null;
  if (r?.format !== 'hexref-record') return null;
  if (!Array.isArray(r.entries) || typeof r.scenario !== 'string' || typeof r.commitment !== 'string') {
    process.stderr.write(`${file} says it is a game record but lacks its entries, scenario or commitment.\n${USAGE}\n`);
    process.exit(2);
  }
  return r as ExportedRecord;
}

const game = readGameRecord(positionals[0]);
if (game) {
  process.stdout.write(
    `game ${game.service?.gameId ?? '?'} (${game.scenario}), commitment ${game.commitment}\n${game.entries.length} record entries\n`,
  );
  if (!game.seed) {
    process.stdout.write('seed: not revealed yet (a game record carries its seed once the game is over)\nNOT VERIFIED\n');
    process.exit(1);
  }
  // The engine and the rules data are loaded only for a game record (a dice stream needs neither).
  const [{ loadRuleset }, { createEngine }, { verifyRecord }, { engineHelpers }] = await Promise.all([
    import('../src/data/load.js'),
    import('../src/engine/index.js'),
    import('../src/app/verify.js'),
    import('../src/app/wiring.js'),
  ]);
  const ruleset = loadRuleset();
  if (game.ruleset !== ruleset.id) {
    process.stderr.write(`This record is of ruleset '${game.ruleset}'; this copy of hexref has '${ruleset.id}'.\n`);
    process.exit(2);
  }
  const report = verifyRecord(createEngine(ruleset), engineHelpers, game);
  for (const line of report.lines) process.stdout.write(`${line}\n`);
  process.stdout.write(report.ok ? 'VERIFIED\n' : 'NOT VERIFIED\n');
  process.exit(report.ok ? 0 : 1);
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
