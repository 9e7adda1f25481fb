import type { Address, KeyPairSigner } from '@solana/kit';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buyExactTokens } from '../../core/math/curve.js';
import { formatDecimalUnits } from '../../core/math/units.js';
import { conversionFloor, divideConvertedZec, proRataShares, SERVICE_SPLIT_RATES, splitCreatorFee } from '../../core/math/split.js';
import { decodePriceRecord, findPriceRecord, setReferenceInstruction } from '../../core/programs/vault/price-record.js';
import { SANDBOX_PLANTING } from '../../core/sandbox/genesis/vault.js';
import { CURVE_SHAPE } from '../../core/sandbox/genesis/launchpad.js';
import { buyV2Instruction } from '../../core/programs/launchpad/instructions/buy-v2.js';
import { findPayeeRecord } from '../../core/programs/vault/pdas.js';
import { TOKEN_2022_PROGRAM } from '../../core/sandbox/token-balances.js';
import { buyOutCurve, curveOf, fundedWallet, openCoinAccount, partiesFor, SANDBOX_FEE_RATES, send, tokenBalance, tokens, type Coin } from '../helpers/launchpad.js';
import { plantListedCoin, vaultOf } from '../helpers/vault.js';
import { call, startApi, type ApiFixture } from '../api/api-fixture.js';
import { build, signAndSend } from '../engine/http-signing.js';

const ZEC = 100_000_000n;
type Json = Record<string, unknown>;

/** Waits for `check` to hold, advancing the sandbox's slots so that the runs' transactions confirm. */
async function until(f: ApiFixture, what: string, check: () => boolean | Promise<boolean>, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; runs: ${JSON.stringify(f.runs?.jobs())}`);
    await f.indexed();
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * The service's runs end to end on the sandbox, through the real scheduler, the real programs and the
 * real index: nobody calls split, claim, a run or a migration; the local service sends them itself.
 */
describe('service runs: splits, claims, holder-reward runs and migrations, with nobody asking', () => {
  let f: ApiFixture;
  let ticker: NodeJS.Timeout;
  const failures: string[] = [];

  beforeAll(async () => {
    f = await startApi({ runs: { splitDelayMs: 0, holderRunEveryMs: 200, holderRunMinimumZec: 1n, retryMs: 200, maxRetryMs: 400, onFailure: (job, reason) => failures.push(`${job.kind} ${job.mint}: ${reason}`) } });
    // The runs confirm their transactions: the sandbox's slots must move.
    ticker = setInterval(() => f.sandbox.cluster.advanceSlots(1), 5);
  });
  afterAll(async () => {
    await f.close(); // the ticker still runs: a run being confirmed finishes first
    clearInterval(ticker);
  });
  beforeEach(() => {
    failures.length = 0;
  });
  afterEach(() => {
    expect(failures.filter((line) => !line.includes('has no ZEC account'))).toEqual([]);
  });

  const zec = () => f.sandbox.profile.mints.zec;
  const zecOf = (owner: Address) => tokenBalance(f.sandbox, owner, zec().address, zec().tokenProgram);
  const coinsOf = (owner: Address, coin: Coin) => tokenBalance(f.sandbox, owner, coin.mint, TOKEN_2022_PROGRAM);
  async function buy(trader: KeyPairSigner, coin: Coin, amount: bigint) {
    const quote = buyExactTokens(curveOf(f.sandbox, coin), tokens(amount), SANDBOX_FEE_RATES);
    const result = await send(f.sandbox, trader, [await openCoinAccount(trader, coin), await buyV2Instruction(partiesFor(f.sandbox, coin, trader.address), { amount: quote.tokens, maxQuoteCost: quote.totalCost })]);
    expect(result.err, result.logs.join('\n')).toBeNull();
    return quote;
  }

  it('splits a ZEC coin\'s creator fees and pays its wallet payee 40% to the base unit, with nobody calling either (trades and reads through /v1)', async () => {
    const payee = await fundedWallet(f.sandbox, 1n); // holds a ZEC account
    const coin = await plantListedCoin(f.sandbox, await fundedWallet(f.sandbox, 10n * ZEC), { kind: 'wallet', wallet: payee.address });
    await f.indexed();
    const payeeBefore = await zecOf(payee.address);
    const trader = await fundedWallet(f.sandbox, 100n * ZEC);
    for (const zecIn of [3n * ZEC, 7n * ZEC]) {
      await signAndSend(f, await build(f, '/v1/trade/build', { wallet: trader.address, mint: coin.mint, side: 'buy', amount: String(zecIn) }), [trader]);
    }
    await f.indexed();
    const trades = (await call(f, 'GET', `/v1/coins/${coin.mint}/trades`)).body['data'] as Json[];
    const creatorFees = trades.reduce((s, t) => s + BigInt(t['creatorFeeZec'] as string), 0n);
    expect(trades.length).toBe(2);

    // Everything split and paid out (the runs may go between the two trades: one split per batch of fees).
    const feesRead = async () => (await call(f, 'GET', `/v1/coins/${coin.mint}/fees`)).body;
    await until(f, 'every fee split and paid', async () => {
      const fees = await feesRead();
      return fees['splitZec'] === String(creatorFees) && fees['waitingZec'] === '0';
    });
    const rings = (await call(f, 'GET', `/v1/coins/${coin.mint}/rings`)).body['data'] as Json[];
    const splits = rings.filter((r) => r['kind'] === 'split').map((r) => BigInt(r['zec'] as string));
    expect(splits.reduce((a, b) => a + b, 0n)).toBe(creatorFees);
    // Each split gives the payee 40% of what it split, to the base unit (core/math/split, the program's rule).
    const payeeShare = splits.reduce((a, amount) => a + splitCreatorFee(amount, SERVICE_SPLIT_RATES).payee, 0n);
    expect((await zecOf(payee.address)) - payeeBefore).toBe(payeeShare);
    expect(await zecOf(await findPayeeRecord(vaultOf(f.sandbox), coin.mint))).toBe(0n);
    const fees = await feesRead();
    expect(fees).toMatchObject({ creatorFeesZec: String(creatorFees), splitZec: String(creatorFees), payeeZec: String(payeeShare), paidOutZec: String(payeeShare), waitingZec: '0' });
    const payouts = rings.filter((r) => r['kind'] === 'payout');
    expect(payouts.every((r) => r['party'] === payee.address)).toBe(true);
    expect(payouts.reduce((a, r) => a + BigInt(r['zec'] as string), 0n)).toBe(payeeShare);
    // Nothing waits, so a claim build says so, and why: the service paid it already (its transaction named).
    const lastPayout = payouts[0]!;
    const schedule = (await call(f, 'GET', `/v1/coins/${coin.mint}/schedule`)).body;
    expect(schedule['payout']).toEqual({ payee: payee.address, waitingZec: '0', unsplit: false, payeeZecAccount: true, lastPayout: { signature: lastPayout['signature'], at: lastPayout['at'], zec: lastPayout['zec'] } });
    const claim = await call(f, 'POST', '/v1/claim/build', { body: { wallet: trader.address, mint: coin.mint } });
    expect([claim.status, (claim.body['error'] as Json)['code']]).toEqual([422, 'refused']);
    expect((claim.body['error'] as Json)['message']).toMatch(
      new RegExp(`^nothing waits in the fee account of coin ${coin.mint}: the payee was paid ${formatDecimalUnits(BigInt(lastPayout['zec'] as string), 8).replace('.', '\\.')} ZEC [0-9]+s ago \\(transaction ${lastPayout['signature'] as string}\\); nothing was split since$`),
    );
    expect(f.runs!.jobs(coin.mint).map((j) => [j.kind, j.state, j.lastError])).toEqual([
      ['claim', 'idle', null],
      ['split', 'idle', null],
    ]);
  });

  it('claims for a payee without a ZEC account only once it has one, saying why in the meantime', async () => {
    const payee = await fundedWallet(f.sandbox); // SOL only: no ZEC account
    const coin = await plantListedCoin(f.sandbox, await fundedWallet(f.sandbox, 10n * ZEC), { kind: 'wallet', wallet: payee.address });
    const trader = await fundedWallet(f.sandbox, 100n * ZEC);
    const bought = await buy(trader, coin, 5_000_000_000_000n);
    await until(f, 'the claim refused', () => f.runs!.jobs(coin.mint).some((j) => j.kind === 'claim' && j.state === 'failed'));
    const claim = f.runs!.jobs(coin.mint).find((j) => j.kind === 'claim')!;
    expect(claim.lastError).toMatch(new RegExp(`^the payee ${payee.address} has no ZEC account: the service pays a payee only into its own ZEC account, and claims as soon as it has one \\([0-9.]+ ZEC waits\\)$`));
    expect(await zecOf(payee.address)).toBe(0n);
    // The schedule's payout says what waits and that the payee has no ZEC account; a claim still pays it (and opens one).
    const schedule = (await call(f, 'GET', `/v1/coins/${coin.mint}/schedule`)).body;
    expect(schedule['payout']).toEqual({ payee: payee.address, waitingZec: String(splitCreatorFee(bought.creatorFee, SERVICE_SPLIT_RATES).payee), unsplit: false, payeeZecAccount: false, lastPayout: null });

    await f.sandbox.faucet.zec(payee.address, 1n as never);
    await until(f, 'the payee paid', async () => (await zecOf(payee.address)) > 1n);
    expect((await zecOf(payee.address)) - 1n).toBe(splitCreatorFee(bought.creatorFee, SERVICE_SPLIT_RATES).payee);
  });

  it('pays a holders coin\'s holders their exact pro-rata shares in batches, keeps the dust, and reads the run closed', async () => {
    const coin = await plantListedCoin(f.sandbox, await fundedWallet(f.sandbox, 10n * ZEC), { kind: 'holders' });
    // Eleven holders (two pay_run batches), one of them a holder of two buys.
    const holders: KeyPairSigner[] = [];
    // What each holds in ZEC without the runs: its faucet money less what its buys cost (the runs pay as they go).
    const before: bigint[] = [];
    for (let i = 0; i < 11; i++) {
      const holder = await fundedWallet(f.sandbox, 100n * ZEC);
      before.push(100n * ZEC - (await buy(holder, coin, BigInt(i + 1) * 111_111_111_000n)).totalCost);
      holders.push(holder);
    }
    before[3] = before[3]! - (await buy(holders[3]!, coin, 50_000_000_000n)).totalCost;
    const balances = await Promise.all(holders.map((h) => coinsOf(h.address, coin)));

    // Runs go as fees arrive; once trading stops, the last run's snapshot holds all eleven.
    await until(f, 'a run of all eleven closed', async () => {
      const last = await f.store.runs.lastRunOf(coin.mint);
      return last?.recipients === 11 && last.state === 'closed' && f.runs!.jobs(coin.mint).find((j) => j.kind === 'holders')?.state === 'idle';
    });
    const runs = await f.store.runs.runsOf(coin.mint, 100);
    const last = runs[0]!;
    const { shares, dust } = proRataShares(last.total, balances);
    expect(new Map((await f.store.runs.payments(coin.mint, last.run, 100)).map((p) => [p.holder, p.share]))).toEqual(new Map(holders.map((h, i) => [h.address, shares[i]!])));
    expect(last).toMatchObject({ paid: last.total - dust, dust, paidRecipients: 11, state: 'closed' });
    // Every holder got exactly what the runs' payments say, each run closed, and only the last dust waits.
    const after = await Promise.all(holders.map((h) => zecOf(h.address)));
    const payments = (await Promise.all(runs.map((r) => f.store.runs.payments(coin.mint, r.run, 100)))).flat();
    const paidTo = (holder: Address) => payments.filter((p) => p.holder === holder).reduce((s, p) => s + p.share, 0n);
    expect(after.map((z, i) => z - before[i]!)).toEqual(holders.map((h) => paidTo(h.address)));
    expect(runs.every((r) => r.state === 'closed' && r.paid + r.dust! === r.total && r.paidRecipients === r.recipients)).toBe(true);
    expect(await zecOf(await findPayeeRecord(vaultOf(f.sandbox), coin.mint))).toBe(dust);

    // The reads: holders (the curve marked apart), the runs, one run with its payments, the rings, the schedule.
    const holdersRead = (await call(f, 'GET', `/v1/coins/${coin.mint}/holders?limit=5`)).body;
    expect(holdersRead['holders']).toBe(11);
    const page1 = holdersRead['data'] as Json[];
    expect(page1.map((h) => h['wallet'])).toEqual([...holders].map((h, i) => ({ h, b: balances[i]! })).sort((a, b) => (a.b > b.b ? -1 : 1)).slice(0, 5).map((x) => x.h.address));
    expect(page1[0]).toMatchObject({ balance: String(balances[10]), shareOfSupply: expect.stringMatching(/^0\.[0-9]{9}$/) });
    const curve = curveOf(f.sandbox, coin);
    // The whole supply is placed: the holders together, the curve's coins for sale, and the rest of the curve's
    // token account (minted to it at planting, kept for its pool), which is what the chain's account holds.
    const supply = BigInt(holdersRead['supply'] as string);
    const kept = supply - CURVE_SHAPE.initialRealTokenReserves;
    expect(holdersRead['vaults']).toEqual([
      { role: 'curve', address: coin.curve, balance: String(curve.realTokenReserves), shareOfSupply: expect.any(String) },
      { role: 'curve-reserve', address: coin.curve, balance: String(kept), shareOfSupply: '0.206900000' },
    ]);
    expect(await coinsOf(coin.curve, coin)).toBe(curve.realTokenReserves + kept);
    expect(holdersRead['held']).toEqual({ balance: String(balances.reduce((a, b) => a + b, 0n)), shareOfSupply: expect.stringMatching(/^0\.[0-9]{9}$/) });
    expect(holdersRead['unplaced']).toEqual({ balance: '0', shareOfSupply: '0.000000000' });
    expect(placedOf(holdersRead)).toBe(supply);
    const page3 = (await call(f, 'GET', `/v1/coins/${coin.mint}/holders?limit=5&cursor=10`)).body;
    expect((page3['data'] as Json[]).length).toBe(1);
    expect(page3['next']).toBeNull();

    const runsRead = (await call(f, 'GET', `/v1/coins/${coin.mint}/runs`)).body['data'] as Json[];
    expect(runsRead[0]).toMatchObject({ id: last.address, run: last.run, state: 'closed', totalZec: String(last.total), dustZec: String(dust), recipients: 11, paidRecipients: 11 });
    const one = (await call(f, 'GET', `/v1/runs/${last.address}?limit=3`)).body;
    expect(one).toMatchObject({ id: last.address, mint: coin.mint, run: last.run, closedSignature: last.closedSignature });
    expect((one['payments'] as Json[]).length).toBe(3);
    expect(one['next']).toBe('3');
    const unknown = await call(f, 'GET', `/v1/runs/${coin.mint}`);
    expect([unknown.status, (unknown.body['error'] as Json)['code'], (unknown.body['error'] as Json)['message']]).toEqual([404, 'not_found', `no holder-reward run ${coin.mint}`]);
    const bad = await call(f, 'GET', '/v1/runs/not-a-run');
    expect([bad.status, (bad.body['error'] as Json)['code']]).toEqual([400, 'invalid_param']);

    const rings = (await call(f, 'GET', `/v1/coins/${coin.mint}/rings?limit=100`)).body['data'] as Json[];
    const kinds = new Set(rings.map((r) => r['kind']));
    expect([...kinds].sort()).toEqual(['run-close', 'run-open', 'run-pay', 'split']);
    expect(rings.filter((r) => r['kind'] === 'run-pay' && r['run'] === last.run).length).toBe(11);
    const closeRing = rings.find((r) => r['kind'] === 'run-close' && r['run'] === last.run)!;
    expect(closeRing).toMatchObject({ amount: String(dust), signature: last.closedSignature });
    const ofTx = (await call(f, 'GET', `/v1/tx/${last.closedSignature}/rings`)).body;
    expect(ofTx['data']).toEqual([closeRing]);
    const schedule = (await call(f, 'GET', `/v1/coins/${coin.mint}/schedule`)).body;
    expect(schedule).toMatchObject({ mint: coin.mint, runs: 'on', reason: null });
    expect((schedule['scheduled'] as Json[]).map((j) => j['kind'])).toEqual(['holders', 'split']);
  });

  it('converts a native-paired coin\'s fees (burn, liquidity, ZEC never below the floor) and pays its payee in ZEC; below the floor it waits, saying why', async () => {
    const { mints } = f.sandbox.profile;
    const vault = vaultOf(f.sandbox);
    const record = await findPriceRecord(vault, mints.native.address);
    const reference = decodePriceRecord(f.sandbox.cluster.getAccount(record)!.data).reference;
    const setReference = async (value: bigint) => {
      const result = await send(f.sandbox, f.sandbox.serviceAuthority, [await setReferenceInstruction({ vault, admin: f.sandbox.serviceAuthority.address, mint: mints.native.address, reference: value })]);
      expect(result.err, result.logs.join('\n')).toBeNull();
    };
    // A floor no pool pays: the conversion must wait rather than sell cheap.
    await setReference(reference * 1_000n);
    const payee = await fundedWallet(f.sandbox, 1n);
    const coin = await plantListedCoin(f.sandbox, await fundedWallet(f.sandbox, 10n * ZEC), { kind: 'wallet', wallet: payee.address }, null, 'native');
    const trader = await fundedWallet(f.sandbox);
    await f.sandbox.faucet.native(trader.address, 50_000_000_000n as never);
    const bought = await buy(trader, coin, 2_000_000_000_000n);

    await until(f, 'the conversion refused', () => f.runs!.jobs(coin.mint).some((j) => j.kind === 'native' && j.state === 'failed'));
    expect(f.runs!.jobs(coin.mint).find((j) => j.kind === 'native')!.lastError).toBe(
      'the native-coin/ZEC pool would pay less ZEC than the conversion floor from the price record: the collected native coin waits for the pool to recover',
    );
    failures.length = 0; // that refusal was the point

    await setReference(reference);
    await until(f, 'the payee paid', async () => (await zecOf(payee.address)) > 1n);
    await until(f, 'the payout indexed', async () => (await f.store.fees(coin.mint))!.paidOutZec > 0n);
    const fees = (await f.store.fees(coin.mint))!;
    const n = fees.native!;
    expect(n.claimed).toBe(bought.creatorFee);
    const parts = splitCreatorFee(n.claimed, SERVICE_SPLIT_RATES);
    expect([n.burned, n.toLp, n.converted]).toEqual([parts.rootstock, parts.liquidity, parts.treasury + parts.payee]);
    const floor = conversionFloor(n.converted, { reference, toleranceBps: SANDBOX_PLANTING.conversionToleranceBps });
    expect(n.convertedZec >= floor).toBe(true);
    const payeeZec = divideConvertedZec(n.convertedZec, parts).payee;
    expect((await zecOf(payee.address)) - 1n).toBe(payeeZec);
    expect(fees.paidOutZec).toBe(payeeZec);
    // The coin's rings, and the liquidity pot's deposit in the last native run's transaction.
    const rings = (await call(f, 'GET', `/v1/coins/${coin.mint}/rings`)).body['data'] as Json[];
    expect(rings.map((r) => r['kind']).reverse()).toEqual(['collect', 'burn', 'to-lp', 'conversion', 'payout']);
    const added = f.runs!.jobs(coin.mint).find((j) => j.kind === 'native')!.lastSignature!;
    const deposit = (await call(f, 'GET', `/v1/tx/${added}/rings`)).body['data'] as Json[];
    expect(deposit).toEqual([expect.objectContaining({ kind: 'liquidity', mint: mints.native.address, party: f.sandbox.profile.accounts['nativePool'] })]);
  });

  it('migrates a bought-out curve to its pool, where it then trades through /v1', async () => {
    const coin = await plantListedCoin(f.sandbox, await fundedWallet(f.sandbox, 10n * ZEC), { kind: 'holders' });
    const whale = await fundedWallet(f.sandbox, 1_000n * ZEC);
    expect((await buyOutCurve(f.sandbox, whale, coin)).err).toBeNull();
    await until(f, 'the graduation indexed', async () => (await call(f, 'GET', `/v1/coins/${coin.mint}`)).body['stage'] === 'pool');
    const graduated = ((await call(f, 'GET', '/v1/graduations')).body['data'] as Json[]).find((g) => g['mint'] === coin.mint);
    expect(graduated).toBeDefined();
    const trader = await fundedWallet(f.sandbox, 10n * ZEC);
    const sent = await signAndSend(f, await build(f, '/v1/trade/build', { wallet: trader.address, mint: coin.mint, side: 'buy', amount: String(ZEC) }), [trader]);
    await f.indexed();
    const newest = ((await call(f, 'GET', `/v1/coins/${coin.mint}/trades?limit=1`)).body['data'] as Json[])[0]!;
    expect(newest).toMatchObject({ signature: sent[0], venue: 'pool', side: 'buy', user: trader.address });
    expect(f.runs!.jobs(coin.mint).find((j) => j.kind === 'migrate')).toMatchObject({ state: 'idle', lastDone: 'moved the completed curve to its pool' });
    // On the pool the whole supply is the holders' and the pool's: the curve's kept part went into the pool.
    const holdersRead = (await call(f, 'GET', `/v1/coins/${coin.mint}/holders`)).body;
    const pool = (await f.store.coin(coin.mint))!.pool;
    expect((holdersRead['vaults'] as Json[]).map((v) => [v['role'], v['address']])).toEqual([['pool', pool]]);
    expect(holdersRead['unplaced']).toEqual({ balance: '0', shareOfSupply: '0.000000000' });
    expect(placedOf(holdersRead)).toBe(BigInt(holdersRead['supply'] as string));
    expect(BigInt((holdersRead['held'] as Json)['balance'] as string)).toBe((await coinsOf(whale.address, coin)) + (await coinsOf(trader.address, coin)));
  });
});

/** Everything a holders answer places: the holders together, the curve or pool, and what is unplaced. */
function placedOf(answer: Json): bigint {
  const vaults = (answer['vaults'] as Json[]).reduce((a, v) => a + BigInt(v['balance'] as string), 0n);
  return BigInt((answer['held'] as Json)['balance'] as string) + vaults + BigInt((answer['unplaced'] as Json)['balance'] as string);
}

/**
 * A claim that finds nothing while a split is still due says so and when, on a server whose service splits a
 * minute after the trades (the service's own wait), for a payee with a ZEC account and for one without.
 */
describe('a claim that finds nothing while a split is due', () => {
  let f: ApiFixture;
  beforeAll(async () => {
    f = await startApi({ runs: { splitDelayMs: 60_000 } });
  });
  afterAll(async () => {
    await f.close();
  });

  async function tradedCoin(payee: KeyPairSigner) {
    const coin = await plantListedCoin(f.sandbox, await fundedWallet(f.sandbox, 10n * ZEC), { kind: 'wallet', wallet: payee.address });
    const trader = await fundedWallet(f.sandbox, 100n * ZEC);
    const quote = buyExactTokens(curveOf(f.sandbox, coin), tokens(5_000_000_000_000n), SANDBOX_FEE_RATES);
    const result = await send(f.sandbox, trader, [await openCoinAccount(trader, coin), await buyV2Instruction(partiesFor(f.sandbox, coin, trader.address), { amount: quote.tokens, maxQuoteCost: quote.totalCost })]);
    expect(result.err, result.logs.join('\n')).toBeNull();
    await f.indexed();
    await new Promise((r) => setImmediate(r)); // the runs plan what the index applied on the next turn
    return { coin, trader };
  }

  it('names the split, when it goes, and that the service pays the payee after it', async () => {
    const payee = await fundedWallet(f.sandbox, 1n);
    const { coin, trader } = await tradedCoin(payee);
    const schedule = (await call(f, 'GET', `/v1/coins/${coin.mint}/schedule`)).body;
    expect(schedule['payout']).toMatchObject({ waitingZec: '0', unsplit: true, payeeZecAccount: true, lastPayout: null });
    expect((schedule['scheduled'] as Json[]).find((j) => j['kind'] === 'split')).toMatchObject({ state: 'waiting', dueAt: expect.any(Number) });
    const claim = await call(f, 'POST', '/v1/claim/build', { body: { wallet: trader.address, mint: coin.mint } });
    expect([claim.status, (claim.body['error'] as Json)['code']]).toEqual([422, 'refused']);
    expect((claim.body['error'] as Json)['message']).toMatch(
      new RegExp(`^nothing waits in the fee account of coin ${coin.mint}: a split is still due \\(creator fees from the latest trades are not split yet; the service splits them in (59s|1m)\\), then pays the payee itself$`),
    );
  });

  it('says that a payee without a ZEC account will not be paid by the service, and that a claim after the split will', async () => {
    const payee = await fundedWallet(f.sandbox); // SOL only: no ZEC account
    const { coin, trader } = await tradedCoin(payee);
    const claim = await call(f, 'POST', '/v1/claim/build', { body: { wallet: trader.address, mint: coin.mint } });
    expect([claim.status, (claim.body['error'] as Json)['code']]).toEqual([422, 'refused']);
    expect((claim.body['error'] as Json)['message']).toBe(
      `nothing waits in the fee account of coin ${coin.mint}: a split is still due (creator fees from the latest trades are not split yet; the service splits them in ${(claim.body['error'] as Json)['message']!.toString().match(/splits them in ([^)]+)\)/)![1]}); the payee ${payee.address} has no ZEC account, so the service will not pay it: claim once the split is done (a claim opens the account)`,
    );
  });
});
