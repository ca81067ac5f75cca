import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two files at once: each has its own database, data directory and Redis prefix (harness.ts),
    // and most of a file's time is spent waiting on PostgreSQL or PGlite's single thread.
    maxWorkers: 2,
    env: { TZ: 'UTC' },
  },
});
