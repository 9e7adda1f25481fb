import {
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Address,
  type CompiledTransactionMessageWithLifetime,
  type LegacyCompiledTransactionMessage,
  type V0CompiledTransactionMessage,
  type Signature,
  getBase58Decoder,
} from '@solana/kit';
import { addressOfBytes, base58Encode } from '../programs/address-text.js';
import { decodeWireFast } from '../verify/transaction-wire.js';

/** The message forms the sandbox executes (a validator refuses newer versions too). */
export type CompiledTransactionMessage = LegacyCompiledTransactionMessage | V0CompiledTransactionMessage;

/** A sent transaction taken apart: what the sandbox needs to check, execute and record it. */
export interface WireTransaction {
  readonly wire: Uint8Array;
  /** The first signature: the transaction's id. */
  readonly signature: Signature;
  readonly signers: readonly Address[];
  readonly message: CompiledTransactionMessage & CompiledTransactionMessageWithLifetime;
  readonly version: 'legacy' | 0;
  readonly recentBlockhash: string;
}

const transactionDecoder = getTransactionDecoder();
const messageDecoder = getCompiledTransactionMessageDecoder();
const base58 = getBase58Decoder();

/** Throws (with kit's message) when the bytes are not a transaction. */
export function decodeWireTransaction(wire: Uint8Array): WireTransaction {
  // By hand for the usual signatures-first legacy or v0 transaction (the same shapes kit answers); kit for anything else.
  const fast = decodeWireFast(wire);
  if (fast !== null) {
    const signers = Object.keys(fast.signatures) as Address[];
    if (signers.length === 0) throw new Error('transaction carries no signature');
    const message = fast.message as unknown as CompiledTransactionMessage & CompiledTransactionMessageWithLifetime;
    return {
      wire,
      signature: base58Encode(fast.signatures[signers[0]!] ?? wire.subarray(1, 65)) as Signature,
      signers,
      message,
      version: message.version,
      recentBlockhash: message.lifetimeToken,
    };
  }
  const transaction = transactionDecoder.decode(wire);
  const decoded = messageDecoder.decode(transaction.messageBytes);
  if (decoded.version !== 'legacy' && decoded.version !== 0) {
    throw new Error(`transaction version ${String(decoded.version)} is not supported`);
  }
  const message = decoded as CompiledTransactionMessage & CompiledTransactionMessageWithLifetime;
  const signers = Object.keys(transaction.signatures) as Address[];
  if (signers.length === 0) throw new Error('transaction carries no signature');
  // kit reads an empty (all-zero) slot as null; an unsigned transaction is still simulated, as a validator
  // does with sigVerify off: its "signature" is then the zero bytes of the first slot.
  const first = transaction.signatures[signers[0]!] ?? wire.subarray(1, 65);
  return {
    wire,
    signature: base58.decode(first) as Signature,
    signers,
    message,
    version: message.version,
    recentBlockhash: message.lifetimeToken,
  };
}

/** Is the account at `index` of the static keys writable, by the message header's rules? */
export function isStaticWritable(message: CompiledTransactionMessage, index: number): boolean {
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = message.header;
  const total = message.staticAccounts.length;
  if (index < numSignerAccounts) return index < numSignerAccounts - numReadonlySignerAccounts;
  return index < total - numReadonlyNonSignerAccounts;
}

/** Offset of the 32-byte address list inside an address lookup table account (after its metadata). */
export const LOOKUP_TABLE_META_SIZE = 56;

/**
 * Resolves a v0 message's lookups against the tables' account data. Returns null when a table is missing
 * or an index is out of range, which a validator refuses before executing.
 */
export function resolveLookups(
  message: CompiledTransactionMessage,
  readTable: (address: Address) => Uint8Array | null,
): { writable: Address[]; readonly: Address[] } | null {
  const writable: Address[] = [];
  const readonly: Address[] = [];
  if (!('addressTableLookups' in message) || !message.addressTableLookups) return { writable, readonly };
  for (const lookup of message.addressTableLookups) {
    const data = readTable(lookup.lookupTableAddress);
    if (!data) return null;
    const count = Math.floor((data.length - LOOKUP_TABLE_META_SIZE) / 32);
    const at = (i: number): Address | null =>
      i < count ? addressOfBytes(data.subarray(LOOKUP_TABLE_META_SIZE + i * 32, LOOKUP_TABLE_META_SIZE + (i + 1) * 32)) : null;
    for (const i of lookup.writableIndexes) {
      const a = at(i);
      if (!a) return null;
      writable.push(a);
    }
    for (const i of lookup.readonlyIndexes) {
      const a = at(i);
      if (!a) return null;
      readonly.push(a);
    }
  }
  return { writable, readonly };
}
