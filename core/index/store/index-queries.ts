import type { Address } from '@solana/kit';
import { type CandleRow, type CoinRow, type TradeRow } from './index-rows.js';
import { readPrice } from './price-column.js';
import { BUNDLE_WALLETS } from '../../types/risk-figures.js';
import { sqliteStatementOf, type Awaitable, type ReadPort, type ReadStatement } from './read-port.js';
import type { Row } from './rows.js';

/** Orders of the coin list (the spec's `trending` among them). */
export const COIN_SORTS = ['trending', 'new', 'volume', 'marketCap', 'lastTrade', 'progress'] as const;
export type CoinSort = (typeof COIN_SORTS)[number];

/**
 * Discover's risk filters over the coin_risk row the index keeps (core/types/risk-figures.ts); each is off
 * when its parameter is null. Shares compare exactly: top10 × 100 > percent × supply.
 */
const RISK_FILTERS = `AND (CAST(@top10Above AS INTEGER) IS NULL OR (SELECT r.top10_held FROM coin_risk r WHERE r.mint = c.mint) * 100 > @top10Above * c.token_total_supply)
        AND (CAST(@deployerSold AS INTEGER) IS NULL OR CAST((SELECT r.deployer_sold FROM coin_risk r WHERE r.mint = c.mint) > 0 AS INTEGER) = @deployerSold)
        AND (CAST(@bundled AS INTEGER) IS NULL OR CAST((SELECT r.bundled FROM coin_risk r WHERE r.mint = c.mint) >= ${BUNDLE_WALLETS} AS INTEGER) = @bundled)`;

/** Where a list continues: the last row's key, opaque to callers. */
export type TradeCursor = Readonly<{ slot: bigint; seq: bigint; position: bigint }>;


/**
 * What each store spells its own way (the rest is one text, core/storage/sql-dialect.ts):
 *
 * - a coin's pair against the lists' pattern (`zec`, `native`, `stock:<key>`, or `stock:*`): SQLite's GLOB,
 *   which takes a parameter and keeps its plans; PostgreSQL has none, and the patterns only ever end in `*`;
 * - a stock coin's ordering weight (spec, units rule 3): its raw figures valued in ZEC at the stock's rate now
 *   (@stockRates: a JSON object of stock key to zat per raw unit), 0 when it has none; 1 for every other coin.
 *   SQLite's json_extract, PostgreSQL's jsonb (of the parameter as text: a parameter typed jsonb would be sent as
 *   a JSON string of the text).
 */
const PAIR_MATCH = {
  sqlite: 'c.pair GLOB @pair',
  postgres: `(c.pair = @pair OR (right(@pair, 1) = '*' AND starts_with(c.pair, rtrim(@pair, '*'))))`,
} as const;
/** SQLite's CROSS JOIN fixes the join order (a planner hint); PostgreSQL's takes no ON and plans a plain JOIN well. */
const FIXED_JOIN = { sqlite: 'CROSS JOIN', postgres: 'JOIN' } as const;
const STOCK_RATE = {
  sqlite: `(CASE WHEN c.pair GLOB 'stock:*' THEN coalesce(json_extract(@stockRates, '$."' || substr(c.pair, 7) || '"'), 0.0) ELSE 1.0 END)`,
  postgres: `(CASE WHEN starts_with(c.pair, 'stock:') THEN coalesce(CAST(CAST(CAST(@stockRates AS TEXT) AS jsonb) ->> substr(c.pair, 7) AS DOUBLE PRECISION), 0.0) ELSE 1.0 END)`,
} as const;

/**
 * The ORDER BY of each sort. Market cap orders by the spot price as a REAL: an ordering key only (every
 * coin has the same supply shape, so the price orders market caps); figures shown are exact bigints.
 * Trending is the counted ZEC volume with a 6-hour half-life (core/index/trend.ts), kept per coin and indexed.
 */
const ORDER = (dialect: ReadPort['dialect']): Readonly<Record<CoinSort, string>> => ({
  trending: 'c.trend DESC, c.mint', // never traded (NULL) last: SQLite sorts NULL lowest
  new: 'c.created_slot DESC, c.mint',
  volume: 'c.volume_zec DESC, c.mint',
  // NULLIF: a division by zero is NULL on SQLite and an error on PostgreSQL; NULLS LAST is SQLite's own order, spelled out.
  marketCap: `(CASE WHEN c.stage = 'pool' THEN CAST(c.pool_quote AS REAL) / NULLIF(c.pool_base, 0) ELSE CAST(c.virtual_quote AS REAL) / NULLIF(c.virtual_token, 0) END)
    * (CASE WHEN c.pair = 'native' THEN @nativeRate ELSE 1.0 END) * ${STOCK_RATE[dialect]} DESC NULLS LAST, c.mint`,
  lastTrade: 'c.last_trade_at DESC, c.mint', // never traded (NULL) last, as SQLite sorts NULL lowest
  // How far a curve is: every curve has the same coin side (core/sandbox/genesis CURVE_SHAPE), so the fewest coins
  // left to sell is the largest share of its raise, whatever its pair; complete and graduated coins have none left.
  progress: 'c.real_token, c.mint',
});

/**
 * The API's list reads over the index: listed launchpad coins only (an unlisted coin reads like a
 * missing one), counted trades only except where the spec shows routed rows. Rows come back as the
 * store's row types; pagination is by offset for coin lists (their orders move) and by key for trades.
 */
export class IndexQueries {
  private readonly statements;

  constructor(
    private readonly port: ReadPort,
    /** Completes a coin read here: its raise figures (the curve's arithmetic, its graduation, the native rate). */
    private readonly completeCoin: (coin: MutableCoinRow) => Awaitable<CoinRow>,
    private readonly nativeRate: () => Awaitable<number>,
  ) {
    const s = <R = Row>(sql: string) => port.rows<R>(sql);
    const v = <V extends unknown[] = unknown[]>(sql: string) => port.values<V>(sql);
    const pairMatch = PAIR_MATCH[port.dialect];
    const stockRate = STOCK_RATE[port.dialect];
    const order = ORDER(port.dialect);
    // Whole coin rows are read as arrays (raw) and made CoinRows by column position (coinReader): a row object
    // of 33 columns, then its camelCase copy, cost more than the read itself, and a list reads 50.
    // A list of one stage has its own statement: `(@stage IS NULL OR …)` keeps SQLite off the (listed, stage, …)
    // indexes, and a rare stage (complete curves) would otherwise be found by walking every coin.
    // `CAST(@p AS …) IS NULL`: PostgreSQL takes a parameter's type from its first use, and `IS NULL` gives none
    // (on SQLite the cast is a constant, evaluated once).
    const list = (sort: CoinSort, staged: boolean) =>
      v(`SELECT c.*
        FROM coins c WHERE c.listed = 1 AND c.kind = 'coin' AND (CAST(@pair AS TEXT) IS NULL OR ${pairMatch}) AND ${staged ? 'c.stage = @stage' : 'CAST(@stage AS TEXT) IS NULL'} ${RISK_FILTERS}
        ORDER BY ${order[sort]} LIMIT @limit OFFSET @offset`);
    this.statements = {
      coin: v('SELECT * FROM coins WHERE mint = ?'),
      listing: v<[bigint, CoinRow['kind'], string]>('SELECT listed, kind, pair FROM coins WHERE mint = ?'),
      lists: Object.fromEntries(COIN_SORTS.map((sort) => [sort, list(sort, false)])) as Record<CoinSort, ReadStatement<unknown[]>>,
      stageLists: Object.fromEntries(COIN_SORTS.map((sort) => [sort, list(sort, true)])) as Record<CoinSort, ReadStatement<unknown[]>>,
      // Where stock coins are valued (stock pairs on this cluster), the volume order weighs them; otherwise it follows its index.
      volumeWithStocks: v(`SELECT c.*
        FROM coins c WHERE c.listed = 1 AND c.kind = 'coin' AND (CAST(@pair AS TEXT) IS NULL OR ${pairMatch}) AND (CAST(@stage AS TEXT) IS NULL OR c.stage = @stage) ${RISK_FILTERS}
        ORDER BY c.volume_zec * ${stockRate} DESC, c.mint LIMIT @limit OFFSET @offset`),
      volumeSince: s<{ volume: bigint }>('SELECT coalesce(sum(zec), 0) AS volume FROM trades WHERE mint = @mint AND at >= @since AND routed = 0'),
      search: v(`SELECT c.* FROM coins c WHERE c.listed = 1 AND c.kind = 'coin' AND (c.mint = @q OR c.name LIKE @like ESCAPE '\\' OR c.symbol LIKE @like ESCAPE '\\')
        ORDER BY (upper(c.symbol) = upper(@q)) DESC, c.volume_zec DESC, c.mint LIMIT @limit`),
      // Trades are read as arrays in TRADE_COLUMNS' order and made TradeRows by position (tradeOfValues), as coins are.
      coinTrades: v<TradeValues>(`SELECT ${tradeColumns('')} FROM trades WHERE mint = @mint AND (CAST(@user AS TEXT) IS NULL OR user = @user) AND (@routed = 1 OR routed = 0)
        AND (slot, seq, position) < (@slot, @seq, @position) ORDER BY slot DESC, seq DESC, position DESC LIMIT @limit`),
      // The newest trades of every listed coin: walked newest first (trades_slot, or trades_user for one wallet's), each
      // coin looked up by its key. Left to itself SQLite starts from the listed coins and sorts all their trades (650 ms
      // at 100,000 coins). The ZEC pair, the launchpad's own market, is walked the same way; another pair (native,
      // stocks: a few coins) has its coins found first, as a walk of every trade would find its 50 late.
      allTrades: v<PairedTradeValues>(`SELECT ${tradeColumns('t.')}, c.pair FROM trades t ${FIXED_JOIN[port.dialect]} coins c ON c.mint = t.mint AND c.listed = 1 AND c.kind = 'coin'
        WHERE t.routed = 0 AND (CAST(@pair AS TEXT) IS NULL OR c.pair = @pair)
        AND (t.slot, t.seq, t.position) < (@slot, @seq, @position) ORDER BY t.slot DESC, t.seq DESC, t.position DESC LIMIT @limit`),
      walletTrades: v<PairedTradeValues>(`SELECT ${tradeColumns('t.')}, c.pair FROM trades t ${FIXED_JOIN[port.dialect]} coins c ON c.mint = t.mint AND c.listed = 1 AND c.kind = 'coin'
        WHERE t.user = @user AND t.routed = 0 AND (CAST(@pair AS TEXT) IS NULL OR ${pairMatch})
        AND (t.slot, t.seq, t.position) < (@slot, @seq, @position) ORDER BY t.slot DESC, t.seq DESC, t.position DESC LIMIT @limit`),
      // The pair's coins by coins_listed_pair, as a range of pairs (pairRange): a GLOB's parameter is not an index's range.
      pairTrades: v<PairedTradeValues>(`SELECT ${tradeColumns('t.')}, c.pair FROM coins c ${FIXED_JOIN[port.dialect]} trades t ON t.mint = c.mint
        WHERE c.listed = 1 AND c.pair >= @from AND c.pair < @to AND c.kind = 'coin' AND t.routed = 0
        AND (t.slot, t.seq, t.position) < (@slot, @seq, @position) ORDER BY t.slot DESC, t.seq DESC, t.position DESC LIMIT @limit`),
      // Rows as arrays, read by position (candleOf): a chart reads up to 1,000 and a named row object costs more than its read.
      candles: v<CandleValues>(`SELECT bucket, open, high, low, close, volume_zec, trades FROM candles WHERE mint = ? AND interval = ? AND bucket < ?
        ORDER BY bucket DESC LIMIT ?`),
      // CROSS JOIN keeps graduations the outer loop (a few coins in a thousand): left to itself, SQLite walks every
      // listed coin by an index of coins and looks each up in graduations, which grows with the coins, not the graduations.
      graduations: v(`SELECT c.* FROM graduations g ${FIXED_JOIN[port.dialect]} coins c ON c.mint = g.mint AND c.listed = 1 AND c.kind = 'coin'
        ORDER BY g.slot DESC, g.mint LIMIT @limit OFFSET @offset`),
      holdings: s<{ mint: Address }>(`SELECT h.mint FROM holdings h JOIN coins c ON c.mint = h.mint AND c.listed = 1
        WHERE h.wallet = @wallet AND (h.balance > 0 OR h.realised_pnl_zec != 0) ORDER BY h.mint`),
    };
    const columns = port.columns('coins');
    this.coinOf = coinReader(columns);
    // On SQLite, every statement that reads whole coins is checked to read the table's columns in its order.
    for (const statement of [this.statements.coin, ...Object.values(this.statements.lists), this.statements.volumeWithStocks, this.statements.search, this.statements.graduations]) {
      const names = sqliteStatementOf(statement)?.columns().map((c) => c.name);
      if (names && names.join() !== columns.join()) throw new Error(`a coin list reads other columns than a coin: ${names.join()}`);
    }
  }

  private readonly coinOf: (values: unknown[]) => MutableCoinRow;

  /**
   * A mark of the index's content (read-port.ts): on SQLite it moves with every row this connection writes and
   * every commit another connection makes to the file; on PostgreSQL with every batch the writer ships. Equal
   * marks: every read answers as before.
   */
  async version(): Promise<string> {
    return this.port.version();
  }

  /** Completed coins of a list, in order; at once where no coin needs a further read (see PointReads.completeCoin). */
  private async coinsOf(rows: unknown[][]): Promise<CoinRow[]> {
    const coins = new Array<CoinRow>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const coin = this.completeCoin(this.coinOf(rows[i]!));
      coins[i] = coin instanceof Promise ? await coin : coin;
    }
    return coins;
  }

  /** A coin by mint (listed or not, the native coin included), or null. */
  async coin(mint: Address): Promise<CoinRow | null> {
    const values = await this.statements.coin.get(mint);
    return values ? this.completeCoin(this.coinOf(values)) : null;
  }

  /**
   * Whether a coin is listed, its kind and pair, or null for a mint the index does not hold: what a read
   * of the coin's candles or trades needs of it (the whole row costs several times more).
   */
  async listing(mint: Address): Promise<{ listed: boolean; kind: CoinRow['kind']; pair: string } | null> {
    const values = await this.statements.listing.get(mint);
    return values ? { listed: values[0] === 1n, kind: values[1], pair: values[2] } : null;
  }

  /** Listed launchpad coins in `sort` order. */
  async coins(options: { sort: CoinSort; limit: number; offset: number; /** zec, native, a stock coin's `stock:<key>`, or `stock:*` for every stock coin (a GLOB pattern). */
  pair?: string | null; stage?: CoinRow['stage'] | null;
  /** Discover's risk filters (core/types/risk-figures.ts): top-10 share above a percent, the deployer sold, a bundled launch; null: any. */
  risk?: { readonly top10Above: number | null; readonly deployerSold: boolean | null; readonly bundled: boolean | null };
  /** Ordering only: each stock's zat per raw unit, for the volume and market-cap sorts. */
  stockRates?: Readonly<Record<string, number>> }): Promise<CoinRow[]> {
    const r = options.risk;
    const flag = (v: boolean | null | undefined) => (v === null || v === undefined ? null : v ? 1 : 0);
    const params: Record<string, unknown> = {
      pair: options.pair ?? null, stage: options.stage ?? null, limit: options.limit, offset: options.offset,
      top10Above: r?.top10Above ?? null, deployerSold: flag(r?.deployerSold), bundled: flag(r?.bundled),
    };
    if (options.sort === 'marketCap') params['nativeRate'] = await this.nativeRate();
    if (options.sort === 'marketCap' || (options.sort === 'volume' && options.stockRates !== undefined)) params['stockRates'] = JSON.stringify(options.stockRates ?? {});
    const statement =
      options.sort === 'volume' && options.stockRates !== undefined ? this.statements.volumeWithStocks : (options.stage ? this.statements.stageLists : this.statements.lists)[options.sort];
    return this.coinsOf(await statement.all(params));
  }

  /** A coin's traded volume (its quote units: a stock coin's raw units) since a unix second. */
  async volumeSince(mint: Address, since: bigint): Promise<bigint> {
    return (await this.statements.volumeSince.get({ mint, since }))!.volume;
  }

  /** By mint, name or ticker (case-insensitive, `%` and `_` taken literally). */
  async search(q: string, limit: number): Promise<CoinRow[]> {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return this.coinsOf(await this.statements.search.all({ q, like, limit }));
  }

  /** A coin's trades, newest first, before `cursor`; `routed` rows only when asked (the native coin's own list without a user). */
  async coinTrades(mint: Address, options: { user?: Address | null; routed: boolean; limit: number; before?: TradeCursor | null }): Promise<{ rows: TradeRow[]; last: TradeCursor | null }> {
    const rows = await this.statements.coinTrades.all({ mint, user: options.user ?? null, routed: options.routed ? 1 : 0, limit: options.limit, ...cursorParams(options.before) });
    return tradePage(rows);
  }

  /** Trades of every listed launchpad coin, newest first; never a routed row. */
  async trades(options: { pair?: string | null; user?: Address | null; limit: number; before?: TradeCursor | null }): Promise<{ rows: TradeRow[]; last: TradeCursor | null; pairs: ReadonlyMap<Address, string> }> {
    const [pair, user, limit] = [options.pair ?? null, options.user ?? null, options.limit];
    const rows = await (user !== null
      ? this.statements.walletTrades.all({ pair, user, limit, ...cursorParams(options.before) })
      : pair === null || pair === 'zec'
        ? this.statements.allTrades.all({ pair, limit, ...cursorParams(options.before) })
        : this.statements.pairTrades.all({ ...pairRange(pair), limit, ...cursorParams(options.before) }));
    // Each row's coin's pair, read with it: the page's stock coins are presented with their stock's reading.
    const pairs = new Map<Address, string>();
    for (const row of rows) pairs.set(row[3], row[16]);
    return { ...tradePage(rows), pairs };
  }

  /** The newest `limit` candles of an interval before `before` (a bucket start), oldest first. */
  async candles(mint: Address, interval: bigint, limit: number, before: bigint | null): Promise<CandleRow[]> {
    const rows = await this.statements.candles.all(mint, interval, before ?? NO_BUCKET_LIMIT, limit);
    const candles = new Array<CandleRow>(rows.length);
    for (let i = 0, j = rows.length - 1; j >= 0; i++, j--) candles[i] = candleOf(rows[j]!);
    return candles;
  }

  async graduated(limit: number, offset: number): Promise<CoinRow[]> {
    return this.coinsOf(await this.statements.graduations.all({ limit, offset }));
  }

  /** The mints a wallet holds or has realised PnL in (listed coins, the native coin included). */
  async heldBy(wallet: Address): Promise<Address[]> {
    return (await this.statements.holdings.all({ wallet })).map((r) => r.mint);
  }
}

/** A candles row as read (the candles statement's columns, in order). */
type CandleValues = [bucket: bigint, open: unknown, high: unknown, low: unknown, close: unknown, volumeZec: bigint, trades: bigint];

/** Above every bucket start: `before` when a read asks for none. */
const NO_BUCKET_LIMIT = 1n << 62n;

/** A CandleRow of its columns by position, the four prices read back (as candleRowOf does from a named row). */
const candleOf = (v: CandleValues): CandleRow => ({ bucket: v[0], open: readPrice(v[1]), high: readPrice(v[2]), low: readPrice(v[3]), close: readPrice(v[4]), volumeZec: v[5], trades: v[6] });

/** A CoinRow being made: its raise figures are filled in by the store (IndexStore.completeCoin). */
export type MutableCoinRow = { -readonly [K in keyof CoinRow]: CoinRow[K] } & { trend: number | null };

/**
 * Reads a whole coins row (`SELECT *` or `c.*`, as an array in `columns` order) into a CoinRow's fields,
 * in the row's column order (as camel() of the row object gave them), the raise figures 0 until completed.
 */
function coinReader(columns: readonly string[]): (values: unknown[]) => MutableCoinRow {
  const at = (name: string) => {
    const i = columns.indexOf(name);
    if (i < 0) throw new Error(`the coins table has no ${name} column`);
    return i;
  };
  const [mint, kind, listed, unlistedReason, pair, name, symbol, uri, deployer, creator, payeeKind, payee, createdSignature, createdSlot, createdAt, stage] = [
    'mint', 'kind', 'listed', 'unlisted_reason', 'pair', 'name', 'symbol', 'uri', 'deployer', 'creator', 'payee_kind', 'payee', 'created_signature', 'created_slot', 'created_at', 'stage',
  ].map(at) as number[];
  const [virtualToken, virtualQuote, realToken, realQuote, tokenTotalSupply, pool, poolBase, poolQuote, lastPriceE18, trades, buys, sells, volumeZec, creatorFeesZec, lastTradeAt, counted, trend, curve] = [
    'virtual_token', 'virtual_quote', 'real_token', 'real_quote', 'token_total_supply', 'pool', 'pool_base', 'pool_quote', 'last_price_e18', 'trades', 'buys', 'sells',
    'volume_zec', 'creator_fees_zec', 'last_trade_at', 'counted', 'trend', 'curve',
  ].map(at) as number[];
  return (v) =>
    ({
      mint: v[mint!], kind: v[kind!], listed: v[listed!] === 1n, unlistedReason: v[unlistedReason!], pair: v[pair!], name: v[name!], symbol: v[symbol!], uri: v[uri!],
      deployer: v[deployer!], creator: v[creator!], payeeKind: v[payeeKind!], payee: v[payee!], createdSignature: v[createdSignature!], createdSlot: v[createdSlot!],
      createdAt: v[createdAt!], stage: v[stage!], virtualToken: v[virtualToken!], virtualQuote: v[virtualQuote!], realToken: v[realToken!], realQuote: v[realQuote!],
      tokenTotalSupply: v[tokenTotalSupply!], pool: v[pool!], curve: v[curve!], poolBase: v[poolBase!], poolQuote: v[poolQuote!], lastPriceE18: readPrice(v[lastPriceE18!]),
      trades: v[trades!], buys: v[buys!], sells: v[sells!], volumeZec: v[volumeZec!], creatorFeesZec: v[creatorFeesZec!], lastTradeAt: v[lastTradeAt!],
      counted: v[counted!] === 1n, trend: v[trend!], raisedSoFar: 0n, raiseAtCompletion: 0n, raisedSoFarZec: 0n, raiseAtCompletionZec: 0n,
    }) as MutableCoinRow;
}

const END: TradeCursor = { slot: 1n << 62n, seq: 0n, position: 0n };

function cursorParams(before: TradeCursor | null | undefined): Record<string, bigint> {
  const c = before ?? END;
  return { slot: c.slot, seq: c.seq, position: c.position };
}

/**
 * The pairs a pair filter matches (a pair, or `prefix*`: pair-filter.ts) as the range [from, to) in byte order (the
 * pair column's order on both stores): a pair alone is followed by a \u0001 no pair holds; `stock:*` ends before `stock;`.
 */
export function pairRange(pattern: string): { from: string; to: string } {
  if (!pattern.endsWith('*')) return { from: pattern, to: `${pattern}\u0001` };
  const prefix = pattern.slice(0, -1);
  if (prefix === '') return { from: '', to: '\uffff' };
  return { from: prefix, to: prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1) };
}

/** The trades columns a page reads, in the order tradeOfValues takes them (its cursor's seq and position last). */
const TRADE_COLUMNS = ['signature', 'slot', 'at', 'mint', 'venue', 'side', 'user', 'tokens', 'quote', 'zec', 'creator_fee', 'protocol_fee', 'price_e18', 'routed', 'seq', 'position'] as const;
const tradeColumns = (prefix: string) => TRADE_COLUMNS.map((column) => prefix + column).join(', ');
type TradeValues = [
  signature: TradeRow['signature'], slot: bigint, at: bigint, mint: Address, venue: TradeRow['venue'], side: TradeRow['side'], user: Address, tokens: bigint, quote: bigint,
  zec: bigint, creatorFee: bigint, protocolFee: bigint, priceE18: unknown, routed: bigint, seq: bigint, position: bigint,
];

/** A trade's columns and its coin's pair (the trades across coins). */
type PairedTradeValues = [...TradeValues, pair: string];

/** A TradeRow of its columns by position (as tradeRowOf makes one of a named row): a page of 50 made no row objects, their camelCase copies and spreads. */
const tradeOfValues = (v: TradeValues | PairedTradeValues): TradeRow => ({
  signature: v[0], slot: v[1], at: v[2], mint: v[3], venue: v[4], side: v[5], user: v[6], tokens: v[7], quote: v[8], zec: v[9], creatorFee: v[10], protocolFee: v[11],
  priceE18: readPrice(v[12]), routed: v[13] === 1n,
});

function tradePage(rows: readonly (TradeValues | PairedTradeValues)[]): { rows: TradeRow[]; last: TradeCursor | null } {
  const last = rows.at(-1);
  return { rows: rows.map(tradeOfValues), last: last ? { slot: last[1], seq: last[14], position: last[15] } : null };
}
