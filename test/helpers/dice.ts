import type { SeededRandom } from '../math/seeded-random.js';

/** Small conveniences over the seeded PRNG, for the fuzz tests: the same seed, the same cases. */
export class Dice {
  constructor(private readonly rng: SeededRandom) {}
  int(n: number): number {
    return Number(this.rng.between(0n, BigInt(n - 1)));
  }
  pick<T>(values: readonly T[]): T {
    return values[this.int(values.length)]!;
  }
  /** True `percent` times in a hundred (to a tenth of a percent). */
  chance(percent: number): boolean {
    return this.int(1_000) < percent * 10;
  }
  /** A length spread over magnitudes (as many short ones as long ones, per bit length). */
  size(max: number): number {
    return Number(this.rng.magnitude(0n, BigInt(max)));
  }
  bytes(n: number): Buffer {
    const out = Buffer.alloc(n);
    for (let k = 0; k < n; k++) out[k] = this.int(256);
    return out;
  }
}
