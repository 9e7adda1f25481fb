import { describe, expect, it } from 'vitest';
import * as curve from '../../core/math/curve.js';
import { curveStateProblem, type CurveState } from '../../core/math/curve.js';
import { CurveError, U64_MAX } from '../../core/math/curve-error.js';
import { curveFees, feeAtBps, feeRatesProblem, largestAmountWithinBudget, type FeeRates } from '../../core/math/curve-fees.js';
import * as pool from '../../core/math/pool.js';
import { poolReservesProblem, type PoolReserves } from '../../core/math/pool.js';
import { PoolError, u64Problem } from '../../core/math/pool-error.js';
import { largestQuoteWithinBudget, poolFeeRatesProblem, poolFees, type PoolFeeRates } from '../../core/math/pool-fees.js';
import { quoteUnits as q } from '../../core/math/quote-units.js';
import { tokenUnits as t } from '../../core/math/units.js';
import { SeededRandom } from './seeded-random.js';

/**
 * The quote functions take fast paths (checks written as one chain of comparisons, one result object,
 * the budget's fees reused). This holds them to the straightforward code they replaced, kept here as
 * the reference: every answer the same (values, key order, frozen), every refusal the same (class,
 * code, message, details), over random inputs that include malformed ones and the u64 edges.
 */

const BPS = 10_000n;
const fee = (amount: bigint, rate: bigint) => (amount * rate + BPS - 1n) / BPS;

// ------------------------------------------------------------------------------------------------
// Reference: the curve functions as they were, on the unchanged *Problem checks.
// ------------------------------------------------------------------------------------------------

function refU64(name: string, value: unknown): asserts value is bigint {
  if (typeof value !== 'bigint') throw new CurveError('invalid_amount', `${name} must be a bigint, got ${typeof value}`);
  if (value < 0n) throw new CurveError('invalid_amount', `${name} must not be negative, got ${value}`, { [name]: value });
  if (value > U64_MAX) throw new CurveError('invalid_amount', `${name} ${value} does not fit in a u64`, { [name]: value });
}
function refResult(name: string, value: bigint): void {
  if (value > U64_MAX) throw new CurveError('amount_overflow', `${name} ${value} would overflow a u64`, { [name]: value });
}
function refState(state: unknown): void {
  const problem = curveStateProblem(state);
  if (problem !== null) throw new CurveError('invalid_curve_state', problem);
}
function refRates(rates: unknown): void {
  const problem = feeRatesProblem(rates);
  if (problem !== null) throw new CurveError('invalid_fee_rates', problem);
}
function refCurveFees(amount: bigint, rates: FeeRates) {
  refRates(rates);
  refU64('amount', amount);
  const protocolFee = fee(amount, rates.protocolBps);
  const creatorFee = fee(amount, rates.creatorBps);
  const buybackFee = fee(amount, rates.buybackBps);
  return Object.freeze({ protocolFee, creatorFee, buybackFee, totalFee: protocolFee + creatorFee + buybackFee });
}
function refBudget(budget: bigint, rates: FeeRates): bigint {
  refU64('budget', budget);
  refRates(rates);
  let amount = (budget * BPS) / (BPS + rates.protocolBps + rates.creatorBps + rates.buybackBps);
  while (amount > 0n && amount + refCurveFees(amount, rates).totalFee > budget) amount -= 1n;
  return amount;
}
function refCanBuy(state: CurveState, rates: FeeRates): void {
  refState(state);
  refRates(rates);
  if (state.complete || state.realTokenReserves === 0n) throw new CurveError('curve_complete', 'the curve is complete: it sells no more tokens');
}
function refBuyExactTokens(state: CurveState, tokens: bigint, rates: FeeRates) {
  refCanBuy(state, rates);
  refU64('tokens', tokens);
  if (tokens === 0n) throw new CurveError('buy_zero_amount', 'a buy must ask for at least one token base unit');
  const { virtualTokenReserves: vT, virtualQuoteReserves: vQ, realTokenReserves: rT, realQuoteReserves: rQ } = state;
  const tk = tokens < rT ? tokens : rT;
  const quoteCost = (tk * vQ) / (vT - tk) + 1n;
  refResult('quoteCost', quoteCost);
  const fees = refCurveFees(quoteCost, rates);
  const totalCost = quoteCost + fees.totalFee;
  refResult('totalCost', totalCost);
  refResult('virtualQuoteReserves', vQ + quoteCost);
  refResult('realQuoteReserves', rQ + quoteCost);
  const completes = rT - tk === 0n;
  return Object.freeze({
    tokens: tk,
    quoteCost,
    protocolFee: fees.protocolFee,
    creatorFee: fees.creatorFee,
    buybackFee: fees.buybackFee,
    totalCost,
    completes,
    next: Object.freeze({ virtualTokenReserves: vT - tk, virtualQuoteReserves: vQ + quoteCost, realTokenReserves: rT - tk, realQuoteReserves: rQ + quoteCost, complete: completes }),
  });
}
function refBuyExactQuoteIn(state: CurveState, spendable: bigint, rates: FeeRates) {
  refCanBuy(state, rates);
  refU64('spendable', spendable);
  if (spendable === 0n) throw new CurveError('buy_zero_amount', 'a buy must offer at least one quote base unit');
  const { virtualTokenReserves: vT, virtualQuoteReserves: vQ, realTokenReserves: rT } = state;
  const budget = refBudget(spendable, rates);
  const affordable = budget === 0n ? 0n : (budget * vT - 1n) / (vQ + budget);
  const tk = affordable < rT ? affordable : rT;
  if (tk === 0n) throw new CurveError('quote_in_too_small', `${spendable} quote base units do not pay for one token base unit with its fees`, { spendable });
  const buy = refBuyExactTokens(state, tk, rates);
  return Object.freeze({ ...buy, spendable, unspent: spendable - buy.totalCost });
}
function refSellExactTokens(state: CurveState, tokens: bigint, rates: FeeRates) {
  refState(state);
  refRates(rates);
  if (state.complete) throw new CurveError('curve_complete', 'the curve is complete: it buys no more tokens');
  refU64('tokens', tokens);
  if (tokens === 0n) throw new CurveError('sell_zero_amount', 'a sale must offer at least one token base unit');
  const { virtualTokenReserves: vT, virtualQuoteReserves: vQ, realTokenReserves: rT, realQuoteReserves: rQ } = state;
  const quoteOut = (tokens * vQ) / (vT + tokens);
  if (quoteOut > rQ) throw new CurveError('insufficient_quote_reserves', `the sale would pay out ${quoteOut} but the curve holds ${rQ}`, { quoteOut, realQuoteReserves: rQ });
  const fees = refCurveFees(quoteOut, rates);
  if (fees.totalFee > quoteOut) throw new CurveError('sell_output_below_fees', `the sale pays out ${quoteOut}, less than its fees of ${fees.totalFee}`, { quoteOut, totalFee: fees.totalFee });
  refResult('virtualTokenReserves', vT + tokens);
  return Object.freeze({
    tokens,
    quoteOut,
    protocolFee: fees.protocolFee,
    creatorFee: fees.creatorFee,
    buybackFee: fees.buybackFee,
    userReceives: quoteOut - fees.totalFee,
    next: Object.freeze({ virtualTokenReserves: vT + tokens, virtualQuoteReserves: vQ - quoteOut, realTokenReserves: rT + tokens, realQuoteReserves: rQ - quoteOut, complete: false }),
  });
}

// ------------------------------------------------------------------------------------------------
// Reference: the pool functions as they were.
// ------------------------------------------------------------------------------------------------

function refPoolAmount(name: string, value: unknown): asserts value is bigint {
  const problem = u64Problem(name, value);
  if (problem !== null) throw new PoolError('invalid_amount', problem, typeof value === 'bigint' ? { [name]: value } : undefined);
}
function refPoolResult(name: string, value: bigint): void {
  if (value > U64_MAX) throw new PoolError('amount_overflow', `${name} ${value} would overflow a u64`, { [name]: value });
}
function refPool(value: unknown): void {
  const problem = poolReservesProblem(value);
  if (problem !== null) throw new PoolError('invalid_pool_state', problem);
}
function refPoolRates(value: unknown): void {
  const problem = poolFeeRatesProblem(value);
  if (problem !== null) throw new PoolError('invalid_fee_rates', problem);
}
function refPoolFees(amount: bigint, rates: PoolFeeRates) {
  refPoolAmount('amount', amount);
  refPoolRates(rates);
  const lpFee = fee(amount, rates.lpBps);
  const protocolFee = fee(amount, rates.protocolBps);
  const creatorFee = fee(amount, rates.creatorBps);
  return Object.freeze({ lpFee, protocolFee, creatorFee, totalFee: lpFee + protocolFee + creatorFee });
}
function refQuoteBudget(budget: bigint, rates: PoolFeeRates): bigint {
  refPoolAmount('budget', budget);
  refPoolRates(rates);
  let amount = (budget * BPS) / (BPS + rates.lpBps + rates.protocolBps + rates.creatorBps);
  while (amount > 0n && amount + refPoolFees(amount, rates).totalFee > budget) amount -= 1n;
  return amount;
}
function refBuyExactBase(p: PoolReserves, baseOut: bigint, rates: PoolFeeRates) {
  refPool(p);
  refPoolRates(rates);
  refPoolAmount('baseOut', baseOut);
  if (baseOut === 0n) throw new PoolError('buy_zero_amount', 'a buy must ask for at least one base unit');
  const { baseReserves: B, quoteReserves: Q } = p;
  if (baseOut >= B) throw new PoolError('insufficient_base_reserves', `the buy asks for ${baseOut} base units but the pool holds ${B}`, { baseOut, baseReserves: B });
  const quoteIn = (Q * baseOut + (B - baseOut) - 1n) / (B - baseOut);
  refPoolResult('quoteIn', quoteIn);
  const fees = refPoolFees(quoteIn, rates);
  const totalCost = quoteIn + fees.totalFee;
  refPoolResult('totalCost', totalCost);
  const nextQuote = Q + quoteIn + fees.lpFee;
  refPoolResult('quoteReserves', nextQuote);
  return Object.freeze({ side: 'buy', baseOut, quoteIn, ...fees, totalCost, next: Object.freeze({ baseReserves: B - baseOut, quoteReserves: nextQuote }) });
}
function refPoolBuyExactQuoteIn(p: PoolReserves, spendable: bigint, rates: PoolFeeRates) {
  refPool(p);
  refPoolRates(rates);
  refPoolAmount('spendable', spendable);
  if (spendable === 0n) throw new PoolError('buy_zero_amount', 'a buy must offer at least one quote base unit');
  const { baseReserves: B, quoteReserves: Q } = p;
  const budget = refQuoteBudget(spendable, rates);
  refPoolResult('quoteReserves', Q + budget);
  const baseOut = (budget * B) / (Q + budget);
  if (baseOut === 0n) throw new PoolError('quote_in_too_small', `${spendable} quote base units do not pay for one base unit with its fees`, { spendable, budget });
  const buy = refBuyExactBase(p, baseOut, rates);
  return Object.freeze({ ...buy, spendable, unspent: spendable - buy.totalCost });
}
function refSellExactBase(p: PoolReserves, baseIn: bigint, rates: PoolFeeRates) {
  refPool(p);
  refPoolRates(rates);
  refPoolAmount('baseIn', baseIn);
  if (baseIn === 0n) throw new PoolError('sell_zero_amount', 'a sale must offer at least one base unit');
  const { baseReserves: B, quoteReserves: Q } = p;
  refPoolResult('baseReserves', B + baseIn);
  const quoteOut = (Q * baseIn) / (B + baseIn);
  const fees = refPoolFees(quoteOut, rates);
  if (fees.totalFee > quoteOut) throw new PoolError('sell_output_below_fees', `the sale pays out ${quoteOut}, less than its fees of ${fees.totalFee}`, { quoteOut, totalFee: fees.totalFee });
  return Object.freeze({ side: 'sell', baseIn, quoteOut, ...fees, userReceives: quoteOut - fees.totalFee, next: Object.freeze({ baseReserves: B + baseIn, quoteReserves: Q - quoteOut + fees.lpFee }) });
}

// ------------------------------------------------------------------------------------------------
// Comparison
// ------------------------------------------------------------------------------------------------

/**
 * An answer or a refusal as text: every key in order with its value's type and value, and whether each
 * object is frozen; for a refusal its class, name, code, message and details. Comparing these strings is
 * as strict as toStrictEqual plus key order and frozenness, and fast enough for thousands of cases.
 */
function render(value: unknown): string {
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value !== 'object' || value === null) return `${typeof value}:${String(value)}`;
  const entries = Object.keys(value).map((key) => `${key}=${render((value as Record<string, unknown>)[key])}`);
  return `${Object.isFrozen(value) ? 'frozen' : 'open'}{${entries.join(',')}}`;
}

function outcome(run: () => unknown): string {
  try {
    return `answer ${render(run())}`;
  } catch (error) {
    if (!(error instanceof Error)) return `threw ${render(error)}`;
    const e = error as Error & { code?: unknown; details?: unknown };
    return `refused ${e.constructor.name} ${e.name} ${render(e.code)} ${JSON.stringify(e.message)} ${render(e.details)}`;
  }
}

/** Counts how the fast function and its reference agreed (by refusal code), failing on the first disagreement. */
function same(label: string, fast: () => unknown, reference: () => unknown, tally: Map<string, number>): void {
  const [mine, theirs] = [outcome(fast), outcome(reference)];
  if (mine !== theirs) expect(mine, label).toBe(theirs);
  const code = mine.startsWith('answer') ? 'ok' : (/string:(\w+)/.exec(mine)?.[1] ?? 'other');
  tally.set(code, (tally.get(code) ?? 0) + 1);
}

/** Any u64 magnitude, often an edge (0, 1, u64::MAX and next to it), now and then not a u64 at all. */
function amount(random: SeededRandom, typical: bigint): unknown {
  const roll = random.between(0n, 99n);
  if (roll < 2n) return 0n;
  if (roll < 3n) return 1n;
  if (roll < 4n) return U64_MAX;
  if (roll < 5n) return U64_MAX + 1n;
  if (roll < 6n) return -1n;
  if (roll < 7n) return 5;
  if (roll < 15n) return random.magnitude(1n, U64_MAX);
  return random.magnitude(1n, typical > 1n ? typical : 2n);
}

function rate(random: SeededRandom): bigint {
  const roll = random.between(0n, 9n);
  if (roll < 3n) return 0n;
  if (roll < 4n) return random.between(0n, 10_000n);
  return random.between(0n, 500n);
}

function curveRates(random: SeededRandom): FeeRates {
  const roll = random.between(0n, 49n);
  if (roll === 0n) return { protocolBps: 6_000n, creatorBps: 5_000n, buybackBps: 0n } as unknown as FeeRates;
  if (roll === 1n) return { protocolBps: -1n, creatorBps: 0n, buybackBps: 0n } as unknown as FeeRates;
  if (roll === 2n) return { protocolBps: 5, creatorBps: 0n, buybackBps: 0n } as unknown as FeeRates;
  if (roll === 3n) return null as unknown as FeeRates;
  if (roll === 4n) return { protocolBps: 10_000n, creatorBps: 0n, buybackBps: 0n } as unknown as FeeRates;
  return { protocolBps: rate(random), creatorBps: rate(random), buybackBps: random.chance(1n, 2n) ? 0n : rate(random) } as unknown as FeeRates;
}

function poolRates(random: SeededRandom): PoolFeeRates {
  const roll = random.between(0n, 49n);
  if (roll === 0n) return { lpBps: 9_000n, protocolBps: 1_001n, creatorBps: 0n } as unknown as PoolFeeRates;
  if (roll === 1n) return { lpBps: 0n, protocolBps: 0n, creatorBps: 10_001n } as unknown as PoolFeeRates;
  if (roll === 2n) return { lpBps: 20n, protocolBps: '5', creatorBps: 0n } as unknown as PoolFeeRates;
  if (roll === 3n) return 7 as unknown as PoolFeeRates;
  return { lpBps: rate(random), protocolBps: rate(random), creatorBps: rate(random) } as unknown as PoolFeeRates;
}

function curveStateOf(random: SeededRandom): CurveState {
  const roll = random.between(0n, 49n);
  const big = random.chance(1n, 10n);
  const vT = random.magnitude(1n, big ? U64_MAX : 1n << 60n);
  const vQ = random.magnitude(1n, big ? U64_MAX : 1n << 50n);
  const rT = random.chance(1n, 20n) ? vT - 1n : random.chance(1n, 30n) ? 0n : random.between(0n, vT - 1n);
  const rQ = random.chance(1n, 10n) ? 0n : random.magnitude(0n, big ? U64_MAX : vQ);
  const state = { virtualTokenReserves: vT, virtualQuoteReserves: vQ, realTokenReserves: rT, realQuoteReserves: rQ, complete: random.chance(1n, 20n) };
  // Now and then a malformed one: each check of curveStateProblem in turn.
  if (roll === 0n) return { ...state, virtualTokenReserves: 0n } as unknown as CurveState;
  if (roll === 1n) return { ...state, virtualQuoteReserves: 0n } as unknown as CurveState;
  if (roll === 2n) return { ...state, realTokenReserves: vT } as unknown as CurveState;
  if (roll === 3n) return { ...state, realQuoteReserves: -1n } as unknown as CurveState;
  if (roll === 4n) return { ...state, virtualQuoteReserves: U64_MAX + 1n } as unknown as CurveState;
  if (roll === 5n) return { ...state, complete: 0 } as unknown as CurveState;
  if (roll === 6n) return { ...state, realTokenReserves: 1 } as unknown as CurveState;
  if (roll === 7n) return undefined as unknown as CurveState;
  return (random.chance(1n, 2n) ? Object.freeze(state) : state) as unknown as CurveState;
}

function poolOf(random: SeededRandom): PoolReserves {
  const roll = random.between(0n, 49n);
  const big = random.chance(1n, 10n);
  const B = random.magnitude(1n, big ? U64_MAX : 1n << 56n);
  const Q = random.magnitude(1n, big ? U64_MAX : 1n << 45n);
  if (roll === 0n) return { baseReserves: 0n, quoteReserves: Q } as unknown as PoolReserves;
  if (roll === 1n) return { baseReserves: B, quoteReserves: U64_MAX + 1n } as unknown as PoolReserves;
  if (roll === 2n) return { baseReserves: Number(B), quoteReserves: Q } as unknown as PoolReserves;
  if (roll === 3n) return null as unknown as PoolReserves;
  return { baseReserves: B, quoteReserves: Q } as unknown as PoolReserves;
}

const CASES = 600;

describe('the quote fast paths answer exactly as the straightforward code (seeded)', () => {
  it('curve: buyExactTokens, buyExactQuoteIn, sellExactTokens, curveFees, largestAmountWithinBudget, feeAtBps', () => {
    const random = new SeededRandom(0xfa57_0001n);
    const tally = new Map<string, number>();
    for (let i = 0; i < CASES; i++) {
      const state = curveStateOf(random);
      const rates = curveRates(random);
      const typical = typeof state?.realTokenReserves === 'bigint' ? state.realTokenReserves : 1n << 40n;
      const tokens = amount(random, random.chance(1n, 2n) ? typical : typical / 8n) as bigint;
      const spend = amount(random, typeof state?.virtualQuoteReserves === 'bigint' ? state.virtualQuoteReserves / 4n : 1n << 40n) as bigint;
      same(`buyExactTokens #${i}`, () => curve.buyExactTokens(state, t(tokens), rates), () => refBuyExactTokens(state, tokens, rates), tally);
      same(`buyExactQuoteIn #${i}`, () => curve.buyExactQuoteIn(state, q(spend), rates), () => refBuyExactQuoteIn(state, spend, rates), tally);
      same(`sellExactTokens #${i}`, () => curve.sellExactTokens(state, t(tokens), rates), () => refSellExactTokens(state, tokens, rates), tally);
      same(`curveFees #${i}`, () => curveFees(q(spend), rates), () => refCurveFees(spend, rates), tally);
      same(`largestAmountWithinBudget #${i}`, () => largestAmountWithinBudget(q(spend), rates), () => refBudget(spend, rates), tally);
      const r = rates?.creatorBps;
      same(
        `feeAtBps #${i}`,
        () => feeAtBps(q(spend), r),
        () => {
          refU64('amount', spend);
          if (r < 0n || r > BPS) throw new CurveError('invalid_fee_rates', `fee rate must be within 0..=10000, got ${r}`);
          return fee(spend, r);
        },
        tally,
      );
    }
    // The cases reach the answers and the refusals alike.
    for (const code of ['ok', 'invalid_curve_state', 'invalid_fee_rates', 'invalid_amount', 'curve_complete', 'buy_zero_amount', 'sell_zero_amount', 'quote_in_too_small', 'insufficient_quote_reserves', 'sell_output_below_fees', 'amount_overflow']) {
      expect(tally.get(code) ?? 0, code).toBeGreaterThan(0);
    }
  });

  it('pool: buyExactBase, buyExactQuoteIn, sellExactBase, poolFees, largestQuoteWithinBudget', () => {
    const random = new SeededRandom(0xfa57_0002n);
    const tally = new Map<string, number>();
    for (let i = 0; i < CASES; i++) {
      const p = poolOf(random);
      const rates = poolRates(random);
      const B = typeof p?.baseReserves === 'bigint' ? p.baseReserves : 1n << 40n;
      const Q = typeof p?.quoteReserves === 'bigint' ? p.quoteReserves : 1n << 30n;
      const base = amount(random, random.chance(1n, 2n) ? B : B / 8n) as bigint;
      const spend = amount(random, random.chance(1n, 8n) ? 4n : Q / 4n) as bigint;
      same(`buyExactBase #${i}`, () => pool.buyExactBase(p, t(base), rates), () => refBuyExactBase(p, base, rates), tally);
      same(`buyExactQuoteIn #${i}`, () => pool.buyExactQuoteIn(p, q(spend), rates), () => refPoolBuyExactQuoteIn(p, spend, rates), tally);
      same(`sellExactBase #${i}`, () => pool.sellExactBase(p, t(base), rates), () => refSellExactBase(p, base, rates), tally);
      same(`poolFees #${i}`, () => poolFees(q(spend), rates), () => refPoolFees(spend, rates), tally);
      same(`largestQuoteWithinBudget #${i}`, () => largestQuoteWithinBudget(q(spend), rates), () => refQuoteBudget(spend, rates), tally);
    }
    for (const code of ['ok', 'invalid_pool_state', 'invalid_fee_rates', 'invalid_amount', 'buy_zero_amount', 'sell_zero_amount', 'insufficient_base_reserves', 'quote_in_too_small', 'sell_output_below_fees', 'amount_overflow']) {
      expect(tally.get(code) ?? 0, code).toBeGreaterThan(0);
    }
  });

  it('buy by quote on small reserves, every budget: the exact boundaries of the quoteCost = budget shortcut', () => {
    // On tiny reserves t*vQ / (vT - t) and Q*b / (B - b) often divide exactly, the case where the
    // shortcut's comparison is an equality; random u64 reserves almost never reach it.
    const tally = new Map<string, number>();
    const curveRateSets = [
      { protocolBps: 5n, creatorBps: 200n, buybackBps: 0n },
      { protocolBps: 2_500n, creatorBps: 1_000n, buybackBps: 500n },
    ] as unknown as FeeRates[];
    const poolRateSets = [
      { lpBps: 20n, protocolBps: 5n, creatorBps: 200n },
      { lpBps: 3_000n, protocolBps: 1_000n, creatorBps: 0n },
    ] as unknown as PoolFeeRates[];
    for (const size of [2n, 3n, 5n, 8n, 13n]) {
      for (const price of [1n, 7n]) {
        const state = { virtualTokenReserves: size * 3n, virtualQuoteReserves: size * price, realTokenReserves: size * 2n, realQuoteReserves: size, complete: false } as unknown as CurveState;
        const p = { baseReserves: size * 2n, quoteReserves: size * price } as unknown as PoolReserves;
        for (let spend = 1n; spend <= 2n * size * price + 4n; spend++) {
          for (const rates of curveRateSets) same(`curve ${size}/${price} spend ${spend}`, () => curve.buyExactQuoteIn(state, q(spend), rates), () => refBuyExactQuoteIn(state, spend, rates), tally);
          for (const rates of poolRateSets) same(`pool ${size}/${price} spend ${spend}`, () => pool.buyExactQuoteIn(p, q(spend), rates), () => refPoolBuyExactQuoteIn(p, spend, rates), tally);
        }
      }
    }
    expect(tally.get('ok') ?? 0).toBeGreaterThan(1000);
  });
});
