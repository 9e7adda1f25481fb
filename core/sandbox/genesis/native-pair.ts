import { NATIVE_SYMBOL, type NetworkProfile } from '../../config/profile.js';
import { AMM_FEES } from './amm.js';
import type { GenesisContext } from './genesis-context.js';

/**
 * Genesis step 6: the native pairing in the profile (`pairs.native`: the coin, its ZEC pool and vaults, the
 * route instruction, the route's protocol fee, the pool's LP fee), read by the API's params and the engine.
 */
export async function genesisNativePair({ profile }: GenesisContext): Promise<NetworkProfile> {
  const accounts = profile?.accounts ?? {};
  const amm = profile?.programs['amm'];
  if (!profile || !amm || !accounts['nativePool']) throw new Error('genesis step "native pair" needs the AMM step first');
  const { native } = profile.mints;
  return {
    ...profile,
    pairs: {
      ...profile.pairs,
      native: {
        mint: native.address,
        symbol: NATIVE_SYMBOL,
        decimals: native.decimals,
        tokenProgram: native.tokenProgram,
        pool: accounts['nativePool'],
        poolBaseVault: accounts['nativePoolBaseVault']!,
        poolQuoteVault: accounts['nativePoolQuoteVault']!,
        routeInstruction: 'multi_hop_swap',
        routeProgram: amm,
        routeProtocolFeeBps: Number(AMM_FEES.protocolBps),
        poolLpFeeBps: Number(AMM_FEES.lpBps),
      },
    },
  };
}
