import { DeskError } from '../errors.js';
import { textOf, type CommandValues } from './command-values.js';
import { formatDecimalUnits, parseDecimalUnits, SOL_DECIMALS, ZEC_DECIMALS } from '../math/units.js';
import { COIN_DECIMALS } from '../verify/ticket.js';

/**
 * Amounts as people type them, in whole units, read exactly into base units (bigints, never a float):
 * ZEC has 8 decimals, SOL 9, a launchpad coin 6. More decimals than the unit has is refused in words,
 * never rounded: 0.000000001 ZEC is not an amount anyone can send.
 */
export interface Unit {
  readonly name: string;
  readonly decimals: number;
}

export const ZEC: Unit = { name: 'ZEC', decimals: ZEC_DECIMALS };
export const SOL: Unit = { name: 'SOL', decimals: SOL_DECIMALS };
export const COINS: Unit = { name: 'coins', decimals: COIN_DECIMALS };

/** The most a token account holds (u64). */
const MAX_BASE_UNITS = 2n ** 64n - 1n;

/** `text` in base units of `unit`, more than zero; refused in words naming `what` (the argument or flag). */
export function amountIn(text: string, unit: Unit, what: string): bigint {
  const trimmed = text.trim();
  let amount: bigint;
  try {
    amount = parseDecimalUnits(trimmed, unit.decimals);
  } catch {
    const fraction = /^\d*\.(\d+)$/.exec(trimmed)?.[1];
    if (fraction !== undefined && fraction.length > unit.decimals) {
      throw new DeskError('invalid_param', `${what}: an amount of ${unit.name} has at most ${unit.decimals} decimal places, and ${JSON.stringify(trimmed.slice(0, 40))} has ${fraction.length}`);
    }
    throw new DeskError('invalid_param', `${what}: ${JSON.stringify(trimmed.slice(0, 40))} is not an amount of ${unit.name}: use digits and at most one decimal point, in whole ${unit.name}`);
  }
  if (amount === 0n) throw new DeskError('invalid_param', `${what}: the amount must be more than zero`);
  if (amount > MAX_BASE_UNITS) throw new DeskError('invalid_param', `${what}: ${trimmed.slice(0, 40)} ${unit.name} is more than any account can hold`);
  return amount;
}

/** Base units as whole units, exactly ("150000000" ZEC → "1.5"). */
export const unitsText = (baseUnits: bigint | string, unit: Unit): string => formatDecimalUnits(BigInt(baseUnits), unit.decimals);

/** `--slippage BPS`: whole basis points, 0 to 10000. */
export function slippageOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^[0-9]{1,5}$/.test(text) || Number(text) > 10_000) throw new DeskError('invalid_param', `--slippage: ${JSON.stringify(text.slice(0, 20))} is not a number of basis points from 0 to 10000 (100 is 1%)`);
  return Number(text);
}

/** `--priority-fee MICRO_LAMPORTS`: the build's `computeUnitPrice`, decimal digits (the server holds its fee to the cap). */
export function priorityFeeOf(values: CommandValues): { computeUnitPrice?: string } {
  const text = textOf(values, 'priority-fee');
  if (text === undefined) return {};
  if (!/^[0-9]{1,20}$/.test(text)) throw new DeskError('invalid_param', `--priority-fee: ${JSON.stringify(text.slice(0, 40))} is not a price in micro-lamports per compute unit (decimal digits, e.g. 10000)`);
  return { computeUnitPrice: text };
}

/** Basis points as a percentage, exactly (125 → "1.25%"). */
export const percentOf = (bps: number | string): string => `${formatDecimalUnits(BigInt(bps), 2)}%`;

/** `sell <mint> 50%`: a share of the balance in basis points (1 to 10000), or undefined when the text is no percentage. */
export function shareOf(text: string, what: string): bigint | undefined {
  const trimmed = text.trim();
  if (!trimmed.endsWith('%')) return undefined;
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?%$/.exec(trimmed);
  const bps = match ? BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0')) : -1n;
  if (bps <= 0n || bps > 10_000n) throw new DeskError('invalid_param', `${what}: ${JSON.stringify(trimmed.slice(0, 20))} is not a share of the balance: give a percentage above 0 and at most 100, with up to 2 decimals (50%, 12.5%)`);
  return bps;
}
