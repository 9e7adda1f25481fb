import { formatExactUnits } from '../math/decimal-display.js';
import { amountText } from './balance-words.js';
import type { ReviewTicket } from './trade-ticket-lines.js';
import { amountFromWords } from './amount-source.js';
import type { VerdictLine } from './ticket.js';

/**
 * A trade's amount line once the simulation is known, so that it never says what the balance lines
 * contradict. The instructions alone say what the build offers ("spends exactly the 100 ZEC you typed");
 * the simulation says what happens: a curve buy offering more than the curve has left spends only what
 * completes it ("offers up to 100 ZEC; the curve has only 12.3M coins left: spends 19.39 ZEC and completes
 * the curve; the coin then moves to its pool"). A simulation that spends or sells anything else than the
 * ticket says fails the line. Pure and browser-safe; the server asks it with the simulated deltas.
 */
export interface SimulatedTrade {
  /** ZEC (or the native coin) the wallet's quote account pays on a buy in the quote; null: not simulated or paid in SOL. */
  readonly quotePaid: bigint | null;
  /** Coin units the wallet's coin account gains (buy) or gives (sale, as a positive figure). */
  readonly coinMoved: bigint;
  /** Coin units the curve has left to sell; null when the coin trades on its pool. */
  readonly curveLeft: bigint | null;
}

const COIN_DECIMALS = 6;

export function simulatedAmountLine(line: VerdictLine, ticket: ReviewTicket, sim: SimulatedTrade, known: { readonly coinTicker: string; readonly quoteTicker: string; readonly quoteDecimals: number }): VerdictLine {
  if (!line.ok) return line; // the build already differs from the ticket; that is what the line says
  const quote = (v: bigint) => amountText(v, known.quoteDecimals, known.quoteTicker);
  const coins = (v: bigint) => amountText(v, COIN_DECIMALS, known.coinTicker);
  if (ticket.side === 'sell') {
    return sim.coinMoved === ticket.amount ? line : { field: line.field, ok: false, detail: `the simulation sells ${coins(sim.coinMoved)}, not ${amountFromWords(`${formatExactUnits(ticket.amount, COIN_DECIMALS)} ${known.coinTicker}`, ticket.amountFrom)}` };
  }
  if (sim.quotePaid === null || sim.quotePaid === ticket.amount) return line;
  if (sim.quotePaid < ticket.amount && sim.curveLeft !== null && sim.coinMoved === sim.curveLeft) {
    return {
      field: line.field,
      ok: true,
      detail: `offers up to ${formatExactUnits(ticket.amount, known.quoteDecimals)} ${known.quoteTicker}; the curve has only ${coins(sim.curveLeft)} left: spends ${quote(sim.quotePaid)} and completes the curve; the coin then moves to its pool`,
    };
  }
  return { field: line.field, ok: false, detail: `the simulation spends ${quote(sim.quotePaid)}, not ${amountFromWords(`${formatExactUnits(ticket.amount, known.quoteDecimals)} ${known.quoteTicker}`, ticket.amountFrom)}` };
}
