import { Ledger } from '../../core/sandbox/ledger.js';
import { madeUpTransaction } from './ledger-records.js';

/**
 * The kill -9 child of ledger-prune.test.ts: opens the ledger at argv[2], then forever appends made-up
 * transactions and prunes to the last `keep` (argv[3]), printing `kept <count> <signature of the newest>`
 * after each flush; the test kills it at random moments.
 */
const ledger = Ledger.open(process.argv[2]!);
const keep = Number(process.argv[3]);
for (let n = ledger.transactionCount; ; n++) {
  const { tx, keys } = madeUpTransaction(n);
  ledger.append(tx, keys);
  if (n % 40 === 39) {
    ledger.flush();
    process.stdout.write(`kept ${ledger.transactionCount} ${tx.signature}\n`);
    ledger.prune(keep, 1n << 40n);
  }
}
