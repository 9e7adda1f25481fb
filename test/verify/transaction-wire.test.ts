import {
  appendTransactionMessageInstructions,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  generateKeyPairSigner,
  getAddressDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  AccountRole,
  type Address,
  type Blockhash,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { readTransactionWire } from '../../core/verify/transaction-wire.js';
import { SeededRandom } from '../math/seeded-random.js';

const rng = new SeededRandom(0x71e5n);
const randomAddress = (): Address => getAddressDecoder().decode(Uint8Array.from({ length: 32 }, () => Number(rng.between(0n, 255n))));

/** A transaction as kit encodes it: `version`, one instruction with `dataLength` bytes over `accounts` accounts (some looked up). */
async function encoded(version: 'legacy' | 0, dataLength: number, accounts: number, lookedUp: boolean): Promise<Uint8Array> {
  const payer = (await generateKeyPairSigner()).address;
  const program = randomAddress();
  const metas = Array.from({ length: accounts }, (_, i) => ({ address: randomAddress(), role: i % 2 === 0 ? AccountRole.WRITABLE : AccountRole.READONLY }));
  const message = pipe(
    createTransactionMessage({ version }),
    (m) => setTransactionMessageFeePayer(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: randomAddress() as unknown as Blockhash, lastValidBlockHeight: 1n }, m),
    (m) => appendTransactionMessageInstructions([{ programAddress: program, accounts: metas, data: new Uint8Array(dataLength).fill(7) }], m),
  );
  const compiled = version === 0 && lookedUp ? compressTransactionMessageUsingAddressLookupTables(message as never, { [randomAddress()]: metas.map((a) => a.address) }) : message;
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(compiled as never)));
}

/**
 * The relay's hand reading of the wire format (core/verify/transaction-wire) against kit's encoder: every
 * transaction kit writes (legacy and v0, lookups, lengths across the compact-u16 byte boundaries) reads
 * as kit reads it, and every cut of one is refused in words before any codec sees it.
 */
describe('the transaction wire, read by hand', () => {
  const shapes: [string, 'legacy' | 0, number, number, boolean][] = [
    ['legacy, no data', 'legacy', 0, 0, false],
    ['legacy, 127 bytes of data', 'legacy', 127, 3, false],
    ['legacy, 128 bytes of data (a 2-byte length)', 'legacy', 128, 3, false],
    ['v0, 300 bytes of data', 0, 300, 5, false],
    ['v0 with a lookup table', 0, 129, 20, true],
    ['v0, 900 bytes of data', 0, 900, 2, true],
  ];

  it.each(shapes)('%s: read as kit reads it', async (_name, version, dataLength, accounts, lookedUp) => {
    const wire = await encoded(version, dataLength, accounts, lookedUp);
    const shape = readTransactionWire(wire);
    expect(typeof shape, String(shape)).toBe('object');
    if (typeof shape === 'string') return;
    expect(shape.version).toBe(version);
    expect(shape.signatures).toBe(Object.keys(getTransactionDecoder().decode(wire).signatures).length);
    expect(shape.instructions).toBe(1);
    expect(shape.lookedUpAccounts > 0).toBe(lookedUp);
  });

  it.each(shapes)('%s: every cut is refused in words', async (_name, version, dataLength, accounts, lookedUp) => {
    const wire = await encoded(version, dataLength, accounts, lookedUp);
    for (let cut = 0; cut < wire.length; cut++) {
      const problem = readTransactionWire(wire.subarray(0, cut));
      expect(typeof problem, `cut at ${cut}`).toBe('string');
      expect(problem as string).toMatch(cut === 0 ? /^it is empty$/ : /^it ends after \d+ bytes?, inside |^it carries no signature/);
    }
  });

  it('refuses a length written with needless bytes and one over 65535, as a validator does', () => {
    expect(readTransactionWire(Uint8Array.from([0x81, 0x00]))).toBe('the length of the signature list is written with needless bytes');
    expect(readTransactionWire(Uint8Array.from([0xff, 0xff, 0x04]))).toBe('the length of the signature list is over 65535');
  });
});
