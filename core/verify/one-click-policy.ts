import { amountText } from './balance-words.js';
import { SOL_DECIMALS, ZEC_DECIMALS } from '../math/units.js';
import { TRADE_VENUES, type TradeVenue } from '../types/trading-presets.js';

/**
 * One-click trading: the limits a person sets for a wallet in advance, inside which a quick trade is signed
 * without the review screen. The desk reads these rules to decide whether a quick trade may go straight
 * to signing, and the local server reads the same ones on its signing route (it never trusts the page), so
 * the two cannot disagree. A trade outside them opens the full review, naming each bound it crossed.
 * Browser-safe and pure.
 */

export type TradePair = 'zec' | 'native';
export const TRADE_PAIRS: readonly TradePair[] = ['zec', 'native'];

export interface OneClickPolicy {
  readonly enabled: boolean;
  /** The most one buy may spend: zat when paid in ZEC, lamports when paid in SOL. */
  readonly maxSpendZec: bigint;
  readonly maxSpendSol: bigint;
  readonly maxSlippageBps: number;
  /** The most a trade's transactions may pay in priority fees, lamports. */
  readonly maxPriorityLamports: bigint;
  readonly pairs: readonly TradePair[];
  readonly venues: readonly TradeVenue[];
  /** The most one-click buys may spend in any 24 hours, per asset. */
  readonly dailyCapZec: bigint;
  readonly dailyCapSol: bigint;
}

/** What the person types to turn one-click trading on (or to change its limits while it is on). */
export const ONE_CLICK_CONFIRMATION = 'sign without review';
/** The daily cap's window: a rolling 24 hours, not the calendar day (no midnight reset to game). */
export const DAILY_WINDOW_MS = 24 * 60 * 60 * 1000;

export const DEFAULT_POLICY: OneClickPolicy = Object.freeze<OneClickPolicy>({
  enabled: false,
  maxSpendZec: 100_000_000n,
  maxSpendSol: 1_000_000_000n,
  maxSlippageBps: 300,
  maxPriorityLamports: 1_000_000n,
  pairs: ['zec', 'native'],
  venues: ['curve', 'pool', 'route'],
  dailyCapZec: 1_000_000_000n,
  dailyCapSol: 10_000_000_000n,
});

/** What is proved of a quick trade before its signature: from the build and the chain, not the page's word. */
export interface QuickTradeFacts {
  readonly side: 'buy' | 'sell';
  readonly pair: TradePair;
  readonly venue: TradeVenue;
  /** What a buy spends (a sale spends none of the capped assets). */
  readonly spend: { readonly asset: 'ZEC' | 'SOL'; readonly amount: bigint } | null;
  /** The slippage the build's minimum allows: the larger of the ticket's and the one its minimum really leaves. */
  readonly slippageBps: number;
  readonly priorityLamports: bigint;
}

/** One bound a quick trade crosses, named for the person. */
export interface PolicyBreach {
  readonly bound: 'off' | 'spend' | 'slippage' | 'priority' | 'pair' | 'venue' | 'daily';
  readonly detail: string;
}

const zec = (v: bigint) => amountText(v, ZEC_DECIMALS, 'ZEC');
const sol = (v: bigint) => amountText(v, SOL_DECIMALS, 'SOL');
const VENUE_WORDS: Record<TradeVenue, string> = { curve: 'curve', pool: 'pool', route: 'native route' };

/**
 * Every bound `trade` crosses under `policy`, given what one-click buys of the same wallet spent in the
 * last 24 hours (`spent`, per asset). Empty: the trade may be signed without review.
 */
export function policyBreaches(policy: OneClickPolicy, trade: QuickTradeFacts, spent: { readonly zec: bigint; readonly sol: bigint }): PolicyBreach[] {
  if (!policy.enabled) return [{ bound: 'off', detail: 'one-click trading is off for this wallet (Wallets page)' }];
  const out: PolicyBreach[] = [];
  if (trade.spend) {
    const isZec = trade.spend.asset === 'ZEC';
    const max = isZec ? policy.maxSpendZec : policy.maxSpendSol;
    const say = isZec ? zec : sol;
    if (trade.spend.amount > max) out.push({ bound: 'spend', detail: `the buy spends ${say(trade.spend.amount)}, above the ${say(max)} a one-click trade may spend` });
    const cap = isZec ? policy.dailyCapZec : policy.dailyCapSol;
    const before = isZec ? spent.zec : spent.sol;
    if (before + trade.spend.amount > cap) {
      out.push({ bound: 'daily', detail: `one-click buys have spent ${say(before)} in the last 24 hours; this one would make ${say(before + trade.spend.amount)}, above the daily cap of ${say(cap)}` });
    }
  }
  if (trade.slippageBps > policy.maxSlippageBps) out.push({ bound: 'slippage', detail: `its slippage is ${trade.slippageBps} bps, above the ${policy.maxSlippageBps} bps allowed one-click` });
  if (trade.priorityLamports > policy.maxPriorityLamports) out.push({ bound: 'priority', detail: `its priority fee is ${sol(trade.priorityLamports)}, above the ${sol(policy.maxPriorityLamports)} allowed one-click` });
  if (!policy.pairs.includes(trade.pair)) out.push({ bound: 'pair', detail: `${trade.pair === 'native' ? 'native-pair' : 'ZEC-pair'} coins are not allowed one-click` });
  if (!policy.venues.includes(trade.venue)) out.push({ bound: 'venue', detail: `trades on the ${VENUE_WORDS[trade.venue]} are not allowed one-click` });
  return out;
}

/** Why `policy` cannot be kept, in words naming the field; null when it can. */
export function policyProblem(policy: OneClickPolicy): string | null {
  for (const key of ['maxSpendZec', 'maxSpendSol', 'maxPriorityLamports', 'dailyCapZec', 'dailyCapSol'] as const) {
    if (policy[key] < 0n) return `${key}: not a negative amount`;
  }
  if (policy.dailyCapZec < policy.maxSpendZec) return `dailyCapZec: the daily cap (${zec(policy.dailyCapZec)}) is below the most one trade may spend (${zec(policy.maxSpendZec)})`;
  if (policy.dailyCapSol < policy.maxSpendSol) return `dailyCapSol: the daily cap (${sol(policy.dailyCapSol)}) is below the most one trade may spend (${sol(policy.maxSpendSol)})`;
  if (!Number.isInteger(policy.maxSlippageBps) || policy.maxSlippageBps < 0 || policy.maxSlippageBps > 2_000) return 'maxSlippageBps: a whole number of bps from 0 to 2000';
  if (policy.pairs.some((p) => !TRADE_PAIRS.includes(p)) || new Set(policy.pairs).size !== policy.pairs.length) return 'pairs: each of zec and native at most once';
  if (policy.venues.some((v) => !TRADE_VENUES.includes(v)) || new Set(policy.venues).size !== policy.venues.length) return 'venues: each of curve, pool and route at most once';
  return null;
}

/**
 * The slippage a minimum really leaves against what the trade gives at no slippage now: the smallest whole
 * bps `s` whose floor(expected × (10000 − s) / 10000), the way a quote's minimum is made, is at or below
 * `minimum`; 0 when the minimum is at or above what is expected. A page that says 1% but sends a minimum
 * of 0 is caught here (10,000 bps).
 */
export function slippageLeftBps(expected: bigint, minimum: bigint): number {
  if (minimum >= expected) return 0;
  if (expected <= 0n) return 0;
  const y = (minimum + 1n) * 10_000n;
  const ceil = (y + expected - 1n) / expected;
  const s = 10_001n - ceil;
  return Number(s < 0n ? 0n : s > 10_000n ? 10_000n : s);
}
