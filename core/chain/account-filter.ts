import type { AccountFilter, ChainAccount } from './types.js';

/** getProgramAccounts' filter semantics: every filter must hold (dataSize exact, memcmp bytes at offset). */
export function matchesFilters(account: ChainAccount, filters: readonly AccountFilter[]): boolean {
  return filters.every((filter) => {
    if ('dataSize' in filter) return BigInt(account.data.length) === filter.dataSize;
    const offset = Number(filter.memcmp.offset);
    const bytes = filter.memcmp.bytes;
    if (offset + bytes.length > account.data.length) return false;
    for (let i = 0; i < bytes.length; i++) if (account.data[offset + i] !== bytes[i]) return false;
    return true;
  });
}
