import { AccountRole, getAddressEncoder, type Address, type Instruction, type ReadonlyUint8Array } from '@solana/kit';
import { decodeAddress } from '../address-codec.js';
import { findAssociatedTokenAccount } from '../launchpad/pdas.js';
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS, SYSTEM_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from '../launchpad/spl-programs.js';
import { findPayeeRecord } from './pdas.js';
import { hasDiscriminator } from '../launchpad/borsh.js';

/**
 * declare_payee, byte for byte as the spec's "Hand-built planting" step 4: the discriminator, a one-byte
 * option tag (1 and a 32-byte payee, or 0 = holder rewards, permanent), nine accounts in order.
 */
export const DECLARE_PAYEE_DISCRIMINATOR = new Uint8Array([51, 67, 68, 118, 241, 128, 196, 27]);

/** A wallet that receives the deployer's 40%, or the coin's holders (pro rata, by runs; permanent). */
export type Payee = Readonly<{ kind: 'wallet'; wallet: Address }> | Readonly<{ kind: 'holders' }>;

export interface DeclarePayeeInput {
  readonly vault: Address;
  readonly zecMint: Address;
  /** The planting wallet: pays for the record and its fee account, and signs. */
  readonly deployer: Address;
  /** The coin's mint: signs (its key is in the planting transaction anyway). */
  readonly mint: Address;
  readonly payee: Payee;
}

export function encodeDeclarePayeeData(payee: Payee): Uint8Array {
  if (payee.kind === 'holders') return Uint8Array.from([...DECLARE_PAYEE_DISCRIMINATOR, 0]);
  const data = new Uint8Array(8 + 1 + 32);
  data.set(DECLARE_PAYEE_DISCRIMINATOR, 0);
  data[8] = 1;
  data.set(getAddressEncoder().encode(payee.wallet), 9);
  return data;
}

/** The payee a declare_payee's data names; throws naming the problem for anything else. */
export function decodeDeclarePayeeData(data: ReadonlyUint8Array): Payee {
  if (data.length < 9 || !hasDiscriminator(data, DECLARE_PAYEE_DISCRIMINATOR)) throw new Error('not declare_payee instruction data');
  if (data[8] === 0 && data.length === 9) return { kind: 'holders' };
  if (data[8] === 1 && data.length === 41) return { kind: 'wallet', wallet: decodeAddress(data.subarray(9, 41)) };
  throw new Error(`declare_payee: option tag ${data[8]} with ${data.length - 9} bytes after it (expected 0 alone, or 1 and a 32-byte key)`);
}


export async function declarePayeeInstruction(input: DeclarePayeeInput): Promise<Instruction> {
  const record = await findPayeeRecord(input.vault, input.mint);
  return {
    programAddress: input.vault,
    accounts: [
      { address: input.deployer, role: AccountRole.WRITABLE_SIGNER },
      { address: input.mint, role: AccountRole.READONLY_SIGNER },
      { address: record, role: AccountRole.WRITABLE },
      { address: input.zecMint, role: AccountRole.READONLY },
      { address: await findAssociatedTokenAccount(record, input.zecMint, TOKEN_PROGRAM_ADDRESS), role: AccountRole.WRITABLE },
      { address: TOKEN_PROGRAM_ADDRESS, role: AccountRole.READONLY },
      { address: TOKEN_2022_PROGRAM_ADDRESS, role: AccountRole.READONLY },
      { address: ASSOCIATED_TOKEN_PROGRAM_ADDRESS, role: AccountRole.READONLY },
      { address: SYSTEM_PROGRAM_ADDRESS, role: AccountRole.READONLY },
    ],
    data: encodeDeclarePayeeData(input.payee),
  };
}
