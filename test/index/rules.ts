import type { PlantingRules } from '../../core/verify/planting.js';
import type { Sandbox } from '../../core/sandbox/sandbox.js';
import { vaultConfigOf, vaultOf } from '../helpers/vault.js';
import { commonFundersOf } from '../../core/index/index-rules.js';

/** The planting rules of the sandbox, read from its profile and the vault's config on chain. */
export function rulesOf(sandbox: Sandbox): PlantingRules {
  const { programs, mints } = sandbox.profile;
  const config = vaultConfigOf(sandbox);
  return {
    launchpad: programs['launchpad']!,
    vault: vaultOf(sandbox),
    amm: programs['amm']!,
    zecMint: mints.zec.address,
    nativeMint: mints.native.address,
    nativePool: sandbox.profile.accounts['nativePool']!,
    nativeSymbol: 'NATIVE',
    treasury: config.treasury,
    creatorFeeBps: config.creatorFeeBps,
    launchFeeLamports: config.launchFeeLamports,
    maxPriorityLamports: 10_000_000n,
    tickerPattern: /^[A-Z0-9]{2,10}$/,
    refusedWords: ['refusedword'],
    stockMints: new Map((sandbox.profile.stocks?.stocks ?? []).map((entry) => [entry.mint, entry.key])),
    commonFunders: commonFundersOf(sandbox.profile),
  };
}
