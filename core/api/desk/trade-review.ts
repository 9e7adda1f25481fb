import type { Chain } from '../../chain/chain.js';
import type { NetworkProfile } from '../../config/profile.js';
import { nativeRouteRules, zecTradeRules } from '../../engine/accepted-trade.js';
import { readCoinMarket } from '../../engine/market.js';
import { readLookupTable, readWorld } from '../../engine/world.js';
import { DeskError } from '../../errors.js';
import type { IndexStore } from '../../index/store/index-store.js';
import type { LedgerBuild } from '../../relay/store/build-ledger.js';
import type { Relay } from '../../relay/relay.js';
import { zecTradeProblem } from '../../verify/build-shape.js';
import { resolveTransaction } from '../../verify/message.js';
import { nativeRouteProblem } from '../../verify/native-route.js';
import type { RedFlag } from '../../verify/red-flags.js';
import type { VerdictLine } from '../../verify/ticket.js';
import { tradeTicketLines, type FoundInstruction, type ReviewTicket } from '../../verify/trade-ticket-lines.js';
import { reviewTransaction, type TransactionReview } from '../../verify/transaction-review.js';
import { predictedBalanceChanges, type BalanceChange, type WatchedBalance } from './balance-changes.js';
import { tradeReviewContext } from './review-context.js';

/** The person's own ticket, in base units (never the build's `intent`). */
export interface DeskTradeTicket extends ReviewTicket {
  readonly slippageBps: number;
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

  const lines: VerdictLine[] = [];
  const line = (field: string, ok: boolean, detail: string) => lines.push({ field, ok, detail });
  line('wallet', build.wallet === ticket.wallet, build.wallet === ticket.wallet ? 'built for your wallet' : `built for ${build.wallet}, not your wallet ${ticket.wallet}`);
  const coinTicker = coin?.symbol ?? 'coin';
  const found = tradeTicketLines(transactions, ticket, context, { coinTicker, zecDecimals: world.zec.decimals, pair: market.pair });
  lines.push(...found.lines);
  const { trade, swap } = found;
  const amount = (f: FoundInstruction | undefined, key: string) => f?.w.amounts[key] ?? null;
  const swapAsked = ticket.pay === 'SOL' || ticket.receive === 'SOL';
  if (trade) {
    const tradeAmountIn = ticket.side === 'buy' && ticket.pay === 'SOL' ? (amount(swap, 'minAmountOut') ?? -1n) : ticket.amount;
    const tradeMinimum = ticket.side === 'sell' && ticket.receive === 'SOL' ? (amount(trade, 'minAmountOut') ?? 0n) : ticket.minimum;
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
