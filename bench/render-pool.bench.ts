// Maps off the event loop: the bot process's event-loop delay while 8 games' whole maps are drawn at
// once, in-process (RENDER_PROCESSES=0) and through the render pool (src/render-pool.ts), beside its
// floors in the same run: the delay of an idle loop, and a bare encode of the same finished picture
// (the least any renderer pays per map, here on the main thread).
//   npm run bench:render-pool [-- --games 8 --rounds 5 --processes 1]
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { drawMap, encodePng, renderMap } from '../render/index.js';
import { busyView, ruleset } from '../test/render/fixtures.js';
import { createRenderPool } from '../src/render-pool.js';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '5' },
    processes: { type: 'string', default: '1' },
  },
});
const games = Math.max(1, Number(values.games));
const rounds = Math.max(1, Number(values.rounds));
const processes = Math.max(1, Number(values.processes));
const map = ruleset().map;
const view = busyView();

async function loopDelay(label: string, work: () => Promise<unknown>): Promise<{ p99: number; max: number; ms: number }> {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  const t0 = performance.now();
  await work();
  const ms = performance.now() - t0;
  h.disable();
  const out = { p99: h.percentile(99) / 1e6, max: h.max / 1e6, ms };
  console.log(
    `${label.padEnd(44)} loop delay p99 ${out.p99.toFixed(1).padStart(7)} ms  max ${out.max.toFixed(1).padStart(7)} ms  wall ${out.ms.toFixed(0).padStart(6)} ms`,
  );
  return out;
}

const burst = (draw: () => Promise<Buffer>) => async () => {
  for (let r = 0; r < rounds; r++) await Promise.all(Array.from({ length: games }, draw));
};

// Warm both paths (static layer cache, child start-up) before measuring.
await renderMap(view, map, { whole: true });
const pool = createRenderPool({ processes, maxQueue: games * 2 });
await Promise.all(Array.from({ length: processes }, () => pool.draw(view, { whole: true })));

console.log(`${games} whole Campaign maps at once × ${rounds} rounds; pool of ${processes} process(es)`);
await loopDelay('floor: idle loop (100 ms)', () => new Promise((r) => setTimeout(r, 100)));
const finished = drawMap(view, map, { whole: true });
await loopDelay('floor: bare encode of the same picture ×' + games, async () => {
  for (let r = 0; r < rounds; r++) await Promise.all(Array.from({ length: games }, () => encodePng(finished.canvas)));
});
finished.release();
const inProcess = await loopDelay(
  'in-process renderMap',
  burst(() => renderMap(view, map, { whole: true })),
);
const pooled = await loopDelay(
  'render pool',
  burst(() => pool.draw(view, { whole: true })),
);
console.log(JSON.stringify({ bench: 'render-pool', games, rounds, processes, inProcess, pooled, stats: pool.stats() }));
await pool.close();
