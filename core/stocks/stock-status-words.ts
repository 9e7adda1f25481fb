import type { ClosedReason } from './issuer-status.js';

/**
 * The issuer status in the desk's plain words: why a stock takes no new money, what its issuer controls
 * are, and what each change or notice is about, with the addresses in them shortened for reading (the
 * full value stays beside them to copy). Browser-safe: the desk's Stocks page, its alerts and their
 * notifications all word a record from here, never in markup.
 */

const CLOSED_WORDS: Readonly<Record<ClosedReason, string>> = Object.freeze({
  'stocks-off': 'not open yet',
  'stock-switch-off': 'not open yet',
  'issuer-changed': 'paused: issuer controls changed',
  review: 'held for review',
});

/** Whether new money can go in, in words: "open", or why not. */
export function tradingText(closed: { readonly reason: ClosedReason } | null): string {
  return closed === null ? 'open' : CLOSED_WORDS[closed.reason];
}

/** While the issuer status cannot be read every stock is treated as paused, whatever it was last read as. */
export const UNREADABLE_TRADING_TEXT = 'paused: status cannot be read';

/** The record's `status` in words: its issuer controls as reviewed, or changed. */
export const controlsText = (status: 'unchanged' | 'changed'): string => (status === 'changed' ? 'changed' : 'as reviewed');

/** Base58 of 32 bytes (an address), as it appears inside a `what` or a value. */
const ADDRESS = /[1-9A-HJ-NP-Za-km-z]{32,44}/g;

/** An address shortened to its first and last four characters. */
export const shortAddressText = (address: string): string => `${address.slice(0, 4)}…${address.slice(-4)}`;

/** A piece of a value or a `what`: plain text, or an address to show shortened with its full value at hand. */
export type TextSegment = { readonly text: string; readonly address: null } | { readonly text: string; readonly address: string };

/** Splits text around the addresses in it: "wallet 7xKX…Qe9 threshold" as text, address, text. */
export function textSegments(text: string): TextSegment[] {
  const out: TextSegment[] = [];
  let at = 0;
  for (const match of text.matchAll(ADDRESS)) {
    if (match.index > at) out.push({ text: text.slice(at, match.index), address: null });
    out.push({ text: shortAddressText(match[0]), address: match[0] });
    at = match.index + match[0].length;
  }
  if (at < text.length) out.push({ text: text.slice(at), address: null });
  return out;
}

/** Text with every address in it shortened (for a title or a notification, where nothing can be copied). */
export const shortenAddresses = (text: string): string => text.replace(ADDRESS, shortAddressText);

/** What a change or notice is about, where the spec's `what` is not already plain. */
const WHAT_WORDS: Readonly<Record<string, string>> = Object.freeze({
  paused: "the issuer's own pause",
  'scaled UI multiplier': 'share multiplier',
  'scaled UI multiplier step': 'normal share multiplier step scheduled',
});

/** A change's or notice's subject as a heading: "Mint authority", "Multisig 7xKX…9fQe threshold". */
export function differenceLabel(what: string): string {
  const words = WHAT_WORDS[what] ?? what;
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Names in a sentence: "a", "a and b", "a, b and c". */
export function listText(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The changed `what`s in a title: "mint authority and freeze authority", addresses shortened. */
export const whatsText = (whats: readonly string[]): string => listText(whats.map((what) => shortenAddresses(WHAT_WORDS[what] ?? what)));

/**
 * A stock coin's trading state in words (spec, "Stock pair openness": selling is always open). This
 * server builds no trades of stock coins (the spec's builds have no stock route), which the desk says too.
 */
export function stockCoinTradingLines(symbol: string, closed: { readonly reason: ClosedReason } | null): { readonly state: string; readonly lines: readonly string[] } {
  const routeLine = `Trades of coins paired with ${symbol} are not built by this server (the API has no stock route): trade it on the launchpad itself.`;
  if (closed === null) return { state: 'open', lines: [`New money can go into ${symbol} pairs now.`, routeLine] };
  return { state: `sell-only: ${CLOSED_WORDS[closed.reason]}`, lines: [`No new buys or pairs in ${symbol} for now (${CLOSED_WORDS[closed.reason]}); selling stays open.`, routeLine] };
}

/** A stock pair's state as its badge, its sentences and its pause notice show it, all from one record. */
export interface StockPairStatus {
  readonly open: boolean;
  /** "open", or "sell-only: …" with the reason. */
  readonly state: string;
  /** The badge's short word: "open", "sell-only" or "paused". */
  readonly badge: string;
  readonly lines: readonly string[];
  /** The issuer status's pause notice, when paused. */
  readonly paused: string | null;
}

/**
 * The one reading of a stock pair: the issuer-status record when the desk holds one (the newest read), else
 * the coin's own pair block; while the status cannot be read, paused whatever was read last. Badge,
 * sentences and notice all come from it, so a paused stock never reads "open" beside its pause.
 */
export function stockPairStatus(
  symbol: string,
  record: { readonly closed: { readonly reason: ClosedReason } | null; readonly paused: string | null },
  unreadable: boolean,
): StockPairStatus {
  if (unreadable) {
    return {
      open: false,
      state: `sell-only: ${UNREADABLE_TRADING_TEXT}`,
      badge: 'paused',
      lines: [`No new buys or pairs in ${symbol} while the issuer status cannot be read; selling stays open.`, stockCoinTradingLines(symbol, null).lines[1]!],
      paused: record.paused,
    };
  }
  const { state, lines } = stockCoinTradingLines(symbol, record.closed);
  const badge = record.closed === null ? 'open' : record.closed.reason === 'issuer-changed' ? 'paused' : 'sell-only';
  return { open: record.closed === null, state, badge, lines, paused: record.closed === null ? null : record.paused };
}
