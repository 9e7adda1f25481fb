import { combineCodec, createDecoder, getAddressDecoder, getAddressEncoder, type Address, type FixedSizeCodec, type FixedSizeDecoder, type ReadonlyUint8Array } from '@solana/kit';
import { addressOfBytes } from './address-text.js';

/**
 * Drop-ins for kit's address decoder and codec in the account and event decoders: the same strings
 * (addressOfBytes, cached and BigInt-free; kit's decoder converts every address through a BigInt, which
 * dominated decoding the launchpad's Global and the AMM's config on every build). Encoding stays kit's.
 * Anything kit would refuse (too few bytes) is handed to kit, so the error is kit's own.
 */

const kitDecoder = getAddressDecoder();

/** kit's getAddressDecoder().decode(bytes): the first 32 bytes' address. */
export function decodeAddress(bytes: ReadonlyUint8Array): Address {
  return bytes.length >= 32 ? addressOfBytes(bytes.subarray(0, 32) as Uint8Array) : kitDecoder.decode(bytes);
}

/** kit's getAddressDecoder(). */
export const addressDecoder: FixedSizeDecoder<Address, 32> = createDecoder({
  fixedSize: 32,
  read(bytes: ReadonlyUint8Array, offset: number): [Address, number] {
    if (offset < 0 || offset + 32 > bytes.length) return kitDecoder.read(bytes, offset);
    return [addressOfBytes(bytes.subarray(offset, offset + 32) as Uint8Array), offset + 32];
  },
});

/** kit's getAddressCodec(): kit's encoder, the decoder above. */
export const addressCodec: FixedSizeCodec<Address, Address, 32> = combineCodec(getAddressEncoder(), addressDecoder);
