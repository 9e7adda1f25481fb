import { formatDecimalUnits } from '../../core/math/units.js';
import type { CoinScheduleJson, RingJson } from '../api/api-types.js';

/**
 * The service's runs as the desk words them: shares of supply, what each scheduled run is, when it is
 * due, and each fee movement. Exact: shares are the API's nine-decimal strings, never floats.
 */

/** "0.012345678" (of supply) as "1.234%": truncated to thousandths of a percent. */
export function sharePercentText(share: string): string {
  const m = /^([0-9]+)\.([0-9]{9})$/.exec(share);
  if (!m) return '—';
  const billionths = BigInt(m[1]! + m[2]!);
  return `${formatDecimalUnits(billionths / 10_000n, 3)}%`;
}

const KIND_WORDS: Readonly<Record<CoinScheduleJson['scheduled'][number]['kind'], string>> = {
  split: 'Split the creator fees',
  native: 'Collect, burn, add liquidity and convert',
  claim: 'Pay the payee',
  holders: 'Holder-reward run',
  migrate: 'Move the curve to its pool',
};
export const scheduledKindText = (kind: keyof typeof KIND_WORDS): string => KIND_WORDS[kind];

/** When a scheduled run goes, in words that move with the clock. */
export function dueText(job: Pick<CoinScheduleJson['scheduled'][number], 'state' | 'dueAt'>, nowMs: number): string {
  if (job.state === 'idle' || job.dueAt === null) return 'nothing waits';
  const s = Math.ceil((job.dueAt - nowMs) / 1000);
  const when = s <= 0 ? 'now' : s < 60 ? `in ${s}s` : s < 3600 ? `in ${Math.floor(s / 60)}m ${s % 60}s` : `in ${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
  return job.state === 'failed' ? `retry ${when}` : `due ${when}`;
}

const RING_WORDS: Readonly<Record<RingJson['kind'], string>> = {
  split: 'Split',
  payout: 'Paid to the payee',
  payee: 'Payee changed',
  collect: 'Collected',
  burn: 'Burned',
  'to-lp': 'To liquidity',
  conversion: 'Converted to ZEC',
  liquidity: 'Liquidity added',
  'run-open': 'Run opened',
  'run-pay': 'Holder paid',
  'run-close': 'Run closed',
};
export const ringKindText = (kind: RingJson['kind']): string => RING_WORDS[kind];

/** Movements counted in the native coin (6 decimals); the rest in ZEC (8). */
const NATIVE_KINDS: ReadonlySet<RingJson['kind']> = new Set(['collect', 'burn', 'to-lp', 'conversion', 'liquidity']);
export function ringAmountText(ring: Pick<RingJson, 'kind' | 'amount' | 'zec'>, nativeSymbol: string): string {
  if (ring.kind === 'payee') return '';
  if (NATIVE_KINDS.has(ring.kind)) return `${formatDecimalUnits(BigInt(ring.amount), 6)} ${nativeSymbol}${ring.kind === 'conversion' ? ` → ${formatDecimalUnits(BigInt(ring.zec), 8)} ZEC` : ''}`;
  return `${formatDecimalUnits(BigInt(ring.zec), 8)} ZEC`;
}
