/**
 * Where a coin's supply sits, exact in raw units. A planting mints the whole supply to the bonding curve's
 * token account, but only the curve's real reserve is for sale: the rest of that account (the supply less
 * the initial real reserve, 20.69% with the launchpad's parameters) stays there until graduation moves the
 * whole account into the pool. Holders' balances follow every change of the coin's token accounts, and a burn
 * lowers the supply, so on the curve supply = held + real reserve + the kept part, and on the pool supply =
 * held + the pool's base reserve; whatever does not fit is `unplaced` (over an RPC cluster whose Token-2022
 * transactions the index does not follow, coins moved by plain transfers).
 */
export type SupplyVaultRole = 'curve' | 'curve-reserve' | 'pool';

export interface SupplyParts {
  readonly vaults: readonly { readonly role: SupplyVaultRole; readonly balance: bigint }[];
  readonly unplaced: bigint;
}

export function placeSupply(coin: {
  readonly supply: bigint;
  readonly held: bigint;
  readonly stage: 'curve' | 'complete' | 'pool';
  readonly realToken: bigint;
  /** The pool's base reserve once graduated (null: no pool known). */
  readonly poolBase: bigint | null;
}): SupplyParts {
  const left = (n: bigint) => (n > 0n ? n : 0n);
  if (coin.stage !== 'pool') {
    // The curve's token account holds everything the holders have not bought from it.
    const inCurve = left(coin.supply - coin.held);
    const forSale = coin.realToken < inCurve ? coin.realToken : inCurve;
    return { vaults: [{ role: 'curve', balance: forSale }, { role: 'curve-reserve', balance: inCurve - forSale }], unplaced: 0n };
  }
  if (coin.poolBase === null) return { vaults: [], unplaced: left(coin.supply - coin.held) };
  return { vaults: [{ role: 'pool', balance: coin.poolBase }], unplaced: left(coin.supply - coin.held - coin.poolBase) };
}

/**
 * Shares of a whole in hundredths of a percent to `decimals` places (2: 12.34%), rounded so that parts
 * which add up to the whole show shares which add up to exactly 100% (largest remainders get the spare
 * units; ties to the earlier part). Parts that do not add up are each truncated.
 */
export function percentShares(parts: readonly bigint[], whole: bigint, decimals: number): bigint[] {
  if (whole <= 0n) return parts.map(() => 0n);
  const scale = 100n * 10n ** BigInt(decimals);
  const exact = parts.map((p) => p * scale);
  const floors = exact.map((e) => e / whole);
  if (parts.reduce((a, b) => a + b, 0n) !== whole) return floors;
  let spare = scale - floors.reduce((a, b) => a + b, 0n);
  const order = exact.map((e, i) => ({ i, rest: e % whole })).sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const { i } of order) {
    if (spare === 0n) break;
    floors[i] = floors[i]! + 1n;
    spare -= 1n;
  }
  return floors;
}
