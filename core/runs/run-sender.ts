import {
  appendTransactionMessageInstructions,
  createTransactionMessage,
  getSignatureFromTransaction,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Instruction,
  type KeyPairSigner,
  type Signature,
} from '@solana/kit';
import { getSetComputeUnitLimitInstruction } from '@solana-program/compute-budget';
import type { Chain } from '../chain/chain.js';
import type { TransactionError } from '../chain/types.js';
import { plainSimulationError } from '../engine/program-error.js';
import type { World } from '../engine/world.js';
import { DeskError } from '../errors.js';

/** Why a run's transaction did not land: the program's refusal in words, and its raw error for callers that branch. */
export class RunRefused extends Error {
  override readonly name = 'RunRefused';
  constructor(
    message: string,
    readonly err: TransactionError | null,
    readonly logs: readonly string[] = [],
  ) {
    super(message);
  }
}

const CONFIRM_TIMEOUT_MS = 60_000;
const EXPIRY_ATTEMPTS = 3;

/** A blockhash that expired before the transaction landed: at the simulation, or while confirming. */
const isExpiry = (error: unknown): boolean =>
  (error instanceof RunRefused && error.err === 'BlockhashNotFound') || (error instanceof DeskError && error.code === 'blockhash_expired');
const encoder = getTransactionEncoder();

/**
 * Signs and sends the service's own transactions as the run authority: simulated first (a refusal costs
 * nothing and is reported in the program's words), then sent and confirmed before the next one goes, so
 * a run's transactions land in order.
 */
export class RunSender {
  constructor(
    private readonly chain: Chain,
    readonly authority: KeyPairSigner,
  ) {}

  /**
   * Sends one transaction and waits until it is confirmed. A transaction whose blockhash expired before it
   * landed (a busy machine, a slow cluster) is signed again with a fresh one, up to three times: it never
   * landed, so nothing happens twice.
   */
  async send(world: World, instructions: readonly Instruction[], computeUnits = 400_000): Promise<Signature> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.sendOnce(world, instructions, computeUnits);
      } catch (error) {
        if (attempt >= EXPIRY_ATTEMPTS || !isExpiry(error)) throw error;
      }
    }
  }

  private async sendOnce(world: World, instructions: readonly Instruction[], computeUnits: number): Promise<Signature> {
    const lifetime = await this.chain.getLatestBlockhash('confirmed');
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(this.authority, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) => appendTransactionMessageInstructions([getSetComputeUnitLimitInstruction({ units: computeUnits }), ...instructions], m),
    );
    const signed = await signTransactionMessageWithSigners(message);
    const wire = new Uint8Array(encoder.encode(signed));
    const simulated = await this.chain.simulate(wire, { sigVerify: false });
    if (simulated.err !== null) throw new RunRefused(plainSimulationError(world, simulated.err, simulated.logs), simulated.err, simulated.logs);
    const signature = getSignatureFromTransaction(signed);
    await this.chain.send(wire, { skipPreflight: true });
    const status = await this.chain.confirm(signature, { lastValidBlockHeight: lifetime.lastValidBlockHeight, commitment: 'confirmed', timeoutMs: CONFIRM_TIMEOUT_MS });
    if (status.err !== null) {
      const landed = await this.chain.getTransaction(signature, 'confirmed');
      throw new RunRefused(`${signature} landed with an error: ${plainSimulationError(world, status.err, landed?.meta.logMessages ?? [])}`, status.err, landed?.meta.logMessages ?? []);
    }
    return signature;
  }
}
