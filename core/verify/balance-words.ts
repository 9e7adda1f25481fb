import { formatAmount } from '../math/decimal-display.js';
import { SOL_DECIMALS } from '../math/units.js';

/**
 * A balance's change in the wallet's words: "receives 0.93 SOL", "pays 19.39 ZEC", never "moves by −0.93".
 * The review's balance lines, its verdict and the ticket's sentence about the simulation all say amounts
 * through these, so that a figure in one reads exactly as the same figure in another. Browser-safe.
 */
export const amountText = (value: bigint, decimals: number, asset: string): string => `${formatAmount(value, decimals)} ${asset}`;

export const walletMoveWords = (change: bigint, decimals: number, asset: string): string =>
  change > 0n ? `receives ${amountText(change, decimals, asset)}` : change < 0n ? `pays ${amountText(-change, decimals, asset)}` : `unchanged (0 ${asset})`;

/** The lamports the wallet's SOL changes by: positive when it pays (the build answer's `solCostLamports`). */
export const solCostWords = (costLamports: bigint): string => walletMoveWords(-costLamports, SOL_DECIMALS, 'SOL');

/** An account the transaction opens (the wallet pays its rent) or closes (its rent comes back), as the simulation shows it. */
export interface RentMove {
  readonly label: string;
  readonly lamports: bigint;
  readonly why: string | null;
}

/** Where the wallet's SOL goes or comes from, besides the network fee and rent: the swap, the launch fee. */
export interface SolPurpose {
  /** Said of SOL leaving for it ("swapped to ZEC", "launch fee to the launchpad treasury"). */
  readonly paid: string;
  /** Said of SOL arriving from it ("from the swap of the sale's ZEC"). */
  readonly received: string;
}

export interface SolParts {
  readonly change: bigint;
  readonly networkFee: bigint;
  readonly opened: readonly RentMove[];
  readonly closed: readonly RentMove[];
  /** What remains of the change once the fee and the rent are counted; said by `purpose`. */
  readonly rest: bigint;
}

/**
 * The SOL line's change taken apart: the network fee, the rent of each account opened, the rent of each
 * account closed coming back, and the rest (the swap, the launch fee). The parts add up to `change` exactly:
 * the rest is what the others leave.
 */
export function solParts(change: bigint, networkFee: bigint, opened: readonly RentMove[], closed: readonly RentMove[]): SolParts {
  const sum = (moves: readonly RentMove[]) => moves.reduce((s, m) => s + m.lamports, 0n);
  return { change, networkFee, opened, closed, rest: change + networkFee + sum(opened) - sum(closed) };
}

const OTHER: SolPurpose = { paid: 'moved out by the transaction', received: 'moved in by the transaction' };

/**
 * Why the wallet's SOL changes, in one sentence after its "receives"/"pays": what comes in first, then what
 * goes out ("0.002039 SOL rent back from your GROTH account (closed: the sale empties it), less 0.000005 SOL
 * network fee"). Every part is a figure of the simulation.
 */
export function solWhy(parts: SolParts, purpose: SolPurpose | null): string {
  const sol = (v: bigint) => amountText(v, SOL_DECIMALS, 'SOL');
  const incoming: string[] = [];
  const outgoing: string[] = [];
  if (parts.rest > 0n) incoming.push(`${sol(parts.rest)} ${(purpose ?? OTHER).received}`);
  if (parts.rest < 0n) outgoing.push(`${sol(-parts.rest)} ${(purpose ?? OTHER).paid}`);
  for (const c of parts.closed) incoming.push(`${sol(c.lamports)} rent back from ${c.label}${c.why ? ` (${c.why})` : ''}`);
  if (parts.networkFee > 0n) outgoing.push(`${sol(parts.networkFee)} network fee`);
  const opened = parts.opened.reduce((s, m) => s + m.lamports, 0n);
  if (parts.opened.length === 1) outgoing.push(`${sol(opened)} rent for ${parts.opened[0]!.label}${parts.opened[0]!.why ? ` (${parts.opened[0]!.why})` : ''}`);
  // Two are named; more are counted, the wallet's own named first (a planting opens eight).
  const own = parts.opened.filter((o) => o.label.startsWith('your '));
  const others = parts.opened.length - own.length;
  const named = parts.opened.length === 2 ? parts.opened.map((o) => o.label).join(' and ') : [...own.map((o) => o.label), ...(others > 0 ? [`${others} more it opens`] : [])].join(' and ');
  if (parts.opened.length > 1) outgoing.push(`${sol(opened)} rent for ${parts.opened.length} new accounts (${named})`);
  // The side the wallet ends up on is said first; the other is what it is less by.
  const [first, second] = parts.change > 0n ? [incoming, outgoing] : [outgoing, incoming];
  return second.length === 0 ? first.join(', ') : first.length === 0 ? second.join(', ') : `${first.join(', ')}, less ${second.join(', ')}`;
}
