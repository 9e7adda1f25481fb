import type { Address } from '@solana/kit';
import { decodeAddress } from './address-codec.js';

/**
 * SPL token accounts of either token program: what they hold and whose they are. Byte layouts live in
 * core/programs; the sandbox's RPC facade, the indexer and the engine all read accounts through here.
 */
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address;
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address;
/** Size of an SPL token account without extensions; Token-2022 puts its account-type byte right after. */
const TOKEN_ACCOUNT_SIZE = 165;
const ACCOUNT_TYPE_ACCOUNT = 2;

/** Is this a token account (of either token program), as opposed to a mint or anything else? */
export function isTokenAccount(account: { readonly owner: Address; readonly data: Uint8Array }): boolean {
  if (account.owner !== TOKEN_PROGRAM && account.owner !== TOKEN_2022_PROGRAM) return false;
  if (account.data.length === TOKEN_ACCOUNT_SIZE) return true;
  return account.owner === TOKEN_2022_PROGRAM && account.data.length > TOKEN_ACCOUNT_SIZE && account.data[TOKEN_ACCOUNT_SIZE] === ACCOUNT_TYPE_ACCOUNT;
}

export function tokenAccountFields(data: Uint8Array): { mint: Address; owner: Address; amount: bigint } {
  return {
    mint: decodeAddress(data.subarray(0, 32)),
    owner: decodeAddress(data.subarray(32, 64)),
    amount: tokenAccountAmount(data),
  };
}

/** The amount a token account holds (bytes 64..72, little endian). */
export function tokenAccountAmount(data: Uint8Array): bigint {
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(64, true);
}
