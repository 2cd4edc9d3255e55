/**
 * Long fuzz of whole games: the random bot of test/engine/helpers/campaign-bot.ts plays each seed to game
 * over with every kind of action and decision on the real CRT, the invariants are checked after every
 * action, and each game's record must replay to the identical state hash. Prints one line per game and a
 * summary; exits 1 on any problem.
 *
 *   npm run fuzz:campaign -- --seeds 20            # seeds fuzz-1 … fuzz-20
 *   npm run fuzz:campaign -- --seeds 5 --from 100 --scenario tutorial --no-armor
 *
 * `--no-armor` keeps the Soviet armor waiting for Armor Commitment (12.1.4, not built yet), so no AT Fire
 * can happen; by default the armor enters on turn 3 (withArmorReinforcements).
 */
import { parseArgs } from 'node:util';
import { loadRuleset } from '../src/data/load.js';
import { createEngine, replayRecord, stateHash } from '../src/engine/index.js';
import { invariantProblems, playBotGame, withArmorReinforcements, type BotStats } from '../test/engine/helpers/campaign-bot.js';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '5' },
    from: { type: 'string', default: '1' },
    scenario: { type: 'string', default: 'campaign' },
    'no-armor': { type: 'boolean', default: false },
    'per-phase': { type: 'string', default: '12' },
  },
});
const seeds = Number(values.seeds);
const from = Number(values.from);
if (!Number.isInteger(seeds) || seeds < 1 || !Number.isInteger(from)) {
  console.error('Usage: npm run fuzz:campaign -- [--seeds N] [--from K] [--scenario campaign|tutorial] [--no-armor] [--per-phase N]');
  process.exit(2);
}
const base = loadRuleset();
const engine = createEngine(values['no-armor'] ? base : withArmorReinforcements(base));

const totals: Record<string, number> = {};
let failures = 0;
let actions = 0;
let playMs = 0;
let replayMs = 0;
for (let i = from; i < from + seeds; i++) {
  const seed = `fuzz-${i}`;
  const problems: string[] = [];
  const t0 = performance.now();
  let game;
  try {
    game = playBotGame(engine, {
      seed,
      scenario: values.scenario,
      perPhase: Number(values['per-phase']),
      onStep: ({ before, after, events, action }) => {
        for (const p of invariantProblems(engine, before, after, events))
          problems.push(`turn ${after.turn} ${JSON.stringify(action)}: ${p}`);
      },
    });
  } catch (err) {
    failures++;
    console.log(`${seed}: FAILED ${(err as Error).message}`);
    continue;
  }
  const t1 = performance.now();
  const replay = replayRecord(engine, game.record);
  const t2 = performance.now();
  const same = replay.ok && replay.summary.stateHash === stateHash(game.state);
  if (!same) problems.push(`replay: ${replay.ok ? 'a different state hash' : replay.error.message}`);
  if (game.state.phase !== 'gameOver') problems.push(`stopped at turn ${game.state.turn} ${game.state.phase}`);
  playMs += t1 - t0;
  replayMs += t2 - t1;
  actions += game.stats.actions;
  const s: BotStats = game.stats;
  for (const [k, v] of Object.entries(s)) if (typeof v === 'number') totals[k] = (totals[k] ?? 0) + v;
  const result = game.state.result ? `${game.state.result.winner ?? 'draw'} (VP ${game.state.vp.soviet}:${game.state.vp.finnish})` : '-';
  console.log(
    `${seed}: ${problems.length ? 'FAILED' : 'ok'} turn ${game.state.turn} ${game.state.phase}, ${s.actions} actions in ${Math.round(t1 - t0)} ms ` +
      `(replay ${Math.round(t2 - t1)} ms, same hash: ${same}); combats ${s.combats} (no roll ${s.combatsNoRoll}), assaults ${s.assaults}, ` +
      `ranged ${s.ranged}, support ${s.support}/${s.defensiveSupport} def., AT Fire ${s.atFire}, raids ${s.nightRaids} (attacks ${s.raidAttacks}), ` +
      `bonfires ${s.bonfires}, recovery ${s.recovery}, dig-in ${s.digIn}, RPs ${s.replacements}, decisions ${JSON.stringify(s.decisions)}, ` +
      `eliminated ${s.eliminated}, Pajari rolls ${s.pajariChecks}; winner ${result}`,
  );
  for (const p of problems.slice(0, 10)) console.log(`  ${p}`);
  if (problems.length) failures++;
}
console.log(
  `fuzz:campaign ${values.scenario}${values['no-armor'] ? '' : ' (armor from turn 3)'}: ${seeds} game(s), ${failures} failed; ${actions} actions, ` +
    `play ${Math.round(playMs)} ms (${(playMs / Math.max(1, actions)).toFixed(1)} ms/action), replay ${Math.round(replayMs)} ms ` +
    `(${(replayMs / Math.max(1, actions)).toFixed(1)} ms/action); totals ${JSON.stringify(totals)}`,
);
process.exit(failures ? 1 : 0);
