import {
  getArrayCodec,
  getI64Codec,
  getStructCodec,
  getU16Codec,
  getU64Codec,
  transformCodec,
  type Address,
  type Codec,
  type ReadonlyUint8Array,
} from '@solana/kit';
import { addressCodec } from '../address-codec.js';
import type { Bps, TokenUnits } from '../../math/units.js';
import { anchorEventSet } from '../anchor/event-set.js';

export { isEventInstructionData } from '../anchor/event-set.js';
import { borshBool, borshString, defaultAtEnd } from './borsh.js';

/**
 * The launchpad's events, as it emits them: a self-CPI to its event authority whose instruction data is
 * EVENT_IX_TAG, the event's discriminator, then the event in Borsh (field order of the `pump` IDL).
 * Quote amounts are in base units of the curve's quote mint; `*Sol*` fields keep their IDL names.
 */

export interface CreateEvent {
  readonly name: string;
  readonly symbol: string;
  readonly uri: string;
  readonly mint: Address;
  readonly bondingCurve: Address;
  readonly user: Address;
  readonly creator: Address;
  readonly timestamp: bigint;
  readonly virtualTokenReserves: TokenUnits;
  readonly virtualSolReserves: bigint;
  readonly realTokenReserves: TokenUnits;
  readonly tokenTotalSupply: TokenUnits;
  readonly tokenProgram: Address;
  readonly isMayhemMode: boolean;
  readonly isCashbackEnabled: boolean;
  readonly quoteMint: Address;
  readonly virtualQuoteReserves: bigint;
  /** 0 in events emitted before configurable creator fees. */
  readonly creatorFeeBps: Bps;
  /** false in events emitted before holder-reward coins. */
  readonly isHolderReward: boolean;
}

export interface Shareholder {
  readonly address: Address;
  readonly shareBps: Bps;
}

export interface TradeEvent {
  readonly mint: Address;
  readonly solAmount: bigint;
  readonly tokenAmount: TokenUnits;
  readonly isBuy: boolean;
  readonly user: Address;
  readonly timestamp: bigint;
  readonly virtualSolReserves: bigint;
  readonly virtualTokenReserves: TokenUnits;
  readonly realSolReserves: bigint;
  readonly realTokenReserves: TokenUnits;
  readonly feeRecipient: Address;
  readonly feeBasisPoints: Bps;
  readonly fee: bigint;
  readonly creator: Address;
  readonly creatorFeeBasisPoints: Bps;
  readonly creatorFee: bigint;
  readonly trackVolume: boolean;
  readonly totalUnclaimedTokens: bigint;
  readonly totalClaimedTokens: bigint;
  readonly currentSolVolume: bigint;
  readonly lastUpdateTimestamp: bigint;
  /** The emitting instruction's name, e.g. "buy_v2", "sell_v2", "buy_exact_quote_in_v2". */
  readonly ixName: string;
  readonly mayhemMode: boolean;
  readonly cashbackFeeBasisPoints: Bps;
  readonly cashback: bigint;
  readonly buybackFeeBasisPoints: Bps;
  readonly buybackFee: bigint;
  readonly shareholders: readonly Shareholder[];
  readonly quoteMint: Address;
  readonly quoteAmount: bigint;
  readonly virtualQuoteReserves: bigint;
  readonly realQuoteReserves: bigint;
  /** 0 in events emitted before holder-reward coins. */
  readonly holderRewardsBps: Bps;
  /** 0 in events emitted before holder-reward coins. */
  readonly holderRewards: bigint;
}

export interface CompleteEvent {
  readonly user: Address;
  readonly mint: Address;
  readonly bondingCurve: Address;
  readonly timestamp: bigint;
  readonly quoteMint: Address;
}

export interface CollectCreatorFeeEvent {
  readonly timestamp: bigint;
  readonly creator: Address;
  readonly creatorFee: bigint;
  readonly quoteMint: Address;
}

export type LaunchpadEvent =
  | { readonly name: 'CreateEvent'; readonly data: CreateEvent }
  | { readonly name: 'TradeEvent'; readonly data: TradeEvent }
  | { readonly name: 'CompleteEvent'; readonly data: CompleteEvent }
  | { readonly name: 'CollectCreatorFeeEvent'; readonly data: CollectCreatorFeeEvent };

export type LaunchpadEventName = LaunchpadEvent['name'];

export const EVENT_DISCRIMINATORS: Readonly<Record<LaunchpadEventName, Uint8Array>> = Object.freeze({
  CreateEvent: new Uint8Array([27, 114, 169, 77, 222, 235, 99, 118]),
  TradeEvent: new Uint8Array([189, 219, 127, 211, 78, 230, 97, 238]),
  CompleteEvent: new Uint8Array([95, 114, 97, 156, 212, 46, 152, 8]),
  CollectCreatorFeeEvent: new Uint8Array([122, 2, 127, 1, 14, 191, 12, 175]),
});

const address = addressCodec;
const u64 = getU64Codec();
const i64 = getI64Codec();
const u16AsBigint = transformCodec(getU16Codec(), (value: bigint) => Number(value), (value) => BigInt(value));

const createEventCodec = getStructCodec([
  ['name', borshString],
  ['symbol', borshString],
  ['uri', borshString],
  ['mint', address],
  ['bondingCurve', address],
  ['user', address],
  ['creator', address],
  ['timestamp', i64],
  ['virtualTokenReserves', u64],
  ['virtualSolReserves', u64],
  ['realTokenReserves', u64],
  ['tokenTotalSupply', u64],
  ['tokenProgram', address],
  ['isMayhemMode', borshBool],
  ['isCashbackEnabled', borshBool],
  ['quoteMint', address],
  ['virtualQuoteReserves', u64],
  ['creatorFeeBps', defaultAtEnd(u64, 0n)],
  ['isHolderReward', defaultAtEnd(borshBool, false)],
]);

const tradeEventCodec = getStructCodec([
  ['mint', address],
  ['solAmount', u64],
  ['tokenAmount', u64],
  ['isBuy', borshBool],
  ['user', address],
  ['timestamp', i64],
  ['virtualSolReserves', u64],
  ['virtualTokenReserves', u64],
  ['realSolReserves', u64],
  ['realTokenReserves', u64],
  ['feeRecipient', address],
  ['feeBasisPoints', u64],
  ['fee', u64],
  ['creator', address],
  ['creatorFeeBasisPoints', u64],
  ['creatorFee', u64],
  ['trackVolume', borshBool],
  ['totalUnclaimedTokens', u64],
  ['totalClaimedTokens', u64],
  ['currentSolVolume', u64],
  ['lastUpdateTimestamp', i64],
  ['ixName', borshString],
  ['mayhemMode', borshBool],
  ['cashbackFeeBasisPoints', u64],
  ['cashback', u64],
  ['buybackFeeBasisPoints', u64],
  ['buybackFee', u64],
  ['shareholders', getArrayCodec(getStructCodec([['address', address], ['shareBps', u16AsBigint]]))],
  ['quoteMint', address],
  ['quoteAmount', u64],
  ['virtualQuoteReserves', u64],
  ['realQuoteReserves', u64],
  ['holderRewardsBps', defaultAtEnd(u64, 0n)],
  ['holderRewards', defaultAtEnd(u64, 0n)],
]);

const completeEventCodec = getStructCodec([
  ['user', address],
  ['mint', address],
  ['bondingCurve', address],
  ['timestamp', i64],
  ['quoteMint', address],
]);

const collectCreatorFeeEventCodec = getStructCodec([
  ['timestamp', i64],
  ['creator', address],
  ['creatorFee', u64],
  ['quoteMint', address],
]);

// The codecs decode plain bigints; the event types brand some of them.
const EVENT_CODECS = {
  CreateEvent: createEventCodec,
  TradeEvent: tradeEventCodec,
  CompleteEvent: completeEventCodec,
  CollectCreatorFeeEvent: collectCreatorFeeEventCodec,
} as unknown as { readonly [N in LaunchpadEventName]: Codec<Extract<LaunchpadEvent, { name: N }>['data']> };

const EVENTS = anchorEventSet<LaunchpadEvent>(EVENT_DISCRIMINATORS, EVENT_CODECS);

/**
 * The event in the data of a self-CPI event instruction, or null when the data is not an event or is
 * an event this module does not decode. A known event that does not decode throws.
 */
export const decodeLaunchpadEvent = (data: ReadonlyUint8Array): LaunchpadEvent | null => EVENTS.decode(data);

/**
 * The launchpad events among the data of a transaction's inner instructions, in order. Pass only the
 * inner instructions the launchpad program itself ran (its program id, first account its event authority):
 * any program can put the same bytes in an instruction.
 */
export const pickLaunchpadEvents = (innerInstructionData: Iterable<ReadonlyUint8Array>): LaunchpadEvent[] => EVENTS.pick(innerInstructionData);

/** The self-CPI instruction data of an event, as the program emits it. */
export const encodeLaunchpadEvent = (event: LaunchpadEvent): Uint8Array => EVENTS.encode(event);
