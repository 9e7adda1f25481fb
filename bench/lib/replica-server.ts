import { join } from 'node:path';
import { createApiServer, listenLocal } from '../../core/api/server.js';
import { PgRateLimiter } from '../../core/api/store/pg-rate-limiter.js';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import { PgIndexReads } from '../../core/index/store/postgres/pg-index-reads.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { serveOverIpc } from './server-memory.js';

/**
 * `replica-server.ts DIR URL`, a process of bench/hosted.ts: a hosted /v1 replica as `launchdesk api --index URL`
 * makes it (the index read from PostgreSQL at URL, the rate limits kept there), over the sandbox in DIR (a copy
 * of the scale index's, one per process: a sandbox folder is opened by one process at a time). Loopback stance,
 * as scale-server.ts's, so the two answer the same requests.
 */
serveOverIpc(async (stage) => {
  const [dir, url] = [process.argv[2]!, process.argv[3]!];
  const sandbox = await Sandbox.open({ dataDir: join(dir, 'sandbox'), slotMs: 0 });
  stage('the sandbox opened (LiteSVM, its programs and accounts)');
  const store = await PgIndexReads.open(url);
  stage('the hosted index opened');
  // The rate limiter's clock: 61 s later at every request, so no read is refused; its round trip still runs.
  let clock = Date.now();
  const now = () => (clock += 61_000);
  const limiter = await PgRateLimiter.open(url, now);
  const api = await createApiServer({ store, chain: new SandboxChain(sandbox.cluster), profile: sandbox.profile, limiter, now });
  return (await listenLocal(api, 0)).port;
});
