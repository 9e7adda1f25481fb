import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateKeyPairSigner, lamports, type Address, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trySendInstructions } from '../../core/sandbox/admin-transaction.js';
import { deployUpgradeable } from '../../core/sandbox/program-deploy.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { CLANG, CLANG_FLAGS } from '../../programs/build/build.js';
import { linkSbfV0 } from '../../programs/build/sbf-linker.js';

const U64 = (1n << 64n) - 1n;

/**
 * The C library's 128-bit helpers (the BPF backend refuses __int128 multiply and divide, so they are
 * ours), run on the SVM against BigInt over edge cases and random values.
 */
describe('programs/lib checked-math on the SVM', () => {
  const work = mkdtempSync(join(tmpdir(), 'u128-'));
  let sandbox: Sandbox;
  let payer: KeyPairSigner;
  let program: Address;

  beforeAll(async () => {
    const object = join(work, 'u128.o');
    execFileSync(CLANG, [...CLANG_FLAGS, '-I', 'programs/lib', '-c', 'test/fixtures/sbf/u128-math.c', '-o', object]);
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    payer = await generateKeyPairSigner();
    await sandbox.faucet.sol(payer.address, lamports(100_000_000_000n));
    ({ program } = await deployUpgradeable(sandbox.cluster, payer, linkSbfV0(new Uint8Array(readFileSync(object))).bytes));
    sandbox.cluster.advanceSlots(1);
  });
  afterAll(() => {
    sandbox.close();
    rmSync(work, { recursive: true, force: true });
  });

  /** One call: op and arguments in, the return data out. */
  async function run(op: number, a: bigint, b: bigint, c: bigint): Promise<bigint[]> {
    const data = new Uint8Array(25);
    const view = new DataView(data.buffer);
    data[0] = op;
    view.setBigUint64(1, a, true);
    view.setBigUint64(9, b, true);
    view.setBigUint64(17, c, true);
    sandbox.cluster.advanceSlots(1);
    const result = await trySendInstructions(sandbox.cluster, payer, [{ programAddress: program, accounts: [], data }]);
    expect(result.err, result.logs.join('\n')).toBeNull();
    const ret = sandbox.cluster.getTransaction(result.signature)!.meta.returnData!.data;
    const out = new DataView(ret.buffer, ret.byteOffset, ret.byteLength);
    return [0, 8, 16].map((at) => out.getBigUint64(at, true));
  }

  let seed = 0x1234567;
  const random64 = (): bigint => {
    let v = 0n;
    for (let i = 0; i < 4; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      v = (v << 16n) | BigInt(seed & 0xffff);
    }
    // Mix in small and huge magnitudes, where carries and borrows live.
    const shape = seed % 4;
    return shape === 0 ? v >> BigInt(seed % 64) : shape === 1 ? U64 - (v >> 32n) : v;
  };
  const cases = (): [bigint, bigint, bigint][] => [
    [0n, 0n, 1n],
    [U64, U64, U64],
    [U64, 1n, 1n],
    [1n << 32n, 1n << 32n, 3n],
    [U64, U64, 1n],
    ...Array.from({ length: 24 }, (): [bigint, bigint, bigint] => [random64(), random64(), random64() | 1n]),
  ];

  it('multiplies 64x64 into 128 bits exactly', async () => {
    for (const [a, b] of cases()) {
      const [lo, hi] = await run(0, a, b, 0n);
      expect((hi! << 64n) | lo!, `${a} * ${b}`).toBe(a * b);
    }
  });

  it('divides 128 by 64 bits, refusing a zero divisor and a quotient above u64', async () => {
    for (const [a, b, c] of cases()) {
      const n = (b << 64n) | a;
      const [ok, q, r] = await run(1, a, b, c);
      const fits = c !== 0n && n / c <= U64;
      expect(ok, `${n} / ${c}`).toBe(fits ? 1n : 0n);
      if (fits) {
        expect(q).toBe(n / c);
        expect(r).toBe(n % c);
      }
    }
    expect((await run(1, 5n, 0n, 0n))[0]).toBe(0n);
  });

  it('computes a*b/c rounded down and up', async () => {
    for (const [a, b, c] of cases()) {
      const exact = (a * b) / c;
      const up = (a * b + c - 1n) / c;
      const [okFloor, floor] = await run(2, a, b, c);
      const [okCeil, ceil] = await run(3, a, b, c);
      expect(okFloor).toBe(exact <= U64 ? 1n : 0n);
      if (exact <= U64) expect(floor).toBe(exact);
      expect(okCeil).toBe(up <= U64 ? 1n : 0n);
      if (up <= U64) expect(ceil).toBe(up);
    }
  });

  it('takes the integer square root of 128-bit values', async () => {
    const isqrt = (n: bigint): bigint => {
      if (n < 2n) return n;
      let x = n;
      let y = (x + 1n) / 2n;
      while (y < x) [x, y] = [y, (y + n / y) / 2n];
      return x;
    };
    for (const [a, b] of cases()) {
      const n = (b << 64n) | a;
      expect((await run(4, a, b, 0n))[0], `isqrt ${n}`).toBe(isqrt(n));
    }
  });
});
