import { AccountRole, getAddressEncoder, getProgramDerivedAddress, getU64Encoder, type Address, type Instruction, type ReadonlyUint8Array } from '@solana/kit';
import { decodeAddress } from './address-codec.js';
import { SYSTEM_PROGRAM_ADDRESS } from './launchpad/spl-programs.js';

/**
 * The address lookup table program (native): create, freeze and extend, and the table account's layout
 * (a 56-byte header, then the addresses). Instruction data is bincode: a u32 LE variant, then its fields.
 */
export const ADDRESS_LOOKUP_TABLE_PROGRAM = 'AddressLookupTab1e1111111111111111111111111' as Address;
const HEADER = 56;

/** The table of `authority` made at `recentSlot` (which must be in the SlotHashes sysvar when created), and its bump. */
export async function findLookupTable(authority: Address, recentSlot: bigint): Promise<readonly [Address, number]> {
  const [address, bump] = await getProgramDerivedAddress({ programAddress: ADDRESS_LOOKUP_TABLE_PROGRAM, seeds: [getAddressEncoder().encode(authority), getU64Encoder().encode(recentSlot)] });
  return [address, bump];
}

const variant = (index: number, size: number) => {
  const data = new Uint8Array(4 + size);
  new DataView(data.buffer).setUint32(0, index, true);
  return data;
};

export async function createLookupTableInstruction(i: { authority: Address; payer: Address; recentSlot: bigint }): Promise<{ instruction: Instruction; table: Address }> {
  const [table, bump] = await findLookupTable(i.authority, i.recentSlot);
  const data = variant(0, 9);
  new DataView(data.buffer).setBigUint64(4, i.recentSlot, true);
  data[12] = bump;
  return {
    table,
    instruction: {
      programAddress: ADDRESS_LOOKUP_TABLE_PROGRAM,
      accounts: [
        { address: table, role: AccountRole.WRITABLE },
        { address: i.authority, role: AccountRole.READONLY_SIGNER },
        { address: i.payer, role: AccountRole.WRITABLE_SIGNER },
        { address: SYSTEM_PROGRAM_ADDRESS, role: AccountRole.READONLY },
      ],
      data,
    },
  };
}

export function extendLookupTableInstruction(i: { table: Address; authority: Address; payer: Address; addresses: readonly Address[] }): Instruction {
  const data = variant(2, 8 + 32 * i.addresses.length);
  new DataView(data.buffer).setBigUint64(4, BigInt(i.addresses.length), true);
  i.addresses.forEach((a, n) => data.set(getAddressEncoder().encode(a), 12 + 32 * n));
  return {
    programAddress: ADDRESS_LOOKUP_TABLE_PROGRAM,
    accounts: [
      { address: i.table, role: AccountRole.WRITABLE },
      { address: i.authority, role: AccountRole.READONLY_SIGNER },
      { address: i.payer, role: AccountRole.WRITABLE_SIGNER },
      { address: SYSTEM_PROGRAM_ADDRESS, role: AccountRole.READONLY },
    ],
    data,
  };
}

/** Freezing makes the table immutable for good: nobody can change what a built transaction's indexes mean. */
export function freezeLookupTableInstruction(i: { table: Address; authority: Address }): Instruction {
  return {
    programAddress: ADDRESS_LOOKUP_TABLE_PROGRAM,
    accounts: [
      { address: i.table, role: AccountRole.WRITABLE },
      { address: i.authority, role: AccountRole.READONLY_SIGNER },
    ],
    data: variant(1, 0),
  };
}

/** A table account's addresses, and whether it is frozen (no authority left). */
export function decodeLookupTable(data: ReadonlyUint8Array): { readonly addresses: readonly Address[]; readonly frozen: boolean } {
  if (data.length < HEADER || (data.length - HEADER) % 32 !== 0) throw new Error(`not an address lookup table (${data.length} bytes)`);
  const addresses: Address[] = [];
  for (let at = HEADER; at < data.length; at += 32) addresses.push(decodeAddress(data.subarray(at, at + 32)));
  // Header: u32 type, u64 deactivation slot, u64 last extended slot, u8 start index, Option<Pubkey> authority (tag at 21).
  return { addresses, frozen: data[21] === 0 };
}
