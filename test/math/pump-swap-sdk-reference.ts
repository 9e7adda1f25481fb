import { createRequire } from 'node:module';
import type { PoolFeeRates } from '../../core/math/pool-fees.js';
import type { PoolReserves } from '../../core/math/pool.js';

/**
 * The official pump AMM quote functions, as the reference our pool math is checked against. They live in
 * @pump-fun/pump-swap-sdk (1.20.0), which @pump-fun/pump-sdk 2.0.0 depends on and re-uses. It is required
 * from where pump-sdk resolves it, so the copy checked is the one pump-sdk uses (its CommonJS build, like
 * pump-sdk-reference.ts), and bn.js and web3.js from where pump-swap-sdk resolves them, so that every
 * BN and PublicKey comes from the copies it uses. The few calls made here are typed by hand.
 */
const fromPumpSdk = createRequire(createRequire(import.meta.url).resolve('@pump-fun/pump-sdk'));
const swapSdkPath = fromPumpSdk.resolve('@pump-fun/pump-swap-sdk');
const fromSwapSdk = createRequire(swapSdkPath);

interface BN {
  toString(base?: number): string;
}
type BNConstructor = new (value: string, base?: number) => BN;
interface PublicKey {
  toBase58(): string;
}
interface PublicKeyClass {
  new (value: string | Uint8Array): PublicKey;
  readonly default: PublicKey;
}
type Fees = { lpFeeBps: BN; protocolFeeBps: BN; creatorFeeBps: BN };

type SwapArgs = {
  slippage: number;
  baseReserve: BN;
  quoteReserve: BN;
  globalConfig: object;
  baseMintAccount: { supply: bigint };
  baseMint: PublicKey;
  coinCreator: PublicKey;
  creator: PublicKey;
  feeConfig: object | null;
  quoteMint: PublicKey;
};

interface PumpSwapSdk {
  buyBaseInput(args: SwapArgs & { base: BN }): { internalQuoteAmount: BN; uiQuote: BN; maxQuote: BN };
  buyQuoteInput(args: SwapArgs & { quote: BN }): { base: BN; internalQuoteWithoutFees: BN; maxQuote: BN };
  sellBaseInput(args: SwapArgs & { base: BN }): { uiQuote: BN; minQuote: BN; internalQuoteAmountOut: BN };
  depositLpToken(lpToken: BN, slippage: number, baseReserve: BN, quoteReserve: BN, totalLpTokens: BN): { maxBase: BN; maxQuote: BN };
  withdraw(lpAmount: BN, slippage: number, baseReserve: BN, quoteReserve: BN, totalLpTokens: BN): { base: BN; quote: BN };
  computeFeesBps(args: { globalConfig: object; feeConfig: object | null; creator: PublicKey; baseMintSupply: BN; baseMint: PublicKey; baseReserve: BN; quoteReserve: BN; quoteMint: PublicKey }): Fees;
}

const sdk = fromSwapSdk(swapSdkPath) as PumpSwapSdk;
const BNClass = fromSwapSdk('bn.js') as BNConstructor;
const { PublicKey } = fromSwapSdk('@solana/web3.js') as { PublicKey: PublicKeyClass };

const bn = (value: bigint): BN => new BNClass(value.toString(), 10);
const big = (value: BN): bigint => BigInt(value.toString(10));

/** Fixed keys: a base and a quote mint, a pool creator that is not pump's pool authority, a coin creator. */
const BASE_MINT = new PublicKey(new Uint8Array(32).fill(3));
const QUOTE_MINT = new PublicKey(new Uint8Array(32).fill(7));
const POOL_CREATOR = new PublicKey(new Uint8Array(32).fill(5));
const COIN_CREATOR = new PublicKey(new Uint8Array(32).fill(9));
const BASE_SUPPLY = 1_000_000_000_000_000n;

function globalConfig(rates: { lpBps: bigint; protocolBps: bigint; creatorBps: bigint }): object {
  return {
    admin: PublicKey.default,
    lpFeeBasisPoints: bn(rates.lpBps),
    protocolFeeBasisPoints: bn(rates.protocolBps),
    coinCreatorFeeBasisPoints: bn(rates.creatorBps),
    disableFlags: 0,
    protocolFeeRecipients: [],
    creatorFeeConfigurable: false,
  };
}

/** A FeeConfig whose only schedule that can apply to a non-pump pool is flatFees (the others are decoys). */
function flatFeeConfig(rates: PoolFeeRates): object {
  const fees = (lp: bigint, protocol: bigint, creator: bigint): Fees => ({ lpFeeBps: bn(lp), protocolFeeBps: bn(protocol), creatorFeeBps: bn(creator) });
  return {
    admin: PublicKey.default,
    flatFees: fees(rates.lpBps, rates.protocolBps, rates.creatorBps),
    feeTiers: [{ marketCapLamportsThreshold: bn(0n), fees: fees(1111n, 1111n, 1111n) }],
    stableFeeTiers: [],
    exoticFlatFees: fees(2222n, 2222n, 2222n),
  };
}

export type FeeSource = 'globalConfig' | 'flatFees';

function swapArgs(pool: PoolReserves, rates: PoolFeeRates, source: FeeSource): SwapArgs {
  // With the flatFees FeeConfig the global rates are a decoy, so using them would show.
  const global = globalConfig(source === 'globalConfig' ? rates : { ...rates, lpBps: rates.lpBps + 1n });
  return {
    slippage: 0,
    baseReserve: bn(pool.baseReserves),
    quoteReserve: bn(pool.quoteReserves),
    globalConfig: global,
    baseMintAccount: { supply: BASE_SUPPLY },
    baseMint: BASE_MINT,
    coinCreator: COIN_CREATOR,
    creator: POOL_CREATOR,
    feeConfig: source === 'flatFees' ? flatFeeConfig(rates) : null,
    quoteMint: QUOTE_MINT,
  };
}

export const pumpSwapSdkReference = {
  /** The fee rates the SDK applies with the flat-fee FeeConfig, to show the set-up selects flatFees. */
  feeBpsWithFlatFees: (pool: PoolReserves, rates: PoolFeeRates) => {
    const args = swapArgs(pool, rates, 'flatFees');
    const fees = sdk.computeFeesBps({ ...args, baseMintSupply: bn(BASE_SUPPLY) });
    return { lpBps: big(fees.lpFeeBps), protocolBps: big(fees.protocolFeeBps), creatorBps: big(fees.creatorFeeBps) };
  },
  /** buyBaseInput: quote before fees and all the buyer pays. */
  buyBase: (pool: PoolReserves, rates: PoolFeeRates, base: bigint, source: FeeSource = 'globalConfig') => {
    const result = sdk.buyBaseInput({ ...swapArgs(pool, rates, source), base: bn(base) });
    return { quoteIn: big(result.internalQuoteAmount), totalCost: big(result.uiQuote) };
  },
  /** buyQuoteInput: the base the SDK estimates `quote` buys, and the quote it budgets before fees. */
  buyQuote: (pool: PoolReserves, rates: PoolFeeRates, quote: bigint, source: FeeSource = 'globalConfig') => {
    const result = sdk.buyQuoteInput({ ...swapArgs(pool, rates, source), quote: bn(quote) });
    return { baseOut: big(result.base), effectiveQuote: big(result.internalQuoteWithoutFees) };
  },
  /** sellBaseInput: quote before fees and what the seller receives. */
  sellBase: (pool: PoolReserves, rates: PoolFeeRates, base: bigint, source: FeeSource = 'globalConfig') => {
    const result = sdk.sellBaseInput({ ...swapArgs(pool, rates, source), base: bn(base) });
    return { quoteOut: big(result.internalQuoteAmountOut), userReceives: big(result.uiQuote) };
  },
  /** depositLpToken at slippage 0: the base and quote a deposit for `lpToken` pays. */
  deposit: (pool: PoolReserves, lpSupply: bigint, lpToken: bigint) => {
    const result = sdk.depositLpToken(bn(lpToken), 0, bn(pool.baseReserves), bn(pool.quoteReserves), bn(lpSupply));
    return { baseIn: big(result.maxBase), quoteIn: big(result.maxQuote) };
  },
  /** withdraw at slippage 0: the base and quote burning `lpAmount` returns. */
  withdraw: (pool: PoolReserves, lpSupply: bigint, lpAmount: bigint) => {
    const result = sdk.withdraw(bn(lpAmount), 0, bn(pool.baseReserves), bn(pool.quoteReserves), bn(lpSupply));
    return { baseOut: big(result.base), quoteOut: big(result.quote) };
  },
};
