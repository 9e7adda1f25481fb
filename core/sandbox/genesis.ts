import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createKeyPairSignerFromPrivateKeyBytes, type Address, type KeyPairSigner } from '@solana/kit';
import { getCreateAccountInstruction } from '@solana-program/system';
import { getInitializeMint2Instruction } from '@solana-program/token';
import type { NetworkProfile } from '../config/profile.js';
import { lamportsOf } from '../math/units.js';
import type { SandboxCluster } from './cluster.js';
import { sendInstructions } from './admin-transaction.js';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from './token-balances.js';

/**
 * Genesis of a sandbox: the keys it holds, the mints of the launchpad world and the network profile
 * that tells the rest of the product where everything is. Every account is made by a real transaction
 * (they appear in the history), except the faucet's opening balance, which is the cluster's genesis
 * allocation as on a test validator.
 */

export const ZEC_MINT_DECIMALS = 8;
export const NATIVE_MINT_DECIMALS = 6;
export const WSOL_MINT = 'So11111111111111111111111111111111111111112' as Address;
const MINT_SIZE = 82n;
/** The faucet's genesis allocation: enough SOL for any amount of sandbox play. */
const FAUCET_GENESIS_LAMPORTS = lamportsOf(500_000_000n * 1_000_000_000n);

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

export async function runGenesis(cluster: SandboxCluster, keys: GenesisKeys): Promise<NetworkProfile> {
  const faucet = await signerOf(keys.faucetAuthority);
  const zec = await signerOf(keys.zecMint);
  const native = await signerOf(keys.nativeMint);
  cluster.fundFromGenesis(faucet.address, FAUCET_GENESIS_LAMPORTS);
  cluster.installNativeMints();

  const rent = cluster.minimumBalanceForRentExemption(MINT_SIZE);
  const createMint = (mint: KeyPairSigner, decimals: number, programAddress: Address) => [
    getCreateAccountInstruction({ payer: faucet, newAccount: mint, lamports: rent, space: MINT_SIZE, programAddress }),
    getInitializeMint2Instruction({ mint: mint.address, decimals, mintAuthority: faucet.address, freezeAuthority: null }, { programAddress }),
  ];
  await sendInstructions(cluster, faucet, [
    ...createMint(zec, ZEC_MINT_DECIMALS, TOKEN_PROGRAM),
    ...createMint(native, NATIVE_MINT_DECIMALS, TOKEN_2022_PROGRAM),
  ]);

  return {
    version: 1,
    cluster: { kind: 'sandbox', rpcUrl: null, wsUrl: null },
    programs: { ...SANDBOX_PROGRAMS },
    mints: {
      zec: { address: zec.address, decimals: ZEC_MINT_DECIMALS, tokenProgram: TOKEN_PROGRAM },
      native: { address: native.address, decimals: NATIVE_MINT_DECIMALS, tokenProgram: TOKEN_2022_PROGRAM },
      wsol: { address: WSOL_MINT, decimals: 9, tokenProgram: TOKEN_PROGRAM },
    },
    accounts: { faucetAuthority: faucet.address },
  };
}
