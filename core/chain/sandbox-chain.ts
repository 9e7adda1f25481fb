import type { Address, Lamports, Signature } from '@solana/kit';
import { DeskError } from '../errors.js';
import type { SandboxCluster } from '../sandbox/cluster.js';
import { matchesFilters } from './account-filter.js';
import { describeTransactionError } from './transaction-errors.js';
import { decodeWireTransaction, type WireTransaction } from '../sandbox/wire-transaction.js';
import type { Chain } from './chain.js';
import { COMMITMENT_RANK, type AccountFilter, type ChainAccount, type ChainTransaction, type Commitment, type LatestBlockhash, type LogNotice, type SubscriptionEvents, type SignatureInfo, type SignatureStatus, type SimulateOptions, type SimulationResult, type Unsubscribe } from './types.js';

/**
 * The `Chain` of the embedded sandbox, in the same process: no serialisation, no sockets. It behaves
 * as the RPC chain does against a validator (preflight, commitment, expiry), only faster.
 */
export class SandboxChain implements Chain {
  readonly kind = 'sandbox' as const;

  constructor(private readonly cluster: SandboxCluster) {}

  stateMark(): number {
    return this.cluster.stateVersion;
  }

  async getAccount(address: Address): Promise<ChainAccount | null> {
    return this.cluster.getAccount(address);
  }

  async getAccounts(addresses: readonly Address[]): Promise<(ChainAccount | null)[]> {
    return addresses.map((address) => this.cluster.getAccount(address));
  }

  async getAccountsAt(addresses: readonly Address[]): Promise<{ slot: bigint; accounts: (ChainAccount | null)[] }> {
    return { slot: this.cluster.slot, accounts: addresses.map((address) => this.cluster.getAccount(address)) };
  }

  async getProgramAccounts(program: Address, filters: readonly AccountFilter[] = []): Promise<ChainAccount[]> {
    return this.cluster.getProgramAccounts(program).filter((account) => matchesFilters(account, filters));
  }

  async getBalance(address: Address): Promise<Lamports> {
    return this.cluster.getAccount(address)?.lamports ?? (0n as Lamports);
  }

  async getLatestBlockhash(): Promise<LatestBlockhash> {
    return this.cluster.latestBlockhash();
  }

  async getBlockHeight(commitment: Commitment = 'confirmed'): Promise<bigint> {
    return this.cluster.blockHeight - (this.cluster.slot - this.cluster.slotAt(commitment));
  }

  async isBlockhashValid(blockhash: string): Promise<boolean> {
    return this.cluster.isBlockhashValid(blockhash);
  }

  async getSlot(commitment: Commitment = 'confirmed'): Promise<bigint> {
    return this.cluster.slotAt(commitment);
  }

  async simulate(wire: Uint8Array, options: SimulateOptions = {}): Promise<SimulationResult> {
    return this.cluster.simulate(wire, options);
  }

  async send(wire: Uint8Array, options: { skipPreflight?: boolean } = {}): Promise<Signature> {
    let decoded: WireTransaction;
    try {
      decoded = decodeWireTransaction(wire);
    } catch (error) {
      throw new DeskError('invalid_param', `not a transaction: ${(error as Error).message}`);
    }
    if (!options.skipPreflight) {
      // The preflight runs without checking signatures: the send checks them anyway, and lands nothing
      // when one fails. Whenever either step refuses, the preflight is run again as a validator runs it
      // (signatures checked), so that what is thrown is exactly its answer.
      // Only whether it fails is asked of that first simulation: nothing else of it is read out.
      if (this.cluster.simulationFails(wire, decoded)) this.preflight(wire, decoded);
    }
    const outcome = this.cluster.send(wire, decoded);
    if (!options.skipPreflight && !outcome.landed && outcome.err === 'SignatureFailure') this.preflight(wire, decoded);
    if (!outcome.landed && (outcome.err === 'SignatureFailure' || outcome.err === 'SanitizeFailure')) {
      throw new DeskError('refused', `transaction refused: ${describeTransactionError(outcome.err)}`, { err: outcome.err });
    }
    return decoded.signature;
  }

  /** The preflight as a validator runs it (signatures checked): throws its refusal, if any. */
  private preflight(wire: Uint8Array, decoded: WireTransaction): void {
    const simulation = this.cluster.simulate(wire, { sigVerify: true }, decoded);
    if (simulation.err !== null) {
      const code = simulation.err === 'BlockhashNotFound' ? 'blockhash_expired' : 'refused';
      throw new DeskError(code, `transaction simulation failed: ${describeTransactionError(simulation.err)}`, {
        err: simulation.err,
        logs: simulation.logs,
      });
    }
  }

  async confirm(
    signature: Signature,
    options: { lastValidBlockHeight: bigint; commitment?: Commitment; timeoutMs?: number },
  ): Promise<SignatureStatus> {
    const wanted = COMMITMENT_RANK[options.commitment ?? 'confirmed'];
    return new Promise<SignatureStatus>((resolve, reject) => {
      let stop: Unsubscribe = () => undefined;
      let timer: NodeJS.Timeout | undefined;
      const finish = (outcome: () => void): void => {
        stop();
        if (timer) clearTimeout(timer);
        outcome();
      };
      const check = (): boolean => {
        const status = this.cluster.signatureStatus(signature);
        if (status && COMMITMENT_RANK[status.confirmationStatus] >= wanted) {
          finish(() => resolve(status));
          return true;
        }
        if (!status && this.cluster.blockHeight > options.lastValidBlockHeight) {
          finish(() => reject(new DeskError('blockhash_expired', `transaction ${signature} did not land before block height ${options.lastValidBlockHeight}; its blockhash has expired`)));
          return true;
        }
        return false;
      };
      if (check()) return;
      stop = this.cluster.onSlot(() => void check());
      const stopLanded = this.cluster.onTransaction(() => void check());
      const stopSlot = stop;
      stop = () => {
        stopSlot();
        stopLanded();
      };
      if (options.timeoutMs !== undefined) {
        timer = setTimeout(() => finish(() => reject(new DeskError('unavailable', `transaction ${signature} not confirmed within ${options.timeoutMs} ms`))), options.timeoutMs);
      }
    });
  }

  async getSignatureStatus(signature: Signature): Promise<SignatureStatus | null> {
    return this.cluster.signatureStatus(signature);
  }

  async getTransaction(signature: Signature, commitment: Commitment = 'confirmed'): Promise<ChainTransaction | null> {
    const status = this.cluster.signatureStatus(signature);
    if (!status || COMMITMENT_RANK[status.confirmationStatus] < COMMITMENT_RANK[commitment]) return null;
    return this.cluster.getTransaction(signature);
  }

  async getSignaturesForAddress(address: Address, options: { before?: Signature; until?: Signature; limit?: number } = {}): Promise<SignatureInfo[]> {
    return this.cluster.signaturesForAddress(address, options).map((entry) => ({
      signature: entry.signature,
      slot: entry.slot,
      err: entry.err,
      blockTime: entry.blockTime,
      confirmationStatus: this.cluster.commitmentOf(entry.slot),
    }));
  }

  onLogs(filter: 'all' | { mentions: Address }, listener: (notice: LogNotice) => void, commitment: Commitment = 'confirmed', events: SubscriptionEvents = {}): Unsubscribe {
    // In-process: subscribed at once, and never dropped.
    queueMicrotask(() => events.onReady?.());
    const deliver = (landed: { signature: Signature; slot: bigint; err: LogNotice['err']; logs: readonly string[]; accountKeys: readonly Address[] }): void => {
      if (filter !== 'all' && !landed.accountKeys.includes(filter.mentions)) return;
      listener({ signature: landed.signature, slot: landed.slot, err: landed.err, logs: landed.logs });
    };
    if (commitment === 'processed') return this.cluster.onTransaction(deliver);
    return this.cluster.onCommitment((reached, _slot, landed) => {
      if (reached === commitment) landed.forEach(deliver);
    });
  }

  onAccount(address: Address, listener: (account: ChainAccount | null, slot: bigint) => void, commitment: Commitment = 'confirmed'): Unsubscribe {
    const touches = (keys: readonly Address[]): boolean => keys.includes(address);
    if (commitment === 'processed') {
      return this.cluster.onTransaction((landed) => {
        if (touches(landed.writableKeys)) listener(this.cluster.getAccount(address), landed.slot);
      });
    }
    return this.cluster.onCommitment((reached, slot, landed) => {
      if (reached === commitment && landed.some((tx) => touches(tx.writableKeys))) listener(this.cluster.getAccount(address), slot);
    });
  }

  onSlot(listener: (slot: bigint) => void): Unsubscribe {
    return this.cluster.onSlot(listener);
  }

  async close(): Promise<void> {
    // The cluster belongs to whoever opened it (the sandbox); this view of it holds nothing.
  }
}
