/**
 * The risk figures traders read first about a coin, their definitions and their one-line summary: one rule
 * for the index that keeps them (core/index/store), the API that serves them and the desk that shows them
 * (browser-safe: no Node import). Every figure is exact: raw coin units and counts, shares of the supply
 * computed from them, never a float.
 */

/** A sniper bought within this many slots of the coin's creation (its creation slot included): about 2 s. */
export const SNIPER_SLOTS = 4n;

/** How many wallets besides the deployer buying in the creation slot make a bundled launch. */
export const BUNDLE_WALLETS = 2n;

/**
 * A coin's launch, in slots from its creation (about a minute): wallets whose first buys land in one slot of it,
 * funded by the same source, are a bundle too. Bounded so that the index looks up the funders of a launch's
 * buyers only, not of every buyer a coin ever has.
 */
export const LAUNCH_SLOTS = 150n;

/** How many of the largest holders the concentration figure adds up. */
export const TOP_HOLDERS = 10;

/** What each figure means, in the words the docs and the desk's hover text use. */
export const RISK_DEFINITIONS = {
  holders: 'wallets holding the coin now (the bonding curve and the pool are never holders)',
  top10: `the ${TOP_HOLDERS} largest holders' share of the supply together (the curve and the pool left out)`,
  deployer: 'what the wallet that planted the coin holds now, what it bought and what it sold',
  snipers: `wallets whose first buy landed within ${SNIPER_SLOTS} slots of the creation (its own slot included), and their share now`,
  bundle: `wallets other than the deployer whose first buy landed in the creation slot itself, or in one slot of the first ${LAUNCH_SLOTS} together with another wallet that the same source funded (the sender of each wallet's first SOL; a faucet or an exchange does not count); two or more make a bundled launch; their share now`,
  fresh: 'wallets whose first buy of this coin was their first trade of any listed coin the index saw, and their share now',
} as const;

/** The figures as the index keeps them (raw coin units). */
export interface RiskFigures {
  readonly supply: bigint;
  readonly holders: bigint;
  readonly top10Held: bigint;
  readonly deployerHeld: bigint;
  readonly deployerBought: bigint;
  readonly deployerSold: bigint;
  readonly snipers: bigint;
  readonly sniperHeld: bigint;
  readonly bundled: bigint;
  readonly bundleHeld: bigint;
  readonly fresh: bigint;
  readonly freshHeld: bigint;
}

/** A share of the supply in percent, one decimal, truncated ("12.3%"); "0%" for nothing. */
export function percentOfSupply(part: bigint, supply: bigint): string {
  if (supply <= 0n || part <= 0n) return '0%';
  const tenths = (part * 1_000n) / supply;
  return `${tenths / 10n}.${tenths % 10n}%`;
}

/** A bundled launch: two or more bundle wallets (the creation slot's buyers besides the deployer, or one funder's buying together). */
export const isBundled = (r: Pick<RiskFigures, 'bundled'>): boolean => r.bundled >= BUNDLE_WALLETS;

/** The deployer sold: any of what it bought went out again through a sale. */
export const deployerSold = (r: Pick<RiskFigures, 'deployerSold'>): boolean => r.deployerSold > 0n;

/** The one line read first: concentration, the deployer, snipers, a bundle and fresh wallets, in plain words. */
export function riskSummary(r: RiskFigures): string {
  const parts: string[] = [`${r.holders} holder${r.holders === 1n ? '' : 's'}, top ${TOP_HOLDERS} hold ${percentOfSupply(r.top10Held, r.supply)}`];
  if (r.deployerBought === 0n && r.deployerHeld === 0n) parts.push('deployer holds none');
  else if (r.deployerSold === 0n) parts.push(`deployer holds ${percentOfSupply(r.deployerHeld, r.supply)} and has not sold`);
  else parts.push(`deployer sold ${percentOfSupply(r.deployerSold, r.supply)} of supply, holds ${percentOfSupply(r.deployerHeld, r.supply)}`);
  if (r.snipers > 0n) parts.push(`${r.snipers} sniper${r.snipers === 1n ? '' : 's'} hold ${percentOfSupply(r.sniperHeld, r.supply)}`);
  if (isBundled(r)) parts.push(`bundled launch: ${r.bundled} wallets hold ${percentOfSupply(r.bundleHeld, r.supply)}`);
  if (r.fresh > 0n) parts.push(`fresh wallets hold ${percentOfSupply(r.freshHeld, r.supply)}`);
  return `${parts.join('; ')}.`;
}

/** The API's shares are fractions of the supply to nine decimals: this many parts make the whole supply. */
export const SHARE_SCALE = 1_000_000_000n;
const SHARE_PATTERN = /^([0-9]+)\.([0-9]{9})$/;

/**
 * A nine-decimal share as the API writes it ("0.066000000") in billionths of the supply (66_000_000n),
 * read digit by digit: no float between the JSON and the figure. Throws on anything else.
 */
export function shareBillionths(share: string): bigint {
  const digits = SHARE_PATTERN.exec(share);
  if (digits === null) throw new RangeError(`"${share}" is not a share of the supply to nine decimals`);
  return BigInt(digits[1]!) * SHARE_SCALE + BigInt(digits[2]!);
}

/**
 * A nine-decimal share as the desk shows it: percent with one decimal, truncated, the rule of the summary
 * (percentOfSupply), so a card's "6.6%" and the summary's agree: a truncated ninth decimal never changes
 * the tenth of a percent.
 */
export const sharePercent = (share: string): string => percentOfSupply(shareBillionths(share), SHARE_SCALE);

