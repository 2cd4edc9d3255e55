import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // node-canvas crashes inside worker threads: run test files in child processes.
    pool: 'forks',
    // Reuse each child process across test files: modules load once per process instead of once per
    // file, which halves the suite on two cores (about 240 s → 120 s). Test files therefore keep no
    // global state of their own beyond what they set up and tear down (stores, bots, temp folders).
    isolate: false,
    // Every core: vitest's default leaves one idle, which on a 2-core machine is half of it
    // (measured: 3:57 with one worker, 2:57 with two). HEXREF_TEST_WORKERS overrides it.
    maxWorkers: Number(process.env.HEXREF_TEST_WORKERS) || Math.max(1, availableParallelism()),
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/setup/redis.ts'],
    // The engine's copy-on-write checks (src/engine/draft.ts): a write to a unit that bypasses
    // unitToChange, or a read through a stale reference to one, throws.
    setupFiles: ['test/setup/draft-checks.ts'],
    // Kept documents' states are frozen in tests: a change to a state the engine was given fails
    // (src/app/doc-cache.ts).
    env: { HEXREF_FREEZE_KEPT: '1' },
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
