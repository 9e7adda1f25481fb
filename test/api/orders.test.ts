import type { Address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESK_TOKEN_HEADER } from '../../core/api/desk/desk-token.js';
import { findAssociatedTokenAccount } from '../../core/programs/launchpad/pdas.js';
import { TOKEN_2022_PROGRAM, tokenAccountAmount } from '../../core/programs/token-account.js';
import { OsKeychain } from '../../core/signer/keychain.js';
import { formatDecimalUnits } from '../../core/math/units.js';
import { comparePrice } from '../../core/verify/order-trigger.js';
import { DeskMarket, ZEC } from '../desk/market.js';
import { startKeychainSession, type KeychainSession } from '../helpers/keychain-session.js';
import { call, startApi, type Answer, type ApiFixture } from './api-fixture.js';

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
  const lastTrade = (mint: string = f.mint) => {
    const t = f.store.queries.coinTrades(mint as Address, { routed: false, limit: 1 }).rows[0]!;
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
    return lastTrade(mint);
  };
  const marketHeld = async (mint: string = f.mint): Promise<bigint> => {
    const account = await f.sandbox.cluster.getAccount(await findAssociatedTokenAccount(market.trader.address, mint as Address, TOKEN_2022_PROGRAM));
    return account ? tokenAccountAmount(account.data) : 0n;
  };
  const marketSell = async (raw: bigint, mint: string = f.mint) => {
    f.clock += 61_000;
    await market.sell({ mint: mint as Address }, raw);
    return lastTrade(mint);
  };

  beforeAll(async () => {
    session = await startKeychainSession();
    f = await startApi({ desk: { keychain: new OsKeychain(`launchdesk-test-${process.pid}`), token: TOKEN }, orders: { tickMs: 50, backoffMs: 50 } });
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
    const spot = await marketSell(1_000_000n);
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
});
