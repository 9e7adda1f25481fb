import { describe, expect, it } from 'vitest';
import { pairRange } from '../../core/index/store/index-queries.js';

/** The pair filters of the trades read as ranges of the pair column: what each range holds, in byte order. */
describe('a pair filter as a range of pairs', () => {
  const pairs = ['native', 'native2', 'stock:', 'stock:aaplx', 'stock:nvdax', 'stock;', 'stocks', 'zec', 'zecx'];
  const within = (pattern: string) => {
    const { from, to } = pairRange(pattern);
    return pairs.filter((pair) => pair >= from && pair < to);
  };
  it('holds exactly the pair named, or every pair of a prefix', () => {
    expect(within('native')).toEqual(['native']);
    expect(within('zec')).toEqual(['zec']);
    expect(within('stock:nvdax')).toEqual(['stock:nvdax']);
    expect(within('stock:*')).toEqual(['stock:', 'stock:aaplx', 'stock:nvdax']);
  });
});
