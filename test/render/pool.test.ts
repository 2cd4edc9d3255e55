// The map painters' process pool (src/render-pool.ts): real child processes drawing real maps.
import { afterEach, describe, expect, it } from 'vitest';
import { loadRuleset } from '../../src/data/load.js';
import { createEngine } from '../../src/engine/index.js';
import { renderMap } from '../../render/index.js';
import type { MapView } from '../../src/engine/view.js';
import { createRenderPool, RenderBusyError, RenderFailedError, type RenderPool } from '../../src/render-pool.js';

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

describe('render pool: a painter that dies or hangs (issue 45)', () => {
  let pool: RenderPool | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  /** Until the pool has sent a map to a child. */
  async function busy(p: RenderPool): Promise<void> {
    while (p.stats().busy === 0) await new Promise((r) => setTimeout(r, 5));
  }

  it('a child killed while drawing fails its map with RenderFailedError (stopped), and the next map is drawn', async () => {
    pool = createRenderPool({ processes: 1 });
    await pool.draw(view, ZOOM); // the child is up
    const [pid] = pool.pids();
    process.kill(pid!, 'SIGSTOP'); // so the map is surely in its hands when it dies
    const job = pool.draw(view, ZOOM);
    await busy(pool);
    process.kill(pid!, 'SIGKILL');
    const err = await job.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RenderFailedError);
    expect(err).toMatchObject({ reason: 'stopped' });
    expect((await pool.draw(view, ZOOM)).subarray(1, 4).toString()).toBe('PNG');
    expect(pool.pids()).not.toContain(pid);
  }, 60_000);

  it('a hung child fails its map with RenderFailedError (timeout) and is killed, not left behind', async () => {
    // Long enough for a cold child's first map on a loaded machine; the hung one waits it out.
    pool = createRenderPool({ processes: 1, jobTimeoutMs: 8000 });
    await pool.draw(view, ZOOM);
    const [pid] = pool.pids();
    process.kill(pid!, 'SIGSTOP');
    const err = await pool.draw(view, ZOOM).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RenderFailedError);
    expect(err).toMatchObject({ reason: 'timeout' });
    // SIGKILL reaches a stopped process: it is gone.
    for (let i = 0; i < 100 && alive(pid!); i++) await new Promise((r) => setTimeout(r, 20));
    expect(alive(pid!)).toBe(false);
    expect((await pool.draw(view, ZOOM)).subarray(1, 4).toString()).toBe('PNG');
  }, 60_000);
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
