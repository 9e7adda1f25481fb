import type { Address } from '@solana/kit';
import type { Chain } from '../chain/chain.js';
import type { MintInfo } from '../config/profile.js';
import { DeskError } from '../errors.js';
import { curveState, type CurveState } from '../math/curve.js';
import type { FeeRates } from '../math/curve-fees.js';
import { poolReserves, type PoolReserves } from '../math/pool.js';
import type { PoolFeeRates } from '../math/pool-fees.js';
import { routeVenues, type RouteFeeRates, type RouteVenues } from '../math/route-venues.js';
import { findCanonicalPool } from '../programs/amm/pdas.js';
import { decodePool, isPool, poolRouteCreatorFees, type Pool } from '../programs/amm/pool.js';
import { decodeBondingCurve, isBondingCurve, type BondingCurve } from '../programs/launchpad/bonding-curve.js';
import { decodeQuoteControl, isQuoteControl } from '../programs/launchpad/quote-control.js';
import { findAssociatedTokenAccount, findBondingCurve, findQuoteControl } from '../programs/launchpad/pdas.js';
import { TOKEN_2022_PROGRAM, tokenAccountAmount } from '../programs/token-account.js';
import { curveFeeRates, poolTradeFeeRates, routeTradeFeeRates } from './fee-rates.js';
import type { World } from './world.js';

/**
 * A coin's market as it stands on chain when a build is made: its pair (read from the curve's quote
 * mint), its venue (the curve until it completes, then its canonical pool), the venue's reserves and
 * rates, and for a native-paired coin the route's two venues. Everything a quote needs, nothing cached.
 */
export interface PoolVenue {
  readonly address: Address;
  readonly account: Pool;
  readonly baseVault: Address;
  readonly quoteVault: Address;
  /** Base and quote in the vaults; route creator fees waiting there and virtual quote reserves accounted. */
  readonly reserves: PoolReserves;
}

export interface CoinMarket {
  readonly mint: Address;
  readonly pair: 'zec' | 'native';
  /** The coin's quote mint (ZEC, or the native coin). */
  readonly quote: MintInfo;
  readonly curveAddress: Address;
  readonly curve: BondingCurve;
  readonly venue: 'curve' | 'pool';
  /** The curve's reserves; null once it completed (migration empties it). */
  readonly curveState: CurveState | null;
  /** The curve's own token accounts (hop 2 of a route on the curve). */
  readonly curveBaseVault: Address;
  readonly curveQuoteVault: Address;
  readonly curveRates: FeeRates;
  /** The canonical pool, once the coin migrated. */
  readonly pool: (PoolVenue & { readonly rates: PoolFeeRates }) | null;
  /** A native-paired coin's route: hop 1 the native-coin/ZEC pool, hop 2 the coin's venue. */
  readonly route: { readonly hop1: PoolVenue; readonly venues: RouteVenues; readonly rates: RouteFeeRates } | null;
}

/** The pool and its vaults; null when there is no pool at `address` (yet). */
export async function readPoolVenue(chain: Chain, address: Address, what: string): Promise<PoolVenue | null> {
  const account = await chain.getAccount(address, 'confirmed');
  if (!account || !isPool(account.data)) return null;
  const pool = decodePool(account.data);
  const [base, quote] = await chain.getAccounts([pool.poolBaseTokenAccount, pool.poolQuoteTokenAccount], 'confirmed');
  if (!base || !quote) throw new DeskError('unavailable', `the vaults of ${what} (${address}) are not on this cluster`);
  const quoteHeld = tokenAccountAmount(quote.data) - poolRouteCreatorFees(account.data);
  return {
    address,
    account: pool,
    baseVault: pool.poolBaseTokenAccount,
    quoteVault: pool.poolQuoteTokenAccount,
    reserves: poolReserves({ baseReserves: tokenAccountAmount(base.data), quoteReserves: quoteHeld + pool.virtualQuoteReserves }),
  };
}

/** Coin markets read while a chain's state stood still (its mark), under one world: at most this many. */
const KEPT_MARKETS = 256;
const keptMarkets = new WeakMap<Chain, { readonly mark: number; readonly world: World; readonly markets: Map<Address, CoinMarket> }>();

/**
 * A coin's market as its venue reads now. While the chain's state stands still (chain.stateMark) the market
 * read last under the same world is answered again: quotes and builds of one coin between two slots read
 * its curve or pool once. Nobody writes into a market.
 */
export async function readCoinMarket(chain: Chain, world: World, mint: Address): Promise<CoinMarket> {
  const mark = chain.stateMark();
  if (mark === null) return readCoinMarketNow(chain, world, mint);
  let kept = keptMarkets.get(chain);
  if (kept === undefined || kept.mark !== mark || kept.world !== world) keptMarkets.set(chain, (kept = { mark, world, markets: new Map() }));
  const found = kept.markets.get(mint);
  if (found !== undefined) return found;
  const market = await readCoinMarketNow(chain, world, mint);
  // Kept only if nothing moved while it was read (a read spans awaits).
  if (chain.stateMark() === mark) {
    if (kept.markets.size >= KEPT_MARKETS) kept.markets.clear();
    kept.markets.set(mint, market);
  }
  return market;
}

async function readCoinMarketNow(chain: Chain, world: World, mint: Address): Promise<CoinMarket> {
  const curveAddress = await findBondingCurve(world.programs.launchpad, mint);
  const account = await chain.getAccount(curveAddress, 'confirmed');
  if (!account || account.owner !== world.programs.launchpad || !isBondingCurve(account.data)) {
    throw new DeskError('not_found', `no launchpad coin with mint ${mint} on this cluster`);
  }
  const curve = decodeBondingCurve(account.data);
  const native = world.native;
  let pair: CoinMarket['pair'];
  let quote: MintInfo;
  if (curve.quoteMint === world.zec.address) {
    pair = 'zec';
    quote = world.zec;
  } else if (native !== null && curve.quoteMint === native.mint) {
    pair = 'native';
    quote = { address: native.mint, decimals: native.decimals, tokenProgram: native.tokenProgram };
  } else {
    throw new DeskError('not_found', `coin ${mint} is quoted in ${curve.quoteMint}, neither ZEC nor the native coin: it has no route in this API`);
  }
  const state = curve.complete ? null : curveState({ ...curve });
  const curveBaseVault = await findAssociatedTokenAccount(curveAddress, mint, TOKEN_2022_PROGRAM);
  const curveQuoteVault = await findAssociatedTokenAccount(curveAddress, quote.address, quote.tokenProgram);
  let pool: CoinMarket['pool'] = null;
  if (curve.complete) {
    const address = await findCanonicalPool(world.programs, mint, quote.address);
    const venue = await readPoolVenue(chain, address, `the canonical pool of ${mint}`);
    // A complete curve whose pool is not there yet: migration has not run.
    if (!venue) throw new DeskError('refused', `coin ${mint} finished its curve and has not migrated to its pool yet; try again after migration`);
    pool = { ...venue, rates: poolTradeFeeRates(world, venue.account) };
  }
  let route: CoinMarket['route'] = null;
  if (pair === 'native') {
    const hop1 = await readPoolVenue(chain, native!.pool, 'the native-coin/ZEC pool');
    if (!hop1) throw new DeskError('unavailable', `the native-coin/ZEC pool (${native!.pool}) is not on this cluster`);
    const venues = routeVenues(hop1.reserves, pool ? { venue: 'pool', pool: pool.reserves } : { venue: 'curve', curve: state! });
    route = { hop1, venues, rates: routeTradeFeeRates(world, pool ? { pool: pool.account } : { curve }) };
  }
  return {
    mint,
    pair,
    quote,
    curveAddress,
    curve,
    venue: pool ? 'pool' : 'curve',
    curveState: state,
    curveBaseVault,
    curveQuoteVault,
    curveRates: curveFeeRates(world, curve),
    pool,
    route,
  };
}


/**
 * The initial virtual quote reserves create_v2 gives a curve quoted in `quoteMint`: Global's own for its
 * whitelisted quote mint, else the quote control's entry (programs/launchpad/create.h). Not admitted:
 * answered in words, as the program would refuse it.
 */
async function initialVirtualQuoteReserves(chain: Chain, world: World, quoteMint: Address): Promise<bigint> {
  if (world.global.whitelistedQuoteMints[0] === quoteMint) return world.global.initialVirtualQuoteReserves;
  const account = await chain.getAccount(await findQuoteControl(world.programs.launchpad), 'confirmed');
  const entry = account && isQuoteControl(account.data) ? decodeQuoteControl(account.data).mints.find((m) => m.mint === quoteMint) : undefined;
  if (!entry) throw new DeskError('simulation_failed', `the launchpad does not take new coins quoted in ${quoteMint} now (not an admitted quote mint)`);
  return entry.initialVirtualQuoteReserves;
}

/**
 * The market of a coin that a planting is about to create: the curve exactly as create_v2 writes it
 * (Global's initial reserves, the quote mint's virtual quote reserves, the creator and creator fee asked
 * for), so a first buy in the same transaction is quoted to the base unit before the coin exists.
 */
export async function freshCoinMarket(
  chain: Chain,
  world: World,
  coin: { readonly mint: Address; readonly pair: CoinMarket['pair']; readonly creator: Address; readonly creatorFeeBps: bigint },
): Promise<CoinMarket> {
  const native = world.native;
  if (coin.pair === 'native' && native === null) throw new DeskError('invalid_param', 'pair: this cluster has no native pair');
  const quote: MintInfo = coin.pair === 'zec' ? world.zec : { address: native!.mint, decimals: native!.decimals, tokenProgram: native!.tokenProgram };
  const global = world.global;
  const curve: BondingCurve = {
    virtualTokenReserves: global.initialVirtualTokenReserves,
    virtualQuoteReserves: await initialVirtualQuoteReserves(chain, world, quote.address),
    realTokenReserves: global.initialRealTokenReserves,
    realQuoteReserves: 0n,
    tokenTotalSupply: global.tokenTotalSupply,
    complete: false,
    creator: coin.creator,
    isMayhemMode: false,
    isCashbackCoin: false,
    quoteMint: quote.address,
    creatorFeeBps: coin.creatorFeeBps as BondingCurve['creatorFeeBps'],
    canEditCreatorFee: false,
    isHolderReward: false,
  };
  const curveAddress = await findBondingCurve(world.programs.launchpad, coin.mint);
  const state = curveState({ ...curve });
  let route: CoinMarket['route'] = null;
  if (coin.pair === 'native') {
    const hop1 = await readPoolVenue(chain, native!.pool, 'the native-coin/ZEC pool');
    if (!hop1) throw new DeskError('unavailable', `the native-coin/ZEC pool (${native!.pool}) is not on this cluster`);
    route = { hop1, venues: routeVenues(hop1.reserves, { venue: 'curve', curve: state }), rates: routeTradeFeeRates(world, { curve }) };
  }
  return {
    mint: coin.mint,
    pair: coin.pair,
    quote,
    curveAddress,
    curve,
    venue: 'curve',
    curveState: state,
    curveBaseVault: await findAssociatedTokenAccount(curveAddress, coin.mint, TOKEN_2022_PROGRAM),
    curveQuoteVault: await findAssociatedTokenAccount(curveAddress, quote.address, quote.tokenProgram),
    curveRates: curveFeeRates(world, curve),
    pool: null,
    route,
  };
}
