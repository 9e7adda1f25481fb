import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import { Ingestor } from '../../core/index/ingest/ingestor.js';
import { IndexStore } from '../../core/index/store/index-store.js';
import type { Sandbox } from '../../core/sandbox/sandbox.js';
import { rulesOf } from './rules.js';

/** The sandbox's chain read in one pass by an embedded index into a file at `path` (closed after): what a hosted index must equal. */
export async function indexChainOnce(sandbox: Sandbox, path: string): Promise<void> {
  const store = IndexStore.open(path);
  const ingestor = new Ingestor(new SandboxChain(sandbox.cluster), store, rulesOf(sandbox));
  try {
    await ingestor.start();
    await ingestor.idle();
    await ingestor.lookupFunders();
  } finally {
    ingestor.stop();
    store.close();
  }
}
