import type { Address } from '@solana/kit';
import type { CoinMarket } from '../../engine/market.js';
import type { World } from '../../engine/world.js';
import { ZERO_KEY } from '../../programs/amm/pdas.js';
import { findAssociatedTokenAccount } from '../../programs/launchpad/pdas.js';
import { TOKEN_2022_PROGRAM } from '../../programs/token-account.js';
import type { ReviewContext } from '../../verify/instruction-words.js';
import { TOKEN_PROGRAM, WRAPPED_SOL_MINT } from '../../verify/instruction-words.js';
import { reviewContextOf, type ReviewKit } from '../../verify/review-kit.js';

/** The wallet's token accounts the review reports balances of: SOL is the wallet itself. */
export interface WalletAccounts {
  readonly zec: Address;
  readonly coin: Address | null;
  readonly wrappedSol: Address;
  readonly native: Address | null;
}

/**
 * The cluster's review kit from the world as the chain holds it now: pinned programs, the lookup table's
 * contents, the mints, the programs' fee recipients with their ZEC accounts, the native pool.
 */
export async function reviewKitOf(world: World): Promise<ReviewKit> {
  const zec = world.zec;
  const labels: { address: Address; label: string }[] = [
    { address: zec.address, label: 'the ZEC mint' },
    { address: WRAPPED_SOL_MINT, label: 'the wrapped SOL mint' },
  ];
  const tokenAccounts: { address: Address; mint: Address }[] = [];
  const mints: ReviewKit['mints'][number][] = [
    { address: zec.address, ticker: 'ZEC', decimals: zec.decimals, tokenProgram: zec.tokenProgram, role: 'zec' },
    { address: WRAPPED_SOL_MINT, ticker: 'SOL', decimals: 9, tokenProgram: TOKEN_PROGRAM, role: 'sol' },
  ];
  if (world.native) {
    const ticker = world.native.symbol ?? 'native';
    mints.push({ address: world.native.mint, ticker, decimals: world.native.decimals, tokenProgram: world.native.tokenProgram, role: 'native' });
    labels.push(
      { address: world.native.mint, label: `the native coin (${ticker}) mint` },
      { address: world.native.pool, label: `the ${ticker}/ZEC pool` },
      { address: world.native.poolBaseVault, label: `the ${ticker}/ZEC pool's ${ticker} vault` },
      { address: world.native.poolQuoteVault, label: `the ${ticker}/ZEC pool's ZEC vault` },
    );
    tokenAccounts.push({ address: world.native.poolBaseVault, mint: world.native.mint }, { address: world.native.poolQuoteVault, mint: zec.address });
  }
  const recipient = async (address: Address, what: string) => {
    if (address === ZERO_KEY || labels.some((l) => l.address === address)) return;
    const account = await findAssociatedTokenAccount(address, zec.address, zec.tokenProgram);
    labels.push({ address, label: what }, { address: account, label: `${what}'s ZEC account` });
    tokenAccounts.push({ address: account, mint: zec.address });
  };
  for (const r of [world.global.feeRecipient, ...world.global.feeRecipients]) await recipient(r, 'launchpad fee recipient');
  for (const r of world.global.buybackFeeRecipients) await recipient(r, 'launchpad buyback fee recipient');
  for (const r of world.ammConfig.protocolFeeRecipients) await recipient(r, 'AMM protocol fee recipient');
  if (!labels.some((l) => l.address === world.vault.treasury)) labels.push({ address: world.vault.treasury, label: 'the launchpad treasury (launch fee)' });
  return { programs: world.profile.programs, lookupTables: world.lookupTable ? [world.lookupTable] : [], mints, labels, tokenAccounts };
}

/**
 * What the review knows of a trade's addresses: the kit's, the wallet's own accounts and the coin's curve
 * (core/verify/review-kit.ts, as the desk's offline review derives them), and the coin's pool as the
 * chain holds it. An address outside this is "not known" to the red flags.
 */
export async function tradeReviewContext(world: World, market: CoinMarket | null, wallet: Address, coin: { readonly mint: Address; readonly ticker: string } | null): Promise<{ readonly context: ReviewContext; readonly accounts: WalletAccounts }> {
  const kit = await reviewKitOf(world);
  const context = await reviewContextOf(kit, wallet, coin);
  const labels = context.labels as Map<Address, string>;
  const tokenAccounts = context.tokenAccounts as Map<Address, { mint: Address; own: boolean }>;
  if (market?.pool) {
    labels.set(market.pool.address, "the coin's pool");
    labels.set(market.pool.baseVault, "the pool's coin vault");
    labels.set(market.pool.quoteVault, "the pool's quote vault");
    tokenAccounts.set(market.pool.baseVault, { mint: market.mint, own: false });
    tokenAccounts.set(market.pool.quoteVault, { mint: market.quote.address, own: false });
  }
  const ata = (mint: Address, program: Address) => findAssociatedTokenAccount(wallet, mint, program);
  const accounts: WalletAccounts = {
    zec: await ata(world.zec.address, world.zec.tokenProgram),
    wrappedSol: await ata(WRAPPED_SOL_MINT, TOKEN_PROGRAM),
    coin: coin ? await ata(coin.mint, TOKEN_2022_PROGRAM) : null,
    native: world.native ? await ata(world.native.mint, world.native.tokenProgram) : null,
  };
  return { context, accounts };
}
