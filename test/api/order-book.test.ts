import { join } from 'node:path';
import type { Address } from '@solana/kit';
import { afterEach, describe, expect, it } from 'vitest';
import { ORDERS_FILE, OrderBook } from '../../core/api/store/order-book.js';
import { initialState } from '../../core/verify/order-trigger.js';
import { tempDir } from '../helpers/sandbox.js';

const WALLET = 'So11111111111111111111111111111111111111112' as Address;
const MINT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB' as Address;
const PRICE = 123_456_789_012_345_678_901n; // ×1e18: past 64 bits, kept exactly

/** The local order book on a real SQLite file: orders and their trigger state across a reopen, fill keys taken once, the journal in order. */
describe('order book', () => {
  const opened: OrderBook[] = [];
  const open = (dir: string) => {
    const book = OrderBook.open(join(dir, ORDERS_FILE));
    opened.push(book);
    return book;
  };
  afterEach(() => {
    for (const b of opened.splice(0)) b.close();
  });

  it('keeps an order exactly (a price past 64 bits, the amount, the trigger state) and lists it open', () => {
    const dir = tempDir('launchdesk-orders-');
    const book = open(dir);
    const order = book.place({ wallet: WALLET, mint: MINT, trigger: { kind: 'bracket', takeProfitE18: PRICE, stopLossE18: PRICE / 2n }, amount: { kind: 'percent', percent: 50 }, slippageBps: 150, computeUnitPrice: 100_000n, expiresAt: null }, 1_000, initialState(1_000), 7n);
    expect(order).toMatchObject({ state: 'open', reason: null, trigger: { kind: 'bracket', takeProfitE18: PRICE, stopLossE18: PRICE / 2n }, amount: { kind: 'percent', percent: 50 }, computeUnitPrice: 100_000n });
    book.advance(order.id, { ...order.triggerState, best: { zat: 7n, raw: 3n } });
    book.close();
    opened.pop();
    const again = open(dir);
    expect(again.get(order.id)).toEqual({ ...order, triggerState: { best: { zat: 7n, raw: 3n }, fired: 0, placedAt: 1_000 } });
    expect(again.open().map((o) => o.id)).toEqual([order.id]);
    expect(again.ofWallet(WALLET).map((o) => o.id)).toEqual([order.id]);
  });

  it('takes a fill key once, also after a reopen, and lists begun fills until they are settled', () => {
    const dir = tempDir('launchdesk-orders-');
    const book = open(dir);
    const order = book.place({ wallet: WALLET, mint: MINT, trigger: { kind: 'dca', count: 2, everyMs: 60_000 }, amount: { kind: 'zat', zat: 10_000_000n }, slippageBps: 100, computeUnitPrice: 10_000n, expiresAt: 9_000 }, 1_000, initialState(1_000), 7n);
    expect(book.beginFill(order.id, 1, 1_100)).toBe(true);
    expect(book.beginFill(order.id, 1, 1_200)).toBe(false);
    book.close();
    opened.pop();
    const again = open(dir);
    expect(again.beginFill(order.id, 1, 1_300)).toBe(false);
    expect(again.unsettled().map((f) => f.key)).toEqual([`${order.id}:1`]);
    again.settleFill(`${order.id}:1`, 'sent', 'sent through the relay', 'b_0123', ['sig1']);
    again.settleFill(`${order.id}:1`, 'landed', 'landed', null, ['sig1']);
    expect(again.fills(order.id)).toEqual([{ key: `${order.id}:1`, orderId: order.id, seq: 1, state: 'landed', buildId: 'b_0123', signatures: ['sig1'], at: 1_100, detail: 'landed' }]);
    expect(again.unsettled()).toEqual([]);
  });

  it('journals every step in order, and an ended order leaves the open list', () => {
    const book = open(tempDir('launchdesk-orders-'));
    const order = book.place({ wallet: WALLET, mint: MINT, trigger: { kind: 'stop_loss', atOrBelowE18: PRICE }, amount: { kind: 'percent', percent: 100 }, slippageBps: 300, computeUnitPrice: 10_000n, expiresAt: null }, 5, initialState(5), 7n);
    book.note(order.id, 6, 'trigger', 'a trade at or below the stop');
    book.setState(order.id, 'paused', 'the fill was refused three times: the wallet holds none of the coin', 7, 'pause');
    expect(book.open()).toEqual([]);
    expect(book.journal(order.id).map((l) => [l.step, l.line])).toEqual([
      ['place', 'placed: stop_loss'],
      ['trigger', 'a trade at or below the stop'],
      ['pause', 'the fill was refused three times: the wallet holds none of the coin'],
    ]);
    expect(book.get(order.id)).toMatchObject({ state: 'paused', reason: 'the fill was refused three times: the wallet holds none of the coin' });
  });
});
