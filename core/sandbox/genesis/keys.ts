import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createKeyPairSignerFromPrivateKeyBytes, type Address, type KeyPairSigner } from '@solana/kit';
import { lamportsOf } from '../../math/units.js';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../token-balances.js';

/** The keys a sandbox holds (its own authorities and the mints' keypairs), and the constants of its world. */

export const ZEC_MINT_DECIMALS = 8;
export const NATIVE_MINT_DECIMALS = 6;
export const WSOL_MINT = 'So11111111111111111111111111111111111111112' as Address;
/** The faucet's genesis allocation: enough SOL for any amount of sandbox play. */
export const FAUCET_GENESIS_LAMPORTS = lamportsOf(500_000_000n * 1_000_000_000n);

export const SANDBOX_PROGRAMS = Object.freeze({
  system: '11111111111111111111111111111111' as Address,
  token: TOKEN_PROGRAM,
  token2022: TOKEN_2022_PROGRAM,
  associatedToken: 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL' as Address,
  computeBudget: 'ComputeBudget111111111111111111111111111111' as Address,
  addressLookupTable: 'AddressLookupTab1e1111111111111111111111111' as Address,
});

/** Secret seeds the sandbox keeps in its data dir (mode 0600). Sandbox play money only. */
export interface GenesisKeys {
  readonly faucetAuthority: string; // 32-byte Ed25519 seed, hex
  readonly zecMint: string;
  readonly nativeMint: string;
}

export async function signerOf(seedHex: string): Promise<KeyPairSigner> {
  return createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(Buffer.from(seedHex, 'hex')), true);
}

export function loadOrCreateKeys(dataDir: string | null): GenesisKeys {
  const path = dataDir === null ? null : join(dataDir, 'genesis-keys.json');
  if (path !== null && existsSync(path)) return JSON.parse(readFileSync(path, 'utf8')) as GenesisKeys;
  const keys: GenesisKeys = {
    faucetAuthority: randomBytes(32).toString('hex'),
    zecMint: randomBytes(32).toString('hex'),
    nativeMint: randomBytes(32).toString('hex'),
  };
  if (path !== null) {
    writeFileSync(path, JSON.stringify(keys, null, 2) + '\n', { mode: 0o600 });
    chmodSync(path, 0o600);
  }
  return keys;
}

