import { describe, expect, it } from 'vitest';
import { progressPrinter } from '../../core/cli/progress-lines.js';

/** A pipe or a log (not a terminal): what the CLI writes there, line by line. */
function logStream(): { out: NodeJS.WriteStream; lines: () => string[] } {
  let text = '';
  const out = { isTTY: false, write: (chunk: string) => ((text += chunk), true) } as unknown as NodeJS.WriteStream;
  return { out, lines: () => text.split('\n').filter((line) => line !== '') };
}

describe('CLI: the backfill\'s progress lines', () => {
  it('in a log: a line per 100,000 found while reading the history, then one per tenth applied with the time left', () => {
    const { out, lines } = logStream();
    const print = progressPrinter(out);
    for (let found = 1_000; found <= 250_000; found += 1_000) print({ phase: 'listing', done: found, total: 0 });
    print({ phase: 'backfill', done: 0, total: 400_000 });
    print({ phase: 'backfill', done: 40_000, total: 400_000, secondsLeft: 7_500 });
    print({ phase: 'backfill', done: 40_200, total: 400_000, secondsLeft: 7_480 });
    print({ phase: 'backfill', done: 400_000, total: 400_000 });
    expect(lines()).toEqual([
      'reading the history: 1000 transactions found so far',
      'reading the history: 100000 transactions found so far',
      'reading the history: 200000 transactions found so far',
      'backfill 0/400000 transactions (0%)',
      'backfill 40000/400000 transactions (10%, about 2 h 5 min left)',
      'backfill 400000/400000 transactions (100%)',
    ]);
  });
});
