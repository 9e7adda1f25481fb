import Database from 'better-sqlite3';
import type { Address, Signature } from '@solana/kit';
import { CANDLE_INTERVALS, candleBucket } from '../candles.js';
import { SCHEMA, SCHEMA_VERSION } from './schema.js';

/** A coin as its planting registered it (listed, or unlisted with the reason). */
export interface PlantedFact {
  readonly kind: 'planted';
  readonly mint: Address;
  readonly listed: boolean;
  readonly unlistedReason: string | null;
  readonly pair: 'zec' | 'native' | 'other';
  readonly name: string;
  readonly symbol: string;
  readonly uri: string;
  readonly deployer: Address;
  readonly creator: Address;
  readonly payeeKind: 'wallet' | 'holders' | null;
  readonly payee: Address | null;
  readonly virtualToken: bigint;
  readonly virtualQuote: bigint;
  readonly realToken: bigint;
  readonly realQuote: bigint;
}

/** One trade, as the venue's event reports it; `zec` is what the trader paid or received in all. */
export interface TradeFact {
  readonly kind: 'trade';
  readonly mint: Address;
  readonly venue: 'curve' | 'pool';
  readonly side: 'buy' | 'sell';
  readonly user: Address;
  readonly tokens: bigint;
  /** The venue's quote amount before fees. */
  readonly quote: bigint;
  readonly zec: bigint;
  readonly creatorFee: bigint;
  readonly protocolFee: bigint;
  readonly priceE9: bigint;
  /** The venue's reserves after the trade: the curve's four, or the pool's two (real ones only). */
  readonly reserves: Readonly<{ virtualToken: bigint; virtualQuote: bigint; realToken: bigint; realQuote: bigint }> | Readonly<{ poolBase: bigint; poolQuote: bigint }>;
}

export interface CompletedFact {
  readonly kind: 'completed';
  readonly mint: Address;
}

export interface GraduatedFact {
  readonly kind: 'graduated';
  readonly mint: Address;
  readonly pool: Address;
  readonly baseAmount: bigint;
  readonly quoteAmount: bigint;
}

export type IndexFact = PlantedFact | TradeFact | CompletedFact | GraduatedFact;

export interface IndexedTransaction {
  readonly signature: Signature;
  readonly slot: bigint;
  /** Unix seconds. */
  readonly at: bigint;
  readonly facts: readonly IndexFact[];
}

export interface CoinRow {
  readonly mint: Address;
  readonly listed: boolean;
  readonly unlistedReason: string | null;
  readonly pair: string;
  readonly name: string;
  readonly symbol: string;
  readonly stage: 'curve' | 'complete' | 'pool';
  readonly virtualToken: bigint;
  readonly virtualQuote: bigint;
  readonly realToken: bigint;
  readonly realQuote: bigint;
  readonly pool: Address | null;
  readonly trades: bigint;
  readonly volumeZec: bigint;
  readonly creatorFeesZec: bigint;
  readonly lastPriceE9: bigint;
}

export interface TradeRow {
  readonly signature: Signature;
  readonly slot: bigint;
  readonly at: bigint;
  readonly mint: Address;
  readonly venue: 'curve' | 'pool';
  readonly side: 'buy' | 'sell';
  readonly user: Address;
  readonly tokens: bigint;
  readonly quote: bigint;
  readonly zec: bigint;
  readonly creatorFee: bigint;
  readonly protocolFee: bigint;
  readonly priceE9: bigint;
  readonly routed: boolean;
}

export interface CandleRow {
  readonly bucket: bigint;
  readonly open: bigint;
  readonly high: bigint;
  readonly low: bigint;
  readonly close: bigint;
  readonly volumeZec: bigint;
  readonly trades: bigint;
}

export interface HoldingRow {
  readonly mint: Address;
  readonly wallet: Address;
  readonly balance: bigint;
  readonly costBasisZec: bigint;
  readonly realisedPnlZec: bigint;
}

type Row = Record<string, unknown>;
const camel = (row: Row): Row => Object.fromEntries(Object.entries(row).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), v]));

/**
 * The index in one SQLite file (WAL): the only place that speaks SQL. Every landed transaction is applied
 * once, in chain order, with its facts and its signature in a single SQLite transaction.
 */
export class IndexStore {
  private readonly db: Database.Database;
  private readonly statements;

  private constructor(db: Database.Database) {
    this.db = db;
    const s = (sql: string) => db.prepare(sql).safeIntegers(true);
    this.statements = {
      processed: s('SELECT 1 FROM processed WHERE signature = ?'),
      nextSeq: s('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM processed'),
      markProcessed: s('INSERT INTO processed (signature, slot, seq) VALUES (?, ?, ?)'),
      insertCoin: s(`INSERT OR IGNORE INTO coins (mint, listed, unlisted_reason, pair, name, symbol, uri, deployer, creator, payee_kind, payee,
        created_signature, created_slot, created_at, stage, virtual_token, virtual_quote, real_token, real_quote)
        VALUES (@mint, @listed, @unlistedReason, @pair, @name, @symbol, @uri, @deployer, @creator, @payeeKind, @payee,
        @signature, @slot, @at, 'curve', @virtualToken, @virtualQuote, @realToken, @realQuote)`),
      coinExists: s('SELECT listed FROM coins WHERE mint = ?'),
      curveAfterTrade: s(`UPDATE coins SET virtual_token = @virtualToken, virtual_quote = @virtualQuote, real_token = @realToken, real_quote = @realQuote,
        trades = trades + 1, volume_zec = volume_zec + @zec, creator_fees_zec = creator_fees_zec + @creatorFee, last_price_e9 = @priceE9, last_trade_at = @at WHERE mint = @mint`),
      poolAfterTrade: s(`UPDATE coins SET pool_base = @poolBase, pool_quote = @poolQuote,
        trades = trades + 1, volume_zec = volume_zec + @zec, creator_fees_zec = creator_fees_zec + @creatorFee, last_price_e9 = @priceE9, last_trade_at = @at WHERE mint = @mint`),
      insertTrade: s(`INSERT INTO trades (seq, position, signature, slot, at, mint, venue, side, user, tokens, quote, zec, creator_fee, protocol_fee, price_e9, routed)
        VALUES (@seq, @position, @signature, @slot, @at, @mint, @venue, @side, @user, @tokens, @quote, @zec, @creatorFee, @protocolFee, @priceE9, 0)`),
      candle: s(`INSERT INTO candles (mint, interval, bucket, open, high, low, close, volume_zec, trades) VALUES (@mint, @interval, @bucket, @price, @price, @price, @price, @zec, 1)
        ON CONFLICT (mint, interval, bucket) DO UPDATE SET high = MAX(high, @price), low = MIN(low, @price), close = @price, volume_zec = volume_zec + @zec, trades = trades + 1`),
      holding: s('SELECT balance, cost_basis_zec, realised_pnl_zec FROM holdings WHERE mint = ? AND wallet = ?'),
      putHolding: s(`INSERT INTO holdings (mint, wallet, balance, cost_basis_zec, realised_pnl_zec) VALUES (@mint, @wallet, @balance, @cost, @realised)
        ON CONFLICT (mint, wallet) DO UPDATE SET balance = @balance, cost_basis_zec = @cost, realised_pnl_zec = @realised`),
      complete: s("UPDATE coins SET stage = 'complete' WHERE mint = ?"),
      graduate: s("UPDATE coins SET stage = 'pool', pool = @pool, pool_base = @baseAmount, pool_quote = @quoteAmount, virtual_token = 0, virtual_quote = 0, real_token = 0, real_quote = 0 WHERE mint = @mint"),
      insertGraduation: s('INSERT OR IGNORE INTO graduations (mint, signature, slot, at, pool, base_amount, quote_amount) VALUES (@mint, @signature, @slot, @at, @pool, @baseAmount, @quoteAmount)'),
      coin: s('SELECT * FROM coins WHERE mint = ?'),
      coinTrades: s('SELECT * FROM trades WHERE mint = ? ORDER BY seq, position'),
      candles: s('SELECT bucket, open, high, low, close, volume_zec, trades FROM candles WHERE mint = ? AND interval = ? ORDER BY bucket'),
      holdingRow: s('SELECT * FROM holdings WHERE mint = ? AND wallet = ?'),
      count: s('SELECT COUNT(*) AS n FROM processed'),
      lastProcessed: s('SELECT signature, slot FROM processed ORDER BY seq DESC LIMIT 1'),
    };
  }

  /** Opens (creating when missing) the index at `path`; `:memory:` for a throwaway one. */
  static open(path: string): IndexStore {
    const db = new Database(path);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL'); // WAL + NORMAL: a process crash loses nothing committed
    db.exec(SCHEMA);
    const version = db.prepare("SELECT value FROM meta WHERE key = 'schema'").get() as { value: string } | undefined;
    if (!version) db.prepare("INSERT INTO meta (key, value) VALUES ('schema', ?)").run(String(SCHEMA_VERSION));
    else if (Number(version.value) !== SCHEMA_VERSION) throw new Error(`the index at ${path} has schema ${version.value}; this version reads ${SCHEMA_VERSION}`);
    return new IndexStore(db);
  }

  close(): void {
    this.db.close();
  }

  hasProcessed(signature: Signature): boolean {
    return this.statements.processed.get(signature) !== undefined;
  }

  /** How many transactions the index holds, and the last one (the checkpoint a restart resumes after). */
  checkpoint(): { readonly transactions: bigint; readonly last: { readonly signature: Signature; readonly slot: bigint } | null } {
    const n = (this.statements.count.get() as { n: bigint }).n;
    const last = this.statements.lastProcessed.get() as { signature: Signature; slot: bigint } | undefined;
    return { transactions: n, last: last ?? null };
  }

  /** Applies a batch of landed transactions in order, all in one SQLite transaction; those already applied are skipped. Answers how many were new. */
  applyAll(batch: readonly IndexedTransaction[]): number {
    return this.db.transaction(() => {
      let applied = 0;
      for (const tx of batch) if (this.applyOne(tx)) applied += 1;
      return applied;
    })();
  }

  private applyOne(tx: IndexedTransaction): boolean {
    const st = this.statements;
    if (st.processed.get(tx.signature) !== undefined) return false;
    const seq = (st.nextSeq.get() as { seq: bigint }).seq;
    st.markProcessed.run(tx.signature, tx.slot, seq);
    const base = { signature: tx.signature, slot: tx.slot, at: tx.at };
    tx.facts.forEach((fact, position) => {
      switch (fact.kind) {
        case 'planted': {
          const { kind: _kind, ...coin } = fact;
          st.insertCoin.run({ ...base, ...coin, listed: coin.listed ? 1 : 0 });
          break;
        }
        case 'trade':
          this.applyTrade(fact, { ...base, seq, position });
          break;
        case 'completed':
          st.complete.run(fact.mint);
          break;
        case 'graduated':
          st.graduate.run({ mint: fact.mint, pool: fact.pool, baseAmount: fact.baseAmount, quoteAmount: fact.quoteAmount });
          st.insertGraduation.run({ ...base, mint: fact.mint, pool: fact.pool, baseAmount: fact.baseAmount, quoteAmount: fact.quoteAmount });
          break;
      }
    });
    return true;
  }

  private applyTrade(t: TradeFact, at: { signature: Signature; slot: bigint; at: bigint; seq: bigint; position: number }): void {
    const st = this.statements;
    if (st.coinExists.get(t.mint) === undefined) return; // a coin planted before the index began: not ours to count
    const { kind: _kind, reserves, ...trade } = t;
    st.insertTrade.run({ ...at, ...trade });
    const values = { mint: t.mint, zec: t.zec, creatorFee: t.creatorFee, priceE9: t.priceE9, at: at.at };
    if ('poolBase' in reserves) st.poolAfterTrade.run({ ...values, ...reserves });
    else st.curveAfterTrade.run({ ...values, ...reserves });
    for (const seconds of Object.values(CANDLE_INTERVALS)) {
      st.candle.run({ mint: t.mint, interval: seconds, bucket: candleBucket(at.at, seconds), price: t.priceE9, zec: t.zec });
    }
    // Holdings at average cost: a buy adds its ZEC to the cost basis; a sale takes out the basis of the
    // tokens sold (pro rata, floored) and realises the difference.
    const held = st.holding.get(t.mint, t.user) as { balance: bigint; cost_basis_zec: bigint; realised_pnl_zec: bigint } | undefined;
    let balance = held?.balance ?? 0n;
    let cost = held?.cost_basis_zec ?? 0n;
    let realised = held?.realised_pnl_zec ?? 0n;
    if (t.side === 'buy') {
      balance += t.tokens;
      cost += t.zec;
    } else {
      const sold = t.tokens < balance ? t.tokens : balance; // tokens from outside the index carry no basis
      const basis = balance === 0n ? 0n : (cost * sold) / balance;
      balance -= sold;
      cost -= basis;
      realised += t.zec - basis;
    }
    st.putHolding.run({ mint: t.mint, wallet: t.user, balance, cost, realised });
  }

  coin(mint: Address): CoinRow | null {
    const row = this.statements.coin.get(mint) as Row | undefined;
    if (!row) return null;
    const c = camel(row);
    return { ...c, listed: c['listed'] === 1n } as unknown as CoinRow;
  }

  tradesOf(mint: Address): TradeRow[] {
    return (this.statements.coinTrades.all(mint) as Row[]).map((row) => {
      const t = camel(row);
      return { ...t, routed: t['routed'] === 1n } as unknown as TradeRow;
    });
  }

  candles(mint: Address, seconds: bigint): CandleRow[] {
    return (this.statements.candles.all(mint, seconds) as Row[]).map((row) => camel(row) as unknown as CandleRow);
  }

  holding(mint: Address, wallet: Address): HoldingRow | null {
    const row = this.statements.holdingRow.get(mint, wallet) as Row | undefined;
    return row ? (camel(row) as unknown as HoldingRow) : null;
  }
}
