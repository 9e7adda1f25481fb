import type { Address, KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyExactTokens } from '../../core/math/curve.js';
import { proRataShares } from '../../core/math/split.js';
import { buyV2Instruction } from '../../core/programs/launchpad/instructions/buy-v2.js';
import { decodePayeeRecord } from '../../core/programs/vault/payee-record.js';
import { findPayeeRecord } from '../../core/programs/vault/pdas.js';
import { closeRunInstruction, decodeRewardRun, findRewardRun, openRunInstruction, payRunInstruction, RUN_ERRORS } from '../../core/programs/vault/runs.js';
import { splitFeesInstruction } from '../../core/programs/vault/split-fees.js';
import { decodeVaultEvent } from '../../core/programs/vault/events.js';
import { programDataOf } from '../../core/programs/program-logs.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { TOKEN_2022_PROGRAM } from '../../core/sandbox/token-balances.js';
import { curveOf, fundedWallet, openCoinAccount, partiesFor, programsOf, SANDBOX_FEE_RATES, send, tokenBalance, tokens, type Coin } from '../helpers/launchpad.js';
import { customError } from '../helpers/programs.js';
import { plantListedCoin, vaultConfigOf, vaultOf } from '../helpers/vault.js';

const ZEC = 100_000_000n;

/** A holders coin: a run pays every holder its pro-rata share of the fee account, in batches, recorded on chain. */
describe('vault: holder-reward runs', () => {
  let sandbox: Sandbox;
  let coin: Coin;
  let holders: KeyPairSigner[];
  let authority: KeyPairSigner;

  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    authority = sandbox.serviceAuthority;
    coin = await plantListedCoin(sandbox, await fundedWallet(sandbox, 10n * ZEC), { kind: 'holders' });
    // Eleven holders of different sizes (two batches), each a buy that also accrues the creator fee.
    holders = [];
    for (let i = 0; i < 11; i++) {
      const holder = await fundedWallet(sandbox, 100n * ZEC);
      const buy = buyExactTokens(curveOf(sandbox, coin), tokens(BigInt(i + 1) * 123_456_789_000n), SANDBOX_FEE_RATES);
      const trade = await buyV2Instruction(partiesFor(sandbox, coin, holder.address), { amount: buy.tokens, maxQuoteCost: buy.totalCost });
      expect((await send(sandbox, holder, [await openCoinAccount(holder, coin), trade])).err).toBeNull();
      holders.push(holder);
    }
    const split = await splitFeesInstruction({ ...accounts(), launchpad: programsOf(sandbox).launchpad, amm: sandbox.profile.programs['amm']!, sender: holders[0]!.address, config: vaultConfigOf(sandbox) });
    expect((await send(sandbox, holders[0]!, [split])).err).toBeNull();
  });
  afterAll(() => sandbox.close());

  const zec = () => sandbox.profile.mints.zec;
  const zecOf = (owner: Address) => tokenBalance(sandbox, owner, zec().address, zec().tokenProgram);
  const accounts = () => ({ vault: vaultOf(sandbox), zecMint: zec().address, mint: coin.mint });
  const runAccounts = (run: number) => ({ ...accounts(), runAuthority: authority.address, run });
  const feeAccount = async () => zecOf(await findPayeeRecord(vaultOf(sandbox), coin.mint));
  const eventsOf = (logs: readonly string[]) => programDataOf(logs, vaultOf(sandbox)).map(decodeVaultEvent);
  const run = async (n: number) => decodeRewardRun(sandbox.cluster.getAccount(await findRewardRun(vaultOf(sandbox), coin.mint, n))!.data);

  it('pays every holder its share of the snapshot in two batches, records the run, and returns the dust', async () => {
    const total = await feeAccount();
    expect(total > 0n).toBe(true);
    const balances = await Promise.all(holders.map((h) => tokenBalance(sandbox, h.address, coin.mint, TOKEN_2022_PROGRAM)));
    const { shares, dust } = proRataShares(total, balances);
    const zecBefore = await Promise.all(holders.map((h) => zecOf(h.address)));
    const snapshotSlot = 1234n;

    const opened = await send(sandbox, authority, [await openRunInstruction({ ...runAccounts(1), recipients: holders.length, snapshotSlot })]);
    expect(opened.err).toBeNull();
    expect(eventsOf(opened.logs)).toEqual([{ name: 'RunOpenEvent', data: { mint: coin.mint, run: 1, total, recipients: holders.length, snapshotSlot } }]);
    expect(await feeAccount()).toBe(0n);
    expect(await run(1)).toEqual({ mint: coin.mint, run: 1, snapshotSlot, total, paid: 0n, recipients: holders.length, paidRecipients: 0, closed: false });

    // Closing before everyone is paid is refused.
    expect(customError((await send(sandbox, authority, [await closeRunInstruction(runAccounts(1))])).err)).toBe(RUN_ERRORS.RunIncomplete);
    const payments = holders.map((h, i) => ({ wallet: h.address, share: shares[i]! }));
    for (const batch of [payments.slice(0, 8), payments.slice(8)]) {
      const result = await send(sandbox, authority, [await payRunInstruction({ ...runAccounts(1), payments: batch })]);
      expect(result.err, result.logs.join('\n')).toBeNull();
      // One RunPayEvent per holder of the batch: what the index reads each payment and its signature from.
      expect(eventsOf(result.logs)).toEqual(batch.map((p) => ({ name: 'RunPayEvent', data: { mint: coin.mint, holder: p.wallet, run: 1, share: p.share } })));
    }
    for (const [i, h] of holders.entries()) expect(await zecOf(h.address)).toBe(zecBefore[i]! + shares[i]!);

    const closed = await send(sandbox, authority, [await closeRunInstruction(runAccounts(1))]);
    expect(closed.err).toBeNull();
    expect(eventsOf(closed.logs)).toEqual([{ name: 'RunCloseEvent', data: { mint: coin.mint, run: 1, paid: total - dust, dust } }]);
    expect(await run(1)).toEqual({ mint: coin.mint, run: 1, snapshotSlot, total, paid: total - dust, recipients: holders.length, paidRecipients: holders.length, closed: true });
    expect(await feeAccount()).toBe(dust);
    const record = decodePayeeRecord(sandbox.cluster.getAccount(await findPayeeRecord(vaultOf(sandbox), coin.mint))!.data);
    expect(record.runs).toBe(1);
    expect(record.totalPaid).toBe(total);
  });

  it('refuses paying a holder twice in a run (4102), more than the total (6213), a closed run (6214) and an odd batch (6216)', async () => {
    expect((await send(sandbox, authority, [await openRunInstruction({ ...runAccounts(2), recipients: 2, snapshotSlot: 99n })])).err).toBeNull();
    const total = (await run(2)).total;
    const [a, b] = holders;
    expect((await send(sandbox, authority, [await payRunInstruction({ ...runAccounts(2), payments: [{ wallet: a!.address, share: 0n }] })])).err).toBeNull();
    expect(customError((await send(sandbox, authority, [await payRunInstruction({ ...runAccounts(2), payments: [{ wallet: a!.address, share: 0n }] })])).err)).toBe(4102);
    expect(customError((await send(sandbox, authority, [await payRunInstruction({ ...runAccounts(2), payments: [{ wallet: b!.address, share: total + 1n }] })])).err)).toBe(RUN_ERRORS.RunOverpaid);
    const odd = await payRunInstruction({ ...runAccounts(2), payments: [{ wallet: b!.address, share: 0n }] });
    expect(customError((await send(sandbox, authority, [{ ...odd, accounts: odd.accounts!.slice(0, -1) }])).err)).toBe(RUN_ERRORS.BadBatch);
    expect((await send(sandbox, authority, [await payRunInstruction({ ...runAccounts(2), payments: [{ wallet: b!.address, share: total }] })])).err).toBeNull();
    expect((await send(sandbox, authority, [await closeRunInstruction(runAccounts(2))])).err).toBeNull();
    expect(customError((await send(sandbox, authority, [await payRunInstruction({ ...runAccounts(2), payments: [{ wallet: holders[2]!.address, share: 0n }] })])).err)).toBe(RUN_ERRORS.RunClosed);
  });

  it('refuses runs by anyone but the run authority (6211) and on a payee-wallet coin (6212)', async () => {
    const stranger = await fundedWallet(sandbox);
    const byStranger = await openRunInstruction({ ...runAccounts(3), runAuthority: stranger.address, recipients: 1, snapshotSlot: 1n });
    expect(customError((await send(sandbox, stranger, [byStranger])).err)).toBe(RUN_ERRORS.NotRunAuthority);
    const walletCoin = await plantListedCoin(sandbox, stranger, { kind: 'wallet', wallet: stranger.address });
    const onWalletCoin = await openRunInstruction({ ...runAccounts(1), mint: walletCoin.mint, recipients: 1, snapshotSlot: 1n });
    expect(customError((await send(sandbox, authority, [onWalletCoin])).err)).toBe(RUN_ERRORS.NotHolderRewardCoin);
  });
});
