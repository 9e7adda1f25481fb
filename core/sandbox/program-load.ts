import type { Address } from '@solana/kit';
import type { ChainAccount, TransactionError } from '../chain/types.js';
import type { CompiledTransactionMessage } from './wire-transaction.js';

/**
 * A transaction naming a program the cluster cannot run, as a current Agave validator answers it: its
 * account loader walks the instructions in order and stops at the first program with no account
 * (ProgramAccountNotFound) or whose account no loader owns (InvalidProgramForExecution). Since
 * SIMD-0082 such a transaction is still committed with only its fee charged ("fees only"). LiteSVM
 * answers InvalidProgramForExecution for both and commits nothing, so the sandbox names the error and
 * charges the fee itself.
 */

const LOADERS = new Set<string>([
  'NativeLoader1111111111111111111111111111111',
  'BPFLoader1111111111111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'LoaderV411111111111111111111111111111111111',
]);

/** The loader's error for the first instruction whose program cannot run; null when every one can. */
export function programLoadError(message: CompiledTransactionMessage, accountOf: (address: Address) => ChainAccount | null): TransactionError | null {
  for (const instruction of message.instructions) {
    const program = message.staticAccounts[instruction.programAddressIndex];
    if (program === undefined) continue;
    const account = accountOf(program);
    if (account === null) return 'ProgramAccountNotFound';
    if (!LOADERS.has(account.owner)) return 'InvalidProgramForExecution';
  }
  return null;
}

/** Errors after which a validator commits the transaction with its fee charged and nothing else done. */
export function isFeesOnlyError(err: TransactionError): boolean {
  return err === 'ProgramAccountNotFound' || err === 'InvalidProgramForExecution';
}
