// One render process of the pool (src/render-pool.ts): draws and encodes the maps it is sent, one at a
// time, with the ruleset's map, and answers with the PNG and its own resident memory.
import { loadRuleset } from './data/load.js';
import { renderMap } from '../render/index.js';
import type { MapView } from './engine/view.js';

const map = loadRuleset().map;

process.on('message', (m: { id: number; view: unknown; options: Record<string, unknown> }) => {
  renderMap(m.view as MapView, map, m.options)
    .then((png) => process.send?.({ id: m.id, ok: true, png, rss: process.memoryUsage().rss }))
    .catch((err: unknown) =>
      process.send?.({ id: m.id, ok: false, error: err instanceof Error ? err.message : String(err), rss: process.memoryUsage().rss }),
    );
});
process.on('disconnect', () => process.exit(0));
