import { join } from 'node:path';
import type { Chain } from '../chain/chain.js';
import { RpcChain } from '../chain/rpc-chain.js';
import { SandboxChain } from '../chain/sandbox-chain.js';
import { readProfile, type NetworkProfile } from '../config/profile.js';
import { readLock } from './data-lock.js';
import { Sandbox } from './sandbox.js';
import type { MarketChoice } from './genesis/steps.js';

export interface SandboxConnection {
  readonly chain: Chain;
  readonly profile: NetworkProfile;
  /** Where the chain is: in this process, or the running sandbox's JSON-RPC. */
  readonly where: string;
  close(): Promise<void>;
}

/**
 * The sandbox in `dataDir` as a Chain: when another process runs it (its lock names an RPC URL), through
 * that process's JSON-RPC and WebSocket (the facade accepts upgrades on its HTTP port); otherwise opened
 * here, in-process.
 */
export async function connectSandbox(dataDir: string, market?: MarketChoice): Promise<SandboxConnection> {
  const running = readLock(dataDir);
  if (running?.rpcUrl) {
    const chain = new RpcChain(running.rpcUrl, running.rpcUrl.replace(/^http/, 'ws'));
    return { chain, profile: readProfile(join(dataDir, 'profile.json')), where: `the running sandbox at ${running.rpcUrl}`, close: () => chain.close() };
  }
  const sandbox = await Sandbox.open({ dataDir, ...(market ? { market } : {}) });
  const chain = new SandboxChain(sandbox.cluster);
  return {
    chain,
    profile: sandbox.profile,
    where: `the sandbox in ${dataDir} (in this process)`,
    close: async () => {
      await chain.close();
      sandbox.close();
    },
  };
}
