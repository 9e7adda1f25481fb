import type { Address, Signature } from '@solana/kit';

/**
 * What a landed transaction tells the index, decoded from the programs' instructions and events by
 * core/index/ingest and applied by the store in order. Amounts are base units: zat for ZEC, raw units
 * for coins and the native coin.
 */

/** A coin as its planting registered it (listed, or unlisted with the reason). */
export interface PlantedFact {
  readonly kind: 'planted';
  readonly mint: Address;
  readonly listed: boolean;
  readonly unlistedReason: string | null;
  /** `stock:<key>` for a coin quoted in a tokenized stock. */
  readonly pair: 'zec' | 'native' | 'other' | `stock:${string}`;
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
  readonly tokenTotalSupply: bigint;
  /** The bonding curve (CreateEvent.bondingCurve): its token account holds the coins for sale, not a holder's. */
  readonly curve: Address;
}

/**
 * One trade. `quote` is the venue's quote amount before fees in the venue's quote units (ZEC, or the
 * native coin for a native-paired coin); `zec` is what the trader paid or received in all; the fees
 * and the price are in ZEC (a route's creator fee at the route's own rate).
 */
export interface TradeFact {
  readonly kind: 'trade';
  readonly mint: Address;
  readonly venue: 'curve' | 'pool';
  readonly side: 'buy' | 'sell';
  readonly user: Address;
  readonly tokens: bigint;
  readonly quote: bigint;
  readonly zec: bigint;
  readonly creatorFee: bigint;
  readonly protocolFee: bigint;
  /** ZEC per whole coin × 1e18 (core/index/candles.ts priceZecE18). */
  readonly priceE18: bigint;
  /** The venue's reserves after the trade: the curve's four, or the pool's two (real ones only). */
  readonly reserves: Readonly<{ virtualToken: bigint; virtualQuote: bigint; realToken: bigint; realQuote: bigint }> | Readonly<{ poolBase: bigint; poolQuote: bigint }>;
  /**
   * The native-coin/ZEC pool side of a route, on the native coin's own list: shown (its chart matches
   * its list) but never counted in a total, volume, count, holding or stat.
   */
  readonly routed?: boolean;
  /**
   * A direct trade of a native-paired coin (not through the route): `zec`, `creatorFee` and
   * `protocolFee` are in the native coin and `priceE18` is 0; the store values them at the native-coin/ZEC
   * pool's rate when it applies the trade.
   */
  readonly inNative?: boolean;
}

export interface CompletedFact {
  readonly kind: 'completed';
  readonly mint: Address;
}

/** A coin's canonical pool created at migration (quote ZEC or, for a native-paired coin, the native coin). */
export interface GraduatedFact {
  readonly kind: 'graduated';
  readonly mint: Address;
  readonly pool: Address;
  readonly baseAmount: bigint;
  readonly quoteAmount: bigint;
}

/** The native-coin/ZEC pool's reserves as created (its trades carry them afterwards). */
export interface NativePoolFact {
  readonly kind: 'native-pool';
  readonly pool: Address;
  readonly base: bigint;
  readonly quote: bigint;
}

/** The vault's fee movements of a coin (programs/vault events). */
export type FeeFact =
  | { readonly kind: 'split'; readonly mint: Address; readonly amount: bigint; readonly liquidity: bigint; readonly rootstock: bigint; readonly treasury: bigint; readonly payee: bigint }
  | { readonly kind: 'payout'; readonly mint: Address; readonly payee: Address; readonly amount: bigint }
  | { readonly kind: 'payee-changed'; readonly mint: Address; readonly payeeKind: 'wallet' | 'holders'; readonly payee: Address | null }
  | { readonly kind: 'native-collected'; readonly mint: Address; readonly amount: bigint }
  | {
      readonly kind: 'native-split';
      readonly mint: Address;
      readonly collected: bigint;
      readonly burned: bigint;
      readonly toLp: bigint;
      readonly converted: bigint;
      readonly convertedZec: bigint;
      readonly treasuryZec: bigint;
      readonly payeeZec: bigint;
    }
  | RunFact
  | { readonly kind: 'liquidity-added'; readonly mint: Address; readonly pool: Address; readonly lp: bigint; readonly base: bigint; readonly quote: bigint };

/** A holders coin's reward runs (programs/vault RunOpenEvent, RunPayEvent, RunCloseEvent). */
export type RunFact =
  | { readonly kind: 'run-opened'; readonly mint: Address; readonly run: number; readonly address: Address; readonly total: bigint; readonly recipients: number; readonly snapshotSlot: bigint }
  | { readonly kind: 'run-paid'; readonly mint: Address; readonly run: number; readonly holder: Address; readonly share: bigint }
  | { readonly kind: 'run-closed'; readonly mint: Address; readonly run: number; readonly paid: bigint; readonly dust: bigint };

/**
 * A Token-2022 balance change of one owner in one transaction, whatever the instruction (a trade, a plain
 * transfer, a burn, an account closed): the sum of its token accounts of `mint` after, less before, from the
 * transaction's pre/post token balances. Listed after the transaction's other facts.
 */
export interface MovedFact {
  readonly kind: 'moved';
  readonly mint: Address;
  readonly owner: Address;
  readonly delta: bigint;
}

export type IndexFact = PlantedFact | TradeFact | CompletedFact | GraduatedFact | NativePoolFact | FeeFact | MovedFact;

export interface IndexedTransaction {
  readonly signature: Signature;
  readonly slot: bigint;
  /** Unix seconds. */
  readonly at: bigint;
  readonly facts: readonly IndexFact[];
}
