import type { Address, Signature } from '@solana/kit';
import { readPrice } from './price-column.js';
import { camel, type Row } from './rows.js';
import type { ChainHolders } from '../chain-holders.js';

/*
 * The rows the index answers with, and the mappers from SQLite rows to them: below the store and its query
 * modules alike (index-store.ts, index-queries.ts, stream-queries.ts import from here, never from each other's
 * rows), so the store's parts form no circle.
 */

/**
 * A coin's holders as read from the chain (core/index/chain-holders.ts), for reconcileHolders, with when the
 * read was made (unix seconds: a new holder's first sighting).
 */
export interface ChainHoldersRead extends ChainHolders {
  readonly at: bigint;
}

export interface CoinRow {
  readonly mint: Address;
  readonly kind: 'coin' | 'native';
  readonly listed: boolean;
  readonly unlistedReason: string | null;
  readonly pair: string;
  readonly name: string;
  readonly symbol: string;
  readonly uri: string;
  readonly deployer: Address;
  readonly creator: Address;
  readonly payeeKind: 'wallet' | 'holders' | null;
  readonly payee: Address | null;
  readonly createdSignature: Signature;
  readonly createdSlot: bigint;
  readonly createdAt: bigint;
  readonly stage: 'curve' | 'complete' | 'pool';
  readonly virtualToken: bigint;
  readonly virtualQuote: bigint;
  readonly realToken: bigint;
  readonly realQuote: bigint;
  readonly tokenTotalSupply: bigint;
  readonly pool: Address | null;
  /** The coin's bonding curve account, as its planting named it (null: the native coin, which has none). */
  readonly curve: Address | null;
  readonly poolBase: bigint | null;
  readonly poolQuote: bigint | null;
  readonly trades: bigint;
  readonly buys: bigint;
  readonly sells: bigint;
  readonly volumeZec: bigint;
  readonly creatorFeesZec: bigint;
  /** The last trade's price, ZEC per whole coin × 1e18. */
  readonly lastPriceE18: bigint;
  readonly lastTradeAt: bigint | null;
  /** Listed, ZEC-paired launchpad coin: counted in the stats. */
  readonly counted: boolean;
  /**
   * Graduation raise in the pair's quote units: what the curve holds now, and what it would hold once
   * complete were its remaining tokens bought at once (the curve's own arithmetic); after migration both
   * are what moved into the pool. The ...Zec pair: the same in ZEC (a native-paired coin's at the native
   * coin's ZEC rate now).
   */
  readonly raisedSoFar: bigint;
  readonly raiseAtCompletion: bigint;
  readonly raisedSoFarZec: bigint;
  readonly raiseAtCompletionZec: bigint;
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
  /** ZEC per whole coin × 1e18 (the trade's own quote over its tokens; priceZecE9 is this / 1e9). */
  readonly priceE18: bigint;
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
  readonly volumeZec: bigint;
  /** The balance at its coin's spot price now, less the cost basis (zat). */
  readonly unrealisedPnlZec: bigint;
  readonly valueZec: bigint;
  /** The first trade of this coin by this wallet the index saw. */
  readonly firstSeenSlot: bigint;
  readonly firstSeenAt: bigint;
}

export interface CoinFeesRow {
  readonly mint: Address;
  readonly creatorFeesZec: bigint;
  readonly splitZec: bigint;
  readonly toLpZec: bigint;
  readonly rootstockZec: bigint;
  readonly treasuryZec: bigint;
  readonly payeeZec: bigint;
  readonly paidOutZec: bigint;
  readonly native: { readonly claimed: bigint; readonly burned: bigint; readonly toLp: bigint; readonly converted: bigint; readonly convertedZec: bigint } | null;
}

export interface FeeEventRow {
  readonly signature: Signature;
  readonly slot: bigint;
  readonly at: bigint;
  readonly mint: Address;
  readonly kind: FeeEventKind;
  /** The kind's own unit: ZEC (zat), or the native coin for collect, burn, to-lp, conversion and liquidity. */
  readonly amount: bigint;
  /** The amount in zat: as paid, or valued at the movement's own conversion rate (the native pool's for a collect). */
  readonly zec: bigint;
  /** The wallet paid (payout, run-pay) or named (payee). */
  readonly party: Address | null;
  /** The holder-reward run of run-open, run-pay and run-close rows. */
  readonly run: number | null;
}

/** The kinds of the vault's movements (the spec's "rings"). */
export const FEE_EVENT_KINDS = ['split', 'payout', 'payee', 'collect', 'burn', 'to-lp', 'conversion', 'liquidity', 'run-open', 'run-pay', 'run-close'] as const;
export type FeeEventKind = (typeof FEE_EVENT_KINDS)[number];

export interface GraduationRow {
  readonly mint: Address;
  readonly signature: Signature;
  readonly slot: bigint;
  readonly at: bigint;
  readonly pool: Address;
  readonly baseAmount: bigint;
  readonly quoteAmount: bigint;
}

export interface StatsRow {
  readonly coins: bigint;
  readonly trades: bigint;
  readonly buys: bigint;
  readonly sells: bigint;
  readonly volumeZec: bigint;
  readonly creatorFeesZec: bigint;
  readonly graduations: bigint;
  readonly traders: bigint;
}

export interface DailyStatsRow extends StatsRow {
  /** Unix seconds of the UTC day's start. */
  readonly day: bigint;
}

/** The native coin's own row (its list and chart carry direct pool trades and each route's pool side). */
export interface NativeCoinInfo {
  readonly mint: Address;
  readonly symbol: string;
  readonly name: string;
  readonly pool: Address;
}

/** A fee_events row (seq and position taken off) as a FeeEventRow. */
export function feeEventRowOf(row: Row): FeeEventRow {
  const { seq: _seq, position: _position, ...e } = camel(row);
  return { ...e, run: e['run'] === null ? null : Number(e['run']) } as unknown as FeeEventRow;
}

/** A trades row (seq and position already taken off) as a TradeRow: its flag and its price read back. */
export function tradeRowOf(t: Row): TradeRow {
  return { ...t, priceE18: readPrice(t['priceE18']), routed: t['routed'] === 1n } as unknown as TradeRow;
}

/** A candles row as a CandleRow, its four prices read back. */
export function candleRowOf(row: Row): CandleRow {
  const c = camel(row);
  return { ...c, open: readPrice(c['open']), high: readPrice(c['high']), low: readPrice(c['low']), close: readPrice(c['close']) } as unknown as CandleRow;
}
