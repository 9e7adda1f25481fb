import Database from 'better-sqlite3';
import type { Address, Signature } from '@solana/kit';
import { buyExactTokens, curveState } from '../../math/curve.js';
import { feeRates } from '../../math/curve-fees.js';
import { tokenUnits } from '../../math/units.js';
import { PRICE_E18_SCALE } from '../candles.js';
import { storedPrice } from './price-column.js';
import { nextTrend } from '../trend.js';
import { spotValueZec, type NativeRate } from '../valuation.js';
import { ReadSnapshot } from './read-snapshot.js';
import { IndexQueries, type MutableCoinRow } from './index-queries.js';
import { StreamQueries } from './stream-queries.js';
import { RunRows } from './run-rows.js';
import { HoldingBook } from './holding-book.js';
import { CandleBook } from './candle-book.js';
import { DailyBook } from './daily-book.js';
import { FunderBook } from './funder-book.js';
import type { Funding } from '../funding.js';
import { replayBalances, type HoldingStep } from '../holding.js';
import type { RiskFigures } from '../../types/risk-figures.js';
import type { FeeFact, IndexedTransaction, PlantedFact, TradeFact } from './facts.js';
import { SCHEMA, SCHEMA_VERSION, TABLES } from './schema.js';
import { camel, type Row } from './rows.js';

import { candleRowOf, feeEventRowOf, tradeRowOf, type ChainHoldersRead, type CoinRow, type TradeRow, type CandleRow, type HoldingRow, type CoinFeesRow, type FeeEventRow, type FeeEventKind, type GraduationRow, type StatsRow, type DailyStatsRow, type NativeCoinInfo } from './index-rows.js';
export { FEE_EVENT_KINDS, candleRowOf, tradeRowOf } from './index-rows.js';
export type { ChainHoldersRead, CoinRow, TradeRow, CandleRow, HoldingRow, CoinFeesRow, FeeEventRow, FeeEventKind, GraduationRow, StatsRow, DailyStatsRow, NativeCoinInfo } from './index-rows.js';
export type { CompletedFact, FeeFact, GraduatedFact, IndexedTransaction, IndexFact, NativePoolFact, PlantedFact, TradeFact } from './facts.js';

const NO_FEES = feeRates({ protocolBps: 0n, creatorBps: 0n, buybackBps: 0n });
const HOLDERS_ADDRESS = null;
/** How many coins, holdings or traders the write path keeps in memory before it starts over (a bound, not a tuning). */
const MAX_KNOWN = 200_000;

interface CoinState {
  readonly counted: boolean;
  /** A launchpad planting (not the native coin): its holders follow every balance change. */
  readonly planted: boolean;
  trend: number | null;
  /** The venue's own accounts' owners (the bonding curve, the pool once graduated): never holders. */
  readonly curve: string | null;
  pool: string | null;
  readonly createdSlot: bigint;
  readonly deployer: string;
}
/** A coin's row update for a run of its trades: what the last one left, the counted ones' totals. */
interface PendingCoin {
  readonly pool: boolean;
  reserves: TradeFact['reserves'];
  price: bigint | string;
  at: bigint;
  trades: bigint;
  buys: bigint;
  sells: bigint;
  zec: bigint;
  creatorFee: bigint;
  trend: number | null;
}

/**
 * The index in one SQLite file (WAL): the only place that speaks SQL. Every landed transaction is applied
 * once, in chain order, with its facts and its signature in a single SQLite transaction.
 */
export class IndexStore {
  private readonly db: Database.Database;
  private readonly statements;

  /** The next transaction's sequence number (arrival order), kept here rather than read per transaction. */
  private nextSeq: bigint;
  /** The list reads of the API. */
  readonly queries: IndexQueries;
  /** What was applied between two positions, for the push stream. */
  readonly stream: StreamQueries;
  /** Holder-reward runs and their payments. */
  readonly runs: RunRows;
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

  private constructor(
    db: Database.Database,
    keepsRisk: boolean,
  ) {
    this.db = db;
    this.funders = new FunderBook(db);
    this.holdings = new HoldingBook(db, keepsRisk, this.funders);
    this.candleBook = new CandleBook(db);
    this.daily = new DailyBook(db, MAX_KNOWN);
    this.snapshot = new ReadSnapshot(db);
    const s = (sql: string) => db.prepare(sql).safeIntegers(true);
    this.statements = {
      processed: s('SELECT 1 FROM processed WHERE signature = ?'),
      planting: s("SELECT mint, listed, unlisted_reason FROM coins WHERE created_signature = ? AND kind = 'coin'"),
      // A reconcile's moves take a number of their own (reconcileHolders): the next one is past both.
      nextSeq: s('SELECT MAX((SELECT COALESCE(MAX(seq), 0) FROM processed), (SELECT COALESCE(MAX(seq), 0) FROM moves)) + 1 AS seq'),
      // Marks a transaction held and answers whether it was new (0 changes: held already), in one round trip.
      markProcessed: s('INSERT INTO processed (signature, slot, seq) VALUES (?, ?, ?) ON CONFLICT (signature) DO NOTHING'),
      insertCoin: s(`INSERT OR IGNORE INTO coins (mint, listed, unlisted_reason, pair, name, symbol, uri, deployer, creator, payee_kind, payee,
        created_signature, created_slot, created_at, stage, virtual_token, virtual_quote, real_token, real_quote, token_total_supply, counted, curve)
        VALUES (@mint, @listed, @unlistedReason, @pair, @name, @symbol, @uri, @deployer, @creator, @payeeKind, @payee,
        @signature, @slot, @at, 'curve', @virtualToken, @virtualQuote, @realToken, @realQuote, @tokenTotalSupply, @counted, @curve)`),
      insertNativeCoin: s(`INSERT OR IGNORE INTO coins (mint, kind, listed, pair, name, symbol, uri, deployer, creator, created_signature, created_slot, created_at,
        stage, virtual_token, virtual_quote, real_token, real_quote, pool, pool_base, pool_quote)
        VALUES (@mint, 'native', 1, 'zec', @name, @symbol, '', @pool, @pool, '', 0, 0, 'pool', 0, 0, 0, 0, @pool, 0, 0)`),
      nativeCoin: s('SELECT mint, pool_base, pool_quote FROM coins WHERE mint = ?'),
      setMeta: s('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)'),
      meta: s('SELECT value FROM meta WHERE key = ?'),
      setNativePool: s('UPDATE coins SET pool_base = @base, pool_quote = @quote WHERE mint = @mint AND pool = @pool'),
      coinInfo: s('SELECT kind, counted FROM coins WHERE mint = ?'),
      coinState: s('SELECT kind, counted, trend, curve, pool, created_slot, deployer FROM coins WHERE mint = ?'),
      insertRisk: s('INSERT OR IGNORE INTO coin_risk (mint) VALUES (?)'),
      riskWithSupply: s('SELECT r.*, c.token_total_supply FROM coin_risk r JOIN coins c ON c.mint = r.mint WHERE r.mint = ?'),
      burned: s('UPDATE coins SET token_total_supply = token_total_supply - ? WHERE mint = ?'),
      // The last slot at which the index changed a coin's holders: a chain read older than it cannot correct them.
      lastHoldingChange: s(`SELECT MAX(COALESCE((SELECT MAX(slot) FROM trades WHERE mint = @mint), 0), COALESCE((SELECT MAX(slot) FROM moves WHERE mint = @mint), 0),
        COALESCE((SELECT created_slot FROM coins WHERE mint = @mint), 0)) AS slot`),
      heldBy: s('SELECT wallet FROM holdings WHERE mint = ? AND balance > 0'),
      supplyOf: s('SELECT token_total_supply AS supply FROM coins WHERE mint = ?'),
      recentlyTraded: s("SELECT mint, last_trade_at AS at FROM coins WHERE listed = 1 AND kind = 'coin' AND last_trade_at IS NOT NULL ORDER BY last_trade_at DESC LIMIT ?"),
      plantedAfter: s("SELECT mint, last_trade_at AS at FROM coins WHERE mint > ? AND kind = 'coin' ORDER BY mint LIMIT ?"),
      coinPair: s('SELECT pair FROM coins WHERE mint = ?'),
      // One statement per coin per run of trades (see PendingCoin): its venue's reserves, last price, trend and (when counted) its totals.
      // Positional: binding an object by name costs more on this path.
      curveTrade: s(`UPDATE coins SET virtual_token = ?, virtual_quote = ?, real_token = ?, real_quote = ?,
        last_price_e18 = ?, last_trade_at = ?, trades = trades + ?, buys = buys + ?, sells = sells + ?,
        volume_zec = volume_zec + ?, creator_fees_zec = creator_fees_zec + ?, trend = ? WHERE mint = ?`),
      poolTrade: s(`UPDATE coins SET pool_base = ?, pool_quote = ?,
        last_price_e18 = ?, last_trade_at = ?, trades = trades + ?, buys = buys + ?, sells = sells + ?,
        volume_zec = volume_zec + ?, creator_fees_zec = creator_fees_zec + ?, trend = ? WHERE mint = ?`),
      insertTrade: s(`INSERT INTO trades (seq, position, signature, slot, at, mint, venue, side, user, tokens, quote, zec, creator_fee, protocol_fee, price_e18, routed)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      complete: s("UPDATE coins SET stage = 'complete' WHERE mint = ?"),
      graduate: s("UPDATE coins SET stage = 'pool', pool = @pool, pool_base = @baseAmount, pool_quote = @quoteAmount, virtual_token = 0, virtual_quote = 0, real_token = 0, real_quote = 0 WHERE mint = @mint"),
      insertGraduation: s('INSERT OR IGNORE INTO graduations (mint, signature, slot, at, pool, base_amount, quote_amount) VALUES (@mint, @signature, @slot, @at, @pool, @baseAmount, @quoteAmount)'),
      setPayee: s('UPDATE coins SET payee_kind = @payeeKind, payee = @payee WHERE mint = @mint'),
      addFees: s(`INSERT INTO coin_fees (mint, split_zec, to_lp_zec, rootstock_zec, treasury_zec, payee_zec, paid_out_zec, native_claimed, native_burned, native_to_lp, native_converted, native_converted_zec)
        VALUES (@mint, @split, @toLp, @rootstock, @treasury, @payee, @paidOut, @nClaimed, @nBurned, @nToLp, @nConverted, @nConvertedZec)
        ON CONFLICT (mint) DO UPDATE SET split_zec = split_zec + @split, to_lp_zec = to_lp_zec + @toLp, rootstock_zec = rootstock_zec + @rootstock,
        treasury_zec = treasury_zec + @treasury, payee_zec = payee_zec + @payee, paid_out_zec = paid_out_zec + @paidOut, native_claimed = native_claimed + @nClaimed,
        native_burned = native_burned + @nBurned, native_to_lp = native_to_lp + @nToLp, native_converted = native_converted + @nConverted,
        native_converted_zec = native_converted_zec + @nConvertedZec`),
      insertFeeEvent: s(`INSERT INTO fee_events (seq, position, signature, slot, at, mint, kind, amount, zec, party, run)
        VALUES (@seq, @position, @signature, @slot, @at, @mint, @kind, @amount, @zec, @party, @run)`),
      coin: s('SELECT * FROM coins WHERE mint = ?'),
      coinTrades: s('SELECT * FROM trades WHERE mint = ? ORDER BY slot, seq, position'),
      coinTradesCounted: s('SELECT * FROM trades WHERE mint = ? AND routed = 0 ORDER BY slot, seq, position'),
      candles: s('SELECT bucket, open, high, low, close, volume_zec, trades FROM candles WHERE mint = ? AND interval = ? ORDER BY bucket'),
      holdingRow: s('SELECT * FROM holdings WHERE mint = ? AND wallet = ?'),
      holdingFirstSeen: s('SELECT first_seen_slot AS slot, first_seen_at AS at FROM holdings WHERE mint = ? AND wallet = ?'),
      holdingsOf: s('SELECT * FROM holdings WHERE wallet = ? ORDER BY mint'),
      fees: s('SELECT f.*, c.creator_fees_zec, c.pair FROM coins c LEFT JOIN coin_fees f ON f.mint = c.mint WHERE c.mint = ?'),
      feeEvents: s('SELECT signature, slot, at, mint, kind, amount, zec, party, run FROM fee_events WHERE mint = ? ORDER BY slot, seq, position'),
      feeEventsPage: s(`SELECT signature, slot, at, mint, kind, amount, zec, party, run, seq, position FROM fee_events WHERE mint = @mint
        AND (seq, position) < (@seq, @position) ORDER BY seq DESC, position DESC LIMIT @limit`),
      feeEventsOfTx: s('SELECT signature, slot, at, mint, kind, amount, zec, party, run FROM fee_events WHERE signature = ? ORDER BY seq, position'),
      holders: s('SELECT * FROM holdings WHERE mint = ? AND balance > 0 ORDER BY balance DESC, wallet LIMIT ? OFFSET ?'),
      // A coin's counted trades and its moves outside trades up to a slot, in chain order: its holders' history.
      stepsUpTo: s(`SELECT user, side, tokens, slot, seq, position FROM trades WHERE mint = @mint AND routed = 0 AND slot <= @slot
        UNION ALL SELECT wallet AS user, 'moved' AS side, delta AS tokens, slot, seq, position FROM moves WHERE mint = @mint AND slot <= @slot
        ORDER BY slot, seq, position`),
      holderTotals: s('SELECT COUNT(*) AS holders, COALESCE(SUM(balance), 0) AS held FROM holdings WHERE mint = ? AND balance > 0'),
      stats: s(`SELECT COALESCE(SUM(coins), 0) AS coins, COALESCE(SUM(trades), 0) AS trades, COALESCE(SUM(buys), 0) AS buys, COALESCE(SUM(sells), 0) AS sells,
        COALESCE(SUM(volume_zec), 0) AS volume_zec, COALESCE(SUM(creator_fees_zec), 0) AS creator_fees_zec, COALESCE(SUM(graduations), 0) AS graduations,
        (SELECT COUNT(*) FROM traders) AS traders FROM daily_stats`),
      dailyStats: s('SELECT * FROM daily_stats WHERE day >= ? ORDER BY day DESC LIMIT ?'),
      graduations: s('SELECT * FROM graduations ORDER BY slot DESC, mint LIMIT ?'),
      graduation: s('SELECT * FROM graduations WHERE mint = ?'),
      count: s('SELECT COUNT(*) AS n FROM processed'),
      lastProcessed: s('SELECT signature, slot FROM processed ORDER BY seq DESC LIMIT 1'),
    };
    this.nextSeq = (this.statements.nextSeq.get() as { seq: bigint }).seq;
    this.nativeMint = ((this.statements.meta.get('native_mint') as { value: string } | undefined)?.value ?? null) as Address | null;
    this.queries = new IndexQueries(
      db,
      (coin) => this.completeCoin(coin),
      () => {
        // An ordering key only (the market-cap sort of native-paired coins), never a figure shown.
        const rate = this.nativeRate();
        return rate ? Number(rate.quote) / Number(rate.base) : 0;
      },
      this.snapshot,
    );
    this.stream = new StreamQueries(db, (mint) => this.coin(mint), (mint) => this.graduation(mint));
    this.runs = new RunRows(db);
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
  static open(path: string, options: { readonly riskFigures?: boolean } = {}): IndexStore {
    const db = new Database(path);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL'); // WAL + NORMAL: a process crash loses nothing committed
    db.pragma('cache_size = -65536'); // 64 MiB of pages: candles, holdings and coins stay hot while a backfill runs
    db.pragma('wal_autocheckpoint = 16384'); // checkpoint (and fsync) every ~64 MiB of WAL, not every 4 MiB: commits stay cheap
    db.exec('CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
    const version = db.prepare("SELECT value FROM meta WHERE key = 'schema'").get() as { value: string } | undefined;
    if (version && Number(version.value) !== SCHEMA_VERSION) {
      db.transaction(() => {
        for (const table of TABLES) db.exec(`DROP TABLE IF EXISTS ${table}`);
      })();
    }
    db.exec(SCHEMA);
    db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('schema', ?)").run(String(SCHEMA_VERSION));
    return new IndexStore(db, options.riskFigures ?? true);
  }

  close(): void {
    this.snapshot.release();
    this.db.close();
  }

  hasProcessed(signature: Signature): boolean {
    return this.statements.processed.get(signature) !== undefined;
  }

  /** The coin a held transaction planted: listed, or unlisted with the index's reason (null: it planted nothing the index holds). */
  plantingOf(signature: Signature): { readonly mint: Address; readonly listed: boolean; readonly unlistedReason: string | null } | null {
    const row = this.statements.planting.get(signature) as { mint: Address; listed: bigint; unlisted_reason: string | null } | undefined;
    return row ? { mint: row.mint, listed: row.listed === 1n, unlistedReason: row.unlisted_reason } : null;
  }

  /** How many transactions the index holds, and the last one (the checkpoint a restart resumes after). */
  checkpoint(): { readonly transactions: bigint; readonly last: { readonly signature: Signature; readonly slot: bigint } | null } {
    const n = (this.statements.count.get() as { n: bigint }).n;
    const last = this.statements.lastProcessed.get() as { signature: Signature; slot: bigint } | undefined;
    return { transactions: n, last: last ?? null };
  }

  /** The native coin's row, so its direct pool trades and each route's pool side have a coin to belong to. */
  registerNativeCoin(info: NativeCoinInfo): void {
    this.snapshot.release();
    this.statements.insertNativeCoin.run(info);
    this.statements.setMeta.run('native_mint', info.mint);
    this.nativeMint = info.mint;
  }

  /** The native coin's mint, once registered (kept in meta: a reopened index knows it). */
  private nativeMint: Address | null = null;

  /** The native-coin/ZEC pool's reserves as read from chain, when the index has none yet (its creation predates what the index saw). */
  seedNativePool(pool: Address, base: bigint, quote: bigint): void {
    if (this.nativeMint === null) return;
    this.snapshot.release();
    const native = this.statements.nativeCoin.get(this.nativeMint) as { pool_base: bigint | null } | undefined;
    if (native && !native.pool_base) this.statements.setNativePool.run({ mint: this.nativeMint, pool, base, quote });
  }

  /** Applies a batch of landed transactions in order, all in one SQLite transaction; those already applied are skipped. Answers how many were new. */
  applyAll(batch: readonly IndexedTransaction[]): number {
    this.snapshot.release(); // a write starts from the file as it is, and every read after it sees the write
    const seqBefore = this.nextSeq;
    try {
      const applied = this.db.transaction(() => {
        let count = 0;
        for (const tx of batch) if (this.applyOne(tx)) count += 1;
        this.flushBatch();
        return count;
      })();
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
        const info = this.coinState(fact.mint);
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
      this.flushCoins();
      const base = { signature: tx.signature, slot: tx.slot, at: tx.at };
      const here = { ...base, seq, position };
      switch (fact.kind) {
        case 'planted':
          this.applyPlanted(fact, here);
          break;
        case 'completed':
          st.complete.run(fact.mint);
          break;
        case 'graduated': {
          const info = st.coinInfo.get(fact.mint) as { counted: bigint } | undefined;
          if (!info) break;
          st.graduate.run({ mint: fact.mint, pool: fact.pool, baseAmount: fact.baseAmount, quoteAmount: fact.quoteAmount });
          const state = this.coinStates.get(fact.mint);
          if (state) state.pool = fact.pool;
          const added = st.insertGraduation.run({ ...base, mint: fact.mint, pool: fact.pool, baseAmount: fact.baseAmount, quoteAmount: fact.quoteAmount }).changes;
          if (added > 0 && info.counted === 1n) this.daily.graduated(tx.at);
          break;
        }
        case 'native-pool':
          if (this.nativeMint) st.setNativePool.run({ mint: this.nativeMint, pool: fact.pool, base: fact.base, quote: fact.quote });
          break;
        default:
          this.applyFee(fact, here);
      }
    }
    // A planting's supply is minted in its own transaction (its CreateEvent says it): only burns change it afterwards.
    if (burned) for (const [mint, amount] of burned) if (amount > 0n) st.burned.run(amount, mint);
    return true;
  }

  private applyPlanted(fact: PlantedFact, at: { signature: Signature; slot: bigint; at: bigint }): void {
    const { kind: _kind, ...coin } = fact;
    const counted = coin.listed && coin.pair === 'zec';
    const added = this.statements.insertCoin.run({ ...at, ...coin, listed: coin.listed ? 1 : 0, counted: counted ? 1 : 0 }).changes;
    this.statements.insertRisk.run(coin.mint);
    if (added > 0 && counted) this.daily.planted(at.at);
  }

  /** The native coin's ZEC rate now: its pool's reserves (quote zat for base units); null while the index has none. */
  nativeRate(): NativeRate | null {
    if (this.nativeMint === null) return null;
    this.flushCoins(); // inside a batch: the pool's reserves as its trades so far left them
    const native = this.statements.nativeCoin.get(this.nativeMint) as { pool_base: bigint | null; pool_quote: bigint | null } | undefined;
    if (!native?.pool_base || !native.pool_quote) return null;
    return { base: native.pool_base, quote: native.pool_quote };
  }

  /** ZEC for an amount of the native coin at the native-coin/ZEC pool's rate now (floored); 0 while the index has no rate. */
  private nativeToZec(amount: bigint): bigint {
    const rate = this.nativeRate();
    return rate ? (amount * rate.quote) / rate.base : 0n;
  }

  // ---- the write path's state: rows read once and kept, and what a batch writes once at its end ----
  //
  // Within applyAll's SQLite transaction, trades are folded in memory and written at the batch's end (flushBatch):
  // a coin's row once per run of trades, a candle once per batch, a holding once, a day's figures once. What is
  // written is exactly what one statement per trade wrote (the folds below are the statements' own arithmetic).
  // The store is the index's only writer, so rows it read stay true until it writes them; a batch that fails
  // rolls back, and everything here is forgotten with it.

  /** Per coin: counted (fixed at its planting) and its trend (written only by trades), once read. Only coins that exist. */
  private readonly coinStates = new Map<string, CoinState>();
  private readonly pendingCoins = new Map<string, PendingCoin>();

  private coinState(mint: Address): CoinState | null {
    let state = this.coinStates.get(mint);
    if (state === undefined) {
      const row = this.statements.coinState.get(mint) as { kind: string; counted: bigint; trend: number | null; curve: string | null; pool: string | null; created_slot: bigint; deployer: string } | undefined;
      if (!row) return null; // not cached: a planting may add it
      state = { counted: row.counted === 1n, planted: row.kind === 'coin', trend: row.trend, curve: row.curve, pool: row.pool, createdSlot: row.created_slot, deployer: row.deployer };
      this.coinStates.set(mint, state);
    }
    return state;
  }

  private applyTrade(fact: TradeFact, tx: IndexedTransaction, seq: bigint, position: number): void {
    const info = this.coinState(fact.mint);
    if (!info) return; // a coin planted before the index began, or no launchpad coin: not ours to count
    const routed = fact.routed === true;
    let zec = fact.zec;
    let creatorFee = fact.creatorFee;
    let protocolFee = fact.protocolFee;
    let priceE18 = fact.priceE18;
    if (fact.inNative === true) {
      // A direct trade of a native-paired coin, valued at the native coin's ZEC rate when it happened.
      // Its price in one division (quote native at rate.quote/rate.base zat each, per token), so nothing rounds twice.
      const rate = this.nativeRate();
      priceE18 = rate && rate.base > 0n && fact.tokens > 0n ? (fact.quote * rate.quote * PRICE_E18_SCALE) / (rate.base * fact.tokens) : 0n;
      zec = this.nativeToZec(zec);
      creatorFee = this.nativeToZec(creatorFee);
      protocolFee = this.nativeToZec(protocolFee);
    }
    const price = storedPrice(priceE18);
    const mint = fact.mint;
    const at = tx.at;
    this.statements.insertTrade.run(seq, position, tx.signature, tx.slot, at, mint, fact.venue, fact.side, fact.user, fact.tokens, fact.quote, zec, creatorFee, protocolFee, price, routed ? 1 : 0);
    // Every shown trade moves the reserves and the chart; only counted ones add to totals, volume and trades.
    const counted = !routed;
    const buy = fact.side === 'buy';
    if (counted) info.trend = nextTrend(info.trend, zec, at);
    this.foldCoin(mint, fact.reserves, price, at, counted, buy, zec, creatorFee, info.trend);
    this.candleBook.fold(mint, at, priceE18, counted ? zec : 0n, counted ? 1n : 0n);
    if (!counted) return;
    this.holdings.trade(info, mint, fact.user, fact.side, fact.tokens, zec, tx.slot, at);
    if (info.counted) {
      this.daily.trade(at, fact.user, buy, zec, creatorFee);
    }
  }

  /** A trade's update of its coin's row, folded into the coin's pending one (the last trade's reserves, price and trend; counts summed). */
  private foldCoin(mint: Address, reserves: TradeFact['reserves'], price: bigint | string, at: bigint, counted: boolean, buy: boolean, zec: bigint, creatorFee: bigint, trend: number | null): void {
    let pending = this.pendingCoins.get(mint);
    const pool = 'poolBase' in reserves;
    if (pending !== undefined && pending.pool !== pool) {
      this.flushCoins();
      pending = undefined;
    }
    if (pending === undefined) {
      pending = { pool, reserves, price, at, trades: 0n, buys: 0n, sells: 0n, zec: 0n, creatorFee: 0n, trend };
      this.pendingCoins.set(mint, pending);
    }
    pending.reserves = reserves;
    pending.price = price;
    pending.at = at;
    pending.trend = trend;
    if (counted) {
      pending.trades += 1n;
      if (buy) pending.buys += 1n;
      else pending.sells += 1n;
      pending.zec += zec;
      pending.creatorFee += creatorFee;
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
    const info = this.coinState(mint);
    if (!info?.planted) return null;
    // At the read's own slot too: a slot still open may take more transactions than the read saw (the sandbox's does).
    if ((st.lastHoldingChange.get({ mint }) as { slot: bigint }).slot >= read.slot) return null;
    const seq = this.nextSeq;
    try {
      const result = this.db.transaction(() => {
        const onChain = new Map<string, bigint>(read.holders.map((h) => [h.wallet, h.balance]));
        const wallets = new Set<string>([...onChain.keys(), ...(st.heldBy.all(mint) as { wallet: string }[]).map((r) => r.wallet)]);
        let moved = 0;
        for (const wallet of [...wallets].sort()) {
          if (wallet === info.curve || wallet === info.pool) continue;
          const delta = (onChain.get(wallet) ?? 0n) - this.holdings.balance(mint, wallet as Address);
          if (delta !== 0n) this.holdings.move(mint, wallet as Address, delta, read.slot, read.at, seq, moved++);
        }
        const total = [...read.holders, ...read.venues].reduce((sum, h) => sum + h.balance, 0n);
        const supply = (st.supplyOf.get(mint) as { supply: bigint }).supply;
        const burned = supply > total ? supply - total : 0n;
        if (burned > 0n) st.burned.run(burned, mint);
        this.flushBatch();
        return { moved, burned };
      })();
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
      return this.db.transaction(() => {
        let tagged = 0;
        for (const { mint, wallet } of this.funders.record(found, common)) {
          const first = this.statements.holdingFirstSeen.get(mint, wallet) as { slot: bigint; at: bigint } | undefined;
          if (first && this.holdings.tagBundle(mint, wallet, first.slot, first.at)) tagged += 1;
        }
        this.flushBatch();
        return tagged;
      })();
    } catch (error) {
      this.forgetWriteState();
      throw error;
    }
  }

  /** Writes the coins' pending updates (before anything reads or writes a coins row, and at the batch's end). */
  private flushCoins(): void {
    if (this.pendingCoins.size === 0) return;
    const st = this.statements;
    for (const [mint, c] of this.pendingCoins) {
      const r = c.reserves as Record<string, bigint>;
      if (c.pool) st.poolTrade.run(r['poolBase'], r['poolQuote'], c.price, c.at, c.trades, c.buys, c.sells, c.zec, c.creatorFee, c.trend, mint);
      else st.curveTrade.run(r['virtualToken'], r['virtualQuote'], r['realToken'], r['realQuote'], c.price, c.at, c.trades, c.buys, c.sells, c.zec, c.creatorFee, c.trend, mint);
    }
    this.pendingCoins.clear();
  }

  /** Everything the batch folded, written inside its SQLite transaction. */
  private flushBatch(): void {
    this.flushCoins();
    this.candleBook.flush();
    this.holdings.flush();
    this.daily.flush();
    this.holdings.bound(MAX_KNOWN);
    if (this.coinStates.size > MAX_KNOWN) this.coinStates.clear();
  }

  private forgetWriteState(): void {
    this.coinStates.clear();
    this.holdings.forget();
    this.daily.forget();
    this.pendingCoins.clear();
    this.candleBook.forget();
  }

  private applyFee(fact: FeeFact, at: { signature: Signature; slot: bigint; at: bigint; seq: bigint; position: number }): void {
    const st = this.statements;
    if (st.coinInfo.get(fact.mint) === undefined) return;
    const zero = { split: 0n, toLp: 0n, rootstock: 0n, treasury: 0n, payee: 0n, paidOut: 0n, nClaimed: 0n, nBurned: 0n, nToLp: 0n, nConverted: 0n, nConvertedZec: 0n };
    // Several rows of one fact share its position: the second and later get sub-positions after it.
    let sub = 0;
    const event = (kind: FeeEventKind, amount: bigint, zec: bigint, party: Address | null = null, run: number | null = null) =>
      st.insertFeeEvent.run({ ...at, position: at.position * 8 + sub++, mint: fact.mint, kind, amount, zec, party, run });
    switch (fact.kind) {
      case 'run-opened':
        if (this.runs.apply(fact, at)) event('run-open', fact.total, fact.total, null, fact.run);
        break;
      case 'run-paid':
        // A holder's share is paid out of the coin's fee account as surely as a claim is.
        if (this.runs.apply(fact, at)) {
          st.addFees.run({ ...zero, mint: fact.mint, paidOut: fact.share });
          event('run-pay', fact.share, fact.share, fact.holder, fact.run);
        }
        break;
      case 'run-closed':
        if (this.runs.apply(fact, at)) event('run-close', fact.dust, fact.dust, null, fact.run);
        break;
      case 'liquidity-added':
        event('liquidity', fact.base, fact.quote, fact.pool);
        break;
      case 'split':
        st.addFees.run({ ...zero, mint: fact.mint, split: fact.amount, toLp: fact.liquidity, rootstock: fact.rootstock, treasury: fact.treasury, payee: fact.payee });
        event('split', fact.amount, fact.amount);
        break;
      case 'payout':
        st.addFees.run({ ...zero, mint: fact.mint, paidOut: fact.amount });
        event('payout', fact.amount, fact.amount, fact.payee);
        break;
      case 'payee-changed':
        st.setPayee.run({ mint: fact.mint, payeeKind: fact.payeeKind, payee: fact.payee ?? HOLDERS_ADDRESS });
        event('payee', 0n, 0n, fact.payee);
        break;
      case 'native-collected':
        st.addFees.run({ ...zero, mint: fact.mint, nClaimed: fact.amount });
        event('collect', fact.amount, this.nativeToZec(fact.amount));
        break;
      case 'native-split': {
        // What moved in the native coin, valued at the split's own conversion rate; the ZEC parts as paid.
        const valued = (x: bigint) => (fact.converted === 0n ? this.nativeToZec(x) : (x * fact.convertedZec) / fact.converted);
        st.addFees.run({
          ...zero,
          mint: fact.mint,
          split: valued(fact.collected),
          toLp: valued(fact.toLp),
          rootstock: valued(fact.burned),
          treasury: fact.treasuryZec,
          payee: fact.payeeZec,
          nBurned: fact.burned,
          nToLp: fact.toLp,
          nConverted: fact.converted,
          nConvertedZec: fact.convertedZec,
        });
        event('burn', fact.burned, valued(fact.burned));
        event('to-lp', fact.toLp, valued(fact.toLp));
        event('conversion', fact.converted, fact.convertedZec);
        break;
      }
    }
  }

  // ---- reads ----

  /** A coin's pair (`zec`, `native`, `stock:<key>`, `other`), remembered: a coin's pair never changes. */
  pairOf(mint: Address): string | null {
    let pair = this.pairs.get(mint);
    if (pair === undefined) {
      pair = (this.statements.coinPair.get(mint) as { pair: string } | undefined)?.pair;
      if (pair === undefined) return null;
      if (this.pairs.size >= 100_000) this.pairs.clear();
      this.pairs.set(mint, pair);
    }
    return pair;
  }
  private readonly pairs = new Map<string, string>();

  coin(mint: Address): CoinRow | null {
    return this.queries.coin(mint);
  }

  /** A coin's raise figures, on a coin row read by IndexQueries (by mint or in a list). */
  private completeCoin(c: MutableCoinRow): CoinRow {
    let raisedSoFar = c.realQuote;
    let raiseAtCompletion = c.realQuote;
    if (c.stage === 'curve' && c.realToken > 0n && c.virtualToken > c.realToken) {
      raiseAtCompletion = c.realQuote + buyExactTokens(curveState({ virtualTokenReserves: c.virtualToken, virtualQuoteReserves: c.virtualQuote, realTokenReserves: c.realToken, realQuoteReserves: c.realQuote, complete: false }), tokenUnits(c.realToken), NO_FEES).quoteCost;
    } else if (c.stage === 'pool') {
      raisedSoFar = raiseAtCompletion = this.graduation(c.mint)?.quoteAmount ?? 0n;
    }
    c.raisedSoFar = raisedSoFar;
    c.raiseAtCompletion = raiseAtCompletion;
    c.raisedSoFarZec = c.pair === 'native' ? this.nativeToZec(raisedSoFar) : raisedSoFar;
    c.raiseAtCompletionZec = c.pair === 'native' ? this.nativeToZec(raiseAtCompletion) : raiseAtCompletion;
    return c;
  }

  /** A coin's trades, oldest first; `routed` rows (the native coin's pool side of routes) only when asked. */
  tradesOf(mint: Address, options: { readonly includeRouted?: boolean } = { includeRouted: true }): TradeRow[] {
    const statement = options.includeRouted === false ? this.statements.coinTradesCounted : this.statements.coinTrades;
    return (statement.all(mint) as Row[]).map((row) => {
      // seq and position are the index's own bookkeeping (arrival order), not part of a trade.
      const { seq: _seq, position: _position, ...t } = camel(row);
      return tradeRowOf(t);
    });
  }

  candles(mint: Address, seconds: bigint): CandleRow[] {
    return (this.statements.candles.all(mint, seconds) as Row[]).map(candleRowOf);
  }

  holding(mint: Address, wallet: Address): HoldingRow | null {
    const row = this.statements.holdingRow.get(mint, wallet) as Row | undefined;
    return row ? this.holdingOf(row) : null;
  }

  holdingsOf(wallet: Address): HoldingRow[] {
    return (this.statements.holdingsOf.all(wallet) as Row[]).map((row) => this.holdingOf(row));
  }

  /** A holding valued at its coin's spot price now (core/index/valuation), PnL against its cost basis. */
  private holdingOf(row: Row, coinOfRow?: CoinRow | null): HoldingRow {
    // The holder's kind (tags) feeds the coin's risk figures only: not part of a holding as read.
    const { tags: _tags, ...h } = camel(row) as Row & { mint: Address; balance: bigint; costBasisZec: bigint };
    const coin = coinOfRow === undefined ? this.coin(h.mint) : coinOfRow;
    const valueZec = coin ? spotValueZec(h.balance, coin, coin.pair === 'native' ? this.nativeRate() : null) : 0n;
    return { ...h, valueZec, unrealisedPnlZec: valueZec - h.costBasisZec } as unknown as HoldingRow;
  }

  fees(mint: Address): CoinFeesRow | null {
    const row = this.statements.fees.get(mint) as Row | undefined;
    if (!row) return null;
    const n = (key: string) => (row[key] as bigint | null) ?? 0n;
    return {
      mint,
      creatorFeesZec: n('creator_fees_zec'),
      splitZec: n('split_zec'),
      toLpZec: n('to_lp_zec'),
      rootstockZec: n('rootstock_zec'),
      treasuryZec: n('treasury_zec'),
      payeeZec: n('payee_zec'),
      paidOutZec: n('paid_out_zec'),
      native:
        row['pair'] === 'native'
          ? { claimed: n('native_claimed'), burned: n('native_burned'), toLp: n('native_to_lp'), converted: n('native_converted'), convertedZec: n('native_converted_zec') }
          : null,
    };
  }

  feeEvents(mint: Address): FeeEventRow[] {
    return (this.statements.feeEvents.all(mint) as Row[]).map(feeEventRowOf);
  }

  /** A coin's vault movements, newest first, before `before` (a page's last row's key). */
  feeEventsPage(mint: Address, limit: number, before: { seq: bigint; position: bigint } | null): { rows: FeeEventRow[]; last: { seq: bigint; position: bigint } | null } {
    const big = 1n << 62n;
    const rows = this.statements.feeEventsPage.all({ mint, limit, seq: before?.seq ?? big, position: before?.position ?? big }) as Row[];
    const tail = rows.at(-1);
    return { rows: rows.map(feeEventRowOf), last: tail ? { seq: tail['seq'] as bigint, position: tail['position'] as bigint } : null };
  }

  /** The vault movements one transaction made, in order. */
  feeEventsOfTransaction(signature: Signature): FeeEventRow[] {
    return (this.statements.feeEventsOfTx.all(signature) as Row[]).map(feeEventRowOf);
  }

  /** A coin's holders (balance above zero), largest first, valued like an account's holdings. */
  holders(mint: Address, limit: number, offset = 0): HoldingRow[] {
    // One coin, read once: a page of holders is one coin's (its coin read per row was half the page's time).
    const coin = this.coin(mint);
    return (this.statements.holders.all(mint, limit, offset) as Row[]).map((row) => this.holdingOf(row, coin));
  }

  /**
   * A coin's holders as they stood after every counted trade up to `slot` (a holder-reward run's snapshot):
   * the same rule as the live holdings, replayed, so that a run resumed after a crash finds the very
   * snapshot it was opened with. Largest first, then by address.
   */
  holdersAt(mint: Address, slot: bigint): { readonly wallet: Address; readonly balance: bigint }[] {
    const steps = this.statements.stepsUpTo.iterate({ mint, slot }) as Iterable<HoldingStep>;
    return [...replayBalances(steps)]
      .map(([wallet, balance]) => ({ wallet: wallet as Address, balance }))
      .sort((a, b) => (a.balance === b.balance ? (a.wallet < b.wallet ? -1 : 1) : a.balance > b.balance ? -1 : 1));
  }

  /** Listed planted coins, the most recently traded first, with their last trade's time (for a reconcile round). */
  recentlyTradedCoins(limit: number): { readonly mint: Address; readonly at: bigint | null }[] {
    return this.statements.recentlyTraded.all(limit) as { mint: Address; at: bigint | null }[];
  }

  /** Planted coins in mint order after `after` (a reconcile round's walk over every coin, a few at a time). */
  plantedCoinsAfter(after: string, limit: number): { readonly mint: Address; readonly at: bigint | null }[] {
    return this.statements.plantedAfter.all(after, limit) as { mint: Address; at: bigint | null }[];
  }

  /** A planted coin's risk figures as the index keeps them (core/types/risk-figures.ts); null for any other mint. */
  risk(mint: Address): RiskFigures | null {
    // One read, the supply joined in. A batch's figures are written at its end with everything else it folded.
    const row = this.statements.riskWithSupply.get(mint) as Record<string, bigint> | undefined;
    if (!row) return null;
    return {
      supply: row['token_total_supply']!, holders: row['holders']!, top10Held: row['top10_held']!, deployerHeld: row['deployer_held']!, deployerBought: row['deployer_bought']!,
      deployerSold: row['deployer_sold']!, snipers: row['snipers']!, sniperHeld: row['sniper_held']!, bundled: row['bundled']!, bundleHeld: row['bundle_held']!,
      fresh: row['fresh']!, freshHeld: row['fresh_held']!,
    };
  }

  /** How many wallets hold a coin, and what they hold together (raw units). */
  holderTotals(mint: Address): { readonly holders: bigint; readonly held: bigint } {
    return this.statements.holderTotals.get(mint) as { holders: bigint; held: bigint };
  }

  /** A coin's graduation (its migration into the pool), or null while it has none. */
  graduation(mint: Address): GraduationRow | null {
    const row = this.statements.graduation.get(mint) as Row | undefined;
    return row ? (camel(row) as unknown as GraduationRow) : null;
  }

  /** Graduations, newest first. */
  graduations(limit = 100): GraduationRow[] {
    return (this.statements.graduations.all(limit) as Row[]).map((row) => camel(row) as unknown as GraduationRow);
  }

  /** Totals over every counted (listed, ZEC-paired) coin; routed rows never count. */
  stats(): StatsRow {
    return camel(this.statements.stats.get() as Row) as unknown as StatsRow;
  }

  /** Counted activity per UTC day, newest first, from `sinceDay` (unix seconds) on. */
  dailyStats(sinceDay = 0n, limit = 366): DailyStatsRow[] {
    return (this.statements.dailyStats.all(sinceDay, limit) as Row[]).map((row) => camel(row) as unknown as DailyStatsRow);
  }
}
