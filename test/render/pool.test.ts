// The map painters' process pool (src/render-pool.ts): real child processes drawing real maps.
import { afterEach, describe, expect, it } from 'vitest';
import { loadRuleset } from '../../src/data/load.js';
import { createEngine } from '../../src/engine/index.js';
import { renderMap } from '../../render/index.js';
import type { MapView } from '../../src/engine/view.js';
import { createRenderPool, RenderBusyError, type RenderPool } from '../../src/render-pool.js';

const rs = loadRuleset();
const engine = createEngine(rs);
const view = engine.toMapView(engine.setup('tutorial', { seed: 'pool' })) as MapView;
const ZOOM = { center: 'K17', radius: 3 };

describe('render pool', () => {
  let pool: RenderPool | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it('draws in a child process exactly what the renderer draws in this one', async () => {
    pool = createRenderPool({ processes: 1 });
    const [there, here] = await Promise.all([pool.draw(view, ZOOM), renderMap(view, rs.map, ZOOM)]);
    expect(there.subarray(1, 4).toString()).toBe('PNG');
    expect(Buffer.compare(there, here)).toBe(0);
    expect(pool.stats()).toMatchObject({ children: 1, busy: 0, waiting: 0 });
  }, 60_000);

  it('refuses maps beyond its queue at once with RenderBusyError, and draws the others', async () => {
    pool = createRenderPool({ processes: 1, maxQueue: 1 });
    const jobs = [pool.draw(view, ZOOM), pool.draw(view, ZOOM), pool.draw(view, ZOOM)];
    const settled = await Promise.allSettled(jobs);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((settled[2] as PromiseRejectedResult).reason).toBeInstanceOf(RenderBusyError);
  }, 60_000);

  it('replaces a child after its quota of maps (bounded memory), and one whose map overran its deadline', async () => {
    pool = createRenderPool({ processes: 1, maxJobsPerChild: 2 });
    for (let i = 0; i < 3; i++) await pool.draw(view, ZOOM);
    expect(pool.stats().replaced).toBeGreaterThanOrEqual(1);
    // A job that overruns its deadline fails; its child is replaced and the next map is drawn.
    const slow = createRenderPool({ processes: 1, jobTimeoutMs: 1 });
    try {
      await expect(slow.draw(view, { whole: true })).rejects.toThrow(/took longer than 1 ms/);
    } finally {
      await slow.close();
    }
    const png = await pool.draw(view, ZOOM);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
  }, 60_000);
});
