import { getCompiledTransactionMessageDecoder, getTransactionDecoder, type Address } from '@solana/kit';
import { decodeWireFast, readTransactionWire } from './transaction-wire.js';

/**
 * A transaction taken apart into what its instructions do: each instruction's program, accounts (with
 * their signer and writable roles, lookup-table entries resolved) and data. Pure and browser-safe: the
 * relay checks with it, and the desk's offline review shows it.
 */
export interface ResolvedAccount {
  readonly address: Address;
  readonly signer: boolean;
  readonly writable: boolean;
}

export interface ResolvedInstruction {
  readonly program: Address;
  readonly accounts: readonly ResolvedAccount[];
  readonly data: Uint8Array;
}

export interface ResolvedTransaction {
  readonly version: 'legacy' | 0;
  readonly feePayer: Address;
  readonly blockhash: string;
  /** Signer addresses in slot order, with the signature in each slot (null: empty). */
  readonly signers: readonly Address[];
  readonly signatures: readonly (Uint8Array | null)[];
  readonly messageBytes: Uint8Array;
  readonly lookupTables: readonly Address[];
  readonly instructions: readonly ResolvedInstruction[];
}

const transactionDecoder = getTransactionDecoder();
const messageDecoder = getCompiledTransactionMessageDecoder();

/**
 * Throws (in words) when the bytes are not a transaction or a lookup names a table or index it does not
 * know. The wire is read by hand first, so the codecs only ever see a sound transaction.
 */
export function resolveTransaction(wire: Uint8Array, tables: ReadonlyMap<Address, readonly Address[]>): ResolvedTransaction {
  const shape = readTransactionWire(wire);
  if (typeof shape === 'string') throw new Error(shape);
  // By hand (kit's shapes, cached base58) for what the wire check let through; kit if that ever declines.
  const fast = decodeWireFast(wire);
  const transaction = fast ?? transactionDecoder.decode(wire);
  const message = fast?.message ?? messageDecoder.decode(transaction.messageBytes);
  // Never true after the wire was read: it narrows the codec's type.
  if (message.version !== 'legacy' && message.version !== 0) throw new Error(`its message is version ${String(message.version)}; only legacy and version 0 exist`);
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = message.header;
  const statics = message.staticAccounts;
  const keys: ResolvedAccount[] = statics.map((address, i) => ({
    address,
    signer: i < numSignerAccounts,
    writable: i < numSignerAccounts ? i < numSignerAccounts - numReadonlySignerAccounts : i < statics.length - numReadonlyNonSignerAccounts,
  }));
  const lookups = 'addressTableLookups' in message && message.addressTableLookups ? message.addressTableLookups : [];
  const pick = (table: Address, index: number): Address => {
    const entries = tables.get(table);
    if (!entries) throw new Error(`it uses lookup table ${table}, which is not the cluster's table`);
    const address = entries[index];
    if (address === undefined) throw new Error(`it names entry ${index} of lookup table ${table}, which has ${entries.length}`);
    return address;
  };
  for (const lookup of lookups) for (const i of lookup.writableIndexes) keys.push({ address: pick(lookup.lookupTableAddress, i), signer: false, writable: true });
  for (const lookup of lookups) for (const i of lookup.readonlyIndexes) keys.push({ address: pick(lookup.lookupTableAddress, i), signer: false, writable: false });
  const at = (index: number): ResolvedAccount => {
    const key = keys[index];
    if (!key) throw new Error(`an instruction names account ${index} of ${keys.length}`);
    return key;
  };
  const signers = Object.keys(transaction.signatures) as Address[];
  return {
    version: message.version,
    feePayer: statics[0]!,
    blockhash: message.lifetimeToken,
    signers,
    signatures: signers.map((s) => ((transaction.signatures as Readonly<Record<string, Uint8Array | null>>)[s] ?? null)),
    messageBytes: new Uint8Array(transaction.messageBytes),
    lookupTables: lookups.map((l) => l.lookupTableAddress),
    instructions: message.instructions.map((ix) => ({
      program: at(ix.programAddressIndex).address,
      accounts: (ix.accountIndices ?? []).map(at),
      data: new Uint8Array(ix.data ?? new Uint8Array()),
    })),
  };
}
