import { readFileSync } from 'node:fs';
import { generateKeyPairSigner, type Instruction } from '@solana/kit';
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction } from '@solana-program/token';
import type { NetworkProfile } from '../../config/profile.js';
import { resourcePath } from '../../config/resources.js';
import { SERVICE_SPLIT_RATES } from '../../math/split.js';
import { bps } from '../../math/units.js';
import { findLiquidityPot, findVaultConfig, initConfigInstruction, type VaultSettings } from '../../programs/vault/config.js';
import { sendInstructions } from '../admin-transaction.js';
import { signerOf } from './keys.js';
import { SANDBOX_OWN_PROGRAMS } from './live-addresses.js';
import type { GenesisContext } from './genesis-context.js';

/** The sandbox's planting figures: the creator fee every listed coin uses, and the launch fee (0.02 SOL). */
export const SANDBOX_PLANTING = Object.freeze({ creatorFeeBps: bps(200n), launchFeeLamports: 20_000_000n, conversionToleranceBps: bps(300n) });

/**
 * Genesis step 7: the service's vault program and its config (the service's 25/25/10/40 split, the
 * treasury, rootstock and liquidity pot, each with its ZEC account; the sandbox authority as admin and
 * run authority).
 */
export async function genesisVault({ cluster, keys, profile }: GenesisContext): Promise<NetworkProfile> {
  if (!profile?.programs['launchpad']) throw new Error('genesis step "vault" needs the launchpad step first');
  const admin = await signerOf(keys.faucetAuthority);
  const vault = SANDBOX_OWN_PROGRAMS.vault;
  cluster.installProgram(vault, new Uint8Array(readFileSync(resourcePath('programs', 'vault.so'))));
  const settings: VaultSettings = {
    runAuthority: admin.address,
    treasury: (await generateKeyPairSigner()).address,
    rootstock: (await generateKeyPairSigner()).address,
    liquidityPot: await findLiquidityPot(vault),
    split: SERVICE_SPLIT_RATES,
    ...SANDBOX_PLANTING,
  };
  const zec = profile.mints.zec;
  const zecAccounts: Instruction[] = [];
  for (const owner of [settings.treasury, settings.rootstock, settings.liquidityPot]) {
    const [ata] = await findAssociatedTokenPda({ mint: zec.address, owner, tokenProgram: zec.tokenProgram });
    zecAccounts.push(getCreateAssociatedTokenIdempotentInstruction({ payer: admin, ata, owner, mint: zec.address, tokenProgram: zec.tokenProgram }));
  }
  await sendInstructions(cluster, admin, [await initConfigInstruction(vault, admin.address, settings), ...zecAccounts]);
  return {
    ...profile,
    programs: { ...profile.programs, vault },
    accounts: { ...profile.accounts, vaultConfig: await findVaultConfig(vault), treasury: settings.treasury, rootstock: settings.rootstock, liquidityPot: settings.liquidityPot },
  };
}

/**
 * Genesis step 13: the vault program of this version, whose holder-reward runs log their events
 * (RunOpenEvent, RunPayEvent, RunCloseEvent) so the index can show each run and each payment. A sandbox
 * made before it gets the new binary in place (an upgrade, as a real cluster's upgrade authority would
 * do it; the desk's program guard notices it once); a new sandbox already has it from step 7.
 */
export async function genesisVaultRunEvents({ cluster, profile }: GenesisContext): Promise<NetworkProfile> {
  const vault = profile?.programs['vault'];
  if (!profile || !vault) throw new Error('genesis step "vault run events" needs the vault step first');
  cluster.installProgram(vault, new Uint8Array(readFileSync(resourcePath('programs', 'vault.so'))));
  return profile;
}
