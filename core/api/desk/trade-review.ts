import { nativeRouteRules, zecTradeRules } from '../../engine/accepted-trade.js';
import { zecTradeProblem } from '../../verify/build-shape.js';
import { resolveTransaction } from '../../verify/message.js';
import { nativeRouteProblem } from '../../verify/native-route.js';
import { simulatedAmountLine } from '../../verify/simulated-trade-lines.js';
import { tradeTicketLines, type FoundInstruction, type ReviewTicket } from '../../verify/trade-ticket-lines.js';
import { reviewBuild, ticketComputeUnitPrice, type BuildReview, type ReviewDeps } from './build-review.js';

/** The person's own ticket, in base units (never the build's `intent`). */
export interface DeskTradeTicket extends ReviewTicket {
  readonly slippageBps: number;
  /** The compute unit price the person chose, decimal digits (micro-lamports per unit); absent: no `priority fee` line. */
  readonly computeUnitPrice?: string;
}

/**
 * A trade build reviewed against the person's ticket: the lines of core/verify/trade-ticket-lines.ts
 * (coin, side, pair, amount, minimum, fee payer, signers), then the accepted shape of core/verify with
 * rules read from chain (zecTradeProblem, nativeRouteProblem) asked with the ticket's own amounts.
 */
export function reviewTradeBuild(deps: ReviewDeps, buildId: string, ticket: DeskTradeTicket): Promise<BuildReview> {
  const solPurpose = ticket.side === 'buy' && ticket.pay === 'SOL' ? { paid: 'swapped to ZEC for the buy', received: 'back from the swap' } : ticket.side === 'sell' && ticket.receive === 'SOL' ? { paid: 'into the swap', received: "from the swap of the sale's ZEC" } : null;
  const closeWhy = ticket.side === 'sell' ? 'closed: the sale empties it' : null;
  const price = ticket.computeUnitPrice === undefined ? {} : { computeUnitPrice: ticketComputeUnitPrice(ticket.computeUnitPrice) };
  return reviewBuild(deps, { buildId, kind: 'trade', wallet: ticket.wallet, coin: ticket.mint, ...price }, async ({ world, market, coinTicker, context, transactions, build, tables, changes, accounts }) => {
    const m = market!;
    const found = tradeTicketLines(transactions, ticket, context, { coinTicker, zecDecimals: world.zec.decimals, pair: m.pair });
    const lines = [...found.lines];
    if (changes.length > 0) {
      // The amount line said from the instructions alone; the simulation says what really moves.
      const delta = (account: typeof accounts.zec | null) => {
        const c = changes.find((x) => x.account === account);
        return c ? c.after - c.before : 0n;
      };
      const at = lines.findIndex((l) => l.field === 'amount');
      const coinMoved = ticket.side === 'buy' ? delta(accounts.coin) : -delta(accounts.coin);
      const sim = { quotePaid: ticket.pay === 'SOL' ? null : -delta(accounts.zec), coinMoved, curveLeft: m.venue === 'curve' && m.curveState ? m.curveState.realTokenReserves : null };
      if (at >= 0) lines[at] = simulatedAmountLine(lines[at]!, ticket, sim, { coinTicker, quoteTicker: 'ZEC', quoteDecimals: world.zec.decimals });
    }
    const { trade, swap } = found;
    if (!trade) return lines;
    const amount = (f: FoundInstruction | undefined, key: string) => f?.w.amounts[key] ?? null;
    const swapAsked = ticket.pay === 'SOL' || ticket.receive === 'SOL';
    // The trade's own amounts: a buy paid in SOL spends exactly what its swap guarantees; a sale for SOL keeps its own minimum.
    const tradeAmountIn = ticket.side === 'buy' && ticket.pay === 'SOL' ? (amount(swap, 'minAmountOut') ?? -1n) : ticket.amount;
    const tradeMinimum = ticket.side === 'sell' && ticket.receive === 'SOL' ? (amount(trade, 'minAmountOut') ?? 0n) : ticket.minimum;
    const resolved = resolveTransaction(build.transactions[trade.tx]!.wire, tables);
    const ask = { wallet: ticket.wallet, mint: ticket.mint, side: ticket.side, amountIn: tradeAmountIn, minAmountOut: tradeMinimum, swapAsked };
    const problem =
      m.pair === 'native' && m.route ? await nativeRouteProblem(resolved, ask, await nativeRouteRules(world, m)) : await zecTradeProblem(resolved, ask, await zecTradeRules(world, m, ticket.wallet, swapAsked));
    lines.push({ field: 'accepted shape', ok: problem === null, detail: problem ?? "every account, program and amount is what the launchpad's accepted trade names" });
    return lines;
  }, { solPurpose, closeWhy });
}
