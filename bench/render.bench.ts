// Render benchmark: the whole Campaign map with ~100 counters, plus a zoom.
// Prints draw ms, encode ms, total ms, bytes, and ratio = total / (the encode alone of the same
// finished image, in the same format). The encode is the floor any renderer pays; ratio ≤ 1.5 is the
// goal. Both formats: JPEG is what the bot posts (MAP_FORMAT), PNG what files and the console get.
// Also watches memory over many renders (node-canvas has had leaks around toBuffer).
//   npm run bench:render [-- --iterations 20]
import { parseArgs } from 'node:util';
import { drawMap, encodePicture, type PictureFormat } from '../render/index.js';
import { busyView, ruleset } from '../test/render/fixtures.js';
import type { RenderOptions } from '../render/index.js';
import type { MapView } from '../src/engine/view.js';

const { values } = parseArgs({ options: { iterations: { type: 'string', default: '15' }, memory: { type: 'string', default: '60' } } });
const iterations = Math.max(3, Number(values.iterations));
const memoryRounds = Math.max(0, Number(values.memory));

const map = ruleset().map;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function measure(name: string, view: MapView, options: RenderOptions, format: PictureFormat): Promise<void> {
  const encodeAs = (canvas: Parameters<typeof encodePicture>[0]) => encodePicture(canvas, format);
  // Cold: the first render also draws and caches the static layer.
  const c0 = performance.now();
  const cold = drawMap(view, map, options);
  const coldDraw = performance.now() - c0;
  await encodeAs(cold.canvas);
  cold.release();

  const draw: number[] = [];
  const encode: number[] = [];
  const floor: number[] = [];
  let bytes = 0;
  let size = '';
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    const drawn = drawMap(view, map, options);
    const t1 = performance.now();
    const png = await encodeAs(drawn.canvas);
    const t2 = performance.now();
    // The floor: encoding the same finished image again, nothing else.
    await encodeAs(drawn.canvas);
    const t3 = performance.now();
    drawn.release();
    draw.push(t1 - t0);
    encode.push(t2 - t1);
    floor.push(t3 - t2);
    bytes = png.length;
    size = `${drawn.layout.width}x${drawn.layout.height}`;
  }
  const d = median(draw);
  const e = median(encode);
  const f = median(floor);
  const total = d + e;
  console.log(
    `${`${name} (${format})`.padEnd(36)} ${size.padEnd(10)} draw=${d.toFixed(1)}ms encode=${e.toFixed(1)}ms total=${total.toFixed(1)}ms ` +
      `bytes=${bytes} (${(bytes / 1024 / 1024).toFixed(2)} MiB) cold-draw=${coldDraw.toFixed(1)}ms ratio=${(total / f).toFixed(2)}`,
  );
}

const view = busyView(100);
const counters = Object.values(view.units).reduce((n, s) => n + s.length, 0);
console.log(`renderer bench: Campaign map, ${counters} counters, ${iterations} iterations (medians)`);
// Targets (issue 16): at most 1 MB for the whole map and 300 KB for a zoom, as the bot posts them (JPEG).
for (const format of ['jpeg', 'png'] as const) {
  await measure('whole map, 100 counters', view, {}, format);
  await measure('zoom M16 radius 5', view, { center: 'M16', radius: 5 }, format);
  await measure('zoom O21 radius 3', view, { center: 'O21', radius: 3 }, format);
}

if (memoryRounds > 0) {
  const rss0 = process.memoryUsage().rss;
  for (let i = 0; i < memoryRounds; i++) {
    const drawn = drawMap(view, map, i % 2 ? { center: 'M16', radius: 5 } : {});
    await encodePicture(drawn.canvas, 'jpeg');
    drawn.release();
  }
  const rss1 = process.memoryUsage().rss;
  console.log(`memory: rss ${(rss0 / 1048576).toFixed(0)} MiB → ${(rss1 / 1048576).toFixed(0)} MiB after ${memoryRounds} more renders`);
}
