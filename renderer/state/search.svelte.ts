import type { CoinJson } from '../api/api-types.js';

/** Text that could be a mint: base58 of 32 bytes. */
const MINT_TEXT = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/**
 * The coin a search names exactly, if one does: the coin with that mint, else the one coin whose ticker, or
 * else whose name, is the query (any case). Null when none, or when more than one would do.
 */
export function exactMatchOf(query: string, coins: readonly CoinJson[]): CoinJson | null {
  const text = query.trim();
  if (text === '') return null;
  const byMint = coins.find((c) => c.mint === text);
  if (byMint) return byMint;
  const lower = text.toLowerCase();
  for (const field of ['symbol', 'name'] as const) {
    const found = coins.filter((c) => c[field].toLowerCase() === lower);
    if (found.length === 1) return found[0]!;
    if (found.length > 1) return null;
  }
  return null;
}

/** The text of the top bar's search box, and the query it settles on after typing stops. */
export class SearchState {
  text = $state('');
  /** What the lists are narrowed by: `text` trimmed, once typing paused (empty: no search). */
  query = $state('');
  /**
   * The query whose exact match should open its coin page: set by a pasted mint or by Enter, for that
   * query only (typing on cancels it).
   */
  openWhenExact = $state<string | null>(null);
  private timer: ReturnType<typeof setTimeout> | null = null;

  type(text: string): void {
    this.text = text;
    if (this.openWhenExact !== null && this.openWhenExact !== text.trim()) this.openWhenExact = null;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => (this.query = text.trim().slice(0, 64)), 250);
  }

  /** A paste: a mint opens its coin as soon as the search finds it. */
  pasted(text: string): void {
    const trimmed = text.trim();
    if (MINT_TEXT.test(trimmed)) this.submit(trimmed);
  }

  /** Enter (or a pasted mint): searches now, and opens the coin the query names exactly. */
  submit(text = this.text): void {
    const query = text.trim().slice(0, 64);
    if (query === '') return;
    if (this.timer !== null) clearTimeout(this.timer);
    this.text = text;
    this.query = query;
    this.openWhenExact = query;
  }

  clear(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.text = '';
    this.query = '';
    this.openWhenExact = null;
  }
}
