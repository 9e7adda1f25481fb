import { generateKeyPairSigner, type Address, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isLaunchdeskError,
  isNothingToClaim,
  Launchdesk,
  pinsOfProfile,
  signMessageText,
  V1Client,
  type FlowProgress,
  type LaunchdeskOptions,
  type NothingToClaimDetail,
  type RateLimitWait,
} from '../../core/client/index.js';
import { TOKEN_2022_PROGRAM } from '../../core/programs/token-account.js';
import { findPayeeRecord } from '../../core/programs/vault/pdas.js';
import { splitFeesInstruction } from '../../core/programs/vault/split-fees.js';
import { startRpcFacade, type RpcFacade } from '../../core/sandbox/rpc/server.js';
import { call, codeOf, messageOf, startApi, type ApiFixture } from '../api/api-fixture.js';
import { fundedWallet, programsOf, send, tokenBalance } from '../helpers/launchpad.js';
import { vaultConfigOf, vaultOf } from '../helpers/vault.js';
import { gradientPng } from '../desk/market.js';

const ZEC = 100_000_000n;

/**
 * What a bot author reaches for beyond the four steps, against the real server and the sandbox through its
 * JSON-RPC facade: the sandbox faucet, an API key the client adopts, waiting out a 429, why a claim finds
 * nothing (and waiting until one would not), selling a share of a position, and timed progress.
 */
describe('launchdesk/client: faucet, keys, rate limits, claims, percent sales', () => {
  let f: ApiFixture;
  let facade: RpcFacade;
  let ticker: ReturnType<typeof setInterval>;
  let kitWallet: KeyPairSigner;

  const desk = (options: Partial<LaunchdeskOptions> = {}) =>
    new Launchdesk({
      baseUrl: f.base,
      rpc: facade.rpcUrl,
      pins: pinsOfProfile(f.sandbox.profile),
      // The fixture's server keeps time on its own clock: each call moves it past the rate-limit windows.
      fetch: (input, init) => ((f.clock += 3_600_000), fetch(input, init)),
      ...options,
    });
  const zecOf = (owner: Address) => tokenBalance(f.sandbox, owner, f.sandbox.profile.mints.zec.address, f.sandbox.profile.mints.zec.tokenProgram);
  const coinsOf = (owner: Address, mint: string) => tokenBalance(f.sandbox, owner, mint as Address, TOKEN_2022_PROGRAM);
  const failure = (promise: Promise<unknown>) => promise.then(() => { throw new Error('expected a refusal'); }, (e: unknown) => e as Error & { code: string; status: number | null; retryAfter: number | null });

  beforeAll(async () => {
    // The service's runs are on, with a split an hour after a trade: a split is due (and when) without one landing.
    f = await startApi({ content: {}, runs: { splitDelayMs: 3_600_000, holderRunEveryMs: 3_600_000 } });
    facade = await startRpcFacade(f.sandbox, { port: 0 });
    ticker = setInterval(() => f.sandbox.cluster.advanceSlots(1), 5);
    kitWallet = await fundedWallet(f.sandbox, 200n * ZEC);
  }, 60_000);
  afterAll(async () => {
    clearInterval(ticker);
    await facade.close();
    await f.close();
  });

  it('pays play SOL, ZEC and native coin from the sandbox faucet, and refuses in words what it will not pay', async () => {
    const client = desk();
    const fresh = await generateKeyPairSigner();
    const paid = await client.faucet(fresh, { sol: 2_000_000_000n, zec: 5n * ZEC, native: 7_000_000n });
    expect(paid.wallet).toBe(fresh.address);
    expect([paid.sol?.amount, paid.zec?.amount, paid.native?.amount]).toEqual(['2000000000', '500000000', '7000000']);
    expect(await client.chain.getBalance(fresh.address)).toBe(2_000_000_000n);
    expect(await zecOf(fresh.address)).toBe(5n * ZEC);
    const native = f.sandbox.profile.mints.native;
    expect(await tokenBalance(f.sandbox, fresh.address, native.address, native.tokenProgram)).toBe(7_000_000n);
    const onlyZec = await client.faucet(fresh.address, { zec: ZEC });
    expect([onlyZec.sol, onlyZec.native, onlyZec.zec?.amount]).toEqual([null, null, String(ZEC)]);

    const none = await failure(client.faucet(fresh, {}));
    expect([none.code, none.status, none.message]).toEqual(['invalid_param', 400, 'sol, zec, native: ask for at least one (base units as decimal strings)']);
    // Checked before anything is paid: the SOL asked beside a refused ZEC amount is not sent.
    const tooMuch = await failure(client.faucet(fresh, { sol: 1n, zec: 1001n * ZEC }));
    expect([tooMuch.code, tooMuch.message]).toEqual(['invalid_param', 'zec: the faucet gives from 1 base unit to 100000000000 base units of ZEC at a time']);
    expect(await client.chain.getBalance(fresh.address)).toBe(2_000_000_000n);
    // The reference served with it documents the route, on the sandbox only.
    const document = (await call(f, 'GET', '/v1/openapi.json')).body as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toContain('/v1/sandbox/faucet');
    const mint = await failure(client.faucet(f.sandbox.profile.mints.zec.address, { sol: 1_000_000_000n }));
    expect([mint.code, mint.status]).toEqual(['refused', 422]);
    expect(mint.message).toMatch(/is not a wallet: its account belongs to the program Tokenkeg\w+ .*the faucet gives to wallets$/);
    await client.close();
  });

  it('uses the API key it made from then on: the raised limits apply at once', async () => {
    // On the server's own clock: the sign-in challenge lives 5 minutes.
    const client = desk({ fetch: (input, init) => fetch(input, init) });
    f.clock += 3_600_000;
    await client.api.stats();
    expect(client.api.rateLimit).toEqual({ route: 'GET /v1/stats', limit: 60, remaining: 59 });
    expect(client.api.apiKey).toBeNull();
    const made = await client.createApiKey(kitWallet);
    expect(client.api.apiKey).toBe(made.key);
    await client.api.stats();
    expect(client.api.rateLimit).toEqual({ route: 'GET /v1/stats', limit: 600, remaining: 599 });
    // A route that needs a key answers for this client now.
    expect((await client.api.keys()).data.map((k) => k.id)).toContain(made.id);
    // `use: false` only answers the key.
    const other = new V1Client({ baseUrl: f.base });
    const { message } = await other.challenge(kitWallet.address);
    const second = await other.createKey(message, await signMessageText(kitWallet, message), { use: false });
    expect(second.key.startsWith(second.prefix)).toBe(true);
    expect(other.apiKey).toBeNull();
    await client.close();
  });

  it('on 429 throws the seconds to wait, or waits them out when asked to, within its most', async () => {
    f.clock += 3_600_000;
    const t0 = f.clock;
    for (let i = 0; i < 60; i++) expect((await call(f, 'GET', '/v1/stats')).status).toBe(200);
    // One more read is allowed when those of t0 leave the window: 1.5 s from here, rounded up to 2 s.
    f.clock = t0 + 58_500;

    const plain = new V1Client({ baseUrl: f.base });
    const refused = await failure(plain.stats());
    expect(isLaunchdeskError(refused, 'rate_limited')).toBe(true);
    expect([refused.status, refused.retryAfter]).toEqual([429, 2]);
    expect(refused.message).toBe('too many requests for the reads group (60 in any minute for an address without a key); retry in 2 s');
    expect(plain.rateLimit).toEqual({ route: 'GET /v1/stats', limit: 60, remaining: 0 });

    const impatient = new V1Client({ baseUrl: f.base, waitOnRateLimit: true, rateLimitMaxWaitSeconds: 1 });
    const notWaited = await failure(impatient.stats());
    expect([notWaited.code, notWaited.retryAfter]).toEqual(['rate_limited', 2]);
    expect(notWaited.message).toBe('too many requests for the reads group (60 in any minute for an address without a key); retry in 2 s (not waited: 2 s more would pass the 1 s this client waits at most)');

    // The server's clock follows the wall clock from here, so the wait really frees the window.
    const realStart = Date.now();
    const serverStart = f.clock;
    const waits: RateLimitWait[] = [];
    const patient = new V1Client({
      baseUrl: f.base,
      waitOnRateLimit: true,
      onRateLimitWait: (wait) => waits.push(wait),
      fetch: (input, init) => ((f.clock = serverStart + (Date.now() - realStart)), fetch(input, init)),
    });
    const stats = await patient.stats();
    expect(stats).toHaveProperty('coins');
    expect(waits).toEqual([{ route: 'GET /v1/stats', retryAfterSeconds: 2, waitedSeconds: 0 }]);
    expect(Date.now() - realStart).toBeGreaterThanOrEqual(2_000);
    expect(patient.rateLimit?.limit).toBe(60);
  });

  it('says which case a claim that finds nothing is, and waits until a claim would pay', async () => {
    const client = desk();
    const refusalOf = async (mint: string, key: KeyPairSigner) => {
      const error = await failure(client.claim({ mint }, key));
      expect(isNothingToClaim(error)).toBe(true);
      expect([error.code, error.status]).toEqual(['refused', 422]);
      return { why: (error as unknown as { why: NothingToClaimDetail }).why, message: error.message };
    };
    const trader = await fundedWallet(f.sandbox, 100n * ZEC);

    // Holder rewards: never claimed.
    expect(await refusalOf(f.mint, trader)).toEqual({ why: { reason: 'holders' }, message: `coin ${f.mint} pays its deployer share to holders: the service pays them on every run, there is nothing to claim` });

    // A payee with no ZEC account: the service will not pay it.
    const stranger = await generateKeyPairSigner();
    const far = await client.plant({ name: 'Far Payee', symbol: 'FARP', image: { bytes: gradientPng('farp'), type: 'image/png' }, payee: `wallet:${stranger.address}` }, kitWallet);
    expect(await refusalOf(far.mint, trader)).toEqual({
      why: { reason: 'no-zec-account', payee: stranger.address },
      message: `nothing waits in the fee account of coin ${far.mint}: no creator fees have been split for the payee yet; the payee ${stranger.address} has no ZEC account`,
    });

    const planted = await client.plant({ name: 'Claim Bot', symbol: 'CLMB', image: { bytes: gradientPng('clmb'), type: 'image/png' }, payee: 'me' }, kitWallet);
    expect((await refusalOf(planted.mint, trader)).why).toEqual({ reason: 'no-fees-yet', payee: kitWallet.address });

    // A trade: its fees wait to be split, an hour from now on this machine, then the service pays the payee itself.
    await client.trade({ mint: planted.mint, side: 'buy', amount: String(20n * ZEC) }, trader);
    const before = Math.floor(Date.now() / 1000);
    const due = await refusalOf(planted.mint, trader);
    expect(due.why).toMatchObject({ reason: 'split-due', payee: kitWallet.address, servicePays: true, payeeZecAccount: true });
    const dueAt = (due.why as Extract<NothingToClaimDetail, { reason: 'split-due' }>).dueAt!;
    expect(dueAt).toBeGreaterThanOrEqual(before + 3_590);
    expect(dueAt).toBeLessThanOrEqual(before + 3_601);
    expect(due.message).toMatch(new RegExp(`^nothing waits in the fee account of coin ${planted.mint}: a split is still due \\(creator fees from the latest trades are not split yet; the service splits them in (59m \\d+s|1h)\\), then pays the payee itself$`));

    // Waiting for a claimable share: the split lands (sent by hand here), and the wait sees what it put there.
    const waiting = client.waitUntilClaimable(planted.mint, { pollMs: 100, timeoutMs: 20_000 });
    const split = await splitFeesInstruction({
      vault: vaultOf(f.sandbox), zecMint: f.sandbox.profile.mints.zec.address, mint: planted.mint, launchpad: programsOf(f.sandbox).launchpad, amm: f.sandbox.profile.programs['amm']!,
      sender: trader.address, config: vaultConfigOf(f.sandbox),
    });
    expect((await send(f.sandbox, trader, [split])).err).toBeNull();
    const share = await zecOf(await findPayeeRecord(vaultOf(f.sandbox), planted.mint));
    expect(await waiting).toEqual({ kind: 'claimable', waitingZec: share, servicePays: true });

    // Claimed: a claim now finds the payout, with its transaction.
    const claimed = await client.claim({ mint: planted.mint }, trader);
    const paid = await refusalOf(planted.mint, trader);
    expect(paid.why).toMatchObject({ reason: 'paid', payee: kitWallet.address, signature: claimed.signatures[0], paidZec: String(share), payeeZecAccount: true });
    expect(paid.message).toMatch(new RegExp(`^nothing waits in the fee account of coin ${planted.mint}: the payee was paid 0\\.\\d+ ZEC \\d+s ago \\(transaction ${claimed.signatures[0]}\\); nothing was split since$`));
    // Nothing more comes: the wait says where the share stands when it gives up.
    const gaveUp = await failure(client.waitUntilClaimable(planted.mint, { pollMs: 100, timeoutMs: 300 }));
    expect([gaveUp.code, gaveUp.message]).toEqual(['unavailable', `nothing became claimable for coin ${planted.mint} in 0 s: no creator fees were split since the last payout`]);
    const never = await failure(client.waitUntilClaimable(f.mint));
    expect([never.code, never.message]).toEqual(['refused', `coin ${f.mint} has no wallet payee (it pays holder rewards, or is not listed): there is never anything to claim`]);
    await client.close();
  }, 60_000);

  it('sells a percent of what the wallet holds, floored exactly, and refuses a share of nothing in words', async () => {
    const progress: FlowProgress[] = [];
    const client = desk({ onProgress: (p) => progress.push(p) });
    const seller = await fundedWallet(f.sandbox, 50n * ZEC);
    await client.trade({ mint: f.mint, side: 'buy', amount: String(3n * ZEC) }, seller);
    const held = await coinsOf(seller.address, f.mint);
    expect(held > 0n).toBe(true);

    progress.length = 0;
    const start = Date.now();
    const sold = await client.sell({ mint: f.mint, percent: 33.33 }, seller);
    const end = Date.now();
    const expected = (held * 3_333n) / 10_000n;
    expect(BigInt(sold.trade!.tokens)).toBe(expected);
    expect(await coinsOf(seller.address, f.mint)).toBe(held - expected);
    // Every step is stamped in ms since the epoch, in order.
    expect(progress.map((p) => p.step)).toEqual(['balance', 'quote', 'build', 'verify', 'sign', 'send', 'landed', 'register', 'done']);
    const stamps = progress.map((p) => p.atMs);
    expect(stamps.every((at, i) => at >= start && at <= end && (i === 0 || at >= stamps[i - 1]!))).toBe(true);

    const all = await client.sell({ mint: f.mint, percent: '100' }, seller);
    expect(BigInt(all.trade!.tokens)).toBe(held - expected);
    expect(await coinsOf(seller.address, f.mint)).toBe(0n);

    const empty = await failure(client.sell({ mint: f.mint, percent: 50 }, seller));
    expect([empty.code, empty.status, empty.message]).toEqual(['invalid_param', null, `percent: ${seller.address} holds none of coin ${f.mint}: there is nothing to sell`]);
    for (const percent of [0, 101, 12.345, Number.NaN, '1e2', '-5']) {
      const bad = await failure(client.sell({ mint: f.mint, percent }, seller));
      expect([bad.code, bad.message]).toEqual(['invalid_param', `percent: ${JSON.stringify(percent)} is not a share to sell: give a number above 0 and at most 100, with at most two decimals (such as 50 or 12.5)`]);
    }
    await client.close();
  }, 60_000);
});

/** The route does not exist on any cluster but the sandbox, and the client says so before sending. */
describe('launchdesk/client: no faucet on a real cluster', () => {
  let f: ApiFixture;
  beforeAll(async () => {
    // The same sandbox behind a profile that names a JSON-RPC cluster: the server must act as on a real one.
    f = await startApi({ profile: (p) => ({ ...p, cluster: { ...p.cluster, kind: 'rpc', rpcUrl: 'https://rpc.example.invalid' } }) });
  }, 60_000);
  afterAll(() => f.close());

  it('refuses with not_offered and no status; the path answers 404 there', async () => {
    const client = new V1Client({ baseUrl: f.base });
    const wallet = (await generateKeyPairSigner()).address;
    const refused = await client.faucet(wallet, { sol: 1_000_000_000n }).then(
      () => { throw new Error('expected a refusal'); },
      (e: unknown) => e as Error & { code: string; status: number | null },
    );
    expect(isLaunchdeskError(refused, 'not_offered')).toBe(true);
    expect(refused.status).toBeNull();
    expect(refused.message).toBe(`the faucet is the sandbox's: the server at ${f.base} follows a real cluster (https://rpc.example.invalid), where SOL and ZEC are real money; fund ${wallet} yourself`);
    const raw = await call(f, 'POST', '/v1/sandbox/faucet', { body: { wallet, sol: '1000000000' } });
    expect([raw.status, codeOf(raw), messageOf(raw)]).toEqual([404, 'not_found', 'no such endpoint: POST /v1/sandbox/faucet']);
    expect(await f.sandbox.cluster.getAccount(wallet)).toBeNull();
    const document = (await call(f, 'GET', '/v1/openapi.json')).body as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).not.toContain('/v1/sandbox/faucet');
  });
});
