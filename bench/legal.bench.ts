// npm run bench:legal — the game service's legal actions (what /play's autocomplete asks at every
// keystroke) on a Campaign game, the first time for a version and again for the same version (served from
// the per-version cache), beside the floor measured in the same run: the store read of the game alone.
// In-memory store, so the figures are the service's own work. Not a test: prints figures.
import { openGameService } from '../src/app/wiring.js';
import { ms, stats } from './timing.js';

const N = Number(process.env.BENCH_N ?? 200);

const bundle = await openGameService({ storeUrl: 'memory:' });
const { service, store } = bundle;
const host = { userId: 'bench' };
const first: number[] = [];
const again: number[] = [];
const floor: number[] = [];
for (let i = 0; i < N; i++) {
  const c = await service.createGame({ channelId: `c${i}`, host, scenario: 'campaign', seatHostAs: 'both' });
  if (!c.ok) throw new Error(c.error.message);
  const s = await service.start({ gameId: c.gameId }, host);
  if (!s.ok) throw new Error(s.error.message);
  let t = process.hrtime.bigint();
  await store.load(c.gameId);
  floor.push(ms(t));
  t = process.hrtime.bigint();
  const a = await service.legal({ gameId: c.gameId }, host);
  first.push(ms(t));
  if (!a.ok) throw new Error(a.error.message);
  for (let k = 0; k < 3; k++) {
    t = process.hrtime.bigint();
    await service.legal({ gameId: c.gameId }, host);
    again.push(ms(t));
  }
}
const line = (name: string, xs: number[]) => {
  const a = stats(xs);
  const f = stats(floor);
  console.log(
    `${name.padEnd(26)} median ${a.median.toFixed(3)} ms, p99 ${a.p99.toFixed(3)} ms  |  floor (store read) median ${f.median.toFixed(3)} ms, p99 ${f.p99.toFixed(3)} ms`,
  );
};
console.log(`legal actions bench: ${N} Campaign games at their start (in-memory store)`);
line('first ask of a version', first);
line('same version again', again);
await bundle.close();
