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
 * of the scale index's, one per process: a sandbox folder is opened by one process at a time). In the hosted
 * stance behind a proxy at 127.0.0.1 (the bench's load sends each caller's address in X-Forwarded-For), so the
 * shared rate limits count many callers, as a hosted service's do.
 */
serveOverIpc(async (stage) => {
  const [dir, url] = [process.argv[2]!, process.argv[3]!];
  const sandbox = await Sandbox.open({ dataDir: join(dir, 'sandbox'), slotMs: 0 });
  stage('the sandbox opened (LiteSVM, its programs and accounts)');
  const store = await PgIndexReads.open(url);
  stage('the hosted index opened');
  // The rate limiter's clock: a second on at every reading, so none of the bench's callers (each about one
  // request in 16) nears its 60 a minute; the take's round trip still runs, and the forgetting chore once a minute.
  let clock = Date.now();
  const now = () => (clock += 1_000);
  const limiter = await PgRateLimiter.open(url, now);
  // Hosted stance, reached as 127.0.0.1 through a proxy there: each of the bench's callers is an address of its own.
  const api = await createApiServer({ store, chain: new SandboxChain(sandbox.cluster), profile: sandbox.profile, limiter, now, hosted: { hosts: ['127.0.0.1'], trustedProxies: ['127.0.0.1'] } });
  return (await listenLocal(api, 0)).port;
});
