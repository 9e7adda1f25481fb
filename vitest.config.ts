import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'core/**/__tests__/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two cores: files run in parallel in forks, tests inside a file in order.
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default', './test/reporters/summary-line.ts'],
    // The desk's browser tests need the built desk (dist/desk): built here when its sources changed.
    // The tests' child processes (the CLI, the kill -9 children) run core/ and test/ compiled to JS once here.
    // The hosted store's tests share one private PostgreSQL cluster, started here.
    globalSetup: ['./test/desk/desk-build.ts', './test/child-js-build.ts', './test/pg-cluster-setup.ts'],
  },
});
