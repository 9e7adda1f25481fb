import type { Address } from '@solana/kit';
import { formatExactUnits } from '../math/decimal-display.js';
import { SOL_DECIMALS } from '../math/units.js';
import type { InstructionWords, ReviewContext } from './instruction-words.js';
import type { VerdictLine } from './ticket.js';
import { amountFromWords, type AmountSource } from './amount-source.js';
import type { TransactionReview } from './transaction-review.js';

/**
 * The verdict of a trade's transactions against the person's own ticket, from what the instructions say
 * (never from the build's `intent`): the coin, the side, the pair where it is known, the amount spent or
 * sold, the minimum accepted, no swap that was not asked for, the wallet as the only signer and fee payer.
 * Pure and browser-safe: the server adds what needs the chain (the accepted shape, the blockhash), and the
 * desk's offline review runs exactly these lines.
 */
export interface ReviewTicket {
  readonly wallet: Address;
  readonly mint: Address;
  readonly side: 'buy' | 'sell';
  /** Base units: ZEC (lamports with pay SOL) spent on a buy, coin units sold on a sale. */
  readonly amount: bigint;
  readonly pay: 'ZEC' | 'SOL';
  readonly receive: 'ZEC' | 'SOL';
  /** The least accepted, as the quote said: coin units on a buy, ZEC (lamports with receive SOL) on a sale. */
  readonly minimum: bigint;
  /** What the amount is (typed by default); only the words depend on it. */
  readonly amountFrom?: AmountSource;
}

export interface FoundInstruction {
  readonly w: InstructionWords;
  /** Index of its transaction in the build. */
  readonly tx: number;
}

export interface TradeLines {
  readonly lines: VerdictLine[];
  readonly trade: FoundInstruction | undefined;
  readonly swap: FoundInstruction | undefined;
}

const TRADE_KINDS = new Set(['launchpad:buy_exact_quote_in_v2', 'launchpad:buy_v2', 'launchpad:sell_v2', 'amm:buy_exact_quote_in', 'amm:buy', 'amm:sell', 'amm:multi_hop_swap']);
const COIN_DECIMALS = 6;

/**
 * The least a trade's build accepts, as its instructions say: the trade's minimum out, or the SOL swap's
 * on a sale paid out in SOL. Null when the build names none. Coin units on a buy, ZEC (or lamports) on a sale.
 */
export function tradeFloorOf(transactions: readonly TransactionReview[], ticket: Pick<ReviewTicket, 'side' | 'receive'>): bigint | null {
  const all = transactions.flatMap((t) => t.instructions);
  const found = ticket.side === 'sell' && ticket.receive === 'SOL' ? all.find((w) => w.kind === 'aggregator:swap') : all.find((w) => w.kind !== null && TRADE_KINDS.has(w.kind));
  return found?.amounts['minAmountOut'] ?? null;
}

export function tradeTicketLines(
  transactions: readonly TransactionReview[],
  ticket: ReviewTicket,
  ctx: ReviewContext,
  /** `minimumFromBuild`: the person typed no minimum and `ticket.minimum` is the build's own floor, shown for them to judge. */
  known: { readonly coinTicker: string; readonly zecDecimals: number; readonly pair: 'zec' | 'native' | null; readonly minimumFromBuild?: boolean },
): TradeLines {
  const all = transactions.flatMap((t, tx) => t.instructions.map((w) => ({ w, tx })));
  const trade = all.find(({ w }) => w.kind !== null && TRADE_KINDS.has(w.kind));
  const swap = all.find(({ w }) => w.kind === 'aggregator:swap');
  const lines: VerdictLine[] = [];
  const line = (field: string, ok: boolean, detail: string) => lines.push({ field, ok, detail });
  const amount = (found: FoundInstruction | undefined, key: string) => found?.w.amounts[key] ?? null;

  if (!trade) line('trade', false, 'no trade instruction in the build');
  else {
    const names = trade.w.accounts.some((a) => a.address === ticket.mint);
    line('coin', names, names ? `trades ${known.coinTicker}` : `the trade does not name the coin ${ticket.mint}`);
    const route = trade.w.kind === 'amm:multi_hop_swap';
    const input = trade.w.accounts[1]?.address;
    const side = route ? (input !== undefined && ctx.tokenAccounts.get(input)?.mint === ticket.mint ? 'sell' : 'buy') : /sell/.test(trade.w.kind!) ? 'sell' : 'buy';
    line('side', side === ticket.side, side === ticket.side ? (side === 'buy' ? 'a buy' : 'a sale') : `a ${side === 'buy' ? 'buy' : 'sale'}, not the ${ticket.side === 'buy' ? 'buy' : 'sale'} you asked for`);
    if (known.pair !== null) {
      const ok = (known.pair === 'native') === route;
      line('pair', ok, ok ? (route ? 'a native-paired coin, through its two-hop route' : 'a ZEC-paired coin, on its own venue') : `the coin is ${known.pair === 'native' ? 'native' : 'ZEC'}-paired but the build trades it ${route ? 'through a route' : 'directly'}`);
    }
  }
  const unit = (which: 'in' | 'out') => {
    const coinSide = which === 'in' ? ticket.side === 'sell' : ticket.side === 'buy';
    if (coinSide) return { d: COIN_DECIMALS, t: known.coinTicker };
    const sol = which === 'in' ? ticket.pay === 'SOL' : ticket.receive === 'SOL';
    return sol ? { d: SOL_DECIMALS, t: 'SOL' } : { d: known.zecDecimals, t: 'ZEC' };
  };
  // Every base unit, grouped: a line that says "exactly" shows the figure exactly.
  const text = (v: bigint, which: 'in' | 'out') => `${formatExactUnits(v, unit(which).d)} ${unit(which).t}`;
  const verb = ticket.side === 'buy' ? 'spends' : 'sells';
  // The ticket's amount is what the person spends: the swap's input when they pay SOL.
  const spent = ticket.side === 'buy' && ticket.pay === 'SOL' ? amount(swap, 'amountIn') : amount(trade, 'amountIn');
  const asked = amountFromWords(text(ticket.amount, 'in'), ticket.amountFrom);
  line('amount', spent === ticket.amount, spent === ticket.amount ? `${verb} exactly ${asked}` : `${verb} ${spent === null ? 'nothing named' : text(spent, 'in')}, not ${asked}`);
  const floor = ticket.side === 'sell' && ticket.receive === 'SOL' ? amount(swap, 'minAmountOut') : amount(trade, 'minAmountOut');
  if (known.minimumFromBuild) {
    line('minimum', floor !== null, floor === null ? 'no minimum found' : `accepts no less than ${text(floor, 'out')}: the build's own floor (you typed none; type a higher one to require more)`);
  } else line(
    'minimum',
    floor !== null && floor >= ticket.minimum,
    floor === null ? 'no minimum found' : floor >= ticket.minimum ? `accepts no less than ${text(floor, 'out')}, at or above the ${text(ticket.minimum, 'out')} your quote showed` : `accepts as little as ${text(floor, 'out')}, below the ${text(ticket.minimum, 'out')} your quote showed`,
  );
  if (ticket.pay !== 'SOL' && ticket.receive !== 'SOL' && swap) line('swap', false, 'a SOL swap you did not ask for');
  transactions.forEach((t, i) => {
    const where = transactions.length > 1 ? `transaction ${i + 1}: ` : '';
    line(`${where}fee payer`, t.feePayer === ticket.wallet, t.feePayer === ticket.wallet ? 'your wallet' : `${t.feePayer}, not your wallet`);
    const only = t.signers.length === 1 && t.signers[0] === ticket.wallet;
    line(`${where}signers`, only, only ? 'your wallet alone' : t.signers.join(', '));
  });
  return { lines, trade, swap };
}
