import { generateKeyPairSigner, type Address, type Instruction, type KeyPairSigner } from '@solana/kit';
import { findAssociatedTokenPda } from '@solana-program/token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBondingCurve } from '../../core/programs/launchpad/bonding-curve.js';
import { findBondingCurve } from '../../core/programs/launchpad/pdas.js';
import { declarePayeeInstruction, decodeDeclarePayeeData, encodeDeclarePayeeData, type Payee } from '../../core/programs/vault/declare-payee.js';
import { decodePayeeRecord } from '../../core/programs/vault/payee-record.js';
import { findCoinAuthority, findPayeeRecord } from '../../core/programs/vault/pdas.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { TOKEN_2022_PROGRAM } from '../../core/sandbox/token-balances.js';
import { fundedWallet, programsOf, send, tokenBalance } from '../helpers/launchpad.js';
import { customError } from '../helpers/programs.js';
import { plantingInstructions, vaultConfigOf } from '../helpers/vault.js';

const ZEC = 100_000_000n;

/** The spec's "Hand-built planting", sent as one transaction to the sandbox, and declare_payee's refusals. */
describe('vault: declare_payee and the hand-built planting', () => {
  let sandbox: Sandbox;
  let vault: Address;

  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    vault = sandbox.profile.programs['vault']!;
  });
  afterAll(() => sandbox.close());

  const zec = () => sandbox.profile.mints.zec;

  const planting = async (payer: KeyPairSigner, mint: KeyPairSigner, payee: Payee, buy: boolean) =>
    (await plantingInstructions(sandbox, payer, mint, payee, buy ? 1_000_000_000n : null)).instructions;

  it('lands a planting of exactly the spec shape, signed by payer and mint key: the coin-authority creator, the payee record and its ZEC account', async () => {
    const payer = await fundedWallet(sandbox, 10n * ZEC);
    const mint = await generateKeyPairSigner();
    const payee = (await generateKeyPairSigner()).address;
    const treasuryBefore = sandbox.cluster.getAccount(sandbox.profile.accounts['treasury']!)?.lamports ?? 0n;
    const result = await send(sandbox, payer, await planting(payer, mint, { kind: 'wallet', wallet: payee }, true), [mint]);
    expect(result.err, result.logs.join('\n')).toBeNull();

    const curve = decodeBondingCurve(sandbox.cluster.getAccount(await findBondingCurve(programsOf(sandbox).launchpad, mint.address))!.data);
    expect(curve.creator).toBe(await findCoinAuthority(vault, mint.address));
    expect(curve.creatorFeeBps).toBe(vaultConfigOf(sandbox).creatorFeeBps);
    expect(curve.quoteMint).toBe(zec().address);
    expect(await tokenBalance(sandbox, payer.address, mint.address, TOKEN_2022_PROGRAM)).toBe(1_000_000_000n);
    expect(sandbox.cluster.getAccount(sandbox.profile.accounts['treasury']!)?.lamports).toBe(treasuryBefore + vaultConfigOf(sandbox).launchFeeLamports);

    const recordAddress = await findPayeeRecord(vault, mint.address);
    const recordAccount = sandbox.cluster.getAccount(recordAddress)!;
    expect(recordAccount.owner).toBe(vault);
    expect(decodePayeeRecord(recordAccount.data)).toEqual({ bump: expect.any(Number), mint: mint.address, payee: { kind: 'wallet', wallet: payee }, deployer: payer.address, totalPaid: 0n, runs: 0 });
    const [feeAccount] = await findAssociatedTokenPda({ owner: recordAddress, mint: zec().address, tokenProgram: zec().tokenProgram });
    expect(sandbox.cluster.getAccount(feeAccount)?.owner).toBe(zec().tokenProgram);
    expect(await tokenBalance(sandbox, recordAddress, zec().address, zec().tokenProgram)).toBe(0n);
  });

  it('records holder rewards (tag 0) without a first buy', async () => {
    const payer = await fundedWallet(sandbox);
    const mint = await generateKeyPairSigner();
    const result = await send(sandbox, payer, await planting(payer, mint, { kind: 'holders' }, false), [mint]);
    expect(result.err, result.logs.join('\n')).toBeNull();
    expect(decodePayeeRecord(sandbox.cluster.getAccount(await findPayeeRecord(vault, mint.address))!.data).payee).toEqual({ kind: 'holders' });
  });

  it('encodes the spec bytes and decodes them back', () => {
    expect([...encodeDeclarePayeeData({ kind: 'holders' })]).toEqual([51, 67, 68, 118, 241, 128, 196, 27, 0]);
    const wallet = 'A7hAgCzFw14fejgCp387JUJRMNyz4j89JKnhtKU8piqW' as Address;
    const data = encodeDeclarePayeeData({ kind: 'wallet', wallet });
    expect(data.length).toBe(41);
    expect(data[8]).toBe(1);
    expect(decodeDeclarePayeeData(data)).toEqual({ kind: 'wallet', wallet });
    expect(() => decodeDeclarePayeeData(Uint8Array.from([51, 67, 68, 118, 241, 128, 196, 27, 2]))).toThrow(/option tag 2/);
  });

  describe('refusals (each leaves nothing behind)', () => {
    let payer: KeyPairSigner;
    beforeAll(async () => {
      payer = await fundedWallet(sandbox);
    });

    /** A fresh coin planted with its creator the coin authority; answers the mint signer. */
    async function coin(): Promise<KeyPairSigner> {
      const mint = await generateKeyPairSigner();
      const [create] = await planting(payer, mint, { kind: 'holders' }, false);
      const result = await send(sandbox, payer, [create!], [mint]);
      expect(result.err, result.logs.join('\n')).toBeNull();
      return mint;
    }
    async function refused(instruction: Instruction, signers: KeyPairSigner[], code: number): Promise<void> {
      const result = await send(sandbox, payer, [instruction], signers);
      expect(customError(result.err), result.logs.join('\n')).toBe(code);
    }
    const declare = (mint: Address, payee: Payee = { kind: 'holders' }) => declarePayeeInstruction({ vault, zecMint: zec().address, deployer: payer.address, mint, payee });
    const withAccount = (ix: Instruction, index: number, address: Address) => ({ ...ix, accounts: ix.accounts!.map((a, i) => (i === index ? { ...a, address } : a)) });

    it('a second declaration for the same coin (4102, the first record unchanged)', async () => {
      const mint = await coin();
      const payee = (await generateKeyPairSigner()).address;
      expect((await send(sandbox, payer, [await declare(mint.address, { kind: 'wallet', wallet: payee })], [mint])).err).toBeNull();
      await refused(await declare(mint.address), [mint], 4102);
      expect(decodePayeeRecord(sandbox.cluster.getAccount(await findPayeeRecord(vault, mint.address))!.data).payee).toEqual({ kind: 'wallet', wallet: payee });
    });

    it('an option tag other than 0 or 1 (6200)', async () => {
      const mint = await coin();
      const ix = await declare(mint.address);
      await refused({ ...ix, data: Uint8Array.from([...ix.data!.subarray(0, 8), 2]) }, [mint], 6200);
    });

    it('tag 1 without its 32-byte key (102)', async () => {
      const mint = await coin();
      const ix = await declare(mint.address);
      await refused({ ...ix, data: Uint8Array.from([...ix.data!.subarray(0, 8), 1, 7, 7]) }, [mint], 102);
    });

    it('a payee of all zeros (6203)', async () => {
      const mint = await coin();
      await refused(await declare(mint.address, { kind: 'wallet', wallet: '11111111111111111111111111111111' as Address }), [mint], 6203);
    });

    it('a mint that is not a coin (6201) and a ZEC mint that is not ZEC (6202)', async () => {
      const stranger = await generateKeyPairSigner();
      await refused(await declare(stranger.address), [stranger], 6201);
      const mint = await coin();
      await refused(await declarePayeeInstruction({ vault, zecMint: sandbox.profile.mints.native.address, deployer: payer.address, mint: mint.address, payee: { kind: 'holders' } }), [mint], 6202);
    });

    it('another record address (2006) or fee account (2009)', async () => {
      const mint = await coin();
      const other = await coin();
      await refused(withAccount(await declare(mint.address), 2, await findPayeeRecord(vault, other.address)), [mint], 2006);
      const [notTheRecords] = await findAssociatedTokenPda({ owner: payer.address, mint: zec().address, tokenProgram: zec().tokenProgram });
      await refused(withAccount(await declare(mint.address), 4, notTheRecords), [mint], 2009);
    });

    it('the mint not signing (2002)', async () => {
      const mint = await coin();
      const ix = await declare(mint.address);
      await refused({ ...ix, accounts: ix.accounts!.map((a, i) => (i === 1 ? { address: a.address, role: 0 } : a)) } as Instruction, [], 2002);
      expect(sandbox.cluster.getAccount(await findPayeeRecord(vault, mint.address))).toBeNull();
    });

    it('another token program in any program slot (2012)', async () => {
      const mint = await coin();
      await refused(withAccount(await declare(mint.address), 6, zec().tokenProgram), [mint], 2012);
    });
  });
});
