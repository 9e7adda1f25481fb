import type { Address, Signature } from '@solana/kit';
import { computeUnitPriceOf } from '../../engine/priority-fee.js';
import { SLIPPAGE_BPS } from '../../engine/quote.js';
import { base58Decode } from '../../programs/address-text.js';
import { isSignatureText } from '../../programs/signature-text.js';
import type { Payee } from '../../programs/vault/declare-payee.js';
import { invalidParam } from '../api-error.js';

/** A path or query address: base58 of 32 bytes, else `invalid_param` naming the field. */
export function addressOf(value: string, field: string): Address {
  // kit's isAddress decodes through a BigInt: a sixth of a coin detail's time; the same test without one.
  if (value.length < 32 || value.length > 44 || base58Decode(value)?.length !== 32) throw invalidParam(field, `${JSON.stringify(value.slice(0, 64))} is not a base58 address of 32 bytes`);
  return value as Address;
}

/** A path signature: base58 of 64 bytes (core/programs/signature-text.ts), else `invalid_param` naming the field. */
export function signatureOf(value: string, field: string): Signature {
  if (!isSignatureText(value)) throw invalidParam(field, 'is not a base58 transaction signature of 64 bytes');
  return value;
}

const U64_MAX = 2n ** 64n - 1n;

/** A positive u64 amount written in decimal digits, else `invalid_param` naming the field. */
export function amountOf(value: string, field: string, allowAll = false): bigint | 'all' {
  if (allowAll && value === 'all') return 'all';
  if (!/^[0-9]{1,20}$/.test(value)) throw invalidParam(field, `${JSON.stringify(value.slice(0, 40))} is not an amount in base units (decimal digits${allowAll ? ', or "all"' : ''})`);
  const amount = BigInt(value);
  if (amount === 0n) throw invalidParam(field, 'must be at least 1 base unit');
  if (amount > U64_MAX) throw invalidParam(field, 'is above the largest amount a token account holds (2^64 - 1)');
  return amount;
}

/** A build body's `computeUnitPrice` (core/engine/priority-fee.ts) as the engine's request takes it: absent stays absent. */
export function computeUnitPriceField(value: string | undefined): { computeUnitPrice?: bigint } {
  return value === undefined ? {} : { computeUnitPrice: computeUnitPriceOf(value) };
}

export function slippageOf(value: number | undefined): bigint | null {
  if (value === undefined) return null;
  if (!Number.isInteger(value) || value < 0 || value > Number(SLIPPAGE_BPS.max)) throw invalidParam('slippageBps', `must be an integer from 0 to ${SLIPPAGE_BPS.max}`);
  return BigInt(value);
}

/** `me`, `wallet:<address>` or `holders` (`me` only where the wallet is the planter). */
export function payeeOf(value: string, field: string, me: Address | null): Payee {
  if (value === 'holders') return { kind: 'holders' };
  if (value === 'me' && me !== null) return { kind: 'wallet', wallet: me };
  if (value.startsWith('wallet:')) return { kind: 'wallet', wallet: addressOf(value.slice('wallet:'.length), field) };
  throw invalidParam(field, `${JSON.stringify(value.slice(0, 60))} is not a payee: use ${me !== null ? '`me`, ' : ''}\`wallet:<address>\` or \`holders\``);
}
