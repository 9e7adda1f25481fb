import { generateKeyPairSigner, lamports, type Address, type Instruction, type KeyPairSigner } from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { buyV2Instruction } from '../../core/programs/launchpad/instructions/buy-v2.js';
import { createV2Instruction } from '../../core/programs/launchpad/instructions/create-v2.js';
import { findBondingCurve } from '../../core/programs/launchpad/pdas.js';
import { decodeVaultConfig } from '../../core/programs/vault/config.js';
import { declarePayeeInstruction, type Payee } from '../../core/programs/vault/declare-payee.js';
import { findCoinAuthority } from '../../core/programs/vault/pdas.js';
import type { Sandbox } from '../../core/sandbox/sandbox.js';
import { openCoinAccount, partiesFor, programsOf, send, tokens, type Coin } from './launchpad.js';

const ZEC = 100_000_000n;

export const vaultOf = (sandbox: Sandbox): Address => sandbox.profile.programs['vault']!;
export const vaultConfigOf = (sandbox: Sandbox) => decodeVaultConfig(sandbox.cluster.getAccount(sandbox.profile.accounts['vaultConfig']!)!.data);

/**
 * The spec's "Hand-built planting", in order: create_v2 (ZEC quote, the coin authority as creator, the
 * config's creator fee), optionally the payer's coin account and a buy_v2, the launch fee to the
 * treasury, declare_payee. Signed by the payer and the mint key.
 */
export async function plantingInstructions(
  sandbox: Sandbox,
  payer: KeyPairSigner,
  mint: KeyPairSigner,
  payee: Payee,
  buyTokens: bigint | null,
  pair: 'zec' | 'native' = 'zec',
  /** For non-conforming plantings: another creator, fee, name, ticker or quote mint in create_v2. */
  change: Partial<{ creator: Address; creatorFeeBps: bigint; name: string; symbol: string; uri: string; quote: { mint: Address; tokenProgram: Address } }> = {},
): Promise<{ coin: Coin; instructions: Instruction[] }> {
  const vault = vaultOf(sandbox);
  const config = vaultConfigOf(sandbox);
  const zec = sandbox.profile.mints.zec;
  const quote = sandbox.profile.mints[pair];
  if (pair === 'native' && buyTokens !== null) throw new Error('a native-paired planting\'s first buy is a route: plant without it here');
  const creator = change.creator ?? (await findCoinAuthority(vault, mint.address));
  const create = await createV2Instruction(
    { programs: programsOf(sandbox), mint: mint.address, user: payer.address, quote: change.quote ?? { mint: quote.address, tokenProgram: quote.tokenProgram } },
    {
      name: change.name ?? 'Planted Coin', symbol: change.symbol ?? 'PLANT', uri: change.uri ?? 'https://example.com/plant.json', creator, isMayhemMode: false, isCashbackEnabled: false,
      creatorFeeBps: (change.creatorFeeBps ?? config.creatorFeeBps) as typeof config.creatorFeeBps, isHolderReward: false,
    },
  );
  const coin: Coin = { mint: mint.address, curve: await findBondingCurve(programsOf(sandbox).launchpad, mint.address), creator };
  const firstBuy = buyTokens === null ? [] : [await openCoinAccount(payer, coin), await buyV2Instruction(partiesFor(sandbox, coin, payer.address), { amount: tokens(buyTokens), maxQuoteCost: 100n * ZEC })];
  return {
    coin,
    instructions: [
      create,
      ...firstBuy,
      getTransferSolInstruction({ source: payer, destination: config.treasury, amount: lamports(config.launchFeeLamports) }),
      await declarePayeeInstruction({ vault, zecMint: zec.address, deployer: payer.address, mint: mint.address, payee }),
    ],
  };
}

/** Plants a listed coin (the hand-built planting) and answers it; throws if the planting fails. */
export async function plantListedCoin(sandbox: Sandbox, payer: KeyPairSigner, payee: Payee, buyTokens: bigint | null = null, pair: 'zec' | 'native' = 'zec'): Promise<Coin> {
  const mint = await generateKeyPairSigner();
  const { coin, instructions } = await plantingInstructions(sandbox, payer, mint, payee, buyTokens, pair);
  const result = await send(sandbox, payer, instructions, [mint]);
  if (result.err !== null) throw new Error(`the planting failed: ${JSON.stringify(result.err)}\n${result.logs.join('\n')}`);
  return coin;
}
