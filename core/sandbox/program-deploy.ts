import {
  AccountRole,
  generateKeyPairSigner,
  getAddressEncoder,
  getProgramDerivedAddress,
  type Address,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit';
import { getCreateAccountInstruction } from '@solana-program/system';
import { sendInstructions } from './admin-transaction.js';
import type { SandboxCluster } from './cluster.js';

/**
 * Deploys an SBF program through the BPF upgradeable loader, with real transactions: a buffer is
 * created and written in chunks, then DeployWithMaxDataLen runs the loader's strict ELF checks (stricter
 * than a direct load: unknown syscalls, misplaced sections) and creates the program and its data account.
 */

export const UPGRADEABLE_LOADER = 'BPFLoaderUpgradeab1e11111111111111111111111' as Address;
const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address;
const RENT_SYSVAR = 'SysvarRent111111111111111111111111111111111' as Address;
const CLOCK_SYSVAR = 'SysvarC1ock11111111111111111111111111111111' as Address;
const BUFFER_METADATA_SIZE = 37n;
const PROGRAM_ACCOUNT_SIZE = 36n;
/** Bytes of program per Write instruction, so that each transaction stays under 1232 bytes. */
const WRITE_CHUNK = 900;

function u32(value: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value, true);
  return bytes;
}
function u64(value: bigint): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, value, true);
  return bytes;
}
function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export async function programDataAddress(program: Address): Promise<Address> {
  const [pda] = await getProgramDerivedAddress({ programAddress: UPGRADEABLE_LOADER, seeds: [getAddressEncoder().encode(program)] });
  return pda;
}

/** Creates a loader buffer holding `elf`, written in chunks; `authority` pays and is the buffer's authority. */
async function writeBuffer(cluster: SandboxCluster, authority: KeyPairSigner, elf: Uint8Array): Promise<Address> {
  const buffer = await generateKeyPairSigner();
  const bufferSize = BUFFER_METADATA_SIZE + BigInt(elf.length);
  await sendInstructions(cluster, authority, [
    getCreateAccountInstruction({
      payer: authority,
      newAccount: buffer,
      lamports: cluster.minimumBalanceForRentExemption(bufferSize),
      space: bufferSize,
      programAddress: UPGRADEABLE_LOADER,
    }),
    // InitializeBuffer, authority = payer
    {
      programAddress: UPGRADEABLE_LOADER,
      accounts: [
        { address: buffer.address, role: AccountRole.WRITABLE },
        { address: authority.address, role: AccountRole.READONLY },
      ],
      data: u32(0),
    } satisfies Instruction,
  ]);
  for (let offset = 0; offset < elf.length; offset += WRITE_CHUNK) {
    const chunk = elf.subarray(offset, offset + WRITE_CHUNK);
    await sendInstructions(cluster, authority, [
      {
        programAddress: UPGRADEABLE_LOADER,
        accounts: [
          { address: buffer.address, role: AccountRole.WRITABLE },
          { address: authority.address, role: AccountRole.READONLY_SIGNER, signer: authority },
        ],
        data: concat(u32(1), u32(offset), u64(BigInt(chunk.length)), chunk),
      } as Instruction,
    ]);
  }
  return buffer.address;
}

export async function deployUpgradeable(
  cluster: SandboxCluster,
  payer: KeyPairSigner,
  elf: Uint8Array,
  program?: KeyPairSigner,
): Promise<{ program: Address; programData: Address }> {
  const programSigner = program ?? (await generateKeyPairSigner());
  const buffer = await writeBuffer(cluster, payer, elf);
  const programData = await programDataAddress(programSigner.address);
  await sendInstructions(cluster, payer, [
    getCreateAccountInstruction({
      payer,
      newAccount: programSigner,
      lamports: cluster.minimumBalanceForRentExemption(PROGRAM_ACCOUNT_SIZE),
      space: PROGRAM_ACCOUNT_SIZE,
      programAddress: UPGRADEABLE_LOADER,
    }),
    {
      programAddress: UPGRADEABLE_LOADER,
      accounts: [
        { address: payer.address, role: AccountRole.WRITABLE_SIGNER, signer: payer },
        { address: programData, role: AccountRole.WRITABLE },
        { address: programSigner.address, role: AccountRole.WRITABLE },
        { address: buffer, role: AccountRole.WRITABLE },
        { address: RENT_SYSVAR, role: AccountRole.READONLY },
        { address: CLOCK_SYSVAR, role: AccountRole.READONLY },
        { address: SYSTEM_PROGRAM, role: AccountRole.READONLY },
        { address: payer.address, role: AccountRole.READONLY_SIGNER, signer: payer },
      ],
      data: concat(u32(2), u64(BigInt(elf.length) * 2n)),
    } as Instruction,
  ]);
  return { program: programSigner.address, programData };
}

/** Upgrade (3): the program's new bytes from a buffer, signed by its upgrade authority (which gets the buffer's lamports). */
export async function upgradeProgram(cluster: SandboxCluster, authority: KeyPairSigner, program: Address, elf: Uint8Array): Promise<void> {
  const buffer = await writeBuffer(cluster, authority, elf);
  await sendInstructions(cluster, authority, [
    {
      programAddress: UPGRADEABLE_LOADER,
      accounts: [
        { address: await programDataAddress(program), role: AccountRole.WRITABLE },
        { address: program, role: AccountRole.WRITABLE },
        { address: buffer, role: AccountRole.WRITABLE },
        { address: authority.address, role: AccountRole.WRITABLE_SIGNER, signer: authority },
        { address: RENT_SYSVAR, role: AccountRole.READONLY },
        { address: CLOCK_SYSVAR, role: AccountRole.READONLY },
        { address: authority.address, role: AccountRole.READONLY_SIGNER, signer: authority },
      ],
      data: u32(3),
    } as Instruction,
  ]);
}

/** SetAuthority (4): hands the program's upgrade authority to `next`. */
export async function setUpgradeAuthority(cluster: SandboxCluster, authority: KeyPairSigner, program: Address, next: Address): Promise<void> {
  await sendInstructions(cluster, authority, [
    {
      programAddress: UPGRADEABLE_LOADER,
      accounts: [
        { address: await programDataAddress(program), role: AccountRole.WRITABLE },
        { address: authority.address, role: AccountRole.READONLY_SIGNER, signer: authority },
        { address: next, role: AccountRole.READONLY },
      ],
      data: u32(4),
    } as Instruction,
  ]);
}
