import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Chain } from '../chain/chain.js';
import type { NetworkProfile } from '../config/profile.js';
import type { ContentStore } from '../content/content-store.js';
import type { ProgressFeed } from '../index/index-progress.js';
import type { IndexReads } from '../index/store/index-reads.js';
import type { Relay } from '../relay/relay.js';
import type { ServiceRuns } from '../runs/service-runs.js';
import type { Faucet } from '../sandbox/faucet.js';
import type { IssuerStatus } from '../stocks/issuer-status.js';
import type { DeskSigning } from './desk/desk-signing.js';
import type { RateGroup, RequestLimiter } from './rate-limit.js';
import type { KeyRecord, KeyStore } from './store/key-store.js';

/** What the /v1 server and every route it registers are given: the index, the chain and the optional services. */
export interface ApiContext {
  /** The index's reads: the SQLite file's (IndexStore) or, on a hosted API replica, PostgreSQL's (PgIndexReads). */
  readonly store: IndexReads;
  readonly chain: Chain;
  readonly profile: NetworkProfile;
  /** API keys; without a store every key is unknown (401) and key management answers 503. */
  readonly keys?: KeyStore;
  /** The relay and its build ledger; without one builds are answered but not recorded, and sends answer 503. */
  readonly relay?: Relay;
  /** Uploaded images and metadata, served at /ipfs/{cid}; without a store uploads answer 503. */
  readonly content?: ContentStore;
  /** The index's progress, for the stream's `progress` topic. */
  readonly progress?: ProgressFeed;
  /**
   * The embedded sandbox's faucet, for POST /v1/sandbox/faucet (a local addition); absent, or on a profile whose
   * cluster is not `sandbox`, the route is not registered at all.
   */
  readonly faucet?: Faucet | null;
  /** The desk's wallets and signing (/desk-api), behind this run's desk token; absent: those routes answer 404. */
  readonly desk?: DeskSigning;
  /** The service's runs on this machine, for a coin's schedule; absent: the schedule says they are off. */
  readonly runs?: ServiceRuns | null;
  /** The stocks' issuer status; absent: one is made over `chain` and the profile's stock review. */
  readonly stocks?: IssuerStatus;
  /** Where the built desk is (dist/desk of this package by default); null serves no desk at `/`. */
  readonly deskDir?: string | null;
  /**
   * Counts requests against the spec's limits. Default: in this process's memory (`RateLimiter`, on `now`); the
   * hosted service's replicas pass one they share (store/pg-rate-limiter.ts) so a limit holds across all of them.
   */
  readonly limiter?: RequestLimiter;
  /**
   * The hosted /v1 (docs/hosting.md), not the desktop's: it answers the host names given (not loopback), reads
   * each caller's address from the trusted proxies' X-Forwarded-For, and has no desk, faucet or desk routes
   * (whatever else the context holds).
   */
  readonly hosted?: { readonly hosts: readonly string[]; readonly trustedProxies: readonly string[] };
  /** Milliseconds; injectable for the rate-limit tests. */
  readonly now?: () => number;
  /**
   * Told of every error that is not a refusal in the spec's model (a bug, a library's throw, an internal
   * code): the answer is a plain 503 and the detail goes here. Default: one line and the stack on stderr.
   */
  readonly onUnexpectedError?: (error: unknown, where: string) => void;
}

export type Api = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The spec's route group this route counts in. */
    rateGroup?: RateGroup;
  }
  interface FastifyRequest {
    /** The live API key the request came with, if any. */
    apiKey?: KeyRecord;
  }
}
