import type { Chain } from '../chain/chain.js';
import type { NetworkProfile } from '../config/profile.js';
import { readIndexRules } from './index-rules.js';
import { Ingestor, type IngestProgress } from './ingest/ingestor.js';
import { IndexStore } from './store/index-store.js';

export interface IndexService {
  readonly store: IndexStore;
  readonly ingestor: Ingestor;
  stop(): void;
}

/**
 * The index at `indexPath` following `chain`: rules read from chain and profile, backfilled, then live.
 * Used by `launchdesk index` (headless) and by the server in-process. Resolves once the backfill is in.
 */
export async function startIndex(options: {
  readonly chain: Chain;
  readonly profile: NetworkProfile;
  readonly indexPath: string;
  readonly onProgress?: (progress: IngestProgress) => void;
  readonly sweepMs?: number;
}): Promise<IndexService> {
  const rules = await readIndexRules(options.chain, options.profile);
  const store = IndexStore.open(options.indexPath);
  const ingestor = new Ingestor(options.chain, store, rules, options.onProgress, { sweepMs: options.sweepMs ?? (options.chain.kind === 'rpc' ? 10_000 : 0) });
  try {
    await ingestor.start();
  } catch (error) {
    ingestor.stop();
    store.close();
    throw error;
  }
  return {
    store,
    ingestor,
    stop() {
      ingestor.stop();
      store.close();
    },
  };
}
