import type { Address, Signature } from '@solana/kit';
import type { Chain } from '../../chain/chain.js';
import type { SignatureInfo, Unsubscribe } from '../../chain/types.js';
import { TOKEN_2022_PROGRAM, tokenAccountAmount } from '../../programs/token-account.js';
import { decodePool } from '../../programs/amm/pool.js';
import type { IndexedTransaction, IndexStore } from '../store/index-store.js';
import { factsOf } from './facts.js';
import type { PlantingRules } from '../../verify/planting.js';
import { viewTransaction } from '../../chain/transaction-view.js';
import { HolderReconcile, RECONCILE_DEFAULTS, type ReconcileOptions } from './holder-reconcile.js';
import { lookUpFunder } from './funder-lookup.js';
import { secondsLeft } from '../../types/span-text.js';

/**
 * How far ingestion is (for the desk's bar and the CLI's line): a long backfill first reads the programs'
 * history back to what the index holds (`listing`: `done` transactions found so far, `total` 0, unknown), then
 * reports transactions taken in of those found (`backfill`, with `secondsLeft` at its rate so far: read from the chain,
 * and applied in units of at most BACKFILL_UNIT, each within a second of its first); `live`
 * follows each applied batch; `reconnecting` a dropped subscription being restored.
 */
export interface IngestProgress {
  readonly phase: 'listing' | 'backfill' | 'live' | 'reconnecting';
  readonly done: number;
  readonly total: number;
  /** A backfill's estimate of the time it has left, in whole seconds, once it has applied something. */
  readonly secondsLeft?: number;
  /** Why the phase is `reconnecting`. */
  readonly reason?: string;
}

export interface IngestorOptions {
  /**
   * How often to look for anything the subscription did not announce (a gap fill: the backfill again,
   * which stops at the first signature the index holds). 0 turns it off. A dropped subscription is
   * restored and its gap filled at once regardless.
   */
  readonly sweepMs?: number;
  /** First wait before resubscribing after a drop; doubled per failure up to 5 s. */
  readonly retryMs?: number;
  /**
   * Follow every Token-2022 transaction too, so that a coin's holders follow plain transfers, burns and
   * closed accounts, not only its trades. Default: on the sandbox (it sees every transaction anyway); off
   * over an RPC cluster, where that would be every Token-2022 transaction of the cluster (holder-reward
   * runs read the coin's token accounts from the chain either way).
   */
  readonly followTokenMoves?: boolean;
  /**
   * Where token moves are not followed: read a few coins' token accounts every so often and keep the
   * difference (holder-reconcile.ts). Default: RECONCILE_DEFAULTS then, off otherwise; null turns it off.
   */
  readonly reconcileHolders?: ReconcileOptions | null;
}

const PAGE = 1_000;
/** Signatures fetched per step: a live batch, and a backfill's step between progress reports. */
const BATCH = 200;
/**
 * A backfill commits what it fetched once it holds this many transactions, or once its oldest fetched one has
 * waited BACKFILL_UNIT_MS, whichever comes first. Commits are most of a batch's cost (every page a batch
 * touches is written once per commit), so a long backfill in units of 5,000 applies 2.5 times as fast as in
 * live batches of 200 (bench/index-ingest.ts); the time bound keeps a slow cluster's backfill showing its
 * progress in the index at least once a second.
 */
export const BACKFILL_UNIT = 5_000;
const BACKFILL_UNIT_MS = 1_000;
/** Wallets whose funders one step of a lookup reads before it records them (two calls each). */
const FUNDERS_PER_STEP = 16;
/** How often lookups that failed (the cluster away) are tried again, besides after every applied batch. */
const FUNDER_RETRY_MS = 30_000;
const MAX_RETRY_MS = 5_000;
/** How far behind the newest held transaction a backfill still looks for ones it lacks (about a minute of slots). */
const LOOKBACK_SLOTS = 150n;

/**
 * Follows a Chain into the index: first a backfill of everything the programs did since the index's
 * last transaction (getSignaturesForAddress per program, merged oldest first, then getTransaction),
 * then live from the programs' logs, each signature fetched and applied in arrival order. Applying is
 * idempotent (the store skips a signature it holds), so a restart after a crash at any point resumes
 * with nothing lost and nothing twice. A dropped subscription is restored and the gap filled by the
 * backfill; a periodic sweep does the same for anything a live subscription missed.
 */
export class Ingestor {
  private readonly unsubscribes = new Map<Address, Unsubscribe>();
  private queue: Promise<void> = Promise.resolve();
  private failure: Error | null = null;
  private stopped = false;
  private live = false;
  private readonly pending: Signature[] = [];
  private sweepTimer: NodeJS.Timeout | null = null;
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private reconcileTimer: NodeJS.Timeout | null = null;
  private reconcileRunning = false;
  private reconciler: HolderReconcile | null = null;
  private funderWork: Promise<number> = Promise.resolve(0);
  private funderRunning = false;
  private funderAgain = false;
  private funderTimer: NodeJS.Timeout | null = null;
  /** Sources that fund strangers (the sandbox's faucet, an exchange): two wallets they funded are no bundle. */
  private readonly commonFunders: ReadonlySet<Address>;

  constructor(
    private readonly chain: Chain,
    private readonly store: IndexStore,
    private readonly rules: PlantingRules,
    private readonly onProgress: (progress: IngestProgress) => void = () => {},
    private readonly options: IngestorOptions = {},
  ) {
    this.commonFunders = new Set(rules.commonFunders ?? []);
  }

  private get followsMoves(): boolean {
    return this.options.followTokenMoves ?? this.chain.kind === 'sandbox';
  }

  private get programs(): readonly Address[] {
    return this.followsMoves ? [this.rules.launchpad, this.rules.amm, this.rules.vault, TOKEN_2022_PROGRAM] : [this.rules.launchpad, this.rules.amm, this.rules.vault];
  }

  /** Backfills, then follows live. Resolves once the backfill is applied. */
  async start(): Promise<void> {
    const { nativeMint, nativeSymbol, nativePool } = this.rules;
    this.store.registerNativeCoin({ mint: nativeMint, symbol: nativeSymbol, name: nativeSymbol, pool: nativePool });
    await this.seedNativePool();
    // Subscribe first, and wait until the cluster has the subscriptions: what lands during the backfill is
    // queued and applied after it (skipped when the backfill had it), so nothing falls between the two.
    // A subscription that cannot be made is retried, and its gap filled, once the cluster answers.
    await Promise.all(this.programs.map((program) => new Promise<void>((settled) => this.follow(program, this.options.retryMs ?? 250, settled))));
    await this.backfill();
    this.live = true;
    this.enqueue(this.pending.splice(0));
    await this.idle();
    const sweepMs = this.options.sweepMs ?? 0;
    if (sweepMs > 0) {
      this.sweepTimer = setInterval(() => this.fillGap(), sweepMs);
      this.sweepTimer.unref();
    }
    this.funderTimer = setInterval(() => this.kickFunders(), FUNDER_RETRY_MS);
    this.funderTimer.unref();
    this.kickFunders();
    const reconcile = this.options.reconcileHolders === undefined ? (this.followsMoves ? null : RECONCILE_DEFAULTS) : this.options.reconcileHolders;
    if (reconcile) {
      this.reconciler = new HolderReconcile(this.chain, this.store, this.rules.launchpad, reconcile.perRound);
      this.reconcileTimer = setInterval(() => {
        if (this.reconcileRunning) return;
        this.reconcileRunning = true;
        this.reconcileHolders()
          .catch(() => undefined) // the cluster away: the next round reads again
          .finally(() => (this.reconcileRunning = false));
      }, reconcile.everyMs);
      this.reconcileTimer.unref();
    }
  }

  /**
   * One reconcile round (holder-reconcile.ts): the coins' token accounts are read, the index is brought up to
   * date behind them (a gap fill, so a trade the read saw is in the index before the difference is taken),
   * then the differences are kept. Answers how many coins' holders changed. `mints` picks the coins; by
   * default the round's due ones.
   */
  async reconcileHolders(mints?: readonly Address[]): Promise<number> {
    this.reconciler ??= new HolderReconcile(this.chain, this.store, this.rules.launchpad, RECONCILE_DEFAULTS.perRound);
    const reconciler = this.reconciler;
    const reads = await reconciler.read(mints ?? (await reconciler.due()));
    const round = this.queue.then(async () => {
      await this.backfill();
      return reconciler.apply(reads);
    });
    this.queue = round.then(
      () => undefined,
      () => undefined, // the caller hears of it; the queue goes on
    );
    return round;
  }

  /**
   * Looks up the funders the index wants (a launch's buyers: store.fundersWanted, funder-lookup.ts) and records
   * them, which tags the bundles they reveal; runs until none is wanted, one lookup at a time. Answers how many
   * wallets were newly tagged. It runs by itself after every applied batch; tests and tools await it here.
   */
  lookupFunders(): Promise<number> {
    const run = this.funderWork.catch(() => 0).then(async () => {
      let tagged = 0;
      for (;;) {
        if (this.stopped) return tagged;
        const wallets = this.store.fundersWanted(FUNDERS_PER_STEP);
        if (wallets.length === 0) return tagged;
        const found = [];
        for (const wallet of wallets) found.push(await lookUpFunder(this.chain, wallet));
        tagged += this.store.recordFunders(found, this.commonFunders);
      }
    });
    this.funderWork = run;
    return run;
  }

  /** Starts a lookup unless one runs (then it runs once more after it); a failure waits for the next kick. */
  private kickFunders(): void {
    if (this.stopped) return;
    if (this.funderRunning) {
      this.funderAgain = true;
      return;
    }
    this.funderRunning = true;
    this.lookupFunders()
      .catch(() => undefined) // the cluster away: FUNDER_RETRY_MS or the next batch tries again
      .finally(() => {
        this.funderRunning = false;
        if (this.funderAgain) {
          this.funderAgain = false;
          this.kickFunders();
        }
      });
  }

  /**
   * The native coin's rate before any trade the index saw (its pool may have been created before the
   * programs' history the cluster keeps): the pool's two vaults as they are now. Trades overwrite it.
   */
  private async seedNativePool(): Promise<void> {
    const account = await this.chain.getAccount(this.rules.nativePool, 'confirmed');
    if (!account) return;
    const pool = decodePool(account.data);
    const [base, quote] = await this.chain.getAccounts([pool.poolBaseTokenAccount, pool.poolQuoteTokenAccount], 'confirmed');
    if (!base || !quote) return;
    this.store.seedNativePool(this.rules.nativePool, tokenAccountAmount(base.data), tokenAccountAmount(quote.data));
  }

  private follow(program: Address, retryMs: number, settled: () => void = () => {}): void {
    if (this.stopped) return settled();
    const unsubscribe = this.chain.onLogs(
      { mentions: program },
      (notice) => {
        if (notice.err !== null) return;
        if (!this.live) this.pending.push(notice.signature);
        else this.enqueue([notice.signature]);
      },
      'confirmed',
      {
        onReady: settled,
        onClosed: (reason) => {
          settled();
          this.unsubscribes.delete(program);
          if (this.stopped) return;
          this.onProgress({ phase: 'reconnecting', done: 0, total: 0, reason: reason.message });
          const timer = setTimeout(() => {
            this.retryTimers.delete(timer);
            // The gap is filled once the new subscription is in place, so nothing falls between them.
            this.follow(program, Math.min(retryMs * 2, MAX_RETRY_MS), () => {
              if (this.live) this.fillGap();
            });
          }, retryMs);
          this.retryTimers.add(timer);
        },
      },
    );
    this.unsubscribes.set(program, unsubscribe);
  }

  /** Runs the backfill again behind whatever is queued; a failure (the cluster still away) waits for the next sweep or reconnect. */
  private fillGap(): void {
    this.queue = this.queue.then(async () => {
      if (this.stopped) return;
      try {
        await this.backfill();
      } catch {
        // Unreachable cluster: the subscription's retry or the next sweep tries again.
      }
    });
  }

  /**
   * Everything the programs did that the index does not hold, oldest first. Each program's list is read
   * newest first until LOOKBACK_SLOTS past the first signature the index holds: live notices of three
   * subscriptions can be applied a little out of order, so a crash may leave a gap just behind the
   * newest applied transaction. The lists are merged so that every list keeps its own (chain) order.
   */
  async backfill(): Promise<number> {
    const slots = new Map<Signature, bigint>();
    const lists: Signature[][] = [];
    // A history longer than a page is a wait worth showing: how many transactions were found so far.
    let found = 0;
    for (const program of this.programs) {
      const list: Signature[] = [];
      let before: Signature | undefined;
      let stopBelow: bigint | null = null;
      scan: for (;;) {
        const page: SignatureInfo[] = await this.chain.getSignaturesForAddress(program, { before, limit: PAGE });
        for (const info of page) {
          if (stopBelow !== null && info.slot < stopBelow) break scan;
          if (await this.store.hasProcessed(info.signature)) {
            stopBelow ??= info.slot - LOOKBACK_SLOTS;
            continue;
          }
          // Only what is confirmed: a processed one is announced by the logs subscription once it is.
          if (info.err === null && info.confirmationStatus !== 'processed') {
            list.push(info.signature);
            slots.set(info.signature, info.slot);
          }
        }
        if (page.length < PAGE) break;
        before = page[page.length - 1]!.signature;
        this.onProgress({ phase: 'listing', done: found + list.length, total: 0 });
      }
      found += list.length;
      lists.push(list.reverse());
    }
    const ordered = mergeInChainOrder(lists, slots);
    const started = Date.now();
    this.onProgress({ phase: 'backfill', done: 0, total: ordered.length });
    let unit: IndexedTransaction[] = [];
    let unitSince = 0;
    // A larger page cache while the units go in (IndexStore.cacheFor); back to the reads' size after, whatever happens.
    if (ordered.length > BATCH) this.store.cacheFor('backfill');
    try {
      for (let i = 0; i < ordered.length; i += BATCH) {
        if (unit.length === 0) unitSince = Date.now();
        unit = unit.concat(await this.readTransactions(ordered.slice(i, i + BATCH)));
        const done = Math.min(i + BATCH, ordered.length);
        if (unit.length >= BACKFILL_UNIT || Date.now() - unitSince >= BACKFILL_UNIT_MS || done === ordered.length) {
          this.apply(unit);
          unit = [];
        }
        // Each step read is shown: what is read and not yet applied is at most one unit, committed within a second.
        const left = secondsLeft(done, ordered.length, Date.now() - started);
        this.onProgress({ phase: 'backfill', done, total: ordered.length, ...(left === null ? {} : { secondsLeft: left }) });
      }
    } finally {
      this.store.cacheFor('live');
    }
    return ordered.length;
  }

  private enqueue(signatures: readonly Signature[]): void {
    if (signatures.length === 0) return;
    this.queue = this.queue
      .then(async () => {
        const applied = await this.applySignatures(signatures);
        if (applied > 0) this.onProgress({ phase: 'live', done: applied, total: signatures.length });
      })
      .catch((error: unknown) => {
        // Reported by idle(); what was not applied is found again by a gap fill (it looks behind the newest held).
        this.failure = error instanceof Error ? error : new Error(String(error));
        this.fillGap();
      });
  }

  private async applySignatures(signatures: readonly Signature[]): Promise<number> {
    return this.apply(await this.readTransactions(signatures));
  }

  /** Applies read transactions in one commit; live, the funders they want are looked up. Answers how many were new. */
  private apply(batch: readonly IndexedTransaction[]): number {
    if (batch.length === 0) return 0;
    const applied = this.store.applyAll(batch);
    if (this.live) this.kickFunders();
    return applied;
  }

  /** The transactions of `signatures` the index does not hold yet, read from the chain and judged, in order. */
  private async readTransactions(signatures: readonly Signature[]): Promise<IndexedTransaction[]> {
    const batch: IndexedTransaction[] = [];
    for (const signature of signatures) {
      if (await this.store.hasProcessed(signature)) continue;
      const tx = await this.chain.getTransaction(signature, 'confirmed');
      if (!tx) throw new Error(`the chain announced ${signature} but does not return it`);
      batch.push(await factsOf(viewTransaction(tx), this.rules));
    }
    return batch;
  }

  /**
   * Takes in transactions the caller knows landed (the relay after a planting is confirmed), without
   * waiting for the log subscription to announce them; a signature already held is skipped.
   */
  async take(signatures: readonly Signature[]): Promise<void> {
    this.enqueue(signatures);
    await this.queue;
  }

  /** Resolves once everything announced so far is applied; throws what stopped ingestion, if anything did. */
  async idle(): Promise<void> {
    await this.queue;
    const failure = this.failure;
    this.failure = null;
    if (failure) throw failure;
  }

  stop(): void {
    this.stopped = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    if (this.reconcileTimer) clearInterval(this.reconcileTimer);
    if (this.funderTimer) clearInterval(this.funderTimer);
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    for (const unsubscribe of this.unsubscribes.values()) unsubscribe();
    this.unsubscribes.clear();
  }
}

/**
 * One order for several oldest-first lists that share transactions (a route is in the AMM's list and the
 * launchpad's): a transaction comes out only when it heads every list that holds it, so each list's
 * own order is kept; among those ready, the lowest slot first. Lists that disagree (they cannot, from
 * one chain) fall back to the lowest slot.
 */
export function mergeInChainOrder(lists: readonly (readonly Signature[])[], slots: ReadonlyMap<Signature, bigint>): Signature[] {
  const heads = lists.map(() => 0);
  const holders = new Map<Signature, number[]>();
  lists.forEach((list, i) => list.forEach((signature) => holders.set(signature, [...(holders.get(signature) ?? []), i])));
  const out: Signature[] = [];
  const emitted = new Set<Signature>();
  const skipEmitted = () => lists.forEach((list, i) => {
    while (heads[i]! < list.length && emitted.has(list[heads[i]!]!)) heads[i]! += 1;
  });
  for (;;) {
    skipEmitted();
    const candidates = lists.map((list, i) => list[heads[i]!]).filter((s): s is Signature => s !== undefined);
    if (candidates.length === 0) return out;
    const ready = candidates.filter((s) => holders.get(s)!.every((i) => lists[i]![heads[i]!] === s));
    const pool = ready.length > 0 ? ready : candidates;
    const next = pool.reduce((a, b) => (slots.get(b)! < slots.get(a)! ? b : a));
    emitted.add(next);
    out.push(next);
  }
}
