import { randomBytes } from 'node:crypto';
import {
  AccountRole,
  appendTransactionMessageInstructions,
  compileTransaction,
  compileTransactionMessage,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  getBase58Decoder,
  getBase58Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Blockhash,
  type Instruction,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { encodeUnsignedV0, withComputeUnitLimit, type UnsignedTransaction } from '../../core/engine/transaction.js';
import { getSetComputeUnitLimitInstruction } from '@solana-program/compute-budget';
import { addressBytes, addressOfBytes, base58Decode, base58Encode } from '../../core/programs/address-text.js';
import { decodeWireFast } from '../../core/verify/transaction-wire.js';

/** The hand-written codecs the hot paths use give exactly kit's bytes and shapes. */

const kitText = getBase58Decoder();
const kitBytes = getBase58Encoder();
const randomAddress = () => kitText.decode(randomBytes(32)) as Address;

describe('base58', () => {
  it('encodes and decodes as kit does, leading zeros included', () => {
    // Lengths odd and even around the limb sizes (5 digits, 2 bytes in; 4 digits, 3 bytes out), all-zero and all-0xff values.
    const lengths = [32, 64, 1, 5, 0, 2, 3, 4, 6, 7, 31, 33, 63, 65, 100];
    for (let i = 0; i < 3000; i++) {
      const bytes = randomBytes(lengths[i % lengths.length]!);
      if (bytes.length > 1 && i % 3 === 0) bytes[0] = 0;
      if (bytes.length > 2 && i % 7 === 0) bytes[1] = 0;
      if (i % 11 === 0) bytes.fill(i % 22 === 0 ? 0 : 0xff);
      const text = kitText.decode(bytes);
      expect(base58Encode(bytes)).toBe(text);
      expect(Buffer.from(base58Decode(text)!)).toEqual(Buffer.from(kitBytes.encode(text)));
      if (bytes.length === 32) {
        expect(addressOfBytes(bytes)).toBe(text);
        expect(Buffer.from(addressBytes(text))).toEqual(bytes);
      }
    }
    expect(base58Decode('0OIl')).toBeNull();
    for (const bad of ['1110', 'abcO', 'abcdI', '2222l', 'é', `${'2'.repeat(43)}0`]) expect(base58Decode(bad), bad).toBeNull();
    expect(() => addressBytes('not an address')).toThrow();
  });
});

function randomMessage(withTable: boolean) {
  const payer = randomAddress();
  const programs = [randomAddress(), randomAddress()];
  const pool = Array.from({ length: 20 }, randomAddress);
  const roles = [AccountRole.READONLY, AccountRole.WRITABLE, AccountRole.READONLY_SIGNER, AccountRole.WRITABLE_SIGNER];
  const instructions: Instruction[] = [getSetComputeUnitLimitInstruction({ units: 1_400_000 })];
  for (let i = 0; i < 4; i++) {
    instructions.push({
      programAddress: programs[i % 2]!,
      accounts: Array.from({ length: 1 + (i * 3) % 7 }, (_, j) => ({ address: pool[(i * 5 + j * 3) % pool.length]!, role: roles[(i + j) % (j % 3 === 0 ? 4 : 2)]! })),
      data: randomBytes(i * 3),
    });
  }
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: randomAddress() as unknown as Blockhash, lastValidBlockHeight: 0n }, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  const table = randomAddress();
  return withTable ? compressTransactionMessageUsingAddressLookupTables(message, { [table]: pool.slice(0, 12) }) : message;
}

describe('transaction wire codecs', () => {
  it('write the unsigned v0 wire kit writes, and read it back as kit does', () => {
    for (let i = 0; i < 60; i++) {
      const message = randomMessage(i % 2 === 0);
      const kitWire = new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)));
      const wire = encodeUnsignedV0(compileTransactionMessage(message) as Parameters<typeof encodeUnsignedV0>[0]);
      expect(Buffer.from(wire)).toEqual(Buffer.from(kitWire));
      // Some slots signed, so both null and filled signatures are compared.
      const signed = Uint8Array.from(wire);
      signed.set(randomBytes(64), 1);
      for (const bytes of [wire, signed]) {
        const fast = decodeWireFast(bytes)!;
        const transaction = getTransactionDecoder().decode(bytes);
        expect(fast.signatures).toEqual(transaction.signatures);
        expect(Buffer.from(fast.messageBytes)).toEqual(Buffer.from(transaction.messageBytes));
        expect(fast.message).toEqual(getCompiledTransactionMessageDecoder().decode(transaction.messageBytes));
      }
    }
  });

  it('patches the compute unit limit exactly where compiling again would write it', () => {
    const message = randomMessage(true);
    const compiled = compileTransactionMessage(message) as Parameters<typeof encodeUnsignedV0>[0];
    const tx = { wire: encodeUnsignedV0(compiled), computeUnitLimit: 1_400_000, priorityLamports: 14_000n } as UnsignedTransaction;
    const [first, ...rest] = message.instructions;
    expect(first!.programAddress).toBe('ComputeBudget111111111111111111111111111111');
    const again = { ...message, instructions: [getSetComputeUnitLimitInstruction({ units: 123_456 }), ...rest] };
    const expected = new Uint8Array(getTransactionEncoder().encode(compileTransaction(again as typeof message)));
    const patched = withComputeUnitLimit(tx, 123_456)!;
    expect(Buffer.from(patched.wire)).toEqual(Buffer.from(expected));
    expect(patched.computeUnitLimit).toBe(123_456);
  });

  it('leaves what is not a signatures-first legacy or v0 transaction to kit', () => {
    expect(decodeWireFast(new Uint8Array(0))).toBeNull();
    expect(decodeWireFast(Uint8Array.from([1, 2, 3]))).toBeNull();
  });
});
