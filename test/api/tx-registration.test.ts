import { generateKeyPairSigner, lamports, type KeyPairSigner } from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedWallet, plantCoin, send } from '../helpers/launchpad.js';
import { plantingInstructions, vaultConfigOf } from '../helpers/vault.js';
import { build, signAndSend } from '../engine/http-signing.js';
import { call, codeOf, messageOf, startApi, type ApiFixture } from './api-fixture.js';

const ZEC = 100_000_000n;

/**
 * GET /v1/tx/{signature} (spec, Build lifecycle: "Sent (planting) → Registered: the coin is then at
 * GET /v1/coins/{mint}"): a planting is registered only once its coin is listed. A planting the index
 * took in unlisted answers `registered: false` with the index's reason; a transaction that is known but
 * not (yet) registered says where it is (pending, landed, failed); one nobody knows is 404; a malformed
 * signature 400.
 */
describe('GET /v1/tx/{signature}: registered means listed', () => {
  let f: ApiFixture;
  let planter: KeyPairSigner;

  beforeAll(async () => {
    f = await startApi();
    planter = await fundedWallet(f.sandbox, 100n * ZEC);
  }, 60_000);
  afterAll(() => f.close());

  const status = async (signature: string) => {
    f.clock += 61_000; // a fresh rate-limit window each time
    return call(f, 'GET', `/v1/tx/${signature}`);
  };

  it('a listed planting (hand-built, sent to the chain directly) is registered, and its coin is at /v1/coins/{mint}', async () => {
    const mint = await generateKeyPairSigner();
    const { instructions } = await plantingInstructions(f.sandbox, planter, mint, { kind: 'holders' }, null);
    const sent = await send(f.sandbox, planter, instructions, [mint]);
    expect(sent.err).toBeNull();
    const before = await status(sent.signature);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ signature: sent.signature, registered: false, status: 'pending' });
    await f.indexed();
    const after = await status(sent.signature);
    expect(after.body).toEqual({ signature: sent.signature, registered: true, status: 'landed', mint: mint.address });
    const coin = await call(f, 'GET', `/v1/coins/${mint.address}`);
    expect(coin.status).toBe(200);
    expect(coin.body['mint']).toBe(mint.address);
  });

  it('a plain launchpad coin (another creator, no launch fee, no payee) is taken in unlisted: registered false, with the reason', async () => {
    const planted = await plantCoin(f.sandbox, planter);
    expect(planted.err).toBeNull();
    const signature = (await f.sandbox.cluster.signaturesForAddress(planted.coin.mint, {}))[0]!.signature;
    await f.indexed();
    expect(await f.store.hasProcessed(signature)).toBe(true);
    const answer = await status(signature);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ signature, registered: false, status: 'landed', mint: planted.coin.mint });
    expect(answer.body['reason']).toMatch(/^it planted a plain launchpad coin, which is not listed: the creator is not the coin-authority address$/);
    expect((await call(f, 'GET', `/v1/coins/${planted.coin.mint}`)).status).toBe(404);
  });

  it('a vault planting built by hand without the launch fee is unlisted: registered false, the reason names the fee', async () => {
    const mint = await generateKeyPairSigner();
    const treasury = vaultConfigOf(f.sandbox).treasury;
    const { instructions } = await plantingInstructions(f.sandbox, planter, mint, { kind: 'holders' }, null);
    const withoutFee = instructions.filter((ix) => !ix.accounts?.some((a) => a.address === treasury));
    expect(withoutFee).toHaveLength(instructions.length - 1);
    const sent = await send(f.sandbox, planter, withoutFee, [mint]);
    expect(sent.err).toBeNull();
    await f.indexed();
    const answer = await status(sent.signature);
    expect(answer.body).toMatchObject({ registered: false, status: 'landed', mint: mint.address });
    expect(answer.body['reason']).toMatch(/not listed: launch fee 0 lamports, below \d+/);
  });

  it('a relayed trade is registered once the index holds it (the trades list shows it)', async () => {
    const answer = await build(f, '/v1/trade/build', { wallet: planter.address, mint: f.mint, side: 'buy', amount: String(ZEC) });
    const [signature] = await signAndSend(f, answer, [planter]);
    await f.idle();
    expect((await status(signature!)).body).toEqual({ signature, registered: true, status: 'landed' });
  });

  it('a transaction that landed but failed: registered false, status failed, never registered', async () => {
    const sent = await send(f.sandbox, planter, [getTransferSolInstruction({ source: planter, destination: (await generateKeyPairSigner()).address, amount: lamports(10n ** 18n) })]);
    expect(sent.err).not.toBeNull();
    await f.indexed();
    const answer = await status(sent.signature);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ signature: sent.signature, registered: false, status: 'failed' });
    expect(answer.body['reason']).toMatch(/^it landed but failed \(Error processing Instruction 1: .*\): only its fee was taken$/);
  });

  it('a landed transaction of no launchpad program: registered false, and it says the index never takes it in', async () => {
    const sent = await send(f.sandbox, planter, [getTransferSolInstruction({ source: planter, destination: (await generateKeyPairSigner()).address, amount: lamports(1_000_000n) })]);
    expect(sent.err).toBeNull();
    await f.indexed();
    const answer = await status(sent.signature);
    expect(answer.body).toEqual({ signature: sent.signature, registered: false, status: 'landed', reason: "it uses none of the launchpad's programs, so the index does not take it in" });
  });

  it('a well-formed signature nobody knows answers 404 not_found; a malformed one 400 invalid_param', async () => {
    const unknown = await status('5'.repeat(87));
    expect(unknown.status).toBe(404);
    expect(codeOf(unknown)).toBe('not_found');
    expect(messageOf(unknown)).toMatch(/^no transaction 5{87}: neither the chain, this relay nor the index knows it/);
    for (const bad of ['not-a-signature', '0'.repeat(88), 'l'.repeat(70), '1'.repeat(63)]) {
      const answer = await status(bad);
      expect([answer.status, codeOf(answer)], bad).toEqual([400, 'invalid_param']);
      expect(messageOf(answer)).toMatch(/^signature: /);
    }
  });
});
