import type { Address, Signature } from '@solana/kit';
import { buyExactTokens, curveState } from '../../math/curve.js';
import { feeRates } from '../../math/curve-fees.js';
import { tokenUnits } from '../../math/units.js';
import { spotValueZec, type NativeRate } from '../valuation.js';
import { replayBalances, type HoldingStep } from '../holding.js';
import type { RiskFigures } from '../../types/risk-figures.js';
import type { MutableCoinRow } from './index-queries.js';
import { candleRowOf, feeEventRowOf, tradeRowOf, type CandleRow, type CoinFeesRow, type CoinRow, type DailyStatsRow, type FeeEventRow, type GraduationRow, type HoldingRow, type StatsRow, type TradeRow } from './index-rows.js';
import { camel, type Row } from './rows.js';
import { after, type Awaitable, type ReadPort } from './read-port.js';

const NO_FEES = feeRates({ protocolBps: 0n, creatorBps: 0n, buybackBps: 0n });

/**
 * The index's point reads: one coin's trades, candles, fees, holders, risk figures or graduation, one
 * wallet's holdings, a transaction's fate, the totals and daily figures. Rows come back as the store's row
 * types (index-rows.ts); holdings are valued at their coin's spot price now. The list reads are
 * index-queries.ts, the push stream's stream-queries.ts. They run on either store (read-port.ts).
 */
/** A holders page's columns, in order. */
type HolderValues = [wallet: Address, balance: bigint, costBasisZec: bigint, realisedPnlZec: bigint, volumeZec: bigint, firstSeenSlot: bigint, firstSeenAt: bigint];

export class PointReads {
  private readonly statements;

  /** The native coin's ZEC rate now. */
  readonly nativeRate: () => Awaitable<NativeRate | null>;

  constructor(
    port: ReadPort,
    /** A coin by mint, completed (IndexQueries.coin). */
    private readonly coinOf: (mint: Address) => Promise<CoinRow | null>,
    /**
     * The native coin's ZEC rate now; default: read here. The SQLite store passes its write path's own
     * (CoinBook.nativeRate: the native mint kept in memory, and inside a batch the reserves its trades left).
     */
    nativeRate?: () => Awaitable<NativeRate | null>,
  ) {
    const s = <R = Row>(sql: string) => port.rows<R>(sql);
    const native = s<{ pool_base: bigint | null; pool_quote: bigint | null }>(
      "SELECT c.pool_base, c.pool_quote FROM meta m JOIN coins c ON c.mint = m.value WHERE m.key = 'native_mint'",
    );
    this.nativeRate =
      nativeRate ??
      (() =>
        after(native.get(), (row) => (row?.pool_base && row.pool_quote ? { base: row.pool_base, quote: row.pool_quote } : null)));
    this.statements = {
      processed: s('SELECT 1 FROM processed WHERE signature = ?'),
      planting: s("SELECT mint, listed, unlisted_reason FROM coins WHERE created_signature = ? AND kind = 'coin'"),
      riskWithSupply: s('SELECT r.*, c.token_total_supply FROM coin_risk r JOIN coins c ON c.mint = r.mint WHERE r.mint = ?'),
      recentlyTraded: s("SELECT mint, last_trade_at AS at FROM coins WHERE listed = 1 AND kind = 'coin' AND last_trade_at IS NOT NULL ORDER BY last_trade_at DESC LIMIT ?"),
      plantedAfter: s("SELECT mint, last_trade_at AS at FROM coins WHERE mint > ? AND kind = 'coin' ORDER BY mint LIMIT ?"),
      coinPair: s('SELECT pair FROM coins WHERE mint = ?'),
      coinTrades: s('SELECT * FROM trades WHERE mint = ? ORDER BY slot, seq, position'),
      coinTradesCounted: s('SELECT * FROM trades WHERE mint = ? AND routed = 0 ORDER BY slot, seq, position'),
      candles: s('SELECT bucket, open, high, low, close, volume_zec, trades FROM candles WHERE mint = ? AND interval = ? ORDER BY bucket'),
      holdingRow: s('SELECT * FROM holdings WHERE mint = ? AND wallet = ?'),
      holdingsOf: s('SELECT * FROM holdings WHERE wallet = ? ORDER BY mint'),
      fees: s('SELECT f.*, c.creator_fees_zec, c.pair FROM coins c LEFT JOIN coin_fees f ON f.mint = c.mint WHERE c.mint = ?'),
      feeEvents: s('SELECT signature, slot, at, mint, kind, amount, zec, party, run FROM fee_events WHERE mint = ? ORDER BY slot, seq, position'),
      feeEventsPage: s(`SELECT signature, slot, at, mint, kind, amount, zec, party, run, seq, position FROM fee_events WHERE mint = @mint
        AND (seq, position) < (@seq, @position) ORDER BY seq DESC, position DESC LIMIT @limit`),
      feeEventsOfTx: s('SELECT signature, slot, at, mint, kind, amount, zec, party, run FROM fee_events WHERE signature = ? ORDER BY seq, position'),
      // Read as arrays (HolderValues) and made HoldingRows by position: a row object and its camelCase copy cost more than the read.
      holders: port.values<HolderValues>(`SELECT wallet, balance, cost_basis_zec, realised_pnl_zec, volume_zec, first_seen_slot, first_seen_at
        FROM holdings WHERE mint = ? AND balance > 0 ORDER BY balance DESC, wallet LIMIT ? OFFSET ?`),
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
  }

  async hasProcessed(signature: Signature): Promise<boolean> {
    return (await this.statements.processed.get(signature)) !== undefined;
  }

  /** The coin a held transaction planted: listed, or unlisted with the index's reason (null: it planted nothing the index holds). */
  async plantingOf(signature: Signature): Promise<{ readonly mint: Address; readonly listed: boolean; readonly unlistedReason: string | null } | null> {
    const row = (await this.statements.planting.get(signature)) as { mint: Address; listed: bigint; unlisted_reason: string | null } | undefined;
    return row ? { mint: row.mint, listed: row.listed === 1n, unlistedReason: row.unlisted_reason } : null;
  }

  /** How many transactions the index holds, and the last one (the checkpoint a restart resumes after). */
  async checkpoint(): Promise<{ readonly transactions: bigint; readonly last: { readonly signature: Signature; readonly slot: bigint } | null }> {
    const n = ((await this.statements.count.get()) as { n: bigint }).n;
    const last = (await this.statements.lastProcessed.get()) as { signature: Signature; slot: bigint } | undefined;
    return { transactions: n, last: last ?? null };
  }

  /** A coin's pair (`zec`, `native`, `stock:<key>`, `other`), remembered: a coin's pair never changes. */
  async pairOf(mint: Address): Promise<string | null> {
    let pair = this.pairs.get(mint);
    if (pair === undefined) {
      pair = ((await this.statements.coinPair.get(mint)) as { pair: string } | undefined)?.pair;
      if (pair === undefined) return null;
      if (this.pairs.size >= 100_000) this.pairs.clear();
      this.pairs.set(mint, pair);
    }
    return pair;
  }
  private readonly pairs = new Map<string, string>();

  /** ZEC for an amount of the native coin at the native-coin/ZEC pool's rate now (floored); 0 while the index has no rate. */
  nativeToZec(amount: bigint): Awaitable<bigint> {
    return after(this.nativeRate(), (rate) => (rate ? (amount * rate.quote) / rate.base : 0n));
  }

  /**
   * A coin's raise figures, on a coin row read by IndexQueries (by mint or in a list). At once for a ZEC-paired
   * coin on its curve (most of a list): only a graduated coin's graduation and a native-paired coin's rate are read.
   */
  completeCoin(c: MutableCoinRow): Awaitable<CoinRow> {
    let raisedSoFar = c.realQuote;
    let raiseAtCompletion = c.realQuote;
    const finish = (): Awaitable<CoinRow> => {
      c.raisedSoFar = raisedSoFar;
      c.raiseAtCompletion = raiseAtCompletion;
      if (c.pair !== 'native') {
        c.raisedSoFarZec = raisedSoFar;
        c.raiseAtCompletionZec = raiseAtCompletion;
        return c;
      }
      return after(this.nativeRate(), (rate) => {
        c.raisedSoFarZec = rate ? (raisedSoFar * rate.quote) / rate.base : 0n;
        c.raiseAtCompletionZec = rate ? (raiseAtCompletion * rate.quote) / rate.base : 0n;
        return c;
      });
    };
    if (c.stage === 'curve' && c.realToken > 0n && c.virtualToken > c.realToken) {
      raiseAtCompletion = c.realQuote + buyExactTokens(curveState({ virtualTokenReserves: c.virtualToken, virtualQuoteReserves: c.virtualQuote, realTokenReserves: c.realToken, realQuoteReserves: c.realQuote, complete: false }), tokenUnits(c.realToken), NO_FEES).quoteCost;
    } else if (c.stage === 'pool') {
      return after(this.graduationRow(c.mint), (graduation) => {
        raisedSoFar = raiseAtCompletion = graduation?.quoteAmount ?? 0n;
        return finish();
      });
    }
    return finish();
  }

  /** A coin's trades, oldest first; `routed` rows (the native coin's pool side of routes) only when asked. */
  async tradesOf(mint: Address, options: { readonly includeRouted?: boolean } = { includeRouted: true }): Promise<TradeRow[]> {
    const statement = options.includeRouted === false ? this.statements.coinTradesCounted : this.statements.coinTrades;
    return (await statement.all(mint)).map((row) => {
      // seq and position are the index's own bookkeeping (arrival order), not part of a trade.
      const { seq: _seq, position: _position, ...t } = camel(row);
      return tradeRowOf(t);
    });
  }

  async candles(mint: Address, seconds: bigint): Promise<CandleRow[]> {
    return (await this.statements.candles.all(mint, seconds)).map(candleRowOf);
  }

  async holding(mint: Address, wallet: Address): Promise<HoldingRow | null> {
    const row = await this.statements.holdingRow.get(mint, wallet);
    return row ? this.holdingOf(row, await this.coinOf(row['mint'] as Address)) : null;
  }

  async holdingsOf(wallet: Address): Promise<HoldingRow[]> {
    const rows = await this.statements.holdingsOf.all(wallet);
    const out: HoldingRow[] = [];
    for (const row of rows) out.push(await this.holdingOf(row, await this.coinOf(row['mint'] as Address)));
    return out;
  }

  /** A holding valued at its coin's spot price now (core/index/valuation), PnL against its cost basis. */
  private holdingOf(row: Row, coin: CoinRow | null): Awaitable<HoldingRow> {
    // The holder's kind (tags) feeds the coin's risk figures only: not part of a holding as read.
    const { tags: _tags, ...h } = camel(row) as Row & { mint: Address; balance: bigint; costBasisZec: bigint };
    const valued = (rate: NativeRate | null): HoldingRow => {
      const valueZec = coin ? spotValueZec(h.balance, coin, rate) : 0n;
      return { ...h, valueZec, unrealisedPnlZec: valueZec - h.costBasisZec } as unknown as HoldingRow;
    };
    return coin?.pair === 'native' ? after(this.nativeRate(), valued) : valued(null);
  }

  async fees(mint: Address): Promise<CoinFeesRow | null> {
    const row = await this.statements.fees.get(mint);
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

  async feeEvents(mint: Address): Promise<FeeEventRow[]> {
    return (await this.statements.feeEvents.all(mint)).map(feeEventRowOf);
  }

  /** A coin's vault movements, newest first, before `before` (a page's last row's key). */
  async feeEventsPage(mint: Address, limit: number, before: { seq: bigint; position: bigint } | null): Promise<{ rows: FeeEventRow[]; last: { seq: bigint; position: bigint } | null }> {
    const big = 1n << 62n;
    const rows = await this.statements.feeEventsPage.all({ mint, limit, seq: before?.seq ?? big, position: before?.position ?? big });
    const tail = rows.at(-1);
    return { rows: rows.map(feeEventRowOf), last: tail ? { seq: tail['seq'] as bigint, position: tail['position'] as bigint } : null };
  }

  /** The vault movements one transaction made, in order. */
  async feeEventsOfTransaction(signature: Signature): Promise<FeeEventRow[]> {
    return (await this.statements.feeEventsOfTx.all(signature)).map(feeEventRowOf);
  }

  /** A coin's holders (balance above zero), largest first, valued like an account's holdings. */
  async holders(mint: Address, limit: number, offset = 0): Promise<HoldingRow[]> {
    // One coin, read once: a page of holders is one coin's (its coin read per row was half the page's time).
    const coin = await this.coinOf(mint);
    const rate = coin?.pair === 'native' ? await this.nativeRate() : null;
    return (await this.statements.holders.all(mint, limit, offset)).map(([wallet, balance, costBasisZec, realisedPnlZec, volumeZec, firstSeenSlot, firstSeenAt]) => {
      const valueZec = coin ? spotValueZec(balance, coin, rate) : 0n;
      return { mint, wallet, balance, costBasisZec, realisedPnlZec, volumeZec, firstSeenSlot, firstSeenAt, valueZec, unrealisedPnlZec: valueZec - costBasisZec };
    });
  }

  /**
   * A coin's holders as they stood after every counted trade up to `slot` (a holder-reward run's snapshot):
   * the same rule as the live holdings, replayed, so that a run resumed after a crash finds the very
   * snapshot it was opened with. Largest first, then by address.
   */
  async holdersAt(mint: Address, slot: bigint): Promise<{ readonly wallet: Address; readonly balance: bigint }[]> {
    // All the steps at once (an iterator was enough on SQLite; a run reads this once per run, not per request).
    const steps = (await this.statements.stepsUpTo.all({ mint, slot })) as unknown as HoldingStep[];
    return [...replayBalances(steps)]
      .map(([wallet, balance]) => ({ wallet: wallet as Address, balance }))
      .sort((a, b) => (a.balance === b.balance ? (a.wallet < b.wallet ? -1 : 1) : a.balance > b.balance ? -1 : 1));
  }

  /** Listed planted coins, the most recently traded first, with their last trade's time (for a reconcile round). */
  async recentlyTradedCoins(limit: number): Promise<{ readonly mint: Address; readonly at: bigint | null }[]> {
    return (await this.statements.recentlyTraded.all(limit)) as { mint: Address; at: bigint | null }[];
  }

  /** Planted coins in mint order after `after` (a reconcile round's walk over every coin, a few at a time). */
  async plantedCoinsAfter(after: string, limit: number): Promise<{ readonly mint: Address; readonly at: bigint | null }[]> {
    return (await this.statements.plantedAfter.all(after, limit)) as { mint: Address; at: bigint | null }[];
  }

  /** A planted coin's risk figures as the index keeps them (core/types/risk-figures.ts); null for any other mint. */
  async risk(mint: Address): Promise<RiskFigures | null> {
    // One read, the supply joined in. A batch's figures are written at its end with everything else it folded.
    const row = (await this.statements.riskWithSupply.get(mint)) as Record<string, bigint> | undefined;
    if (!row) return null;
    return {
      supply: row['token_total_supply']!, holders: row['holders']!, top10Held: row['top10_held']!, deployerHeld: row['deployer_held']!, deployerBought: row['deployer_bought']!,
      deployerSold: row['deployer_sold']!, snipers: row['snipers']!, sniperHeld: row['sniper_held']!, bundled: row['bundled']!, bundleHeld: row['bundle_held']!,
      fresh: row['fresh']!, freshHeld: row['fresh_held']!,
    };
  }

  /** How many wallets hold a coin, and what they hold together (raw units). */
  async holderTotals(mint: Address): Promise<{ readonly holders: bigint; readonly held: bigint }> {
    return (await this.statements.holderTotals.get(mint)) as unknown as { holders: bigint; held: bigint };
  }

  /** A coin's graduation (its migration into the pool), or null while it has none. */
  async graduation(mint: Address): Promise<GraduationRow | null> {
    return this.graduationRow(mint);
  }

  private graduationRow(mint: Address): Awaitable<GraduationRow | null> {
    return after(this.statements.graduation.get(mint), (row) => (row ? (camel(row) as unknown as GraduationRow) : null));
  }

  /** Graduations, newest first. */
  async graduations(limit = 100): Promise<GraduationRow[]> {
    return (await this.statements.graduations.all(limit)).map((row) => camel(row) as unknown as GraduationRow);
  }

  /** Totals over every counted (listed, ZEC-paired) coin; routed rows never count. */
  async stats(): Promise<StatsRow> {
    return camel((await this.statements.stats.get())!) as unknown as StatsRow;
  }

  /** Counted activity per UTC day, newest first, from `sinceDay` (unix seconds) on. */
  async dailyStats(sinceDay = 0n, limit = 366): Promise<DailyStatsRow[]> {
    return (await this.statements.dailyStats.all(sinceDay, limit)).map((row) => camel(row) as unknown as DailyStatsRow);
  }
}
