import { isAddress, type Address } from '@solana/kit';
import { findAssociatedTokenAccount, findBondingCurve } from '../programs/launchpad/pdas.js';
import type { ReviewContext } from './instruction-words.js';
import { TOKEN_2022_PROGRAM } from './instruction-words.js';

/**
 * What a review needs to know of a cluster, kept so that a review works with no network: the programs
 * the profile pins, the contents of its lookup tables (frozen on the sandbox), its mints, and the
 * addresses of the programs' own accounts with what they are (fee recipients and their ZEC accounts, the
 * native pool). The server answers it (GET /desk-api/review-kit); the desk keeps the last one it read.
 * Browser-safe: a wallet's and a coin's own accounts are derived here from it.
 */
export interface ReviewKit {
  readonly programs: Readonly<Record<string, Address>>;
  readonly lookupTables: readonly { readonly address: Address; readonly addresses: readonly Address[] }[];
  /** The ZEC mint first, then wrapped SOL and the native coin where there is one. */
  readonly mints: readonly { readonly address: Address; readonly ticker: string; readonly decimals: number; readonly tokenProgram: Address; readonly role: 'zec' | 'sol' | 'native' }[];
  readonly labels: readonly { readonly address: Address; readonly label: string }[];
  /** Token accounts that are not the wallet's, with their mint. */
  readonly tokenAccounts: readonly { readonly address: Address; readonly mint: Address }[];
}

export const tablesOfKit = (kit: ReviewKit): ReadonlyMap<Address, readonly Address[]> => new Map(kit.lookupTables.map((t) => [t.address, t.addresses]));

/**
 * The review context of `wallet` (and of the coin, when one is named) from a kit: the kit's labels, the
 * wallet's own token accounts ("your ZEC account", "your BRAMBL account"), the coin's bonding curve and its
 * vaults. A pool's own accounts are left to the server, which reads them from chain.
 */
export async function reviewContextOf(kit: ReviewKit, wallet: Address, coin: { readonly mint: Address; readonly ticker: string } | null): Promise<ReviewContext> {
  const labels = new Map<Address, string>(kit.labels.map((l) => [l.address, l.label]));
  const tokenAccounts = new Map<Address, { mint: Address; own: boolean }>(kit.tokenAccounts.map((t) => [t.address, { mint: t.mint, own: false }]));
  const mints = new Map<Address, { ticker: string; decimals: number }>(kit.mints.map((m) => [m.address, { ticker: m.ticker, decimals: m.decimals }]));
  const own = async (mint: Address, program: Address, what: string) => {
    const address = await findAssociatedTokenAccount(wallet, mint, program);
    labels.set(address, `your ${what} account`);
    tokenAccounts.set(address, { mint, own: true });
  };
  for (const m of kit.mints) await own(m.address, m.tokenProgram, m.role === 'sol' ? 'wrapped SOL' : m.ticker);
  const launchpad = kit.programs['launchpad'];
  if (coin) {
    mints.set(coin.mint, { ticker: coin.ticker, decimals: 6 });
    labels.set(coin.mint, `the coin ${coin.ticker}`);
    await own(coin.mint, TOKEN_2022_PROGRAM, coin.ticker);
    if (launchpad) {
      const curve = await findBondingCurve(launchpad, coin.mint);
      labels.set(curve, "the coin's bonding curve");
      const coinVault = await findAssociatedTokenAccount(curve, coin.mint, TOKEN_2022_PROGRAM);
      labels.set(coinVault, "the bonding curve's coin vault");
      tokenAccounts.set(coinVault, { mint: coin.mint, own: false });
      // The curve's quote vault: ZEC or the native coin, whichever the coin is paired with.
      for (const m of kit.mints.filter((x) => x.role !== 'sol')) {
        const vault = await findAssociatedTokenAccount(curve, m.address, m.tokenProgram);
        labels.set(vault, `the bonding curve's ${m.ticker} vault`);
        tokenAccounts.set(vault, { mint: m.address, own: false });
      }
    }
  }
  return { wallet, programs: kit.programs, labels, mints, tokenAccounts };
}

/**
 * A kit read from outside (the server's answer, or the copy the desk kept in its storage) checked field by
 * field: every address a base58 address, every decimal count an integer. Throws in words when it is not one.
 */
export function reviewKitFrom(value: unknown): ReviewKit {
  const v = value as Partial<Record<keyof ReviewKit, unknown>> | null;
  const address = (a: unknown, where: string): Address => {
    if (typeof a !== 'string' || !isAddress(a)) throw new Error(`the review kit's ${where} is not an address`);
    return a;
  };
  if (!v || typeof v.programs !== 'object' || v.programs === null || !Array.isArray(v.lookupTables) || !Array.isArray(v.mints) || !Array.isArray(v.labels) || !Array.isArray(v.tokenAccounts)) {
    throw new Error('the review kit is not one: it lacks programs, lookup tables, mints, labels or token accounts');
  }
  const programs = Object.fromEntries(Object.entries(v.programs as Record<string, unknown>).map(([role, a]) => [role, address(a, `${role} program`)]));
  const lookupTables = (v.lookupTables as { address: unknown; addresses: unknown }[]).map((t) => ({
    address: address(t.address, 'lookup table'),
    addresses: Array.isArray(t.addresses) ? t.addresses.map((a) => address(a, 'lookup table entry')) : [],
  }));
  const mints = (v.mints as { address: unknown; ticker: unknown; decimals: unknown; tokenProgram: unknown; role: unknown }[]).map((m) => {
    if (typeof m.ticker !== 'string' || !Number.isInteger(m.decimals) || (m.role !== 'zec' && m.role !== 'sol' && m.role !== 'native')) throw new Error("the review kit's mints are not well formed");
    return { address: address(m.address, 'mint'), ticker: m.ticker, decimals: m.decimals as number, tokenProgram: address(m.tokenProgram, 'token program'), role: m.role as 'zec' | 'sol' | 'native' };
  });
  const labels = (v.labels as { address: unknown; label: unknown }[]).map((l) => ({ address: address(l.address, 'label'), label: String(l.label) }));
  const tokenAccounts = (v.tokenAccounts as { address: unknown; mint: unknown }[]).map((t) => ({ address: address(t.address, 'token account'), mint: address(t.mint, 'token account mint') }));
  return { programs, lookupTables, mints, labels, tokenAccounts };
}
