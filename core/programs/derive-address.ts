import { getProgramDerivedAddress, type Address, type ReadonlyUint8Array } from '@solana/kit';

/**
 * Program-derived addresses, memoised. Derivation is pure and costs a SHA-256 and a curve check per bump
 * tried, and one trade derives a dozen or more addresses that mostly repeat (global configs, event
 * authorities, fee configs, a coin's curve and pools), so answers are kept (bounded).
 */
const MEMO_LIMIT = 4096;
const memo = new Map<string, Promise<Address>>();

export function derivePda(program: Address, seeds: readonly (string | ReadonlyUint8Array)[]): Promise<Address> {
  const key = `${program}|${seeds.map((s) => (typeof s === 'string' ? s : Array.from(s).join(','))).join('|')}`;
  let found = memo.get(key);
  if (!found) {
    if (memo.size >= MEMO_LIMIT) memo.clear();
    found = getProgramDerivedAddress({ programAddress: program, seeds: [...seeds] }).then(([address]) => address);
    memo.set(key, found);
    // A failed derivation is not remembered.
    found.catch(() => memo.delete(key));
  }
  return found;
}
