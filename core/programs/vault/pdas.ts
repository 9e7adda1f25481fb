import type { Address } from '@solana/kit';
import { addressSeed, derivePda } from '../derive-address.js';

/** The vault program's addresses (programs/vault/README.md). The program id comes from the network profile. */
/** An address seed: decoded once and kept (core/programs/derive-address.ts). */
const addressBytes = addressSeed;

/** ["coin-authority", mint]: every listed coin's creator on the launchpad and the AMM. */
export const findCoinAuthority = (vault: Address, mint: Address) => derivePda(vault, ['coin-authority', addressBytes(mint)]);

/** ["payee", mint]: the coin's payee record (owner of its ZEC fee account). */
export const findPayeeRecord = (vault: Address, mint: Address) => derivePda(vault, ['payee', addressBytes(mint)]);
