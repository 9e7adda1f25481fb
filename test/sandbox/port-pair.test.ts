import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listenOnAdjacentPorts } from '../../core/sandbox/rpc/port-pair.js';

const HOST = '127.0.0.1';
const opened: Server[] = [];

function server(): Server {
  const s = createServer((_req, res) => res.end('ok'));
  opened.push(s);
  return s;
}

async function listening(port: number): Promise<Server> {
  const s = server();
  await new Promise<void>((resolve, reject) => s.once('error', reject).listen(port, HOST, () => resolve()));
  return s;
}

const portOf = (s: Server): number => (s.address() as AddressInfo).port;

afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => new Promise<void>((resolve) => (s.listening ? s.close(() => resolve()) : resolve()))));
});

describe('the RPC and WebSocket port pair', () => {
  it('puts the WebSocket on the RPC port + 1 when any free port is asked for', async () => {
    for (let i = 0; i < 5; i++) {
      const { httpPort, wsPort } = await listenOnAdjacentPorts(server(), server(), 0, HOST);
      expect(wsPort).toBe(httpPort + 1);
    }
  });

  it('gives back a picked port whose neighbour is taken and tries another', async () => {
    // A port P with P + 1 taken by someone else; the first "system pick" is made to be P.
    const blocker = await listening(0);
    const taken = portOf(blocker);
    const picked = taken - 1;
    const http = server();
    let picks = 0;
    const listen = http.listen.bind(http) as (...args: unknown[]) => Server;
    (http as { listen: (...args: unknown[]) => Server }).listen = (port: unknown, ...rest: unknown[]) => listen(picks++ === 0 && port === 0 ? picked : port, ...rest);
    const { httpPort, wsPort } = await listenOnAdjacentPorts(http, server(), 0, HOST);
    expect(picks).toBeGreaterThanOrEqual(2);
    expect(httpPort).not.toBe(picked);
    expect(wsPort).toBe(httpPort + 1);
  });

  it('refuses an asked-for port whose neighbour is taken, naming the WebSocket port', async () => {
    // The port below an ephemeral one can be another process's (the suite runs files side by side): then the RPC
    // port itself is refused, which is not this case, and another blocker is taken.
    for (let attempt = 1; ; attempt++) {
      const blocker = await listening(0);
      const asked = portOf(blocker) - 1;
      const http = server();
      const refusal = await listenOnAdjacentPorts(http, server(), asked, HOST).then(
        () => null,
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );
      if (refusal !== null && refusal.includes(`EADDRINUSE: address already in use ${HOST}:${asked}`) && attempt < 10) continue;
      expect(refusal).toContain(`cannot listen for the WebSocket on port ${asked + 1} (the RPC port + 1)`);
      expect(http.listening).toBe(false);
      return;
    }
  });
});
