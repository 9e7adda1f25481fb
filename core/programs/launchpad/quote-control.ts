import {
  fixCodecSize,
  getArrayCodec,
  getBytesCodec,
  getStructCodec,
  getU64Codec,
  type Address,
  type ReadonlyUint8Array,
} from '@solana/kit';
import { addressCodec } from '../address-codec.js';
import { hasDiscriminator, withDiscriminator } from './borsh.js';

/**
 * The launchpad's `QuoteControl` account (PDA ["quote-control"]): the quote mints create_v2 accepts
 * beyond SOL and `Global.whitelistedQuoteMints`, each with the virtual quote reserves a new curve in it
 * starts from. The account is allocated ahead of its list: bytes after the declared entries (the
 * pre-allocated tail, or entries left behind by a removal) are not part of it.
 */
export interface QuoteControlMint {
  readonly mint: Address;
  /** In base units of `mint`. */
  readonly initialVirtualQuoteReserves: bigint;
}

export interface QuoteControl {
  /** The zero key when no admin is set (then only Global.authority edits the list). */
  readonly admin: Address;
  /** 64 bytes the program keeps in front of `mints` for future fixed-size fields (IDL `_reserved`). */
  readonly reserved: ReadonlyUint8Array;
  readonly mints: readonly QuoteControlMint[];
}

export const QUOTE_CONTROL_DISCRIMINATOR = new Uint8Array([56, 244, 35, 238, 193, 213, 162, 201]);
/** Discriminator, admin, reserved and the u32 length of `mints`. */
export const QUOTE_CONTROL_HEADER_SIZE = 8 + 32 + 64 + 4;
export const QUOTE_CONTROL_ENTRY_SIZE = 32 + 8;
/** initialize_quote_control allocates room for this many entries; the account grows past it. */
export const QUOTE_CONTROL_INITIAL_ENTRIES = 50;
export const QUOTE_CONTROL_INITIAL_SIZE = QUOTE_CONTROL_HEADER_SIZE + QUOTE_CONTROL_INITIAL_ENTRIES * QUOTE_CONTROL_ENTRY_SIZE;
/** add_quote_control_mint refuses a longer list (QuoteMintWhitelistFull). */
export const QUOTE_CONTROL_MAX_ENTRIES = 256;

const quoteControlBody = getStructCodec([
  ['admin', addressCodec],
  ['reserved', fixCodecSize(getBytesCodec(), 64)],
  [
    'mints',
    getArrayCodec(
      getStructCodec([
        ['mint', addressCodec],
        ['initialVirtualQuoteReserves', getU64Codec()],
      ]),
    ),
  ],
]);

const declaredEntries = (data: ReadonlyUint8Array) =>
  new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(QUOTE_CONTROL_HEADER_SIZE - 4, true);

/** The discriminator matches and the declared list fits in the data, as the program's reader demands. */
export function isQuoteControl(data: ReadonlyUint8Array): boolean {
  return (
    data.length >= QUOTE_CONTROL_HEADER_SIZE &&
    hasDiscriminator(data, QUOTE_CONTROL_DISCRIMINATOR) &&
    QUOTE_CONTROL_HEADER_SIZE + declaredEntries(data) * QUOTE_CONTROL_ENTRY_SIZE <= data.length
  );
}

export function decodeQuoteControl(data: ReadonlyUint8Array): QuoteControl {
  if (!isQuoteControl(data)) throw new Error(`not a launchpad QuoteControl account (${data.length} bytes)`);
  return Object.freeze(quoteControlBody.decode(data, 8));
}

/** The account data, zero-padded to `accountSize` when given (default: no room beyond the list). */
export function encodeQuoteControl(value: QuoteControl, accountSize?: number): Uint8Array {
  // Kit's array codecs are typed for mutable arrays; nothing is written to them.
  const body = quoteControlBody.encode(value as Parameters<typeof quoteControlBody.encode>[0]);
  const encoded = withDiscriminator(QUOTE_CONTROL_DISCRIMINATOR, body);
  if (accountSize === undefined || accountSize === encoded.length) return encoded;
  if (accountSize < encoded.length) throw new RangeError(`QuoteControl with ${value.mints.length} entries needs ${encoded.length} bytes`);
  const out = new Uint8Array(accountSize);
  out.set(encoded, 0);
  return out;
}
