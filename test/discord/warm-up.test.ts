// Bot start-up warms the map renderer's static terrain layer in the background (src/main.ts#warmRenderer):
// the Campaign's whole map is drawn once and discarded; a failure is logged, never thrown.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { warmRenderer } from '../../src/main-game.js';
import { openGameService } from '../../src/app/wiring.js';
import { createLogger } from '../../src/log.js';
import { renderMap } from '../../render/index.js';
import type { MapView } from '../../src/engine/view.js';

function capture(): { lines: () => Array<Record<string, unknown>>; stream: Writable } {
  const out: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      out.push(chunk.toString());
      cb();
    },
  });
  return {
    stream,
    lines: () =>
      out
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

describe('renderer warm-up at bot start-up', () => {
  it('draws the Campaign whole map once in the background and logs that it is ready', async () => {
    const bundle = await openGameService({ storeUrl: 'memory:' });
    const cap = capture();
    try {
      await warmRenderer(bundle, (view, o) => renderMap(view as MapView, bundle.ruleset.map, o), createLogger('debug', cap.stream));
      const warm = cap.lines().find((l) => l.msg === 'map renderer warmed up');
      expect(warm?.scenario).toBe('campaign');
    } finally {
      await bundle.close();
    }
  }, 30_000);

  it('logs a failure instead of throwing (start-up goes on)', async () => {
    const bundle = await openGameService({ storeUrl: 'memory:' });
    const cap = capture();
    try {
      const broken = {
        ruleset: bundle.ruleset,
        engine: {
          ...bundle.engine,
          setup: () => {
            throw new Error('no such scenario');
          },
        },
      };
      await expect(
        warmRenderer(broken, () => Promise.resolve(Buffer.alloc(0)), createLogger('debug', cap.stream)),
      ).resolves.toBeUndefined();
      expect(cap.lines().some((l) => l.msg === 'map renderer warm-up failed')).toBe(true);
    } finally {
      await bundle.close();
    }
  }, 30_000);
});
