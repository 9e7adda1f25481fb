import { AccountRole, type AccountMeta, type Address } from '@solana/kit';
import { findEventAuthority } from '../../anchor/event-authority.js';
import {
  findAssociatedTokenAccount,
  findBondingCurve,
  findCreatorVault,
  findGlobal,
  findGlobalVolumeAccumulator,
  findLaunchpadFeeConfig,
  findSharingConfig,
  findUserVolumeAccumulator,
  type LaunchpadPrograms,
} from '../pdas.js';
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS, SYSTEM_PROGRAM_ADDRESS } from '../spl-programs.js';

/** What a v2 trade (buy_v2, buy_exact_quote_in_v2, sell_v2) needs to know; every other account is derived. */
export interface TradeV2Parties {
  readonly programs: LaunchpadPrograms;
  /** The coin. */
  readonly baseMint: Address;
  /** The coin's token program (Token-2022 for coins made by create_v2). */
  readonly baseTokenProgram: Address;
  /** The curve's quote mint (WSOL for a SOL curve, whose account stores the zero key). */
  readonly quoteMint: Address;
  readonly quoteTokenProgram: Address;
  /** The trader: signer and payer. */
  readonly user: Address;
  /** `BondingCurve.creator`: its creator vault receives the creator fee. */
  readonly creator: Address;
  /** One of Global.feeRecipient / feeRecipients (reserved ones for a mayhem-mode coin). */
  readonly feeRecipient: Address;
  /** One of Global.buybackFeeRecipients. */
  readonly buybackFeeRecipient: Address;
}

const W = AccountRole.WRITABLE;
const R = AccountRole.READONLY;

/**
 * The account list in IDL order. Buys list the global volume accumulator after the sharing config;
 * sell_v2 does not have it (its list is one shorter from there on).
 */
export async function tradeV2AccountMetas(p: TradeV2Parties, side: 'buy' | 'sell'): Promise<AccountMeta[]> {
  const { launchpad, fees } = p.programs;
  const quoteAta = (owner: Address) => findAssociatedTokenAccount(owner, p.quoteMint, p.quoteTokenProgram);
  const bondingCurve = await findBondingCurve(launchpad, p.baseMint);
  const creatorVault = await findCreatorVault(launchpad, p.creator);
  const userVolumeAccumulator = await findUserVolumeAccumulator(launchpad, p.user);
  const metas: AccountMeta[] = [
    { address: await findGlobal(launchpad), role: R },
    { address: p.baseMint, role: R },
    { address: p.quoteMint, role: R },
    { address: p.baseTokenProgram, role: R },
    { address: p.quoteTokenProgram, role: R },
    { address: ASSOCIATED_TOKEN_PROGRAM_ADDRESS, role: R },
    { address: p.feeRecipient, role: W },
    { address: await quoteAta(p.feeRecipient), role: W },
    { address: p.buybackFeeRecipient, role: W },
    { address: await quoteAta(p.buybackFeeRecipient), role: W },
    { address: bondingCurve, role: W },
    { address: await findAssociatedTokenAccount(bondingCurve, p.baseMint, p.baseTokenProgram), role: W },
    { address: await quoteAta(bondingCurve), role: W },
    { address: p.user, role: AccountRole.WRITABLE_SIGNER },
    { address: await findAssociatedTokenAccount(p.user, p.baseMint, p.baseTokenProgram), role: W },
    { address: await quoteAta(p.user), role: W },
    { address: creatorVault, role: W },
    { address: await quoteAta(creatorVault), role: W },
    { address: await findSharingConfig(fees, p.baseMint), role: R },
  ];
  if (side === 'buy') metas.push({ address: await findGlobalVolumeAccumulator(launchpad), role: R });
  metas.push(
    { address: userVolumeAccumulator, role: W },
    { address: await quoteAta(userVolumeAccumulator), role: W },
    { address: await findLaunchpadFeeConfig(p.programs), role: R },
    { address: fees, role: R },
    { address: SYSTEM_PROGRAM_ADDRESS, role: R },
    { address: await findEventAuthority(launchpad), role: R },
    { address: launchpad, role: R },
  );
  return metas;
}
