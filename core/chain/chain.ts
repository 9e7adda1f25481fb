import type { Address, Lamports, Signature } from '@solana/kit';
import type {
  AccountFilter,
  ChainAccount,
  ChainTransaction,
  Commitment,
  LatestBlockhash,
  LogNotice,
  SubscriptionEvents,
  SignatureInfo,
  SignatureStatus,
  SimulateOptions,
  SimulationResult,
  Unsubscribe,
} from './types.js';

/**
 * The one door to a cluster. The in-process sandbox and any Solana JSON-RPC endpoint implement it, so
 * nothing above this layer knows which one it runs on. Transactions travel as wire bytes: the caller
 * builds and signs with whatever it likes, and the chain never re-encodes what it was given.
 */
export interface Chain {
  readonly kind: 'sandbox' | 'rpc';
  /**
   * A mark that moves on whenever an account may have changed, so that what was read and decoded while it
   * stands still may be kept; null where the chain cannot tell (a remote cluster: each read asks it).
   */
  stateMark(): number | null;

  getAccount(address: Address, commitment?: Commitment): Promise<ChainAccount | null>;
  getAccounts(addresses: readonly Address[], commitment?: Commitment): Promise<(ChainAccount | null)[]>;
  /** The same, with the slot the read was made at (the lowest of the calls it took, when several). */
  getAccountsAt(addresses: readonly Address[], commitment?: Commitment): Promise<{ slot: bigint; accounts: (ChainAccount | null)[] }>;
  getProgramAccounts(program: Address, filters?: readonly AccountFilter[]): Promise<ChainAccount[]>;
  getBalance(address: Address, commitment?: Commitment): Promise<Lamports>;

  getLatestBlockhash(commitment?: Commitment): Promise<LatestBlockhash>;
  getBlockHeight(commitment?: Commitment): Promise<bigint>;
  getSlot(commitment?: Commitment): Promise<bigint>;
  /** Whether the cluster still accepts transactions with this blockhash (a validator's `isBlockhashValid`). */
  isBlockhashValid(blockhash: string, commitment?: Commitment): Promise<boolean>;

  simulate(wire: Uint8Array, options?: SimulateOptions): Promise<SimulationResult>;
  /** Sends as a validator's `sendTransaction` with preflight: a transaction that fails simulation throws. */
  send(wire: Uint8Array, options?: { skipPreflight?: boolean }): Promise<Signature>;
  /**
   * Resolves once the transaction reached `commitment` (default `confirmed`), with its status (which
   * may carry an execution error). Throws `blockhash_expired` once the block height passes
   * `lastValidBlockHeight` without the transaction landing.
   */
  confirm(
    signature: Signature,
    options: { lastValidBlockHeight: bigint; commitment?: Commitment; timeoutMs?: number },
  ): Promise<SignatureStatus>;
  getSignatureStatus(signature: Signature): Promise<SignatureStatus | null>;
  getTransaction(signature: Signature, commitment?: Commitment): Promise<ChainTransaction | null>;
  getSignaturesForAddress(
    address: Address,
    options?: { before?: Signature; until?: Signature; limit?: number },
  ): Promise<SignatureInfo[]>;

  /**
   * Logs of landed transactions from now on. `events.onReady` is called once the cluster has the
   * subscription (from then on nothing is missed); `events.onClosed` once if it ends by itself (a dropped
   * connection, or one never made): what landed meanwhile was not announced, and the caller fills the gap.
   */
  onLogs(filter: 'all' | { mentions: Address }, listener: (notice: LogNotice) => void, commitment?: Commitment, events?: SubscriptionEvents): Unsubscribe;
  onAccount(address: Address, listener: (account: ChainAccount | null, slot: bigint) => void, commitment?: Commitment): Unsubscribe;
  onSlot(listener: (slot: bigint) => void): Unsubscribe;

  close(): Promise<void>;
}
