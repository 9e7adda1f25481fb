import { formatCompactUnits } from '../../core/math/decimal-display.js';
import { SOL_DECIMALS, ZEC_DECIMALS } from '../../core/math/units.js';

/**
 * Balances as the desk shows them, from the API's decimal strings through core/math's exact formatting:
 * compact with a unit ("12.35 SOL", "4.24M GROTH"); "…" while the chain has not answered yet.
 */
const PENDING = '…';

export const solBalanceText = (lamports: string | undefined): string => (lamports === undefined ? PENDING : `${formatCompactUnits(BigInt(lamports), SOL_DECIMALS)} SOL`);
export const zecBalanceText = (zat: string | undefined): string => (zat === undefined ? PENDING : `${formatCompactUnits(BigInt(zat), ZEC_DECIMALS)} ZEC`);
/** The native coin's and every coin's raw units have 6 decimals. */
export const coinBalanceText = (raw: string | bigint | undefined, ticker: string): string =>
  raw === undefined ? PENDING : `${formatCompactUnits(typeof raw === 'bigint' ? raw : BigInt(raw), 6)} ${ticker}`;
