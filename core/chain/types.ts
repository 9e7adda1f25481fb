import type { Address, Blockhash, Lamports, Signature } from '@solana/kit';

/**
 * Shapes shared by every `Chain`. They follow the validator's JSON-RPC answers closely (so that the
 * sandbox's facade can print them as a validator would), but hold bigints and bytes instead of JSON.
 */

export type Commitment = 'processed' | 'confirmed' | 'finalized';

export interface ChainAccount {
  readonly address: Address;
  readonly lamports: Lamports;
  readonly owner: Address;
  readonly executable: boolean;
  readonly rentEpoch: bigint;
  readonly data: Uint8Array;
}

export interface LatestBlockhash {
  readonly blockhash: Blockhash;
  /** The last block height at which a transaction using this blockhash is still accepted. */
  readonly lastValidBlockHeight: bigint;
}

/**
 * A transaction error in the validator's JSON form: a bare name (`"BlockhashNotFound"`) or a one-key
 * object (`{ InstructionError: [0, { Custom: 1 }] }`).
 */
export type TransactionError = string | Readonly<Record<string, unknown>>;

export interface TokenBalance {
  readonly accountIndex: number;
  readonly mint: Address;
  readonly owner: Address;
  readonly programId: Address;
  readonly amount: bigint;
  readonly decimals: number;
}

export interface CompiledInnerInstruction {
  readonly programIdIndex: number;
  readonly accounts: readonly number[];
  readonly data: Uint8Array;
  readonly stackHeight: number | null;
}

export interface InnerInstructions {
  /** Index of the top-level instruction these ran under. */
  readonly index: number;
  readonly instructions: readonly CompiledInnerInstruction[];
}

export interface ReturnData {
  readonly programId: Address;
  readonly data: Uint8Array;
}

export interface TransactionMeta {
  readonly err: TransactionError | null;
  readonly fee: Lamports;
  readonly preBalances: readonly Lamports[];
  readonly postBalances: readonly Lamports[];
  readonly preTokenBalances: readonly TokenBalance[];
  readonly postTokenBalances: readonly TokenBalance[];
  readonly logMessages: readonly string[];
  readonly innerInstructions: readonly InnerInstructions[];
  readonly computeUnitsConsumed: bigint;
  readonly returnData: ReturnData | null;
  /** Addresses loaded from address lookup tables (v0 transactions). */
  readonly loadedAddresses: { readonly writable: readonly Address[]; readonly readonly: readonly Address[] };
}

export interface ChainTransaction {
  readonly signature: Signature;
  readonly slot: bigint;
  readonly blockTime: bigint | null;
  /** The transaction exactly as it was sent (signatures + message). */
  readonly wire: Uint8Array;
  readonly meta: TransactionMeta;
}

export interface SignatureInfo {
  readonly signature: Signature;
  readonly slot: bigint;
  readonly err: TransactionError | null;
  readonly blockTime: bigint | null;
  readonly confirmationStatus: Commitment;
}

export interface SignatureStatus {
  readonly slot: bigint;
  readonly err: TransactionError | null;
  readonly confirmationStatus: Commitment;
  /** Blocks since the transaction landed; null once finalized (as the validator answers). */
  readonly confirmations: number | null;
}

export interface SimulationResult {
  readonly err: TransactionError | null;
  readonly logs: readonly string[];
  readonly unitsConsumed: bigint;
  readonly returnData: ReturnData | null;
  readonly innerInstructions: readonly InnerInstructions[];
  /** The accounts asked for in `SimulateOptions.accounts`, as the transaction would leave them (null: none). */
  readonly accounts: readonly (ChainAccount | null)[];
}

export interface SimulateOptions {
  readonly sigVerify?: boolean;
  /** Accounts to answer as the transaction would leave them (the validator's `accounts` option). */
  readonly accounts?: readonly Address[];
}

export type AccountFilter =
  | { readonly dataSize: bigint }
  | { readonly memcmp: { readonly offset: bigint; readonly bytes: Uint8Array } };

export interface LogNotice {
  readonly signature: Signature;
  readonly slot: bigint;
  readonly err: TransactionError | null;
  readonly logs: readonly string[];
}

export type Unsubscribe = () => void;

/** Commitments ordered from weakest to strongest, for "at least" comparisons. */
export const COMMITMENT_RANK: Readonly<Record<Commitment, number>> = Object.freeze({
  processed: 0,
  confirmed: 1,
  finalized: 2,
});

/** What a subscription tells besides its notices. */
export interface SubscriptionEvents {
  readonly onReady?: () => void;
  readonly onClosed?: (reason: Error) => void;
}
