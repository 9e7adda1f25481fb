import type { Blockhash } from '@solana/kit';
import type { LatestBlockhash } from '../chain/types.js';

/**
 * The recent blockhashes a transaction may name, each with the last block height at which it is still
 * accepted (LiteSVM itself keeps only its latest one), plus the SlotHashes sysvar's entries (address
 * lookup tables need a recent slot there). Newest last in the window, newest first in slot hashes.
 */
export class BlockhashWindow {
  private readonly lastValid = new Map<string, bigint>();
  private latest = '';
  private slotHashes: { slot: bigint; hash: string }[] = [];

  constructor(
    private readonly lifeBlocks: bigint,
    private readonly slotHashesKept = 150,
  ) {}

  /** A new block: its hash becomes the latest, valid through `height + lifeBlocks`; expired ones go. */
  push(hash: string, slot: bigint, height: bigint): void {
    this.latest = hash;
    this.lastValid.set(hash, height + this.lifeBlocks);
    for (const [old, until] of this.lastValid) {
      if (until >= height) break;
      this.lastValid.delete(old);
    }
    this.slotHashes.unshift({ slot, hash });
    if (this.slotHashes.length > this.slotHashesKept) this.slotHashes.length = this.slotHashesKept;
  }

  isValid(hash: string, height: bigint): boolean {
    const until = this.lastValid.get(hash);
    return until !== undefined && until >= height;
  }

  latestBlockhash(height: bigint): LatestBlockhash {
    return { blockhash: this.latest as Blockhash, lastValidBlockHeight: this.lastValid.get(this.latest) ?? height };
  }

  /** For the SlotHashes sysvar. */
  recentSlotHashes(): readonly { slot: bigint; hash: string }[] {
    return this.slotHashes;
  }

  toJSON(): { latest: string; blockhashes: [string, string][]; slotHashes: [string, string][] } {
    return {
      latest: this.latest,
      blockhashes: [...this.lastValid].map(([hash, until]) => [hash, until.toString()]),
      slotHashes: this.slotHashes.map(({ slot, hash }) => [slot.toString(), hash]),
    };
  }

  restore(saved: { latest: string; blockhashes: readonly (readonly [string, string])[]; slotHashes: readonly (readonly [string, string])[] }): void {
    this.lastValid.clear();
    for (const [hash, until] of saved.blockhashes) this.lastValid.set(hash, BigInt(until));
    this.latest = saved.latest;
    this.slotHashes = saved.slotHashes.map(([slot, hash]) => ({ slot: BigInt(slot), hash }));
  }
}
