import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // node-canvas crashes inside worker threads: run test files in child processes.
    pool: 'forks',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/setup/redis.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
