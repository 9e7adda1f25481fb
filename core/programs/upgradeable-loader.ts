import type { Address } from '@solana/kit';
import { addressOfBytes } from './address-text.js';

/**
 * Accounts of the BPF upgradeable loader: a Program (state 2) names its ProgramData; a ProgramData
 * (state 3) holds the slot it was last deployed at, its upgrade authority (none: immutable) and, past a
 * 45-byte header, the executable.
 */
export const UPGRADEABLE_LOADER = 'BPFLoaderUpgradeab1e11111111111111111111111' as Address;
export const PROGRAM_DATA_HEADER = 45;

export function decodeUpgradeableProgram(account: { readonly owner: Address; readonly data: Uint8Array }): { programData: Address } | null {
  if (account.owner !== UPGRADEABLE_LOADER || account.data.length < 36 || account.data[0] !== 2) return null;
  return { programData: addressOfBytes(account.data.subarray(4, 36)) };
}

export function decodeProgramData(account: { readonly owner: Address; readonly data: Uint8Array }): { slot: bigint; upgradeAuthority: Address | null; executable: Uint8Array } | null {
  const { data } = account;
  if (account.owner !== UPGRADEABLE_LOADER || data.length < PROGRAM_DATA_HEADER || data[0] !== 3) return null;
  const slot = new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(4, true);
  const upgradeAuthority = data[12] === 1 ? addressOfBytes(data.subarray(13, 45)) : null;
  return { slot, upgradeAuthority, executable: data.subarray(PROGRAM_DATA_HEADER) };
}
