import { createHash } from 'node:crypto';
import { createKeyPairSignerFromPrivateKeyBytes, type KeyPairSigner } from '@solana/kit';

/**
 * The seeded market's randomness: everything it decides (which coin, who trades, how much) comes from one
 * seed through a small deterministic generator (SplitMix64), and every key it uses is derived from the seed
 * and a label, so the same seed always makes the same market: the same mints, wallets and amounts.
 */
export class MarketRandom {
  private state: bigint;

  constructor(seed: string) {
    this.state = BigInt(`0x${createHash('sha256').update(`launchdesk-market:${seed}`).digest('hex').slice(0, 16)}`);
  }

  private next(): bigint {
    const mask = (1n << 64n) - 1n;
    this.state = (this.state + 0x9e3779b97f4a7c15n) & mask;
    let z = this.state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & mask;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & mask;
    return z ^ (z >> 31n);
  }

  /** An integer in [low, high], exact for any bigint range. */
  between(low: bigint, high: bigint): bigint {
    if (high < low) throw new RangeError(`empty range ${low}..${high}`);
    return low + (this.next() % (high - low + 1n));
  }

  /** An index into a list of `length`. */
  index(length: number): number {
    return Number(this.between(0n, BigInt(length - 1)));
  }

  pick<T>(items: readonly T[]): T {
    return items[this.index(items.length)]!;
  }

  /** True `numerator` times in `denominator`. */
  chance(numerator: bigint, denominator: bigint): boolean {
    return this.between(1n, denominator) <= numerator;
  }
}

/** A key derived from the seed and a label (a trader's, a mint's): the same seed, the same address. */
export function marketKey(seed: string, label: string): Promise<KeyPairSigner> {
  return createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(createHash('sha256').update(`launchdesk-market:${seed}:${label}`).digest()));
}
