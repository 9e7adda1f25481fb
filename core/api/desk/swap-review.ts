import type { Address } from '@solana/kit';
import { aggregatorRulesOf } from '../../engine/swap.js';
import { formatExactUnits } from '../../math/decimal-display.js';
import { SOL_DECIMALS } from '../../math/units.js';
import { swapProblem } from '../../verify/build-shape.js';
import { resolveTransaction } from '../../verify/message.js';
import type { VerdictLine } from '../../verify/ticket.js';
import { reviewBuild, ticketComputeUnitPrice, type BuildReview, type ReviewDeps } from './build-review.js';
import { amountFromWords, type AmountSource } from '../../verify/amount-source.js';

export interface DeskSwapTicket {
  readonly wallet: Address;
  readonly direction: 'sol_to_zec' | 'zec_to_sol';
  /** Lamports (sol_to_zec) or ZEC base units (zec_to_sol). */
  readonly amount: bigint;
  /** The least accepted, as the quote said: ZEC base units or lamports. */
  readonly minimum: bigint;
  readonly amountFrom?: AmountSource;
  /** The compute unit price the person chose, decimal digits (micro-lamports per unit); absent: no `priority fee` line. */
  readonly computeUnitPrice?: string;
}

/** A SOL⇄ZEC swap through the aggregator: the amount in exactly, at least the minimum out, the accepted shape. */
export function reviewSwapBuild(deps: ReviewDeps, buildId: string, ticket: DeskSwapTicket): Promise<BuildReview> {
  const price = ticket.computeUnitPrice === undefined ? {} : { computeUnitPrice: ticketComputeUnitPrice(ticket.computeUnitPrice) };
  return reviewBuild(deps, { buildId, kind: 'swap', wallet: ticket.wallet, coin: null, ...price }, async (scene) => {
    const swap = scene.transactions.flatMap((t, tx) => t.instructions.map((w) => ({ w, tx }))).find(({ w }) => w.kind === 'aggregator:swap');
    if (!swap) return [{ field: 'swap', ok: false, detail: 'no swap instruction in the build' }];
    const zec = scene.world.zec.decimals;
    const [inD, inT, outD, outT] = ticket.direction === 'sol_to_zec' ? [SOL_DECIMALS, 'SOL', zec, 'ZEC'] : [zec, 'ZEC', SOL_DECIMALS, 'SOL'];
    const text = (v: bigint, d: number, t: string) => `${formatExactUnits(v, d)} ${t}`;
    const direction = swap.w.instruction === ticket.direction;
    const amountIn = swap.w.amounts['amountIn'] ?? null;
    const floor = swap.w.amounts['minAmountOut'] ?? null;
    const lines: VerdictLine[] = [
      { field: 'direction', ok: direction, detail: direction ? `${inT} to ${outT}` : `${swap.w.instruction ?? '?'}, not the ${ticket.direction} you asked for` },
      { field: 'amount', ok: amountIn === ticket.amount, detail: amountIn === ticket.amount ? `swaps exactly ${amountFromWords(text(ticket.amount, inD, inT), ticket.amountFrom)}` : `swaps ${amountIn === null ? '?' : text(amountIn, inD, inT)}, not ${amountFromWords(text(ticket.amount, inD, inT), ticket.amountFrom)}` },
      { field: 'minimum', ok: floor !== null && floor >= ticket.minimum, detail: floor === null ? 'no minimum found' : `accepts no less than ${text(floor, outD, outT)} (your quote showed ${text(ticket.minimum, outD, outT)})` },
      ...scene.transactions.flatMap((t) => [
        { field: 'fee payer', ok: t.feePayer === ticket.wallet, detail: t.feePayer === ticket.wallet ? 'your wallet' : `${t.feePayer}, not your wallet` },
        { field: 'signers', ok: t.signers.length === 1 && t.signers[0] === ticket.wallet, detail: t.signers.join(', ') === ticket.wallet ? 'your wallet alone' : t.signers.join(', ') },
      ]),
    ];
    const rules = await aggregatorRulesOf(scene.world);
    const problem = rules ? await swapProblem(resolveTransaction(scene.build.transactions[swap.tx]!.wire, scene.tables), { wallet: ticket.wallet, direction: ticket.direction, amountIn: ticket.amount, minAmountOut: ticket.minimum }, { ...rules, maxPriorityLamports: 10_000_000n }) : 'this cluster has no aggregator';
    lines.push({ field: 'accepted shape', ok: problem === null, detail: problem ?? "the aggregator's swap, exactly" });
    return lines;
  }, { solPurpose: ticket.direction === 'sol_to_zec' ? { paid: 'swapped to ZEC', received: 'back from the swap' } : { paid: 'into the swap', received: 'from the swap' } });
}
