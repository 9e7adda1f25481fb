import { WATCH_FILE, WatchBook } from './api/store/watch-book.js';
import { join } from 'node:path';
import type { Api } from './api/api-context.js';
import { createApiServer, listenLocal } from './api/server.js';
import { issuerStatusOn } from './stocks/node/issuer-status-node.js';
import { SqliteKeyStore } from './api/store/sqlite-key-store.js';
import { ContentStore } from './content/content-store.js';
import { readImageModeration } from './content/moderation.js';
import { pinningServiceOf, type PinningConfig } from './content/pinning.js';
import { Relay } from './relay/relay.js';
import { SqliteBuildLedger } from './relay/store/sqlite-build-ledger.js';
import { SandboxChain } from './chain/sandbox-chain.js';
import { ProgressFeed } from './index/index-progress.js';
import { startIndex, type IndexService } from './index/index-service.js';
import type { IngestProgress } from './index/ingest/ingestor.js';
import { startRpcFacade, type RpcFacade } from './sandbox/rpc/server.js';
import { Sandbox } from './sandbox/sandbox.js';
import type { MarketChoice } from './sandbox/genesis/steps.js';
import { deskUrlWithToken, newDeskToken } from './api/desk/desk-token.js';
import { OsKeychain, type Keychain } from './signer/keychain.js';
import { ProgramGuard } from './signer/program-guard.js';
import { TradingBook } from './signer/trading-book.js';
import { OneClickJournal } from './api/store/one-click-journal.js';
import { ORDERS_FILE, OrderBook } from './api/store/order-book.js';
import { WalletBook } from './signer/wallet-book.js';
import { LiveActivity } from './sandbox/market/live-activity.js';
import { ServiceRuns, type RunTimings } from './runs/service-runs.js';

export interface LocalServices {
  readonly sandbox: Sandbox;
  readonly facade: RpcFacade;
  /** The /v1 server's base URL (http://127.0.0.1:PORT), when it runs. */
  readonly apiUrl: string | null;
  /** The desk's URL with this run's token (`…/#token=…`): the only way into its wallets and signing. */
  readonly deskUrl: string | null;
  readonly deskToken: string;
  /** The simulated traders, when asked for and the sandbox has a seeded market to trade. */
  readonly activity: LiveActivity | null;
  /** The service's own runs (splits, claims, holder-reward runs, migrations), when the /v1 server runs. */
  readonly runs: ServiceRuns | null;
  close(): Promise<void>;
}

/**
 * What the desk's main process runs on the user's machine (the Electron shell and `launchdesk
 * serve|start` alike): the sandbox in `dataDir` with its JSON-RPC facade, and, with `apiPort`, the indexer
 * in-process and the /v1 server on 127.0.0.1 with its key store. Whatever started is stopped again
 * when a later part fails.
 */
export async function startLocalServices(options: {
  readonly dataDir: string;
  readonly rpcPort: number;
  readonly apiPort: number | null;
  readonly onProgress?: (progress: IngestProgress) => void;
  /** A new sandbox's market: seeded (the CLI's default) or empty (see Sandbox.open). */
  readonly market?: MarketChoice;
  /** Simulated traders on the seeded market (paper trading); 0 or absent: none. */
  readonly activity?: number;
  /** Full sandbox records kept (SandboxClusterOptions.keepTransactions); absent: the default. */
  readonly keepTransactions?: number | null;
  /** A pinning service for uploads (a real cluster's); the sandbox keeps uploads on this machine only. */
  readonly pinning?: PinningConfig;
  /** The keychain wallets' keys live in (the OS keychain by default). */
  readonly keychain?: Keychain;
  /** This run's desk token (a new random one by default); Electron makes its own and hands it to its window. */
  readonly deskToken?: string;
  /** The service's runs: their timings, or `off` (they are on by default). */
  readonly runs?: Partial<RunTimings> | 'off';
  /** Where a failed run's reason is written (the runs retry by themselves). */
  readonly onRunFailure?: (line: string) => void;
}): Promise<LocalServices> {
  const sandbox = await Sandbox.open({
    dataDir: options.dataDir,
    ...(options.market ? { market: options.market } : {}),
    ...(options.keepTransactions !== undefined ? { keepTransactions: options.keepTransactions } : {}),
  });
  const stops: (() => Promise<void> | void)[] = [() => sandbox.close()];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  };
  try {
    const facade = await startRpcFacade(sandbox, { port: options.rpcPort }).catch((error: unknown) => {
      throw new Error(`cannot start the RPC facade: ${(error as Error).message} (pass --rpc-port N, or 0 for any free port)`);
    });
    stops.push(() => facade.close());
    let apiUrl: string | null = null;
    let runs: ServiceRuns | null = null;
    const deskToken = options.deskToken ?? newDeskToken();
    if (options.apiPort !== null) {
      const chain = new SandboxChain(sandbox.cluster);
      // The stream's `progress` topic hears what the caller's printer hears.
      const progress = new ProgressFeed();
      const onProgress = options.onProgress;
      if (onProgress) progress.subscribe(onProgress);
      const index: IndexService = await startIndex({ chain, profile: sandbox.profile, indexPath: join(options.dataDir, 'index.sqlite'), onProgress: progress.report });
      stops.push(() => index.stop());
      const keys = SqliteKeyStore.open(join(options.dataDir, 'keys.sqlite'));
      stops.push(() => keys.close());
      // The sandbox's service authority is the vault's run authority: this machine is the service.
      runs = ServiceRuns.start({
        chain,
        store: index.store,
        profile: sandbox.profile,
        journalPath: join(options.dataDir, 'runs.sqlite'),
        authority: options.runs === 'off' ? null : sandbox.serviceAuthority,
        offReason: 'the service\'s runs were switched off for this start (--no-runs)',
        ...(options.runs && options.runs !== 'off' ? { timings: options.runs } : {}),
        // The first failure of a streak is told; its retries are not (`launchdesk runs` shows them all).
        onFailure: (job, reason) => {
          if (job.failures === 0) options.onRunFailure?.(`run ${job.kind} of ${job.mint} failed (retried by itself): ${reason}`);
        },
      });
      const startedRuns = runs;
      stops.push(() => startedRuns.stop());
      const ledger = SqliteBuildLedger.open(join(options.dataDir, 'builds.sqlite'));
      stops.push(() => ledger.close());
      const relay = new Relay(chain, ledger, sandbox.profile, (signatures) => index.ingestor.take(signatures));
      const content = new ContentStore({ dir: join(options.dataDir, 'content'), moderation: readImageModeration(), pinning: pinningServiceOf(options.pinning ?? sandbox.profile.pinning) });
      const wallets = await WalletBook.open(options.dataDir, options.keychain ?? new OsKeychain());
      const guard = await ProgramGuard.open(chain, sandbox.profile, options.dataDir);
      await guard.check(); // pins what it has never seen, so a later upgrade is noticed
      const trading = await TradingBook.open(options.dataDir);
      const journal = OneClickJournal.open(join(options.dataDir, 'one-click.sqlite'));
      stops.push(() => journal.close());
      const watch = WatchBook.open(join(options.dataDir, WATCH_FILE));
      stops.push(() => watch.close());
      const orders = OrderBook.open(join(options.dataDir, ORDERS_FILE));
      stops.push(() => orders.close());
      // Local orders run on the sandbox's chain clock (DCA intervals and expiries), which follows the wall clock as slots pass.
      const desk = { wallets, token: deskToken, faucet: sandbox.faucet, guard, trading, journal, watch, orders: { book: orders, clock: () => Number(sandbox.cluster.unixTimestamp) * 1000 } };
      // The stock review's switches change while the sandbox runs (its admin): the issuer status reads the live profile.
      const stocks = issuerStatusOn(chain, () => sandbox.profile.stocks, { vault: sandbox.profile.programs['vault'] });
      sandbox.onProfileChange(() => stocks.invalidate());
      const app: Api = await createApiServer({ store: index.store, chain, profile: sandbox.profile, keys, relay, content, progress, desk, runs, stocks, faucet: sandbox.faucet });
      stops.push(() => app.close());
      apiUrl = (
        await listenLocal(app, options.apiPort).catch((error: unknown) => {
          throw new Error(`cannot start the /v1 server: ${(error as Error).message} (pass --port N, or 0 for any free port)`);
        })
      ).url;
    }
    const activity = options.activity ? await LiveActivity.start(sandbox, options.activity) : null;
    if (activity) stops.push(() => activity.stop());
    return { sandbox, facade, apiUrl, deskUrl: apiUrl === null ? null : deskUrlWithToken(apiUrl, deskToken), deskToken, activity, runs, close: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
