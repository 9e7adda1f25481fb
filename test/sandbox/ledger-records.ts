import { randomBytes } from 'node:crypto';
import { getBase58Decoder, getBase58Encoder, type Address, type Lamports, type Signature } from '@solana/kit';
import type { ChainTransaction } from '../../core/chain/types.js';

const base58 = getBase58Decoder();
const base58Bytes = getBase58Encoder();

/** A few addresses the made-up transactions name (so that each address has a history to list). */
export const LEDGER_TEST_ADDRESSES: readonly Address[] = Array.from({ length: 6 }, (_, i) => base58.decode(new Uint8Array(32).fill(i + 1)) as Address);

/**
 * A made-up landed transaction for ledger tests (the ledger stores what it is given; nothing executes):
 * the `n`th names addresses n % 6 and (n + 1) % 6, and every 7th failed.
 */
export function madeUpTransaction(n: number): { tx: ChainTransaction; keys: Address[] } {
  const keys = [LEDGER_TEST_ADDRESSES[n % 6]!, LEDGER_TEST_ADDRESSES[(n + 1) % 6]!];
  const signature = randomBytes(64);
  // As on the wire: one signature (its count first), then a legacy message naming the two keys, no instruction.
  const wire = new Uint8Array(Buffer.concat([Buffer.from([1]), signature, Buffer.from([1, 0, 1, 2]), ...keys.map((k) => Buffer.from(base58Bytes.encode(k))), randomBytes(32), Buffer.from([0])]));
  const tx: ChainTransaction = {
    signature: base58.decode(signature) as Signature,
    slot: BigInt(10 + Math.floor(n / 4)),
    blockTime: 1_700_000_000n + BigInt(n),
    wire,
    meta: {
      err: n % 7 === 3 ? { InstructionError: [0, { Custom: n }] } : null,
      fee: 5000n as Lamports,
      preBalances: [1_000_000n as Lamports, 0n as Lamports],
      postBalances: [995_000n as Lamports, 0n as Lamports],
      preTokenBalances: [],
      postTokenBalances: [],
      logMessages: [`Program log: made-up ${n}`],
      innerInstructions: [],
      computeUnitsConsumed: 150n,
      returnData: null,
      loadedAddresses: { writable: [], readonly: [] },
    },
  };
  return { tx, keys };
}
