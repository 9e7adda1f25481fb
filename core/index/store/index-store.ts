import Database from 'better-sqlite3';
import type { Address } from '@solana/kit';
import { PRICE_E18_SCALE } from '../candles.js';
import { storedPrice } from './price-column.js';
import { nextTrend } from '../trend.js';
import { ReadSnapshot } from './read-snapshot.js';
import { RunRows } from './run-rows.js';
import { sqliteReadPort } from './read-port.js';
import { PortIndexReads } from './port-index-reads.js';
import type { IndexReads } from './index-reads.js';
import { HoldingBook } from './holding-book.js';
import { CandleBook } from './candle-book.js';
import { DailyBook } from './daily-book.js';
import { FunderBook } from './funder-book.js';
import type { Funding } from '../funding.js';
import { CoinBook } from './coin-book.js';
import { FeeBook } from './fee-book.js';
import type { IndexedTransaction, TradeFact } from './facts.js';
import { LAST_SEQ, SCHEMA, SCHEMA_VERSION, TABLES } from './schema.js';
import { WriteRecorder } from './write-recorder.js';
import { ShipOutbox } from './ship-outbox.js';

import type { ChainHoldersRead, NativeCoinInfo } from './index-rows.js';
export { FEE_EVENT_KINDS, candleRowOf, tradeRowOf } from './index-rows.js';
export type { ChainHoldersRead, CoinRow, TradeRow, CandleRow, HoldingRow, CoinFeesRow, FeeEventRow, FeeEventKind, GraduationRow, StatsRow, DailyStatsRow, NativeCoinInfo } from './index-rows.js';
export type { CompletedFact, FeeFact, GraduatedFact, IndexedTransaction, IndexFact, NativePoolFact, PlantedFact, TradeFact } from './facts.js';

/** How many coins, holdings or traders the write path keeps in memory before it starts over (a bound, not a tuning). */
const MAX_KNOWN = 200_000;
/**
 * SQLite's page cache (KiB) for the work at hand (IndexStore.cacheFor). A backfill's units touch the same candles,
 * holdings and coins again and again, and keep them in 64 MiB. Reads and live batches gain nothing from more than
 * 16 MiB: at 100,000 coins and 2,000,000 trades every point read (a coin, its candles, holders, trades, a list)
 * took the same at 16 and at 64 MiB, the OS's file cache answering what SQLite's does not hold.
 */
const CACHE_KIB = { backfill: 65_536, live: 16_384 } as const;

/**
 * The index in one SQLite file (WAL): the only place that speaks SQL. Every landed transaction is applied
 * once, in chain order, with its facts and its signature in a single SQLite transaction.
 *
 * This file is the batch applier and the index's facade. It hands each fact to the book of the write path
 * that keeps its rows (coin-book: the coins' rows and graduations; holding-book: holdings, moves and risk
 * figures; candle-book; daily-book: daily figures and traders; fee-book: fee facts; run-rows: holder-reward
 * runs), writes the trades and the processed signatures itself, and flushes the books at the batch's end.
 * Its reads (IndexReads, index-reads.ts) are PortIndexReads' on the file (point-reads.ts, index-queries.ts for
 * lists, stream-queries.ts for the push stream), async like the hosted index's though SQLite answers at once.
 */
export class IndexStore extends PortIndexReads implements IndexReads {
  private readonly db: Database.Database;
  private readonly statements: Readonly<Record<'nextSeq' | 'markProcessed' | 'lastHoldingChange' | 'heldBy' | 'insertTrade' | 'holdingFirstSeen', Database.Statement>>;

  /** The next transaction's sequence number (arrival order), kept here rather than read per transaction. */
  private nextSeq: bigint;
  /** Holder-reward runs and their payments, as the write path keeps them. */
  private readonly runRows: RunRows;
  /** The coins' rows, as the write path folds them. */
  private readonly coins: CoinBook;
  /** Fee facts: each coin's vault totals and movements. */
  private readonly feeBook: FeeBook;
  /** Holdings and the risk figures they feed, as the write path folds them. */
  private readonly holdings: HoldingBook;
  /** A launch's early buys and their funders (the bundles found once a funder is known). */
  private readonly funders: FunderBook;
  /** Candles, as the write path folds them. */
  private readonly candleBook: CandleBook;
  /** The daily figures and the traders, as the write path folds them. */
  private readonly daily: DailyBook;
  /** The turn's read transaction (read-snapshot.ts): released before every write. */
  private readonly snapshot: ReadSnapshot;
  private readonly appliedListeners = new Set<(position: bigint) => void>();
  /** When the index is shipped to a hosted store: every write unit's statements, kept in the outbox with it. */
  private readonly recorder: WriteRecorder | null;
  /** The shipped writes not yet confirmed by the hosted store (ship-outbox.ts); null when not shipped. */
  readonly outbox: ShipOutbox | null;
  private readonly shippableListeners = new Set<() => void>();

  private constructor(
    raw: Database.Database,
    keepsRisk: boolean,
    shipped: boolean,
  ) {
    const recorder = shipped ? new WriteRecorder(raw) : null;
    // The books and the applier write through the recorder when shipped; reads are the same either way.
    const db = recorder?.db ?? raw;
    const coins = new CoinBook(db);
    const snapshot = new ReadSnapshot(db);
    // The native rate of the write path's coin book: its mint kept in memory, and inside a batch the reserves its trades left.
    super(sqliteReadPort(db, snapshot), () => coins.nativeRate());
    this.recorder = recorder;
    this.outbox = shipped ? new ShipOutbox(raw) : null;
    this.db = db;
    this.coins = coins;
    this.snapshot = snapshot;
    this.funders = new FunderBook(db);
    this.holdings = new HoldingBook(db, keepsRisk, this.funders);
    this.candleBook = new CandleBook(db);
    this.daily = new DailyBook(db, MAX_KNOWN);
    const s = (sql: string) => db.prepare(sql).safeIntegers(true);
    this.statements = {
      // A reconcile's moves take a number of their own (reconcileHolders): the next one is past both.
      nextSeq: s(`SELECT ${LAST_SEQ} + 1 AS seq`),
      // Marks a transaction held and answers whether it was new (0 changes: held already), in one round trip.
      markProcessed: s('INSERT INTO processed (signature, slot, seq) VALUES (?, ?, ?) ON CONFLICT (signature) DO NOTHING'),
      // The last slot at which the index changed a coin's holders: a chain read older than it cannot correct them.
      lastHoldingChange: s(`SELECT MAX(COALESCE((SELECT MAX(slot) FROM trades WHERE mint = @mint), 0), COALESCE((SELECT MAX(slot) FROM moves WHERE mint = @mint), 0),
        COALESCE((SELECT created_slot FROM coins WHERE mint = @mint), 0)) AS slot`),
      heldBy: s('SELECT wallet FROM holdings WHERE mint = ? AND balance > 0'),
      insertTrade: s(`INSERT INTO trades (seq, position, signature, slot, at, mint, venue, side, user, tokens, quote, zec, creator_fee, protocol_fee, price_e18, routed)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      holdingFirstSeen: s('SELECT first_seen_slot AS slot, first_seen_at AS at FROM holdings WHERE mint = ? AND wallet = ?'),
    };
    this.nextSeq = (this.statements.nextSeq.get() as { seq: bigint }).seq;
    this.runRows = new RunRows(db);
    this.feeBook = new FeeBook(db, this.coins, this.runRows);
  }

  /**
   * Calls `listener` with the index's new position after each committed batch that applied something
   * (the push stream's cue). A listener's error is its own: it never undoes or stops ingestion.
   */
  onApplied(listener: (position: bigint) => void): () => void {
    this.appliedListeners.add(listener);
    return () => this.appliedListeners.delete(listener);
  }

  /** Opens (creating when missing) the index at `path`; `:memory:` for a throwaway one. An index of another schema is dropped: it is rebuilt from the chain. */
  /**
   * `riskFigures: false` keeps no risk figures (their rows stay zero): only for measuring what keeping them
   * costs (bench/index-ingest.ts); everything else the index holds is the same.
   */
  static open(path: string, options: { readonly riskFigures?: boolean; readonly shipped?: boolean } = {}): IndexStore {
    const db = new Database(path);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL'); // WAL + NORMAL: a process crash loses nothing committed
    db.pragma(`cache_size = -${CACHE_KIB.live}`);
    db.pragma('wal_autocheckpoint = 16384'); // checkpoint (and fsync) every ~64 MiB of WAL, not every 4 MiB: commits stay cheap
    db.exec('CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
    const version = db.prepare("SELECT value FROM meta WHERE key = 'schema'").get() as { value: string } | undefined;
    if (version && Number(version.value) !== SCHEMA_VERSION) {
      db.transaction(() => {
        for (const table of TABLES) db.exec(`DROP TABLE IF EXISTS ${table}`);
        db.exec('DROP TABLE IF EXISTS ship_outbox');
      })();
    }
    db.exec(SCHEMA);
    db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('schema', ?)").run(String(SCHEMA_VERSION));
    if (options.shipped) ShipOutbox.create(db);
    return new IndexStore(db, options.riskFigures ?? true, options.shipped ?? false);
  }

  /** Sizes SQLite's page cache for a backfill (64 MiB) or for reads and live batches (16 MiB, what is above it freed). */
  cacheFor(work: keyof typeof CACHE_KIB): void {
    this.setPageCacheKib(CACHE_KIB[work]);
  }

  /**
   * For a bench's bulk build only (bench/lib/scale-index.ts): no fsync at checkpoints. A killed process still loses
   * nothing committed (the OS holds what was written); only a power cut could. Each of its commits writes hundreds
   * of MB, and at 1M coins waiting on their fsync was much of the build.
   */
  skipSyncForBulkBuild(): void {
    this.db.pragma('synchronous = OFF');
  }

  /** Another size, for a bench's bulk build whose file outgrows any backfill's (bench/lib/scale-index.ts). */
  setPageCacheKib(kib: number): void {
    this.db.pragma(`cache_size = -${Math.floor(kib)}`);
  }

  /** The page cache's size now, in KiB. */
  get pageCacheKib(): number {
    return -(this.db.pragma('cache_size', { simple: true }) as number);
  }

  close(): void {
    this.snapshot.release();
    this.db.close();
  }

  /** The native coin's row, so its direct pool trades and each route's pool side have a coin to belong to. */
  registerNativeCoin(info: NativeCoinInfo): void {
    this.snapshot.release();
    this.unit(() => this.coins.registerNative(info));
  }

  /** The native-coin/ZEC pool's reserves as read from chain, when the index has none yet (its creation predates what the index saw). */
  seedNativePool(pool: Address, base: bigint, quote: bigint): void {
    this.snapshot.release();
    this.unit(() => this.coins.seedNativePool(pool, base, quote));
  }

  /** Applies a batch of landed transactions in order, all in one SQLite transaction; those already applied are skipped. Answers how many were new. */
  applyAll(batch: readonly IndexedTransaction[]): number {
    this.snapshot.release(); // a write starts from the file as it is, and every read after it sees the write
    const seqBefore = this.nextSeq;
    try {
      const applied = this.unit(() => {
        let count = 0;
        for (const tx of batch) if (this.applyOne(tx)) count += 1;
        this.flushBatch();
        return count;
      });
      if (applied > 0) this.announce(this.nextSeq - 1n);
      return applied;
    } catch (error) {
      this.nextSeq = seqBefore; // rolled back with the rows (announce never throws)
      this.forgetWriteState(); // what the rolled-back batch read or meant to write is no longer the file's
      throw error;
    }
  }

  private announce(position: bigint): void {
    for (const listener of this.appliedListeners) {
      try {
        listener(position);
      } catch {
        // the stream's problem, never the index's
      }
    }
  }

  private applyOne(tx: IndexedTransaction): boolean {
    const st = this.statements;
    const seq = this.nextSeq;
    if (st.markProcessed.run(tx.signature, tx.slot, seq).changes === 0) return false; // held already
    this.nextSeq = seq + 1n;
    const facts = tx.facts;
    // What this transaction's counted trades moved per coin and wallet: the rest of a balance change is a move.
    let traded: Map<string, bigint> | null = null;
    let burned: Map<Address, bigint> | null = null;
    for (let position = 0; position < facts.length; position++) {
      const fact = facts[position]!;
      if (fact.kind === 'trade') {
        this.applyTrade(fact, tx, seq, position);
        if (fact.routed !== true) {
          traded ??= new Map();
          const key = `${fact.mint} ${fact.user}`;
          traded.set(key, (traded.get(key) ?? 0n) + (fact.side === 'buy' ? fact.tokens : -fact.tokens));
        }
        continue;
      }
      if (fact.kind === 'moved') {
        const info = this.coins.state(fact.mint);
        if (!info?.planted) continue;
        // Every account of the coin counts towards its supply: what the transaction's changes take out in all was burned.
        burned ??= new Map();
        burned.set(fact.mint, (burned.get(fact.mint) ?? 0n) - fact.delta);
        if (fact.owner === info.curve || fact.owner === info.pool) continue;
        const rest = fact.delta - (traded?.get(`${fact.mint} ${fact.owner}`) ?? 0n);
        if (rest !== 0n) this.holdings.move(fact.mint, fact.owner, rest, tx.slot, tx.at, seq, position);
        continue;
      }
      // Every other fact reads or writes coins rows as they stand: the trades' coin updates go first.
      this.coins.flush();
      const base = { signature: tx.signature, slot: tx.slot, at: tx.at };
      const here = { ...base, seq, position };
      switch (fact.kind) {
        case 'planted':
          if (this.coins.plant(fact, base)) this.daily.planted(tx.at);
          break;
        case 'completed':
          this.coins.complete(fact.mint);
          break;
        case 'graduated':
          if (this.coins.graduate(fact, base)) this.daily.graduated(tx.at);
          break;
        case 'native-pool':
          this.coins.nativePool(fact);
          break;
        default:
          this.feeBook.apply(fact, here);
      }
    }
    // A planting's supply is minted in its own transaction (its CreateEvent says it): only burns change it afterwards.
    if (burned) for (const [mint, amount] of burned) if (amount > 0n) this.coins.burn(mint, amount);
    return true;
  }

  // ---- the write path: what a batch writes once at its end ----
  //
  // Within applyAll's SQLite transaction, trades are folded in memory by the books and written at the batch's end
  // (flushBatch): a coin's row once per run of trades, a candle once per batch, a holding once, a day's figures once.
  // What is written is exactly what one statement per trade wrote (the folds are the statements' own arithmetic).
  // The store is the index's only writer, so rows it read stay true until it writes them; a batch that fails
  // rolls back, and everything the books hold is forgotten with it.

  private applyTrade(fact: TradeFact, tx: IndexedTransaction, seq: bigint, position: number): void {
    const info = this.coins.state(fact.mint);
    if (!info) return; // a coin planted before the index began, or no launchpad coin: not ours to count
    const routed = fact.routed === true;
    let zec = fact.zec;
    let creatorFee = fact.creatorFee;
    let protocolFee = fact.protocolFee;
    let priceE18 = fact.priceE18;
    if (fact.inNative === true) {
      // A direct trade of a native-paired coin, valued at the native coin's ZEC rate when it happened.
      // Its price in one division (quote native at rate.quote/rate.base zat each, per token), so nothing rounds twice.
      const rate = this.coins.nativeRate();
      priceE18 = rate && rate.base > 0n && fact.tokens > 0n ? (fact.quote * rate.quote * PRICE_E18_SCALE) / (rate.base * fact.tokens) : 0n;
      zec = this.coins.nativeToZec(zec);
      creatorFee = this.coins.nativeToZec(creatorFee);
      protocolFee = this.coins.nativeToZec(protocolFee);
    }
    const price = storedPrice(priceE18);
    const mint = fact.mint;
    const at = tx.at;
    this.statements.insertTrade.run(seq, position, tx.signature, tx.slot, at, mint, fact.venue, fact.side, fact.user, fact.tokens, fact.quote, zec, creatorFee, protocolFee, price, routed ? 1 : 0);
    // Every shown trade moves the reserves and the chart; only counted ones add to totals, volume and trades.
    const counted = !routed;
    const buy = fact.side === 'buy';
    if (counted) info.trend = nextTrend(info.trend, zec, at);
    this.coins.fold(mint, fact.reserves, price, at, counted, buy, zec, creatorFee, info.trend);
    this.candleBook.fold(mint, at, { slot: tx.slot, seq, position }, priceE18, counted ? zec : 0n, counted ? 1n : 0n);
    if (!counted) return;
    this.holdings.trade(info, mint, fact.user, fact.side, fact.tokens, zec, tx.slot, at);
    if (info.counted) {
      this.daily.trade(at, fact.user, buy, zec, creatorFee);
    }
  }

  /**
   * Brings a planted coin's holders to the chain's: its token accounts as read at `read.slot`
   * (core/index/chain-holders.ts). Over an RPC cluster the index follows only the programs' transactions, so a
   * plain transfer, a burn or a closed account reaches it this way: each holder's difference is kept as a
   * move at the read's slot (replays at a later slot include it), and a supply above what the accounts hold
   * in all was burned. Refused (null) when the index changed the coin's holders at or after the read's slot:
   * the read may then be older than the index and would undo a trade; the next round reads again.
   */
  reconcileHolders(mint: Address, read: ChainHoldersRead): { readonly moved: number; readonly burned: bigint } | null {
    this.snapshot.release();
    const st = this.statements;
    const info = this.coins.state(mint);
    if (!info?.planted) return null;
    // At the read's own slot too: a slot still open may take more transactions than the read saw (the sandbox's does).
    if ((st.lastHoldingChange.get({ mint }) as { slot: bigint }).slot >= read.slot) return null;
    const seq = this.nextSeq;
    try {
      const result = this.unit(() => {
        const onChain = new Map<string, bigint>(read.holders.map((h) => [h.wallet, h.balance]));
        const wallets = new Set<string>([...onChain.keys(), ...(st.heldBy.all(mint) as { wallet: string }[]).map((r) => r.wallet)]);
        let moved = 0;
        for (const wallet of [...wallets].sort()) {
          if (wallet === info.curve || wallet === info.pool) continue;
          const delta = (onChain.get(wallet) ?? 0n) - this.holdings.balance(mint, wallet as Address);
          if (delta !== 0n) this.holdings.move(mint, wallet as Address, delta, read.slot, read.at, seq, moved++);
        }
        const total = [...read.holders, ...read.venues].reduce((sum, h) => sum + h.balance, 0n);
        const supply = this.coins.supplyOf(mint);
        const burned = supply > total ? supply - total : 0n;
        if (burned > 0n) this.coins.burn(mint, burned);
        this.flushBatch();
        return { moved, burned };
      });
      if (result.moved > 0) this.nextSeq = seq + 1n;
      return result;
    } catch (error) {
      this.forgetWriteState();
      throw error;
    }
  }

  /** Wallets whose funder the index wants (launch buyers not looked up yet), at most `limit`. */
  fundersWanted(limit: number): Address[] {
    return this.funders.wanted(limit);
  }

  /** How many wallets' funders are still wanted. */
  fundersWantedCount(): number {
    return this.funders.wantedCount();
  }

  /** A wallet's funder as the index recorded it; undefined while not looked up. */
  funderOf(wallet: Address): Funding | undefined {
    return this.funders.funderOf(wallet);
  }

  /**
   * Keeps the funders a lookup found (core/index/ingest/funder-lookup.ts) and tags the launch buyers they reveal
   * as a bundle (one funder, one slot, two wallets or more; `common` sources group no one), in one SQLite
   * transaction. Answers how many wallets were newly tagged.
   */
  recordFunders(found: readonly Funding[], common: ReadonlySet<Address>): number {
    this.snapshot.release();
    try {
      return this.unit(() => {
        let tagged = 0;
        for (const { mint, wallet } of this.funders.record(found, common)) {
          const first = this.statements.holdingFirstSeen.get(mint, wallet) as { slot: bigint; at: bigint } | undefined;
          if (first && this.holdings.tagBundle(mint, wallet, first.slot, first.at)) tagged += 1;
        }
        this.flushBatch();
        return tagged;
      });
    } catch (error) {
      this.forgetWriteState();
      throw error;
    }
  }

  /**
   * One SQLite transaction of the write path. Shipped, its recorded statements go into the outbox in the same
   * transaction (a crash keeps both or neither), and the shipper is told once it commits.
   */
  private unit<T>(body: () => T): T {
    if (this.recorder === null) return this.db.transaction(body)();
    const recorder = this.recorder;
    let batch = 0n;
    try {
      const result = this.db.transaction(() => {
        const value = body();
        const writes = recorder.take();
        if (writes.length > 0) batch = this.outbox!.append(writes, this.nextSeq - 1n);
        return value;
      })();
      if (batch > 0n) for (const listener of this.shippableListeners) listener();
      return result;
    } finally {
      recorder.discard();
    }
  }

  /** Calls `listener` after each committed write unit that left writes in the outbox (the shipper's cue). */
  onShippable(listener: () => void): () => void {
    this.shippableListeners.add(listener);
    return () => this.shippableListeners.delete(listener);
  }

  /**
   * Runs writes another writer shipped (a standby following the hosted store's log, index-follower.ts) as one
   * SQLite transaction, and counts the batch as held here. The books forget what they folded: the rows changed
   * under them.
   */
  replay(batch: bigint, writes: readonly (readonly [string, readonly unknown[]])[] | string): void {
    this.snapshot.release();
    const raw = this.outbox!;
    this.forgetWriteState();
    this.db.transaction(() => {
      raw.runWrites(writes);
      raw.markReplayed(batch);
    })();
    this.nextSeq = (this.statements.nextSeq.get() as { seq: bigint }).seq;
  }

  /**
   * Replaces every index row with the hosted store's as of `batch` (ShipOutbox.restore): a standby whose file
   * the hosted log no longer reaches starts from the hosted tables instead. The books forget what they folded.
   */
  async restore(batch: bigint, source: Parameters<ShipOutbox['restore']>[1]): Promise<void> {
    this.snapshot.release();
    this.forgetWriteState();
    try {
      await this.outbox!.restore(batch, source);
    } finally {
      this.forgetWriteState();
      this.nextSeq = (this.statements.nextSeq.get() as { seq: bigint }).seq;
    }
  }

  /** Everything the batch folded, written inside its SQLite transaction. */
  private flushBatch(): void {
    this.coins.flush();
    this.candleBook.flush();
    this.holdings.flush();
    this.daily.flush();
    this.holdings.bound(MAX_KNOWN);
    this.coins.bound(MAX_KNOWN);
  }

  private forgetWriteState(): void {
    this.coins.forget();
    this.holdings.forget();
    this.daily.forget();
    this.candleBook.forget();
  }
}
