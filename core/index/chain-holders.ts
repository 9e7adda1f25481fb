import type { Address } from '@solana/kit';
import type { Chain } from '../chain/chain.js';
import { addressCodec } from '../programs/address-codec.js';
import { isTokenAccount, TOKEN_2022_PROGRAM, tokenAccountFields } from '../programs/token-account.js';

/** A holder and its balance (raw units): every token account of the coin it owns, together. */
export interface ChainHolder {
  readonly wallet: Address;
  readonly balance: bigint;
}

/** A coin's holders as the chain has them at `slot`, and the venue's own accounts left out of them. */
export interface ChainHolders {
  readonly slot: bigint;
  /** Above zero, largest first, then by address. */
  readonly holders: readonly ChainHolder[];
  /** The bonding curve's or the pool's holdings of the coin: never a holder. */
  readonly venues: readonly ChainHolder[];
}

/**
 * A coin's holders read from the chain itself: the mint's Token-2022 accounts (getProgramAccounts with the
 * mint at offset 0, as a validator answers it), summed by owner. Whatever moved the coins (trades, plain
 * transfers, burns, closed accounts), this is who holds them. `venues` are the owners that are the coin's
 * own market (its bonding curve, its pool), set apart and named.
 */
export async function holdersOnChain(chain: Chain, mint: Address, venueOwners: readonly Address[]): Promise<ChainHolders> {
  const slot = await chain.getSlot('confirmed');
  const accounts = await chain.getProgramAccounts(TOKEN_2022_PROGRAM, [{ memcmp: { offset: 0n, bytes: new Uint8Array(addressCodec.encode(mint)) } }]);
  const byOwner = new Map<Address, bigint>();
  for (const account of accounts) {
    if (!isTokenAccount(account)) continue; // the mint's own account cannot match at offset 0, but a validator's answer is not trusted blindly
    const fields = tokenAccountFields(account.data);
    if (fields.mint !== mint || fields.amount === 0n) continue;
    byOwner.set(fields.owner, (byOwner.get(fields.owner) ?? 0n) + fields.amount);
  }
  const holders: ChainHolder[] = [];
  const venues: ChainHolder[] = [];
  for (const [wallet, balance] of byOwner) (venueOwners.includes(wallet) ? venues : holders).push({ wallet, balance });
  return { slot, holders: holders.sort(largestFirst), venues: venues.sort(largestFirst) };
}

function largestFirst(a: ChainHolder, b: ChainHolder): number {
  return a.balance === b.balance ? (a.wallet < b.wallet ? -1 : 1) : a.balance > b.balance ? -1 : 1;
}
