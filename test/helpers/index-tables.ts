import Database from 'better-sqlite3';
import { readPrice } from '../../core/index/store/price-column.js';
import { TABLES } from '../../core/index/store/schema.js';
import type { Pg } from '../../core/storage/postgres/pg-connection.js';

/** Columns holding exact prices: INTEGER or zero-padded TEXT in SQLite, NUMERIC in PostgreSQL (price-column.ts). */
const PRICES = new Set(['last_price_e18', 'price_e18', 'open', 'high', 'low', 'close']);

/**
 * The index's arrival order (seq, and the candles' open and close seq): the same chain read in another order (a
 * writer killed and another resuming) numbers its transactions otherwise and holds the same index.
 */
const ARRIVAL = new Set(['seq', 'open_seq', 'close_seq']);
/**
 * The trending score is a float folded trade by trade in the order applied: read in another order its last
 * digits differ (4464.509495269994 against …993). Compared to 12 significant digits when arrival is set aside.
 */
const FOLDED_FLOATS = new Set(['trend']);

/** A table's rows in one order on both stores, each value as the index reads it; `arrival` false leaves out the arrival numbers. */
function normalise(rows: Record<string, unknown>[], arrival = true): string[] {
  return rows
    .map((row) => JSON.stringify(Object.fromEntries(Object.entries(row).filter(([k]) => arrival || !ARRIVAL.has(k)).map(([k, v]) => [k, PRICES.has(k) && v !== null ? `${readPrice(v)}` : typeof v === 'bigint' ? `${v}` : !arrival && FOLDED_FLOATS.has(k) && typeof v === 'number' ? Number(v.toPrecision(12)) : v]))))
    .sort();
}

/** The writer's own bookkeeping (ship_batch) is not the index's. */
const withoutBookkeeping = (tables: Record<string, string[]>): Record<string, string[]> => ({ ...tables, meta: tables.meta!.filter((row) => !row.includes('ship_batch')) });

/** Every index table's rows in PostgreSQL, normalised for comparing with SQLite. */
export async function hostedTables(pg: Pg, options: { readonly arrival?: boolean } = {}): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of TABLES) out[table] = normalise((await pg.unsafe(`SELECT * FROM ${table}`)) as Record<string, unknown>[], options.arrival);
  return withoutBookkeeping(out);
}

/** Every index table's rows in an SQLite index file, normalised for comparing with PostgreSQL. */
export function fileTables(path: string, options: { readonly arrival?: boolean } = {}): Record<string, string[]> {
  const db = new Database(path, { readonly: true });
  try {
    db.defaultSafeIntegers(true);
    const out: Record<string, string[]> = {};
    for (const table of TABLES) out[table] = normalise(db.prepare(`SELECT * FROM ${table}`).all() as Record<string, unknown>[], options.arrival);
    return withoutBookkeeping(out);
  } finally {
    db.close();
  }
}
