import { describe, expect, it } from 'vitest';
import { U64_MAX } from '../../core/math/curve-error.js';
import { ceilDiv, gcd, isqrtU128, U128_MAX } from '../../core/math/integer.js';
import { isPoolError, type PoolErrorCode } from '../../core/math/pool-error.js';
import { createPoolLiquidity, deposit, initialLpSupply, withdraw } from '../../core/math/pool-lp.js';
import { isPoolReserves, poolReserves } from '../../core/math/pool.js';
import { quoteUnits as q } from '../../core/math/quote-units.js';
import { tokenUnits as t } from '../../core/math/units.js';
import { randomPool } from './pool-cases.js';
import { SeededRandom } from './seeded-random.js';

function refusal(action: () => unknown): PoolErrorCode {
  try {
    action();
  } catch (error) {
    if (isPoolError(error)) return error.code;
    throw error;
  }
  throw new Error('expected a refusal');
}

const CASES = 2000;
const pool = poolReserves({ baseReserves: 1_000_000n, quoteReserves: 2_000_000n });
// isqrt(1e6 * 2e6) = isqrt(2e12) = 1_414_213.
const supply = 1_414_213n;

describe('integer helpers', () => {
  it('takes the exact integer square root of any u128', () => {
    const cases: [bigint, bigint][] = [
      [0n, 0n],
      [1n, 1n],
      [3n, 1n],
      [4n, 2n],
      [99n, 9n],
      [100n, 10n],
      [U64_MAX * U64_MAX, U64_MAX],
      [U64_MAX * U64_MAX - 1n, U64_MAX - 1n],
      [U128_MAX, U64_MAX],
    ];
    for (const [n, root] of cases) expect(isqrtU128(n), `isqrt ${n}`).toBe(root);
    expect(() => isqrtU128(-1n)).toThrow(RangeError);
    expect(() => isqrtU128(U128_MAX + 1n)).toThrow(RangeError);
  });

  it('isqrt(n) is the largest r with r * r <= n over random n of every magnitude (seeded)', () => {
    const random = new SeededRandom(0x15_0001n);
    for (let i = 0; i < CASES; i++) {
      const n = random.chance(1n, 4n) ? random.magnitude(1n, U64_MAX) ** 2n - random.between(0n, 1n) : random.magnitude(0n, U128_MAX);
      const r = isqrtU128(n);
      expect(r * r <= n && (r + 1n) * (r + 1n) > n, `isqrt ${n} = ${r}`).toBe(true);
    }
  });

  it('divides rounding up and finds common divisors', () => {
    expect(ceilDiv(0n, 7n)).toBe(0n);
    expect(ceilDiv(14n, 7n)).toBe(2n);
    expect(ceilDiv(15n, 7n)).toBe(3n);
    expect(() => ceilDiv(1n, 0n)).toThrow(RangeError);
    expect(gcd(12n, 18n)).toBe(6n);
    expect(gcd(0n, 5n)).toBe(5n);
  });
});

describe('create pool', () => {
  it('issues isqrt(base * quote) LP tokens, the locked minimum to nobody and the rest to the creator', () => {
    expect(initialLpSupply(t(1_000_000n), q(2_000_000n))).toBe(supply);
    expect(createPoolLiquidity(t(1_000_000n), q(2_000_000n), 100n)).toEqual({
      pool: { baseReserves: 1_000_000n, quoteReserves: 2_000_000n },
      lpSupply: supply,
      lockedLp: 100n,
      creatorLp: supply - 100n,
    });
    // A graduated pump coin: 206.9M tokens (6 decimals) against ~85 SOL.
    expect(initialLpSupply(t(206_900_000_000_000n), q(84_990_359_145n))).toBe(4_193_388_284_800n);
    // The largest pool: the root of (2^64 - 1)^2.
    expect(initialLpSupply(t(U64_MAX), q(U64_MAX))).toBe(U64_MAX);
    expect(isPoolReserves(createPoolLiquidity(t(1n), q(1n), 0n).pool)).toBe(true);
  });

  it('refuses empty sides and liquidity that does not exceed the locked minimum', () => {
    expect(refusal(() => createPoolLiquidity(t(0n), q(5n), 0n))).toBe('create_pool_zero_amount');
    expect(refusal(() => createPoolLiquidity(t(5n), q(0n), 0n))).toBe('create_pool_zero_amount');
    // isqrt(100 * 100) = 100, not more than 100 locked; isqrt(101 * 101) = 101 is.
    expect(() => createPoolLiquidity(t(100n), q(100n), 100n)).toThrow(/initial liquidity 100 does not exceed the 100 LP tokens locked/);
    expect(createPoolLiquidity(t(101n), q(101n), 100n).creatorLp).toBe(1n);
    expect(refusal(() => createPoolLiquidity(t(1n), q(1n), -1n))).toBe('invalid_amount');
  });
});

describe('deposit', () => {
  it('asks ceil(B * lp / supply) base and ceil(Q * lp / supply) quote', () => {
    // 1e6 * 1000 / 1_414_213 = 707.1 -> 708; 2e6 * 1000 / 1_414_213 = 1414.2 -> 1415.
    expect(deposit(pool, supply, 1000n)).toEqual({
      lpTokenOut: 1000n,
      baseIn: 708n,
      quoteIn: 1415n,
      next: { baseReserves: 1_000_708n, quoteReserves: 2_001_415n },
      nextLpSupply: supply + 1000n,
    });
    // Doubling the supply doubles the reserves exactly.
    expect(deposit(pool, supply, supply).next).toEqual({ baseReserves: 2_000_000n, quoteReserves: 4_000_000n });
  });

  it('refuses a zero deposit, a pool without LP supply and results beyond a u64', () => {
    expect(refusal(() => deposit(pool, supply, 0n))).toBe('deposit_zero_amount');
    expect(refusal(() => deposit(pool, 0n, 1n))).toBe('invalid_lp_supply');
    expect(refusal(() => deposit(pool, -1n, 1n))).toBe('invalid_amount');
    expect(() => deposit(pool, 1n, U64_MAX)).toThrow(/baseIn .* would overflow/);
    expect(() => deposit(poolReserves({ baseReserves: 1n, quoteReserves: U64_MAX }), 2n, 1n)).toThrow(/quoteReserves .* would overflow/);
    expect(() => deposit(pool, U64_MAX, 1n)).toThrow(/lpSupply .* would overflow/);
  });
});

describe('withdraw', () => {
  it('pays floor(B * lp / supply) base and floor(Q * lp / supply) quote', () => {
    expect(withdraw(pool, supply, 1000n)).toEqual({
      lpTokenIn: 1000n,
      baseOut: 707n,
      quoteOut: 1414n,
      next: { baseReserves: 999_293n, quoteReserves: 1_998_586n },
      nextLpSupply: supply - 1000n,
    });
  });

  it('refuses burning nothing, more than was issued, or everything', () => {
    expect(refusal(() => withdraw(pool, supply, 0n))).toBe('withdraw_zero_amount');
    expect(refusal(() => withdraw(pool, supply, supply + 1n))).toBe('withdraw_exceeds_supply');
    expect(refusal(() => withdraw(pool, supply, supply))).toBe('withdraw_empties_pool');
    expect(withdraw(pool, supply, supply - 1n).next).toEqual({ baseReserves: 1n, quoteReserves: 2n });
  });
});

describe('liquidity invariants over random pools (seeded)', () => {
  it('a deposit never dilutes the LPs and withdrawing it again never returns more than was paid', () => {
    const random = new SeededRandom(0x15_0002n);
    let checked = 0;
    for (let i = 0; i < CASES; i++) {
      const before = randomPool(random);
      const lpSupply = random.magnitude(1n, U64_MAX >> 1n);
      const lp = random.magnitude(1n, lpSupply);
      let added;
      try {
        added = deposit(before, lpSupply, lp);
      } catch (error) {
        if (isPoolError(error, 'amount_overflow')) continue;
        throw error;
      }
      checked++;
      // Reserves per LP token never fall: B' / S' >= B / S, and the same for Q.
      expect(added.next.baseReserves * lpSupply >= before.baseReserves * added.nextLpSupply).toBe(true);
      expect(added.next.quoteReserves * lpSupply >= before.quoteReserves * added.nextLpSupply).toBe(true);
      const taken = withdraw(added.next, added.nextLpSupply, lp);
      expect(taken.baseOut).toBeLessThanOrEqual(added.baseIn);
      expect(taken.quoteOut).toBeLessThanOrEqual(added.quoteIn);
      expect(taken.nextLpSupply).toBe(lpSupply);
      // Nor does a withdrawal lower what the remaining LP tokens are worth.
      expect(taken.next.baseReserves * added.nextLpSupply >= added.next.baseReserves * taken.nextLpSupply).toBe(true);
      expect(taken.next.quoteReserves * added.nextLpSupply >= added.next.quoteReserves * taken.nextLpSupply).toBe(true);
      expect(isPoolReserves(taken.next)).toBe(true);
    }
    expect(checked).toBeGreaterThan(CASES / 2);
  });
});
