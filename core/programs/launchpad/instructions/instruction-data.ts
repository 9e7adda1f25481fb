import type { Decoder, Encoder, ReadonlyUint8Array } from '@solana/kit';
import { hasDiscriminator, withDiscriminator } from '../borsh.js';

/** An Anchor instruction's data: its 8-byte discriminator, then its arguments in Borsh. */
export function encodeInstructionData<T>(discriminator: ReadonlyUint8Array, args: Encoder<T>, value: T): Uint8Array {
  return withDiscriminator(discriminator, args.encode(value));
}

/** The arguments of an instruction's data; throws when the discriminator is not `name`'s. */
export function decodeInstructionData<T>(discriminator: ReadonlyUint8Array, args: Decoder<T>, data: ReadonlyUint8Array, name: string): T {
  if (!hasDiscriminator(data, discriminator)) throw new Error(`not ${name} instruction data`);
  return Object.freeze(args.decode(data, discriminator.length));
}
