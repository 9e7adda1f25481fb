import type { Address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESK_TOKEN_HEADER } from '../../core/api/desk/desk-token.js';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import { formatExactUnits } from '../../core/math/decimal-display.js';
import { SOL_DECIMALS } from '../../core/math/units.js';
import { splitFeesInstruction } from '../../core/programs/vault/split-fees.js';
import { OsKeychain } from '../../core/signer/keychain.js';
import { amountText, walletMoveWords } from '../../core/verify/balance-words.js';
import { DeskMarket } from '../desk/market.js';
import { fundedWallet, programsOf, send } from '../helpers/launchpad.js';
import { startKeychainSession, type KeychainSession } from '../helpers/keychain-session.js';
import { vaultConfigOf, vaultOf } from '../helpers/vault.js';
import { call, type Answer, type ApiFixture } from './api-fixture.js';
import { startApi } from './api-fixture.js';

const ZEC = 100_000_000n;
const SOL = 1_000_000_000n;
const TOKEN = 'desk-token-for-the-review-truth-run';

interface Line {
  field: string;
  ok: boolean;
  detail: string;
}
interface Balance {
  account: string;
  label: string;
  asset: string;
  decimals: number;
  change: string;
  words: string;
  exact: string;
  why: string | null;
}
interface Review {
  verdict: Line[];
  flags: { text: string }[];
  balanceChanges: Balance[];
  signable: boolean;
  networkFeeLamports: string;
}

/**
 * Every kind of signature the desk asks for, reviewed on the real server and then signed and landed:
 * each balance line's words ("receives", "pays", the formatted figure, the exact base units) are the
 * simulated change, the change is what the chain then shows to the base unit, and every sentence of the
 * verdict that names an amount names the same figure as the balance line it speaks of.
 */
describe('the review says what the simulation does, for every kind of signature', () => {
  let session: KeychainSession;
  let f: ApiFixture;
  let wallet: Address;
  let market: DeskMarket;
  const desk = (method: string, path: string, body?: unknown): Promise<Answer> => call(f, method, path, { ...(body !== undefined ? { body } : {}), headers: { [DESK_TOKEN_HEADER]: TOKEN } });
  const chain = () => new SandboxChain(f.sandbox.cluster);
  async function balanceOf(account: Address): Promise<bigint> {
    if (account === wallet) return chain().getBalance(account);
    const data = (await chain().getAccount(account))?.data;
    return data && data.length >= 72 ? Buffer.from(data).readBigUInt64LE(64) : 0n;
  }
  const v1 = async (method: string, path: string, body?: unknown): Promise<Answer> => {
    f.clock += 61_000; // past each rate-limit window: this test is not about limits
    return call(f, method, path, body === undefined ? {} : { body });
  };

  /**
   * Reviews, checks every balance line's words against its change, signs, and checks the chain moved by
   * exactly the changes. Answers the review with its verdict by field and balance lines by asset.
   */
  async function reviewAndSign(kind: string, buildId: string, ticket: object) {
    const path = kind === 'trade' ? '' : `/${kind}`;
    const answer = await desk('POST', `/desk-api/review${path}`, { buildId, ticket });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const review = answer.body as unknown as Review;
    expect(review.flags).toEqual([]);
    expect(review.verdict.filter((l) => !l.ok)).toEqual([]);
    expect(review.signable).toBe(true);
    for (const c of review.balanceChanges) {
      const change = BigInt(c.change);
      expect(c.words).toBe(walletMoveWords(change, c.decimals, c.asset));
      expect(c.words).toMatch(change > 0n ? /^receives / : /^pays /);
      expect(c.exact).toBe(formatExactUnits(change < 0n ? -change : change, c.decimals));
      expect(c.words).not.toMatch(/moves by|−|-\d/);
    }
    const before = await Promise.all(review.balanceChanges.map((c) => balanceOf(c.account as Address)));
    const ticker = setInterval(() => f.sandbox.cluster.advanceSlots(1), 5);
    const signed = await desk('POST', `/desk-api/sign${path}`, { buildId, ticket }).finally(() => clearInterval(ticker));
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const after = await Promise.all(review.balanceChanges.map((c) => balanceOf(c.account as Address)));
    expect(after.map((a, i) => String(a - before[i]!))).toEqual(review.balanceChanges.map((c) => c.change));
    await f.indexed();
    if (process.env['SHOW_REVIEWS']) console.log(kind, JSON.stringify({ verdict: review.verdict.map((l) => `${l.field}: ${l.detail}`), balances: review.balanceChanges.map((c) => `${c.label}: ${c.words} (${c.exact}) ${c.why ?? ''}`) }, null, 1));
    const lines = Object.fromEntries(review.verdict.map((l) => [l.field, l.detail]));
    const by = Object.fromEntries(review.balanceChanges.map((c) => [c.asset, c]));
    return { review, lines, by, fee: BigInt(review.networkFeeLamports) };
  }

  const sol = (v: bigint) => amountText(v, SOL_DECIMALS, 'SOL');
  /** The change of a balance line as a positive figure in words' format. */
  const size = (c: Balance) => amountText(BigInt(c.change) < 0n ? -BigInt(c.change) : BigInt(c.change), c.decimals, c.asset);

  async function trade(mint: string, side: 'buy' | 'sell', amount: bigint | 'all', options: { pay?: 'SOL'; receive?: 'SOL' } = {}) {
    const query = `side=${side}&amount=${amount === 'all' ? await held(mint) : amount}&wallet=${wallet}${options.pay ? '&pay=SOL' : ''}${options.receive ? '&receive=SOL' : ''}`;
    const quote = await v1('GET', `/v1/coins/${mint}/quote?${query}`);
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    const built = await v1('POST', '/v1/trade/build', { wallet, mint, side, amount: String(amount), ...options });
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    expect((built.body['transactions'] as unknown[]).length).toBe(1);
    const q = quote.body as Record<string, string>;
    const minimum = side === 'buy' ? q['minTokensOut']! : options.receive ? q['minSolOut']! : q['minOutZec']!;
    const ticket = { wallet, mint, side, amount: String(amount === 'all' ? await held(mint) : amount), pay: options.pay ?? 'ZEC', receive: options.receive ?? 'ZEC', slippageBps: 100, minimum };
    return { ...(await reviewAndSign('trade', built.body['buildId'] as string, ticket)), built };
  }
  async function held(mint: string): Promise<bigint> {
    const { findAssociatedTokenAccount } = await import('../../core/programs/launchpad/pdas.js');
    const { TOKEN_2022_PROGRAM } = await import('../../core/programs/token-account.js');
    return balanceOf(await findAssociatedTokenAccount(wallet, mint as Address, TOKEN_2022_PROGRAM));
  }

  beforeAll(async () => {
    session = await startKeychainSession();
    f = await startApi({ desk: { keychain: new OsKeychain(`launchdesk-test-${process.pid}`), token: TOKEN } });
    wallet = (await f.wallets!.create('Truth')).address;
    await f.sandbox.faucet.sol(wallet, (50n * SOL) as never);
    await f.sandbox.faucet.zec(wallet, (20_000n * ZEC) as never);
    market = await DeskMarket.open(f);
  }, 120_000);
  afterAll(async () => {
    await f?.close();
    session?.stop();
  });

  it('a curve buy: spends exactly the ZEC typed, the ZEC line pays it, the SOL line is the network fee and the new account\'s rent', async () => {
    const { lines, by, fee } = await trade(f.mint, 'buy', ZEC);
    expect(lines['amount']).toBe('spends exactly the 1 ZEC you typed');
    expect(by['ZEC']!.words).toBe('pays 1 ZEC');
    expect(BigInt(by[Object.keys(by).find((k) => k !== 'SOL' && k !== 'ZEC')!]!.change)).toBeGreaterThan(0n);
    const solLine = by['SOL']!;
    expect(solLine.why).toContain(`${sol(fee)} network fee`);
    expect(solLine.why).toMatch(/rent for your \S+ account/);
    expect(solLine.why).not.toMatch(/moved (in|out)/);
  });

  it('a sale: sells exactly the coins typed, the coin line pays them and the ZEC line receives', async () => {
    const amount = (await held(f.mint)) / 2n;
    const { lines, by, fee } = await trade(f.mint, 'sell', amount);
    expect(lines['amount']).toBe(`sells exactly the ${formatExactUnits(amount, 6)} ${Object.keys(by).find((k) => k !== 'SOL' && k !== 'ZEC')} you typed`);
    expect(by['ZEC']!.words).toMatch(/^receives /);
    expect(by['SOL']!.words).toBe(`pays ${sol(fee)}`);
    expect(by['SOL']!.why).toBe(`${sol(fee)} network fee`);
  });

  it('a sale of all: the coin account is closed and its rent comes back, said on the SOL line', async () => {
    const amount = await held(f.mint);
    const coinAccount = (await import('../../core/programs/launchpad/pdas.js')).findAssociatedTokenAccount;
    const account = await coinAccount(wallet, f.mint as Address, (await import('../../core/programs/token-account.js')).TOKEN_2022_PROGRAM);
    const rent = (await chain().getAccount(account))!.lamports;
    const { lines, by, fee } = await trade(f.mint, 'sell', 'all');
    const ticker = Object.keys(by).find((k) => k !== 'SOL' && k !== 'ZEC')!;
    expect(lines['amount']).toBe(`sells exactly the ${formatExactUnits(amount, 6)} ${ticker} you typed`);
    expect(by[ticker]!.words).toBe(`pays ${amountText(amount, 6, ticker)}`);
    expect(BigInt(by['SOL']!.change)).toBe(rent - fee);
    expect(by['SOL']!.words).toBe(`receives ${sol(rent - fee)}`);
    expect(by['SOL']!.why).toBe(`${sol(rent)} rent back from your ${ticker} account (closed: the sale empties it), less ${sol(fee)} network fee`);
    expect(await chain().getAccount(account)).toBeNull();
  });

  it('a buy paid in SOL: the SOL line pays the swapped SOL with the fee and rent, as the words say', async () => {
    const { lines, by, fee } = await trade(f.mint, 'buy', SOL, { pay: 'SOL' });
    expect(lines['amount']).toBe('spends exactly the 1 SOL you typed');
    const solLine = by['SOL']!;
    expect(solLine.words).toBe(`pays ${size(solLine)}`);
    expect(solLine.why!.startsWith(`${sol(SOL)} swapped to ZEC for the buy, ${sol(fee)} network fee`)).toBe(true);
  });

  it('a sale for SOL: the SOL line receives what the swap gives, less the fee', async () => {
    const amount = (await held(f.mint)) / 2n;
    const { by, fee } = await trade(f.mint, 'sell', amount, { receive: 'SOL' });
    const solLine = by['SOL']!;
    expect(solLine.words).toMatch(/^receives /);
    expect(solLine.why).toBe(`${sol(BigInt(solLine.change) + fee)} from the swap of the sale's ZEC, less ${sol(fee)} network fee`);
  });

  it('a capped buy: offers more than the curve has left; the verdict says what it spends and that the curve completes, as the ZEC line does', async () => {
    const coin = await market.plant('Capstone', 'CAPST');
    const { lines, by } = await trade(coin.mint, 'buy', 10_000n * ZEC);
    const zec = by['ZEC']!;
    const coins = by['CAPST']!;
    expect(BigInt(zec.change)).toBeGreaterThan(-10_000n * ZEC);
    expect(zec.words).toBe(`pays ${size(zec)}`);
    expect(lines['amount']).toBe(`offers up to 10,000 ZEC; the curve has only ${size(coins)} left: spends ${size(zec)} and completes the curve; the coin then moves to its pool`);
    expect(lines['amount']).not.toContain('exactly');
  });

  it('a pool buy: spends exactly the ZEC typed on the graduated pool', async () => {
    const coin = await market.plant('Poolside', 'POOLS');
    await market.graduate(coin);
    const { lines, by } = await trade(coin.mint, 'buy', 2n * ZEC);
    expect(lines['amount']).toBe('spends exactly the 2 ZEC you typed');
    expect(by['ZEC']!.words).toBe('pays 2 ZEC');
    expect(by['POOLS']!.words).toMatch(/^receives [\d.,]+[KMB]? POOLS$/);
  });

  it('a pool sale: sells exactly the coins typed, the SOL line is the network fee alone', async () => {
    const coin = await market.plant('Tidewater', 'TIDEW');
    await market.graduate(coin);
    await trade(coin.mint, 'buy', 3n * ZEC);
    const amount = (await held(coin.mint)) / 3n;
    const { lines, by, fee } = await trade(coin.mint, 'sell', amount);
    expect(lines['amount']).toBe(`sells exactly the ${formatExactUnits(amount, 6)} TIDEW you typed`);
    expect(by['TIDEW']!.words).toBe(`pays ${amountText(amount, 6, 'TIDEW')}`);
    expect(by['ZEC']!.words).toMatch(/^receives /);
    expect(by['SOL']!.why).toBe(`${sol(fee)} network fee`);
  });

  it('a native-paired buy and sale: ZEC spent exactly through the route, the coin line receives, then pays on the sale', async () => {
    const coin = await market.plant('Nativity', 'NATIV', { pair: 'native' });
    const buy = await trade(coin.mint, 'buy', 3n * ZEC);
    expect(buy.lines['pair']).toBe('a native-paired coin, through its two-hop route');
    expect(buy.lines['amount']).toBe('spends exactly the 3 ZEC you typed');
    expect(buy.by['ZEC']!.words).toBe('pays 3 ZEC');
    const bought = BigInt(buy.by['NATIV']!.change);
    const sale = await trade(coin.mint, 'sell', bought / 2n);
    expect(sale.by['NATIV']!.words).toBe(`pays ${amountText(bought / 2n, 6, 'NATIV')}`);
    expect(sale.by['ZEC']!.words).toMatch(/^receives /);
  });

  it('a planting: the first buy spends what the ZEC line pays, the SOL line names the launch fee the verdict names', async () => {
    const mint = (await desk('POST', '/desk-api/plant/mint')).body['mint'] as Address;
    const request = { wallet, mint, name: 'Verity', symbol: 'VERITY', uri: 'ipfs://bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy', payee: 'me', firstBuy: { zec: String(2n * ZEC) } };
    const built = await v1('POST', '/v1/plant/build', request);
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    const ticket = { wallet, mint, name: 'Verity', symbol: 'VERITY', payee: 'me', pair: 'zec', firstBuyZec: String(2n * ZEC) };
    const { lines, by, fee } = await reviewAndSign('plant', built.body['buildId'] as string, ticket);
    expect(lines['first buy']).toBe(`at most the 2 ZEC you typed; spends ${size(by['ZEC']!)} for ${size(by['VERITY']!)}`);
    const launchFee = lines['launch fee']!.replace(/ to the launchpad treasury$/, '');
    expect(by['SOL']!.why!.startsWith(`${launchFee} launch fee to the launchpad treasury, ${sol(fee)} network fee, `)).toBe(true);
    expect(by['SOL']!.why).toMatch(/rent for \d+ new accounts \(/);
  });

  it('a claim pays what waits, exactly what the ZEC line receives; a payee change pays what waits first', async () => {
    const mint = (await desk('POST', '/desk-api/plant/mint')).body['mint'] as Address;
    const planted = await v1('POST', '/v1/plant/build', { wallet, mint, name: 'Claimable', symbol: 'CLAIMS', uri: 'ipfs://bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy', payee: 'me' });
    await reviewAndSign('plant', planted.body['buildId'] as string, { wallet, mint, name: 'Claimable', symbol: 'CLAIMS', payee: 'me', pair: 'zec' });
    const accrue = async () => {
      await market.buy({ mint } as never, 20n * ZEC);
      const splitter = await fundedWallet(f.sandbox);
      const programs = programsOf(f.sandbox);
      const split = await splitFeesInstruction({ vault: vaultOf(f.sandbox), launchpad: programs.launchpad, amm: f.sandbox.profile.programs['amm']!, zecMint: f.sandbox.profile.mints.zec.address, mint, sender: splitter.address, config: vaultConfigOf(f.sandbox) });
      expect((await send(f.sandbox, splitter, [split])).err).toBeNull();
    };
    await accrue();
    const claim = await v1('POST', '/v1/claim/build', { wallet, mint });
    expect(claim.status, JSON.stringify(claim.body)).toBe(200);
    const claimed = await reviewAndSign('claim', claim.body['buildId'] as string, { wallet, mint });
    expect(claimed.lines['payee']).toBe(`pays ${size(claimed.by['ZEC']!)} waiting to you, the payee the coin's record names`);
    expect(claimed.by['ZEC']!.words).toBe(`receives ${size(claimed.by['ZEC']!)}`);

    await accrue();
    const next = (await fundedWallet(f.sandbox)).address;
    const change = await v1('POST', '/v1/payee/build', { wallet, mint, payee: `wallet:${next}` });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    const changed = await reviewAndSign('payee', change.body['buildId'] as string, { wallet, mint, payee: `wallet:${next}` });
    expect(changed.lines['waiting']).toBe(`${size(changed.by['ZEC']!)} waiting is paid to you, the current payee, first`);
  });

  it('a swap: the SOL line pays the SOL swapped with the fee, the ZEC line receives at least the minimum', async () => {
    const built = await v1('POST', '/v1/swap/build', { wallet, direction: 'sol_to_zec', amount: String(SOL) });
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    const minimum = (built.body['expected'] as Record<string, string>)['minZecOut']!;
    const { lines, by, fee } = await reviewAndSign('swap', built.body['buildId'] as string, { wallet, direction: 'sol_to_zec', amount: String(SOL), minimum });
    expect(lines['amount']).toBe('swaps exactly the 1 SOL you typed');
    expect(by['SOL']!.why).toBe(`${sol(SOL)} swapped to ZEC, ${sol(fee)} network fee`);
    expect(BigInt(by['ZEC']!.change)).toBeGreaterThanOrEqual(BigInt(minimum));
  });
});
