import { readFileSync } from 'node:fs';
import { generateKeyPairSigner, type Address, type Instruction, type KeyPairSigner } from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, getMintToCheckedInstruction, getSyncNativeInstruction } from '@solana-program/token';
import type { MintInfo, NetworkProfile } from '../../config/profile.js';
import { resourcePath } from '../../config/resources.js';
import type { Bps, TokenUnits } from '../../math/units.js';
import { createConfigInstruction } from '../../programs/amm/instructions/create-config.js';
import { createPoolInstruction } from '../../programs/amm/instructions/create-pool.js';
import { findCoinCreatorVaultAuthority, findGlobalConfig, findPool, findPoolTokenAccount, ZERO_KEY } from '../../programs/amm/pdas.js';
import { sendInstructions } from '../admin-transaction.js';
import type { SandboxCluster } from '../cluster.js';
import { signerOf } from './keys.js';
import { LIVE_PROGRAMS } from './live-addresses.js';
import type { GenesisContext } from './genesis-context.js';

/**
 * Genesis step 4: the AMM at its live address, its GlobalConfig (LP 0.20%, protocol 0.05%, coin
 * creator 2.00%: the spec's route fees), and the sandbox's own pools with depth: the native coin/ZEC
 * pool (the first hop of every native-paired route) and WSOL/ZEC (the aggregator's venue).
 */
export const AMM_FEES = Object.freeze({ lpBps: 20n as Bps, protocolBps: 5n as Bps, coinCreatorBps: 200n as Bps });
/** 100,000,000 native coins against 100,000 ZEC: one native coin is 0.001 ZEC. */
export const NATIVE_POOL_DEPTH = Object.freeze({ base: 100_000_000n * 1_000_000n, quote: 100_000n * 100_000_000n });
/** 10,000 SOL against 10,000 ZEC: one SOL is one ZEC. */
export const WSOL_POOL_DEPTH = Object.freeze({ base: 10_000n * 1_000_000_000n, quote: 10_000n * 100_000_000n });
const PROTOCOL_FEE_RECIPIENTS = 8;

async function ata(owner: Address, mint: MintInfo): Promise<Address> {
  const [address] = await findAssociatedTokenPda({ owner, mint: mint.address, tokenProgram: mint.tokenProgram });
  return address;
}

/** The admin's own tokens for the pools: ZEC and the native coin minted, SOL wrapped. */
async function fundAdmin(cluster: SandboxCluster, admin: KeyPairSigner, mints: NetworkProfile['mints']): Promise<void> {
  const { zec, native, wsol } = mints;
  const instructions: Instruction[] = [];
  for (const mint of [zec, native, wsol]) {
    instructions.push(getCreateAssociatedTokenIdempotentInstruction({ payer: admin, ata: await ata(admin.address, mint), owner: admin.address, mint: mint.address, tokenProgram: mint.tokenProgram }));
  }
  for (const [mint, amount] of [[zec, NATIVE_POOL_DEPTH.quote + WSOL_POOL_DEPTH.quote], [native, NATIVE_POOL_DEPTH.base]] as const) {
    instructions.push(
      getMintToCheckedInstruction({ mint: mint.address, token: await ata(admin.address, mint), mintAuthority: admin, amount, decimals: mint.decimals }, { programAddress: mint.tokenProgram }),
    );
  }
  const wsolAccount = await ata(admin.address, wsol);
  instructions.push(getTransferSolInstruction({ source: admin, destination: wsolAccount, amount: WSOL_POOL_DEPTH.base }), getSyncNativeInstruction({ account: wsolAccount }));
  await sendInstructions(cluster, admin, instructions);
}

export async function genesisAmm({ cluster, keys, profile }: GenesisContext): Promise<NetworkProfile> {
  if (!profile) throw new Error('genesis step "amm" needs the mints step first');
  const admin = await signerOf(keys.faucetAuthority);
  const amm = LIVE_PROGRAMS.amm;
  cluster.installProgram(amm, new Uint8Array(readFileSync(resourcePath('programs', 'amm.so'))));
  const recipients: Address[] = [];
  for (let i = 0; i < PROTOCOL_FEE_RECIPIENTS; i++) recipients.push((await generateKeyPairSigner()).address);
  await sendInstructions(cluster, admin, [
    await createConfigInstruction(
      { amm, admin: admin.address },
      {
        lpFeeBasisPoints: AMM_FEES.lpBps,
        protocolFeeBasisPoints: AMM_FEES.protocolBps,
        protocolFeeRecipients: recipients,
        coinCreatorFeeBasisPoints: AMM_FEES.coinCreatorBps,
        adminSetCoinCreatorAuthority: admin.address,
      },
    ),
  ]);
  const { zec, native, wsol } = profile.mints;
  await fundAdmin(cluster, admin, profile.mints);
  // Fee accounts up front (traders would otherwise pay their rent): every protocol fee recipient's ZEC
  // account, and the coin-creator vault's of the sandbox's own pools (no coin creator).
  const feeAccounts: Instruction[] = [];
  for (const owner of [...recipients, await findCoinCreatorVaultAuthority(amm, ZERO_KEY)]) {
    feeAccounts.push(getCreateAssociatedTokenIdempotentInstruction({ payer: admin, ata: await ata(owner, zec), owner, mint: zec.address, tokenProgram: zec.tokenProgram }));
  }
  await sendInstructions(cluster, admin, feeAccounts);

  const pools: Record<string, Address> = {};
  for (const [name, base, depth] of [['native', native, NATIVE_POOL_DEPTH], ['wsol', wsol, WSOL_POOL_DEPTH]] as const) {
    await sendInstructions(cluster, admin, [
      await createPoolInstruction(
        { amm, creator: admin.address, baseMint: base.address, quoteMint: zec.address, baseTokenProgram: base.tokenProgram, quoteTokenProgram: zec.tokenProgram },
        {
          index: 0,
          baseAmountIn: depth.base as TokenUnits,
          quoteAmountIn: depth.quote,
          coinCreator: ZERO_KEY,
          isMayhemMode: false,
          isCashbackCoin: false,
          creatorFeeBps: 0n as Bps,
          canEditCreatorFee: false,
          isHolderReward: false,
        },
      ),
    ]);
    const pool = await findPool(amm, 0, admin.address, base.address, zec.address);
    pools[`${name}Pool`] = pool;
    pools[`${name}PoolBaseVault`] = await findPoolTokenAccount(pool, base.address, base.tokenProgram);
    pools[`${name}PoolQuoteVault`] = await findPoolTokenAccount(pool, zec.address, zec.tokenProgram);
  }
  return {
    ...profile,
    programs: { ...profile.programs, amm },
    accounts: { ...profile.accounts, ammGlobalConfig: await findGlobalConfig(amm), ammProtocolFeeRecipient: recipients[0]!, ammAdmin: admin.address, ...pools },
  } as NetworkProfile;
}
