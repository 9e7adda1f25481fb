import type { TransactionError } from './types.js';

/**
 * LiteSVM hands back its errors as native enum numbers and small classes; clients expect the validator's
 * JSON (serde) form and its Display text. Both are produced here, and only here.
 */

// Order is the numeric value of LiteSVM's `TransactionErrorFieldless` (agave's TransactionError order).
const TRANSACTION_ERROR_NAMES = [
  'AccountInUse', 'AccountLoadedTwice', 'AccountNotFound', 'ProgramAccountNotFound', 'InsufficientFundsForFee',
  'InvalidAccountForFee', 'AlreadyProcessed', 'BlockhashNotFound', 'CallChainTooDeep', 'MissingSignatureForFee',
  'InvalidAccountIndex', 'SignatureFailure', 'InvalidProgramForExecution', 'SanitizeFailure', 'ClusterMaintenance',
  'AccountBorrowOutstanding', 'WouldExceedMaxBlockCostLimit', 'UnsupportedVersion', 'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit', 'WouldExceedAccountDataBlockLimit', 'TooManyAccountLocks',
  'AddressLookupTableNotFound', 'InvalidAddressLookupTableOwner', 'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex', 'InvalidRentPayingAccount', 'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit', 'MaxLoadedAccountsDataSizeExceeded', 'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit', 'UnbalancedTransaction', 'ProgramCacheHitMaxLimit', 'CommitCancelled',
] as const;

// Order is the numeric value of LiteSVM's `InstructionErrorFieldless`.
const INSTRUCTION_ERROR_NAMES = [
  'GenericError', 'InvalidArgument', 'InvalidInstructionData', 'InvalidAccountData', 'AccountDataTooSmall',
  'InsufficientFunds', 'IncorrectProgramId', 'MissingRequiredSignature', 'AccountAlreadyInitialized',
  'UninitializedAccount', 'UnbalancedInstruction', 'ModifiedProgramId', 'ExternalAccountLamportSpend',
  'ExternalAccountDataModified', 'ReadonlyLamportChange', 'ReadonlyDataModified', 'DuplicateAccountIndex',
  'ExecutableModified', 'RentEpochModified', 'NotEnoughAccountKeys', 'AccountDataSizeChanged',
  'AccountNotExecutable', 'AccountBorrowFailed', 'AccountBorrowOutstanding', 'DuplicateAccountOutOfSync',
  'InvalidError', 'ExecutableDataModified', 'ExecutableLamportChange', 'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId', 'CallDepth', 'MissingAccount', 'ReentrancyNotAllowed', 'MaxSeedLengthExceeded',
  'InvalidSeeds', 'InvalidRealloc', 'ComputationalBudgetExceeded', 'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure', 'ProgramFailedToComplete', 'ProgramFailedToCompile', 'Immutable',
  'IncorrectAuthority', 'AccountNotRentExempt', 'InvalidAccountOwner', 'ArithmeticOverflow', 'UnsupportedSysvar',
  'IllegalOwner', 'MaxAccountsDataAllocationsExceeded', 'MaxAccountsExceeded', 'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits', 'BorshIoError',
] as const;

/** Agave's Display text for the errors a client is likely to show; the rest fall back to spaced names. */
const TRANSACTION_ERROR_TEXT: Readonly<Record<string, string>> = {
  AccountInUse: 'Account in use',
  AccountLoadedTwice: 'Account loaded twice',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  SignatureFailure: 'Transaction did not pass signature verification',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
  InvalidAccountIndex: 'Transaction contains an invalid account reference',
};

const INSTRUCTION_ERROR_TEXT: Readonly<Record<string, string>> = {
  GenericError: 'generic instruction error',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  AccountDataTooSmall: 'account data too small for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  IncorrectProgramId: 'incorrect program id for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
  NotEnoughAccountKeys: 'insufficient account keys for instruction',
  ComputationalBudgetExceeded: 'Computational budget exceeded',
  PrivilegeEscalation: 'Cross-program invocation with unauthorized signer or writable account',
  ProgramFailedToComplete: 'Program failed to complete',
  InvalidSeeds: 'Provided seeds do not result in a valid address',
  ArithmeticOverflow: 'Program arithmetic overflowed',
  IllegalOwner: 'Provided owner is not allowed',
  InvalidAccountOwner: 'Invalid account owner',
};

function spaced(name: string): string {
  return name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

interface NativeInstructionError {
  index: number;
  err(): unknown;
}

/** Converts whatever LiteSVM's `err()` returned into the validator's JSON form. */
export function toTransactionError(raw: unknown): TransactionError {
  if (typeof raw === 'number') return TRANSACTION_ERROR_NAMES[raw] ?? `UnknownTransactionError${raw}`;
  if (raw !== null && typeof raw === 'object') {
    const kind = raw.constructor.name;
    if (kind === 'TransactionErrorInstructionError') {
      const ie = raw as NativeInstructionError;
      return Object.freeze({ InstructionError: [ie.index, toInstructionError(ie.err())] });
    }
    if (kind === 'TransactionErrorDuplicateInstruction') {
      return Object.freeze({ DuplicateInstruction: (raw as { index: number }).index });
    }
    if (kind === 'TransactionErrorInsufficientFundsForRent') {
      return Object.freeze({ InsufficientFundsForRent: { account_index: (raw as { accountIndex: number }).accountIndex } });
    }
    if (kind === 'TransactionErrorProgramExecutionTemporarilyRestricted') {
      return Object.freeze({
        ProgramExecutionTemporarilyRestricted: { account_index: (raw as { accountIndex: number }).accountIndex },
      });
    }
  }
  return `UnknownTransactionError(${String(raw)})`;
}

function toInstructionError(raw: unknown): unknown {
  if (typeof raw === 'number') return INSTRUCTION_ERROR_NAMES[raw] ?? `UnknownInstructionError${raw}`;
  if (raw !== null && typeof raw === 'object') {
    if (raw.constructor.name === 'InstructionErrorCustom') return { Custom: (raw as { code: number }).code };
    if (raw.constructor.name === 'InstructionErrorBorshIo') return 'BorshIoError';
  }
  return String(raw);
}

/** Agave's Display text of a transaction error, as a validator puts it in a JSON-RPC error message. */
export function describeTransactionError(err: TransactionError): string {
  if (typeof err === 'string') return TRANSACTION_ERROR_TEXT[err] ?? spaced(err);
  const instruction = err['InstructionError'];
  if (Array.isArray(instruction)) {
    const [index, inner] = instruction as [number, unknown];
    let text: string;
    if (typeof inner === 'string') text = INSTRUCTION_ERROR_TEXT[inner] ?? spaced(inner);
    else if (inner !== null && typeof inner === 'object' && 'Custom' in inner) {
      text = `custom program error: 0x${Number((inner as { Custom: number }).Custom).toString(16)}`;
    } else text = String(inner);
    return `Error processing Instruction ${index}: ${text}`;
  }
  if ('InsufficientFundsForRent' in err) {
    const { account_index } = err['InsufficientFundsForRent'] as { account_index: number };
    return `Transaction results in an account (${account_index}) with insufficient funds for rent`;
  }
  const [key] = Object.keys(err);
  return key === undefined ? 'unknown error' : spaced(key);
}

/**
 * Errors after which a validator still records the transaction in a block (and charges its fee):
 * everything raised while executing instructions. Errors raised while loading or checking the
 * transaction mean it never lands.
 */
export function landsDespiteError(err: TransactionError): boolean {
  if (typeof err === 'string') return false;
  return 'InstructionError' in err || 'InsufficientFundsForRent' in err;
}
