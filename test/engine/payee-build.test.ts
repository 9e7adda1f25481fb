import { generateKeyPairSigner, type Address, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePayeeRecord } from '../../core/programs/vault/payee-record.js';
import { findPayeeRecord } from '../../core/programs/vault/pdas.js';
import { splitFeesInstruction } from '../../core/programs/vault/split-fees.js';
import { call, codeOf, messageOf, startApi, type ApiFixture } from '../api/api-fixture.js';
import { fundedWallet, programsOf, send, tokenBalance } from '../helpers/launchpad.js';
import { vaultConfigOf, vaultOf } from '../helpers/vault.js';
import { build, signAndSend } from './http-signing.js';

const ZEC = 100_000_000n;

/**
 * The deployer share through HTTP only: a coin planted through /v1 with a wallet payee, trades through
 * /v1, the vault's split run puts the payee's 40% in the coin's fee account, then a claim sent by a
 * stranger, a payee change to another wallet (paying out first), a change to holders (permanent), and
 * a refused second change. Every ZEC amount equals `expected` to the base unit.
 */
describe('claim and payee builds through /v1, signed locally, relayed', () => {
  let f: ApiFixture;
  let planter: KeyPairSigner;
  let payee: KeyPairSigner;
  let trader: KeyPairSigner;
  let mint: Address;

  const zec = () => f.sandbox.profile.mints.zec;
  const zecOf = (owner: Address) => tokenBalance(f.sandbox, owner, zec().address, zec().tokenProgram);
  const record = async () => decodePayeeRecord(f.sandbox.cluster.getAccount(await findPayeeRecord(vaultOf(f.sandbox), mint))!.data);
  const waiting = async () => zecOf(await findPayeeRecord(vaultOf(f.sandbox), mint));

  /** A buy through /v1, then the vault's split run (what the service sends): the payee's part waits. */
  async function accrue(): Promise<bigint> {
    const before = await waiting();
    await signAndSend(f, await build(f, '/v1/trade/build', { wallet: trader.address, mint, side: 'buy', amount: String(20n * ZEC) }), [trader]);
    const split = await splitFeesInstruction({
      vault: vaultOf(f.sandbox), zecMint: zec().address, mint, launchpad: programsOf(f.sandbox).launchpad, amm: f.sandbox.profile.programs['amm']!,
      sender: trader.address, config: vaultConfigOf(f.sandbox),
    });
    expect((await send(f.sandbox, trader, [split])).err).toBeNull();
    const added = (await waiting()) - before;
    expect(added > 0n).toBe(true);
    return added;
  }

  beforeAll(async () => {
    f = await startApi();
    planter = await fundedWallet(f.sandbox, 10n * ZEC);
    payee = await fundedWallet(f.sandbox);
    trader = await fundedWallet(f.sandbox, 1_000n * ZEC);
    const mintKey = await generateKeyPairSigner();
    mint = mintKey.address;
    f.clock += 3_600_000;
    const planting = await call(f, 'POST', '/v1/plant/build', {
      body: { wallet: planter.address, mint, name: 'Payee Coin', symbol: 'PAYEE', uri: 'https://example.com/payee.json', payee: `wallet:${payee.address}` },
    });
    expect(planting.status, JSON.stringify(planting.body)).toBe(200);
    await signAndSend(f, planting, [planter, mintKey]);
  }, 60_000);
  afterAll(() => f.close());

  it('a claim sent by any wallet pays everything waiting to the recorded payee; the sender gets nothing', async () => {
    const owed = await accrue();
    const stranger = await fundedWallet(f.sandbox);
    const before = await zecOf(payee.address);
    const answer = await build(f, '/v1/claim/build', { wallet: stranger.address, mint });
    expect(answer.body['expected']).toEqual({ zecOut: owed.toString() });
    expect(answer.body['intent']).toMatchObject({ payee: payee.address });
    const solBefore = f.sandbox.cluster.getAccount(stranger.address)!.lamports;
    await signAndSend(f, answer, [stranger]);
    expect((await zecOf(payee.address)) - before).toBe(owed);
    expect(await waiting()).toBe(0n);
    expect(await zecOf(stranger.address)).toBe(0n);
    expect(solBefore - f.sandbox.cluster.getAccount(stranger.address)!.lamports).toBe(BigInt((answer.body['simulation'] as { solCostLamports: string }).solCostLamports));

    // Nothing waits now: refused in words, nothing built.
    f.clock += 61_000;
    const empty = await call(f, 'POST', '/v1/claim/build', { body: { wallet: stranger.address, mint } });
    expect(empty.status).toBe(422);
    expect(codeOf(empty)).toBe('refused');
    expect(messageOf(empty)).toMatch(/nothing waits/);
  });

  it('refuses a payee change asked by anyone but the current payee, the record unchanged', async () => {
    f.clock += 61_000;
    const answer = await call(f, 'POST', '/v1/payee/build', { body: { wallet: planter.address, mint, payee: `wallet:${planter.address}` } });
    expect(answer.status).toBe(422);
    expect(codeOf(answer)).toBe('refused');
    expect(messageOf(answer)).toContain(payee.address);
    expect((await record()).payee).toEqual({ kind: 'wallet', wallet: payee.address });
  });

  it('changes the payee to another wallet (what waits is paid to the old payee first), then to holders for good', async () => {
    const owed = await accrue();
    const next = await fundedWallet(f.sandbox);
    const before = await zecOf(payee.address);
    const change = await build(f, '/v1/payee/build', { wallet: payee.address, mint, payee: `wallet:${next.address}` });
    expect(change.body['permanent']).toBe(false);
    expect(change.body['expected']).toEqual({ zecOut: owed.toString() });
    await signAndSend(f, change, [payee]);
    expect((await zecOf(payee.address)) - before).toBe(owed);
    expect((await record()).payee).toEqual({ kind: 'wallet', wallet: next.address });

    const owedNext = await accrue();
    const toHolders = await build(f, '/v1/payee/build', { wallet: next.address, mint, payee: 'holders' });
    expect(toHolders.body['permanent']).toBe(true);
    expect(toHolders.body['expected']).toEqual({ zecOut: owedNext.toString() });
    await signAndSend(f, toHolders, [next]);
    expect(await zecOf(next.address)).toBe(owedNext);
    expect((await record()).payee).toEqual({ kind: 'holders' });

    // Holders is permanent: a second change is refused, whoever asks, and so is a claim.
    for (const wallet of [next.address, payee.address]) {
      f.clock += 61_000;
      const again = await call(f, 'POST', '/v1/payee/build', { body: { wallet, mint, payee: `wallet:${wallet}` } });
      expect(again.status).toBe(422);
      expect(codeOf(again)).toBe('refused');
      expect(messageOf(again)).toMatch(/permanent/);
    }
    f.clock += 61_000;
    const claim = await call(f, 'POST', '/v1/claim/build', { body: { wallet: next.address, mint } });
    expect(codeOf(claim)).toBe('refused');
    expect(messageOf(claim)).toMatch(/holders/);
    expect((await record()).payee).toEqual({ kind: 'holders' });
  });
});
