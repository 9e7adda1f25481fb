import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRpcFacade, type RpcFacade } from '../../core/sandbox/rpc/server.js';
import { Sandbox, type SandboxOptions } from '../../core/sandbox/sandbox.js';

export interface TestSandbox {
  readonly sandbox: Sandbox;
  readonly facade: RpcFacade;
  readonly dataDir: string;
  /** Calls the facade over real HTTP. */
  rpc(method: string, params?: unknown[]): Promise<{ result?: any; error?: { code: number; message: string; data?: any } }>;
  close(options?: { keepData?: boolean }): Promise<void>;
}

export function tempDir(prefix = 'launchdesk-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** A real sandbox in a temporary data dir, with its JSON-RPC facade on a random loopback port. */
export async function startTestSandbox(options: Partial<SandboxOptions> = {}): Promise<TestSandbox> {
  const dataDir = options.dataDir ?? tempDir();
  const sandbox = await Sandbox.open({ ...options, dataDir });
  const facade = await startRpcFacade(sandbox, { port: 0 });
  return {
    sandbox,
    facade,
    dataDir,
    async rpc(method, params = []) {
      const response = await fetch(facade.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      });
      return (await response.json()) as any;
    },
    async close({ keepData = false } = {}) {
      await facade.close();
      sandbox.close();
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
