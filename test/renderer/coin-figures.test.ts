import { describe, expect, it } from 'vitest';
import { dayWindow } from '../../renderer/state/chart-data.js';
import { liquidityText, progressOf, routeHopText } from '../../renderer/state/coin-figures.js';
import { exactMatchOf } from '../../renderer/state/search.svelte.js';
import type { CoinJson } from '../../renderer/api/api-types.js';

const COIN = 'Coin111111111111111111111111111111111111111';
const NATIVE = 'Nat1111111111111111111111111111111111111111';
const ZEC = 'Zec1111111111111111111111111111111111111111';
const POOL = 'Poo1111111111111111111111111111111111111111';

/** The desk's figures of a coin, in the words and units it shows them. */
describe('coin figures', () => {
  it('progress: a curve raised in part, complete, and a raise whose value is not known (never "about to graduate")', () => {
    expect(progressOf({ stage: 'curve', raisedSoFarZec: '25', raiseAtCompletionZec: '100' })).toBe(2_500n);
    expect(progressOf({ stage: 'pool', raisedSoFarZec: '100', raiseAtCompletionZec: '100' })).toBe(10_000n);
    expect(progressOf({ stage: 'curve', raisedSoFarZec: '0', raiseAtCompletionZec: '0' })).toBe(0n);
    expect(progressOf({ stage: 'curve', raisedSoFarZec: null, raiseAtCompletionZec: null })).toBe(0n);
  });

  it("liquidity: both sides of a graduated coin's pool at its price, and none before its pool", () => {
    const pool = (base: string, quote: string) => ({ address: POOL, base, quote });
    // 1e15 raw units at 5e8 zat per 1e16 raw units: 0.5 ZEC a side, 1 ZEC in all.
    expect(liquidityText({ reserves: { curve: null, pool: pool('1000000000000000', '50000000') }, priceZecE18: '500000000' })).toBe('1');
    expect(liquidityText({ reserves: { curve: null, pool: null }, priceZecE18: '5' })).toBe('—');
    expect(liquidityText({ reserves: { curve: null, pool: pool('1', '1') }, priceZecE18: null })).toBe('—');
  });

  it("a native route's hops named: the native-coin/ZEC pool, the coin's curve or pool, each side by its ticker", () => {
    const coin = { mint: COIN, symbol: 'HAWK', pair: { key: 'native' as const, symbol: 'NATIVE', mint: NATIVE, pool: POOL } };
    expect(routeHopText({ venue: 'pool', address: POOL, base: NATIVE, quote: ZEC }, coin, ZEC)).toEqual({ venue: 'the NATIVE/ZEC pool', sides: 'NATIVE / ZEC' });
    expect(routeHopText({ venue: 'curve', address: COIN, base: COIN, quote: NATIVE }, coin, ZEC)).toEqual({ venue: "HAWK's bonding curve", sides: 'HAWK / NATIVE' });
    expect(routeHopText({ venue: 'pool', address: 'Oth1111111111111111111111111111111111111111', base: COIN, quote: NATIVE }, coin, null)).toEqual({ venue: "HAWK's pool", sides: 'HAWK / NATIVE' });
  });

  it('a daily chart spans two weeks at least, every day from the first to the last', () => {
    expect(dayWindow(['2026-11-27'], 3)).toEqual(['2026-11-25', '2026-11-26', '2026-11-27']);
    expect(dayWindow(['2026-11-27', '2026-10-30'], 3)).toHaveLength(29);
    expect(dayWindow([], 14)).toEqual([]);
  });

  it('the search names a coin exactly by its mint, or by the one ticker or name that is the query', () => {
    const coin = (mint: string, symbol: string, name: string) => ({ mint, symbol, name }) as CoinJson;
    const coins = [coin(COIN, 'BETA', 'Beta Moon'), coin(NATIVE, 'MOON', 'Moon Two'), coin(ZEC, 'MOON', 'Another')];
    expect(exactMatchOf(` ${COIN} `, coins)?.mint).toBe(COIN);
    expect(exactMatchOf('beta', coins)?.mint).toBe(COIN);
    expect(exactMatchOf('moon', coins)).toBeNull(); // two coins are MOON
    expect(exactMatchOf('beta moon', coins)?.mint).toBe(COIN);
    expect(exactMatchOf('bet', coins)).toBeNull();
  });
});
