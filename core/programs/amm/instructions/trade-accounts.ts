import { AccountRole, type AccountMeta, type Address } from '@solana/kit';
import { findEventAuthority } from '../../anchor/event-authority.js';
import { findAssociatedTokenAccount } from '../../launchpad/pdas.js';
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS, SYSTEM_PROGRAM_ADDRESS } from '../../launchpad/spl-programs.js';
import {
  findAmmFeeConfig,
  findAmmGlobalVolumeAccumulator,
  findAmmUserVolumeAccumulator,
  findCoinCreatorVaultAuthority,
  findGlobalConfig,
  findPoolTokenAccount,
  findPoolV2,
  ZERO_KEY,
  type AmmPrograms,
} from '../pdas.js';

/** What a trade (buy, buy_exact_quote_in, sell) needs to know; every other account is derived. */
export interface AmmTradeParties {
  readonly programs: AmmPrograms;
  /** The pool's address (see findPool / findCanonicalPool). */
  readonly pool: Address;
  /** Pool.baseMint and its token program. */
  readonly baseMint: Address;
  readonly baseTokenProgram: Address;
  /** Pool.quoteMint and its token program. */
  readonly quoteMint: Address;
  readonly quoteTokenProgram: Address;
  /** The trader: signer and payer. Trades from and into its base and quote ATAs. */
  readonly user: Address;
  /** `Pool.coinCreator` (the zero key when none): its vault's quote ATA receives the creator fee. */
  readonly coinCreator: Address;
  /** One of GlobalConfig.protocolFeeRecipients (reserved ones for a mayhem-mode pool). */
  readonly protocolFeeRecipient: Address;
  /**
   * The accounts the SDK (@pump-fun/pump-swap-sdk) appends after the IDL's list, which the live program
   * reads as remaining accounts; absent: none are appended. In order: for a cashback coin the user
   * volume accumulator's quote ATA (writable; a sell adds the accumulator itself, writable); for a pool
   * with a coin creator the ["pool-v2", base_mint] PDA (read-only); then the buyback fee recipient
   * (read-only) and its quote ATA (writable).
   */
  readonly remaining?: {
    readonly isCashbackCoin: boolean;
    /** One of GlobalConfig.buybackFeeRecipients. */
    readonly buybackFeeRecipient: Address;
  };
}

const W = AccountRole.WRITABLE;
const R = AccountRole.READONLY;

/**
 * The account list in IDL order. Buys (buy, buy_exact_quote_in: the same list) have the global and the
 * user volume accumulators between the coin creator vault authority and the fee config; sell does not.
 */
export async function ammTradeAccountMetas(p: AmmTradeParties, side: 'buy' | 'sell'): Promise<AccountMeta[]> {
  const { amm, fees } = p.programs;
  const quoteAta = (owner: Address) => findAssociatedTokenAccount(owner, p.quoteMint, p.quoteTokenProgram);
  const vaultAuthority = await findCoinCreatorVaultAuthority(amm, p.coinCreator);
  const userVolumeAccumulator = await findAmmUserVolumeAccumulator(amm, p.user);
  const metas: AccountMeta[] = [
    { address: p.pool, role: W },
    { address: p.user, role: AccountRole.WRITABLE_SIGNER },
    { address: await findGlobalConfig(amm), role: R },
    { address: p.baseMint, role: R },
    { address: p.quoteMint, role: R },
    { address: await findAssociatedTokenAccount(p.user, p.baseMint, p.baseTokenProgram), role: W },
    { address: await quoteAta(p.user), role: W },
    { address: await findPoolTokenAccount(p.pool, p.baseMint, p.baseTokenProgram), role: W },
    { address: await findPoolTokenAccount(p.pool, p.quoteMint, p.quoteTokenProgram), role: W },
    { address: p.protocolFeeRecipient, role: R },
    { address: await quoteAta(p.protocolFeeRecipient), role: W },
    { address: p.baseTokenProgram, role: R },
    { address: p.quoteTokenProgram, role: R },
    { address: SYSTEM_PROGRAM_ADDRESS, role: R },
    { address: ASSOCIATED_TOKEN_PROGRAM_ADDRESS, role: R },
    { address: await findEventAuthority(amm), role: R },
    { address: amm, role: R },
    { address: await quoteAta(vaultAuthority), role: W },
    { address: vaultAuthority, role: R },
  ];
  if (side === 'buy') {
    metas.push(
      { address: await findAmmGlobalVolumeAccumulator(amm), role: R },
      { address: userVolumeAccumulator, role: W },
    );
  }
  metas.push(
    { address: await findAmmFeeConfig(p.programs), role: R },
    { address: fees, role: R },
  );
  const remaining = p.remaining;
  if (remaining) {
    if (remaining.isCashbackCoin) {
      metas.push({ address: await quoteAta(userVolumeAccumulator), role: W });
      if (side === 'sell') metas.push({ address: userVolumeAccumulator, role: W });
    }
    if (p.coinCreator !== ZERO_KEY) metas.push({ address: await findPoolV2(amm, p.baseMint), role: R });
    metas.push(
      { address: remaining.buybackFeeRecipient, role: R },
      { address: await quoteAta(remaining.buybackFeeRecipient), role: W },
    );
  }
  return metas;
}
