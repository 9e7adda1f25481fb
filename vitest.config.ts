import { defineConfig } from 'vitest/config';

/**
 * The /v1 suite's files, run a second time on the hosted stores: a hosted writer over the same sandbox ships the
 * index to PostgreSQL and the server reads it as a replica does, with its keys, builds and rate limits in the same
 * database (test/api/api-fixture.ts, `LAUNCHDESK_TEST_INDEX`). Every file here starts the /v1 server on the
 * fixture. Left out: the desk's routes (the hosted /v1 has no desk), the service's runs (sent by the desktop, not
 * by a replica), the CLI's own servers, and the engine's files that start no server.
 */
const V1_FILES = [
  'test/api/{candles,errors,fuzz,hidden-coins,keys,plain-refusals,plant-upload,priority-fee,rate-window,reads,risk,stream,stream-caps,tx-registration,wallet-balances}.test.ts',
  'test/engine/{trade-build,trade-sol,trade-errors,plant-build,plant-errors,swap-build,swap-errors,payee-build,holdings-errors,stock-coin-builds}.test.ts',
  'test/relay/relay-refusals.test.ts',
  'test/client/{flows,verify-build}.test.ts',
  'test/verify/{build-shape,native-route}.test.ts',
  'test/stocks/stock-coins.test.ts',
];

/** Each project's own options: a project does not extend the root here, so the global setups run once, in the root. */
const EACH = { testTimeout: 60_000, hookTimeout: 60_000, pool: 'forks' } as const;

export default defineConfig({
  test: {
    // Two cores: files run in parallel in forks, tests inside a file in order.
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default', './test/reporters/summary-line.ts'],
    // The desk's browser tests need the built desk (dist/desk): built here when its sources changed.
    // The tests' child processes (the CLI, the kill -9 children) run core/ and test/ compiled to JS once here.
    // The hosted store's tests share one private PostgreSQL cluster, started here.
    globalSetup: ['./test/desk/desk-build.ts', './test/child-js-build.ts', './test/pg-cluster-setup.ts'],
    projects: [
      { test: { ...EACH, name: 'sqlite', include: ['test/**/*.test.ts', 'core/**/__tests__/**/*.test.ts'] } },
      { test: { ...EACH, name: 'postgres', include: V1_FILES, env: { LAUNCHDESK_TEST_INDEX: 'postgres' } } },
    ],
  },
});
