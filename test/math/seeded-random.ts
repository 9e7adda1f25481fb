/**
 * A small deterministic bigint PRNG (SplitMix64) for property tests: the same seed gives the same cases
 * on every run and machine, so a failure names a case that can be replayed.
 */
const MASK_64 = (1n << 64n) - 1n;

export class SeededRandom {
  private state: bigint;

  constructor(seed: bigint) {
    this.state = seed & MASK_64;
  }

  /** The next 64 uniform random bits. */
  next64(): bigint {
    this.state = (this.state + 0x9e3779b97f4a7c15n) & MASK_64;
    let z = this.state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK_64;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK_64;
    return z ^ (z >> 31n);
  }

  /** Uniform in lo..=hi (128 random bits reduced modulo the span: bias below 2^-60 for 64-bit spans). */
  between(lo: bigint, hi: bigint): bigint {
    if (hi < lo) throw new RangeError(`empty range ${lo}..=${hi}`);
    return lo + (((this.next64() << 64n) | this.next64()) % (hi - lo + 1n));
  }

  /** Spread over magnitudes: a bit length uniform in those of lo..=hi, then uniform within it. */
  magnitude(lo: bigint, hi: bigint): bigint {
    const bits = BigInt(this.between(BigInt(lo.toString(2).length), BigInt(hi.toString(2).length)));
    const from = bits === 1n ? 0n : 1n << (bits - 1n);
    const to = (1n << bits) - 1n;
    return this.between(from > lo ? from : lo, to < hi ? to : hi);
  }

  /** True with probability numerator/denominator. */
  chance(numerator: bigint, denominator: bigint): boolean {
    return this.between(0n, denominator - 1n) < numerator;
  }
}
