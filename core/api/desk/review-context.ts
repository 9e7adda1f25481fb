import type { Address } from '@solana/kit';
import type { CoinMarket } from '../../engine/market.js';
import type { World } from '../../engine/world.js';
import { ZERO_KEY } from '../../programs/amm/pdas.js';
import { findAssociatedTokenAccount } from '../../programs/launchpad/pdas.js';
import { TOKEN_2022_PROGRAM } from '../../programs/token-account.js';
import type { ReviewContext } from '../../verify/instruction-words.js';
import { TOKEN_PROGRAM, WRAPPED_SOL_MINT } from '../../verify/instruction-words.js';

/** The wallet's token accounts the review reports balances of: SOL is the wallet itself. */
export interface WalletAccounts {
  readonly zec: Address;
  readonly coin: Address | null;
  readonly wrappedSol: Address;
  readonly native: Address | null;
}

/**
 * What the review knows of a trade's addresses, from the world and the coin's market as the chain holds
 * them now: the wallet's own accounts ("your ZEC account"), the coin's venues, the programs' fee
 * recipients with their ZEC accounts. An address outside this is "not known" to the red flags.
 */
export async function tradeReviewContext(world: World, market: CoinMarket | null, wallet: Address, coin: { readonly ticker: string } | null): Promise<{ readonly context: ReviewContext; readonly accounts: WalletAccounts }> {
  const zec = world.zec;
  const labels = new Map<Address, string>();
  const tokenAccounts = new Map<Address, { mint: Address; own: boolean }>();
  const mints = new Map<Address, { ticker: string; decimals: number }>([
    [zec.address, { ticker: 'ZEC', decimals: zec.decimals }],
    [WRAPPED_SOL_MINT, { ticker: 'SOL', decimals: 9 }],
  ]);
  const ata = (owner: Address, mint: Address, program: Address) => findAssociatedTokenAccount(owner, mint, program);
  const own = async (mint: Address, program: Address, what: string) => {
    const address = await ata(wallet, mint, program);
    labels.set(address, `your ${what} account`);
    tokenAccounts.set(address, { mint, own: true });
    return address;
  };
  const accounts: { -readonly [K in keyof WalletAccounts]: WalletAccounts[K] } = {
    zec: await own(zec.address, zec.tokenProgram, 'ZEC'),
    wrappedSol: await own(WRAPPED_SOL_MINT, TOKEN_PROGRAM, 'wrapped SOL'),
    coin: null,
    native: null,
  };
  labels.set(zec.address, 'the ZEC mint');
  labels.set(WRAPPED_SOL_MINT, 'the wrapped SOL mint');
  if (world.native) {
    const ticker = world.native.symbol ?? 'native';
    mints.set(world.native.mint, { ticker, decimals: world.native.decimals });
    labels.set(world.native.mint, `the native coin (${ticker}) mint`);
    accounts.native = await own(world.native.mint, world.native.tokenProgram, `${ticker}`);
    labels.set(world.native.pool, `the ${ticker}/ZEC pool`);
    labels.set(world.native.poolBaseVault, `the ${ticker}/ZEC pool's ${ticker} vault`);
    labels.set(world.native.poolQuoteVault, "the native pool's ZEC vault");
  }
  const recipient = async (address: Address, what: string) => {
    if (address === ZERO_KEY) return;
    labels.set(address, what);
    const account = await ata(address, zec.address, zec.tokenProgram);
    labels.set(account, `${what}'s ZEC account`);
    tokenAccounts.set(account, { mint: zec.address, own: false });
  };
  for (const r of [world.global.feeRecipient, ...world.global.feeRecipients]) await recipient(r, 'launchpad fee recipient');
  for (const r of world.global.buybackFeeRecipients) await recipient(r, 'launchpad buyback fee recipient');
  for (const r of world.ammConfig.protocolFeeRecipients) await recipient(r, 'AMM protocol fee recipient');
  if (market) {
    const ticker = coin?.ticker ?? 'coin';
    mints.set(market.mint, { ticker, decimals: 6 });
    labels.set(market.mint, `the coin ${ticker}`);
    accounts.coin = await own(market.mint, TOKEN_2022_PROGRAM, ticker);
    labels.set(market.curveAddress, "the coin's bonding curve");
    labels.set(market.curveBaseVault, "the bonding curve's coin vault");
    labels.set(market.curveQuoteVault, `the bonding curve's ${market.pair === 'native' ? 'native coin' : 'ZEC'} vault`);
    tokenAccounts.set(market.curveBaseVault, { mint: market.mint, own: false });
    tokenAccounts.set(market.curveQuoteVault, { mint: market.quote.address, own: false });
    if (market.pool) {
      labels.set(market.pool.address, "the coin's pool");
      labels.set(market.pool.baseVault, "the pool's coin vault");
      labels.set(market.pool.quoteVault, "the pool's quote vault");
      tokenAccounts.set(market.pool.baseVault, { mint: market.mint, own: false });
      tokenAccounts.set(market.pool.quoteVault, { mint: market.quote.address, own: false });
    }
  }
  return { context: { wallet, programs: world.profile.programs, labels, mints, tokenAccounts }, accounts };
}
