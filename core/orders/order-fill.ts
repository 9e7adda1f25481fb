import { getSignatureFromTransaction, getTransactionDecoder, getTransactionEncoder, partiallySignTransaction, type Address, type KeyPairSigner } from '@solana/kit';
import { DeskError } from '../errors.js';
import type { ReviewDeps } from '../api/desk/build-review.js';
import { reviewRefusals } from '../api/desk/sign-build.js';
import { reviewTradeBuild } from '../api/desk/trade-review.js';
import type { Order } from '../api/store/order-book.js';
import { buildTrade, coinBalance, quoteTradeRequest, zecBalance, type TradeRequest } from '../engine/trade.js';
import { readWorld } from '../engine/world.js';
import { formatExactUnits } from '../math/decimal-display.js';
import type { ProgramGuard } from '../signer/program-guard.js';
import type { WalletBook } from '../signer/wallet-book.js';
import type { FiredLeg } from '../verify/order-trigger.js';

/** What a fill stands on: the engine and review's reads, the relay, and the keychain wallets. */
export interface FillDeps extends ReviewDeps {
  readonly wallets: WalletBook;
  readonly guard: ProgramGuard;
  /** The wallet's signer when the caller keeps it ready (the runner, for wallets with open orders); else read from the keychain. */
  readonly signerOf?: (wallet: Address) => Promise<KeyPairSigner>;
}

/** Each step of a fill as it happens, so the runner writes it down before the next one runs. */
export interface FillSteps {
  /** The build is recorded in the relay's ledger: its id goes into the fill before anything is signed. */
  built(buildId: string, line: string): void;
  /** The review against the order's own bounds passed. */
  verified(line: string): void;
  /** Signed: the signatures go into the fill before the send, so a restart can look them up on chain. */
  signed(signatures: readonly string[]): void;
}

export interface FillResult {
  readonly buildId: string;
  readonly signatures: readonly string[];
  /** What moved, in words, from the wallet's balances on chain before and after: "bought 1,234.5 coins for 0.1 ZEC". */
  readonly line: string;
}

const zec = (zat: bigint) => `${formatExactUnits(zat, 8)} ZEC`;

/**
 * One fill of an order: the trade the fired leg implies, built by the engine, reviewed against the order
 * (the review screen's own check: side, coin, amount, the minimum out from the order's slippage against a
 * quote made here, fee payer, signer, accepted shape, priority fee), signed with the wallet's keychain key
 * and sent through the relay, which checks it against its build once more and waits for it to land.
 *
 * A sale sells the order's share of what the wallet holds now, read from chain (100%: all of it, closing
 * the emptied account). A buy spends the order's ZEC. Orders trade in ZEC on the coin's own venue.
 */
export async function runFill(deps: FillDeps, order: Order, leg: FiredLeg, steps: FillSteps, now: number): Promise<FillResult> {
  const side = leg === 'buy' ? 'buy' : 'sell';
  const wallet = order.wallet;
  const mint = order.mint;
  const ticker = (await deps.store.coin(mint))?.symbol || 'coins';
  const coins = (raw: bigint) => `${formatExactUnits(raw, 6)} ${ticker}`;
  // The keychain read and the program guard run while the fill is built (both are awaited before signing):
  // a keychain answers in milliseconds, which the crossing-to-send time need not wait for twice.
  const signer = deps.signerOf ? deps.signerOf(wallet) : deps.wallets.signer(wallet);
  const guard = deps.guard.assertUnchanged();
  signer.catch(() => undefined);
  guard.catch(() => undefined);
  // The balances before, read alongside: what the landing line says moved is the chain's difference.
  const balances = () => Promise.all([coinBalance(deps.chain, wallet, mint), zecBalance(deps.chain, deps.profile.mints, wallet)]);
  const before = balances();
  before.catch(() => undefined);
  let amount: bigint | 'all';
  if (side === 'buy') {
    if (order.amount.kind !== 'zat') throw new DeskError('refused', 'a buy spends an amount of ZEC');
    amount = order.amount.zat;
  } else {
    if (order.amount.kind !== 'percent') throw new DeskError('refused', 'a sale sells a share of the position');
    const held = await coinBalance(deps.chain, wallet, mint);
    if (held === 0n) throw new DeskError('refused', `the wallet holds none of this coin now: there is nothing to sell`);
    amount = order.amount.percent === 100 ? 'all' : (held * BigInt(order.amount.percent)) / 100n;
    if (amount === 0n) throw new DeskError('refused', `${order.amount.percent}% of ${coins(held)} is less than one base unit`);
  }
  const world = await readWorld(deps.chain, deps.profile);
  const request: TradeRequest = { wallet, mint, side, amount, slippageBps: BigInt(order.slippageBps), computeUnitPrice: order.computeUnitPrice };
  // The order's own bound, from a quote made here: the build carries exactly this floor (a trade landing
  // between the quote and the build cannot lower it; one that moved the price past it refuses the build).
  const quoted = await quoteTradeRequest(deps.chain, world, request);
  const minimum = (side === 'buy' ? quoted.quote.minTokensOut : quoted.quote.minZecOut) ?? 0n;
  const build = await buildTrade(deps.chain, { ...request, minimumOut: minimum }, world, now);
  await deps.relay.record(build);
  const asked = side === 'buy' ? `buy with ${zec(quoted.amount)}, at least ${coins(minimum)} (slippage ${order.slippageBps} bps)` : `sell ${coins(quoted.amount)}, for at least ${zec(minimum)} (slippage ${order.slippageBps} bps)`;
  steps.built(build.id, asked);

  const review = await reviewTradeBuild(deps, build.id, {
    wallet: wallet as Address,
    mint: mint as Address,
    side,
    amount: quoted.amount,
    minimum,
    pay: 'ZEC',
    receive: 'ZEC',
    slippageBps: order.slippageBps,
    computeUnitPrice: String(order.computeUnitPrice),
  });
  const refusals = reviewRefusals(review);
  if (!review.signable || refusals.length > 0) throw new DeskError('refused', `the build does not match the order: ${refusals.join('; ') || 'the review does not pass'}`);
  steps.verified('the build matches the order: side, coin, amount, minimum out, fee payer, signer, shape and priority fee');

  await guard;
  const keyPair = (await signer).keyPair;
  const decoder = getTransactionDecoder();
  const encoder = getTransactionEncoder();
  const signed: Uint8Array[] = [];
  const signatures: string[] = [];
  for (const t of review.build.transactions) {
    const tx = await partiallySignTransaction([keyPair], decoder.decode(t.wire));
    signatures.push(getSignatureFromTransaction(tx));
    signed.push(new Uint8Array(encoder.encode(tx)));
  }
  steps.signed(signatures);
  const sent = await deps.relay.send(build.id, signed);
  let line = asked;
  try {
    const [[coinsBefore, zecBefore], [coinsAfter, zecAfter]] = await Promise.all([before, balances()]);
    line = side === 'buy' ? `bought ${coins(coinsAfter - coinsBefore)} for ${zec(zecBefore - zecAfter)}` : `sold ${coins(coinsBefore - coinsAfter)} for ${zec(zecAfter - zecBefore)}`;
  } catch {
    // The send landed; only the words of what moved are missing: the ask stands in.
  }
  return { buildId: build.id, signatures: [...sent.signatures], line };
}
