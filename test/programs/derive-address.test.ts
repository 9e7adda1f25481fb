import { createHash } from 'node:crypto';
import {
  getAddressDecoder,
  getAddressEncoder,
  getProgramDerivedAddress,
  isOffCurveAddress,
  isSolanaError,
  SOLANA_ERROR__ADDRESSES__MAX_NUMBER_OF_PDA_SEEDS_EXCEEDED,
  SOLANA_ERROR__ADDRESSES__MAX_PDA_SEED_LENGTH_EXCEEDED,
  type Address,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { addressSeed, derivePda, deriveSync, isOnCurve, sha256 } from '../../core/programs/derive-address.js';

/** A deterministic generator (xorshift32): the same seeds every run. */
function bytesSource(start: number) {
  let state = start >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
  return {
    int: (below: number) => next() % below,
    bytes: (length: number) => Uint8Array.from({ length }, () => next() & 0xff),
  };
}

const decoder = getAddressDecoder();
const encoder = getAddressEncoder();

describe('derivePda (synchronous SHA-256, base58 and on-curve test)', () => {
  it('hashes as node:crypto does, at every length around the block edges', () => {
    const src = bytesSource(7);
    for (let length = 0; length <= 300; length++) {
      const message = src.bytes(length);
      expect(Buffer.from(sha256(message)).toString('hex')).toBe(createHash('sha256').update(message).digest('hex'));
    }
  });

  it('tells points on the curve as kit does, for random and edge 32-byte strings', () => {
    const src = bytesSource(11);
    const cases: Uint8Array[] = [];
    for (let i = 0; i < 3000; i++) cases.push(src.bytes(32));
    // y = 1 and y = p - 1 (u = 0, x = 0) with and without the sign bit; y = 0; y >= p (not reduced); all ones.
    const le = (value: bigint, sign: boolean) => {
      const out = new Uint8Array(32);
      for (let i = 0; i < 32; i++) out[i] = Number((value >> BigInt(8 * i)) & 0xffn);
      if (sign) out[31]! |= 0x80;
      return out;
    };
    const p = 2n ** 255n - 19n;
    for (const y of [0n, 1n, p - 1n, p, p + 1n, p + 18n, 2n ** 255n - 1n, 2n]) for (const sign of [false, true]) cases.push(le(y, sign));
    for (const bytes of cases) {
      expect(isOnCurve(bytes), Buffer.from(bytes).toString('hex')).toBe(!isOffCurveAddress(decoder.decode(bytes)));
    }
  });

  it('derives what kit derives, with its bump, for thousands of random seed sets', async () => {
    const src = bytesSource(0x5eed);
    const programs = Array.from({ length: 16 }, () => decoder.decode(src.bytes(32)));
    for (let i = 0; i < 3000; i++) {
      const program = programs[src.int(programs.length)]!;
      const seeds: (string | Uint8Array)[] = [];
      const count = src.int(5);
      for (let s = 0; s < count; s++) {
        const kind = src.int(4);
        if (kind === 0) seeds.push(['global', 'bonding-curve', 'pool', 'fee_config', 'é-ünicode', ''][src.int(6)]!);
        else if (kind === 1) seeds.push(src.bytes(32));
        else seeds.push(src.bytes(src.int(33)));
      }
      const [expected, bump] = await getProgramDerivedAddress({ programAddress: program, seeds });
      expect(deriveSync(program, seeds), `seed set ${i}`).toBe(expected);
      expect(bump).toBeGreaterThan(0);
      expect(await derivePda(program, seeds)).toBe(expected);
    }
  });

  it('takes address seeds from addressSeed, and memoises under a key that tells seeds apart', async () => {
    const src = bytesSource(99);
    const program = decoder.decode(src.bytes(32));
    for (let i = 0; i < 500; i++) {
      // Leading zero bytes make leading '1's in base58.
      const raw = src.bytes(32);
      raw.fill(0, 0, src.int(4));
      const address = decoder.decode(raw);
      expect(Array.from(addressSeed(address))).toEqual(Array.from(encoder.encode(address)));
      const [expected] = await getProgramDerivedAddress({ programAddress: program, seeds: ['x', encoder.encode(address)] });
      expect(await derivePda(program, ['x', addressSeed(address)])).toBe(expected);
    }
    // Same bytes split differently are different seed lists.
    const [ab] = await getProgramDerivedAddress({ programAddress: program, seeds: ['ab', 'c'] });
    const [a] = await getProgramDerivedAddress({ programAddress: program, seeds: ['a', 'bc'] });
    expect(await derivePda(program, ['ab', 'c'])).toBe(ab);
    expect(await derivePda(program, ['a', 'bc'])).toBe(a);
    expect(await derivePda(program, [new Uint8Array([97, 98]), 'c'])).toBe(ab);
  });

  it("refuses what kit refuses, with kit's errors", async () => {
    const program = decoder.decode(bytesSource(3).bytes(32));
    await expect(derivePda(program, [new Uint8Array(33)])).rejects.toSatisfy((e: unknown) => isSolanaError(e, SOLANA_ERROR__ADDRESSES__MAX_PDA_SEED_LENGTH_EXCEEDED));
    await expect(derivePda(program, Array.from({ length: 16 }, () => 'a'))).rejects.toSatisfy((e: unknown) => isSolanaError(e, SOLANA_ERROR__ADDRESSES__MAX_NUMBER_OF_PDA_SEEDS_EXCEEDED));
    await expect(derivePda('not an address' as Address, ['a'])).rejects.toThrow();
    expect(() => addressSeed('0OIl' as Address)).toThrow();
    // Fifteen seeds are fine (kit counts the bump as the sixteenth).
    const fifteen = Array.from({ length: 15 }, () => 'a');
    expect(await derivePda(program, fifteen)).toBe((await getProgramDerivedAddress({ programAddress: program, seeds: fifteen }))[0]);
  });
});
