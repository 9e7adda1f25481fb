import { MAX_TRANSACTION_BYTES, readTransactionWire } from './transaction-wire.js';

/** How the review says that pasted bytes are no transaction (a person's words, not the wire format's). */
const NOT_A_TRANSACTION = 'this is not a Solana transaction';

/**
 * Why bytes a person pasted (or opened) are not a transaction, in words they can act on; null when they
 * are one. The wire format's own detail ("the length of the signature list is over 65535") says nothing
 * to someone who pasted the wrong text, so it is told only as "not laid out as a transaction".
 */
export function pastedTransactionProblem(wire: Uint8Array): string | null {
  const shape = readTransactionWire(wire);
  if (typeof shape !== 'string') return null;
  if (wire.length === 0) return `${NOT_A_TRANSACTION}: the text holds nothing to read; paste a build answer (JSON) or its base64 transaction`;
  if (wire.length > MAX_TRANSACTION_BYTES) return `${NOT_A_TRANSACTION}: it is ${wire.length} bytes, and a transaction is at most ${MAX_TRANSACTION_BYTES}; paste one transaction, or the build answer (JSON) that holds them`;
  return `${NOT_A_TRANSACTION}: its ${wire.length} bytes are not laid out as one (signatures, then a message naming accounts, a blockhash and instructions); paste the build answer (JSON) or its base64 transaction as it was answered`;
}

/** Text that is neither a build answer nor base64 (a note, an address, a signature typed by mistake). */
export const NOT_A_TRANSACTION_TEXT = `${NOT_A_TRANSACTION}: the text is neither a build answer (JSON) nor base64; paste the build answer or its base64 transaction`;
