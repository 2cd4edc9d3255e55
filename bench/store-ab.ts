// npm run bench:store-ab [-- <git revision>] — the store bench's act (the recorded Campaign through the
// service on Redis, each command's act beside a raw GET+SET of the value it stored) for the code at a
// revision (default HEAD) and for the working tree, in one process: the two games are played side by side,
// action by action, in turn A B, B A, A B… A change of a few microseconds is smaller than what separates
// two runs of bench:store on a noisy machine, and playing both in one process under the same load, each
// action's pair of acts a millisecond apart, is what shows it. Prints each game's medians, then over the
// warm half of the games (the first half warms both up) the mean act and floor of each and the paired
// difference of the acts (working tree − revision) with its standard error: of the games' medians, and the
// median of each game's differences act by act (the tighter of the two). GAMES (default 30) games each.
// Uses REDIS_URL if set, else a private redis-server. Not a test.
import { readFileSync } from 'node:fs';
import { createClient } from '@redis/client';
import type { GameServiceBundle, openGameService } from '../src/app/wiring.js';
import type { GameRecord } from '../src/engine/index.js';
import type { Ruleset } from '../src/engine/ruleset.js';
import { withArmorReinforcements } from '../test/engine/helpers/campaign-bot.js';
import { benchRedis, meanWithError, ms, rawGetSet, recordedCampaignGame, stats } from './timing.js';
import { checkoutRevision, importFrom } from './revision.js';

const GAMES = Number(process.env.GAMES ?? 30);
const rev = process.argv[2] ?? 'HEAD';
const root = process.cwd();

/** A game service of the code in `dir` (the revision's is taken to have the working tree's interface). */
async function open(dir: string, url: string, seed: string): Promise<GameServiceBundle> {
  const wiring = await importFrom<{ openGameService: typeof openGameService }>(dir, 'src/app/wiring.ts');
  const load = await importFrom<{ loadRuleset: () => Ruleset }>(dir, 'src/data/load.ts');
  return wiring.openGameService({ storeUrl: url, ruleset: withArmorReinforcements(load.loadRuleset()), newSeed: () => seed });
}

async function main(): Promise<void> {
  const { url, stop } = await benchRedis();
  const record = JSON.parse(readFileSync('test/fixtures/records/campaign-bot.json', 'utf8')) as GameRecord;
  const { dir, remove } = checkoutRevision(rev);
  const bundles = { A: await open(dir, url, record.seed!), B: await open(root, url, record.seed!) };
  const raw = createClient({ url });
  await raw.connect();
  const user = { userId: 'bench' };
  const figures = { A: [] as { act: number; floor: number }[], B: [] as { act: number; floor: number }[] };
  console.log(`store A/B on ${url.replace(/\/\/[^@/]*@/, '//***@')}: A = ${rev}, B = the working tree, ${GAMES} games each`);
  /** Each act's time less its pair's (B − A, µs), game by game. */
  const diffs: number[][] = [];
  for (let g = 0; g < GAMES; g++) {
    // The two games are played side by side, action by action, in turn A B, B A, A B…: a pair of acts is
    // a millisecond apart, under the same load.
    const refs = {
      A: { gameId: await recordedCampaignGame(bundles.A.service, user) },
      B: { gameId: await recordedCampaignGame(bundles.B.service, user) },
    };
    const acts = { A: [] as number[], B: [] as number[] };
    const floors = { A: [] as number[], B: [] as number[] };
    for (const [i, ra] of record.actions.entries()) {
      for (const v of (g + i) % 2 ? (['B', 'A'] as const) : (['A', 'B'] as const)) {
        const t0 = process.hrtime.bigint();
        const r = await bundles[v].service.act(refs[v], user, ra.action, { side: ra.side });
        acts[v].push(ms(t0));
        if (!r.ok) throw new Error(`${v} action ${i + 1}: ${r.error.message}`);
        floors[v].push(await rawGetSet(raw, `hexref:game:${refs[v].gameId}`, 'bench:ab:scratch'));
      }
    }
    for (const v of ['A', 'B'] as const) {
      await bundles[v].service.abort(refs[v], user, 'bench finished');
      const f = { act: stats(acts[v]).median, floor: stats(floors[v]).median };
      figures[v].push(f);
      console.log(`  game ${g + 1} ${v}: act ${f.act.toFixed(3)} | floor ${f.floor.toFixed(3)} ms (${(f.act / f.floor).toFixed(2)}x)`);
    }
    diffs.push(acts.B.map((b, i) => (b - acts.A[i]!) * 1000));
  }
  const warm = Math.floor(GAMES / 2);
  const mean = (xs: number[]) => stats(xs).mean;
  for (const v of ['A', 'B'] as const) {
    const w = figures[v].slice(warm);
    const act = mean(w.map((x) => x.act));
    const floor = mean(w.map((x) => x.floor));
    console.log(
      `${v} (${v === 'A' ? rev : 'working tree'}), games ${warm + 1}–${GAMES}: act ${act.toFixed(4)} | floor ${floor.toFixed(4)} ms (${(act / floor).toFixed(2)}x)`,
    );
  }
  const d = figures.B.slice(warm).map((b, k) => (b.act - figures.A[warm + k]!.act) * 1000);
  const dd = meanWithError(d);
  console.log(`act B − A, medians paired game by game: ${dd.mean.toFixed(1)} µs (standard error ${dd.se.toFixed(1)} µs)`);
  // The median of each game's differences act by act (the same action, a millisecond apart).
  const m = meanWithError(diffs.slice(warm).map((xs) => stats(xs).median));
  console.log(`act B − A, the median difference act by act, game by game: ${m.mean.toFixed(1)} µs (standard error ${m.se.toFixed(1)} µs)`);
  raw.destroy();
  await bundles.A.close();
  await bundles.B.close();
  remove();
  await stop();
}

await main();
