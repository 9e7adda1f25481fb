import { generateKeyPairSigner, type Address, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyExactTokens } from '../../core/math/curve.js';
import { buyV2Instruction } from '../../core/programs/launchpad/instructions/buy-v2.js';
import { decodePayeeRecord } from '../../core/programs/vault/payee-record.js';
import { changePayeeInstruction, claimInstruction, VAULT_ERRORS } from '../../core/programs/vault/payee.js';
import { findPayeeRecord } from '../../core/programs/vault/pdas.js';
import { splitFeesInstruction } from '../../core/programs/vault/split-fees.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { curveOf, fundedWallet, openCoinAccount, partiesFor, programsOf, SANDBOX_FEE_RATES, send, tokenBalance, tokens, type Coin } from '../helpers/launchpad.js';
import { customError } from '../helpers/programs.js';
import { plantListedCoin, vaultConfigOf, vaultOf } from '../helpers/vault.js';

const ZEC = 100_000_000n;

/** Claims pay the recorded payee whoever sends them; payee changes pay out first; holders is permanent. */
describe('vault: claim and change_payee', () => {
  let sandbox: Sandbox;
  let trader: KeyPairSigner;
  let payee: KeyPairSigner;
  let coin: Coin;

  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    trader = await fundedWallet(sandbox, 1_000n * ZEC);
    payee = await fundedWallet(sandbox);
    coin = await plantListedCoin(sandbox, await fundedWallet(sandbox, 10n * ZEC), { kind: 'wallet', wallet: payee.address });
  });
  afterAll(() => sandbox.close());

  const zec = () => sandbox.profile.mints.zec;
  const zecOf = (owner: Address) => tokenBalance(sandbox, owner, zec().address, zec().tokenProgram);
  const record = async () => decodePayeeRecord(sandbox.cluster.getAccount(await findPayeeRecord(vaultOf(sandbox), coin.mint))!.data);
  const waiting = async () => zecOf(await findPayeeRecord(vaultOf(sandbox), coin.mint));
  const accounts = () => ({ vault: vaultOf(sandbox), zecMint: zec().address, mint: coin.mint });

  /** A buy on the curve, then a split: the payee's part waits in the record's fee account. */
  async function accrue(): Promise<bigint> {
    const before = await waiting();
    const buy = buyExactTokens(curveOf(sandbox, coin), tokens(2_000_000_000_000n), SANDBOX_FEE_RATES);
    const trade = await buyV2Instruction(partiesFor(sandbox, coin, trader.address), { amount: buy.tokens, maxQuoteCost: buy.totalCost });
    expect((await send(sandbox, trader, [await openCoinAccount(trader, coin), trade])).err).toBeNull();
    const split = await splitFeesInstruction({ ...accounts(), launchpad: programsOf(sandbox).launchpad, amm: sandbox.profile.programs['amm']!, sender: trader.address, config: vaultConfigOf(sandbox) });
    expect((await send(sandbox, trader, [split])).err).toBeNull();
    const added = (await waiting()) - before;
    expect(added > 0n).toBe(true);
    return added;
  }

  it('a claim sent by any wallet pays everything waiting to the recorded payee; the sender gets nothing', async () => {
    const owed = await accrue();
    const sender = await fundedWallet(sandbox);
    const result = await send(sandbox, sender, [await claimInstruction({ ...accounts(), sender: sender.address, payee: payee.address })]);
    expect(result.err, result.logs.join('\n')).toBeNull();
    expect(await zecOf(payee.address)).toBe(owed);
    expect(await waiting()).toBe(0n);
    expect(await zecOf(sender.address)).toBe(0n);
    expect((await record()).totalPaid).toBe(owed);
    // Nothing waiting: a claim changes nothing.
    expect((await send(sandbox, sender, [await claimInstruction({ ...accounts(), sender: sender.address, payee: payee.address })])).err).toBeNull();
    expect(await zecOf(payee.address)).toBe(owed);
  });

  it('refuses a claim naming another wallet as the payee (6208)', async () => {
    await accrue();
    const held = await waiting();
    const thief = await fundedWallet(sandbox);
    const result = await send(sandbox, thief, [await claimInstruction({ ...accounts(), sender: thief.address, payee: thief.address })]);
    expect(customError(result.err)).toBe(VAULT_ERRORS.NotRecordedPayee);
    expect(await waiting()).toBe(held);
  });

  it('refuses a payee change signed by anyone but the current payee (6209), the record unchanged', async () => {
    const stranger = await fundedWallet(sandbox);
    const ix = await changePayeeInstruction({ ...accounts(), currentPayee: stranger.address, next: { kind: 'wallet', wallet: stranger.address } });
    expect(customError((await send(sandbox, stranger, [ix])).err)).toBe(VAULT_ERRORS.NotCurrentPayee);
    expect((await record()).payee).toEqual({ kind: 'wallet', wallet: payee.address });
  });

  it('refuses an option tag other than 0 or 1 (6200) and a zero payee (6203)', async () => {
    const ix = await changePayeeInstruction({ ...accounts(), currentPayee: payee.address, next: { kind: 'holders' } });
    expect(customError((await send(sandbox, payee, [{ ...ix, data: Uint8Array.from([...ix.data!.subarray(0, 8), 3]) }])).err)).toBe(VAULT_ERRORS.BadPayeeTag);
    const zero = await changePayeeInstruction({ ...accounts(), currentPayee: payee.address, next: { kind: 'wallet', wallet: '11111111111111111111111111111111' as Address } });
    expect(customError((await send(sandbox, payee, [zero])).err)).toBe(VAULT_ERRORS.ZeroPayee);
  });

  it('a payee change pays what waits to the current payee first, then records the new one', async () => {
    const owed = await waiting();
    expect(owed > 0n).toBe(true);
    const paidBefore = await zecOf(payee.address);
    const next = await fundedWallet(sandbox);
    const result = await send(sandbox, payee, [await changePayeeInstruction({ ...accounts(), currentPayee: payee.address, next: { kind: 'wallet', wallet: next.address } })]);
    expect(result.err, result.logs.join('\n')).toBeNull();
    expect(await zecOf(payee.address)).toBe(paidBefore + owed);
    expect(await waiting()).toBe(0n);
    expect((await record()).payee).toEqual({ kind: 'wallet', wallet: next.address });
    // The old payee can no longer change it.
    const late = await changePayeeInstruction({ ...accounts(), currentPayee: payee.address, next: { kind: 'wallet', wallet: payee.address } });
    expect(customError((await send(sandbox, payee, [late])).err)).toBe(VAULT_ERRORS.NotCurrentPayee);
    payee = next;
  });

  it('holders is permanent: the change to holders pays out first, then every change and claim is refused (6210, 6207)', async () => {
    const owed = await accrue();
    const result = await send(sandbox, payee, [await changePayeeInstruction({ ...accounts(), currentPayee: payee.address, next: { kind: 'holders' } })]);
    expect(result.err, result.logs.join('\n')).toBeNull();
    expect(await zecOf(payee.address)).toBe(owed);
    expect((await record()).payee).toEqual({ kind: 'holders' });
    const again = await changePayeeInstruction({ ...accounts(), currentPayee: payee.address, next: { kind: 'wallet', wallet: payee.address } });
    expect(customError((await send(sandbox, payee, [again])).err)).toBe(VAULT_ERRORS.PayeeIsPermanent);
    const anyone = await generateKeyPairSigner();
    const claim = await claimInstruction({ ...accounts(), sender: payee.address, payee: anyone.address });
    expect(customError((await send(sandbox, payee, [claim])).err)).toBe(VAULT_ERRORS.HolderRewardCoin);
  });
});
