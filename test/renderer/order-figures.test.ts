import { describe, expect, it } from 'vitest';
import type { OrderJson } from '../../renderer/api/order-api.js';
import { chartLevel, chartMarks, chartPrice, levelsInReach, markText } from '../../renderer/state/chart-data.js';
import { bpsPercentText, everyText, priceFieldText, fillSignatures, kindFields, orderLines, ordersIn, orderTermsText, priceE18OfText } from '../../renderer/state/order-figures.js';
import { orderRequestOf, type OrderFormText } from '../../renderer/state/order-request.js';
import type { CandleJson, TradeJson } from '../../renderer/api/api-types.js';

const MINT = 'Coin111111111111111111111111111111111111111';
const OTHER = 'Othr111111111111111111111111111111111111111';
const WALLET = 'Wa11et11111111111111111111111111111111111111';

const order = (over: Partial<OrderJson>): OrderJson => ({
  id: 'o_000000000000000000000001', wallet: WALLET, mint: MINT, kind: 'limit_buy', price: null, takeProfit: null, stopLoss: null, trailBps: null, best: null, stopAt: null,
  count: null, everySeconds: null, fired: 0, nextAt: null, amount: null, percent: null, slippageBps: 100, computeUnitPrice: '10000', expiresAt: null, state: 'open', reason: null,
  createdAt: '2026-11-27T06:00:00.000Z', fills: [], ...over,
});

const form = (over: Partial<OrderFormText>): OrderFormText => ({
  wallet: WALLET, mint: MINT, kind: 'limit_buy', price: '', takeProfit: '', stopLoss: '', trailPercent: '10', count: '5', every: '10', everyUnit: 'minutes', amount: '', percent: '100',
  slippageBps: '', computeUnitPrice: '100000', expiry: 'never', ...over,
});

/** The desk's local orders in words, on the chart and as a request body (renderer/state/order-figures.ts, order-request.ts). */
describe('order figures', () => {
  it('reads an order price to 18 decimals exactly, and writes it as prices are written', () => {
    expect(priceE18OfText('0.000000045')).toBe(45_000_000_000n);
    expect(priceE18OfText('1')).toBe(10n ** 18n);
    expect(priceE18OfText('0.000000000000000001')).toBe(1n);
    expect(priceFieldText('54170000000')).toBe('0.00000005417');
    expect(priceFieldText('28325484606')).toBe('0.00000002833');
    expect(priceFieldText('123456789012345678901')).toBe('123.5');
    expect(orderTermsText(order({ price: '0.000000045', amount: '50000000' }))).toBe('0.5 ZEC at or below 0.0₇45');
    expect(orderTermsText(order({ kind: 'take_profit', price: '0.0000012', percent: 50 }))).toBe('50% at or above 0.0₅12');
    expect(orderTermsText(order({ kind: 'bracket', takeProfit: '0.0002', stopLoss: '0.0001', percent: 100 }))).toBe('100%: up to 0.0002 or down to 0.0001');
    expect(orderTermsText(order({ kind: 'trailing_stop', trailBps: 250, percent: 100, stopAt: '0.00039' }))).toBe('100%, 2.5% below the best (stops at 0.00039)');
    expect(orderTermsText(order({ kind: 'trailing_stop', trailBps: 250, percent: 100, stopAt: '0.00039', best: '0.0004' }))).toBe('100%, 2.5% below the best (stops at 0.00039, best 0.0004)');
    expect(orderTermsText(order({ kind: 'trailing_stop', trailBps: 1000, percent: 100 }))).toBe('100%, 10% below the best (no trade seen yet)');
    expect(orderTermsText(order({ kind: 'dca', amount: '10000000', count: 5, everySeconds: 3600, fired: 2 }))).toBe('0.1 ZEC × 5, every 1 h (2 of 5 done)');
    expect(orderTermsText(order({ kind: 'sell_on_graduation', percent: 100 }))).toBe('100% when it moves to its pool');
  });

  it('says percents and intervals in their largest whole unit', () => {
    expect(bpsPercentText(1)).toBe('0.01%');
    expect(bpsPercentText(9999)).toBe('99.99%');
    expect(everyText(90)).toBe('90s');
    expect(everyText(300)).toBe('5 min');
    expect(everyText(7_200)).toBe('2 h');
    expect(everyText(86_400)).toBe('1 d');
  });

  it("draws the lines of a coin's waiting orders only: both bracket legs, a trailing stop where it stops now, none for DCA", () => {
    const orders = [
      order({ id: 'a', price: '0.00000004' }),
      order({ id: 'b', kind: 'stop_loss', price: '0.00000003', state: 'paused' }),
      order({ id: 'c', kind: 'bracket', takeProfit: '0.0000001', stopLoss: '0.00000002' }),
      order({ id: 'd', kind: 'trailing_stop', trailBps: 1000, stopAt: '0.000000036' }),
      order({ id: 'e', kind: 'trailing_stop', trailBps: 1000 }),
      order({ id: 'f', kind: 'dca', amount: '1', count: 2, everySeconds: 60 }),
      order({ id: 'g', kind: 'limit_sell', price: '0.00000009', state: 'filled' }),
      order({ id: 'h', kind: 'limit_sell', price: '0.00000009', mint: OTHER }),
    ];
    expect(orderLines(orders, MINT).map((l) => [l.orderId, l.label, l.priceE18, l.tone, l.paused])).toEqual([
      ['a', 'Limit buy', '40000000000', 'buy', false],
      ['b', 'Stop (paused)', '30000000000', 'stop', true],
      ['c', 'Bracket TP', '100000000000', 'sell', false],
      ['c', 'Bracket stop', '20000000000', 'stop', false],
      ['d', 'Trailing stop', '36000000000', 'stop', false],
    ]);
  });

  it('puts a line at the price or at the market cap, converted as the candles are', () => {
    expect(chartLevel('40000000000', 'price', null)).toBe(chartPrice('40000000000'));
    expect(chartLevel('40000000000', 'price', 10n ** 15n)).toBe(40);
    // 4e-8 ZEC per coin × 1e9 whole coins (1e15 raw) = 40 ZEC.
    expect(chartLevel('40000000000', 'marketCap', 10n ** 15n)).toBe(40);
    expect(chartLevel('40000000000', 'marketCap', null)).toBe(40);
  });

  it('stretches the scale to lines near the candles only', () => {
    expect(levelsInReach([10, 19, 45, 81, 1_000_000], 20, 40)).toEqual([10, 19, 45]);
  });

  it("marks a fill of an order as the order's, before own and deployer marks", () => {
    const fill = order({ fills: [{ seq: 0, state: 'landed', buildId: 'b', signatures: ['sigA', 'sigB'], at: '2026-11-27T06:00:00.000Z', detail: null }] });
    const fills = fillSignatures([fill, order({})]);
    expect([...fills]).toEqual(['sigA', 'sigB']);
    const candle = { t: 100 } as CandleJson;
    const trade = (signature: string, user: string, side: 'buy' | 'sell') => ({ signature, user, side, at: 110, routed: false }) as TradeJson;
    const marks = chartMarks([trade('sigB', WALLET, 'buy'), trade('sigC', WALLET, 'sell'), trade('sigD', 'dep', 'buy')], [candle], new Set([WALLET]), 'dep', fills);
    expect(marks.map((m) => `${m.who}:${m.side}:${markText(m)}`)).toEqual(['order:buy:O·B', 'own:sell:S', 'deployer:buy:D·B']);
  });

  it('filters by state, `active` being open, filling and paused', () => {
    const orders = (['open', 'filling', 'paused', 'filled', 'cancelled', 'expired'] as const).map((state) => order({ id: state, state }));
    expect(ordersIn(orders, 'active').map((o) => o.id)).toEqual(['open', 'filling', 'paused']);
    expect(ordersIn(orders, 'filled').map((o) => o.id)).toEqual(['filled']);
    expect(ordersIn(orders, 'all')).toHaveLength(6);
  });

  it('asks each kind for its own fields', () => {
    expect(kindFields('limit_buy')).toMatchObject({ price: 'below', spends: 'amount' });
    expect(kindFields('take_profit')).toMatchObject({ price: 'above', spends: 'percent' });
    expect(kindFields('bracket')).toMatchObject({ price: null, bracket: true, spends: 'percent' });
    expect(kindFields('dca')).toMatchObject({ dca: true, spends: 'amount' });
    expect(kindFields('sell_on_graduation')).toMatchObject({ price: null, bracket: false, trail: false, dca: false, spends: 'percent' });
  });
});

describe('the order request', () => {
  const NOW = Date.parse('2026-11-27T06:00:00.000Z');

  it('sends only the fields the kind takes, decimals read exactly and written plainly', () => {
    expect(orderRequestOf(form({ price: ' 0.0000000450 ', amount: '0.5', slippageBps: '150' }), NOW)).toEqual({
      problem: null,
      body: { wallet: WALLET, mint: MINT, kind: 'limit_buy', price: '0.000000045', amount: '50000000', slippageBps: 150, computeUnitPrice: '100000' },
    });
    expect(orderRequestOf(form({ kind: 'stop_loss', price: '0.00000003', percent: '50', expiry: '1d' }), NOW).body).toEqual({
      wallet: WALLET, mint: MINT, kind: 'stop_loss', price: '0.00000003', percent: 50, computeUnitPrice: '100000', expiresAt: '2026-11-28T06:00:00.000Z',
    });
    expect(orderRequestOf(form({ kind: 'bracket', takeProfit: '0.0002', stopLoss: '0.0001' }), NOW).body).toMatchObject({ takeProfit: '0.0002', stopLoss: '0.0001', percent: 100 });
    expect(orderRequestOf(form({ kind: 'trailing_stop', trailPercent: '2.5' }), NOW).body).toMatchObject({ trailBps: 250, percent: 100 });
    expect(orderRequestOf(form({ kind: 'dca', amount: '0.1', count: '4', every: '2', everyUnit: 'hours' }), NOW).body).toMatchObject({ amount: '10000000', count: 4, everySeconds: 7200 });
    expect(orderRequestOf(form({ kind: 'sell_on_graduation', percent: '100' }), NOW).body).toEqual({ wallet: WALLET, mint: MINT, kind: 'sell_on_graduation', percent: 100, computeUnitPrice: '100000' });
  });

  it('names the field that is not a number; what a number may be is left to the server', () => {
    expect(orderRequestOf(form({ price: '4e-8', amount: '1' }), NOW).problem).toBe('price: "4e-8" is not a price in ZEC per whole coin (digits and one point, up to 18 decimals)');
    expect(orderRequestOf(form({ price: '0.0000000000000000001', amount: '1' }), NOW).problem).toMatch(/^price: /);
    expect(orderRequestOf(form({ price: '0.1', amount: '0.000000001' }), NOW).problem).toMatch(/^amount: "0.000000001" is not an amount of ZEC/);
    expect(orderRequestOf(form({ kind: 'stop_loss', price: '0.1', percent: '12.5' }), NOW).problem).toBe('percent: "12.5" is not a whole percent of the position');
    expect(orderRequestOf(form({ kind: 'trailing_stop', trailPercent: '2.555' }), NOW).problem).toMatch(/^trail: /);
    expect(orderRequestOf(form({ kind: 'dca', amount: '1', count: 'many' }), NOW).problem).toBe('count: "many" is not a whole number of buys');
    expect(orderRequestOf(form({ wallet: '' }), NOW).problem).toMatch(/^wallet: /);
    // A zero price is a number: the server refuses it, naming the field.
    expect(orderRequestOf(form({ price: '0', amount: '1' }), NOW).body).toMatchObject({ price: '0' });
  });
});
