import type { Address, Instruction } from '@solana/kit';
import type { Chain } from '../chain/chain.js';
import type { LatestBlockhash } from '../chain/types.js';
import { DeskError, type DeskErrorCode } from '../errors.js';
import { formatDecimalUnits, SOL_DECIMALS } from '../math/units.js';
import { plainSimulationError } from './program-error.js';
import { assertPriorityWithinCap, DEFAULT_COMPUTE_UNIT_PRICE } from './priority-fee.js';
import { compileUnsigned, MEASURE_COMPUTE_UNITS, withComputeUnitLimit, type UnsignedTransaction } from './transaction.js';
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
/** The smallest limit a measured build can have. */
const SMALLEST_LIMIT = limitFor(0n);

const sol = (lamports: bigint): string => `${formatDecimalUnits(lamports, SOL_DECIMALS)} SOL`;

/**
 * Compiles, measures and simulates one transaction: a simulation at the largest limit measures the
 * compute units, and the transaction is compiled again with a limit just above them (so the priority fee
 * paid is for what it uses). A failing simulation answers `failure` (default `refused`) with the
 * program's reason in words.
 *
 * The final transaction is not simulated again: it differs from the measured one only in its
 * SetComputeUnitLimit value, which changes neither what the programs do nor what they consume (the
 * compute budget program charges the same for any limit, and a limit above the units used is never
 * reached), only the priority fee the fee payer is charged and the budget left that the runtime's
 * "consumed N of M compute units" log lines print. So the final simulation's answer is the measuring
 * one's with the fee payer's balance raised by the priority fee saved and each M lowered by the limit
 * saved; test/engine/simulate-once.test.ts checks that against a real second simulation, byte for byte.
 *
 * A chosen `computeUnitPrice` (default DEFAULT_COMPUTE_UNIT_PRICE) is the final transaction's price. It
 * changes no program's behaviour either, only the priority fee, so the measuring simulation runs at the
 * lower of it and the default (a high price must not fail the measure at 1.4M units for a fee the final
 * limit never asks) and the final figures are the measured ones with the fee difference. The fee is held
 * to `maxPriorityLamports` (`invalid_param`): before simulating when even the smallest limit is above it,
 * and exactly at the final limit after measuring.
 */
export async function simulateTransaction(
  chain: Chain,
  world: World,
  input: { readonly feePayer: Address; readonly instructions: readonly Instruction[]; readonly lifetime: LatestBlockhash; readonly computeUnitPrice?: bigint },
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
  const price = input.computeUnitPrice ?? DEFAULT_COMPUTE_UNIT_PRICE;
  if (options.measure === false) {
    assertPriorityWithinCap(price, MEASURE_COMPUTE_UNITS);
    const tx = compileUnsigned(world, { ...input, computeUnitLimit: MEASURE_COMPUTE_UNITS, computeUnitPrice: price });
    const [before, result] = await Promise.all([chain.getBalance(input.feePayer, 'confirmed'), run(tx)]);
    return {
      ...tx,
      unitsConsumed: result.unitsConsumed,
      solCostLamports: before - (result.accounts[0]?.lamports ?? 0n),
      get logs() {
        return result.logs;
      },
    };
  }
  assertPriorityWithinCap(price, SMALLEST_LIMIT, true);
  const measuringPrice = price < DEFAULT_COMPUTE_UNIT_PRICE ? price : DEFAULT_COMPUTE_UNIT_PRICE;
  const measured = compileUnsigned(world, { ...input, computeUnitLimit: MEASURE_COMPUTE_UNITS, computeUnitPrice: measuringPrice });
  const [before, result] = await Promise.all([chain.getBalance(input.feePayer, 'confirmed'), run(measured)]);
  const after = result.accounts[0]?.lamports ?? 0n;
  const limit = limitFor(result.unitsConsumed);
  assertPriorityWithinCap(price, limit);
  // The same message but the limit's four bytes and the price's eight: patched in rather than compiled again.
  const tx = limit === MEASURE_COMPUTE_UNITS && price === measuringPrice
    ? measured
    : (withComputeUnitLimit(measured, limit, price) ?? compileUnsigned(world, { ...input, computeUnitLimit: limit, computeUnitPrice: price }));
  // The simulated fee payer has paid the network and priority fees already (as a validator's simulation
  // charges them), so the difference is the whole cost; test/engine checks it against what a send moves.
  const saved = measured.priorityLamports - tx.priorityLamports;
  if (after + saved < 0n) {
    throw new DeskError(failure, `wallet ${input.feePayer} holds too little SOL for this transaction's priority fee of ${sol(tx.priorityLamports)} at ${price} micro-lamports per compute unit (it would be short ${sol(-(after + saved))})`);
  }
  // The logs as the final limit prints them, made only if read (no answer shows a passing build's logs).
  let logs: readonly string[] | null = null;
  return {
    ...tx,
    unitsConsumed: result.unitsConsumed,
    solCostLamports: before - after - saved,
    get logs() {
      return (logs ??= logsAtLimit(result.logs, MEASURE_COMPUTE_UNITS - limit));
    },
  };
}

const CONSUMED_LINE = /^(Program \w+ consumed \d+ of )(\d+)( compute units)$/;
/** sol_log_compute_units. */
const REMAINING_LINE = /^(Program consumption: )(\d+)( units remaining)$/;

/** The runtime's log lines as they read with a limit `lower` units below the one simulated. */
function logsAtLimit(logs: readonly string[], lower: number): readonly string[] {
  if (lower === 0) return logs;
  return logs.map((line) => {
    const m = CONSUMED_LINE.exec(line) ?? REMAINING_LINE.exec(line);
    return m ? `${m[1]}${BigInt(m[2]!) - BigInt(lower)}${m[3]}` : line;
  });
}
