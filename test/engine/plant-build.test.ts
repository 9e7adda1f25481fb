import { generateKeyPairSigner, type Address, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toggleCreateV2Instruction } from '../../core/programs/launchpad/instructions/toggle-create-v2.js';
import { decodePayeeRecord } from '../../core/programs/vault/payee-record.js';
import { findPayeeRecord } from '../../core/programs/vault/pdas.js';
import { TOKEN_2022_PROGRAM } from '../../core/programs/token-account.js';
import { call, codeOf, messageOf, startApi, type Answer, type ApiFixture } from '../api/api-fixture.js';
import { fundedWallet, programsOf, send, tokenBalance } from '../helpers/launchpad.js';
import { vaultConfigOf, vaultOf } from '../helpers/vault.js';
import { signAndSend } from './http-signing.js';

const ZEC = 100_000_000n;

/**
 * Plantings end to end through HTTP only: the /v1 server builds the one planting transaction against
 * the sandbox, the wallet's keypair signs first and the mint key second, the relay sends and tells the
 * index, and the coin is then registered and listed with its payee. What moved (SOL, ZEC, tokens, the
 * launch fee) equals `expected` and `simulation.solCostLamports` to the base unit.
 */
describe('plant builds through /v1, signed locally, relayed, registered and listed', () => {
  let f: ApiFixture;
  let planter: KeyPairSigner;

  beforeAll(async () => {
    f = await startApi({ content: {} });
    planter = await fundedWallet(f.sandbox, 1_000n * ZEC);
  }, 60_000);
  afterAll(() => f.close());

  const zec = () => f.sandbox.profile.mints.zec;
  const sol = (owner: Address) => f.sandbox.cluster.getAccount(owner)?.lamports ?? 0n;

  async function plantBody(mint: KeyPairSigner, extra: Record<string, unknown>) {
    return { wallet: planter.address, mint: mint.address, name: 'Planted Here', symbol: 'PLNT', uri: 'https://example.com/planted.json', payee: 'me', ...extra };
  }

  /** POST /v1/plant/upload of a tiny GIF as the planter would: answers the metadata's ipfs:// uri. */
  async function upload(mint: KeyPairSigner, payee: unknown): Promise<string> {
    f.clock += 3_600_000;
    const gif = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([1, 0, 1, 0, 0, 0, 0, 0x21, 0xfe, 32]), Buffer.from(mint.address.slice(0, 32), 'latin1'), Buffer.from([0, 0x3b])]);
    const form = new FormData();
    for (const [name, value] of Object.entries({ name: 'Planted Here', symbol: 'PLNT', description: 'planted in a test', payer: planter.address, mint: mint.address, holders: payee === 'holders' ? '1' : '0' })) form.append(name, value);
    form.append('image', new Blob([new Uint8Array(gif)], { type: 'image/gif' }), 'coin.gif');
    const response = await fetch(`${f.base}/v1/plant/upload`, { method: 'POST', body: form });
    const body = (await response.json()) as { uri: string };
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(body.uri).toMatch(/^ipfs:\/\/bafkrei[a-z2-7]+$/);
    return body.uri;
  }

  /** Builds, signs (wallet, then mint), relays; checks registration, listing and what moved. */
  async function plant(extra: Record<string, unknown>) {
    const mint = await generateKeyPairSigner();
    const uri = await upload(mint, extra['payee']);
    f.clock += 3_600_000; // past the plants group's hour: these tests are not about rate limits
    const answer: Answer = await call(f, 'POST', '/v1/plant/build', { body: await plantBody(mint, { uri, ...extra }) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const tx = (answer.body['transactions'] as { signers: string[]; size: number; lookupTables: string[] }[])[0]!;
    expect(tx.signers).toEqual([planter.address, mint.address]);
    expect(tx.size).toBeLessThanOrEqual(1232);
    const treasury = vaultConfigOf(f.sandbox).treasury;
    const before = { sol: sol(planter.address), zec: await tokenBalance(f.sandbox, planter.address, zec().address, zec().tokenProgram), treasury: sol(treasury) };
    const [signature] = await signAndSend(f, answer, [planter, mint]);
    const after = { sol: sol(planter.address), zec: await tokenBalance(f.sandbox, planter.address, zec().address, zec().tokenProgram), treasury: sol(treasury) };
    await f.idle();
    const status = await call(f, 'GET', `/v1/tx/${signature}`);
    expect(status.body['registered']).toBe(true);
    const listed = await call(f, 'GET', `/v1/coins/${mint.address}`);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    // The uploaded metadata is served back by the app at its CID.
    const metadata = await call(f, 'GET', `/ipfs/${uri.slice('ipfs://'.length)}`);
    expect(metadata.body).toMatchObject({ name: 'Planted Here', symbol: 'PLNT' });
    const expected = answer.body['expected'] as Record<string, string>;
    expect(after.treasury - before.treasury).toBe(BigInt(expected['launchFeeLamports']!));
    expect(before.sol - after.sol).toBe(BigInt((answer.body['simulation'] as { solCostLamports: string }).solCostLamports));
    const record = decodePayeeRecord(f.sandbox.cluster.getAccount(await findPayeeRecord(vaultOf(f.sandbox), mint.address))!.data);
    return {
      mint: mint.address,
      answer,
      expected,
      coin: listed.body,
      record,
      zecSpent: before.zec - after.zec,
      tokens: await tokenBalance(f.sandbox, planter.address, mint.address, TOKEN_2022_PROGRAM),
    };
  }

  it('plants a ZEC coin paying the planter (`me`) without a first buy', async () => {
    const p = await plant({});
    expect(p.record.payee).toEqual({ kind: 'wallet', wallet: planter.address });
    expect(p.coin['payee']).toEqual({ kind: 'wallet', wallet: planter.address });
    expect(p.coin['deployer']).toBe(planter.address);
    expect(p.zecSpent).toBe(0n);
    expect(p.tokens).toBe(0n);
    expect(p.answer.body['permanent']).toBe(false);
    expect(p.answer.body['intent']).toMatchObject({ payee: `wallet:${planter.address}`, pair: 'zec', firstBuyZec: null });
  });

  it('plants a ZEC coin paying another wallet, with a first buy: exactly the tokens and ZEC expected moved', async () => {
    const other = await generateKeyPairSigner();
    const p = await plant({ payee: `wallet:${other.address}`, firstBuy: { zec: String(25n * ZEC) } });
    expect(p.record.payee).toEqual({ kind: 'wallet', wallet: other.address });
    expect(p.tokens).toBe(BigInt(p.expected['tokensOut']!));
    expect(p.zecSpent).toBe(BigInt(p.expected['zecIn']!));
    expect(p.zecSpent <= 25n * ZEC).toBe(true);
    expect(p.expected['maxZecIn']).toBe(String(25n * ZEC));
    expect(p.coin['stage'] ?? p.coin['venue'] ?? 'curve').toBeTruthy();
  });

  it('plants a ZEC coin paying holders (permanent) with a first buy', async () => {
    const p = await plant({ payee: 'holders', firstBuy: { zec: String(2n * ZEC), slippageBps: 300 } });
    expect(p.record.payee).toEqual({ kind: 'holders' });
    expect(p.answer.body['permanent']).toBe(true);
    expect(p.tokens).toBe(BigInt(p.expected['tokensOut']!));
    expect(p.zecSpent).toBe(BigInt(p.expected['zecIn']!));
    // buy_v2 on a curve created in the same transaction is exact: `expected` claims no slippage it does not
    // apply, and its minimum is the exact amount the instruction buys.
    expect(p.expected['slippageBps']).toBeUndefined();
    expect(p.expected['minTokensOut']).toBe(p.expected['tokensOut']);
    expect(p.answer.body['intent']).toMatchObject({ firstBuySlippageBps: null });
  });

  it('plants a native-paired coin without a first buy: quoted in the native coin', async () => {
    const p = await plant({ pair: 'native', payee: 'holders' });
    expect(p.coin['pair']).toMatchObject({ key: 'native' });
    expect(p.answer.body['intent']).toMatchObject({ pair: 'native' });
  });

  it('plants a native-paired coin with its first buy as one route spending exactly firstBuy.zec', async () => {
    const p = await plant({ pair: 'native', payee: 'me', firstBuy: { zec: String(3n * ZEC), slippageBps: 150 } });
    expect(p.zecSpent).toBe(3n * ZEC);
    expect(p.tokens).toBe(BigInt(p.expected['tokensOut']!));
    expect(p.tokens >= BigInt(p.expected['minTokensOut']!)).toBe(true);
    // The route's minimum is the quote less the slippage asked for, and `expected` says so.
    expect(p.expected).toMatchObject({ maxZecIn: String(3n * ZEC), slippageBps: 150 });
    expect(BigInt(p.expected['minTokensOut']!)).toBe((BigInt(p.expected['tokensOut']!) * 9_850n) / 10_000n);
    for (const field of ['priceImpactBps', 'costBps', 'feeBps', 'nativeAmount']) expect(p.expected[field]).toBeDefined();
    expect(p.coin['pair']).toMatchObject({ key: 'native' });
  });

  it('answers 403 planting_closed while create_v2 is off on chain, and plants again once it is on', async () => {
    const authority = f.sandbox.serviceAuthority;
    const launchpad = programsOf(f.sandbox).launchpad;
    expect((await send(f.sandbox, authority, [await toggleCreateV2Instruction({ launchpad, authority: authority.address, enabled: false })])).err).toBeNull();
    try {
      f.clock += 3_600_000;
      const closed = await call(f, 'POST', '/v1/plant/build', { body: await plantBody(await generateKeyPairSigner(), {}) });
      expect(closed.status).toBe(403);
      expect(codeOf(closed)).toBe('planting_closed');
      expect(messageOf(closed)).toMatch(/closed/);
    } finally {
      expect((await send(f.sandbox, authority, [await toggleCreateV2Instruction({ launchpad, authority: authority.address, enabled: true })])).err).toBeNull();
    }
    await plant({});
  });

  it('answers 422 simulation_failed when the launchpad refuses the planting (a wallet that cannot pay)', async () => {
    const poor = await generateKeyPairSigner();
    f.clock += 3_600_000;
    const answer = await call(f, 'POST', '/v1/plant/build', { body: { ...(await plantBody(await generateKeyPairSigner(), {})), wallet: poor.address } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(codeOf(answer)).toBe('simulation_failed');
  });
});
