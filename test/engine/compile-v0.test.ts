import { randomBytes } from 'node:crypto';
import {
  AccountRole,
  appendTransactionMessageInstructions,
  compileTransactionMessage,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  getBase58Decoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Blockhash,
  type Instruction,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { compareAddresses, compileV0 } from '../../core/engine/transaction.js';

/**
 * compileUnsigned compiles v0 messages itself (compileV0): the same answer as kit's
 * compressTransactionMessageUsingAddressLookupTables + compileTransactionMessage, or null where kit
 * would throw, for messages that mix signers, writers, programs, the fee payer and table addresses.
 */

const text = getBase58Decoder();
const randomAddress = () => text.decode(randomBytes(32)) as Address;
const ROLES = [AccountRole.READONLY, AccountRole.WRITABLE, AccountRole.READONLY_SIGNER, AccountRole.WRITABLE_SIGNER];
const pick = <T>(values: readonly T[]): T => values[Math.floor(Math.random() * values.length)]!;

function kitCompile(feePayer: Address, blockhash: string, instructions: readonly Instruction[], table: { address: Address; addresses: readonly Address[] } | null) {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash as Blockhash, lastValidBlockHeight: 1n }, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  const compressed = table ? compressTransactionMessageUsingAddressLookupTables(message, { [table.address]: [...table.addresses] }) : message;
  const usesTable = compressed.instructions.some((ix) => ix.accounts?.some((a) => 'lookupTableAddress' in a));
  return { ...compileTransactionMessage(compressed), usesTable };
}

/** Addresses that sort only by case, digits and letters, lengths: where a collator and a plain comparison part. */
function trickyAddresses(): Address[] {
  const base = randomAddress();
  const flipped = base.replace(/[a-zA-Z]/, (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()));
  return [base, flipped === base ? randomAddress() : (flipped as Address), randomAddress(), randomAddress()];
}

describe('compileV0', () => {
  it("answers kit's compiled message, or null where kit throws", () => {
    let compared = 0;
    for (let round = 0; round < 800; round++) {
      const feePayer = randomAddress();
      const programs = [randomAddress(), randomAddress(), randomAddress()];
      const pool = [...Array.from({ length: 12 }, randomAddress), ...trickyAddresses()];
      // The table holds some of the pool, sometimes a program or the fee payer, sometimes twice.
      const tableAddresses = [...pool.filter(() => Math.random() < 0.5), ...(round % 5 === 0 ? [programs[0]!, feePayer] : []), ...(round % 7 === 0 ? [pool[0]!] : [])];
      const table = round % 6 === 0 ? null : { address: randomAddress(), addresses: tableAddresses };
      const instructions: Instruction[] = [];
      for (let i = 0, n = 1 + (round % 5); i < n; i++) {
        const accounts = Array.from({ length: Math.floor(Math.random() * 10) }, () => ({
          address: Math.random() < 0.08 ? feePayer : Math.random() < 0.06 ? pick(programs) : pick(pool),
          role: pick(ROLES),
        }));
        instructions.push({ programAddress: pick(programs), ...(i % 4 === 3 ? {} : { accounts }), ...(i % 3 === 2 ? {} : { data: randomBytes(i) }) });
      }
      const blockhash = randomAddress();
      let expected: ReturnType<typeof kitCompile> | null;
      try {
        expected = kitCompile(feePayer, blockhash, instructions, table);
      } catch {
        expected = null;
      }
      const actual = compileV0(feePayer, blockhash, instructions, table);
      if (expected === null) expect(actual).toBeNull();
      else {
        expect(actual).not.toBeNull();
        const kitShape = { ...expected, addressTableLookups: expected.addressTableLookups ?? [] };
        expect(JSON.parse(JSON.stringify(actual))).toEqual(JSON.parse(JSON.stringify(kitShape)));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(500);
  });

  it("orders addresses as kit's Intl.Collator does", () => {
    const collator = new Intl.Collator('en', { caseFirst: 'lower', ignorePunctuation: false, localeMatcher: 'best fit', numeric: false, sensitivity: 'variant', usage: 'sort' });
    const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    const short = (n: number) => Array.from({ length: n }, () => pick('1aAbB9zZlL0'.split(''))).join('');
    for (let i = 0; i < 10_000; i++) {
      let left: string;
      let right: string;
      if (i % 3 === 0) [left, right] = [randomAddress(), randomAddress()];
      else if (i % 3 === 1) [left, right] = [short(1 + (i % 5)), short(1 + ((i >> 2) % 5))];
      else {
        left = randomAddress();
        right = [...left].map((c) => (Math.random() < 0.1 && alphabet.includes(c.toUpperCase()) && alphabet.includes(c.toLowerCase()) ? (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) : c)).join('');
      }
      expect(Math.sign(compareAddresses(left, right))).toBe(Math.sign(collator.compare(left, right)));
    }
    expect(Math.sign(compareAddresses('a-b', 'a_b'))).toBe(Math.sign(collator.compare('a-b', 'a_b')));
  });
});
