import type { Address, Instruction } from '@solana/kit';
import type { Chain } from '../chain/chain.js';
import type { LatestBlockhash } from '../chain/types.js';
import { DeskError, type DeskErrorCode } from '../errors.js';
import { plainSimulationError } from './program-error.js';
import { compileUnsigned, MEASURE_COMPUTE_UNITS, type UnsignedTransaction } from './transaction.js';
import type { World } from './world.js';

/** A transaction of a build with what its simulation showed. */
export interface SimulatedTransaction extends UnsignedTransaction {
  readonly unitsConsumed: bigint;
  /** What the fee payer's SOL balance goes down by: network fee, priority fee, rent of what it opens, less rent it gets back. */
  readonly solCostLamports: bigint;
  readonly logs: readonly string[];
}

/** Headroom over the measured compute units: programs' paths vary a little with state (an account to open). */
const limitFor = (units: bigint): number => Math.min(MEASURE_COMPUTE_UNITS, Math.ceil(Number(units) * 1.2) + 20_000);

/**
 * Compiles, measures and simulates one transaction: a first simulation at the largest limit measures
 * the compute units, the transaction is compiled again with a limit just above them (so the priority fee
 * paid is for what it uses), and that final transaction is simulated with the fee payer's balance read
 * back. A failing simulation answers `failure` (default `refused`) with the program's reason in words.
 */
export async function simulateTransaction(
  chain: Chain,
  world: World,
  input: { readonly feePayer: Address; readonly instructions: readonly Instruction[]; readonly lifetime: LatestBlockhash },
  options: { readonly failure?: DeskErrorCode; readonly measure?: boolean } = {},
): Promise<SimulatedTransaction> {
  const failure = options.failure ?? 'refused';
  const run = async (tx: UnsignedTransaction) => {
    const result = await chain.simulate(tx.wire, { sigVerify: false, accounts: [input.feePayer] });
    if (result.err !== null) {
      throw new DeskError(failure, plainSimulationError(world, result.err, result.logs), { err: result.err, logs: result.logs });
    }
    return result;
  };
  let limit = MEASURE_COMPUTE_UNITS;
  if (options.measure !== false) {
    const first = await run(compileUnsigned(world, { ...input, computeUnitLimit: limit }));
    limit = limitFor(first.unitsConsumed);
  }
  const tx = compileUnsigned(world, { ...input, computeUnitLimit: limit });
  const [before, result] = await Promise.all([chain.getBalance(input.feePayer, 'confirmed'), run(tx)]);
  const after = result.accounts[0]?.lamports ?? 0n;
  // The simulated fee payer has paid the network and priority fees already (as a validator's simulation
  // charges them), so the difference is the whole cost; test/engine checks it against what a send moves.
  return { ...tx, unitsConsumed: result.unitsConsumed, solCostLamports: before - after, logs: result.logs };
}
