import { getCompiledTransactionMessageDecoder, getTransactionDecoder } from '@solana/kit';
import { formatExactUnits } from '../math/decimal-display.js';
import { parseDecimalUnits, SOL_DECIMALS, ZEC_DECIMALS } from '../math/units.js';

/**
 * The trade ticket's rules, shared by the desk and its tests (browser-safe): how a typed amount becomes base
 * units, when a price impact must be acknowledged, and what a build answered for the ticket says against it,
 * field by field. The instructions themselves are checked by the review (core/verify's accepted shapes) once
 * the desk can read the lookup tables a build names; here only what the answer and its messages say.
 */
export const COIN_DECIMALS = 6;
/** A price impact at or past this many bps is shown in warning colours and must be acknowledged. */
export const IMPACT_WARNING_BPS = 500;

export interface Ticket {
  readonly side: 'buy' | 'sell';
  /** What the person typed, in whole units. */
  readonly amountText: string;
  readonly pay: 'ZEC' | 'SOL';
  readonly receive: 'ZEC' | 'SOL';
  readonly slippageBps: number;
  readonly wallet: string;
}

/** The unit the amount is typed in: ZEC or SOL on a buy, the coin on a sale. */
export const ticketUnit = (t: Pick<Ticket, 'side' | 'pay'>): { readonly name: string; readonly decimals: number } =>
  t.side === 'sell' ? { name: 'coins', decimals: COIN_DECIMALS } : t.pay === 'SOL' ? { name: 'SOL', decimals: SOL_DECIMALS } : { name: 'ZEC', decimals: ZEC_DECIMALS };

/** The amount in base units, or why it cannot be one, in words. */
export function ticketAmount(t: Pick<Ticket, 'side' | 'pay' | 'amountText'>): { readonly amount: bigint } | { readonly problem: string } {
  const unit = ticketUnit(t);
  const text = t.amountText.trim();
  if (text === '') return { problem: `type an amount of ${unit.name}` };
  let amount: bigint;
  try {
    amount = parseDecimalUnits(text, unit.decimals);
  } catch {
    return { problem: /\.\d+$/.test(text) && text.split('.')[1]!.length > unit.decimals ? `${unit.name} have at most ${unit.decimals} decimal places` : `"${text.slice(0, 20)}" is not an amount: use digits and one decimal point` };
  }
  if (amount === 0n) return { problem: 'the amount must be more than zero' };
  if (amount >= 2n ** 64n) return { problem: 'the amount is larger than any token account holds' };
  return { amount };
}

export interface VerdictLine {
  readonly field: string;
  readonly ok: boolean;
  readonly detail: string;
}

/** A build answer's fields the verdict reads. */
export interface TicketBuild {
  readonly transactions: readonly { readonly transaction: string; readonly signers: readonly string[] }[];
  readonly expected: Readonly<Record<string, string | number>>;
  readonly expiresAt: string;
}

const base64Bytes = (text: string): Uint8Array => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/**
 * The build against the ticket, field by field: the side and amount it spends or sells, a minimum no lower
 * than the one quoted, the slippage asked for, the wallet as fee payer and only signer of every transaction,
 * and a blockhash still alive. Never against the build's own `intent`.
 */
export function ticketVerdict(ticket: Ticket, quotedMinimum: bigint | null, build: TicketBuild, now: number = Date.now()): VerdictLine[] {
  const lines: VerdictLine[] = [];
  const amount = ticketAmount(ticket);
  const asked = 'amount' in amount ? amount.amount : null;
  const e = build.expected;
  const big = (key: string) => (e[key] === undefined ? null : BigInt(e[key]!));
  const split = build.transactions.length > 1 || (ticket.pay === 'SOL' && big('maxZecIn') === null);
  // Amounts in their units, every base unit shown, grouped: what the person typed reads as they typed it.
  const typed = ticketUnit(ticket);
  const inTyped = (v: bigint | null) => (v === null ? '?' : `${formatExactUnits(v, typed.decimals)} ${typed.name}`);
  const coins = (v: bigint | null) => (v === null ? '?' : `${formatExactUnits(v, COIN_DECIMALS)} coins`);
  const zec = (v: bigint | null) => (v === null ? '?' : `${formatExactUnits(v, ZEC_DECIMALS)} ZEC`);
  if (ticket.side === 'buy') {
    const spends = ticket.pay === 'SOL' ? big('solIn') : big('maxZecIn');
    // A buy the curve's end caps offers what was typed and spends less: the answer's zecIn says how much.
    const capped = ticket.pay === 'ZEC' && spends !== null && big('zecIn') !== null && big('zecIn')! < spends;
    const amountWords = capped ? `offers up to the ${inTyped(asked)} you typed; the curve has fewer coins left: it spends ${zec(big('zecIn'))} and completes the curve` : `spends ${spends === null ? 'nothing named' : inTyped(spends)} of the ${inTyped(asked)} you typed`;
    lines.push({ field: 'amount', ok: asked !== null && spends === asked, detail: amountWords });
    if (!split) {
      const minimum = big('minTokensOut');
      lines.push({ field: 'minimum', ok: minimum !== null && (quotedMinimum === null || minimum >= quotedMinimum), detail: `accepts no fewer than ${coins(minimum)} (quoted ${coins(quotedMinimum)})` });
    }
  } else {
    const sells = big('tokensIn');
    lines.push({ field: 'amount', ok: asked !== null && sells === asked, detail: `sells ${sells === null ? 'nothing named' : inTyped(sells)} of the ${inTyped(asked)} you typed` });
    const minimum = big('minZecOut');
    lines.push({ field: 'minimum', ok: minimum !== null && (quotedMinimum === null || minimum >= quotedMinimum), detail: `accepts no less than ${zec(minimum)} (quoted ${zec(quotedMinimum)})` });
  }
  const slippage = e['slippageBps'];
  lines.push({ field: 'slippage', ok: slippage === ticket.slippageBps, detail: `${slippage ?? '?'} bps, ${ticket.slippageBps} asked` });
  build.transactions.forEach((tx, i) => {
    let feePayer = '?';
    try {
      const message = getCompiledTransactionMessageDecoder().decode(getTransactionDecoder().decode(base64Bytes(tx.transaction)).messageBytes);
      feePayer = message.staticAccounts[0] ?? '?';
    } catch {
      feePayer = 'unreadable';
    }
    const only = tx.signers.length === 1 && tx.signers[0] === ticket.wallet;
    lines.push({ field: `transaction ${i + 1}: fee payer`, ok: feePayer === ticket.wallet, detail: feePayer === ticket.wallet ? 'your wallet' : `${feePayer}, not your wallet` });
    lines.push({ field: `transaction ${i + 1}: signers`, ok: only, detail: only ? 'your wallet alone' : tx.signers.join(', ') });
  });
  const expires = Date.parse(build.expiresAt);
  lines.push({ field: 'blockhash', ok: expires > now, detail: expires > now ? `alive for about ${Math.round((expires - now) / 1000)} s` : 'expired: build again' });
  return lines;
}
