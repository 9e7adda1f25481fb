import { formatCompactUnits, formatPrice } from '../../core/math/decimal-display.js';
import type { Position } from '../../core/math/position.js';
import { ZEC_DECIMALS } from '../../core/math/units.js';

/**
 * A position's figures as the desk shows them (the ticket, Portfolio): exact formatting, a unit on every
 * amount, a sign on every PnL ("+0.12 ZEC", "−0.05 ZEC"), "—" where a figure is unknown.
 */
const NONE = '—';

export const signedZecText = (zat: bigint | null): string => (zat === null ? NONE : `${zat > 0n ? '+' : zat < 0n ? '−' : ''}${formatCompactUnits(zat < 0n ? -zat : zat, ZEC_DECIMALS)} ZEC`);
export const zatText = (zat: bigint | null): string => (zat === null ? NONE : `${formatCompactUnits(zat, ZEC_DECIMALS)} ZEC`);
/** ZEC per whole coin, from the ×1e18 figure. */
export const entryText = (e18: bigint | null): string => (e18 === null ? NONE : `${formatPrice(e18, 18)} ZEC`);
export const pnlClass = (zat: bigint | null): string => (zat === null || zat === 0n ? '' : zat > 0n ? 'up' : 'down');

export function positionSummary(p: Position): { readonly value: string; readonly entry: string; readonly unrealised: string; readonly realised: string } {
  return { value: zatText(p.valueZat), entry: entryText(p.averageEntryE18), unrealised: signedZecText(p.unrealisedZat), realised: signedZecText(p.realisedZat) };
}
