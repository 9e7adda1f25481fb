import type { NetworkProfile } from '../../config/profile.js';
import { RATE_SCALE } from '../../math/split.js';
import { setReferenceInstruction } from '../../programs/vault/price-record.js';
import { sendInstructions } from '../admin-transaction.js';
import { NATIVE_POOL_DEPTH } from './amm.js';
import { signerOf } from './keys.js';
import type { GenesisContext } from './genesis-context.js';

/** The native coin's reference rate at genesis: the native-coin/ZEC pool's opening price (zat per raw unit × 1e12). */
export const NATIVE_REFERENCE_RATE = (NATIVE_POOL_DEPTH.quote * RATE_SCALE) / NATIVE_POOL_DEPTH.base;

/**
 * Genesis step 8: the vault's price record for the native coin, whose `reference` floors every
 * conversion of a native-paired coin's fees to ZEC (split_native). The admin moves it with the market.
 */
export async function genesisNativePrice({ cluster, keys, profile }: GenesisContext): Promise<NetworkProfile> {
  const vault = profile?.programs['vault'];
  if (!profile || !vault) throw new Error('genesis step "native price" needs the vault step first');
  const admin = await signerOf(keys.faucetAuthority);
  await sendInstructions(cluster, admin, [await setReferenceInstruction({ vault, admin: admin.address, mint: profile.mints.native.address, reference: NATIVE_REFERENCE_RATE })]);
  return profile;
}
