import type { IngestProgress } from '../index/ingest/ingestor.js';
import type { MarketChoice } from '../sandbox/genesis/steps.js';
import { spanText } from '../types/span-text.js';

/**
 * Progress lines for the long waits (a backfill, seeding a new sandbox's market): rewritten in place on a
 * terminal, one line per step of 10% elsewhere, so a log or a pipe gets a few lines and not thousands.
 */

function decileWriter(out: NodeJS.WriteStream): (text: string, done: number, total: number) => void {
  let lastDecile = -1;
  return (text, done, total) => {
    if (out.isTTY) out.write(`\r\x1b[K${text}${done === total ? '\n' : ''}`);
    else {
      const decile = Math.floor((done * 10) / total);
      if (decile !== lastDecile) out.write(`${text}\n`);
      lastDecile = decile;
    }
  };
}

/** The indexer's backfill, and its reconnections. */
export function progressPrinter(out: NodeJS.WriteStream): (progress: IngestProgress) => void {
  const write = decileWriter(out);
  let listedLine = -1;
  return (p) => {
    if (p.phase === 'reconnecting') {
      out.write(`${out.isTTY ? '\r\x1b[K' : ''}reconnecting: ${p.reason ?? 'the subscription dropped'}\n`);
      return;
    }
    if (p.phase === 'listing') {
      // Rewritten in place on a terminal; in a log, the first page's line, then one per 100,000 found.
      const text = `reading the history: ${p.done} transactions found so far`;
      const hundredThousands = Math.floor(p.done / 100_000);
      if (out.isTTY) out.write(`\r\x1b[K${text}`);
      else if (hundredThousands !== listedLine) out.write(`${text}\n`);
      listedLine = hundredThousands;
      return;
    }
    listedLine = -1;
    if (p.phase !== 'backfill' || p.total === 0) return;
    const left = p.secondsLeft === undefined ? '' : `, about ${spanText(p.secondsLeft * 1000)} left`;
    write(`backfill ${p.done}/${p.total} transactions (${Math.floor((p.done * 100) / p.total)}%${left})`, p.done, p.total);
  };
}

/**
 * The CLI's market for a new sandbox: seeded unless `--empty`, with a progress line while it plants and
 * trades (a few seconds, once per data directory).
 */
export function marketChoice(empty: boolean | undefined, out: NodeJS.WriteStream = process.stdout): MarketChoice {
  if (empty) return { state: 'empty' };
  const write = decileWriter(out);
  return { state: 'seeded', onProgress: (done, total) => write(`seeding the market: ${done}/${total} transactions`, done, total) };
}
