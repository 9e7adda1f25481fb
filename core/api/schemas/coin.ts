import { Type, type Static } from 'typebox';
import type { Address } from '@solana/kit';
import { NATIVE_SYMBOL, type NativePair } from '../../config/profile.js';
import type { CoinRow } from '../../index/store/index-store.js';
import { spotValueZec, type NativeRate } from '../../index/valuation.js';
import { findPool, findPumpPoolAuthority } from '../../programs/amm/pdas.js';
import { findBondingCurve } from '../../programs/launchpad/pdas.js';
import type { StockReading } from '../../stocks/issuer-status.js';
import { AddressString, Amount, UnixSeconds } from './common.js';
import { presentStockPair, StockPairBlock, stockValueZec } from './stock-pair.js';
import { CoinRiskBlock, presentRiskBlock } from './risk.js';
import type { RiskFigures } from '../../types/risk-figures.js';

/** The stage names (not shown by the spec; ours): trading on the curve, curve complete awaiting migration, trading on the pool. */
export const STAGES = ['curve', 'complete', 'pool'] as const;

export const NativePairBlock = Type.Object(
  {
    key: Type.Literal('native'),
    symbol: Type.String({ description: "the native coin's symbol" }),
    mint: AddressString("the native coin's mint (Token-2022, 6 decimals)"),
    pool: AddressString('the native-coin/ZEC pool'),
  },
  { description: 'Present for a coin paired with the native coin; absent for a coin paired with ZEC.' },
);

export const RouteBlock = Type.Object(
  {
    instruction: Type.Literal('multi_hop_swap'),
    program: AddressString('the launchpad AMM program'),
    hops: Type.Array(
      Type.Object({ venue: Type.Union([Type.Literal('pool'), Type.Literal('curve')]), address: AddressString(), base: AddressString(), quote: AddressString() }),
      { minItems: 2, maxItems: 2, description: 'in buy order; a sale runs them backwards' },
    ),
  },
  { description: 'Detail answer of a native-paired coin only.' },
);

/** A ZEC figure: null only for a stock coin whose stock has no ZEC value (spec, units rule 2). */
const ZecOrNull = (description: string) => Type.Union([Amount(description), Type.Null()]);

export const Coin = Type.Object(
  {
    mint: AddressString(),
    name: Type.String(),
    symbol: Type.String(),
    uri: Type.String(),
    deployer: AddressString('the wallet that planted it'),
    creator: AddressString("the coin's creator on the launchpad (its coin-authority address)"),
    stage: Type.Union([Type.Literal('curve'), Type.Literal('complete'), Type.Literal('pool')], { description: '`curve`, `complete` (awaiting migration) or `pool`' }),
    createdAt: UnixSeconds('block time of the planting'),
    createdSignature: Type.String(),
    pair: Type.Optional(Type.Union([NativePairBlock, StockPairBlock], { description: 'the native pair block, or the stock pair block (kind `stock`); absent for a coin paired with ZEC' })),
    payee: Type.Union([Type.Object({ kind: Type.Literal('wallet'), wallet: AddressString() }), Type.Object({ kind: Type.Literal('holders') }), Type.Null()], {
      description: "who receives the deployer's 40%",
    }),
    reserves: Type.Object(
      {
        curve: Type.Union([
          Type.Object({ virtualToken: Amount('raw coin units'), virtualQuote: Amount("the pair's quote base units"), realToken: Amount('raw coin units'), realQuote: Amount("the pair's quote base units") }),
          Type.Null(),
        ]),
        pool: Type.Union([Type.Object({ address: AddressString(), base: Amount('raw coin units'), quote: Amount("the pair's quote base units") }), Type.Null()]),
      },
      { description: "raw reserves of the venues; a native-paired coin's quote side is in native-coin base units (6 decimals)" },
    ),
    priceZecE9: ZecOrNull('spot price of one whole coin in ZEC times 1e9 (a paired coin at its pair\'s ZEC rate now)'),
    priceZecE18: ZecOrNull('an addition: the same spot price times 1e18, floored once (priceZecE9 is this divided by 1e9)'),
    marketCapZec: ZecOrNull('the total supply at the spot price, in zat'),
    volumeZec: ZecOrNull('counted trade volume in zat'),
    creatorFeesZec: ZecOrNull('creator fees its trades paid, in zat'),
    trades: Type.Integer({ minimum: 0 }),
    buys: Type.Integer({ minimum: 0 }),
    sells: Type.Integer({ minimum: 0 }),
    lastTradeAt: Type.Union([UnixSeconds('block time of the last trade'), Type.Null()]),
    raiseAtCompletionZec: ZecOrNull('what the curve holds once complete (were the rest bought at once), in zat'),
    raisedSoFarZec: ZecOrNull('what the curve holds now (after migration: what moved to the pool), in zat'),
    risk: Type.Optional(CoinRiskBlock),
  },
  { description: 'A coin (spec, "Coin (read shape)").' },
);

export const CoinDetail = Type.Object(
  {
    ...Coin.properties,
    route: Type.Optional(RouteBlock),
    volumeTotal: Type.Optional(Amount("a stock coin's whole traded volume, in the stock's raw units")),
    creatorFees: Type.Optional(Amount("a stock coin's creator fees, in the stock's raw units")),
    metadata: Type.Optional(
      Type.Object(
        {
          description: Type.Union([Type.String(), Type.Null()]),
          website: Type.Union([Type.String(), Type.Null()]),
          twitter: Type.Union([Type.String(), Type.Null()]),
          telegram: Type.Union([Type.String(), Type.Null()]),
        },
        { description: 'an addition: the description and the http(s) links of the metadata document, when this server holds it (uploaded here)' },
      ),
    ),
  },
  { description: 'A coin with its route when native-paired, and its raw totals when stock-paired.' },
);

export type CoinJson = Static<typeof Coin>;

export interface CoinContext {
  readonly nativePair: NativePair | undefined;
  readonly nativeRate: NativeRate | null;
  /** Each stock's reading of the issuer status (at most 15 s old), by key; absent where stock pairs are not offered. */
  readonly stocks?: ReadonlyMap<string, StockReading>;
  /** A stock coin's raw volume over the last 24 hours. */
  readonly volume24h?: (mint: Address) => bigint;
  /** A planted coin's risk figures as the index keeps them (the row's compact `risk` block). */
  readonly risk?: (mint: Address) => RiskFigures | null;
}

/** The row's compact risk block, when the index keeps figures for the coin. */
function riskBlockOf(c: CoinRow, ctx: CoinContext): Static<typeof CoinRiskBlock> | undefined {
  const figures = ctx.risk?.(c.mint);
  return figures ? presentRiskBlock(figures) : undefined;
}

/** The stock key of a coin paired with a stock (`pair` column `stock:<key>`), else null. */
export const stockKeyOf = (pair: string): string | null => (pair.startsWith('stock:') ? pair.slice(6) : null);

/** The pair block of a native- or stock-paired coin; undefined for a coin paired with ZEC. */
export function pairBlockOf(c: CoinRow, ctx: CoinContext): Static<typeof NativePairBlock> | Static<typeof StockPairBlock> | undefined {
  const key = stockKeyOf(c.pair);
  if (key !== null) {
    const raw = (amount: bigint) => spotValueZec(amount, c, null);
    return presentStockPair(key, ctx.stocks?.get(key), { priceE9: raw(10n ** 15n), marketCap: raw(c.tokenTotalSupply), volume24h: ctx.volume24h?.(c.mint) ?? 0n });
  }
  const pair = ctx.nativePair;
  if (c.pair !== 'native' || !pair) return undefined;
  return { key: 'native', symbol: pair.symbol ?? NATIVE_SYMBOL, mint: pair.mint, pool: pair.pool };
}

/** What every coin shows whatever its pair: identity, payee, reserves and trade counts (no ZEC figure). */
function coinFacts(c: CoinRow) {
  return {
    mint: c.mint,
    name: c.name,
    symbol: c.symbol,
    uri: c.uri,
    deployer: c.deployer,
    creator: c.creator,
    stage: c.stage,
    createdAt: Number(c.createdAt),
    createdSignature: c.createdSignature,
    payee: c.payeeKind === 'wallet' && c.payee ? { kind: 'wallet' as const, wallet: c.payee } : c.payeeKind === 'holders' ? { kind: 'holders' as const } : null,
    reserves: {
      curve: c.stage === 'pool' ? null : { virtualToken: String(c.virtualToken), virtualQuote: String(c.virtualQuote), realToken: String(c.realToken), realQuote: String(c.realQuote) },
      pool: c.pool && c.poolBase !== null && c.poolQuote !== null ? { address: c.pool, base: String(c.poolBase), quote: String(c.poolQuote) } : null,
    },
    trades: Number(c.trades),
    buys: Number(c.buys),
    sells: Number(c.sells),
    lastTradeAt: c.lastTradeAt === null ? null : Number(c.lastTradeAt),
  };
}

/** The amounts a spot price is shown at: a whole coin (1e6 raw) in ZEC times 1e9 is the value of 1e7 raw; times 1e18, of 1e16 raw. */
const PRICE_E9_RAW = 10n ** 7n;
const PRICE_E18_RAW = 10n ** 16n;

/** A coin row as the API shows it. */
export function presentCoin(c: CoinRow, ctx: CoinContext): CoinJson {
  const stockKey = stockKeyOf(c.pair);
  if (stockKey !== null) return presentStockCoin(c, stockKey, ctx);
  const rate = c.pair === 'native' ? ctx.nativeRate : null;
  const pair = pairBlockOf(c, ctx);
  // One object literal, fields in the order coinFacts, the pair block, then the figures gave them (the
  // stream sends this object through JSON.stringify): built field by field, a row costs several times more.
  const payee = c.payeeKind === 'wallet' && c.payee ? { kind: 'wallet' as const, wallet: c.payee } : c.payeeKind === 'holders' ? { kind: 'holders' as const } : null;
  const reserves = {
    curve: c.stage === 'pool' ? null : { virtualToken: String(c.virtualToken), virtualQuote: String(c.virtualQuote), realToken: String(c.realToken), realQuote: String(c.realQuote) },
    pool: c.pool && c.poolBase !== null && c.poolQuote !== null ? { address: c.pool, base: String(c.poolBase), quote: String(c.poolQuote) } : null,
  };
  const priceZecE9 = String(spotValueZec(PRICE_E9_RAW, c, rate));
  const priceZecE18 = String(spotValueZec(PRICE_E18_RAW, c, rate));
  const marketCapZec = String(spotValueZec(c.tokenTotalSupply, c, rate));
  const lastTradeAt = c.lastTradeAt === null ? null : Number(c.lastTradeAt);
  if (pair === undefined) {
    return {
      mint: c.mint, name: c.name, symbol: c.symbol, uri: c.uri, deployer: c.deployer, creator: c.creator, stage: c.stage, createdAt: Number(c.createdAt), createdSignature: c.createdSignature,
      payee, reserves, trades: Number(c.trades), buys: Number(c.buys), sells: Number(c.sells), lastTradeAt,
      priceZecE9, priceZecE18, marketCapZec, volumeZec: String(c.volumeZec), creatorFeesZec: String(c.creatorFeesZec),
      raiseAtCompletionZec: String(c.raiseAtCompletionZec), raisedSoFarZec: String(c.raisedSoFarZec), risk: riskBlockOf(c, ctx),
    };
  }
  return {
    mint: c.mint, name: c.name, symbol: c.symbol, uri: c.uri, deployer: c.deployer, creator: c.creator, stage: c.stage, createdAt: Number(c.createdAt), createdSignature: c.createdSignature,
    payee, reserves, trades: Number(c.trades), buys: Number(c.buys), sells: Number(c.sells), lastTradeAt,
    pair, priceZecE9, priceZecE18, marketCapZec, volumeZec: String(c.volumeZec), creatorFeesZec: String(c.creatorFeesZec),
    raiseAtCompletionZec: String(c.raiseAtCompletionZec), raisedSoFarZec: String(c.raisedSoFarZec), risk: riskBlockOf(c, ctx),
  };
}

/** A stock coin: its own figures in the stock's raw units under `pair.raw`, every ZEC field at the stock's rate now or null. */
function presentStockCoin(c: CoinRow, key: string, ctx: CoinContext): CoinJson {
  const reading = ctx.stocks?.get(key);
  const rate = reading?.zec.zatPerWholeRawE12 ?? null;
  // Valued exactly: the venue's price and the rate in one fraction, floored once.
  const zec = (amount: bigint) => (rate === null ? null : String(spotValueZec(amount, c, { base: 10n ** 12n, quote: rate })));
  const total = (amount: bigint) => {
    const value = stockValueZec(amount, reading);
    return value === null ? null : String(value);
  };
  const pair = pairBlockOf(c, ctx);
  return {
    ...coinFacts(c),
    pair,
    priceZecE9: zec(10n ** 7n),
    priceZecE18: zec(10n ** 16n),
    marketCapZec: zec(c.tokenTotalSupply),
    // The index keeps a stock coin's totals in the stock's raw units (core/index/store/schema.ts).
    volumeZec: total(c.volumeZec),
    creatorFeesZec: total(c.creatorFeesZec),
    raiseAtCompletionZec: total(c.raiseAtCompletionZec),
    raisedSoFarZec: total(c.raisedSoFarZec),
    risk: riskBlockOf(c, ctx),
  };
}

/** The route of a native-paired coin (spec, "Route block"): hop 1 the pinned pool, hop 2 its curve or canonical pool. */
export async function routeOf(c: CoinRow, programs: { launchpad: Address; amm: Address }, pair: NativePair, zecMint: Address): Promise<Static<typeof RouteBlock>> {
  const hop2 =
    c.stage === 'pool'
      ? { venue: 'pool' as const, address: c.pool ?? (await findPool(programs.amm, 0, await findPumpPoolAuthority(programs.launchpad, c.mint), c.mint, pair.mint)) }
      : { venue: 'curve' as const, address: await findBondingCurve(programs.launchpad, c.mint) };
  return {
    instruction: 'multi_hop_swap',
    program: pair.routeProgram,
    hops: [
      { venue: 'pool', address: pair.pool, base: pair.mint, quote: zecMint },
      { ...hop2, base: c.mint, quote: pair.mint },
    ],
  };
}
