import type { Address } from '@solana/kit';
import type { Chain } from '../../chain/chain.js';
import type { NetworkProfile } from '../../config/profile.js';
import { nativeRouteRules, zecTradeRules } from '../../engine/accepted-trade.js';
import { readCoinMarket } from '../../engine/market.js';
import { readLookupTable, readWorld } from '../../engine/world.js';
import { DeskError } from '../../errors.js';
import { formatDecimalUnits } from '../../math/units.js';
import type { IndexStore } from '../../index/store/index-store.js';
import type { LedgerBuild } from '../../relay/store/build-ledger.js';
import type { Relay } from '../../relay/relay.js';
import { zecTradeProblem } from '../../verify/build-shape.js';
import type { InstructionWords } from '../../verify/instruction-words.js';
import { resolveTransaction } from '../../verify/message.js';
import { nativeRouteProblem } from '../../verify/native-route.js';
import type { RedFlag } from '../../verify/red-flags.js';
import type { VerdictLine } from '../../verify/ticket.js';
import { reviewTransaction, type TransactionReview } from '../../verify/transaction-review.js';
import { predictedBalanceChanges, type BalanceChange, type WatchedBalance } from './balance-changes.js';
import { tradeReviewContext } from './review-context.js';

/** The person's own ticket, in base units (never the build's `intent`). */
export interface DeskTradeTicket {
  readonly wallet: Address;
  readonly mint: Address;
  readonly side: 'buy' | 'sell';
  readonly amount: bigint;
  readonly pay: 'ZEC' | 'SOL';
  readonly receive: 'ZEC' | 'SOL';
  readonly slippageBps: number;
  /** The least they accept, as their quote said: coin units on a buy, ZEC (lamports with receive SOL) on a sale. */
  readonly minimum: bigint;
}

export interface TradeReview {
  readonly build: LedgerBuild;
  readonly transactions: readonly TransactionReview[];
  readonly flags: readonly RedFlag[];
  readonly verdict: readonly VerdictLine[];
  readonly balanceChanges: readonly BalanceChange[];
  readonly simulated: number;
  readonly blockHeight: bigint;
  readonly signable: boolean;
}

export interface ReviewDeps {
  readonly chain: Chain;
  readonly profile: NetworkProfile;
  readonly store: IndexStore;
  readonly relay: Relay;
}

const TRADE_KINDS = new Set(['launchpad:buy_exact_quote_in_v2', 'launchpad:buy_v2', 'launchpad:sell_v2', 'amm:buy_exact_quote_in', 'amm:buy', 'amm:sell', 'amm:multi_hop_swap']);
const sideOfKind = (kind: string): 'buy' | 'sell' => (/sell/.test(kind) ? 'sell' : 'buy');

/**
 * A trade build reviewed against the person's ticket: each transaction in words with its red flags, the
 * verdict field by field (coin, side, amount, minimum, pair, fee payer, signers, the accepted shape of
 * core/verify, the blockhash), and the wallet's balances as the simulation predicts them. Signing needs
 * every line to hold and no flag.
 */
export async function reviewTradeBuild(deps: ReviewDeps, buildId: string, ticket: DeskTradeTicket): Promise<TradeReview> {
  const build = deps.relay.build(buildId);
  if (!build) throw new DeskError('not_found', `no build ${buildId}: builds are kept by this app for a week; build again`);
  if (build.kind !== 'trade') throw new DeskError('invalid_param', `buildId: build ${buildId} is a ${build.kind}, not a trade`);
  const world = await readWorld(deps.chain, deps.profile);
  const market = await readCoinMarket(deps.chain, world, ticket.mint);
  const coin = deps.store.coin(ticket.mint);
  const { context, accounts } = await tradeReviewContext(world, market, ticket.wallet, coin ? { ticker: coin.symbol } : null);
  const tableAddresses = [...new Set(build.transactions.flatMap((t) => t.lookupTables))];
  const tables = new Map(await Promise.all(tableAddresses.map(async (a) => [a, await readLookupTable(deps.chain, a)] as const)));
  const transactions = build.transactions.map((t) => reviewTransaction(t.wire, tables, context));
  const flags = transactions.flatMap((t, i) => t.flags.map((f) => (transactions.length > 1 ? { ...f, text: `transaction ${i + 1}: ${f.text}` } : f)));

  const all = transactions.flatMap((t, i) => t.instructions.map((w) => ({ w, tx: i })));
  const trade = all.find(({ w }) => w.kind !== null && TRADE_KINDS.has(w.kind));
  const swap = all.find(({ w }) => w.kind === 'aggregator:swap');
  const lines: VerdictLine[] = [];
  const line = (field: string, ok: boolean, detail: string) => lines.push({ field, ok, detail });
  const amount = (w: InstructionWords | undefined, key: string) => w?.amounts[key] ?? null;

  line('wallet', build.wallet === ticket.wallet, build.wallet === ticket.wallet ? 'built for your wallet' : `built for ${build.wallet}, not your wallet ${ticket.wallet}`);
  if (!trade) line('trade', false, 'no trade instruction in the build');
  else {
    const names = trade.w.accounts.some((a) => a.address === ticket.mint);
    line('coin', names, names ? `trades ${coin?.symbol ?? ticket.mint}` : `the trade does not name the coin ${ticket.mint}`);
    const side = sideOfKind(trade.w.kind!) === 'sell' || (trade.w.kind === 'amm:multi_hop_swap' && trade.w.accounts[1]?.address === accounts.coin) ? 'sell' : 'buy';
    line('side', side === ticket.side, side === ticket.side ? (side === 'buy' ? 'a buy' : 'a sale') : `a ${side}, not the ${ticket.side} you asked for`);
    const native = trade.w.kind === 'amm:multi_hop_swap';
    const pairOk = (market.pair === 'native') === native;
    line('pair', pairOk, pairOk ? (native ? 'a native-paired coin, through its two-hop route' : 'a ZEC-paired coin, on its own venue') : `the coin is ${market.pair === 'native' ? 'native' : 'ZEC'}-paired but the build trades it ${native ? 'through a route' : 'directly'}`);
  }
  // The ticket's amount is what the person spends: the swap's input when they pay SOL.
  const spent = ticket.side === 'buy' && ticket.pay === 'SOL' ? amount(swap?.w, 'amountIn') : amount(trade?.w, 'amountIn');
  const coinTicker = coin?.symbol ?? 'coin';
  const inUnit = ticket.side === 'sell' ? { d: 6, t: coinTicker } : ticket.pay === 'SOL' ? { d: 9, t: 'SOL' } : { d: world.zec.decimals, t: 'ZEC' };
  const outUnit = ticket.side === 'buy' ? { d: 6, t: coinTicker } : ticket.receive === 'SOL' ? { d: 9, t: 'SOL' } : { d: world.zec.decimals, t: 'ZEC' };
  const inText = (v: bigint) => `${formatDecimalUnits(v, inUnit.d)} ${inUnit.t}`;
  const outText = (v: bigint) => `${formatDecimalUnits(v, outUnit.d)} ${outUnit.t}`;
  line('amount', spent === ticket.amount, spent === ticket.amount ? `${ticket.side === 'buy' ? 'spends' : 'sells'} exactly the ${inText(ticket.amount)} you typed` : `${ticket.side === 'buy' ? 'spends' : 'sells'} ${spent === null ? 'nothing named' : inText(spent)}, not the ${inText(ticket.amount)} you typed`);
  const floor = ticket.side === 'sell' && ticket.receive === 'SOL' ? amount(swap?.w, 'minAmountOut') : amount(trade?.w, 'minAmountOut');
  line('minimum', floor !== null && floor >= ticket.minimum, floor === null ? 'no minimum found' : floor >= ticket.minimum ? `accepts no less than ${outText(floor)}, at or above the ${outText(ticket.minimum)} your quote showed` : `accepts as little as ${outText(floor)}, below the ${outText(ticket.minimum)} your quote showed`);
  const swapAsked = ticket.pay === 'SOL' || ticket.receive === 'SOL';
  if (!swapAsked && swap) line('swap', false, 'a SOL swap you did not ask for');
  transactions.forEach((t, i) => {
    const where = transactions.length > 1 ? `transaction ${i + 1}: ` : '';
    line(`${where}fee payer`, t.feePayer === ticket.wallet, t.feePayer === ticket.wallet ? 'your wallet' : `${t.feePayer}, not your wallet`);
    const only = t.signers.length === 1 && t.signers[0] === ticket.wallet;
    line(`${where}signers`, only, only ? 'your wallet alone' : t.signers.join(', '));
  });
  if (trade) {
    const tradeAmountIn = ticket.side === 'buy' && ticket.pay === 'SOL' ? (amount(swap?.w, 'minAmountOut') ?? -1n) : ticket.amount;
    const tradeMinimum = ticket.side === 'sell' && ticket.receive === 'SOL' ? (amount(trade.w, 'minAmountOut') ?? 0n) : ticket.minimum;
    const resolved = resolveTransaction(build.transactions[trade.tx]!.wire, tables);
    const ask = { wallet: ticket.wallet, mint: ticket.mint, side: ticket.side, amountIn: tradeAmountIn, minAmountOut: tradeMinimum, swapAsked };
    const problem = market.pair === 'native' && market.route
      ? await nativeRouteProblem(resolved, ask, await nativeRouteRules(world, market))
      : await zecTradeProblem(resolved, ask, await zecTradeRules(world, market, ticket.wallet, swapAsked));
    line('accepted shape', problem === null, problem ?? 'every account, program and amount is what the launchpad\'s accepted trade names');
  }
  const blockHeight = await deps.chain.getBlockHeight('confirmed');
  const last = build.transactions[0]!.lastValidBlockHeight;
  line('blockhash', blockHeight <= last, blockHeight <= last ? `valid for ${last - blockHeight} more blocks` : 'expired: build again');

  const watched: WatchedBalance[] = [
    { account: ticket.wallet, label: 'your wallet (SOL)', asset: 'SOL', decimals: 9, kind: 'lamports' },
    { account: accounts.zec, label: 'your ZEC account', asset: 'ZEC', decimals: world.zec.decimals, kind: 'token' },
    ...(accounts.coin ? [{ account: accounts.coin, label: `your ${coinTicker} account`, asset: coinTicker, decimals: 6, kind: 'token' as const }] : []),
    ...(accounts.native && market.pair === 'native' ? [{ account: accounts.native, label: `your ${world.native?.symbol ?? 'native'} account`, asset: world.native?.symbol ?? 'native', decimals: world.native?.decimals ?? 6, kind: 'token' as const }] : []),
  ];
  const balanceChanges = blockHeight <= last ? await predictedBalanceChanges(deps.chain, world, build.transactions[0]!.wire, watched) : [];
  return {
    build,
    transactions,
    flags,
    verdict: lines,
    balanceChanges,
    simulated: balanceChanges.length > 0 ? 1 : 0,
    blockHeight,
    signable: flags.length === 0 && lines.every((l) => l.ok),
  };
}
