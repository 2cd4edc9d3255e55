// npm run bench:engine-ab [-- <git revision>] — the engine's apply for the code at a revision (default
// HEAD) and for the working tree, in one process: the recorded Campaign (1,092 actions) is played once
// with each to collect its states, then each action is applied to its state with A and with B in turn
// (A B, B A, …), pass after pass. The first passes warm both up; over the rest each action keeps the
// median of its differences (B − A), and each kind prints its A and B medians and the median of its
// actions' differences, with every action together and its standard error. A change of a few
// microseconds to one kind of action shows here, not between two runs of bench:engine. PASSES (default
// 8) passes, the first WARM (default 3) not counted. Not a test.
import type { createEngine, GameState } from '../src/engine/index.js';
import type { Ruleset } from '../src/engine/ruleset.js';
import { withArmorReinforcements } from '../test/engine/helpers/campaign-bot.js';
import { recordedCampaign, replayCampaign, type RecordedCampaign } from '../test/engine/helpers/recorded-campaign.js';
import { meanWithError, stats } from './timing.js';
import { checkoutRevision, importFrom } from './revision.js';

const PASSES = Number(process.env.PASSES ?? 8);
const WARM = Number(process.env.WARM ?? 3);
const rev = process.argv[2] ?? 'HEAD';

type Engine = ReturnType<typeof createEngine>;

/** The engine of the code in `dir` (the revision's is taken to have the working tree's interface). */
async function engineOf(dir: string): Promise<Engine> {
  const engine = await importFrom<{ createEngine: typeof createEngine }>(dir, 'src/engine/index.ts');
  const load = await importFrom<{ loadRuleset: () => Ruleset }>(dir, 'src/data/load.ts');
  return engine.createEngine(withArmorReinforcements(load.loadRuleset()));
}

/** The state before each recorded action, as `engine` plays the game. */
function statesOf(engine: Engine, campaign: RecordedCampaign): GameState[] {
  const out: GameState[] = [];
  replayCampaign({ ...campaign, engine }, (st) => out.push(st));
  return out;
}

async function main(): Promise<void> {
  const campaign = recordedCampaign();
  const { record } = campaign;
  const { dir, remove } = checkoutRevision(rev);
  const engines = { A: await engineOf(dir), B: await engineOf(process.cwd()) };
  const states = { A: statesOf(engines.A, campaign), B: statesOf(engines.B, campaign) };
  const n = record.actions.length;
  const times = { A: record.actions.map(() => [] as number[]), B: record.actions.map(() => [] as number[]) };
  const diffs = record.actions.map(() => [] as number[]);
  for (let pass = 0; pass < PASSES; pass++) {
    for (let i = 0; i < n; i++) {
      const ra = record.actions[i]!;
      const took = { A: 0, B: 0 };
      for (const v of (pass + i) % 2 ? (['B', 'A'] as const) : (['A', 'B'] as const)) {
        const t0 = process.hrtime.bigint();
        engines[v].apply(states[v][i]!, ra.side, ra.action);
        took[v] = Number(process.hrtime.bigint() - t0) / 1000;
      }
      if (pass < WARM) continue;
      times.A[i]!.push(took.A);
      times.B[i]!.push(took.B);
      diffs[i]!.push(took.B - took.A);
    }
  }
  remove();
  console.log(`engine A/B: A = ${rev}, B = the working tree, ${PASSES} passes of ${n} actions (${WARM} to warm up)`);
  console.log(`  kind                   n   A median   B median   B − A (µs; the median of the actions' differences)`);
  const kinds = new Map<string, number[]>();
  record.actions.forEach((ra, i) => kinds.set(ra.action.type, [...(kinds.get(ra.action.type) ?? []), i]));
  const median = (xs: number[]) => stats(xs).median;
  const row = (name: string, idx: number[]) => {
    const a = median(idx.map((i) => median(times.A[i]!)));
    const b = median(idx.map((i) => median(times.B[i]!)));
    const d = median(idx.map((i) => median(diffs[i]!)));
    console.log(
      `  ${name.padEnd(20)}${String(idx.length).padStart(5)}${a.toFixed(1).padStart(11)}${b.toFixed(1).padStart(11)}${d.toFixed(1).padStart(11)}`,
    );
  };
  for (const [kind, idx] of [...kinds].sort((x, y) => y[1].length - x[1].length)) row(kind, idx);
  const all = record.actions.map((_, i) => i);
  row('every action', all);
  const { mean, se } = meanWithError(all.map((i) => median(diffs[i]!)));
  console.log(`  every action, the mean of the actions' median differences: ${mean.toFixed(1)} µs (standard error ${se.toFixed(1)} µs)`);
}

await main();
