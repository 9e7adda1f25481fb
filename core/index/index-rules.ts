import type { Address } from '@solana/kit';
import { readFileSync } from 'node:fs';
import type { Chain } from '../chain/chain.js';
import { LISTING_RULES } from '../config/listing-rules.js';
import { NATIVE_SYMBOL, type NetworkProfile } from '../config/profile.js';
import { resourcePath } from '../config/resources.js';
import { DeskError } from '../errors.js';
import { decodeVaultConfig, findVaultConfig } from '../programs/vault/config.js';
import type { PlantingRules } from '../verify/planting.js';

/** The operator's refused words (resources/moderation/refused-words.txt): one per line, # comments. */
export function readRefusedWords(path = resourcePath('moderation', 'refused-words.txt')): string[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** The sources that fund strangers on this cluster: the sandbox's faucet and whatever the profile names. */
export function commonFundersOf(profile: NetworkProfile): Address[] {
  const faucet = profile.accounts['faucetAuthority'];
  return [...(faucet ? [faucet] : []), ...(profile.commonFunders ?? [])];
}

/**
 * What the index judges and follows with, read at run time: addresses from the network profile, the
 * creator fee, launch fee and treasury from the vault's config on chain, the listing policy from
 * core/config. Nothing here is typed in per cluster.
 */
export async function readIndexRules(chain: Chain, profile: NetworkProfile, refusedWords: readonly string[] = readRefusedWords()): Promise<PlantingRules> {
  const need = (value: string | undefined, what: string): string => {
    if (!value) throw new DeskError('profile_invalid', `network profile: ${what} is missing; the index needs it`);
    return value;
  };
  const vault = need(profile.programs['vault'], 'programs.vault') as PlantingRules['vault'];
  const native = profile.pairs?.native;
  const configAddress = await findVaultConfig(vault);
  const account = await chain.getAccount(configAddress, 'confirmed');
  if (!account) throw new DeskError('unavailable', `the vault's config ${configAddress} is not on this cluster: is the vault program set up?`);
  const config = decodeVaultConfig(account.data);
  return {
    launchpad: need(profile.programs['launchpad'], 'programs.launchpad') as PlantingRules['launchpad'],
    amm: need(profile.programs['amm'], 'programs.amm') as PlantingRules['amm'],
    vault,
    zecMint: profile.mints.zec.address,
    nativeMint: profile.mints.native.address,
    nativePool: need(native?.pool ?? profile.accounts['nativePool'], 'pairs.native.pool') as PlantingRules['nativePool'],
    nativeSymbol: native?.symbol ?? NATIVE_SYMBOL,
    treasury: config.treasury,
    creatorFeeBps: config.creatorFeeBps,
    launchFeeLamports: config.launchFeeLamports,
    maxPriorityLamports: LISTING_RULES.maxPriorityLamports,
    tickerPattern: LISTING_RULES.tickerPattern,
    refusedWords,
    stockMints: new Map((profile.stocks?.stocks ?? []).map((entry) => [entry.mint, entry.key])),
    commonFunders: commonFundersOf(profile),
  };
}
