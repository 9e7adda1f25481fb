import type { Address } from '@solana/kit';
import { DESK_TOKEN_HEADER } from '../core/api/desk/desk-token.js';
import { SandboxChain } from '../core/chain/sandbox-chain.js';
import { formatDecimalUnits } from '../core/math/units.js';
import { TriggerIndex, type IndexedOrder } from '../core/orders/trigger-index.js';
import { OsKeychain } from '../core/signer/keychain.js';
import { evaluate, initialState, type OrderTrigger } from '../core/verify/order-trigger.js';
import { call, startApi } from '../test/api/api-fixture.js';
import { build, signAndSend } from '../test/engine/http-signing.js';
import { DeskMarket, ZEC } from '../test/desk/market.js';
import { startKeychainSession } from '../test/helpers/keychain-session.js';
import { intFromEnv, printTable } from './lib/report.js';

export const title = 'local orders: the evaluation per landed trade with 10,000 open orders, and a price crossing seen by the index to the fill sent';

const pct = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const TOKEN = 'desk-token-of-the-orders-bench-000000';
const MINT = 'So11111111111111111111111111111111111111112' as Address;

/** A seeded generator (xorshift), so every run evaluates the same orders and trades. */
function rng(seed: number) {
  let x = seed;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

/**
 * Part 1, BENCH_ORDERS_OPEN (default 10,000) open orders on one coin (limits, stops, take-profits, brackets
 * around the price, and 20 trailing stops), and BENCH_ORDERS_TRADES (default 20,000) trades wandering
 * ±2% around it (the resting orders 3–30% away wait; the trailing stops, 1–2% wide, fire and are put back): the TriggerIndex's cost per trade (a binary search per side) beside the definitional pass
 * (core/verify/order-trigger.ts's `evaluate` over every open order of the coin), both exact and in
 * agreement. Fired orders are put back, so every trade sees all of them.
 */
function evaluationCost(): void {
  const open = intFromEnv('BENCH_ORDERS_OPEN', 10_000, 200_000);
  const tradeCount = intFromEnv('BENCH_ORDERS_TRADES', 20_000, 1_000_000);
  const random = rng(42);
  const spot = 46_000_000_000n; // ZEC per coin ×1e18
  const around = (spreadPct: number) => (spot * BigInt(Math.round((100 - spreadPct + 2 * spreadPct * random()) * 1_000))) / 100_000n;
  const orders: IndexedOrder[] = [];
  for (let i = 0; i < open; i++) {
    const k = i % 5;
    // Most orders sit 3–30% away from the price, as a book of resting orders does.
    const far = (side: 1 | -1) => (spot * BigInt(100_000 + side * Math.round((3 + 27 * random()) * 1_000))) / 100_000n;
    const trigger: OrderTrigger =
      i < 20 ? { kind: 'trailing_stop', trailBps: 100 + i * 5 }
      : k === 0 ? { kind: 'limit_buy', atOrBelowE18: far(-1) }
      : k === 1 ? { kind: 'stop_loss', atOrBelowE18: far(-1) }
      : k === 2 ? { kind: 'take_profit', atOrAboveE18: far(1) }
      : k === 3 ? { kind: 'limit_sell', atOrAboveE18: far(1) }
      : { kind: 'bracket', takeProfitE18: far(1), stopLossE18: far(-1) };
    orders.push({ id: `o_${i}`, mint: MINT, trigger, triggerState: initialState(0) });
  }
  const raw = 1_000_000_000n;
  const trades = Array.from({ length: tradeCount }, () => ({ zat: (around(2) * raw) / 10n ** 16n, raw }));

  const byId = new Map(orders.map((o) => [o.id, o]));
  /** The index's time over every trade, fired orders put back; answers the total ms and the orders fired. */
  const timeIndex = (set: readonly IndexedOrder[]) => {
    const index = new TriggerIndex();
    for (const o of set) index.add(o);
    let fired = 0;
    const start = performance.now();
    for (const t of trades) {
      const outcome = index.onTrade(MINT, t.zat, t.raw);
      fired += outcome.fired.length;
      for (const { id } of outcome.fired) index.add(byId.get(id)!);
    }
    return { ms: performance.now() - start, fired };
  };
  const resting = timeIndex(orders.slice(20));
  const { ms: indexMs, fired: firedIndex } = timeIndex(orders);

  let states = orders.map((o) => o.triggerState);
  let firedPass = 0;
  const startPass = performance.now();
  for (const t of trades) {
    const next = states.slice();
    for (let i = 0; i < orders.length; i++) {
      const e = evaluate(orders[i]!.trigger, states[i]!, { type: 'trade', zat: t.zat, raw: t.raw });
      // Fired: put back as placed, as the index's side does.
      if (e.fire) {
        firedPass++;
        next[i] = orders[i]!.triggerState;
      } else next[i] = e.state;
    }
    states = next;
  }
  const passMs = performance.now() - startPass;
  printTable(['per landed trade', 'µs', 'orders fired in all'], [
    [`TriggerIndex (${(open - 20).toLocaleString('en-US')} resting orders, no trailing stop)`, ((resting.ms * 1000) / tradeCount).toFixed(2), resting.fired.toLocaleString('en-US')],
    [`TriggerIndex (${open.toLocaleString('en-US')} open orders, 20 trailing stops firing)`, ((indexMs * 1000) / tradeCount).toFixed(2), firedIndex.toLocaleString('en-US')],
    ['peer: evaluate() over every open order', ((passMs * 1000) / tradeCount).toFixed(2), firedPass.toLocaleString('en-US')],
  ]);
  console.log(`index / pass: ${(indexMs / passMs).toFixed(4)}× (target: under 1 ms per trade with 10,000 open orders)`);
}

/**
 * Part 2, BENCH_ORDERS_CROSSINGS (default 20) limit buys, each crossed by a market sale landed through the
 * real build and relay: from the index committing the crossing trade (an onApplied listener added after
 * the runner's, so it runs once the runner has fired) to the fill's transaction handed to the chain (the
 * relay's send, seen by a chain wrapper): quote, build with its simulation, the review against the order,
 * the keychain signature and the relay's checks. Peer: the same buy by a bot from Node (POST
 * /v1/trade/build, sign, POST /v1/tx/send), timed to its send the same way.
 */
async function crossingToSend(): Promise<void> {
  const crossings = intFromEnv('BENCH_ORDERS_CROSSINGS', 20, 500);
  const session = await startKeychainSession();
  /** Every transaction handed to the chain, when. */
  const sends: number[] = [];
  const f = await startApi({
    desk: { keychain: new OsKeychain(`launchdesk-bench-${process.pid}`), token: TOKEN },
    orders: { tickMs: 1_000, backoffMs: 50 },
    chain: (sandbox) => {
      const chain = new SandboxChain(sandbox.cluster);
      const send = chain.send.bind(chain);
      chain.send = async (wire, options) => {
        sends.push(performance.now());
        return send(wire, options);
      };
      return chain;
    },
  });
  const desk = (method: string, path: string, body?: unknown) => call(f, method, path, { ...(body !== undefined ? { body } : {}), headers: { [DESK_TOKEN_HEADER]: TOKEN } });
  const ticker = setInterval(() => f.sandbox.cluster.advanceSlots(1), 5);
  try {
    const market = await DeskMarket.open(f);
    const wallet = (await f.wallets!.create('Bench')).address as Address;
    await f.sandbox.faucet.sol(wallet, (100n * 10n ** 9n) as never);
    await f.sandbox.faucet.zec(wallet, (1_000n * ZEC) as never);
    let seenAt: number | null = null;
    f.store.onApplied(() => {
      seenAt ??= performance.now();
    });
    void seenAt;
    const held = async () => {
      const { findAssociatedTokenAccount } = await import('../core/programs/launchpad/pdas.js');
      const { TOKEN_2022_PROGRAM, tokenAccountAmount } = await import('../core/programs/token-account.js');
      const account = await f.sandbox.cluster.getAccount(await findAssociatedTokenAccount(market.trader.address, f.mint as Address, TOKEN_2022_PROGRAM));
      return account ? tokenAccountAmount(account.data) : 0n;
    };
    const ours: number[] = [];
    const peer: number[] = [];
    for (let i = 0; i < crossings; i++) {
      for (let b = 0; b < 2; b++) {
        f.clock += 61_000;
        await market.buy({ mint: f.mint as Address }, ZEC);
      }
      const last = (await f.store.queries.coinTrades(f.mint as Address, { routed: false, limit: 1 })).rows[0]!;
      // The sale of both buys' coins averages below the second buy's price: a limit a hair under that is crossed by it.
      const placed = await desk('POST', '/local/orders', { wallet, mint: f.mint, kind: 'limit_buy', price: formatDecimalUnits(last.priceE18 - 1n, 18), amount: String(ZEC / 100n), slippageBps: 500 });
      if (placed.status !== 200) throw new Error(JSON.stringify(placed.body));
      if (placed.body['state'] !== 'open') throw new Error(`the order is ${String(placed.body['state'])} at once`);
      seenAt = null;
      f.clock += 61_000;
      const saleSent = sends.length;
      await market.sell({ mint: f.mint as Address }, await held());
      // The sale's own send is the first after `saleSent`; the fill's is the first after the index saw the sale.
      const fillSend = () => (seenAt === null ? undefined : sends.slice(saleSent).find((t) => t > seenAt!));
      for (let w = 0; w < 2_000 && fillSend() === undefined; w++) await new Promise((r) => setTimeout(r, 1));
      if (fillSend() === undefined) throw new Error('the fill was not sent within 2 s of the crossing');
      ours.push(fillSend()! - seenAt!);
      for (let w = 0; w < 2_000; w++) {
        const o = await desk('GET', `/local/orders/${placed.body['id'] as string}`);
        if (o.body['state'] === 'filled') break;
        if (o.body['state'] === 'paused') throw new Error(JSON.stringify(o.body));
        await new Promise((r) => setTimeout(r, 2));
      }
      // The peer: the same buy as a bot sends it, timed from its first request to its send.
      f.clock += 61_000;
      const before = sends.length;
      const start = performance.now();
      const answer = await build(f, '/v1/trade/build', { wallet: market.trader.address, mint: f.mint, side: 'buy', amount: String(ZEC / 100n), slippageBps: 500 });
      await signAndSend(f, answer, [market.trader]);
      peer.push(sends[before]! - start);
      await f.indexed();
    }
    const so = [...ours].sort((a, b) => a - b);
    const sp = [...peer].sort((a, b) => a - b);
    const row = (name: string, sorted: number[]) => [name, pct(sorted, 50).toFixed(1), pct(sorted, 99).toFixed(1), sorted.at(-1)!.toFixed(1), String(sorted.length)];
    printTable(['crossing to send', 'p50 ms', 'p99 ms', 'max ms', 'samples'], [row('local order: index commit -> fill sent', so), row('peer: a bot build + sign + send from Node', sp)]);
    console.log(`ours / peer: p50 ${(pct(so, 50) / pct(sp, 50)).toFixed(2)}×, p99 ${(pct(so, 99) / pct(sp, 99)).toFixed(2)}× (target: ours p99 under 50 ms)`);
  } finally {
    clearInterval(ticker);
    await f.close();
    session.stop();
  }
}

export async function run(): Promise<void> {
  evaluationCost();
  await crossingToSend();
}

