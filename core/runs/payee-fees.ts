import type { Address } from '@solana/kit';
import type { Chain } from '../chain/chain.js';
import type { World } from '../engine/world.js';
import { findAssociatedTokenAccount } from '../programs/launchpad/pdas.js';
import { TOKEN_PROGRAM_ADDRESS } from '../programs/launchpad/spl-programs.js';
import { tokenAccountAmount } from '../programs/token-account.js';
import { decodePayeeRecord, type PayeeRecord } from '../programs/vault/payee-record.js';
import { findPayeeRecord } from '../programs/vault/pdas.js';
import { RunRefused } from './run-sender.js';

/** A coin's payee record and its fee account, as the runs that pay from it read them. */
export interface PayeeFees {
  readonly record: PayeeRecord;
  /** The record's ZEC account: what the split left for the payee (or the holders) waits here. */
  readonly feeAccount: Address;
  /** What waits in it now (0 without the account). */
  readonly waiting: bigint;
}

/**
 * The payee record and what waits in its fee account, in one read: the claim run pays a wallet payee from it,
 * the holder-reward run the holders. A coin without a record is refused (the vault makes one at planting).
 */
export async function readPayeeFees(chain: Chain, world: World, mint: Address): Promise<PayeeFees> {
  const recordAddress = await findPayeeRecord(world.programs.vault, mint);
  const feeAccount = await findAssociatedTokenAccount(recordAddress, world.zec.address, TOKEN_PROGRAM_ADDRESS);
  const [recordAccount, fees] = await chain.getAccounts([recordAddress, feeAccount], 'confirmed');
  if (!recordAccount) throw new RunRefused(`coin ${mint} has no payee record on chain`, null);
  return { record: decodePayeeRecord(recordAccount.data), feeAccount, waiting: fees ? tokenAccountAmount(fees.data) : 0n };
}
