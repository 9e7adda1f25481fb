import {
  getArrayCodec,
  getI128Codec,
  getI64Codec,
  getStructCodec,
  getU16Codec,
  getU64Codec,
  getU8Codec,
  type Address,
  type Codec,
  type ReadonlyUint8Array,
} from '@solana/kit';
import { addressCodec } from '../address-codec.js';
import type { Bps, TokenUnits } from '../../math/units.js';
import { anchorEventSet } from '../anchor/event-set.js';
import { borshBool, borshString, defaultAtEnd } from '../launchpad/borsh.js';

/**
 * The AMM's events, as it emits them: a self-CPI to its event authority whose instruction data is
 * EVENT_IX_TAG, the event's discriminator, then the event in Borsh (field order of the `pump_amm` IDL).
 * Base amounts are in base units of the pool's base mint, quote amounts in those of its quote mint.
 */

export interface CreateConfigEvent {
  readonly timestamp: bigint;
  readonly admin: Address;
  readonly lpFeeBasisPoints: Bps;
  readonly protocolFeeBasisPoints: Bps;
  /** Exactly 8. */
  readonly protocolFeeRecipients: readonly Address[];
  readonly coinCreatorFeeBasisPoints: Bps;
  readonly adminSetCoinCreatorAuthority: Address;
}

export interface CreatePoolEvent {
  readonly timestamp: bigint;
  readonly index: number;
  readonly creator: Address;
  readonly baseMint: Address;
  readonly quoteMint: Address;
  readonly baseMintDecimals: number;
  readonly quoteMintDecimals: number;
  readonly baseAmountIn: TokenUnits;
  readonly quoteAmountIn: bigint;
  readonly poolBaseAmount: TokenUnits;
  readonly poolQuoteAmount: bigint;
  readonly minimumLiquidity: TokenUnits;
  readonly initialLiquidity: TokenUnits;
  readonly lpTokenAmountOut: TokenUnits;
  readonly poolBump: number;
  readonly pool: Address;
  readonly lpMint: Address;
  readonly userBaseTokenAccount: Address;
  readonly userQuoteTokenAccount: Address;
  readonly coinCreator: Address;
  readonly isMayhemMode: boolean;
  /** 0 in events emitted before configurable creator fees. */
  readonly creatorFeeBps: Bps;
  /** false in events emitted before configurable creator fees. */
  readonly canEditCreatorFee: boolean;
  /** false in events emitted before holder-reward coins. */
  readonly isHolderReward: boolean;
}

export interface BuyEvent {
  readonly timestamp: bigint;
  readonly baseAmountOut: TokenUnits;
  readonly maxQuoteAmountIn: bigint;
  readonly userBaseTokenReserves: TokenUnits;
  readonly userQuoteTokenReserves: bigint;
  readonly poolBaseTokenReserves: TokenUnits;
  readonly poolQuoteTokenReserves: bigint;
  readonly quoteAmountIn: bigint;
  readonly lpFeeBasisPoints: Bps;
  readonly lpFee: bigint;
  readonly protocolFeeBasisPoints: Bps;
  readonly protocolFee: bigint;
  readonly quoteAmountInWithLpFee: bigint;
  readonly userQuoteAmountIn: bigint;
  readonly pool: Address;
  readonly user: Address;
  readonly userBaseTokenAccount: Address;
  readonly userQuoteTokenAccount: Address;
  readonly protocolFeeRecipient: Address;
  readonly protocolFeeRecipientTokenAccount: Address;
  readonly coinCreator: Address;
  readonly coinCreatorFeeBasisPoints: Bps;
  readonly coinCreatorFee: bigint;
  readonly trackVolume: boolean;
  readonly totalUnclaimedTokens: bigint;
  readonly totalClaimedTokens: bigint;
  readonly currentSolVolume: bigint;
  readonly lastUpdateTimestamp: bigint;
  /** 0 from buy; buy_exact_quote_in's floor. */
  readonly minBaseAmountOut: TokenUnits;
  /** The emitting instruction's name: "buy" or "buy_exact_quote_in". */
  readonly ixName: string;
  readonly cashbackFeeBasisPoints: Bps;
  readonly cashback: bigint;
  readonly buybackFeeBasisPoints: Bps;
  readonly buybackFee: bigint;
  /** i128. */
  readonly virtualQuoteReserves: bigint;
  readonly canBoost: boolean;
  readonly baseSupply: TokenUnits;
  /** 0 in events emitted before holder-reward coins. */
  readonly holderRewardsBps: Bps;
  /** 0 in events emitted before holder-reward coins. */
  readonly holderRewards: bigint;
}

export interface SellEvent {
  readonly timestamp: bigint;
  readonly baseAmountIn: TokenUnits;
  readonly minQuoteAmountOut: bigint;
  readonly userBaseTokenReserves: TokenUnits;
  readonly userQuoteTokenReserves: bigint;
  readonly poolBaseTokenReserves: TokenUnits;
  readonly poolQuoteTokenReserves: bigint;
  readonly quoteAmountOut: bigint;
  readonly lpFeeBasisPoints: Bps;
  readonly lpFee: bigint;
  readonly protocolFeeBasisPoints: Bps;
  readonly protocolFee: bigint;
  readonly quoteAmountOutWithoutLpFee: bigint;
  readonly userQuoteAmountOut: bigint;
  readonly pool: Address;
  readonly user: Address;
  readonly userBaseTokenAccount: Address;
  readonly userQuoteTokenAccount: Address;
  readonly protocolFeeRecipient: Address;
  readonly protocolFeeRecipientTokenAccount: Address;
  readonly coinCreator: Address;
  readonly coinCreatorFeeBasisPoints: Bps;
  readonly coinCreatorFee: bigint;
  readonly cashbackFeeBasisPoints: Bps;
  readonly cashback: bigint;
  readonly buybackFeeBasisPoints: Bps;
  readonly buybackFee: bigint;
  /** i128. */
  readonly virtualQuoteReserves: bigint;
  readonly canBoost: boolean;
  readonly baseSupply: TokenUnits;
  /** 0 in events emitted before holder-reward coins. */
  readonly holderRewardsBps: Bps;
  /** 0 in events emitted before holder-reward coins. */
  readonly holderRewards: bigint;
}

export interface DepositEvent {
  readonly timestamp: bigint;
  readonly lpTokenAmountOut: TokenUnits;
  readonly maxBaseAmountIn: TokenUnits;
  readonly maxQuoteAmountIn: bigint;
  readonly userBaseTokenReserves: TokenUnits;
  readonly userQuoteTokenReserves: bigint;
  readonly poolBaseTokenReserves: TokenUnits;
  readonly poolQuoteTokenReserves: bigint;
  readonly baseAmountIn: TokenUnits;
  readonly quoteAmountIn: bigint;
  readonly lpMintSupply: TokenUnits;
  readonly pool: Address;
  readonly user: Address;
  readonly userBaseTokenAccount: Address;
  readonly userQuoteTokenAccount: Address;
  readonly userPoolTokenAccount: Address;
}

export interface CollectCoinCreatorFeeEvent {
  readonly timestamp: bigint;
  readonly coinCreator: Address;
  readonly coinCreatorFee: bigint;
  readonly coinCreatorVaultAta: Address;
  readonly coinCreatorTokenAccount: Address;
}

/**
 * Ours, beyond the IDL (the live program's route event is not published): multi_hop_swap's account of
 * itself, so an indexer records a route exactly without replaying the pools. Amounts: `zec` is what the
 * trader paid (buy, net of a completing buy's refund) or received (sale) in all; `tokens` the coin bought
 * or sold; `native` the native coin that crossed between the hops; `hop1Zec` the ZEC that went into (buy)
 * or out of (sale) the native-coin/ZEC pool, protocol fee excluded; `hop2Quote` the venue's native before
 * fees; `creatorFee` and `lpFee` in the native coin. Reserves are after the trade: hop 1's (native, ZEC);
 * hop 2's curve (virtual token, virtual quote, real token, real quote) or pool (base, quote, 0, 0).
 */
export interface RouteEvent {
  readonly timestamp: bigint;
  readonly user: Address;
  readonly mint: Address;
  readonly hop1Pool: Address;
  readonly hop2Venue: Address;
  readonly isBuy: boolean;
  readonly hop2IsCurve: boolean;
  readonly amountIn: bigint;
  readonly minAmountOut: bigint;
  readonly zec: bigint;
  readonly tokens: TokenUnits;
  readonly protocolFee: bigint;
  readonly native: bigint;
  readonly hop1Zec: bigint;
  readonly hop2Quote: bigint;
  readonly creatorFee: bigint;
  readonly lpFee: bigint;
  readonly hop1BaseReserves: bigint;
  readonly hop1QuoteReserves: bigint;
  readonly hop2Reserves: readonly [bigint, bigint, bigint, bigint];
}

export type AmmEvent =
  | { readonly name: 'CreateConfigEvent'; readonly data: CreateConfigEvent }
  | { readonly name: 'CreatePoolEvent'; readonly data: CreatePoolEvent }
  | { readonly name: 'BuyEvent'; readonly data: BuyEvent }
  | { readonly name: 'SellEvent'; readonly data: SellEvent }
  | { readonly name: 'DepositEvent'; readonly data: DepositEvent }
  | { readonly name: 'CollectCoinCreatorFeeEvent'; readonly data: CollectCoinCreatorFeeEvent }
  | { readonly name: 'RouteEvent'; readonly data: RouteEvent };

export type AmmEventName = AmmEvent['name'];

export const AMM_EVENT_DISCRIMINATORS: Readonly<Record<AmmEventName, Uint8Array>> = Object.freeze({
  CreateConfigEvent: new Uint8Array([107, 52, 89, 129, 55, 226, 81, 22]),
  CreatePoolEvent: new Uint8Array([177, 49, 12, 210, 160, 118, 167, 116]),
  BuyEvent: new Uint8Array([103, 244, 82, 31, 44, 245, 119, 119]),
  SellEvent: new Uint8Array([62, 47, 55, 10, 165, 3, 220, 42]),
  DepositEvent: new Uint8Array([120, 248, 61, 83, 31, 142, 107, 144]),
  CollectCoinCreatorFeeEvent: new Uint8Array([232, 245, 194, 238, 234, 218, 58, 89]),
  RouteEvent: new Uint8Array([86, 61, 198, 99, 167, 76, 143, 42]),
});

const address = addressCodec;
const u64 = getU64Codec();
const i64 = getI64Codec();
const u8 = getU8Codec();

const createConfigEventCodec = getStructCodec([
  ['timestamp', i64],
  ['admin', address],
  ['lpFeeBasisPoints', u64],
  ['protocolFeeBasisPoints', u64],
  ['protocolFeeRecipients', getArrayCodec(address, { size: 8 })],
  ['coinCreatorFeeBasisPoints', u64],
  ['adminSetCoinCreatorAuthority', address],
]);

const createPoolEventCodec = getStructCodec([
  ['timestamp', i64],
  ['index', getU16Codec()],
  ['creator', address],
  ['baseMint', address],
  ['quoteMint', address],
  ['baseMintDecimals', u8],
  ['quoteMintDecimals', u8],
  ['baseAmountIn', u64],
  ['quoteAmountIn', u64],
  ['poolBaseAmount', u64],
  ['poolQuoteAmount', u64],
  ['minimumLiquidity', u64],
  ['initialLiquidity', u64],
  ['lpTokenAmountOut', u64],
  ['poolBump', u8],
  ['pool', address],
  ['lpMint', address],
  ['userBaseTokenAccount', address],
  ['userQuoteTokenAccount', address],
  ['coinCreator', address],
  ['isMayhemMode', borshBool],
  ['creatorFeeBps', defaultAtEnd(u64, 0n)],
  ['canEditCreatorFee', defaultAtEnd(borshBool, false)],
  ['isHolderReward', defaultAtEnd(borshBool, false)],
]);

/** The fields BuyEvent and SellEvent share after their amounts (from `pool` to `coinCreatorFee`). */
const tradeEventParties = [
  ['pool', address],
  ['user', address],
  ['userBaseTokenAccount', address],
  ['userQuoteTokenAccount', address],
  ['protocolFeeRecipient', address],
  ['protocolFeeRecipientTokenAccount', address],
  ['coinCreator', address],
  ['coinCreatorFeeBasisPoints', u64],
  ['coinCreatorFee', u64],
] as const;

/** The fields BuyEvent and SellEvent end with. */
const tradeEventTail = [
  ['cashbackFeeBasisPoints', u64],
  ['cashback', u64],
  ['buybackFeeBasisPoints', u64],
  ['buybackFee', u64],
  ['virtualQuoteReserves', getI128Codec()],
  ['canBoost', borshBool],
  ['baseSupply', u64],
  ['holderRewardsBps', defaultAtEnd(u64, 0n)],
  ['holderRewards', defaultAtEnd(u64, 0n)],
] as const;

const buyEventCodec = getStructCodec([
  ['timestamp', i64],
  ['baseAmountOut', u64],
  ['maxQuoteAmountIn', u64],
  ['userBaseTokenReserves', u64],
  ['userQuoteTokenReserves', u64],
  ['poolBaseTokenReserves', u64],
  ['poolQuoteTokenReserves', u64],
  ['quoteAmountIn', u64],
  ['lpFeeBasisPoints', u64],
  ['lpFee', u64],
  ['protocolFeeBasisPoints', u64],
  ['protocolFee', u64],
  ['quoteAmountInWithLpFee', u64],
  ['userQuoteAmountIn', u64],
  ...tradeEventParties,
  ['trackVolume', borshBool],
  ['totalUnclaimedTokens', u64],
  ['totalClaimedTokens', u64],
  ['currentSolVolume', u64],
  ['lastUpdateTimestamp', i64],
  ['minBaseAmountOut', u64],
  ['ixName', borshString],
  ...tradeEventTail,
]);

const sellEventCodec = getStructCodec([
  ['timestamp', i64],
  ['baseAmountIn', u64],
  ['minQuoteAmountOut', u64],
  ['userBaseTokenReserves', u64],
  ['userQuoteTokenReserves', u64],
  ['poolBaseTokenReserves', u64],
  ['poolQuoteTokenReserves', u64],
  ['quoteAmountOut', u64],
  ['lpFeeBasisPoints', u64],
  ['lpFee', u64],
  ['protocolFeeBasisPoints', u64],
  ['protocolFee', u64],
  ['quoteAmountOutWithoutLpFee', u64],
  ['userQuoteAmountOut', u64],
  ...tradeEventParties,
  ...tradeEventTail,
]);

const depositEventCodec = getStructCodec([
  ['timestamp', i64],
  ['lpTokenAmountOut', u64],
  ['maxBaseAmountIn', u64],
  ['maxQuoteAmountIn', u64],
  ['userBaseTokenReserves', u64],
  ['userQuoteTokenReserves', u64],
  ['poolBaseTokenReserves', u64],
  ['poolQuoteTokenReserves', u64],
  ['baseAmountIn', u64],
  ['quoteAmountIn', u64],
  ['lpMintSupply', u64],
  ['pool', address],
  ['user', address],
  ['userBaseTokenAccount', address],
  ['userQuoteTokenAccount', address],
  ['userPoolTokenAccount', address],
]);

const collectCoinCreatorFeeEventCodec = getStructCodec([
  ['timestamp', i64],
  ['coinCreator', address],
  ['coinCreatorFee', u64],
  ['coinCreatorVaultAta', address],
  ['coinCreatorTokenAccount', address],
]);

const routeEventCodec = getStructCodec([
  ['timestamp', i64],
  ['user', address],
  ['mint', address],
  ['hop1Pool', address],
  ['hop2Venue', address],
  ['isBuy', borshBool],
  ['hop2IsCurve', borshBool],
  ['amountIn', u64],
  ['minAmountOut', u64],
  ['zec', u64],
  ['tokens', u64],
  ['protocolFee', u64],
  ['native', u64],
  ['hop1Zec', u64],
  ['hop2Quote', u64],
  ['creatorFee', u64],
  ['lpFee', u64],
  ['hop1BaseReserves', u64],
  ['hop1QuoteReserves', u64],
  ['hop2Reserves', getArrayCodec(u64, { size: 4 })],
]);

// The codecs decode plain bigints; the event types brand some of them.
const EVENT_CODECS = {
  CreateConfigEvent: createConfigEventCodec,
  CreatePoolEvent: createPoolEventCodec,
  BuyEvent: buyEventCodec,
  SellEvent: sellEventCodec,
  DepositEvent: depositEventCodec,
  CollectCoinCreatorFeeEvent: collectCoinCreatorFeeEventCodec,
  RouteEvent: routeEventCodec,
} as unknown as { readonly [N in AmmEventName]: Codec<Extract<AmmEvent, { name: N }>['data']> };

const EVENTS = anchorEventSet<AmmEvent>(AMM_EVENT_DISCRIMINATORS, EVENT_CODECS);

/**
 * The event in the data of a self-CPI event instruction, or null when the data is not an event or is
 * an event this module does not decode. A known event that does not decode throws.
 */
export const decodeAmmEvent = (data: ReadonlyUint8Array): AmmEvent | null => EVENTS.decode(data);

/**
 * The AMM events among the data of a transaction's inner instructions, in order. Pass only the
 * inner instructions the AMM program itself ran (its program id, first account its event authority):
 * any program can put the same bytes in an instruction.
 */
export const pickAmmEvents = (innerInstructionData: Iterable<ReadonlyUint8Array>): AmmEvent[] => EVENTS.pick(innerInstructionData);

/** The self-CPI instruction data of an event, as the program emits it. */
export const encodeAmmEvent = (event: AmmEvent): Uint8Array => EVENTS.encode(event);
