import { createRequire } from 'node:module';
import type { CurveState } from '../../core/math/curve.js';
import type { FeeRates } from '../../core/math/curve-fees.js';

/**
 * The official pump SDK's curve estimators, as the reference our curve math is checked against. Its
 * ESM entry does not load under Node 20, so its CommonJS build is required, and so are bn.js and
 * web3.js, so that every BN and PublicKey comes from the same copies the SDK uses. bn.js ships no
 * types, so the few calls made here are typed by hand.
 */
const require = createRequire(import.meta.url);

interface BN {
  toString(base?: number): string;
}
type BNConstructor = new (value: string, base?: number) => BN;
interface PublicKey {
  toBase58(): string;
  toBytes(): Uint8Array;
}
interface PublicKeyClass {
  new (value: string | Uint8Array): PublicKey;
  readonly default: PublicKey;
}
type Fees = { lpFeeBps: BN; protocolFeeBps: BN; creatorFeeBps: BN };

interface PumpSdk {
  getBuySolAmountFromTokenAmount(args: SdkTradeArgs & { quoteMint: PublicKey }): BN;
  getBuyTokenAmountFromSolAmount(args: SdkTradeArgs & { quoteMint: PublicKey }): BN;
  getSellSolAmountFromTokenAmount(args: SdkTradeArgs): BN;
  isExoticQuoteMint(mint: PublicKey): boolean;
  bondingCurveMarketCap(args: { mintSupply: BN; virtualQuoteReserves: BN; virtualTokenReserves: BN }): BN;
}
type SdkTradeArgs = { global: object; feeConfig: object; mintSupply: BN; bondingCurve: object; amount: BN };

const sdk = require('@pump-fun/pump-sdk') as PumpSdk;
const BNClass = require('bn.js') as BNConstructor;
const { PublicKey } = require('@solana/web3.js') as { PublicKey: PublicKeyClass };

const bn = (value: bigint): BN => new BNClass(value.toString(), 10);
const big = (value: BN): bigint => BigInt(value.toString(10));

/** A fixed non-SOL, non-stable quote mint (so pump-fees' exotic flat schedule applies) and a creator. */
const QUOTE_MINT = new PublicKey(new Uint8Array(32).fill(7));
const CREATOR = new PublicKey(new Uint8Array(32).fill(9));
const ONE_BILLION_SUPPLY = 1_000_000_000_000_000n;

function global(initialVirtualQuoteReserves: bigint): object {
  const zero = PublicKey.default;
  return {
    initialized: true,
    authority: zero,
    feeRecipient: zero,
    initialVirtualTokenReserves: bn(1_073_000_000_000_000n),
    initialVirtualSolReserves: bn(30_000_000_000n),
    initialRealTokenReserves: bn(793_100_000_000_000n),
    tokenTotalSupply: bn(ONE_BILLION_SUPPLY),
    // Only read without a FeeConfig; deliberately absurd so that using them would show.
    feeBasisPoints: bn(9_000n),
    withdrawAuthority: zero,
    enableMigrate: true,
    poolMigrationFee: bn(0n),
    creatorFeeBasisPoints: bn(900n),
    feeRecipients: [],
    setCreatorAuthority: zero,
    adminSetCreatorAuthority: zero,
    createV2Enabled: true,
    whitelistPda: zero,
    reservedFeeRecipient: zero,
    mayhemModeEnabled: false,
    reservedFeeRecipients: [],
    isCashbackEnabled: false,
    buybackFeeRecipients: [],
    buybackBasisPoints: bn(0n),
    initialVirtualQuoteReserves: bn(initialVirtualQuoteReserves),
    whitelistedQuoteMints: [QUOTE_MINT],
    creatorFeeConfigurable: false,
    maxConfigurableCreatorFeeBps: bn(0n),
    holderRewardClaimAuthority: zero,
    isHolderRewardEnabled: false,
  };
}

/** FeeConfig with no tiers; the exotic flat schedule carries the rates, flatFees is a decoy. */
function feeConfig(rates: FeeRates): object {
  const fees = (lp: bigint, protocol: bigint, creator: bigint): Fees => ({ lpFeeBps: bn(lp), protocolFeeBps: bn(protocol), creatorFeeBps: bn(creator) });
  return {
    admin: PublicKey.default,
    flatFees: fees(25n, 777n, 111n),
    feeTiers: [],
    stableFeeTiers: [],
    // lpFeeBps is nonzero so the schedule never reads as "unset" even when both rates are 0.
    exoticFlatFees: fees(20n, rates.protocolBps, rates.creatorBps),
  };
}

function bondingCurve(state: CurveState): object {
  return {
    virtualTokenReserves: bn(state.virtualTokenReserves),
    virtualQuoteReserves: bn(state.virtualQuoteReserves),
    realTokenReserves: bn(state.realTokenReserves),
    realQuoteReserves: bn(state.realQuoteReserves),
    tokenTotalSupply: bn(ONE_BILLION_SUPPLY),
    complete: state.complete,
    creator: CREATOR,
    isMayhemMode: false,
    isCashbackCoin: false,
    quoteMint: QUOTE_MINT,
    creatorFeeBps: bn(0n),
    canEditCreatorFee: false,
    isHolderReward: false,
  };
}

function args(state: CurveState, rates: FeeRates, amount: bigint) {
  return { ...pumpSdkCurveObjects(state, rates), amount: bn(amount) };
}

/**
 * Global, FeeConfig (flat exotic fees, no tiers) and BondingCurve as the SDK reads them, with the mint
 * supply and the (exotic) quote mint: everything an SDK curve quote takes but the amount.
 */
export function pumpSdkCurveObjects(state: CurveState, rates: FeeRates, initialVirtualQuoteReserves = 30_000_000_000n) {
  return { global: global(initialVirtualQuoteReserves), feeConfig: feeConfig(rates), mintSupply: bn(ONE_BILLION_SUPPLY), bondingCurve: bondingCurve(state), quoteMint: QUOTE_MINT };
}

export const pumpSdkReference = {
  quoteMintIsExotic: () => sdk.isExoticQuoteMint(QUOTE_MINT),
  /** Quote a buy of `tokens` costs, fees included (the SDK knows no buyback fee). */
  buyQuoteForTokens: (state: CurveState, rates: FeeRates, tokens: bigint) => big(sdk.getBuySolAmountFromTokenAmount(args(state, rates, tokens))),
  /** Tokens the SDK estimates `spendable` buys. */
  buyTokensForQuote: (state: CurveState, rates: FeeRates, spendable: bigint) => big(sdk.getBuyTokenAmountFromSolAmount(args(state, rates, spendable))),
  /** Quote a sale of `tokens` pays the seller, fees taken off. */
  sellQuoteForTokens: (state: CurveState, rates: FeeRates, tokens: bigint) => big(sdk.getSellSolAmountFromTokenAmount(args(state, rates, tokens))),
  marketCap: (state: CurveState, supply: bigint) =>
    big(sdk.bondingCurveMarketCap({ mintSupply: bn(supply), virtualQuoteReserves: bn(state.virtualQuoteReserves), virtualTokenReserves: bn(state.virtualTokenReserves) })),
};
