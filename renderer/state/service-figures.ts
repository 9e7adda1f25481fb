import { formatDecimalUnits } from '../../core/math/units.js';
import { percentShares } from '../../core/math/supply-parts.js';
import type { PayoutFacts, RunTiming } from '../../core/types/payee-payout.js';
import type { CoinFeesJson, CoinScheduleJson, HoldersJson, RingJson } from '../api/api-types.js';

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

/** A row of "where the supply is": what it is, how many coins (raw), and its share in words. */
export interface SupplyRow {
  readonly key: string;
  readonly label: string;
  readonly balance: string;
  readonly share: string;
}

const VAULT_WORDS: Readonly<Record<HoldersJson['vaults'][number]['role'], string>> = {
  curve: 'Bonding curve, for sale',
  'curve-reserve': 'Bonding curve, kept for its pool at graduation',
  pool: 'Pool',
};

/**
 * The whole supply in rows that add up: the holders together, the curve or pool, and what the index cannot
 * place; shares to two decimals of a percent that add up to exactly 100% (core/math/supply-parts.ts).
 */
export function supplyRows(answer: Pick<HoldersJson, 'supply' | 'held' | 'unplaced' | 'vaults' | 'holders'>): SupplyRow[] {
  const rows = [
    { key: 'held', label: `${answer.holders} holder${answer.holders === 1 ? '' : 's'}`, balance: answer.held.balance },
    ...answer.vaults.map((v) => ({ key: v.role, label: VAULT_WORDS[v.role], balance: v.balance })),
    ...(BigInt(answer.unplaced.balance) > 0n ? [{ key: 'unplaced', label: 'Not placed by the index (moved by transfers it does not follow)', balance: answer.unplaced.balance }] : []),
  ];
  const shares = percentShares(rows.map((r) => BigInt(r.balance)), BigInt(answer.supply), 2);
  return [...rows.map((r, i) => ({ ...r, share: `${formatDecimalUnits(shares[i]!, 2)}%` })), { key: 'supply', label: 'Supply', balance: answer.supply, share: '100%' }];
}

/** A holder's PnL (realised and unrealised, zat) with its sign and unit: "+0.0123 ZEC", "−1.2 ZEC". */
/** Realised plus unrealised PnL in zat; null when either has no ZEC value (a stock without a rate, the native coin without one). */
export function pnlOf(realisedZat: string | null, unrealisedZat: string | null): bigint | null {
  return realisedZat === null || unrealisedZat === null ? null : BigInt(realisedZat) + BigInt(unrealisedZat);
}

export function pnlText(realisedZat: string | null, unrealisedZat: string | null, format: (zat: string) => string): string {
  const p = pnlOf(realisedZat, unrealisedZat);
  if (p === null) return '—';
  return `${p > 0n ? '+' : p < 0n ? '−' : ''}${format(String(p < 0n ? -p : p))} ZEC`;
}

const KIND_WORDS: Readonly<Record<CoinScheduleJson['scheduled'][number]['kind'], string>> = {
  split: 'Split the creator fees',
  native: 'Collect, burn, add liquidity and convert',
  claim: 'Pay the payee',
  holders: 'Holder-reward run',
  migrate: 'Move the curve to its pool',
};
export const scheduledKindText = (kind: keyof typeof KIND_WORDS): string => KIND_WORDS[kind];

/** When a scheduled run goes (its `dueAt` in unix seconds), in words that move with the clock. */
export function dueText(job: Pick<CoinScheduleJson['scheduled'][number], 'state' | 'dueAt'>, nowMs: number): string {
  if (job.state === 'idle' || job.dueAt === null) return 'nothing waits';
  const s = Math.ceil((job.dueAt * 1000 - nowMs) / 1000);
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

/**
 * The payee's payout facts (core/types/payee-payout.ts) from the one schedule read, with what waits taken
 * from the fees read beside it when there is one, so that the payee panel and the Fees panel show one
 * number. Null when the coin's payee is not a wallet.
 */
export function payoutFactsOf(schedule: CoinScheduleJson | null, fees: Pick<CoinFeesJson, 'waitingZec'> | null): PayoutFacts | null {
  const payout = schedule?.payout ?? null;
  if (!schedule || !payout) return null;
  const timing = (kinds: readonly string[]): RunTiming | null => {
    const job = schedule.scheduled.find((j) => kinds.includes(j.kind));
    // The schedule answers unix seconds; the payout rule (core/types/payee-payout.ts) counts in milliseconds.
    return job ? { state: job.state, dueAt: job.dueAt === null ? null : job.dueAt * 1000 } : null;
  };
  return {
    waitingZec: BigInt(fees?.waitingZec ?? payout.waitingZec),
    unsplit: payout.unsplit,
    payeeZecAccount: payout.payeeZecAccount,
    payee: payout.payee,
    lastPayout: payout.lastPayout ? { signature: payout.lastPayout.signature, at: payout.lastPayout.at, zec: BigInt(payout.lastPayout.zec) } : null,
    runs: schedule.runs === 'on',
    split: timing(['split', 'native']),
    claim: timing(['claim']),
  };
}
