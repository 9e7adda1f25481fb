import type { Address } from '@solana/kit';
import { tradeReviewContext } from '../api/desk/review-context.js';
import { clientWorld, type BuildAsk, type BuildVerdict, type Launchdesk } from '../client/index.js';
import type { BuildJson } from '../client/api-types.js';
import { readCoinMarket } from '../engine/market.js';
import { readLookupTable } from '../engine/world.js';
import { reviewTransaction, type TransactionReview } from '../verify/transaction-review.js';
import { COINS, percentOf, SOL, unitsText, ZEC, type Unit } from './trade-amounts.js';

/**
 * A build in words before it is signed, as the desk's review shows it (core/verify's instruction words and
 * red flags, with the same labels): each transaction's fee payer and signers, each instruction with its
 * amounts, what the build says it spends and the least it accepts, and the verdict of the check that ran
 * on this machine. Read through the caller's own RPC, never taken from the server's words.
 */

export interface Review {
  readonly lines: readonly string[];
  /** What drains wallets, found in the instructions: the desk never signs a build with one. */
  readonly flags: readonly string[];
}

/** The words of each key of `expected`, and its unit. */
function expectedWords(coin: Unit, native: Unit): Readonly<Record<string, readonly [string, Unit | 'bps']>> {
  return {
    zecIn: ['spends', ZEC],
    maxZecIn: ['spends at most', ZEC],
    solIn: ['spends', SOL],
    tokensIn: ['sells', coin],
    tokensOut: ['gets', coin],
    minTokensOut: ['accepts no fewer than', coin],
    zecOut: ['gets', ZEC],
    minZecOut: ['accepts no less than', ZEC],
    solOut: ['gets', SOL],
    minSolOut: ['accepts no less than', SOL],
    swapZecOut: ['the swap gives', ZEC],
    swapMinZecOut: ['the swap accepts no less than', ZEC],
    swapZecIn: ['swaps to SOL', ZEC],
    nativeAmount: ['passes between the hops', native],
    launchFeeLamports: ['pays the launch fee of', SOL],
    slippageBps: ['slippage', 'bps'],
    swapSlippageBps: ['swap slippage', 'bps'],
    feeBps: ['fees', 'bps'],
    priceImpactBps: ['price impact', 'bps'],
    costBps: ['cost against spot prices', 'bps'],
  };
}

const who = (address: Address, wallet: Address, others: readonly Address[]) => (address === wallet ? `${address} (your wallet)` : others.includes(address) ? `${address} (the new mint's key, made here)` : address);

/** The review of one build step, for `wallet`; `coin` names the coin (its ticker on the amounts), `otherSigners` a planting's mint key. */
export async function reviewOf(
  desk: Launchdesk,
  step: { readonly ask: BuildAsk; readonly build: BuildJson; readonly verdict: BuildVerdict },
  wallet: Address,
  coin: { readonly mint: Address; readonly ticker: string } | null,
  otherSigners: readonly Address[] = [],
): Promise<Review> {
  const { ask, build } = step;
  const world = await clientWorld(await desk.params(), desk.chain);
  // A planting's coin does not exist yet; a trade's market names its pool's accounts for the labels.
  const market = coin && ask.kind !== 'plant' ? await readCoinMarket(desk.chain, world, coin.mint).catch(() => null) : null;
  const { context } = await tradeReviewContext(world, market, wallet, coin);
  const tableAddresses = [...new Set(build.transactions.flatMap((t) => t.lookupTables as Address[]))];
  const tables = new Map(await Promise.all(tableAddresses.map(async (a) => [a, await readLookupTable(desk.chain, a)] as const)));
  const reviews: TransactionReview[] = build.transactions.map((t) => reviewTransaction(new Uint8Array(Buffer.from(t.transaction, 'base64')), tables, context, otherSigners));

  const lines: string[] = [`Review of the ${ask.kind} build ${build.buildId} (its blockhash expires about ${build.expiresAt}):`];
  reviews.forEach((review, i) => {
    lines.push('', `Transaction ${i + 1} of ${reviews.length}`);
    lines.push(`  fee payer  ${who(review.feePayer, wallet, otherSigners)}`);
    review.signers.forEach((s, n) => lines.push(`  ${n === 0 ? 'signers' : '       '}    ${who(s, wallet, otherSigners)}`));
    review.instructions.forEach((ix, n) => lines.push(`  ${n + 1}. ${ix.programName ?? ix.program}: ${ix.summary}`));
  });
  const flags = reviews.flatMap((r, i) => r.flags.map((f) => (reviews.length > 1 ? `transaction ${i + 1}: ${f.text}` : f.text)));

  const coinUnit: Unit = coin ? { name: coin.ticker, decimals: COINS.decimals } : COINS;
  const nativeUnit: Unit = world.native ? { name: world.native.symbol ?? 'native', decimals: world.native.decimals } : { name: 'native', decimals: 6 };
  const words = expectedWords(coinUnit, nativeUnit);
  lines.push('', 'What it does, as the build says and this machine checked:');
  for (const [key, value] of Object.entries(build.expected)) {
    const [label, unit] = words[key] ?? [key, null];
    lines.push(`  ${label.padEnd(30)} ${unit === 'bps' ? percentOf(value) : unit ? `${unitsText(String(value), unit)} ${unit.name}` : String(value)}`);
  }
  const solCost = BigInt(build.simulation.solCostLamports);
  lines.push(`  ${(solCost < 0n ? 'gets back in SOL (rent)' : 'network fee and rent').padEnd(30)} ${unitsText(solCost < 0n ? -solCost : solCost, SOL)} SOL`);
  if (build.permanent) lines.push('  this is for good: it can never be changed back');
  lines.push('', 'Verdict (checked on this machine through your own RPC, against your own request and pins):');
  lines.push(step.verdict.ok ? '  ok: the signers, the amounts and the minimums are what you asked, against your own quote of the chain now' : `  refused: ${step.verdict.differences.join('; ')}`);
  if (flags.length > 0) lines.push('  red flags:', ...flags.map((f) => `    ${f}`));
  else lines.push('  no red flags: every account is one the desk knows, nothing changes an authority');
  return { lines, flags };
}
