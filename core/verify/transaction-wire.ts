/**
 * The Solana wire format of a transaction, read by hand so that bytes which are not a transaction are
 * refused in plain words (where they stop making sense) before any codec sees them: kit's decoders
 * throw their own internals ("Codec [u8] cannot decode empty byte arrays"), which say nothing to the
 * person who sent the bytes. Pure and browser-safe: the relay reads what a wallet signed with it, and
 * the desk's review can too.
 *
 * Layout: a compact-u16 count of signatures and 64 bytes each; then the message: a version byte
 * (0x80 | version) for a versioned message, the three header counts, a compact-u16 count of static
 * account addresses (32 bytes each), the 32-byte blockhash, the instructions (program index, account
 * indexes, data), and for version 0 the address lookups. A validator also refuses what this refuses.
 */

import type { Address } from '@solana/kit';
import { addressOfBytes, base58Encode } from '../programs/address-text.js';

/** A transaction's most bytes on the wire (the packet size less headers). */
export const MAX_TRANSACTION_BYTES = 1232;

const SIGNATURE_BYTES = 64;
const ADDRESS_BYTES = 32;
/** A message may name at most this many accounts (static and looked up): an index is one byte. */
const MAX_ACCOUNTS = 256;

class WireProblem {
  constructor(readonly words: string) {}
}

/** A cursor over the bytes that says, on running out, what it was reading. */
class Reader {
  at = 0;
  constructor(private readonly bytes: Uint8Array) {}

  get left(): number {
    return this.bytes.length - this.at;
  }

  private short(what: string): never {
    throw new WireProblem(`it ends after ${this.bytes.length} byte${this.bytes.length === 1 ? '' : 's'}, inside ${what}`);
  }

  u8(what: string): number {
    if (this.left < 1) this.short(what);
    return this.bytes[this.at++]!;
  }

  skip(count: number, what: string): void {
    if (this.left < count) this.short(what);
    this.at += count;
  }

  take(count: number, what: string): Uint8Array {
    if (this.left < count) this.short(what);
    const out = this.bytes.subarray(this.at, this.at + count);
    this.at += count;
    return out;
  }

  /** A compact-u16 (1 to 3 bytes, 7 bits each, low first), written the one way a validator accepts. */
  compactU16(what: string): number {
    let value = 0;
    for (let i = 0; i < 3; i++) {
      const byte = this.u8(`the length of ${what}`);
      if (i === 2 && byte > 0x03) throw new WireProblem(`the length of ${what} is over 65535`);
      value |= (byte & 0x7f) << (7 * i);
      if ((byte & 0x80) === 0) {
        if (i > 0 && byte === 0) throw new WireProblem(`the length of ${what} is written with needless bytes`);
        return value;
      }
    }
    throw new WireProblem(`the length of ${what} is over 65535`);
  }
}

/** What a structurally sound transaction declares (the rest is read by the codecs after this). */
export interface WireShape {
  readonly version: 'legacy' | 0;
  readonly signatures: number;
  readonly staticAccounts: number;
  readonly lookedUpAccounts: number;
  readonly instructions: number;
}

/**
 * The transaction's shape, or in words the first thing that makes the bytes not a transaction a
 * validator would take: too long, cut short, counts that disagree, indexes past the accounts named,
 * an unknown version, bytes after the end.
 */
export function readTransactionWire(wire: Uint8Array): WireShape | string {
  try {
    return shapeOf(wire);
  } catch (error) {
    if (error instanceof WireProblem) return error.words;
    throw error;
  }
}

function shapeOf(wire: Uint8Array): WireShape {
  if (wire.length === 0) throw new WireProblem('it is empty');
  if (wire.length > MAX_TRANSACTION_BYTES) throw new WireProblem(`it is ${wire.length} bytes; a transaction is at most ${MAX_TRANSACTION_BYTES}`);
  const r = new Reader(wire);
  const signatures = r.compactU16('the signature list');
  if (signatures === 0) throw new WireProblem('it carries no signature; a transaction carries one per signer, the fee payer first');
  r.skip(signatures * SIGNATURE_BYTES, `its ${signatures === 1 ? 'signature' : `${signatures} signatures`} (64 bytes each)`);
  const first = r.u8('the message header');
  let version: 'legacy' | 0 = 'legacy';
  let required = first;
  if (first & 0x80) {
    const number = first & 0x7f;
    if (number !== 0) throw new WireProblem(`its message is version ${number}; only legacy and version 0 transactions exist on Solana`);
    version = 0;
    required = r.u8('the message header');
  }
  const readonlySigned = r.u8('the message header');
  const readonlyUnsigned = r.u8('the message header');
  if (signatures !== required) {
    throw new WireProblem(`it carries ${signatures} signature${signatures === 1 ? '' : 's'} but its message asks for ${required} (one per signer)`);
  }
  if (readonlySigned >= required) throw new WireProblem('its message makes the fee payer read-only; the fee payer must be a writable signer');
  const staticAccounts = r.compactU16('the account list');
  if (staticAccounts < required + readonlyUnsigned) {
    throw new WireProblem(`its message names ${staticAccounts} accounts, fewer than its header's ${required} signers and ${readonlyUnsigned} read-only accounts`);
  }
  r.skip(staticAccounts * ADDRESS_BYTES, `its ${staticAccounts} account addresses (32 bytes each)`);
  r.skip(ADDRESS_BYTES, 'its blockhash');
  const instructionCount = r.compactU16('the instruction list');
  const programs: number[] = [];
  const indexes: number[] = [];
  for (let i = 0; i < instructionCount; i++) {
    const what = `instruction ${i + 1}`;
    programs.push(r.u8(what));
    indexes.push(...r.take(r.compactU16(`the accounts of ${what}`), `the accounts of ${what}`));
    r.skip(r.compactU16(`the data of ${what}`), `the data of ${what}`);
  }
  let lookedUpAccounts = 0;
  if (version === 0) {
    const lookups = r.compactU16('the lookup table list');
    for (let i = 0; i < lookups; i++) {
      const what = `lookup table ${i + 1}`;
      r.skip(ADDRESS_BYTES, `the address of ${what}`);
      lookedUpAccounts += r.take(r.compactU16(`the writable entries of ${what}`), `the writable entries of ${what}`).length;
      lookedUpAccounts += r.take(r.compactU16(`the read-only entries of ${what}`), `the read-only entries of ${what}`).length;
    }
  }
  if (r.left > 0) throw new WireProblem(`it has ${r.left} bytes after the end of its message`);
  const total = staticAccounts + lookedUpAccounts;
  if (total > MAX_ACCOUNTS) throw new WireProblem(`its message names ${total} accounts; a transaction may name at most ${MAX_ACCOUNTS}`);
  programs.forEach((program, i) => {
    if (program === 0 || program >= staticAccounts) {
      throw new WireProblem(`instruction ${i + 1} runs account ${program} as its program, which is ${program === 0 ? 'the fee payer' : 'not one of the message\'s own addresses'}`);
    }
  });
  const past = indexes.find((index) => index >= total);
  if (past !== undefined) throw new WireProblem(`an instruction names account ${past} of the ${total} the message holds`);
  return { version, signatures, staticAccounts, lookedUpAccounts, instructions: instructionCount };
}

/**
 * A signatures-first (legacy or version 0) transaction taken apart by hand, in exactly the shapes kit's
 * getTransactionDecoder + getCompiledTransactionMessageDecoder answer (addresses through the cached
 * base58 of ./base58.ts instead of kit's BigInt codec): null when the bytes are anything else (cut short,
 * a length written with needless bytes, another version, signatures that disagree with the header), for
 * which the caller asks kit itself, so that kit's answer or kit's error stays the answer.
 */
export interface DecodedWireTransaction {
  readonly messageBytes: Uint8Array;
  /** As kit's decoder: signer address -> signature, null for an all-zero slot. */
  readonly signatures: Readonly<Record<string, Uint8Array | null>>;
  readonly signerAddresses: readonly Address[];
  /** Each slot's 64 bytes, in order (views into the wire). */
  readonly signatureSlots: readonly Uint8Array[];
  readonly message: DecodedMessage;
}

export interface DecodedInstruction {
  readonly programAddressIndex: number;
  readonly accountIndices?: number[];
  readonly data?: Uint8Array;
}

export interface DecodedMessage {
  readonly version: 'legacy' | 0;
  readonly header: { readonly numSignerAccounts: number; readonly numReadonlySignerAccounts: number; readonly numReadonlyNonSignerAccounts: number };
  readonly staticAccounts: Address[];
  readonly lifetimeToken: string;
  readonly instructions: DecodedInstruction[];
  readonly addressTableLookups?: { lookupTableAddress: Address; writableIndexes: number[]; readonlyIndexes: number[] }[];
}

class Cut {}
const CUT = new Cut();

export function decodeWireFast(wire: Uint8Array): DecodedWireTransaction | null {
  try {
    return decodeOrThrow(wire);
  } catch (error) {
    if (error === CUT) return null;
    throw error;
  }
}

function decodeOrThrow(wire: Uint8Array): DecodedWireTransaction | null {
  let at = 0;
  const need = (count: number) => {
    if (at + count > wire.length) throw CUT;
  };
  const u8 = () => {
    need(1);
    return wire[at++]!;
  };
  const shortU16 = () => {
    let value = 0;
    for (let i = 0; i < 3; i++) {
      const byte = u8();
      value |= (byte & 0x7f) << (7 * i);
      if ((byte & 0x80) === 0) {
        // Only the one canonical encoding here; anything else is kit's to judge.
        if ((i > 0 && byte === 0) || (i === 2 && byte > 0x03)) throw CUT;
        return value;
      }
    }
    throw CUT;
  };
  const indexes = () => {
    const count = shortU16();
    need(count);
    const out = Array.from(wire.subarray(at, at + count));
    at += count;
    return out;
  };
  const address = () => {
    need(32);
    const a = addressOfBytes(wire.subarray(at, at + 32));
    at += 32;
    return a;
  };
  if (wire.length === 0 || (wire[0]! & 0x80) !== 0) return null;
  const signatureCount = shortU16();
  need(signatureCount * 64);
  const signatureSlots: Uint8Array[] = [];
  for (let i = 0; i < signatureCount; i++) signatureSlots.push(wire.subarray(at + i * 64, at + (i + 1) * 64));
  at += signatureCount * 64;
  const messageStart = at;
  let version: 'legacy' | 0 = 'legacy';
  if (wire[at] !== undefined && (wire[at]! & 0x80) !== 0) {
    if ((wire[at]! & 0x7f) !== 0) return null;
    version = 0;
    at++;
  }
  const header = { numSignerAccounts: u8(), numReadonlySignerAccounts: u8(), numReadonlyNonSignerAccounts: u8() };
  const staticCount = shortU16();
  const staticAccounts: Address[] = [];
  for (let i = 0; i < staticCount; i++) staticAccounts.push(address());
  need(32);
  const lifetimeToken = base58Encode(wire.subarray(at, at + 32));
  at += 32;
  const instructionCount = shortU16();
  const instructions: DecodedInstruction[] = [];
  for (let i = 0; i < instructionCount; i++) {
    const programAddressIndex = u8();
    const accountIndices = indexes();
    const length = shortU16();
    need(length);
    const data = wire.slice(at, at + length);
    at += length;
    instructions.push({ programAddressIndex, ...(accountIndices.length ? { accountIndices } : null), ...(data.byteLength ? { data } : null) });
  }
  let addressTableLookups: { lookupTableAddress: Address; writableIndexes: number[]; readonlyIndexes: number[] }[] | undefined;
  if (version === 0) {
    const count = shortU16();
    for (let i = 0; i < count; i++) {
      const lookupTableAddress = address();
      const writableIndexes = indexes();
      const readonlyIndexes = indexes();
      (addressTableLookups ??= []).push({ lookupTableAddress, writableIndexes, readonlyIndexes });
    }
  }
  const signerAddresses = staticAccounts.slice(0, header.numSignerAccounts);
  if (signerAddresses.length !== signatureCount) return null;
  const signatures: Record<string, Uint8Array | null> = {};
  signerAddresses.forEach((signer, i) => {
    const slot = signatureSlots[i]!;
    signatures[signer] = slot.every((b) => b === 0) ? null : slot.slice();
  });
  const message: DecodedMessage = addressTableLookups
    ? { header, staticAccounts, lifetimeToken, instructions, addressTableLookups, version }
    : { header, staticAccounts, lifetimeToken, instructions, version };
  return { messageBytes: wire.subarray(messageStart), signatures: Object.freeze(signatures), signerAddresses, signatureSlots, message };
}
