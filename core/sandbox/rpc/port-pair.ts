import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A validator's PubSub WebSocket listens on its RPC port + 1, and clients count on it: web3.js v1's
 * `Connection` derives its WebSocket URL that way and, when nothing answers there, `confirmTransaction`
 * retries for 30 s before failing. So the pair stays adjacent even when any free port will do.
 */

/** How many system-picked RPC ports are tried (each given back when its neighbour is taken) before giving up. */
const PAIR_ATTEMPTS = 32;

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function stopListening(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

function taken(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'EADDRINUSE' || code === 'EACCES';
}

/**
 * Listens `http` on `port` and `ws` on the port after it. With `port` 0 the system picks the RPC port,
 * and a pick whose neighbour is taken is given back and another one tried.
 */
export async function listenOnAdjacentPorts(http: Server, ws: Server, port: number, host: string): Promise<{ httpPort: number; wsPort: number }> {
  for (let attempt = 1; ; attempt++) {
    const httpPort = await listen(http, port, host);
    if (httpPort < 65535) {
      try {
        return { httpPort, wsPort: await listen(ws, httpPort + 1, host) };
      } catch (error) {
        await stopListening(http);
        if (port !== 0 || !taken(error)) throw new Error(`cannot listen for the WebSocket on port ${httpPort + 1} (the RPC port + 1): ${(error as Error).message}`);
      }
    } else await stopListening(http);
    if (port !== 0 || attempt >= PAIR_ATTEMPTS) {
      throw new Error(`found no free pair of adjacent ports for the RPC (N) and its WebSocket (N + 1) after ${attempt} tries`);
    }
  }
}
