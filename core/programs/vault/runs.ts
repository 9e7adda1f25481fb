import { AccountRole, getAddressEncoder, getU32Encoder, getU64Encoder, type Address, type Instruction, type ReadonlyUint8Array } from '@solana/kit';
import { decodeAddress } from '../address-codec.js';
import { derivePda } from '../derive-address.js';
import { findAssociatedTokenAccount } from '../launchpad/pdas.js';
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS, SYSTEM_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from '../launchpad/spl-programs.js';
import { findVaultConfig } from './config.js';
import { findPayeeRecord } from './pdas.js';
import { hasDiscriminator } from '../launchpad/borsh.js';

/**
 * Holder-reward runs (programs/vault/runs.h): open_run moves what waits in a holders coin's fee account
 * into run n+1; pay_run pays a batch of holders (at most RUN_BATCH_MAX per instruction); close_run
 * returns the dust to the fee account once every declared recipient is paid.
 */
export const OPEN_RUN_DISCRIMINATOR = new Uint8Array([252, 181, 149, 94, 46, 20, 82, 14]);
export const PAY_RUN_DISCRIMINATOR = new Uint8Array([220, 131, 18, 239, 23, 72, 169, 229]);
export const CLOSE_RUN_DISCRIMINATOR = new Uint8Array([31, 61, 130, 76, 74, 147, 171, 204]);
export const REWARD_RUN_DISCRIMINATOR = new Uint8Array([30, 99, 208, 209, 24, 20, 100, 255]);
/** The program reads at most 32 accounts: 8 fixed and three per holder. */
export const RUN_BATCH_MAX = 8;

export const RUN_ERRORS = Object.freeze({ NotRunAuthority: 6211, NotHolderRewardCoin: 6212, RunOverpaid: 6213, RunClosed: 6214, RunIncomplete: 6215, BadBatch: 6216 });

export const findRewardRun = (vault: Address, mint: Address, run: number) => derivePda(vault, ['run', getAddressEncoder().encode(mint), getU32Encoder().encode(run)]);
export const findRunPaid = (vault: Address, run: Address, wallet: Address) => derivePda(vault, ['run-paid', getAddressEncoder().encode(run), getAddressEncoder().encode(wallet)]);

export type RewardRun = Readonly<{ mint: Address; run: number; snapshotSlot: bigint; total: bigint; paid: bigint; recipients: number; paidRecipients: number; closed: boolean }>;

export function decodeRewardRun(data: ReadonlyUint8Array): RewardRun {
  if (data.length < 78 || !hasDiscriminator(data, REWARD_RUN_DISCRIMINATOR)) throw new Error(`not a vault RewardRun account (${data.length} bytes)`);
  const view = new DataView(data.buffer, data.byteOffset, data.length);
  return Object.freeze({
    mint: decodeAddress(data.subarray(9, 41)),
    run: view.getUint32(41, true),
    snapshotSlot: view.getBigUint64(45, true),
    total: view.getBigUint64(53, true),
    paid: view.getBigUint64(61, true),
    recipients: view.getUint32(69, true),
    paidRecipients: view.getUint32(73, true),
    closed: data[77] !== 0,
  });
}

interface RunAccounts {
  readonly vault: Address;
  readonly zecMint: Address;
  readonly mint: Address;
  readonly runAuthority: Address;
  /** The run's number: 1 for a coin's first run. */
  readonly run: number;
}

const zecAccount = (owner: Address, zecMint: Address) => findAssociatedTokenAccount(owner, zecMint, TOKEN_PROGRAM_ADDRESS);
const W = AccountRole.WRITABLE;
const R = AccountRole.READONLY;

export async function openRunInstruction(input: RunAccounts & { readonly recipients: number; readonly snapshotSlot: bigint }): Promise<Instruction> {
  const record = await findPayeeRecord(input.vault, input.mint);
  const run = await findRewardRun(input.vault, input.mint, input.run);
  const data = new Uint8Array(20);
  data.set(OPEN_RUN_DISCRIMINATOR, 0);
  data.set(getU32Encoder().encode(input.recipients), 8);
  data.set(getU64Encoder().encode(input.snapshotSlot), 12);
  return {
    programAddress: input.vault,
    accounts: [
      { address: input.runAuthority, role: AccountRole.WRITABLE_SIGNER },
      { address: await findVaultConfig(input.vault), role: R },
      { address: input.mint, role: R },
      { address: record, role: W },
      { address: await zecAccount(record, input.zecMint), role: W },
      { address: run, role: W },
      { address: await zecAccount(run, input.zecMint), role: W },
      { address: input.zecMint, role: R },
      { address: TOKEN_PROGRAM_ADDRESS, role: R },
      { address: ASSOCIATED_TOKEN_PROGRAM_ADDRESS, role: R },
      { address: SYSTEM_PROGRAM_ADDRESS, role: R },
    ],
    data,
  };
}

export async function payRunInstruction(input: RunAccounts & { readonly payments: readonly { readonly wallet: Address; readonly share: bigint }[] }): Promise<Instruction> {
  if (input.payments.length === 0 || input.payments.length > RUN_BATCH_MAX) throw new RangeError(`a pay_run batch holds 1 to ${RUN_BATCH_MAX} holders, got ${input.payments.length}`);
  const run = await findRewardRun(input.vault, input.mint, input.run);
  const data = new Uint8Array(8 + 8 * input.payments.length);
  data.set(PAY_RUN_DISCRIMINATOR, 0);
  input.payments.forEach((p, i) => data.set(getU64Encoder().encode(p.share), 8 + 8 * i));
  const holders = [];
  for (const p of input.payments) {
    holders.push({ address: p.wallet, role: R }, { address: await zecAccount(p.wallet, input.zecMint), role: W }, { address: await findRunPaid(input.vault, run, p.wallet), role: W });
  }
  return {
    programAddress: input.vault,
    accounts: [
      { address: input.runAuthority, role: AccountRole.WRITABLE_SIGNER },
      { address: await findVaultConfig(input.vault), role: R },
      { address: run, role: W },
      { address: await zecAccount(run, input.zecMint), role: W },
      { address: input.zecMint, role: R },
      { address: TOKEN_PROGRAM_ADDRESS, role: R },
      { address: ASSOCIATED_TOKEN_PROGRAM_ADDRESS, role: R },
      { address: SYSTEM_PROGRAM_ADDRESS, role: R },
      ...holders,
    ],
    data,
  };
}

export async function closeRunInstruction(input: RunAccounts): Promise<Instruction> {
  const record = await findPayeeRecord(input.vault, input.mint);
  const run = await findRewardRun(input.vault, input.mint, input.run);
  return {
    programAddress: input.vault,
    accounts: [
      { address: input.runAuthority, role: AccountRole.READONLY_SIGNER },
      { address: await findVaultConfig(input.vault), role: R },
      { address: run, role: W },
      { address: await zecAccount(run, input.zecMint), role: W },
      { address: record, role: R },
      { address: await zecAccount(record, input.zecMint), role: W },
      { address: input.zecMint, role: R },
      { address: TOKEN_PROGRAM_ADDRESS, role: R },
    ],
    data: CLOSE_RUN_DISCRIMINATOR,
  };
}
