import { type Address } from '@solana/kit';
import { MULTI_HOP_SWAP_DISCRIMINATOR, multiHopSwapInstruction, type MultiHopSwapInput } from '../programs/amm/instructions/multi-hop-swap.js';
import { hasDiscriminator } from '../programs/launchpad/borsh.js';
import { findAssociatedTokenAccount } from '../programs/launchpad/pdas.js';
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS } from '../programs/launchpad/spl-programs.js';
import type { ResolvedInstruction, ResolvedTransaction } from './message.js';
import { closeProblem, openProblem } from './own-accounts.js';
import { COMPUTE_BUDGET_PROGRAM, computeBudgetOf } from './signed-build.js';

/**
 * The spec's "Accepted transactions for a native-paired coin", as one check the engine runs before it
 * answers a build and a client runs on its own machine before signing (the relay's byte-for-byte check
 * against the build is stricter still). Exactly this passes: the compute budget (one limit, one price,
 * a bounded priority fee); the wallet's own coin or ZEC account opened idempotently; at most a close of
 * its own emptied coin account after a sale; an aggregator swap only where asked; and exactly one
 * multi_hop_swap, account for account the route for this wallet and coin, only the buyback fee account
 * varying among the ZEC accounts of the launchpad's buyback fee recipients, spending exactly what was
 * asked for at least the minimum. Anything else is refused, with the reason in words.
 */
export interface NativeRouteAsk {
  readonly wallet: Address;
  readonly mint: Address;
  readonly side: 'buy' | 'sell';
  /** Buy: ZEC to spend; sale: tokens to sell. Exactly this goes in. */
  readonly amountIn: bigint;
  /** The least the client accepts (its own quote less its slippage). */
  readonly minAmountOut: bigint;
  /** A swap through the aggregator was asked for (pay or receive SOL). */
  readonly swapAsked: boolean;
}

/** The route as it must be: the instruction's every account but the buyback fee account, from pinned addresses. */
export interface NativeRouteRules {
  readonly route: Omit<MultiHopSwapInput, 'side' | 'user' | 'amountIn' | 'minAmountOut' | 'buybackFeeAccount'>;
  /** ZEC accounts of the launchpad's buyback fee recipients: index 6 may be any of them. */
  readonly buybackFeeAccounts: readonly Address[];
  readonly zecTokenProgram: Address;
  readonly aggregator: Address | null;
  readonly maxPriorityLamports: bigint;
}

const u64At = (data: Uint8Array, offset: number) => new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(offset, true);

/** Null when the transaction is exactly an accepted native-pair trade for `ask`; else the first reason it is not. */
export async function nativeRouteProblem(tx: ResolvedTransaction, ask: NativeRouteAsk, rules: NativeRouteRules): Promise<string | null> {
  if (tx.feePayer !== ask.wallet) return `the fee payer is ${tx.feePayer}, not the wallet ${ask.wallet}`;
  const budget = computeBudgetOf(tx.instructions, { maxPriorityLamports: rules.maxPriorityLamports, assertionPrograms: [] });
  if (typeof budget === 'string') return budget;
  const zec = rules.route.hop1.quoteMint;
  const native = rules.route.hop1.baseMint;
  const coinAccount = await findAssociatedTokenAccount(ask.wallet, ask.mint, TOKEN_2022_PROGRAM_ADDRESS);
  const zecAccount = await findAssociatedTokenAccount(ask.wallet, zec, rules.zecTokenProgram);
  const expected = await multiHopSwapInstruction({
    ...rules.route,
    side: ask.side,
    user: ask.wallet,
    amountIn: ask.amountIn,
    minAmountOut: ask.minAmountOut,
    buybackFeeAccount: rules.buybackFeeAccounts[0] ?? zecAccount,
  });
  let routes = 0;
  let swaps = 0;
  for (const [i, ix] of tx.instructions.entries()) {
    const where = `instruction ${i + 1}`;
    if (ix.program === COMPUTE_BUDGET_PROGRAM) continue;
    if (ix.program === ASSOCIATED_TOKEN_PROGRAM_ADDRESS) {
      const problem = openProblem(ix, ask.wallet, [[coinAccount, ask.mint, TOKEN_2022_PROGRAM_ADDRESS], [zecAccount, zec, rules.zecTokenProgram]], native);
      if (problem) return `${where}: ${problem}`;
    } else if (ix.program === TOKEN_2022_PROGRAM_ADDRESS) {
      const problem = closeProblem(ix, ask.wallet, coinAccount, ask.side);
      if (problem) return `${where}: ${problem}`;
    } else if (rules.aggregator !== null && ix.program === rules.aggregator) {
      if (!ask.swapAsked) return `${where}: an aggregator swap that was not asked for`;
      if (ix.accounts[0]?.address !== ask.wallet) return `${where}: an aggregator swap of another wallet`;
      swaps += 1;
    } else if (ix.program === rules.route.programs.amm && hasDiscriminator(ix.data, MULTI_HOP_SWAP_DISCRIMINATOR)) {
      routes += 1;
      const problem = routeProblem(ix, (expected.accounts ?? []).map((a) => a.address), rules.buybackFeeAccounts, ask);
      if (problem) return `${where}: ${problem}`;
    } else if (ix.program === rules.route.programs.launchpad || ix.program === rules.route.programs.amm) {
      return `${where}: a direct curve or pool trade of a native-paired coin (only its route is accepted)`;
    } else {
      return `${where}: program ${ix.program} is not part of an accepted native-pair trade`;
    }
  }
  if (routes !== 1) return routes === 0 ? 'it holds no multi_hop_swap' : `it holds ${routes} multi_hop_swap instructions, not exactly one`;
  if (swaps > 1) return 'it holds more than one aggregator swap';
  return null;
}


/** The route account for account, the buyback fee account among the recipients', the amounts as asked. */
function routeProblem(ix: ResolvedInstruction, expected: readonly Address[], buyback: readonly Address[], ask: NativeRouteAsk): string | null {
  if (ix.accounts.length !== expected.length) return `the route names ${ix.accounts.length} accounts, not ${expected.length}`;
  // The two hops swapped: the other side's order (spec: a buy lists the pool first, a sale the coin's venue first).
  const at = (from: number) => ix.accounts.slice(from, from + 5).map((a) => a.address).join();
  const swapped = at(16) === expected.slice(21, 26).join() && at(21) === expected.slice(16, 21).join();
  if (swapped) {
    return ask.side === 'sell'
      ? "the route lists its hops in a buy's order: a sale lists the coin's venue first (accounts 16 to 20), then the native-coin/ZEC pool"
      : "the route lists its hops in a sale's order: a buy lists the native-coin/ZEC pool first (accounts 16 to 20), then the coin's venue";
  }
  const role = ask.side === 'buy' ? BUY_ROLE : SALE_ROLE;
  for (let j = 0; j < expected.length; j++) {
    const got = ix.accounts[j]!.address;
    if (j === 6) {
      if (!buyback.includes(got)) return `the route's buyback fee account ${got} is not the ZEC account of a launchpad buyback fee recipient`;
    } else if (got !== expected[j]) {
      return `the route's account ${j} is ${got}, not ${expected[j]} (${role[j] ?? 'a route account'} of this wallet and coin)`;
    }
  }
  if (ix.data.length !== 24) return `the route's data is ${ix.data.length} bytes, not 24`;
  const amountIn = u64At(ix.data, 8);
  const minOut = u64At(ix.data, 16);
  if (amountIn !== ask.amountIn) return `the route spends ${amountIn}, not the ${ask.amountIn} asked for`;
  if (minOut < ask.minAmountOut) return `the route accepts as little as ${minOut}, below the ${ask.minAmountOut} minimum`;
  return null;
}

const USER_ROLE: Readonly<Record<number, string>> = { 0: 'the user', 1: "the user's input account", 2: "the user's output account" };
const POOL_HOP = ['the native coin', 'ZEC', 'the native-coin/ZEC pool', "the pool's native-coin vault", "the pool's ZEC vault"];
const COIN_HOP = ['the coin', 'the native coin', "the coin's curve or pool", "its venue's coin account", "its venue's native-coin account"];
const hopRoles = (first: readonly string[], second: readonly string[]) => Object.fromEntries([...first, ...second].map((name, i) => [16 + i, name]));
/** The route's accounts by index: a buy's hops are [pool, coin's venue], a sale's the same two reversed. */
const BUY_ROLE: Readonly<Record<number, string>> = { ...USER_ROLE, ...hopRoles(POOL_HOP, COIN_HOP) };
const SALE_ROLE: Readonly<Record<number, string>> = { ...USER_ROLE, ...hopRoles(COIN_HOP, POOL_HOP) };
