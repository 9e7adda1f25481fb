import { getBase58Decoder, signBytes, type Address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESK_TOKEN_HEADER } from '../../core/api/desk/desk-token.js';
import { findAssociatedTokenAccount } from '../../core/programs/launchpad/pdas.js';
import { TOKEN_2022_PROGRAM, tokenAccountAmount } from '../../core/programs/token-account.js';
import { OsKeychain } from '../../core/signer/keychain.js';
import { formatDecimalUnits } from '../../core/math/units.js';
import { comparePrice } from '../../core/verify/order-trigger.js';
import { DeskMarket, ZEC } from '../desk/market.js';
import { startKeychainSession, type KeychainSession } from '../helpers/keychain-session.js';
import { buyOutCurve } from '../helpers/launchpad.js';
import { call, codeOf, messageOf, startApi, type Answer, type ApiFixture } from './api-fixture.js';

const TOKEN = 'desk-token-of-the-orders-test-00000001';

interface OrderJson {
  id: string;
  wallet: string;
  kind: string;
  state: string;
  reason: string | null;
  price: string | null;
  best: string | null;
  stopAt: string | null;
  fired: number;
  fills: { seq: number; state: string; signatures: string[]; at: string; detail: string | null }[];
  journal?: { at: string; step: string; line: string }[];
}

/**
 * Local orders on the real server, keychain, index and sandbox: every kind fires exactly when its condition
 * holds at a landed trade and not before (each trade's price checked against the trigger by hand), its
 * fill spends or sells what the order implies to the base unit, and the journal says each step; a bracket's
 * other leg is gone with the first; a DCA buys N times at its interval; sell-on-graduation sells on the
 * pool; a fill that cannot be made is retried, then the order pauses and the desk is told; and only the
 * desk token or a key signed in with the order's wallet can place, see or cancel it.
 */
describe('local orders (real keychain, server, index and sandbox)', () => {
  let session: KeychainSession;
  let f: ApiFixture;
  let wallet: Address;
  let market: DeskMarket;
  let ticker: ReturnType<typeof setInterval>;
  const desk = (method: string, path: string, body?: unknown): Promise<Answer> => call(f, method, path, { ...(body !== undefined ? { body } : {}), headers: { [DESK_TOKEN_HEADER]: TOKEN } });
  const place = async (body: Record<string, unknown>): Promise<OrderJson> => {
    const answer = await desk('POST', '/local/orders', { wallet, mint: f.mint, ...body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as unknown as OrderJson;
  };
  const order = async (id: string): Promise<OrderJson> => (await desk('GET', `/local/orders/${id}`)).body as unknown as OrderJson;
  const held = async (mint: string = f.mint): Promise<bigint> => {
    const account = await f.sandbox.cluster.getAccount(await findAssociatedTokenAccount(wallet, mint as Address, TOKEN_2022_PROGRAM));
    return account ? tokenAccountAmount(account.data) : 0n;
  };
  const zecHeld = async (): Promise<bigint> => {
    const { mints } = f.sandbox.profile;
    const account = await f.sandbox.cluster.getAccount(await findAssociatedTokenAccount(wallet, mints.zec.address, mints.zec.tokenProgram));
    return account ? tokenAccountAmount(account.data) : 0n;
  };
  /** The last trade's exact price (ZEC base units over raw coin units), as the index keeps it. */
  const lastTrade = async (mint: string = f.mint) => {
    const t = (await f.store.queries.coinTrades(mint as Address, { routed: false, limit: 1 })).rows[0]!;
    return { zat: t.quote, raw: t.tokens, priceE18: t.priceE18 };
  };
  async function settled(id: string, states: readonly string[], timeoutMs = 20_000): Promise<OrderJson> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const o = await order(id);
      if (states.includes(o.state)) return o;
      if (Date.now() > until) throw new Error(`order ${id} is still ${o.state}: ${JSON.stringify(o.journal)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  /** A market trade by another wallet (the real build and relay), indexed; the runner evaluates it as the index commits. */
  const marketBuy = async (zat: bigint, mint: string = f.mint) => {
    f.clock += 61_000; // the market trader builds without a key: a new rate-limit window each time
    await market.buy({ mint: mint as Address }, zat);
    return await lastTrade(mint);
  };
  const marketHeld = async (mint: string = f.mint): Promise<bigint> => {
    const account = await f.sandbox.cluster.getAccount(await findAssociatedTokenAccount(market.trader.address, mint as Address, TOKEN_2022_PROGRAM));
    return account ? tokenAccountAmount(account.data) : 0n;
  };
  const marketSell = async (raw: bigint, mint: string = f.mint) => {
    f.clock += 61_000;
    await market.sell({ mint: mint as Address }, raw);
    return await lastTrade(mint);
  };

  beforeAll(async () => {
    session = await startKeychainSession();
    // The service's runs are on: its migration of a bought-out curve is what a sell-on-graduation order waits for.
    f = await startApi({ desk: { keychain: new OsKeychain(`launchdesk-test-${process.pid}`), token: TOKEN }, orders: { tickMs: 50, backoffMs: 50 }, runs: { splitDelayMs: 600_000, holderRunEveryMs: 3_600_000 } });
    wallet = (await f.wallets!.create('Orders')).address as Address;
    await f.sandbox.faucet.sol(wallet, (20n * 10n ** 9n) as never);
    await f.sandbox.faucet.zec(wallet, (500n * ZEC) as never);
    market = await DeskMarket.open(f);
    // The relay confirms what it sends: the sandbox's clock runs while the test does.
    ticker = setInterval(() => f.sandbox.cluster.advanceSlots(1), 5);
  }, 120_000);
  afterAll(async () => {
    clearInterval(ticker);
    await f?.close();
    session?.stop();
  });

  it('a limit buy waits through trades above its price and fills at the first at or below it, spending exactly its ZEC', async () => {
    await marketBuy(5n * ZEC);
    // The price now: a small sale's (a big buy's own price is its average, below the price it leaves).
    const spot = await marketSell(1_000_000_000n);
    const limitE18 = (spot.priceE18 * 97n) / 100n;
    const o = await place({ kind: 'limit_buy', price: formatDecimalUnits(limitE18, 18), amount: String(ZEC), slippageBps: 300 });
    expect(o).toMatchObject({ kind: 'limit_buy', state: 'open', fired: 0, slippageBps: 300, price: formatDecimalUnits(limitE18, 18) });
    const zecBefore = await zecHeld();
    // Sales until a trade lands at or below the limit: before it the order stays open, at it the order fires.
    const chunk = (await marketHeld()) / 12n;
    let crossed = spot;
    let sales = 0;
    while (comparePrice(crossed.zat, crossed.raw, limitE18) > 0) {
      expect((await order(o.id)).state).toBe('open');
      crossed = await marketSell(chunk);
      sales++;
    }
    expect(sales).toBeGreaterThan(1);
    const filled = await settled(o.id, ['filled', 'paused']);
    expect(filled.state, JSON.stringify(filled.journal)).toBe('filled');
    expect(filled.fills).toHaveLength(1);
    expect(filled.fills[0]!.state).toBe('landed');
    expect(zecBefore - (await zecHeld())).toBe(ZEC);
    expect(await held()).toBeGreaterThan(0n);
    expect(filled.journal!.map((l) => l.step)).toEqual(['place', 'trigger', 'build', 'verdict', 'send', 'landing', 'filled']);
  }, 120_000);
  it('a take-profit sells exactly its share of the position at the first trade at or above its price', async () => {
    const before = await held();
    expect(before).toBeGreaterThan(0n);
    const spot = await marketSell(1_000_000_000n);
    const targetE18 = (spot.priceE18 * 104n) / 100n;
    const o = await place({ kind: 'take_profit', price: formatDecimalUnits(targetE18, 18), percent: 40 });
    let crossed = spot;
    let buys = 0;
    while (comparePrice(crossed.zat, crossed.raw, targetE18) < 0) {
      expect((await order(o.id)).state).toBe('open');
      crossed = await marketBuy(ZEC / 4n);
      buys++;
    }
    expect(buys).toBeGreaterThan(1);
    const filled = await settled(o.id, ['filled', 'paused']);
    expect(filled.state, JSON.stringify(filled.journal)).toBe('filled');
    expect(before - (await held())).toBe((before * 40n) / 100n);
  }, 120_000);

  it('a limit sell waits through trades below its price and sells its share at the first at or above it', async () => {
    const before = await held();
    expect(before).toBeGreaterThan(0n);
    const spot = await marketSell(1_000_000_000n);
    const targetE18 = (spot.priceE18 * 102n) / 100n;
    const o = await place({ kind: 'limit_sell', price: formatDecimalUnits(targetE18, 18), percent: 25 });
    let crossed = spot;
    let buys = 0;
    while (comparePrice(crossed.zat, crossed.raw, targetE18) < 0) {
      expect((await order(o.id)).state).toBe('open');
      crossed = await marketBuy(ZEC / 50n);
      buys++;
    }
    expect(buys).toBeGreaterThan(1);
    const filled = await settled(o.id, ['filled', 'paused']);
    expect(filled.state, JSON.stringify(filled.journal)).toBe('filled');
    expect(before - (await held())).toBe((before * 25n) / 100n);
    expect(filled.journal!.find((l) => l.step === 'landing')!.line).toMatch(/^fill 0 landed: sold [\d,.]+ \w+ for [\d.]+ ZEC \(/);
  }, 120_000);

  it('a trailing stop follows the best price up and sells all once a trade lands its share below it', async () => {
    const spot = await marketSell(1_000_000_000n);
    const o = await place({ kind: 'trailing_stop', trailBps: 500, percent: 100 });
    // Placed: its best is the last trade's price.
    expect(o.best).toBe(formatDecimalUnits(spot.priceE18, 18));
    let best = spot;
    for (let i = 0; i < 3; i++) best = await marketBuy(ZEC / 2n);
    const risen = await order(o.id);
    expect(risen.state, JSON.stringify(risen.journal)).toBe('open');
    expect(risen.best).toBe(formatDecimalUnits(best.priceE18, 18));
    // Sales until a trade lands at or below best × 95%.
    const chunk = (await marketHeld()) / 40n;
    // The best is the highest trade since placing, sales included (a sale right after buys lands near the top).
    const above = (a: typeof best, b: typeof best) => a.zat * b.raw > b.zat * a.raw;
    let last = best;
    for (;;) {
      expect((await order(o.id)).state).toBe('open');
      last = await marketSell(chunk);
      if (above(last, best)) best = last;
      else if (last.zat * best.raw * 10_000n <= best.zat * last.raw * 9_500n) break;
    }
    const filled = await settled(o.id, ['filled', 'paused']);
    expect(filled.state, JSON.stringify(filled.journal)).toBe('filled');
    expect(await held()).toBe(0n);
  }, 120_000);

  it('a bracket fires one leg and the other is gone with it; a stop-loss then waits for a position to sell', async () => {
    await place({ kind: 'limit_buy', price: '1', amount: String(ZEC / 2n) }).then((o) => settled(o.id, ['filled']));
    const position = await held();
    const spot = await marketSell(1_000_000_000n);
    const o = await place({ kind: 'bracket', takeProfit: formatDecimalUnits((spot.priceE18 * 103n) / 100n, 18), stopLoss: formatDecimalUnits((spot.priceE18 * 80n) / 100n, 18), percent: 50 });
    let last = spot;
    while (comparePrice(last.zat, last.raw, (spot.priceE18 * 103n) / 100n) < 0) last = await marketBuy(ZEC / 4n);
    const filled = await settled(o.id, ['filled', 'paused']);
    expect(filled.state).toBe('filled');
    expect(filled.fills).toHaveLength(1);
    expect(filled.journal!.find((l) => l.step === 'trigger')!.line).toMatch(/^take-profit sale fired: .+ \(its stop-loss leg is cancelled\)$/);
    expect(position - (await held())).toBe(position / 2n);
    // The price falls through where the stop-loss leg was: nothing more is sold.
    const rest = await held();
    await marketSell((await marketHeld()) / 2n);
    expect((await order(o.id)).fills).toHaveLength(1);
    expect(await held()).toBe(rest);
  }, 120_000);

  it('a limit buy placed at a price the market is already at fills at once', async () => {
    const o = await place({ kind: 'limit_buy', price: '1', amount: String(ZEC / 10n) });
    const filled = await settled(o.id, ['filled', 'paused']);
    expect(filled.state).toBe('filled');
    expect(filled.journal!.find((l) => l.step === 'trigger')!.line).toBe('buy fired: the price was already there when it was placed');
  }, 60_000);

  it('a DCA buys its count, one per interval of the chain clock, each spending exactly its amount', async () => {
    const zecBefore = await zecHeld();
    const o = await place({ kind: 'dca', count: 3, everySeconds: 1, amount: String(ZEC / 20n) });
    const filled = await settled(o.id, ['filled', 'paused'], 30_000);
    expect(filled.state, JSON.stringify(filled.journal)).toBe('filled');
    expect(filled.fills.map((x) => x.state)).toEqual(['landed', 'landed', 'landed']);
    expect(zecBefore - (await zecHeld())).toBe((3n * ZEC) / 20n);
    const times = filled.fills.map((x) => Date.parse(x.at));
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(1_000);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(1_000);
  }, 60_000);

  it('a stop-loss waits through trades above its price and sells the whole position at the first at or below it', async () => {
    expect(await held()).toBeGreaterThan(0n);
    await marketBuy(2n * ZEC);
    const spot = await marketSell(1_000_000_000n);
    const stopE18 = (spot.priceE18 * 99n) / 100n;
    const o = await place({ kind: 'stop_loss', price: formatDecimalUnits(stopE18, 18), percent: 100 });
    const chunk = (await marketHeld()) / 30n;
    let last = spot;
    let sales = 0;
    while (comparePrice(last.zat, last.raw, stopE18) > 0) {
      expect((await order(o.id)).state).toBe('open');
      last = await marketSell(chunk);
      sales++;
    }
    expect(sales).toBeGreaterThan(1);
    const filled = await settled(o.id, ['filled', 'paused']);
    expect(filled.state, JSON.stringify(filled.journal)).toBe('filled');
    expect(await held()).toBe(0n);
  }, 120_000);

  it('sell-on-graduation sells its share on the pool once the service migrates the coin', async () => {
    const coin = await market.plant('Graduate', 'GRAD');
    await marketBuy(ZEC, coin.mint);
    const bought = await place({ mint: coin.mint, kind: 'limit_buy', price: '1', amount: String(ZEC) });
    await settled(bought.id, ['filled']);
    const position = await held(coin.mint);
    const o = await place({ mint: coin.mint, kind: 'sell_on_graduation', percent: 50 });
    expect((await order(o.id)).state).toBe('open');
    // The curve bought out; the service's runs migrate it to its pool, and the order sells there.
    const boughtOut = await buyOutCurve(f.sandbox, market.trader, coin);
    expect(boughtOut.err).toBeNull();
    await f.indexed();
    const filled = await settled(o.id, ['filled', 'paused'], 60_000);
    expect(await f.store.graduation(coin.mint)).not.toBeNull();
    expect(filled.state, JSON.stringify(filled.journal)).toBe('filled');
    expect(position - (await held(coin.mint))).toBe(position / 2n);
    const sale = (await f.store.queries.coinTrades(coin.mint, { user: wallet, routed: false, limit: 1 })).rows[0]!;
    expect([sale.side, sale.venue, sale.signature]).toEqual(['sell', 'pool', filled.fills[0]!.signatures[0]]);
    const again = await desk('POST', '/local/orders', { wallet, mint: coin.mint, kind: 'sell_on_graduation', percent: 10 });
    expect([again.status, codeOf(again), messageOf(again)]).toEqual([422, 'refused', 'GRAD has graduated already: sell it on its pool now instead']);
  }, 120_000);

  it('retries a fill that cannot be made, then pauses saying why and tells the desk; resume and cancel', async () => {
    const coin = await market.plant('Empty', 'EMPT');
    await marketBuy(ZEC / 10n, coin.mint);
    const o = await place({ mint: coin.mint, kind: 'stop_loss', price: '1', percent: 100 });
    const paused = await settled(o.id, ['paused']);
    expect(paused.reason).toBe('paused after 3 failed attempts: the wallet holds none of this coin now: there is nothing to sell');
    expect(paused.journal!.map((l) => l.step)).toEqual(['place', 'trigger', 'verdict', 'retry', 'verdict', 'retry', 'verdict', 'pause']);
    expect(paused.fills.map((x) => x.state)).toEqual(['failed', 'failed', 'failed']);
    const alerts = f.watch!.alerts(0, 100, false).filter((a) => a.kind === 'order_pause');
    expect(alerts.map((a) => [a.title, a.mint])).toEqual([['EMPT: your stop-loss paused', coin.mint]]);
    const resumed = await desk('POST', `/local/orders/${o.id}/resume`);
    expect(resumed.status).toBe(200);
    const again = await settled(o.id, ['paused']);
    expect(again.fills).toHaveLength(6);
    const cancelled = await desk('DELETE', `/local/orders/${o.id}`);
    expect([cancelled.status, cancelled.body['state'], cancelled.body['reason']]).toEqual([200, 'cancelled', 'cancelled by you']);
    const twice = await desk('DELETE', `/local/orders/${o.id}`);
    expect([twice.status, codeOf(twice), messageOf(twice)]).toEqual([422, 'refused', `order ${o.id} is cancelled already: only an open or paused order can be cancelled`]);
    const fills = f.watch!.alerts(0, 100, false).filter((a) => a.kind === 'order_fill');
    expect(fills.length).toBeGreaterThan(0);
  }, 120_000);

  it('never signs for a wallet removed from the desk, even with its signer kept ready for its open order', async () => {
    const gone = (await f.wallets!.create('Gone')).address as Address;
    await f.sandbox.faucet.sol(gone, (10n ** 9n) as never);
    await f.sandbox.faucet.zec(gone, ZEC as never);
    const spot = await marketSell(1_000_000_000n);
    const o = await desk('POST', '/local/orders', { wallet: gone, mint: f.mint, kind: 'limit_buy', price: formatDecimalUnits((spot.priceE18 * 98n) / 100n, 18), amount: String(ZEC / 10n) });
    expect(o.status, JSON.stringify(o.body)).toBe(200);
    await f.wallets!.remove(gone, 'Gone');
    let last = spot;
    const chunk = (await marketHeld()) / 20n;
    while (comparePrice(last.zat, last.raw, (spot.priceE18 * 98n) / 100n) > 0) last = await marketSell(chunk);
    const paused = await settled(o.body['id'] as string, ['paused', 'filled']);
    expect(paused.state).toBe('paused');
    expect(paused.reason).toBe(`paused after 3 failed attempts: wallet ${gone} is no longer in this desk's keychain: its orders cannot be signed`);
    expect(paused.fills.every((x) => x.signatures.length === 0)).toBe(true);
  }, 120_000);

  it('expires an order unfilled at its time', async () => {
    const expiresAt = new Date(Number(f.sandbox.cluster.unixTimestamp) * 1000 + 1_500).toISOString();
    const o = await place({ kind: 'limit_buy', price: '0.000000000000000001', amount: '1000', expiresAt });
    const expired = await settled(o.id, ['expired'], 10_000);
    expect([expired.reason, expired.fills]).toEqual(['expired unfilled', []]);
  }, 30_000);

  it('refuses every bad order with the field in words, and stores nothing', async () => {
    const count = async () => ((await desk('GET', `/local/orders?wallet=${wallet}`)).body['data'] as unknown[]).length;
    const before = await count();
    const bad = async (body: Record<string, unknown>, status: number, code: string, message: string) => {
      const answer = await desk('POST', '/local/orders', { wallet, mint: f.mint, ...body });
      expect([answer.status, codeOf(answer), messageOf(answer)]).toEqual([status, code, message]);
    };
    await bad({ kind: 'limit_buy', amount: '100' }, 400, 'invalid_param', 'price: a limit_buy order needs it');
    await bad({ kind: 'limit_buy', price: '0.1', amount: '100', percent: 5 }, 400, 'invalid_param', 'percent: a limit_buy order takes no percent (it takes price, amount)');
    await bad({ kind: 'stop_loss', price: '0', percent: 5 }, 400, 'invalid_param', 'price: a price above 0 ZEC per coin');
    await bad({ kind: 'bracket', takeProfit: '0.1', stopLoss: '0.2', percent: 5 }, 400, 'invalid_param', 'stopLoss: below the take-profit price');
    await bad({ kind: 'dca', count: 2, everySeconds: 5, amount: '0' }, 400, 'invalid_param', 'amount: a buy spends more than 0 zat');
    await bad({ kind: 'limit_buy', price: '0.1', amount: '100', expiresAt: '2020-01-01T00:00:00Z' }, 400, 'invalid_param', 'expiresAt: 2020-01-01T00:00:00Z is not in the future');
    await bad({ kind: 'limit_buy', price: '0.1', amount: '100', expiresAt: 'tomorrow at noon' }, 400, 'invalid_param', 'expiresAt: "tomorrow at noon" is not an ISO 8601 time (e.g. 2026-12-01T12:00:00Z)');
    await bad({ kind: 'limit_buy', price: '0.1', amount: '100', wallet: market.trader.address }, 404, 'not_found', `no wallet ${market.trader.address} in this desk's keychain: orders are filled with the keys held here`);
    await bad({ kind: 'limit_sell', percent: 10, price: '0.1', mint: market.trader.address }, 404, 'not_found', `no coin ${market.trader.address}`);
    expect(await count()).toBe(before);
    const missing = await desk('GET', '/local/orders/o_000000000000000000000000');
    expect([missing.status, messageOf(missing)]).toEqual([404, 'no order o_000000000000000000000000']);
  });

  it('only the desk token, or a key signed in with the order\'s own wallet, can place, see or cancel it', async () => {
    const signIn = async (address: Address) => {
      const signer = await f.wallets!.signer(address);
      const challenge = await call(f, 'POST', '/v1/auth/challenge', { body: { wallet: address } });
      const message = challenge.body['message'] as string;
      const signature = getBase58Decoder().decode(await signBytes(signer.keyPair.privateKey, new TextEncoder().encode(message)));
      const made = await call(f, 'POST', '/v1/keys', { body: { message, signature } });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      return { authorization: `Bearer ${made.body['key'] as string}` };
    };
    const other = (await f.wallets!.create('Other')).address as Address;
    const mine = await signIn(wallet);
    const theirs = await signIn(other);
    const o = await place({ kind: 'limit_buy', price: '0.000000000000000001', amount: '1000' });
    const as = (headers: Record<string, string>, method: string, path: string, body?: unknown) => call(f, method, path, { headers, ...(body !== undefined ? { body } : {}) });

    // Anonymous, and the desk page's session without the token: 401 naming the rule.
    for (const headers of [{}, { 'x-desk-session': 'whatever' }] as Record<string, string>[]) {
      for (const [method, path, body] of [['GET', '/local/orders'], ['GET', `/local/orders/${o.id}`], ['DELETE', `/local/orders/${o.id}`], ['POST', '/local/orders', { wallet, mint: f.mint, kind: 'limit_buy', price: '1', amount: '1' }]] as const) {
        const answer = await as(headers, method, path, body);
        expect(answer.status, `${method} ${path}`).toBe(401);
      }
    }
    const anonymous = await as({}, 'GET', '/local/orders');
    expect(messageOf(anonymous)).toBe("local orders spend this desk's keychain wallets: send the desk token (x-desk-token, from the URL launchdesk printed), or an API key signed in with the order's own wallet (Authorization: Bearer …)");
    // A key signed in with another wallet: 403 for this wallet's orders.
    const forbidden = `this API key was signed in with wallet ${other}: it may place, see and cancel only that wallet's orders, not ${wallet}'s`;
    for (const [method, path, body] of [['GET', `/local/orders?wallet=${wallet}`], ['GET', `/local/orders/${o.id}`], ['DELETE', `/local/orders/${o.id}`], ['POST', `/local/orders/${o.id}/resume`], ['POST', '/local/orders', { wallet, mint: f.mint, kind: 'limit_buy', price: '1', amount: '1' }]] as const) {
      const answer = await as(theirs, method, path, body);
      expect([answer.status, codeOf(answer), messageOf(answer)], `${method} ${path}`).toEqual([403, 'forbidden', forbidden]);
    }
    // Its own list holds none of this wallet's orders.
    expect((await as(theirs, 'GET', '/local/orders')).body['data']).toEqual([]);
    // The key of the order's wallet sees and cancels it.
    const listed = (await as(mine, 'GET', '/local/orders')).body['data'] as OrderJson[];
    expect(listed.map((x) => x.id)).toContain(o.id);
    expect(listed.every((x) => x.wallet === wallet)).toBe(true);
    const cancelled = await as(mine, 'DELETE', `/local/orders/${o.id}`);
    expect([cancelled.status, cancelled.body['state']]).toEqual([200, 'cancelled']);
    expect((await order(o.id)).state).toBe('cancelled');
  });
});
