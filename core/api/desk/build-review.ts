import type { Address } from '@solana/kit';
import type { Chain } from '../../chain/chain.js';
import type { NetworkProfile } from '../../config/profile.js';
import type { BuildKind } from '../../engine/build.js';
import { readCoinMarket, type CoinMarket } from '../../engine/market.js';
import { readLookupTable, readWorld, type World } from '../../engine/world.js';
import { DeskError, isDeskError } from '../../errors.js';
import { computeUnitPriceOf } from '../../engine/priority-fee.js';
import type { IndexReads } from '../../index/store/index-reads.js';
import type { Relay } from '../../relay/relay.js';
import type { LedgerBuild } from '../../relay/store/build-ledger.js';
import type { ReviewContext } from '../../verify/instruction-words.js';
import type { RedFlag } from '../../verify/red-flags.js';
import type { VerdictLine } from '../../verify/ticket.js';
import { reviewTransaction, type TransactionReview } from '../../verify/transaction-review.js';
import { LAMPORTS_PER_SIGNATURE, networkFeeLamports } from '../../verify/network-fee.js';
import { formatExactUnits } from '../../math/decimal-display.js';
import { SOL_DECIMALS } from '../../math/units.js';
import { resolveTransaction } from '../../verify/message.js';
import { amountText, solParts, solWhy, walletMoveWords, type RentMove, type SolPurpose } from '../../verify/balance-words.js';
import { predictedBalances, type BalanceChange, type WatchedBalance } from './balance-changes.js';
import { tradeReviewContext, type WalletAccounts } from './review-context.js';

export interface ReviewDeps {
  readonly chain: Chain;
  readonly profile: NetworkProfile;
  readonly store: IndexReads;
  readonly relay: Relay;
}

/** A balance line as the review shows it: the change in the wallet's words, and for SOL why it changes. */
export interface ReviewedBalance extends BalanceChange {
  /** "receives 0.93 SOL", "pays 19.39 ZEC". */
  readonly words: string;
  /** What the change is made of (the SOL line: network fee, rent opened and closed, the swap or launch fee); null: nothing to add. */
  readonly why: string | null;
}

/** What every kind of review shows: the build in words, its flags, the verdict, the predicted balances. */
export interface BuildReview {
  readonly build: LedgerBuild;
  readonly transactions: readonly TransactionReview[];
  readonly flags: readonly RedFlag[];
  readonly verdict: readonly VerdictLine[];
  readonly balanceChanges: readonly ReviewedBalance[];
  readonly simulated: number;
  readonly blockHeight: bigint;
  readonly signable: boolean;
}

/** What a kind's own verdict lines are given: the build in words and everything read for it. */
export interface ReviewScene {
  readonly build: LedgerBuild;
  readonly world: World;
  readonly market: CoinMarket | null;
  readonly coinTicker: string;
  readonly context: ReviewContext;
  readonly accounts: WalletAccounts;
  readonly transactions: readonly TransactionReview[];
  readonly tables: ReadonlyMap<Address, readonly Address[]>;
  /** The simulation's balance changes of the first transaction (empty when the blockhash expired: not simulated). */
  readonly changes: readonly BalanceChange[];
}

/** What a kind says of the SOL it moves besides fees and rent, and why an account it closes is closed. */
export interface KindWords {
  readonly solPurpose?: SolPurpose | null;
  readonly closeWhy?: string | null;
}

/**
 * A build of `kind` reviewed for `wallet`: read back from the ledger, each transaction decoded in words
 * with its red flags (signers other than the wallet flagged unless the kind names them, as a planting's
 * mint), the kind's verdict lines against the person's own ticket, the blockhash, and the wallet's balances
 * as one simulation predicts them. Signing needs every line to hold and no flag.
 */
export async function reviewBuild(
  deps: ReviewDeps,
  request: {
    readonly buildId: string;
    readonly kind: BuildKind;
    readonly wallet: Address;
    readonly coin: Address | null;
    readonly otherSigners?: readonly Address[];
    /** A coin the index does not know yet (a planting's). */
    readonly ticker?: string;
    /** The compute unit price the person chose (micro-lamports per unit): the `priority fee` line; absent, no line. */
    readonly computeUnitPrice?: bigint;
  },
  kindLines: (scene: ReviewScene) => Promise<VerdictLine[]>,
  words: KindWords = {},
): Promise<BuildReview> {
  const build = await deps.relay.build(request.buildId);
  if (!build) throw new DeskError('not_found', `no build ${request.buildId}: builds are kept by this app for a week; build again`);
  if (build.kind !== request.kind) throw new DeskError('invalid_param', `buildId: build ${request.buildId} is a ${build.kind}, not a ${request.kind}`);
  const world = await readWorld(deps.chain, deps.profile);
  // A planting's coin does not exist yet: its curve is named by the build, not read.
  const market = request.coin && request.kind !== 'plant' ? await readCoinMarket(deps.chain, world, request.coin) : null;
  const row = request.coin ? await deps.store.coin(request.coin) : null;
  const coinTicker = row?.symbol ?? request.ticker ?? 'coin';
  const { context, accounts } = await tradeReviewContext(world, market, request.wallet, request.coin ? { mint: request.coin, ticker: coinTicker } : null);
  const tableAddresses = [...new Set(build.transactions.flatMap((t) => t.lookupTables))];
  const tables = new Map(await Promise.all(tableAddresses.map(async (a) => [a, await readLookupTable(deps.chain, a)] as const)));
  const transactions = build.transactions.map((t) => reviewTransaction(t.wire, tables, context, request.otherSigners ?? []));
  const flags = transactions.flatMap((t, i) => t.flags.map((f) => (transactions.length > 1 ? { ...f, text: `transaction ${i + 1}: ${f.text}` } : f)));
  const blockHeight = await deps.chain.getBlockHeight('confirmed');
  const last = build.transactions[0]!.lastValidBlockHeight;
  const nativeTicker = world.native?.symbol ?? 'native';
  const watched: WatchedBalance[] = [
    { account: request.wallet, label: 'your wallet (SOL)', asset: 'SOL', decimals: 9, kind: 'lamports' },
    { account: accounts.zec, label: 'your ZEC account', asset: 'ZEC', decimals: world.zec.decimals, kind: 'token' },
    ...(accounts.coin ? [{ account: accounts.coin, label: `your ${coinTicker} account`, asset: coinTicker, decimals: 6, kind: 'token' as const }] : []),
    ...(accounts.native ? [{ account: accounts.native, label: `your ${nativeTicker} account`, asset: nativeTicker, decimals: world.native?.decimals ?? 6, kind: 'token' as const }] : []),
  ];
  const first = resolveTransaction(build.transactions[0]!.wire, tables);
  const writable = first.instructions.flatMap((ix) => ix.accounts.filter((a) => a.writable).map((a) => a.address));
  const predicted = blockHeight <= last ? await predictedBalances(deps.chain, world, build.transactions[0]!.wire, watched, writable) : null;
  const changes = predicted?.changes ?? [];

  const lines: VerdictLine[] = [];
  lines.push({ field: 'wallet', ok: build.wallet === request.wallet, detail: build.wallet === request.wallet ? 'built for your wallet' : `built for ${build.wallet}, not your wallet ${request.wallet}` });
  lines.push(...(await kindLines({ build, world, market, coinTicker, context, accounts, transactions, tables, changes })));
  if (request.computeUnitPrice !== undefined) lines.push(priorityFeeLine(transactions, request.computeUnitPrice));
  lines.push({ field: 'blockhash', ok: blockHeight <= last, detail: blockHeight <= last ? `valid for ${last - blockHeight} more blocks` : 'expired: build again' });

  // Rent that comes back is the wallet's only where a close of the first transaction names the wallet as where it goes.
  const closedToWallet = new Set(transactions[0]!.instructions.filter((w) => w.kind === 'token:close_account' && w.accounts[1]?.address === request.wallet).map((w) => w.accounts[0]?.address));
  // An account the desk has no name for is named by its role in the instruction that writes it.
  const roleOf = (account: Address) => transactions[0]!.instructions.flatMap((w) => w.accounts.map((a) => ({ a, program: w.programName }))).find(({ a }) => a.address === account && a.writable);
  const labelOf = (account: Address) => {
    const known = context.labels.get(account);
    if (known) return known;
    const role = roleOf(account);
    return role ? `${role.program ? `${role.program}'s ` : ''}${role.a.role}` : `a new account (${account})`;
  };
  const opened: RentMove[] = (predicted?.opened ?? []).map((o) => ({ label: labelOf(o.account), lamports: o.lamports, why: null }));
  const closed: RentMove[] = (predicted?.closed ?? []).filter((c) => closedToWallet.has(c.account)).map((c) => ({ label: labelOf(c.account), lamports: c.lamports, why: words.closeWhy ?? null }));
  const fee = networkFeeLamports([transactions[0]!]);
  const balanceChanges: ReviewedBalance[] = changes.map((c) => {
    const change = c.after - c.before;
    const parts = c.account === request.wallet ? solParts(change, fee, opened, closed) : null;
    // SOL a kind has no purpose for (a ZEC trade, a claim) that is neither fee nor rent is what the review cannot account for.
    if (parts && !words.solPurpose && parts.rest !== 0n) {
      lines.push({ field: 'SOL', ok: false, detail: `the simulation ${parts.rest < 0n ? 'takes' : 'gives'} ${amountText(parts.rest < 0n ? -parts.rest : parts.rest, 9, 'SOL')} ${parts.rest < 0n ? 'from' : 'to'} your wallet besides the network fee and rent, which this kind of transaction does not do` });
    }
    const why = parts ? solWhy(parts, words.solPurpose ?? null) : null;
    return { ...c, words: walletMoveWords(change, c.decimals, c.asset), why: why === '' ? null : why };
  });
  return { build, transactions, flags, verdict: lines, balanceChanges, simulated: balanceChanges.length > 0 ? 1 : 0, blockHeight, signable: flags.length === 0 && lines.every((l) => l.ok) };
}

/**
 * `priority fee`: every transaction's compute unit price is the one the person chose, and what it costs
 * (the network fee the review answers, less the base fee per signature), from the built transactions.
 */
export function priorityFeeLine(transactions: readonly TransactionReview[], chosen: bigint): VerdictLine {
  const units = (price: bigint) => `${formatExactUnits(price, 0)} micro-lamports per compute unit`;
  const prices = transactions.map((t) => t.instructions.find((w) => w.kind === 'budget:price')?.amounts['microLamports'] ?? 0n);
  const other = prices.findIndex((price) => price !== chosen);
  if (other >= 0) {
    const which = transactions.length > 1 ? `transaction ${other + 1} pays` : 'pays';
    return { field: 'priority fee', ok: false, detail: `${which} ${units(prices[other]!)}, not the ${units(chosen)} you chose` };
  }
  const signatures = transactions.reduce((sum, t) => sum + BigInt(t.signers.length), 0n);
  const priority = networkFeeLamports(transactions) - LAMPORTS_PER_SIGNATURE * signatures;
  return { field: 'priority fee', ok: true, detail: `${formatExactUnits(priority, SOL_DECIMALS)} SOL at ${units(chosen)}, as you chose` };
}

/** The compute unit price a ticket names (`ticket.computeUnitPrice`), refused naming that field rather than a build body's. */
export function ticketComputeUnitPrice(text: string): bigint {
  try {
    return computeUnitPriceOf(text);
  } catch (error) {
    if (isDeskError(error, 'invalid_param')) throw new DeskError('invalid_param', `ticket.${error.message}`, { field: 'ticket.computeUnitPrice' });
    throw error;
  }
}
