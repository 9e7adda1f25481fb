import { AccountRole, type Address, type Instruction } from '@solana/kit';
import { findAssociatedTokenAccount } from '../launchpad/pdas.js';
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS, SYSTEM_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from '../launchpad/spl-programs.js';
import { encodeDeclarePayeeData, type Payee } from './declare-payee.js';
import { findPayeeRecord } from './pdas.js';

/**
 * claim (any wallet sends it; pays the recorded payee) and change_payee (the current payee signs; what
 * waits is paid out first; holders is permanent). programs/vault/payee.h.
 */
export const CLAIM_DISCRIMINATOR = new Uint8Array([62, 198, 214, 193, 213, 159, 108, 210]);
export const CHANGE_PAYEE_DISCRIMINATOR = new Uint8Array([51, 201, 207, 205, 88, 135, 213, 186]);

export const VAULT_ERRORS = Object.freeze({
  BadPayeeTag: 6200,
  NotACoinMint: 6201,
  NotZecMint: 6202,
  ZeroPayee: 6203,
  InvalidSplit: 6204,
  WrongDestination: 6206,
  HolderRewardCoin: 6207,
  NotRecordedPayee: 6208,
  NotCurrentPayee: 6209,
  PayeeIsPermanent: 6210,
});

interface PayeeAccounts {
  readonly vault: Address;
  readonly zecMint: Address;
  readonly mint: Address;
}

const zecAccount = (owner: Address, zecMint: Address) => findAssociatedTokenAccount(owner, zecMint, TOKEN_PROGRAM_ADDRESS);
const tail = (zecMint: Address) => [
  { address: zecMint, role: AccountRole.READONLY },
  { address: TOKEN_PROGRAM_ADDRESS, role: AccountRole.READONLY },
  { address: ASSOCIATED_TOKEN_PROGRAM_ADDRESS, role: AccountRole.READONLY },
  { address: SYSTEM_PROGRAM_ADDRESS, role: AccountRole.READONLY },
];

export async function claimInstruction(input: PayeeAccounts & { readonly sender: Address; readonly payee: Address }): Promise<Instruction> {
  const record = await findPayeeRecord(input.vault, input.mint);
  return {
    programAddress: input.vault,
    accounts: [
      { address: input.sender, role: AccountRole.WRITABLE_SIGNER },
      { address: input.mint, role: AccountRole.READONLY },
      { address: record, role: AccountRole.WRITABLE },
      { address: await zecAccount(record, input.zecMint), role: AccountRole.WRITABLE },
      { address: await zecAccount(input.payee, input.zecMint), role: AccountRole.WRITABLE },
      { address: input.payee, role: AccountRole.READONLY },
      ...tail(input.zecMint),
    ],
    data: CLAIM_DISCRIMINATOR,
  };
}

export async function changePayeeInstruction(input: PayeeAccounts & { readonly currentPayee: Address; readonly next: Payee }): Promise<Instruction> {
  const record = await findPayeeRecord(input.vault, input.mint);
  const data = encodeDeclarePayeeData(input.next);
  data.set(CHANGE_PAYEE_DISCRIMINATOR, 0); // same option tag and key as declare_payee, another discriminator
  return {
    programAddress: input.vault,
    accounts: [
      { address: input.currentPayee, role: AccountRole.WRITABLE_SIGNER },
      { address: input.mint, role: AccountRole.READONLY },
      { address: record, role: AccountRole.WRITABLE },
      { address: await zecAccount(record, input.zecMint), role: AccountRole.WRITABLE },
      { address: await zecAccount(input.currentPayee, input.zecMint), role: AccountRole.WRITABLE },
      ...tail(input.zecMint),
    ],
    data,
  };
}
