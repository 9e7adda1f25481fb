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

/** The /v1 files (V1_FILES) that run in a fresh process, in both passes: one starts a keychain session, one fakes the clock (see ISOLATED). */
const ISOLATED_V1 = ['test/api/{candles,priority-fee}.test.ts'];

/**
 * Files that run each in a fresh process. Every other file shares its worker's modules with the files run
 * before it (`isolate: false`): importing the server's stack (typebox alone is about 700 modules) cost each file
 * 1 to 3 s, 300 s of a run. These cannot share: the desk's files and those that start a keychain session
 * (the keychain's native module keeps the first session's D-Bus connection), or fake the clock (`vi.useFakeTimers`).
 */
const ISOLATED = [
  'test/desk/**/*.test.ts',
  'test/{orders/order-kill,api/desk-fuzz,api/desk-signing,api/watch-alerts,api/one-click,api/orders,api/desk-signing-kinds,api/desk-review-truth,cli/order-cli,cli/trading-cli,cli/headless-cli,signer/secrets-scan,signer/wallet-book}.test.ts',
  ...ISOLATED_V1,
];

/** The second pass's stores (test/api/api-fixture.ts). */
const ON_POSTGRES = { LAUNCHDESK_TEST_INDEX: 'postgres' };

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
      { test: { ...EACH, name: 'sqlite', isolate: false, include: ['test/**/*.test.ts', 'core/**/__tests__/**/*.test.ts'], exclude: ISOLATED } },
      { test: { ...EACH, name: 'sqlite-isolated', include: ISOLATED } },
      { test: { ...EACH, name: 'postgres', isolate: false, include: V1_FILES, exclude: ISOLATED_V1, env: ON_POSTGRES } },
      { test: { ...EACH, name: 'postgres-isolated', include: ISOLATED_V1, env: ON_POSTGRES } },
    ],
  },
});
