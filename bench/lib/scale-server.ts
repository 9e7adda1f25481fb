import { join } from 'node:path';
import { createApiServer, listenLocal } from '../../core/api/server.js';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import { IndexStore } from '../../core/index/store/index-store.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { serveOverIpc } from './server-memory.js';

/**
 * `scale-server.ts DIR`, a process of bench/index-scale.ts: the real /v1 server (createApiServer +
 * listenLocal on 127.0.0.1) over the cached index DIR/index.sqlite and the sandbox DIR/sandbox it was built
 * beside, both opened as they were left (no Ingestor runs, so nothing is replayed). The desk is served from
 * dist/desk. Its memory at each step of starting, and on request, go to the bench over IPC.
 */
serveOverIpc(async (stage) => {
  const dir = process.argv[2]!;
  const sandbox = await Sandbox.open({ dataDir: join(dir, 'sandbox'), slotMs: 0 });
  stage('the sandbox opened (LiteSVM, its programs and accounts)');
  const store = IndexStore.open(join(dir, 'index.sqlite'));
  stage('the index opened');
  // The rate limiter's clock: 61 s later at every request, so no anonymous read is refused; its work still runs.
  let clock = Date.now();
  const api = await createApiServer({ store, chain: new SandboxChain(sandbox.cluster), profile: sandbox.profile, now: () => (clock += 61_000) });
  return (await listenLocal(api, 0)).port;
});
