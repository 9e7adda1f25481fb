import { ZERO_KEY } from '../programs/amm/pdas.js';
import type { Pool } from '../programs/amm/pool.js';
import type { BondingCurve } from '../programs/launchpad/bonding-curve.js';
import { feeRates, type FeeRates } from '../math/curve-fees.js';
import { poolFeeRates, type PoolFeeRates } from '../math/pool-fees.js';
import { routeFeeRates, type RouteFeeRates } from '../math/route-venues.js';
import type { World } from './world.js';

/**
 * The fee rates each program charges a trade, read the way the programs read them, so that `expected`
 * equals what moves on chain to the base unit:
 * - a curve trade (programs/launchpad/trade.h): protocol and creator from the launchpad's fee config
 *   (exotic when set), the coin's own creator rate when Global makes it configurable, buyback from Global;
 * - a pool trade (programs/amm/common.h pool_fee_rates): LP, protocol and creator from the AMM's fee
 *   config, the pool's own creator rate when configurable, no creator fee without a coin creator;
 * - a route (programs/amm/route.h): protocol once and LP from the AMM's fee config; the creator rate of
 *   hop 2, from the launchpad's flat fees (or the coin's own) on a curve, as a pool trade on a pool.
 */
export function curveFeeRates(world: World, curve: BondingCurve): FeeRates {
  const fees = world.launchpadFees.charged;
  const creator = world.global.creatorFeeConfigurable && curve.creatorFeeBps !== 0n ? curve.creatorFeeBps : fees.creatorFeeBps;
  return feeRates({ protocolBps: fees.protocolFeeBps, creatorBps: creator, buybackBps: world.global.buybackBasisPoints });
}

export function poolTradeFeeRates(world: World, pool: Pool): PoolFeeRates {
  const fees = world.ammFees.charged;
  let creator: bigint = world.ammConfig.creatorFeeConfigurable && pool.creatorFeeBps !== 0n ? pool.creatorFeeBps : fees.creatorFeeBps;
  if (pool.coinCreator === ZERO_KEY) creator = 0n;
  return poolFeeRates({ lpBps: fees.lpFeeBps, protocolBps: fees.protocolFeeBps, creatorBps: creator });
}

export function routeTradeFeeRates(world: World, hop2: { readonly curve: BondingCurve } | { readonly pool: Pool }): RouteFeeRates {
  const fees = world.ammFees.charged;
  if ('pool' in hop2) {
    const pool = poolTradeFeeRates(world, hop2.pool);
    return routeFeeRates({ protocolBps: fees.protocolFeeBps, creatorBps: pool.creatorBps, lpBps: fees.lpFeeBps });
  }
  const flat = world.launchpadFees.flat.creatorFeeBps;
  const creator = world.global.creatorFeeConfigurable && hop2.curve.creatorFeeBps !== 0n ? hop2.curve.creatorFeeBps : flat;
  return routeFeeRates({ protocolBps: fees.protocolFeeBps, creatorBps: creator, lpBps: fees.lpFeeBps });
}
