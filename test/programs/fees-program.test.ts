import { generateKeyPairSigner, lamports, type Address, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANCHOR_ERRORS } from '../../core/programs/anchor/errors.js';
import { findEventAuthority } from '../../core/programs/anchor/event-authority.js';
import {
  decodeFeeConfig,
  decodeFees,
  FEES_ERRORS,
  findFeeConfig,
  getFeesInstruction,
  initializeFeeConfigInstruction,
  updateFeeConfigInstruction,
  type Fees,
} from '../../core/programs/fees/fee-config.js';
import type { Bps } from '../../core/math/units.js';
import { trySendInstructions } from '../../core/sandbox/admin-transaction.js';
import { deployUpgradeable } from '../../core/sandbox/program-deploy.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { customError, programBytes } from '../helpers/programs.js';

const flat: Fees = { lpFeeBps: 20n as Bps, protocolFeeBps: 5n as Bps, creatorFeeBps: 200n as Bps };

/** The fee program, deployed through the upgradeable loader into a fresh sandbox. */
describe('fees program', () => {
  let sandbox: Sandbox;
  let admin: KeyPairSigner;
  let program: Address;
  let configProgram: Address;
  let feeConfig: Address;
  let eventAuthority: Address;

  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    admin = await generateKeyPairSigner();
    await sandbox.faucet.sol(admin.address, lamports(100_000_000_000n));
    ({ program } = await deployUpgradeable(sandbox.cluster, admin, programBytes('fees')));
    sandbox.cluster.advanceSlots(1);
    configProgram = (await generateKeyPairSigner()).address;
    feeConfig = await findFeeConfig(program, configProgram);
    eventAuthority = await findEventAuthority(program);
  });
  afterAll(() => sandbox.close());

  // A new slot (and blockhash) per send, so that a repeated instruction is a new transaction.
  const send = (instructions: Parameters<typeof trySendInstructions>[2], payer = admin) => {
    sandbox.cluster.advanceSlots(1);
    return trySendInstructions(sandbox.cluster, payer, instructions);
  };

  it('creates the fee config at its PDA and sets flat fees', async () => {
    const init = await send([initializeFeeConfigInstruction({ feeProgram: program, feeConfig, configProgram, eventAuthority, admin: admin.address })]);
    expect(init.err).toBeNull();
    const update = await send([updateFeeConfigInstruction({ feeProgram: program, feeConfig, configProgram, eventAuthority, admin: admin.address, flatFees: flat })]);
    expect(update.err).toBeNull();
    const account = sandbox.cluster.getAccount(feeConfig)!;
    expect(account.owner).toBe(program);
    const decoded = decodeFeeConfig(account.data);
    expect(decoded.admin).toBe(admin.address);
    expect(decoded.flatFees).toEqual(flat);
  });

  it('answers get_fees with the flat fees as return data', async () => {
    const simulated = await send([getFeesInstruction({ feeProgram: program, feeConfig, configProgram })]);
    expect(simulated.err).toBeNull();
    const tx = sandbox.cluster.getTransaction(simulated.signature)!;
    expect(tx.meta.returnData?.programId).toBe(program);
    expect(decodeFees(tx.meta.returnData!.data)).toEqual(flat);
  });

  it('refuses a second initialize', async () => {
    const again = await send([initializeFeeConfigInstruction({ feeProgram: program, feeConfig, configProgram, eventAuthority, admin: admin.address })]);
    expect(customError(again.err)).toBe(4102);
    expect(again.logs.join('\n')).toMatch(/already in use/);
  });

  it('refuses a fee config at the wrong PDA', async () => {
    const other = (await generateKeyPairSigner()).address;
    const result = await send([updateFeeConfigInstruction({ feeProgram: program, feeConfig, configProgram: other, eventAuthority, admin: admin.address, flatFees: flat })]);
    expect(customError(result.err)).toBe(ANCHOR_ERRORS.ConstraintSeeds);
  });

  it('refuses an update by anyone but the admin', async () => {
    const stranger = await generateKeyPairSigner();
    await sandbox.faucet.sol(stranger.address, lamports(1_000_000_000n));
    const result = await send([updateFeeConfigInstruction({ feeProgram: program, feeConfig, configProgram, eventAuthority, admin: stranger.address, flatFees: flat })], stranger);
    expect(customError(result.err)).toBe(FEES_ERRORS.InvalidAdmin);
  });

  it('refuses an update without the admin signature', async () => {
    const ix = updateFeeConfigInstruction({ feeProgram: program, feeConfig, configProgram, eventAuthority, admin: admin.address, flatFees: flat });
    const payer = await generateKeyPairSigner();
    await sandbox.faucet.sol(payer.address, lamports(1_000_000_000n));
    const unsigned = { ...ix, accounts: ix.accounts!.map((a, i) => (i === 1 ? { ...a, role: 0 } : a)) };
    const result = await send([unsigned as never], payer);
    expect(customError(result.err)).toBe(ANCHOR_ERRORS.ConstraintSigner);
  });

  it('refuses fees adding up to more than 100%', async () => {
    const result = await send([
      updateFeeConfigInstruction({ feeProgram: program, feeConfig, configProgram, eventAuthority, admin: admin.address, flatFees: { ...flat, lpFeeBps: 9_900n as Bps } }),
    ]);
    expect(customError(result.err)).toBe(FEES_ERRORS.InvalidFeeTotal);
    expect(decodeFeeConfig(sandbox.cluster.getAccount(feeConfig)!.data).flatFees).toEqual(flat);
  });

  it('refuses an unknown instruction', async () => {
    const result = await send([{ programAddress: program, accounts: [], data: new Uint8Array(8).fill(9) }]);
    expect(customError(result.err)).toBe(ANCHOR_ERRORS.InstructionFallbackNotFound);
  });
});
