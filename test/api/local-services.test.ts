import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalServices } from '../../core/local-services.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { tempDir } from '../helpers/sandbox.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** What the desk's main process runs: sandbox, indexer and /v1 together; a part that cannot start leaves nothing running. */
describe('local services', () => {
  it('start the sandbox, the indexer and /v1; a second copy on a taken port fails cleanly and frees its data dir', async () => {
    const [first, second] = [tempDir(), tempDir()];
    dirs.push(first, second);
    const services = await startLocalServices({ dataDir: first, rpcPort: 0, apiPort: 0 });
    try {
      expect((await fetch(`${services.apiUrl}/v1/stats`)).status).toBe(200);
      // /v1/params tells clients where the sandbox answers Solana JSON-RPC: its WebSocket on the RPC port + 1.
      const { cluster } = (await (await fetch(`${services.apiUrl}/v1/params`)).json()) as { cluster: { kind: string; rpcUrl: string; wsUrl: string } };
      const rpcPort = Number(new URL(services.facade.rpcUrl).port);
      expect(cluster).toEqual({ kind: 'sandbox', rpcUrl: `http://127.0.0.1:${rpcPort}`, wsUrl: `ws://127.0.0.1:${rpcPort + 1}` });
      const port = Number(new URL(services.apiUrl!).port);
      await expect(startLocalServices({ dataDir: second, rpcPort: 0, apiPort: port })).rejects.toThrow(/cannot start the \/v1 server: .*pass --port N/);
      // Nothing of the failed start is left: its sandbox (and lock) is closed, so the data dir opens again.
      const reopened = await Sandbox.open({ dataDir: second, slotMs: 0 });
      reopened.close();
    } finally {
      await services.close();
    }
  }, 60_000);
});
