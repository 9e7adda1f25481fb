import type { Address } from '@solana/kit';
import { addressOfBytes } from '../address-text.js';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../token-account.js';

/**
 * An SPL multisig account (either token program): m of n signers, up to 11 of them. Layout: m u8, n u8,
 * is_initialized u8, then 11 keys of which the first n count.
 */
export const MULTISIG_SIZE = 355;
export const MULTISIG_MAX_SIGNERS = 11;

export interface SplMultisig {
  readonly threshold: number;
  readonly members: readonly Address[];
}

export function decodeSplMultisig(account: { readonly owner: Address; readonly data: Uint8Array }): SplMultisig | null {
  if (account.owner !== TOKEN_2022_PROGRAM && account.owner !== TOKEN_PROGRAM) return null;
  const { data } = account;
  if (data.length !== MULTISIG_SIZE || data[2] !== 1) return null;
  const n = data[1]!;
  if (n > MULTISIG_MAX_SIGNERS) return null;
  const members: Address[] = [];
  for (let i = 0; i < n; i++) members.push(addressOfBytes(data.subarray(3 + 32 * i, 35 + 32 * i)));
  return { threshold: data[0]!, members };
}

/** The bytes of a multisig account holding these members (what InitializeMultisig2 writes). */
export function encodeSplMultisig(multisig: SplMultisig, encodeAddress: (address: Address) => Uint8Array): Uint8Array {
  const data = new Uint8Array(MULTISIG_SIZE);
  data[0] = multisig.threshold;
  data[1] = multisig.members.length;
  data[2] = 1;
  multisig.members.forEach((member, i) => data.set(encodeAddress(member), 3 + 32 * i));
  return data;
}
