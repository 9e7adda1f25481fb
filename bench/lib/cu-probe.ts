import type { Address, Instruction, KeyPairSigner, Signature } from '@solana/kit';
import type { Sandbox } from '../../core/sandbox/sandbox.js';
import { send } from '../../test/helpers/launchpad.js';

/**
 * Compute units of one instruction in the sandbox, as the benches report them: the transaction's
 * `computeUnitsConsumed` minus the SetComputeUnitLimit instruction `send` puts first (measured on a
 * transaction holding only it), cross-checked with the program's own top-level "consumed" log line.
 */

export interface Consumed {
  readonly program: string;
  readonly depth: number;
  readonly units: bigint;
}

/** Every `Program <id> consumed N of M compute units` line, with the invocation depth it was logged at. */
export function consumedLines(logs: readonly string[]): Consumed[] {
  const stack: string[] = [];
  const found: Consumed[] = [];
  for (const line of logs) {
    const invoke = /^Program (\S+) invoke \[(\d+)\]$/.exec(line);
    if (invoke) {
      stack.length = Number(invoke[2]) - 1;
      stack.push(invoke[1]!);
      continue;
    }
    const consumed = /^Program (\S+) consumed (\d+) of \d+ compute units$/.exec(line);
    if (consumed && consumed[1] === stack[stack.length - 1]) {
      found.push({ program: consumed[1]!, depth: stack.length, units: BigInt(consumed[2]!) });
      continue;
    }
    if (/^Program \S+ (success|failed)/.test(line)) stack.pop();
  }
  return found;
}

export function consumedBy(lines: readonly Consumed[], program: Address, depth: number): bigint[] {
  return lines.filter((c) => c.program === program && c.depth === depth).map((c) => c.units);
}

export interface Measured {
  readonly units: bigint;
  readonly signature: Signature;
  /** CU of each invocation of `program` at depth 2 (a CPI from the top-level instruction). */
  cpi(program: Address): bigint;
}

export class CuProbe {
  private budgetShare: bigint | null = null;
  constructor(private readonly sandbox: Sandbox) {}

  meta(signature: Signature) {
    const tx = this.sandbox.cluster.getTransaction(signature);
    if (tx === null) throw new Error(`transaction ${signature} is not in the ledger`);
    return tx.meta;
  }

  /** CU of the SetComputeUnitLimit instruction `send` puts first: a transaction with only that in it. */
  async computeBudgetShare(payer: KeyPairSigner): Promise<bigint> {
    if (this.budgetShare !== null) return this.budgetShare;
    const result = await send(this.sandbox, payer, []);
    if (result.err !== null) throw new Error(`a compute-budget-only transaction failed: ${JSON.stringify(result.err)}`);
    this.budgetShare = this.meta(result.signature).computeUnitsConsumed;
    return this.budgetShare;
  }

  /** Sends one instruction (after the compute budget one) and answers its CU, cross-checked with the logs. */
  async measure(label: string, payer: KeyPairSigner, instruction: Instruction, signers: readonly KeyPairSigner[] = []): Promise<Measured> {
    const share = await this.computeBudgetShare(payer);
    const result = await send(this.sandbox, payer, [instruction], signers);
    if (result.err !== null) throw new Error(`${label} failed: ${JSON.stringify(result.err)}\n${result.logs.join('\n')}`);
    const meta = this.meta(result.signature);
    const units = meta.computeUnitsConsumed - share;
    const lines = consumedLines(meta.logMessages);
    const logged = consumedBy(lines, instruction.programAddress, 1);
    if (logged.length !== 1 || logged[0] !== units) {
      throw new Error(`${label}: computeUnitsConsumed ${meta.computeUnitsConsumed} - ${share} = ${units}, but the program logged ${logged.join(', ') || 'nothing'}`);
    }
    return {
      units,
      signature: result.signature,
      cpi: (program) => {
        const inner = consumedBy(lines, program, 2);
        if (inner.length !== 1) throw new Error(`${label}: expected one CPI into ${program}, the logs show ${inner.length}`);
        if (inner[0]! >= units) throw new Error(`${label}: the CPI into ${program} logged ${inner[0]} CU, not less than the whole ${units}`);
        return inner[0]!;
      },
    };
  }
}
