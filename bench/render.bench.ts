// Render benchmark: the whole Campaign map with ~100 counters, plus a zoom.
// Prints draw ms, encode ms, total ms, bytes, and ratio = total / (the encode alone of the same
// finished image, in the same format). The encode is the floor any renderer pays; ratio ≤ 1.5 is the
// goal. Both formats: JPEG is what the bot posts (MAP_FORMAT), PNG what files and the console get.
// Also watches memory over many renders (node-canvas has had leaks around toBuffer), and prints the
// phone-first turn posts (issue 46) of the recorded Campaign: each zoom's bytes, pixels and how wide a
// counter looks on a 390 px phone, beside the whole map's (the picture they replace).
//   npm run bench:render [-- --iterations 20]
import { parseArgs } from 'node:util';
import { drawMap, encodePicture, PHONE_WIDTH, phoneCounterPx, renderMap, ZOOM_MAX_BYTES, type PictureFormat } from '../render/index.js';
import { busyView, ruleset } from '../test/render/fixtures.js';
import { recordedCampaign, replayCampaign } from '../test/engine/helpers/recorded-campaign.js';
import { turnAreas } from '../src/app/play-area.js';
import type { RenderOptions } from '../render/index.js';
import type { MapView } from '../src/engine/view.js';

const { values } = parseArgs({
  options: {
    iterations: { type: 'string', default: '15' },
    memory: { type: 'string', default: '60' },
    turns: { type: 'string', default: '8,16,24' },
  },
});
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

// Phone-first turn posts (issue 46): what the bot posts as a game turn begins, against the whole map it
// used to post. Drawn as the bot draws them (renderMap, JPEG, its byte limit for zooms).
{
  const c = recordedCampaign();
  const wanted = new Set(String(values.turns).split(',').map(Number));
  const at: { turn: number; view: MapView }[] = [];
  let turn = -1;
  replayCampaign(c, (st) => {
    if (st.turn !== turn && wanted.has(st.turn)) at.push({ turn: st.turn, view: c.engine.toMapView(st) });
    turn = st.turn;
  });
  const cmap = c.ruleset.map;
  const kb = (n: number): string => `${(n / 1024).toFixed(0)} KiB`;
  console.log(
    `turn posts (recorded Campaign, JPEG; targets: each ≤ ${kb(ZOOM_MAX_BYTES)}, a counter ≥ 1.5× the whole map's on a ${PHONE_WIDTH} px phone)`,
  );
  let worstBytes = 0;
  let worstRatio = Infinity;
  for (const { turn: t, view: v } of at) {
    const whole = drawMap(v, cmap, { whole: true });
    const wholeBytes = (await encodePicture(whole.canvas, 'jpeg')).length;
    const wholePx = phoneCounterPx(whole.layout);
    console.log(
      `  turn ${String(t).padStart(2)} whole map (floor)        ${`${whole.layout.width}x${whole.layout.height}`.padEnd(10)} ${kb(wholeBytes).padStart(8)}  counter ${wholePx.toFixed(1)} px on a phone`,
    );
    whole.release();
    for (const [i, a] of turnAreas(v, { frontLine: true }).entries()) {
      const drawn = drawMap(v, cmap, a);
      const bytes = (await renderMap(v, cmap, { ...a, format: 'jpeg' })).length;
      const px = phoneCounterPx(drawn.layout);
      worstBytes = Math.max(worstBytes, bytes);
      worstRatio = Math.min(worstRatio, px / wholePx);
      console.log(
        `  turn ${String(t).padStart(2)} zoom ${i + 1} ${`${a.center} r${a.radius}`.padEnd(8)}          ${`${drawn.layout.width}x${drawn.layout.height}`.padEnd(10)} ${kb(bytes).padStart(8)}  counter ${px.toFixed(1)} px on a phone (${(px / wholePx).toFixed(2)}× the whole map's)`,
      );
      drawn.release();
    }
  }
  console.log(
    `  worst zoom: ${kb(worstBytes)} (target ≤ ${kb(ZOOM_MAX_BYTES)}), smallest counter ${worstRatio.toFixed(2)}× the whole map's (target ≥ 1.50×)`,
  );
}
