import type { Address } from '@solana/kit';

/**
 * The stock review: for each stock, the controls someone reviewed (who holds each role, the mint's state,
 * the share multiplier) and the issuer keys behind those roles (a plain wallet, an SPL multisig with its
 * members, an upgradeable program with its upgrade authority and deployment). The issuer status
 * (core/stocks/issuer-status.ts) compares the chain with it. The sandbox's genesis writes its own into the
 * sandbox profile; another cluster's profile supplies one. The service's switches live beside it: stock
 * pairs on or off service-wide, and a stock held back on its own.
 */

/** The roles of a tokenized stock's mint, named as the spec's `what` values name them. */
export const STOCK_ROLES = [
  'mint authority',
  'freeze authority',
  'permanent delegate',
  'transfer hook authority',
  'transfer hook program',
  'pause authority',
  'scaled UI multiplier authority',
  'metadata pointer authority',
  'metadata update authority',
  'confidential transfer authority',
  'group member pointer authority',
  'mint close authority',
  'transfer fee config authority',
  'withheld withdraw authority',
] as const;
export type StockRole = (typeof STOCK_ROLES)[number];

/** An issuer key behind a role, as reviewed. */
export type IssuerKey =
  | { readonly kind: 'wallet'; readonly label: string }
  | { readonly kind: 'multisig'; readonly label: string; readonly threshold: number; readonly members: readonly Address[] }
  | { readonly kind: 'program'; readonly label: string; readonly programData: Address; readonly upgradeAuthority: Address | null; readonly deployedSlot: string; readonly sha256: string }
  /** An address the program derives and signs for (a PDA): what stands behind it is the program. */
  | { readonly kind: 'program-address'; readonly label: string; readonly program: Address };

/** Why a stock is held back on its own (spec `closed.reason` values the service sets by hand). */
export type StockHold = 'stock-switch-off' | 'review';

export interface StockReviewEntry {
  readonly key: string;
  readonly mint: Address;
  readonly issuer: string;
  readonly decimals: number;
  /** Each role the mint has, and who holds it (null: nobody). A role not listed: the mint has no such extension. */
  readonly roles: Readonly<Partial<Record<StockRole, Address | null>>>;
  readonly paused: boolean;
  readonly defaultAccountState: 'initialized' | 'frozen';
  /** The share multiplier in force when reviewed, as the issuer's decimal. */
  readonly multiplier: string;
  readonly confidentialAutoApprove: boolean | null;
  /** Set by hand: the stock is listed but closed to new money for this reason. */
  readonly hold: StockHold | null;
}

export interface StockReview {
  readonly version: 1;
  /** Stock pairs service-wide: 'off' closes every stock and answers 404 on the issuer status. */
  readonly pairs: 'on' | 'off';
  /** The issuer keys behind the roles, by address. */
  readonly keys: Readonly<Record<string, IssuerKey>>;
  readonly stocks: readonly StockReviewEntry[];
}
