import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccountRole, generateKeyPairSigner, lamports, type Instruction } from '@solana/kit';
import { afterAll, describe, expect, it } from 'vitest';
import { sendInstructions } from '../../core/sandbox/admin-transaction.js';
import { deployUpgradeable } from '../../core/sandbox/program-deploy.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { linkSbfV0, SbfLinkError } from '../../programs/build/sbf-linker.js';
import { SbfVerifyError } from '../../programs/build/sbf-verifier.js';

const work = mkdtempSync(join(tmpdir(), 'sbf-link-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function compile(name: string, cpu = 'v2'): Uint8Array {
  const out = join(work, `${name}-${cpu}.o`);
  execFileSync('clang-19', ['-target', 'bpf', `-mcpu=${cpu}`, '-O2', '-ffreestanding', '-fno-builtin', '-nostdlib', '-mllvm', '-bpf-stack-size=4096', '-c', join('test/fixtures/sbf', `${name}.c`), '-o', out]);
  return new Uint8Array(readFileSync(out));
}

describe('SBF v0 linker', () => {
  it('links a C program that the upgradeable loader deploys and the SVM runs', async () => {
    const linked = linkSbfV0(compile('hello'));
    expect(linked.syscalls).toEqual(['sol_log_', 'sol_log_64_']);
    const bytes = linked.bytes;
    expect([...bytes.subarray(0, 4)]).toEqual([0x7f, 0x45, 0x4c, 0x46]);
    expect(new DataView(bytes.buffer).getUint16(18, true)).toBe(247);
    expect(new DataView(bytes.buffer).getUint32(48, true)).toBe(0);

    const sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    try {
      const payer = await generateKeyPairSigner();
      await sandbox.faucet.sol(payer.address, lamports(50_000_000_000n));
      const { program } = await deployUpgradeable(sandbox.cluster, payer, bytes);
      sandbox.cluster.advanceSlots(1); // a deployed program is visible from the next slot
      const instruction: Instruction = { programAddress: program, accounts: [{ address: payer.address, role: AccountRole.WRITABLE_SIGNER, signer: payer } as never], data: new Uint8Array([1]) };
      const signature = await sendInstructions(sandbox.cluster, payer, [instruction]);
      const logs = sandbox.cluster.getTransaction(signature)!.meta.logMessages;
      expect(logs).toContain('Program log: hello from C');
      // One account: triple(2) reads words[0] through the rodata pointer table and returns 6.
      expect(logs).toContain('Program log: alpha');
      expect(logs).toContain('Program log: 0x6, 0x1, 0x0, 0x0, 0x0');
    } finally {
      sandbox.close();
    }
  });

  it('is reproducible: the same object links to the same bytes', () => {
    const object = compile('hello');
    expect(Buffer.from(linkSbfV0(object).bytes).equals(Buffer.from(linkSbfV0(compile('hello')).bytes))).toBe(true);
  });

  it('refuses writable static data, naming the section', () => {
    expect(() => linkSbfV0(compile('writable'))).toThrow(SbfLinkError);
    expect(() => linkSbfV0(compile('writable'))).toThrow(/writable static data .*\.data/);
  });

  it('refuses a syscall name the runtime would not resolve at deploy', () => {
    expect(() => linkSbfV0(compile('bad-syscall'))).toThrow(/unknown function or syscall "sol_log_bogus_"/);
  });

  it('refuses instructions outside the SBPF v0 set (32-bit jumps from -mcpu=v3)', () => {
    expect(() => linkSbfV0(compile('jump32', 'v3'))).toThrow(SbfVerifyError);
    expect(() => linkSbfV0(compile('jump32', 'v3'))).toThrow(/entrypoint\+\d+ \(pc \d+\): opcode 0x[0-9a-f]+ is not in the SBPF v0 instruction set/);
    expect(() => linkSbfV0(compile('jump32', 'v2'))).not.toThrow();
  });

  it('refuses an object that is not BPF', () => {
    expect(() => linkSbfV0(new Uint8Array(readFileSync(process.execPath).subarray(0, 4096)))).toThrow(/not a relocatable object|not BPF/);
  });
});
