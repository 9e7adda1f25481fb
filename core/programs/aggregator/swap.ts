import { AccountRole, getU64Encoder, type Address, type Instruction } from '@solana/kit';
import { findEventAuthority } from '../anchor/event-authority.js';
import {
  findAmmFeeConfig,
  findAmmGlobalVolumeAccumulator,
  findAmmUserVolumeAccumulator,
  findCoinCreatorVaultAta,
  findCoinCreatorVaultAuthority,
  findGlobalConfig,
  ZERO_KEY,
} from '../amm/pdas.js';
import { findAssociatedTokenAccount } from '../launchpad/pdas.js';
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS, SYSTEM_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from '../launchpad/spl-programs.js';

/**
 * The sandbox aggregator (programs/aggregator): SOL to ZEC and ZEC to SOL through the AMM's WSOL/ZEC
 * pool, wrapped and unwrapped inside the instruction. Data: discriminator, amount_in, min_amount_out
 * (u64 LE); the return data is what the user received (u64 LE).
 */
export const SOL_TO_ZEC_DISCRIMINATOR = new Uint8Array([18, 25, 161, 194, 139, 131, 53, 57]);
export const ZEC_TO_SOL_DISCRIMINATOR = new Uint8Array([123, 124, 135, 201, 221, 71, 56, 50]);
export const AGGREGATOR_ERRORS = Object.freeze({ SlippageExceeded: 6000, ZeroAmount: 6001, WrongMint: 6002 });
const WSOL_MINT = 'So11111111111111111111111111111111111111112' as Address;

export interface AggregatorRoute {
  readonly aggregator: Address;
  readonly amm: Address;
  readonly fees: Address;
  /** The WSOL/ZEC pool (base WSOL, quote ZEC) and its two vaults. */
  readonly pool: Address;
  readonly poolWsolVault: Address;
  readonly poolZecVault: Address;
  readonly zecMint: Address;
  /** One of the AMM GlobalConfig's protocol fee recipients. */
  readonly protocolFeeRecipient: Address;
}

export async function aggregatorSwapInstruction(
  route: AggregatorRoute,
  a: { readonly direction: 'sol_to_zec' | 'zec_to_sol'; readonly user: Address; readonly amountIn: bigint; readonly minAmountOut: bigint },
): Promise<Instruction> {
  const u64 = getU64Encoder();
  const data = new Uint8Array(24);
  data.set(a.direction === 'sol_to_zec' ? SOL_TO_ZEC_DISCRIMINATOR : ZEC_TO_SOL_DISCRIMINATOR, 0);
  data.set(u64.encode(a.amountIn), 8);
  data.set(u64.encode(a.minAmountOut), 16);
  const W = AccountRole.WRITABLE;
  const R = AccountRole.READONLY;
  const programs = { amm: route.amm, fees: route.fees };
  return {
    programAddress: route.aggregator,
    accounts: [
      { address: a.user, role: AccountRole.WRITABLE_SIGNER },
      { address: await findAssociatedTokenAccount(a.user, WSOL_MINT, TOKEN_PROGRAM_ADDRESS), role: W },
      { address: await findAssociatedTokenAccount(a.user, route.zecMint, TOKEN_PROGRAM_ADDRESS), role: W },
      { address: WSOL_MINT, role: R },
      { address: route.zecMint, role: R },
      { address: TOKEN_PROGRAM_ADDRESS, role: R },
      { address: SYSTEM_PROGRAM_ADDRESS, role: R },
      { address: ASSOCIATED_TOKEN_PROGRAM_ADDRESS, role: R },
      { address: route.amm, role: R },
      { address: route.pool, role: W },
      { address: await findGlobalConfig(route.amm), role: R },
      { address: route.poolWsolVault, role: W },
      { address: route.poolZecVault, role: W },
      { address: route.protocolFeeRecipient, role: R },
      { address: await findAssociatedTokenAccount(route.protocolFeeRecipient, route.zecMint, TOKEN_PROGRAM_ADDRESS), role: W },
      { address: await findCoinCreatorVaultAta(route.amm, ZERO_KEY, route.zecMint, TOKEN_PROGRAM_ADDRESS), role: W },
      { address: await findCoinCreatorVaultAuthority(route.amm, ZERO_KEY), role: R },
      { address: await findAmmGlobalVolumeAccumulator(route.amm), role: R },
      { address: await findAmmUserVolumeAccumulator(route.amm, a.user), role: W },
      { address: await findAmmFeeConfig(programs), role: R },
      { address: route.fees, role: R },
      { address: await findEventAuthority(route.amm), role: R },
    ],
    data,
  };
}
