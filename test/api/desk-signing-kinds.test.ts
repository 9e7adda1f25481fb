import type { Address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESK_TOKEN_HEADER } from '../../core/api/desk/desk-token.js';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import { splitFeesInstruction } from '../../core/programs/vault/split-fees.js';
import { findAssociatedTokenAccount } from '../../core/programs/launchpad/pdas.js';
import { OsKeychain } from '../../core/signer/keychain.js';
import { fundedWallet, programsOf, send } from '../helpers/launchpad.js';
import { signAndSend } from '../engine/http-signing.js';
import { startKeychainSession, type KeychainSession } from '../helpers/keychain-session.js';
import { vaultConfigOf, vaultOf } from '../helpers/vault.js';
import { call, codeOf, messageOf, startApi, type Answer, type ApiFixture } from './api-fixture.js';

const ZEC = 100_000_000n;
const TOKEN = 'desk-token-for-the-kinds-test-run-01';

type Verdict = { field: string; ok: boolean; detail: string }[];

/**
 * Every kind of build the desk signs, each reviewed against the person's own ticket and signed with the
 * keychain key on the real server: a planting (wallet, then the mint key the desk made), a claim, a payee
 * change and a SOL→ZEC swap; a ticket the build does not match is refused and nothing is sent.
 */
describe('desk signing of plantings, claims, payee changes and swaps', () => {
  let session: KeychainSession;
  let f: ApiFixture;
  let wallet: Address;
  let mint: Address;
  const desk = (method: string, path: string, body?: unknown): Promise<Answer> => call(f, method, path, { ...(body !== undefined ? { body } : {}), headers: { [DESK_TOKEN_HEADER]: TOKEN } });
  const zecOf = async (owner: Address) => {
    const zec = f.sandbox.profile.mints.zec;
    const data = (await new SandboxChain(f.sandbox.cluster).getAccount(await findAssociatedTokenAccount(owner, zec.address, zec.tokenProgram)))?.data;
    return data ? Buffer.from(data).readBigUInt64LE(64) : 0n;
  };
  /** Signs while the sandbox's clock runs (the relay confirms what it sends). */
  async function sign(path: string, body: unknown): Promise<Answer> {
    const ticker = setInterval(() => f.sandbox.cluster.advanceSlots(1), 5);
    try {
      return await desk('POST', path, body);
    } finally {
      clearInterval(ticker);
    }
  }
  const failing = (a: Answer) => (a.body['verdict'] as Verdict).filter((l) => !l.ok);

  beforeAll(async () => {
    session = await startKeychainSession();
    f = await startApi({ desk: { keychain: new OsKeychain(`launchdesk-test-${process.pid}`), token: TOKEN } });
    wallet = (await f.wallets!.create('Planter')).address;
    await f.sandbox.faucet.sol(wallet, (20n * 10n ** 9n) as never);
    await f.sandbox.faucet.zec(wallet, (50n * ZEC) as never);
  }, 60_000);
  afterAll(async () => {
    await f?.close();
    session?.stop();
  });

  it('plants with a first buy: the review names the mint, name, ticker, pair, payee, first buy and launch fee; wallet then mint key sign; the coin is listed', async () => {
    mint = (await desk('POST', '/desk-api/plant/mint')).body['mint'] as Address;
    const request = { wallet, mint, name: 'Sorrel', symbol: 'SORREL', uri: 'ipfs://bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy', payee: 'me', firstBuy: { zec: String(2n * ZEC) } };
    const built = await call(f, 'POST', '/v1/plant/build', { body: request });
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    const ticket = { wallet, mint, name: 'Sorrel', symbol: 'SORREL', payee: 'me', pair: 'zec', firstBuyZec: String(2n * ZEC) };
    const review = await desk('POST', '/desk-api/review/plant', { buildId: built.body['buildId'], ticket });
    expect(review.status, JSON.stringify(review.body)).toBe(200);
    expect(review.body['flags']).toEqual([]);
    expect(failing(review)).toEqual([]);
    const lines = Object.fromEntries((review.body['verdict'] as Verdict).map((l) => [l.field, l.detail]));
    expect(lines['payee']).toBe(`you (${wallet})`);
    expect(lines['first buy']).toMatch(/^at most the 2 ZEC you typed; spends [\d.]+ ZEC for [\d.]+[KMB]? SORREL$/);
    expect(lines['signers']).toBe('your wallet, then the new mint key');
    expect(lines['launch fee']).toMatch(/^[\d.]+ SOL to the launchpad treasury$/);
    const tampered = await desk('POST', '/desk-api/sign/plant', { buildId: built.body['buildId'], ticket: { ...ticket, payee: 'holders' } });
    expect([tampered.status, codeOf(tampered)]).toEqual([422, 'refused']);
    expect(messageOf(tampered)).toContain('payee: you (');
    const signed = await sign('/desk-api/sign/plant', { buildId: built.body['buildId'], ticket });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    await f.indexed();
    const coin = await call(f, 'GET', `/v1/coins/${mint}`);
    expect([coin.status, coin.body['symbol']]).toEqual([200, 'SORREL']);
    const again = await desk('POST', '/desk-api/sign/plant', { buildId: built.body['buildId'], ticket });
    expect(codeOf(again)).toBe('refused');
  });

  it('claims what waits for the payee: reviewed, signed, and exactly that ZEC arrives', async () => {
    // Trades accrue the creator fee; the vault's split (the service's run) moves the payee's share to its fee account.
    const trader = await fundedWallet(f.sandbox, 100n * ZEC);
    const buy = await call(f, 'POST', '/v1/trade/build', { body: { wallet: trader.address, mint, side: 'buy', amount: String(20n * ZEC) } });
    await signAndSend(f, buy, [trader]);
    const splitter = await fundedWallet(f.sandbox);
    const programs = programsOf(f.sandbox);
    const split = await splitFeesInstruction({ vault: vaultOf(f.sandbox), launchpad: programs.launchpad, amm: f.sandbox.profile.programs['amm']!, zecMint: f.sandbox.profile.mints.zec.address, mint, sender: splitter.address, config: vaultConfigOf(f.sandbox) });
    expect((await send(f.sandbox, splitter, [split])).err).toBeNull();
    const claim = await call(f, 'POST', '/v1/claim/build', { body: { wallet, mint } });
    expect(claim.status, JSON.stringify(claim.body)).toBe(200);
    const review = await desk('POST', '/desk-api/review/claim', { buildId: claim.body['buildId'], ticket: { wallet, mint } });
    expect(failing(review)).toEqual([]);
    const waiting = BigInt((claim.body['expected'] as Record<string, string>)['zecOut']!);
    expect(waiting).toBeGreaterThan(0n);
    const before = await zecOf(wallet);
    expect((await sign('/desk-api/sign/claim', { buildId: claim.body['buildId'], ticket: { wallet, mint } })).status).toBe(200);
    expect((await zecOf(wallet)) - before).toBe(waiting);
  });

  it('changes the payee: the new payee is checked against the ticket, a different one is refused', async () => {
    const next = (await fundedWallet(f.sandbox)).address;
    const built = await call(f, 'POST', '/v1/payee/build', { body: { wallet, mint, payee: `wallet:${next}` } });
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    const wrong = await desk('POST', '/desk-api/review/payee', { buildId: built.body['buildId'], ticket: { wallet, mint, payee: 'holders' } });
    expect(failing(wrong).map((l) => l.field)).toEqual(['new payee', 'accepted shape']);
    const right = await desk('POST', '/desk-api/review/payee', { buildId: built.body['buildId'], ticket: { wallet, mint, payee: `wallet:${next}` } });
    expect(failing(right)).toEqual([]);
    expect((await sign('/desk-api/sign/payee', { buildId: built.body['buildId'], ticket: { wallet, mint, payee: `wallet:${next}` } })).status).toBe(200);
    await f.indexed();
    expect((await call(f, 'GET', `/v1/coins/${mint}`)).body['payee']).toEqual({ kind: 'wallet', wallet: next });
  });

  it('swaps SOL to ZEC: amount and minimum checked, at least the minimum arrives', async () => {
    const built = await call(f, 'POST', '/v1/swap/build', { body: { wallet, direction: 'sol_to_zec', amount: String(10n ** 9n) } });
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    const minimum = (built.body['expected'] as Record<string, string>)['minZecOut']!;
    const ticket = { wallet, direction: 'sol_to_zec', amount: String(10n ** 9n), minimum };
    const wrong = await desk('POST', '/desk-api/review/swap', { buildId: built.body['buildId'], ticket: { ...ticket, amount: String(2n * 10n ** 9n) } });
    expect(failing(wrong).map((l) => l.field)).toEqual(['amount', 'accepted shape']);
    const before = await zecOf(wallet);
    expect((await sign('/desk-api/sign/swap', { buildId: built.body['buildId'], ticket })).status).toBe(200);
    expect((await zecOf(wallet)) - before).toBeGreaterThanOrEqual(BigInt(minimum));
  });
});
