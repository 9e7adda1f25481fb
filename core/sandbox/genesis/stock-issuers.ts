import { createHash } from 'node:crypto';
import { createKeyPairSignerFromPrivateKeyBytes, getAddressEncoder, getProgramDerivedAddress, type Address, type KeyPairSigner } from '@solana/kit';
import type { GenesisKeys } from './keys.js';

/**
 * The sandbox's two stock issuers and their keys. Each key is derived from the sandbox's own authority
 * seed and a label (sha256), so genesis and the sandbox's admin commands find the same keys without
 * another secret file, and no two sandboxes share them. The roles sit behind realistic kinds of key:
 * plain wallets, an SPL multisig (2 of 3) and an upgradeable transfer-agent program whose derived
 * address is the permanent delegate.
 */

export type IssuerId = 'x' | 'm';

export interface StockIssuer {
  readonly id: IssuerId;
  readonly name: string;
  /** Mint authority while a mint is set up (it signs the metadata), then handed to the multisig. */
  readonly setup: KeyPairSigner;
  /** Freeze, metadata, hook, fee and confidential-transfer roles. */
  readonly operations: KeyPairSigner;
  /** The pause authority. */
  readonly pauser: KeyPairSigner;
  /** The multisig's account key (only to create it) and its three members. */
  readonly multisigAccount: KeyPairSigner;
  readonly members: readonly [KeyPairSigner, KeyPairSigner, KeyPairSigner];
  /** The transfer-agent program's key and its upgrade authority. */
  readonly programAccount: KeyPairSigner;
  readonly upgrader: KeyPairSigner;
}

export const ISSUER_NAMES: Readonly<Record<IssuerId, string>> = Object.freeze({ x: 'Backed Assets (xStocks)', m: 'Meridian Tokenized Equities' });
export const MULTISIG_THRESHOLD = 2;
/** Seed of the transfer agent's derived address (the permanent delegate). */
export const TRANSFER_AGENT_SEED = 'transfer-agent';

export async function derivedSigner(keys: GenesisKeys, label: string): Promise<KeyPairSigner> {
  const seed = createHash('sha256').update(`launchdesk sandbox/${keys.faucetAuthority}/${label}`).digest();
  return createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(seed), true);
}

export async function stockIssuer(keys: GenesisKeys, id: IssuerId): Promise<StockIssuer> {
  const key = (label: string) => derivedSigner(keys, `stock-issuer/${id}/${label}`);
  return {
    id,
    name: ISSUER_NAMES[id],
    setup: await key('setup'),
    operations: await key('operations'),
    pauser: await key('pauser'),
    multisigAccount: await key('multisig'),
    members: [await key('member-1'), await key('member-2'), await key('member-3')],
    programAccount: await key('transfer-agent-program'),
    upgrader: await key('upgrader'),
  };
}

/** A stock's mint key (needed only to create the mint). */
export const stockMintSigner = (keys: GenesisKeys, stockKey: string) => derivedSigner(keys, `stock-mint/${stockKey}`);

export async function transferAgentAddress(program: Address): Promise<Address> {
  const [address] = await getProgramDerivedAddress({ programAddress: program, seeds: [new TextEncoder().encode(TRANSFER_AGENT_SEED)] });
  return address;
}

/** The 8-decimal stocks are issued by the first issuer, the 6-decimal ones by the second. */
export const issuerOfDecimals = (decimals: number): IssuerId => (decimals === 8 ? 'x' : 'm');

export const encodeAddress = (address: Address): Uint8Array => new Uint8Array(getAddressEncoder().encode(address));
