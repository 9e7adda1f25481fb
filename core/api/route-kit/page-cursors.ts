import type { TradeCursor } from '../../index/store/index-queries.js';
import { invalidParam } from '../api-error.js';

/** Pages of lists whose order moves (coins): the offset, as an opaque decimal string. */
export function offsetOf(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  if (!/^(0|[1-9][0-9]{0,8})$/.test(cursor)) throw invalidParam('cursor', 'not a cursor of this list (pass the `next` of the previous page)');
  return Number(cursor);
}

export const nextOffset = (offset: number, limit: number, got: number): string | null => (got < limit ? null : String(offset + limit));

/** Pages of trades: the last row's (slot, seq, position), newest first. */
export function tradeCursorOf(cursor: string | undefined): TradeCursor | null {
  if (cursor === undefined) return null;
  const m = /^([0-9]{1,15})\.([0-9]{1,15})\.([0-9]{1,4})$/.exec(cursor); // all within SQLite's 64-bit integers
  if (!m) throw invalidParam('cursor', 'not a cursor of this list (pass the `next` of the previous page)');
  return { slot: BigInt(m[1]!), seq: BigInt(m[2]!), position: BigInt(m[3]!) };
}

export const tradeCursorText = (c: TradeCursor | null, limit: number, got: number): string | null =>
  c === null || got < limit ? null : `${c.slot}.${c.seq}.${c.position}`;
