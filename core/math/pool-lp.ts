import { ceilDiv, isqrtU128 } from './integer.js';
import { assertPoolAmount, assertPoolResult, PoolError } from './pool-error.js';
import { assertIsPoolReserves, type PoolReserves } from './pool.js';
import { quoteUnits, type QuoteUnits } from './quote-units.js';
import { tokenUnits, type TokenUnits } from './units.js';

/**
 * Liquidity of a constant-product pool: creating it, depositing for LP tokens, withdrawing them. No
 * fees are charged on any of these. LP amounts are plain bigints of LP-token base units. `lpSupply` is
 * the pool's own count of LP tokens issued (the pump AMM's `Pool.lp_supply`), not the LP mint's supply:
 * it includes the locked minimum nobody holds and ignores LP tokens burnt outside `withdraw`.
 * Notation as in pool.ts: B, Q the reserves, `/` floor, every intermediate within a u128, every
 * divisor a u64.
 */
export type PoolDeposit = Readonly<{
  lpTokenOut: bigint;
  /** Base the depositor pays in. */
  baseIn: TokenUnits;
  /** Quote the depositor pays in. */
  quoteIn: QuoteUnits;
  next: PoolReserves;
  nextLpSupply: bigint;
}>;

export type PoolWithdrawal = Readonly<{
  lpTokenIn: bigint;
  baseOut: TokenUnits;
  quoteOut: QuoteUnits;
  next: PoolReserves;
  nextLpSupply: bigint;
}>;

export type PoolCreation = Readonly<{
  pool: PoolReserves;
  /** isqrt(baseIn * quoteIn): the pool's lp_supply at creation, locked part included. */
  lpSupply: bigint;
  /** LP tokens counted in lpSupply but minted to nobody, so the pool can never be emptied. */
  lockedLp: bigint;
  /** lpSupply - lockedLp: what the creator receives. */
  creatorLp: bigint;
}>;

function assertLpSupply(lpSupply: bigint): void {
  assertPoolAmount('lpSupply', lpSupply);
  if (lpSupply === 0n) throw new PoolError('invalid_lp_supply', 'the pool has issued no LP tokens; it cannot price a deposit or withdrawal');
}

/**
 * Initial LP supply of a pool created with `baseIn` and `quoteIn`: isqrt(baseIn * quoteIn), the
 * geometric mean rounded down (integer.ts isqrtU128; the product is below 2^128, the root fits a u64).
 */
export function initialLpSupply(baseIn: TokenUnits, quoteIn: QuoteUnits): bigint {
  assertPoolAmount('baseIn', baseIn);
  assertPoolAmount('quoteIn', quoteIn);
  return isqrtU128(baseIn * quoteIn);
}

/**
 * The pump AMM's `create_pool`. In order:
 *   refuse 'invalid_amount' for a non-u64 baseIn, quoteIn or lockedLp
 *   refuse 'create_pool_zero_amount' when baseIn = 0 or quoteIn = 0
 *   lpSupply  = isqrt(baseIn * quoteIn)
 *   refuse 'initial_liquidity_too_small' when lpSupply <= lockedLp
 *   creatorLp = lpSupply - lockedLp
 * The live program locks a minimum: its CreatePoolEvent reports minimum_liquidity, initial_liquidity
 * (= lpSupply) and lp_token_amount_out (= creatorLp), and Pool.lp_supply counts the locked part. The
 * SDK has no create-pool math and does not name the constant, so the caller passes it (0 for none).
 */
export function createPoolLiquidity(baseIn: TokenUnits, quoteIn: QuoteUnits, lockedLp: bigint): PoolCreation {
  assertPoolAmount('baseIn', baseIn);
  assertPoolAmount('quoteIn', quoteIn);
  assertPoolAmount('lockedLp', lockedLp);
  if (baseIn === 0n || quoteIn === 0n) {
    throw new PoolError('create_pool_zero_amount', 'a pool must be created with at least one base unit and one quote unit', { baseIn, quoteIn });
  }
  const lpSupply = initialLpSupply(baseIn, quoteIn);
  if (lpSupply <= lockedLp) {
    throw new PoolError('initial_liquidity_too_small', `the initial liquidity ${lpSupply} does not exceed the ${lockedLp} LP tokens locked`, { lpSupply, lockedLp });
  }
  return Object.freeze({ pool: Object.freeze({ baseReserves: baseIn, quoteReserves: quoteIn }), lpSupply, lockedLp, creatorLp: lpSupply - lockedLp });
}

/**
 * Deposits for exactly `lpTokenOut` LP tokens (the pump AMM's `deposit`). In order:
 *   refuse 'invalid_pool_state', 'invalid_amount'; refuse 'invalid_lp_supply' when lpSupply = 0
 *   refuse 'deposit_zero_amount' when lpTokenOut = 0
 *   baseIn  = ceil(B * lpTokenOut / lpSupply)
 *   quoteIn = ceil(Q * lpTokenOut / lpSupply)           (rounded up: a deposit never dilutes the LPs)
 *   refuse 'amount_overflow' when baseIn, quoteIn, B + baseIn, Q + quoteIn or lpSupply + lpTokenOut
 *   exceeds u64::MAX (in that order)
 *   next = { B + baseIn, Q + quoteIn }, nextLpSupply = lpSupply + lpTokenOut
 * The SDK's depositLpToken computes baseIn and quoteIn the same way (its maxBase and maxQuote at
 * slippage 0).
 */
export function deposit(pool: PoolReserves, lpSupply: bigint, lpTokenOut: bigint): PoolDeposit {
  assertIsPoolReserves(pool);
  assertLpSupply(lpSupply);
  assertPoolAmount('lpTokenOut', lpTokenOut);
  if (lpTokenOut === 0n) throw new PoolError('deposit_zero_amount', 'a deposit must ask for at least one LP token base unit');
  const { baseReserves: B, quoteReserves: Q } = pool;
  const baseIn = ceilDiv(B * lpTokenOut, lpSupply);
  const quoteIn = ceilDiv(Q * lpTokenOut, lpSupply);
  assertPoolResult('baseIn', baseIn);
  assertPoolResult('quoteIn', quoteIn);
  assertPoolResult('baseReserves', B + baseIn);
  assertPoolResult('quoteReserves', Q + quoteIn);
  assertPoolResult('lpSupply', lpSupply + lpTokenOut);
  return Object.freeze({
    lpTokenOut,
    baseIn: tokenUnits(baseIn),
    quoteIn: quoteUnits(quoteIn),
    next: Object.freeze({ baseReserves: tokenUnits(B + baseIn), quoteReserves: quoteUnits(Q + quoteIn) }),
    nextLpSupply: lpSupply + lpTokenOut,
  });
}

/**
 * Withdraws by burning exactly `lpTokenIn` LP tokens (the pump AMM's `withdraw`). In order:
 *   refuse 'invalid_pool_state', 'invalid_amount'; refuse 'invalid_lp_supply' when lpSupply = 0
 *   refuse 'withdraw_zero_amount' when lpTokenIn = 0
 *   refuse 'withdraw_exceeds_supply' when lpTokenIn > lpSupply
 *   refuse 'withdraw_empties_pool' when lpTokenIn = lpSupply (it would take all of both reserves; with
 *   a locked minimum no holder can reach it)
 *   baseOut  = B * lpTokenIn / lpSupply
 *   quoteOut = Q * lpTokenIn / lpSupply                  (floor: a withdrawal never takes from the others)
 *   next = { B - baseOut, Q - quoteOut }, nextLpSupply = lpSupply - lpTokenIn
 * As the SDK's withdraw (its base and quote), which refuses only lpTokenIn = 0 or lpSupply = 0.
 */
export function withdraw(pool: PoolReserves, lpSupply: bigint, lpTokenIn: bigint): PoolWithdrawal {
  assertIsPoolReserves(pool);
  assertLpSupply(lpSupply);
  assertPoolAmount('lpTokenIn', lpTokenIn);
  if (lpTokenIn === 0n) throw new PoolError('withdraw_zero_amount', 'a withdrawal must burn at least one LP token base unit');
  if (lpTokenIn > lpSupply) {
    throw new PoolError('withdraw_exceeds_supply', `the withdrawal burns ${lpTokenIn} LP tokens but the pool issued ${lpSupply}`, { lpTokenIn, lpSupply });
  }
  if (lpTokenIn === lpSupply) throw new PoolError('withdraw_empties_pool', 'burning every LP token would empty the pool', { lpTokenIn, lpSupply });
  const { baseReserves: B, quoteReserves: Q } = pool;
  const baseOut = (B * lpTokenIn) / lpSupply;
  const quoteOut = (Q * lpTokenIn) / lpSupply;
  return Object.freeze({
    lpTokenIn,
    baseOut: tokenUnits(baseOut),
    quoteOut: quoteUnits(quoteOut),
    next: Object.freeze({ baseReserves: tokenUnits(B - baseOut), quoteReserves: quoteUnits(Q - quoteOut) }),
    nextLpSupply: lpSupply - lpTokenIn,
  });
}
