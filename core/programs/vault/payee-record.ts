import { type Address, type ReadonlyUint8Array } from '@solana/kit';
import { addressDecoder } from '../address-codec.js';
import type { Payee } from './declare-payee.js';
import { hasDiscriminator } from '../launchpad/borsh.js';

/**
 * PayeeRecord (programs/vault/README.md), 118 bytes: discriminator, bump u8, mint, kind u8 (1 wallet,
 * 0 holders), payee (zero for holders), deployer, total_paid u64, runs u32.
 */
export const PAYEE_RECORD_DISCRIMINATOR = new Uint8Array([241, 45, 56, 42, 236, 167, 132, 242]);
export const PAYEE_RECORD_SIZE = 118;

export type PayeeRecord = Readonly<{ bump: number; mint: Address; payee: Payee; deployer: Address; totalPaid: bigint; runs: number }>;

export function decodePayeeRecord(data: ReadonlyUint8Array): PayeeRecord {
  if (data.length < PAYEE_RECORD_SIZE || !hasDiscriminator(data, PAYEE_RECORD_DISCRIMINATOR)) throw new Error(`not a vault PayeeRecord account (${data.length} bytes)`);
  const address = addressDecoder;
  const view = new DataView(data.buffer, data.byteOffset, data.length);
  const kind = data[41];
  if (kind !== 0 && kind !== 1) throw new Error(`PayeeRecord: unknown payee kind ${kind}`);
  return Object.freeze({
    bump: data[8]!,
    mint: address.decode(data.subarray(9, 41)),
    payee: kind === 1 ? { kind: 'wallet', wallet: address.decode(data.subarray(42, 74)) } : { kind: 'holders' },
    deployer: address.decode(data.subarray(74, 106)),
    totalPaid: view.getBigUint64(106, true),
    runs: view.getUint32(114, true),
  } satisfies PayeeRecord);
}
