import type { Address, Signature } from '@solana/kit';
import type { Chain } from '../../chain/chain.js';
import type { SignatureInfo, Unsubscribe } from '../../chain/types.js';
import type { IndexStore } from '../store/index-store.js';
import { factsOf } from './facts.js';
import type { PlantingRules } from './planting.js';
import { viewTransaction } from './transaction-view.js';

/** How far a backfill is: transactions applied of those found so far (for the desk's bar and the CLI's line). */
export interface IngestProgress {
  readonly phase: 'backfill' | 'live';
  readonly done: number;
  readonly total: number;
}

const PAGE = 1_000;
const BATCH = 200;

/**
 * Follows a Chain into the index: first a backfill of everything the programs did since the index's
 * last transaction (getSignaturesForAddress per program, merged oldest first, then getTransaction),
 * then live from the programs' logs, each signature fetched and applied in arrival order. Applying is
 * idempotent (the store skips a signature it holds), so a restart after a crash at any point resumes
 * with nothing lost and nothing twice. A gap after a disconnect is filled by running the backfill again.
 */
export class Ingestor {
  private readonly unsubscribes: Unsubscribe[] = [];
  private queue: Promise<void> = Promise.resolve();
  private failure: Error | null = null;

  constructor(
    private readonly chain: Chain,
    private readonly store: IndexStore,
    private readonly rules: PlantingRules,
    private readonly onProgress: (progress: IngestProgress) => void = () => {},
  ) {}

  private get programs(): readonly Address[] {
    return [this.rules.launchpad, this.rules.amm, this.rules.vault];
  }

  /** Backfills, then follows live. Resolves once the backfill is applied. */
  async start(): Promise<void> {
    const { nativeMint, nativeSymbol, nativePool } = this.rules;
    this.store.registerNativeCoin({ mint: nativeMint, symbol: nativeSymbol, name: nativeSymbol, pool: nativePool });
    // Subscribe first: what lands during the backfill is queued and applied after it (skipped when the backfill had it).
    const pending: Signature[] = [];
    let live = false;
    for (const program of this.programs) {
      this.unsubscribes.push(
        this.chain.onLogs({ mentions: program }, (notice) => {
          if (notice.err !== null) return;
          if (!live) pending.push(notice.signature);
          else this.enqueue([notice.signature]);
        }, 'confirmed'),
      );
    }
    await this.backfill();
    live = true;
    this.enqueue(pending);
    await this.idle();
  }

  /** Everything the programs did after the index's last transaction, oldest first. */
  async backfill(): Promise<number> {
    const found = new Map<Signature, { slot: bigint; order: number }>();
    for (const program of this.programs) {
      let before: Signature | undefined;
      let order = 0;
      for (;;) {
        const page: SignatureInfo[] = await this.chain.getSignaturesForAddress(program, { before, limit: PAGE });
        let reachedIndex = false;
        for (const info of page) {
          if (this.store.hasProcessed(info.signature)) {
            reachedIndex = true;
            break;
          }
          order += 1;
          // Only what is confirmed: a processed one is announced by the logs subscription once it is.
          if (info.err === null && info.confirmationStatus !== 'processed' && !found.has(info.signature)) found.set(info.signature, { slot: info.slot, order });
        }
        if (reachedIndex || page.length < PAGE) break;
        before = page[page.length - 1]!.signature;
      }
    }
    // Oldest first: by slot, then by each list's own order (newest first within it, so reversed).
    const ordered = [...found.entries()].sort((a, b) => (a[1].slot === b[1].slot ? b[1].order - a[1].order : a[1].slot < b[1].slot ? -1 : 1)).map(([s]) => s);
    let done = 0;
    this.onProgress({ phase: 'backfill', done, total: ordered.length });
    for (let i = 0; i < ordered.length; i += BATCH) {
      const slice = ordered.slice(i, i + BATCH);
      await this.applySignatures(slice);
      done += slice.length;
      this.onProgress({ phase: 'backfill', done, total: ordered.length });
    }
    return ordered.length;
  }

  private enqueue(signatures: readonly Signature[]): void {
    if (signatures.length === 0) return;
    this.queue = this.queue.then(() => this.applySignatures(signatures)).catch((error: unknown) => {
      this.failure = error instanceof Error ? error : new Error(String(error));
    });
  }

  private async applySignatures(signatures: readonly Signature[]): Promise<void> {
    const batch = [];
    for (const signature of signatures) {
      if (this.store.hasProcessed(signature)) continue;
      const tx = await this.chain.getTransaction(signature, 'confirmed');
      if (!tx) throw new Error(`the chain announced ${signature} but does not return it`);
      batch.push(await factsOf(viewTransaction(tx), this.rules));
    }
    if (batch.length > 0) this.store.applyAll(batch);
  }

  /** Resolves once everything announced so far is applied; throws what stopped ingestion, if anything did. */
  async idle(): Promise<void> {
    await this.queue;
    if (this.failure) throw this.failure;
  }

  stop(): void {
    for (const unsubscribe of this.unsubscribes.splice(0)) unsubscribe();
  }
}
