import { readFileSync } from 'node:fs';
import { generateKeyPairSigner, type Address } from '@solana/kit';
import { resourcePath } from '../../core/config/resources.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESK_TOKEN_HEADER } from '../../core/api/desk/desk-token.js';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import { OsKeychain } from '../../core/signer/keychain.js';
import { startKeychainSession, type KeychainSession } from '../helpers/keychain-session.js';
import { call, codeOf, messageOf, rawCall, startApi, type Answer, type ApiFixture } from './api-fixture.js';

const ZEC = 100_000_000n;
const TOKEN = 'desk-token-for-this-test-run-0123456';

/**
 * The desk's wallets and signing routes on the real server: a wallet made in the real keychain, funded by
 * the sandbox's faucet, a trade built by /v1, reviewed against the person's own ticket (in words, with
 * the balances the simulation predicts), signed with the keychain key and landed; a ticket the build does
 * not match and a request without the token are refused and sign nothing.
 */
describe('desk signing routes (real keychain, real server, real sandbox)', () => {
  let session: KeychainSession;
  let f: ApiFixture;
  let wallet: Address;
  const desk = (method: string, path: string, body?: unknown): Promise<Answer> => call(f, method, path, { ...(body !== undefined ? { body } : {}), headers: { [DESK_TOKEN_HEADER]: TOKEN } });

  beforeAll(async () => {
    session = await startKeychainSession();
    f = await startApi({ desk: { keychain: new OsKeychain(`launchdesk-test-${process.pid}`), token: TOKEN } });
  });
  afterAll(async () => {
    await f?.close();
    session?.stop();
  });

  it('answers 401 without this run\'s token or from another page, and nothing is listed or made', async () => {
    const none = await call(f, 'GET', '/desk-api/wallets');
    expect(none.status).toBe(401);
    expect(messageOf(none)).toBe(`the desk's wallet and signing routes need this run's desk token in ${DESK_TOKEN_HEADER}: open the desk from the URL launchdesk printed when it started (it ends in #token=…)`);
    const wrong = await call(f, 'POST', '/desk-api/wallets', { body: { label: 'x' }, headers: { [DESK_TOKEN_HEADER]: 'not-the-token' } });
    expect([wrong.status, codeOf(wrong)]).toEqual([401, 'unauthorized']);
    const page = await call(f, 'GET', '/desk-api/wallets', { headers: { [DESK_TOKEN_HEADER]: TOKEN, origin: 'http://evil.example' } });
    expect(page.status).toBe(401);
    const rebound = await rawCall(f, 'GET', '/desk-api/wallets', { host: 'evil.example', [DESK_TOKEN_HEADER]: TOKEN });
    expect(rebound.status).toBe(400);
    expect(f.wallets!.list().wallets).toEqual([]);
    const unknown = await desk('GET', '/desk-api/nothing');
    expect([unknown.status, codeOf(unknown)]).toEqual([404, 'not_found']);
  });

  it('creates a wallet in the keychain and funds it from the sandbox faucet', async () => {
    const created = await desk('POST', '/desk-api/wallets', { label: 'Desk' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    wallet = created.body['address'] as Address;
    const list = await desk('GET', '/desk-api/wallets');
    expect(list.body).toEqual({ wallets: [created.body], active: wallet, faucet: true, exportConfirmation: 'anyone with this key owns this wallet' });
    expect((await desk('POST', `/desk-api/wallets/${wallet}/faucet`, { asset: 'SOL', amount: String(10n * 10n ** 9n) })).status).toBe(200);
    expect((await desk('POST', `/desk-api/wallets/${wallet}/faucet`, { asset: 'ZEC', amount: String(5n * ZEC) })).status).toBe(200);
    const tooMuch = await desk('POST', `/desk-api/wallets/${wallet}/faucet`, { asset: 'ZEC', amount: String(10n ** 15n) });
    expect([tooMuch.status, messageOf(tooMuch)]).toEqual([400, 'amount: the faucet gives from 1 base unit to 100000000000 base units of ZEC at a time']);
    expect(await new SandboxChain(f.sandbox.cluster).getBalance(wallet)).toBe(10n * 10n ** 9n);
  });

  it('answers the faucet\'s bad requests with their own refusal in words, never as an outage', async () => {
    const faucet = (address: string, asset: string, amount: bigint) => desk('POST', `/desk-api/wallets/${address}/faucet`, { asset, amount: String(amount) });
    const said = (a: Answer) => [a.status, codeOf(a), messageOf(a)];
    // 43 characters of base58 that are not 32 bytes.
    const notAnAddress = '1'.repeat(43);
    expect(said(await faucet(notAnAddress, 'SOL', 10n ** 9n))).toEqual([400, 'invalid_param', `address: ${notAnAddress} is not a Solana address (32 bytes written in base58)`]);
    const system = '11111111111111111111111111111111';
    expect(said(await faucet(system, 'SOL', 10n ** 9n))).toEqual([422, 'refused', `${system} is a program, not a wallet: the faucet gives to wallets`]);
    const fresh = (await generateKeyPairSigner()).address;
    expect(said(await faucet(fresh, 'SOL', 1_000n))).toEqual([422, 'refused', `amount: ${fresh} has no account yet, and a new account needs at least 890880 lamports (its rent) to exist; ask for at least that much`]);
    // The same request twice at once: two airdrops, each its own transaction.
    const before = await new SandboxChain(f.sandbox.cluster).getBalance(wallet);
    const twice = await Promise.all([faucet(wallet, 'SOL', 10n ** 9n), faucet(wallet, 'SOL', 10n ** 9n)]);
    expect(twice.map((a) => a.status)).toEqual([200, 200]);
    expect(twice[0]!.body['signature']).not.toBe(twice[1]!.body['signature']);
    expect((await new SandboxChain(f.sandbox.cluster).getBalance(wallet)) - before).toBe(2n * 10n ** 9n);
  });

  async function buildBuy(amount: bigint) {
    const quote = await call(f, 'GET', `/v1/coins/${f.mint}/quote?side=buy&amount=${amount}&wallet=${wallet}`);
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    const built = await call(f, 'POST', '/v1/trade/build', { body: { wallet, mint: f.mint, side: 'buy', amount: String(amount) } });
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    const ticket = { wallet, mint: f.mint, side: 'buy', amount: String(amount), pay: 'ZEC', receive: 'ZEC', slippageBps: 100, minimum: quote.body['minTokensOut'] as string };
    return { buildId: built.body['buildId'] as string, ticket };
  }

  it('reviews a buy against the ticket: each instruction in words, every verdict line holding, the predicted balance changes', async () => {
    const { buildId, ticket } = await buildBuy(ZEC);
    const review = await desk('POST', '/desk-api/review', { buildId, ticket });
    expect(review.status, JSON.stringify(review.body)).toBe(200);
    const body = review.body as { verdict: { field: string; ok: boolean }[]; flags: unknown[]; signable: boolean; transactions: { instructions: { summary: string; programName: string; accounts: { label: string | null; role: string }[] }[] }[]; balanceChanges: { label: string; change: string }[] };
    expect(body.flags).toEqual([]);
    expect(body.verdict.filter((l) => !l.ok)).toEqual([]);
    expect(body.verdict.map((l) => l.field)).toEqual(['wallet', 'coin', 'side', 'pair', 'amount', 'minimum', 'fee payer', 'signers', 'accepted shape', 'blockhash']);
    expect(body.signable).toBe(true);
    const words = body.transactions[0]!.instructions;
    const trade = words.find((w) => w.programName === 'the launchpad')!;
    expect(trade.summary).toMatch(/^Buy on the bonding curve: spend exactly 1 ZEC for at least [\d,.]+ \S+ \(less, if it buys the curve's last coins\)$/);
    const labelled = Object.fromEntries(trade.accounts.map((a) => [a.role, a.label]));
    expect(labelled['trader (signs and pays)']).toBe('your wallet');
    expect(labelled["trader's quote account"]).toBe('your ZEC account');
    expect(labelled['bonding curve']).toBe("the coin's bonding curve");
    expect(labelled['fee recipient']).toBe('launchpad fee recipient');
    const zec = body.balanceChanges.find((c) => c.label === 'your ZEC account')!;
    expect(zec.change).toBe(String(-ZEC));
    // The network fee the person approves: one signature's base fee and the build's own priority fee.
    expect((await f.ledger.get(buildId))!.transactions.length).toBe(1);
    const limit = words.find((w) => /^Compute limit: (\d+) units$/.test(w.summary))!.summary.match(/(\d+)/)![1]!;
    const price = words.find((w) => /^Priority fee: (\d+) micro-lamports/.test(w.summary))!.summary.match(/(\d+)/)![1]!;
    expect((review.body as { networkFeeLamports: string }).networkFeeLamports).toBe(String(5_000n + (BigInt(limit) * BigInt(price) + 999_999n) / 1_000_000n));
  });

  it('signs with the keychain key and lands; the balances moved as the review predicted, to the base unit', async () => {
    const { buildId, ticket } = await buildBuy(2n * ZEC);
    const review = (await desk('POST', '/desk-api/review', { buildId, ticket })).body as { balanceChanges: { account: string; change: string }[] };
    const before = await Promise.all(review.balanceChanges.map((c) => balanceOf(c.account as Address)));
    // The relay confirms what it sends: the sandbox's clock runs while it waits (the fixture stops it).
    const ticker = setInterval(() => f.sandbox.cluster.advanceSlots(1), 5);
    const signed = await desk('POST', '/desk-api/sign', { buildId, ticket }).finally(() => clearInterval(ticker));
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect((signed.body['signatures'] as string[]).length).toBe(1);
    const after = await Promise.all(review.balanceChanges.map((c) => balanceOf(c.account as Address)));
    expect(after.map((a, i) => String(a - before[i]!))).toEqual(review.balanceChanges.map((c) => c.change));
    const again = await desk('POST', '/desk-api/sign', { buildId, ticket });
    expect([again.status, codeOf(again)]).toEqual([422, 'refused']);
  });

  it('sells through the review too: the coin amount sold exactly, at least the ZEC the quote showed', async () => {
    await f.indexed();
    const account = await call(f, 'GET', `/v1/accounts/${wallet}`);
    const held = BigInt((account.body['holdings'] as { mint: string; balance: string }[]).find((h) => h.mint === f.mint)?.balance ?? '0');
    expect(held).toBeGreaterThan(0n);
    const amount = held / 2n;
    const quote = await call(f, 'GET', `/v1/coins/${f.mint}/quote?side=sell&amount=${amount}&wallet=${wallet}`);
    const built = await call(f, 'POST', '/v1/trade/build', { body: { wallet, mint: f.mint, side: 'sell', amount: String(amount) } });
    const ticket = { wallet, mint: f.mint, side: 'sell', amount: String(amount), pay: 'ZEC', receive: 'ZEC', slippageBps: 100, minimum: quote.body['minOutZec'] as string };
    const review = await desk('POST', '/desk-api/review', { buildId: built.body['buildId'], ticket });
    const verdict = review.body['verdict'] as { field: string; ok: boolean; detail: string }[];
    expect(verdict.filter((l) => !l.ok)).toEqual([]);
    expect(verdict.find((l) => l.field === 'side')!.detail).toBe('a sale');
    const ticker = setInterval(() => f.sandbox.cluster.advanceSlots(1), 5);
    const signed = await desk('POST', '/desk-api/sign', { buildId: built.body['buildId'], ticket }).finally(() => clearInterval(ticker));
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  });

  async function balanceOf(account: Address): Promise<bigint> {
    const chain = new SandboxChain(f.sandbox.cluster);
    if (account === wallet) return chain.getBalance(account);
    const data = (await chain.getAccount(account))?.data;
    return data && data.length >= 72 ? Buffer.from(data).readBigUInt64LE(64) : 0n;
  }

  it('a ticket the build does not match is red line by line, and signing refuses and sends nothing', async () => {
    const { buildId, ticket } = await buildBuy(ZEC);
    const tampered = { ...ticket, amount: String(ZEC / 2n), minimum: (BigInt(ticket.minimum) * 2n).toString() };
    const review = await desk('POST', '/desk-api/review', { buildId, ticket: tampered });
    const lines = (review.body as { verdict: { field: string; ok: boolean; detail: string }[]; signable: boolean });
    expect(lines.signable).toBe(false);
    expect(lines.verdict.filter((l) => !l.ok).map((l) => l.field)).toEqual(['amount', 'minimum', 'accepted shape']);
    expect(lines.verdict.find((l) => l.field === 'amount')!.detail).toMatch(/^spends 1 ZEC, not the 0\.5 ZEC you typed$/);
    const zecBefore = await balanceOf((review.body as { balanceChanges: { label: string; account: string }[] }).balanceChanges.find((c) => c.label === 'your ZEC account')!.account as Address);
    const sign = await desk('POST', '/desk-api/sign', { buildId, ticket: tampered });
    expect([sign.status, codeOf(sign)]).toEqual([422, 'refused']);
    expect(messageOf(sign)).toMatch(/^not signed: the review does not pass \(amount: spends 1 ZEC, not the 0\.5 ZEC you typed; minimum: /);
    expect((await f.ledger.get(buildId))!.state).toBe('built');
    f.sandbox.cluster.advanceSlots(1);
    expect(await balanceOf((review.body as { balanceChanges: { label: string; account: string }[] }).balanceChanges.find((c) => c.label === 'your ZEC account')!.account as Address)).toBe(zecBefore);
  });

  it('refuses a ticket for another wallet, an unknown build and a bad body in words', async () => {
    const { buildId, ticket } = await buildBuy(ZEC);
    const other = await desk('POST', '/desk-api/sign', { buildId, ticket: { ...ticket, wallet: f.mint } });
    expect(codeOf(other)).toBe('refused');
    const missing = await desk('POST', '/desk-api/review', { buildId: `b_${'0'.repeat(32)}`, ticket });
    expect([missing.status, messageOf(missing)]).toEqual([404, `no build b_${'0'.repeat(32)}: builds are kept by this app for a week; build again`]);
    const bad = await desk('POST', '/desk-api/review', { buildId, ticket: { ...ticket, amount: '1.5' } });
    expect(codeOf(bad)).toBe('invalid_param');
  });

  it('signs nothing while a program it signs against changed since it was pinned, until the new version is accepted', async () => {
    expect((await desk('GET', '/desk-api/program-guard')).body['changes']).toEqual([]);
    const vault = f.sandbox.profile.programs['vault']!;
    // The vault's executable replaced in place, as an upgrade through the loader would.
    f.sandbox.cluster.installProgram(vault, new Uint8Array(readFileSync(resourcePath('programs', 'memo.so'))));
    const guard = await desk('GET', '/desk-api/program-guard');
    const changes = guard.body['changes'] as { role: string; program: string; pinned: string; now: string }[];
    expect(changes.map((c) => [c.role, c.program])).toEqual([['vault', vault]]);
    expect(changes[0]!.now).not.toBe(changes[0]!.pinned);
    const { buildId, ticket } = await buildBuy(ZEC);
    const refused = await desk('POST', '/desk-api/sign', { buildId, ticket });
    expect([refused.status, messageOf(refused)]).toEqual([422, `not signed: the vault (${vault}) program on the cluster changed since you accepted it (an upgrade may change what its instructions do); review the change and accept the new version on the desk before trading`]);
    expect((await f.ledger.get(buildId))!.state).toBe('built');
    expect((await desk('POST', '/desk-api/program-guard/accept')).body['changes']).toEqual([]);
    const ticker = setInterval(() => f.sandbox.cluster.advanceSlots(1), 5);
    const signed = await desk('POST', '/desk-api/sign', { buildId, ticket }).finally(() => clearInterval(ticker));
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  });
});
