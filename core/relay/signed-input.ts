import { DeskError } from '../errors.js';
import { readTransactionWire } from '../verify/transaction-wire.js';

/** Standard base64 (RFC 4648 §4), padded or not; wallets give `serialize()` in this form. */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const refusedField = (field: string, why: string) => new DeskError('invalid_param', `${field}: ${why}`, { field });

/**
 * The `signed` field of POST /v1/tx/send as wire bytes: each entry must be standard base64 of a whole
 * Solana transaction (read by hand: core/verify/transaction-wire), else `400 invalid_param` naming the
 * entry (`signed.0`, …) and saying in plain words what is wrong with it. Whether it is the transaction
 * that was built is the relay's check after this.
 */
export function signedTransactionsOf(texts: readonly string[]): Uint8Array[] {
  return texts.map((text, i) => {
    const field = `signed.${i}`;
    if (text.length === 0) throw refusedField(field, 'is empty: give the signed transaction in base64');
    if (!BASE64.test(text) || text.replace(/=+$/, '').length % 4 === 1 || (text.includes('=') && text.length % 4 !== 0)) {
      throw refusedField(field, 'is not base64: give the signed transaction\'s bytes in standard base64 (A-Z, a-z, 0-9, + and /, padded with =)');
    }
    const wire = new Uint8Array(Buffer.from(text, 'base64'));
    const shape = readTransactionWire(wire);
    if (typeof shape === 'string') throw refusedField(field, `is not a whole Solana transaction: ${shape}`);
    return wire;
  });
}
