import type Database from 'better-sqlite3';
import { RowWriter } from './row-writer.js';

/**
 * The index's trade rows as the write path keeps them: each trade's row is added as its transaction is
 * applied, and `flush` writes the batch's rows at its end, many a statement, in the order they were added
 * (inside the batch's SQLite transaction). Nothing reads the trades table while a batch is applied.
 */
export class TradeBook {
  private readonly rows: RowWriter;

  constructor(db: Database.Database) {
    this.rows = new RowWriter(db, 'INSERT INTO trades (seq, position, signature, slot, at, mint, venue, side, user, tokens, quote, zec, creator_fee, protocol_fee, price_e18, routed)', 16);
  }

  /** A trade's row, its values in the trades table's column order (seq … price_e18, routed). */
  add(seq: bigint, position: number, signature: string, slot: bigint, at: bigint, mint: string, venue: string, side: string, user: string, tokens: bigint, quote: bigint, zec: bigint, creatorFee: bigint, protocolFee: bigint, price: bigint | string, routed: 0 | 1): void {
    this.rows.add(seq, position, signature, slot, at, mint, venue, side, user, tokens, quote, zec, creatorFee, protocolFee, price, routed);
  }

  /** Writes the batch's trades. */
  flush(): void {
    this.rows.flush();
  }

  /** Forgets a rolled-back batch's trades. */
  forget(): void {
    this.rows.forget();
  }
}
