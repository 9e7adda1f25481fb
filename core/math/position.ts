/**
 * A trader's position in one coin, as the desk shows it: the amount held on chain (transfers included)
 * valued at the spot price, beside what the index knows of its cost from the wallet's own trades. Exact
 * bigint figures; browser-safe (the ticket, Portfolio and the top bar read the same rules).
 */

/** The sale presets, in percent of what the wallet holds on chain. 100 sells `all` (the emptied account is closed). */
export const SALE_PRESETS = [25n, 50n, 75n, 100n] as const;

/** `percent` of `amount`, floored to a base unit. */
export function shareOf(amount: bigint, percent: bigint): bigint {
  if (percent < 0n || percent > 100n) throw new RangeError(`a share is 0 to 100 percent, got ${percent}`);
  return (amount * percent) / 100n;
}

/** What the index knows of a holding from the wallet's trades (GET /v1/accounts/{wallet}), in base units. */
export interface TradedHolding {
  /** Raw coin units the index saw bought and not sold. */
  readonly balance: bigint;
  readonly costBasisZat: bigint | null;
  readonly realisedPnlZat: bigint | null;
}

export interface Position {
  /** Raw coin units on chain now. */
  readonly amount: bigint;
  /** The amount at the spot price, zat; null while the coin has no ZEC value. */
  readonly valueZat: bigint | null;
  readonly costBasisZat: bigint | null;
  /** ZEC per whole coin times 1e18, what the index's bought balance cost on average; null without one. */
  readonly averageEntryE18: bigint | null;
  /** Value less cost basis: coins that arrived otherwise than by a trade carry no cost, as the API documents. */
  readonly unrealisedZat: bigint | null;
  readonly realisedZat: bigint | null;
  /** Nothing held on chain any more, but trades of it realised a gain or a loss. */
  readonly closed: boolean;
}

/** ZEC per whole coin ×1e18 from a cost in zat (8 decimals) and raw coin units (6 decimals): zat × 10^16 / raw. */
export function averageEntryE18(costBasisZat: bigint, balanceRaw: bigint): bigint | null {
  return balanceRaw > 0n ? (costBasisZat * 10n ** 16n) / balanceRaw : null;
}

export function positionOf(held: { readonly amount: bigint; readonly valueZat: bigint | null } | null, traded: TradedHolding | null): Position {
  const amount = held?.amount ?? 0n;
  const valueZat = held ? held.valueZat : amount === 0n ? 0n : null;
  const costBasisZat = traded?.costBasisZat ?? null;
  return {
    amount,
    valueZat,
    costBasisZat,
    averageEntryE18: traded && costBasisZat !== null ? averageEntryE18(costBasisZat, traded.balance) : null,
    unrealisedZat: valueZat !== null && costBasisZat !== null && amount > 0n ? valueZat - costBasisZat : null,
    realisedZat: traded?.realisedPnlZat ?? null,
    closed: amount === 0n && traded !== null,
  };
}

/** Totals over positions: value, cost and unrealised PnL of what is held now; realised over every position. Unknown figures are left out. */
export function positionTotals(positions: readonly Position[]): { readonly valueZat: bigint; readonly costBasisZat: bigint; readonly unrealisedZat: bigint; readonly realisedZat: bigint } {
  let valueZat = 0n;
  let costBasisZat = 0n;
  let unrealisedZat = 0n;
  let realisedZat = 0n;
  for (const p of positions) {
    if (p.amount > 0n) {
      valueZat += p.valueZat ?? 0n;
      costBasisZat += p.costBasisZat ?? 0n;
      unrealisedZat += p.unrealisedZat ?? 0n;
    }
    realisedZat += p.realisedZat ?? 0n;
  }
  return { valueZat, costBasisZat, unrealisedZat, realisedZat };
}
