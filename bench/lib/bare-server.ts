import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { serveOverIpc } from './server-memory.js';

/**
 * `bare-server.ts COIN_FILE LIST_FILE`, the peer process of bench/index-scale.ts: a bare Fastify instance
 * with two GET routes answering a real coin detail and a real list page of the /v1 server as fixed objects
 * (no schema, hook or rate limiter), started with the same flags as the real server's process.
 */
serveOverIpc(async () => {
  const coin = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as unknown;
  const list = JSON.parse(readFileSync(process.argv[3]!, 'utf8')) as unknown;
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => coin);
  bare.get('/bare-list', async () => list);
  await bare.listen({ host: '127.0.0.1', port: 0 });
  return (bare.server.address() as { port: number }).port;
});
