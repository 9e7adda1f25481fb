import type { Pg } from '../../../storage/postgres/pg-connection.js';
import type { IndexStore } from '../index-store.js';
import { I64_MAX, PRICE_COLUMNS, storedPrice } from '../price-column.js';
import { TABLES } from '../schema.js';

/** Rows read per round trip while copying. */
const CHUNK = 2_000;

/**
 * A standby's file made from the hosted index's tables when the log no longer reaches back to it (the writer
 * prunes old batches, index-shipper.ts; or the file is new and the log long): every table read in one
 * REPEATABLE READ transaction, so the rows and the log's last batch are one moment of the hosted index, and
 * written into the file in one SQLite transaction (IndexStore.restore). The log's batches after that one follow
 * as usual. Answers the batch the file now holds.
 *
 * Values come back as SQLite keeps them: prices as storedPrice gives them (an INTEGER, or padded TEXT past
 * 2^63), every other integer as an INTEGER.
 */
export async function copyHostedIndex(pg: Pg, store: IndexStore): Promise<bigint> {
  return (await pg.begin('ISOLATION LEVEL REPEATABLE READ READ ONLY', async (tx) => {
    const [last] = await tx.unsafe('SELECT COALESCE(MAX(batch), 0) AS batch FROM index_log');
    const batch = last!.batch as bigint;
    await store.restore(batch, async (put) => {
      for (const table of TABLES) {
        // The hosted index's own schema version is its own, as the file's is.
        const rows = tx.unsafe(`SELECT * FROM ${table}${table === 'meta' ? " WHERE key <> 'schema'" : ''}`).cursor(CHUNK);
        for await (const chunk of rows) {
          if (chunk.length === 0) continue;
          const columns = Object.keys(chunk[0]!);
          put(table, columns, chunk.map((row) => columns.map((column) => sqliteValue(table, column, row[column]))));
        }
      }
    });
    return batch;
  })) as bigint;
}

function sqliteValue(table: string, column: string, value: unknown): unknown {
  if (typeof value !== 'bigint') return value;
  if (PRICE_COLUMNS.has(column)) return storedPrice(value);
  if (value > I64_MAX || value < -I64_MAX - 1n) throw new RangeError(`${table}.${column} holds ${value}, past what SQLite keeps as an integer`);
  return value;
}
