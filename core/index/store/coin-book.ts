import type Database from 'better-sqlite3';
import type { Address, Signature } from '@solana/kit';
import type { NativeRate } from '../valuation.js';
import type { GraduatedFact, NativePoolFact, PlantedFact, TradeFact } from './facts.js';
import type { NativeCoinInfo } from './index-rows.js';

/** What the write path keeps of a coin, read once: only coins that exist. */
export interface CoinState {
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
 * The index's coins rows as the write path keeps them: a planting's row (with its empty risk row), the
 * native coin's, a trade's update folded per run of trades, completion, graduation (its graduations row
 * too) and burns; and the native coin's ZEC rate, which its pool's row gives. Within applyAll's SQLite
 * transaction a coin's trades are folded in memory and its row is written once per run of them (`flush`):
 * before any other fact reads or writes a coins row, and at the batch's end. What is written is exactly
 * what one statement per trade wrote. The store is the index's only writer, so a state read here stays
 * true until it is written; a batch that fails rolls back, and `forget` drops what it folded.
 */
export class CoinBook {
  /** Per coin: counted (fixed at its planting) and its trend (written only by trades), once read. Only coins that exist. */
  private readonly coinStates = new Map<string, CoinState>();
  private readonly pendingCoins = new Map<string, PendingCoin>();
  private readonly statements;
  /** The native coin's mint, once registered (kept in meta: a reopened index knows it). */
  private nativeMint: Address | null = null;

  constructor(db: Database.Database) {
    const s = (sql: string) => db.prepare(sql).safeIntegers(true);
    this.statements = {
      insertCoin: s(`INSERT OR IGNORE INTO coins (mint, listed, unlisted_reason, pair, name, symbol, uri, deployer, creator, payee_kind, payee,
        created_signature, created_slot, created_at, stage, virtual_token, virtual_quote, real_token, real_quote, token_total_supply, counted, curve)
        VALUES (@mint, @listed, @unlistedReason, @pair, @name, @symbol, @uri, @deployer, @creator, @payeeKind, @payee,
        @signature, @slot, @at, 'curve', @virtualToken, @virtualQuote, @realToken, @realQuote, @tokenTotalSupply, @counted, @curve)`),
      insertNativeCoin: s(`INSERT OR IGNORE INTO coins (mint, kind, listed, pair, name, symbol, uri, deployer, creator, created_signature, created_slot, created_at,
        stage, virtual_token, virtual_quote, real_token, real_quote, pool, pool_base, pool_quote)
        VALUES (@mint, 'native', 1, 'zec', @name, @symbol, '', @pool, @pool, '', 0, 0, 'pool', 0, 0, 0, 0, @pool, 0, 0)`),
      nativeCoin: s('SELECT mint, pool_base, pool_quote FROM coins WHERE mint = ?'),
      setMeta: s('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value'),
      meta: s('SELECT value FROM meta WHERE key = ?'),
      setNativePool: s('UPDATE coins SET pool_base = @base, pool_quote = @quote WHERE mint = @mint AND pool = @pool'),
      coinInfo: s('SELECT kind, counted FROM coins WHERE mint = ?'),
      coinState: s('SELECT kind, counted, trend, curve, pool, created_slot, deployer FROM coins WHERE mint = ?'),
      insertRisk: s('INSERT OR IGNORE INTO coin_risk (mint) VALUES (?)'),
      burned: s('UPDATE coins SET token_total_supply = token_total_supply - ? WHERE mint = ?'),
      supplyOf: s('SELECT token_total_supply AS supply FROM coins WHERE mint = ?'),
      // One statement per coin per run of trades (see PendingCoin): its venue's reserves, last price, trend and (when counted) its totals.
      // Positional: binding an object by name costs more on this path.
      curveTrade: s(`UPDATE coins SET virtual_token = ?, virtual_quote = ?, real_token = ?, real_quote = ?,
        last_price_e18 = ?, last_trade_at = ?, trades = trades + ?, buys = buys + ?, sells = sells + ?,
        volume_zec = volume_zec + ?, creator_fees_zec = creator_fees_zec + ?, trend = ? WHERE mint = ?`),
      poolTrade: s(`UPDATE coins SET pool_base = ?, pool_quote = ?,
        last_price_e18 = ?, last_trade_at = ?, trades = trades + ?, buys = buys + ?, sells = sells + ?,
        volume_zec = volume_zec + ?, creator_fees_zec = creator_fees_zec + ?, trend = ? WHERE mint = ?`),
      complete: s("UPDATE coins SET stage = 'complete' WHERE mint = ?"),
      graduate: s("UPDATE coins SET stage = 'pool', pool = @pool, pool_base = @baseAmount, pool_quote = @quoteAmount, virtual_token = 0, virtual_quote = 0, real_token = 0, real_quote = 0 WHERE mint = @mint"),
      insertGraduation: s('INSERT OR IGNORE INTO graduations (mint, signature, slot, at, pool, base_amount, quote_amount) VALUES (@mint, @signature, @slot, @at, @pool, @baseAmount, @quoteAmount)'),
    };
    this.nativeMint = ((this.statements.meta.get('native_mint') as { value: string } | undefined)?.value ?? null) as Address | null;
  }

  /** A coin's write-path state, read once and kept; null for a mint the index does not hold (not kept: a planting may add it). */
  state(mint: Address): CoinState | null {
    let state = this.coinStates.get(mint);
    if (state === undefined) {
      const row = this.statements.coinState.get(mint) as { kind: string; counted: bigint; trend: number | null; curve: string | null; pool: string | null; created_slot: bigint; deployer: string } | undefined;
      if (!row) return null; // not cached: a planting may add it
      state = { counted: row.counted === 1n, planted: row.kind === 'coin', trend: row.trend, curve: row.curve, pool: row.pool, createdSlot: row.created_slot, deployer: row.deployer };
      this.coinStates.set(mint, state);
    }
    return state;
  }

  /** Whether the index holds the coin and counts it, read as the row stands (fee facts and graduations); null for none. */
  info(mint: Address): { readonly counted: bigint } | null {
    return (this.statements.coinInfo.get(mint) as { counted: bigint } | undefined) ?? null;
  }

  /** A planting's row and its (empty) risk row. Answers whether it added a counted coin (listed, ZEC-paired). */
  plant(fact: PlantedFact, at: { signature: Signature; slot: bigint; at: bigint }): boolean {
    const { kind: _kind, ...coin } = fact;
    const counted = coin.listed && coin.pair === 'zec';
    const added = this.statements.insertCoin.run({ ...at, ...coin, listed: coin.listed ? 1 : 0, counted: counted ? 1 : 0 }).changes;
    this.statements.insertRisk.run(coin.mint);
    return added > 0 && counted;
  }

  /** The native coin's row, so its direct pool trades and each route's pool side have a coin to belong to. */
  registerNative(info: NativeCoinInfo): void {
    this.statements.insertNativeCoin.run(info);
    this.statements.setMeta.run('native_mint', info.mint);
    this.nativeMint = info.mint;
  }

  /** The native-coin/ZEC pool's reserves as read from chain, when the index has none yet. */
  seedNativePool(pool: Address, base: bigint, quote: bigint): void {
    if (this.nativeMint === null) return;
    const native = this.statements.nativeCoin.get(this.nativeMint) as { pool_base: bigint | null } | undefined;
    if (native && !native.pool_base) this.statements.setNativePool.run({ mint: this.nativeMint, pool, base, quote });
  }

  /** The native-coin/ZEC pool's reserves as a transaction left them. */
  nativePool(fact: NativePoolFact): void {
    if (this.nativeMint) this.statements.setNativePool.run({ mint: this.nativeMint, pool: fact.pool, base: fact.base, quote: fact.quote });
  }

  complete(mint: Address): void {
    this.statements.complete.run(mint);
  }

  /**
   * A coin's graduation: its row moves to the pool, and its graduations row is kept. Answers whether a counted
   * coin graduated for the first time (the day's figures count it).
   */
  graduate(fact: GraduatedFact, at: { signature: Signature; slot: bigint; at: bigint }): boolean {
    const st = this.statements;
    const info = st.coinInfo.get(fact.mint) as { counted: bigint } | undefined;
    if (!info) return false;
    st.graduate.run({ mint: fact.mint, pool: fact.pool, baseAmount: fact.baseAmount, quoteAmount: fact.quoteAmount });
    const state = this.coinStates.get(fact.mint);
    if (state) state.pool = fact.pool;
    const added = st.insertGraduation.run({ ...at, mint: fact.mint, pool: fact.pool, baseAmount: fact.baseAmount, quoteAmount: fact.quoteAmount }).changes;
    return added > 0 && info.counted === 1n;
  }

  /** Tokens burned: the coin's supply goes down by them. */
  burn(mint: Address, amount: bigint): void {
    this.statements.burned.run(amount, mint);
  }

  supplyOf(mint: Address): bigint {
    return (this.statements.supplyOf.get(mint) as { supply: bigint }).supply;
  }

  /** A trade's update of its coin's row, folded into the coin's pending one (the last trade's reserves, price and trend; counts summed). */
  fold(mint: Address, reserves: TradeFact['reserves'], price: bigint | string, at: bigint, counted: boolean, buy: boolean, zec: bigint, creatorFee: bigint, trend: number | null): void {
    let pending = this.pendingCoins.get(mint);
    const pool = 'poolBase' in reserves;
    if (pending !== undefined && pending.pool !== pool) {
      this.flush();
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

  /** Writes the coins' pending updates (before anything reads or writes a coins row, and at the batch's end). */
  flush(): void {
    if (this.pendingCoins.size === 0) return;
    const st = this.statements;
    for (const [mint, c] of this.pendingCoins) {
      const r = c.reserves as Record<string, bigint>;
      if (c.pool) st.poolTrade.run(r['poolBase'], r['poolQuote'], c.price, c.at, c.trades, c.buys, c.sells, c.zec, c.creatorFee, c.trend, mint);
      else st.curveTrade.run(r['virtualToken'], r['virtualQuote'], r['realToken'], r['realQuote'], c.price, c.at, c.trades, c.buys, c.sells, c.zec, c.creatorFee, c.trend, mint);
    }
    this.pendingCoins.clear();
  }

  /** After a batch: the kept states start over past `max` coins (a bound on memory, not a tuning). */
  bound(max: number): void {
    if (this.coinStates.size > max) this.coinStates.clear();
  }

  /** Forgets a rolled-back batch's updates and every state read (they may be the batch's). */
  forget(): void {
    this.coinStates.clear();
    this.pendingCoins.clear();
    // A standby's replay may have registered the native coin under it.
    this.nativeMint = ((this.statements.meta.get('native_mint') as { value: string } | undefined)?.value ?? null) as Address | null;
  }

  /** The native coin's ZEC rate now: its pool's reserves (quote zat for base units); null while the index has none. */
  nativeRate(): NativeRate | null {
    if (this.nativeMint === null) return null;
    this.flush(); // inside a batch: the pool's reserves as its trades so far left them
    const native = this.statements.nativeCoin.get(this.nativeMint) as { pool_base: bigint | null; pool_quote: bigint | null } | undefined;
    if (!native?.pool_base || !native.pool_quote) return null;
    return { base: native.pool_base, quote: native.pool_quote };
  }

  /** ZEC for an amount of the native coin at the native-coin/ZEC pool's rate now (floored); 0 while the index has no rate. */
  nativeToZec(amount: bigint): bigint {
    const rate = this.nativeRate();
    return rate ? (amount * rate.quote) / rate.base : 0n;
  }
}
