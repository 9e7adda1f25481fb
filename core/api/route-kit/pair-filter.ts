import { stockListing, STOCK_KEYS } from '../../stocks/catalog.js';
import { invalidParam } from '../api-error.js';

/** The `quote` filter: ZEC-paired, native-paired, or stock-paired coins. */
export const QUOTES = ['zec', 'native', 'stocks'] as const;

/**
 * The list reads' pair filter as the index's pattern (spec, "stock filters"): `quote` zec, native or
 * stocks (every stock coin), `stock` one of the 44 keys exactly as written (a stock not open yet is taken
 * too), alone or with `quote=stocks`.
 */
export function pairFilterOf(quote: 'zec' | 'native' | 'stocks' | undefined, stock: string | undefined): string | null {
  if (stock !== undefined) {
    if (stockListing(stock) === null) throw invalidParam('stock', `${JSON.stringify(stock.slice(0, 32))} is not a stock key: the keys are ${STOCK_KEYS.join(', ')}`);
    if (quote !== undefined && quote !== 'stocks') throw invalidParam('stock', `a stock key goes alone or with quote=stocks, not with quote=${quote}`);
    return `stock:${stock}`;
  }
  return quote === 'stocks' ? 'stock:*' : (quote ?? null);
}
