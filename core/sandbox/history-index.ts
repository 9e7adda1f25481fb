import type { Address, Signature } from '@solana/kit';
import type { LedgerEntry } from './ledger.js';

/**
 * The in-memory index over the ledger: every landed signature (for statuses and duplicate refusal at
 * any age) and, per address, the transactions that referenced it (for getSignaturesForAddress).
 */
export class HistoryIndex {
  private readonly bySignature = new Map<string, LedgerEntry>();
  private readonly byAddress = new Map<string, LedgerEntry[]>();

  add(entry: LedgerEntry): void {
    this.bySignature.set(entry.signature, entry);
    for (const key of new Set(entry.accountKeys)) {
      let list = this.byAddress.get(key);
      if (!list) this.byAddress.set(key, (list = []));
      list.push(entry);
    }
  }

  has(signature: Signature): boolean {
    return this.bySignature.has(signature);
  }

  get(signature: Signature): LedgerEntry | undefined {
    return this.bySignature.get(signature);
  }

  /** Newest first; `before` and `until` are exclusive bounds, as the RPC method defines them. */
  forAddress(address: Address, options: { before?: string; until?: string; limit?: number } = {}): LedgerEntry[] {
    const list = this.byAddress.get(address) ?? [];
    const limit = options.limit ?? 1000;
    const out: LedgerEntry[] = [];
    let i = list.length - 1;
    if (options.before !== undefined) {
      while (i >= 0 && list[i]!.signature !== options.before) i--;
      i--;
    }
    for (; i >= 0 && out.length < limit; i--) {
      const entry = list[i]!;
      if (entry.signature === options.until) break;
      out.push(entry);
    }
    return out;
  }
}
