import { generateKeyPairSigner, type Address, type Blockhash } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import type { World } from '../../core/engine/world.js';
import { compileUnsigned, MAX_TRANSACTION_BYTES } from '../../core/engine/transaction.js';
import { isDeskError } from '../../core/errors.js';

/** One transaction holds at most 1232 bytes: a build that does not fit is `too_large`, in words, never truncated. */
describe('compileUnsigned: the one-transaction limit', () => {
  const world = { lookupTable: null } as unknown as World;
  const lifetime = { blockhash: '11111111111111111111111111111111' as Blockhash, lastValidBlockHeight: 150n };
  const memo = (bytes: number) => ({ programAddress: 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr' as Address, accounts: [], data: new Uint8Array(bytes) });

  it('compiles a transaction up to the limit and answers too_large one byte over it, naming the size', async () => {
    const feePayer = (await generateKeyPairSigner()).address;
    const base = compileUnsigned(world, { feePayer, instructions: [memo(0)], lifetime, computeUnitLimit: 200_000 }).wire.length;
    const room = MAX_TRANSACTION_BYTES - base;
    // Instruction data of n bytes takes n bytes plus a compact-u16 length (2 bytes from 128 up).
    const fits = compileUnsigned(world, { feePayer, instructions: [memo(room - 1)], lifetime, computeUnitLimit: 200_000 });
    expect(fits.wire.length).toBe(MAX_TRANSACTION_BYTES);
    let error: unknown = null;
    try {
      compileUnsigned(world, { feePayer, instructions: [memo(room)], lifetime, computeUnitLimit: 200_000 });
    } catch (e) {
      error = e;
    }
    expect(isDeskError(error, 'too_large')).toBe(true);
    expect((error as Error).message).toBe(`the transaction takes ${MAX_TRANSACTION_BYTES + 1} bytes, more than the ${MAX_TRANSACTION_BYTES} one transaction may hold`);
  });
});
